// Othello evaluation features, declared once and shared by the engine and the tuner:
//  - `classic`: the square table as 10 symmetry classes, mobility, potential mobility,
//    frontier, corners, edge-anchored stable discs and parity (the features of the classic
//    hand-written evaluations; see the table below);
//  - `table`: the 10 square classes only (the one-ply positional player of seed-table.cfg).
// Both have 6 phases by empties: 60-51, 50-41, 40-31, 30-21, 20-11, 10-0. Values are from the
// side to move's view (own minus opponent's); weights are centi-discs per unit.
//
// Square classes (the 4x4 corner quadrant folded along its diagonal; a1 top-left):
//   a1 corner | b1 a2 c_square | c1 a3 a_square | d1 a4 b_square | b2 x_square
//   c2 b3 ring_c | d2 b4 ring_d | c3 centre_c | d3 c4 centre_d | d4 centre
#pragma once

#include <array>
#include <memory>
#include <string_view>

#include "engine/core/features.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {

/// The 10 square classes in feature order, as sets of squares over the whole board.
[[nodiscard]] const std::array<Bitboard, 10>& square_classes();

/// Discs of `p` anchored at a corner along an edge: each owned corner and the unbroken run of
/// p's discs from it along both edges (a full edge counts whole). These can never be flipped.
[[nodiscard]] Bitboard edge_anchored_discs(Bitboard p, Bitboard o);

/// Discs of `p` next to an empty square.
[[nodiscard]] Bitboard frontier_discs(Bitboard p, Bitboard o);

/// Empty squares next to a disc of `discs` (the opponent's potential moves when `discs` are
/// the opponent's).
[[nodiscard]] Bitboard adjacent_empties(Bitboard discs, Bitboard empty);

/// Phase of a position with `empties` empty squares: 0 for 51-60, ..., 5 for 0-10.
[[nodiscard]] int phase_of_empties(int empties);

/// The declared set `name` ("classic" or "table"); throws InputError naming both.
[[nodiscard]] std::unique_ptr<core::FeatureSet<Position>> make_feature_set(std::string_view name);

}  // namespace arena::othello
