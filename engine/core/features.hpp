// Feature sets for linear evaluation. A feature set is declared once (name, version, feature
// names, phases) and shared by the engine and the tuner, so both compute the same vector.
//
// Features are sparse: a position yields (index, value) pairs, which covers both small dense
// sets (Othello "classic": a few dozen numbers) and pattern tables (one index per pattern
// instance, value 1). Values are always from the SIDE TO MOVE's view; the evaluation is
// sum_i w[phase][index_i] * value_i, in centi-units of the game's score (centi-discs,
// centi-squares).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/specialised_eval.hpp"

namespace arena::core {

/// One non-zero feature: its index in [0, num_features) and its value.
struct FeatureValue {
  std::uint32_t index;
  float value;
};

/// The features of one position (reused between calls to avoid allocation).
using SparseFeatures = std::vector<FeatureValue>;

/// A declared feature set for positions of type Position. Implementations are immutable and
/// thread-safe (extract may be called from many threads at once).
template <class Position>
class FeatureSet {
 public:
  virtual ~FeatureSet() = default;
  /// The set's name as written in configs (`features = classic`).
  [[nodiscard]] virtual std::string name() const = 0;
  /// A hash of the declaration (names, squares, phases, version); weights files record it and
  /// the engine refuses a mismatch.
  [[nodiscard]] virtual std::uint64_t declaration_hash() const = 0;
  /// Number of weights per phase.
  [[nodiscard]] virtual int num_features() const = 0;
  /// Number of phases (separate weight vectors).
  [[nodiscard]] virtual int num_phases() const = 0;
  /// Name of feature i (config keys in [weights] use these names for small sets).
  [[nodiscard]] virtual std::string feature_name(int i) const = 0;
  /// The phase of a position, in [0, num_phases).
  [[nodiscard]] virtual int phase(const Position& p) const = 0;
  /// Appends the non-zero features of p (side to move's view) to out (not cleared first).
  virtual void extract(const Position& p, SparseFeatures& out) const = 0;
  /// Whether weights come from a side file (`weights_file =`) rather than [weights] keys.
  [[nodiscard]] virtual bool uses_weights_file() const { return false; }
  /// The set's own evaluator for phase-major `weights` (w[phase * num_features + index]), or
  /// nullptr when it has none and the generic sparse sum serves (see specialised_eval.hpp).
  /// Throws InputError when the weights do not fit the evaluator's storage.
  [[nodiscard]] virtual std::unique_ptr<SpecialisedEval<Position>> make_specialised_eval(
      const std::vector<double>& /*weights*/) const {
    return nullptr;
  }
};

}  // namespace arena::core
