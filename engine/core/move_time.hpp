// One move's time for a game's searches (alpha-beta and MCTS alike): the
// movetime as given, the time manager's allocation under a clock, or the
// smaller of both.
#pragma once

#include <algorithm>

#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "engine/core/time_manager.hpp"

namespace arena::core {

/// The time of a move from `root` under `limits`, ms ({0, 0}: no time limit):
/// the movetime as both target and cap, the time manager's allocation under a
/// clock (moves left from G::moves_left(root, solver) when the game has the hook,
/// else kDefaultMovesLeft; `solver`: the search solves the endgame exactly), or
/// the smaller of both.
template <Game G>
[[nodiscard]] MoveTime move_time(const typename G::Position &root, const SearchLimits &limits,
                                 bool solver) {
  MoveTime t;
  if (limits.time_left_ms > 0) {
    int moves_left = kDefaultMovesLeft;
    if constexpr (HasMovesLeft<G>) moves_left = G::moves_left(root, solver);
    t = allocate_move_time(limits.time_left_ms, limits.increment_ms, moves_left);
  }
  if (limits.movetime_ms > 0) {
    t.soft_ms = t.soft_ms > 0 ? std::min(t.soft_ms, limits.movetime_ms) : limits.movetime_ms;
    t.hard_ms = t.hard_ms > 0 ? std::min(t.hard_ms, limits.movetime_ms) : limits.movetime_ms;
  }
  return t;
}

}  // namespace arena::core
