// Adjudication (--adjudicate): ending a game before its last move with a result both players
// would reach. Two rules, either or both:
//  - exact:E    once the game's exact solver applies (G::exact_threshold_reached(p, E): for
//               Othello, at most E empty squares), the solver's score is the result: under
//               perfect play from there the game ends with exactly that score.
//  - score:M:N  cutechess-cli's -resign, seen from both engines: when N consecutive moves'
//               search scores (centi-units, converted to the first player's view) all give
//               the same side a lead of at least M, that side wins. The recorded score is the
//               mean of those N scores in game units (rounded, at least 1 for the winner): an
//               estimate, said so in the reason.
// Game-generic: the solver is reached through the Game concept's optional hooks.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace arena::selfplay {

/// The adjudication rules of a run; everything off by default.
struct Adjudication {
  int exact_empties = -1;  ///< exact:E; -1 = off
  int score_margin = 0;    ///< score:M:N margin, centi-units
  int score_moves = 0;     ///< score:M:N move count; 0 = off
  [[nodiscard]] bool exact() const { return exact_empties >= 0; }
  [[nodiscard]] bool score() const { return score_moves > 0; }
};

/// Parses the --adjudicate values ("exact:E", "score:MARGIN:N"; each rule at most once) into
/// one set of rules. Throws InputError naming --adjudicate and what was expected.
[[nodiscard]] Adjudication parse_adjudication(const std::vector<std::string>& specs);

/// The canonical texts of `a` ("exact:12", "score:300:6"), as recorded in the run record.
[[nodiscard]] std::vector<std::string> adjudication_texts(const Adjudication& a);

/// An adjudicated result: score (first player's view, game units) and the reason to log.
struct AdjudicatedResult {
  int score = 0;
  std::string reason;
};

/// The exact rule for position p (not terminal): the solver's score once its threshold is
/// reached, else nullopt (also when G has no exact solver or the rule is off).
template <core::Game G>
[[nodiscard]] std::optional<AdjudicatedResult> adjudicate_exact(const typename G::Position& p,
                                                                const Adjudication& a) {
  if constexpr (core::HasExactSolver<G>) {
    if (!a.exact() || !G::exact_threshold_reached(p, a.exact_empties)) return std::nullopt;
    constexpr int kWide = 1'000'000;  // a window wider than any final score
    std::uint64_t nodes = 0;
    const int mover = G::solve_exact(p, -kWide, kWide, nodes, nullptr);
    const int score = G::side_to_move(p) == 0 ? mover : -mover;
    return AdjudicatedResult{score, "exact solver at ply " + std::to_string(G::ply(p)) + " (" +
                                        std::to_string(nodes) + " nodes): " +
                                        std::to_string(score)};
  } else {
    (void)p;
    (void)a;
    return std::nullopt;
  }
}

/// The score rule's running state over one game.
class ScoreAdjudicator {
 public:
  explicit ScoreAdjudicator(const Adjudication& a) : rule_(a) {}

  /// Feeds one move: its search score (mover's view, centi-units; nullopt = not searched),
  /// the mover (0 first, 1 second) and whether it was a pass. An unsearched pass is skipped,
  /// any other unsearched move breaks the run. Returns the result once the rule fires.
  std::optional<AdjudicatedResult> add(std::optional<int> mover_score, int side, bool pass) {
    if (!rule_.score()) return std::nullopt;
    if (!mover_score) {
      if (!pass) run_.clear();
      return std::nullopt;
    }
    const int first_view = side == 0 ? *mover_score : -*mover_score;
    const int sign = first_view >= rule_.score_margin ? 1 : first_view <= -rule_.score_margin ? -1 : 0;
    if (sign == 0 || (!run_.empty() && (run_.back() > 0) != (sign > 0))) run_.clear();
    if (sign == 0) return std::nullopt;
    run_.push_back(first_view);
    if (static_cast<int>(run_.size()) < rule_.score_moves) return std::nullopt;
    double sum = 0;
    for (std::size_t i = run_.size() - static_cast<std::size_t>(rule_.score_moves); i < run_.size(); ++i) {
      sum += run_[i];
    }
    const double mean = sum / rule_.score_moves;
    int score = static_cast<int>(std::lround(mean / 100.0));
    if (score * sign < 1) score = sign;
    return AdjudicatedResult{score, "score adjudication: " + std::to_string(rule_.score_moves) +
                                        " moves with a lead of at least " +
                                        std::to_string(rule_.score_margin) +
                                        " for the " + (sign > 0 ? "first" : "second") +
                                        " player (mean " + std::to_string(std::lround(mean)) +
                                        "); score estimated"};
  }

 private:
  Adjudication rule_;
  std::vector<int> run_;  ///< first-player-view scores of the current run, all one sign
};

}  // namespace arena::selfplay
