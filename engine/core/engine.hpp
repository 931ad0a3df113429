// An engine = search settings + a linear evaluation over a game's feature set, built from an
// EngineConfig. Game-generic: a template over the Game concept.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"

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
  std::vector<Move> pv;
};

/// A root move with its search score (side to move's view, centi-units).
template <class Move>
struct ScoredMove {
  Move move{};
  int score = 0;
};

/// A playing engine. Not thread-safe: one instance per thread (the transposition table is
/// private). Construction throws InputError (naming the config file and key) when features,
/// weights or the weights file do not fit the game's feature set.
template <Game G>
class Engine;  // defined in engine/core/engine_impl.hpp

}  // namespace arena::core
