// Blokus Duo evaluation features and the move-ordering key. The declared sets:
//  - `classic`: the terms the Blokus Duo contest programs found useful (squares placed,
//    usable attach points, influence, remaining large pieces, distance to the centre in the
//    opening, mobility), 4 phases by move number;
//  - `greedy`: the contest hosts' simple player as a one-ply evaluation (largest piece first,
//    then the piece closest to the centre), 1 phase;
//  - `territory`: classic's terms plus the cells only one side can reach and the squares of
//    pieces that fit nowhere, 6 phases;
//  - `territory_plus`: territory's terms plus the attach points and cells the opponent cannot
//    reach soon, what is coverable now, and which pieces each side has left and cannot place
//    (features.cpp lists them), 6 phases;
//  - `territory_sealed`: territory_plus's terms plus what the opponent can never take from
//    each side (cells it may not cover) and each side's placements by piece size, 6 phases.
// Values are from the side to move's view; weights are centi-squares per unit.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/position.hpp"
#include "engine/core/features.hpp"

namespace arena::blokus_duo {

/// Steps of the influence feature: empty cells a side can reach from its attach points by
/// this many edge steps through cells it may cover.
inline constexpr int kInfluenceSteps = 3;

/// Average distance of placement `id`'s cells to the board centre, in half-cells
/// (|2x - 13| + |2y - 13| averaged over the cells; 0..26).
[[nodiscard]] float centre_distance(int id);

/// Usable attach points of player `who`: attach cells through which at least one of its
/// remaining pieces has a legal placement.
[[nodiscard]] int usable_attach_points(const Position& p, int who);

/// Steps of the territory set's wider reach: a region one side alone can reach this far is
/// one the other can no longer contest.
inline constexpr int kRegionSteps = 8;

/// Cells player `who` can reach within `steps` edge steps from its attach points (these
/// included), moving only through cells it may cover: where its next pieces can grow.
[[nodiscard]] Bits256 reach(const Position& p, int who, int steps);
/// The cells player `who` reaches within `steps` more edge steps from `cells` (a reach of its,
/// so that reach(p, who, a + b) == extend_reach(p, who, reach(p, who, a), b)).
[[nodiscard]] Bits256 extend_reach(const Position& p, int who, Bits256 cells, int steps);

/// The number of cells of reach(p, who, steps).
[[nodiscard]] int influence(const Position& p, int who, int steps);

/// Move-ordering key, higher first: piece size, then new attach points gained, then closeness
/// of the piece to the centre.
[[nodiscard]] int order_score(const Position& p, Move m);

/// Playout weights (unnormalised probabilities) of the legal moves `list` of p into
/// `weights`, the policy Pentobi's playouts use (its source, libpentobi_mcts/State.cpp,
/// for Blokus Duo: gamma = 3^size x 1.8^(attach points of the piece - 1), times 1e6 for each
/// covered "local" cell, an attach point of the opponent's last two placements it can still
/// use): a move that blocks the opponent's newest growth points is played whenever there is
/// one, the largest and most branching pieces first. A pass weighs 1. Attach points of a
/// piece are counted on the board (its corner cells there).
void playout_weights(const Position& p, const MoveList& list, std::vector<double>& weights);

/// The declared feature set `name` ("classic", "greedy", "territory", "territory_plus" or
/// "territory_sealed").
/// Throws InputError naming the known sets.
[[nodiscard]] std::unique_ptr<core::FeatureSet<Position>> make_feature_set(std::string_view name);

}  // namespace arena::blokus_duo
