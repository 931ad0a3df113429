// A move sequence from the standard start to a given Othello position: how a position-only
// opening (an OBF line, a board string) becomes an opening of moves that every log reader
// replays from the start. Depth-first search over legal moves with three prunes that never
// lose a solution: a disc once placed stays (the occupied squares must stay inside the
// target's), corners never flip (an occupied corner must already have its target colour), and
// transpositions are searched once (a set of visited positions). Cheap for opening positions
// (a few plies to a few dozen); a node budget bounds hopeless cases (deep or unreachable
// positions).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/othello/othello.hpp"

namespace arena::othello {

/// The moves (passes included) leading from Othello::initial() to a position with the same
/// discs and side to move as `target`, or nullopt when none is found within `max_nodes`
/// positions visited (unreachable, or too deep to find).
[[nodiscard]] std::optional<std::vector<Move>> moves_reaching(const Position& target,
                                                              std::uint64_t max_nodes = 2'000'000);

}  // namespace arena::othello
