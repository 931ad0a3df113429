// What a search returns: the best move with its score and statistics, and scored root moves.
#pragma once

#include <cstdint>
#include <vector>

namespace arena::core {

/// Outcome of one search. `score` is from the side to move's view, in centi-units of the
/// game's score (centi-discs, centi-squares); an exact result is 100 x the final score.
template <class Move>
struct SearchResult {
  Move best{};
  int score = 0;
  int depth = 0;              ///< last completed iteration, plies
  std::uint64_t nodes = 0;
  double seconds = 0.0;
  bool exact = false;         ///< the score is a proven final result
  std::vector<Move> pv;       ///< principal variation from the root, best move first
};

/// A root move with its search score (side to move's view, centi-units).
template <class Move>
struct ScoredMove {
  Move move{};
  int score = 0;
};

}  // namespace arena::core
