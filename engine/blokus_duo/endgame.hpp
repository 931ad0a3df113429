// Exact endgame search for Blokus Duo: once few placements remain for both players, the game
// tree to the end is small, and the generic search hands such positions here (config
// `exact = n`; engine/core/game.hpp, HasExactSolver). Plain fail-soft alpha-beta over the
// legal moves, ordered by order_score (largest piece first), to the terminal position. A
// deadline is polled at every node (each generates its moves, so polls are microseconds apart).
#pragma once

#include <cstdint>

#include "engine/blokus_duo/position.hpp"
#include "engine/core/deadline.hpp"

namespace arena::blokus_duo {

/// Whether p is within the exact-search threshold: the two players together have at most n
/// legal placements (n counts placements, Blokus Duo's stand-in for Othello's empties).
[[nodiscard]] bool exact_threshold_reached(const Position& p, int n);

/// The final score of p with best play by both sides, from the side to move's view, in
/// squares under p.rules; fail-soft within [alpha, beta]. Adds the nodes visited to `nodes`.
/// Polls `deadline` (nullptr: none) at every node; once it has expired the score means nothing.
[[nodiscard]] int solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes,
                              core::Deadline* deadline = nullptr);

/// The same value by plain minimax without pruning or ordering (the reference for tests).
[[nodiscard]] int solve_exact_slow(const Position& p);

}  // namespace arena::blokus_duo
