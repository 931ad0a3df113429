// The fast-path hook of linear evaluation. The generic LinearEval (linear_eval.hpp) asks a feature
// set for a sparse vector and sums doubles: exact and game-agnostic, but a pattern set with
// ~90 table look-ups pays for the vector. A feature set may therefore offer its own evaluator
// built from the same phase-major weights (FeatureSet::make_specialised_eval); Engine<G> uses
// it when offered and LinearEval otherwise, so core never names a game and sets without one
// (Othello classic, Blokus Duo) run unchanged. The tuner keeps the exact double path.
#pragma once

namespace arena::core {

/// A feature set's own evaluator for fixed weights: the same linear sum as LinearEval, computed
/// the set's fastest way. It may round weights to its storage (e.g. 16-bit integers), so it
/// equals LinearEval exactly for integer weights within that storage's range. Immutable and
/// thread-safe: evaluate may be called from many threads at once.
template <class Position>
class SpecialisedEval {
 public:
  virtual ~SpecialisedEval() = default;
  /// The evaluation of p: centi-units from the side to move's view (not clamped).
  [[nodiscard]] virtual int evaluate(const Position& p) const = 0;
};

}  // namespace arena::core
