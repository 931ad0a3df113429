// Both players' placement censuses of a position from those of its parent. A search
// evaluates a node's children one after another (about 90 % of the evaluations of the
// Blokus Duo best config follow a sibling's), and a child differs from its parent by one
// placement: the opponent loses the placements that overlap it, the mover those of the piece
// and those now forbidden, and gains those at its new attach points. Keeping the parent's
// placement lists turns each child's census from a pass over every attach point's candidates
// (mostly unpredictable legality tests) into one filtering pass over the lists and a census
// of the new attach points only. The lists of the positions on the line from the initial
// position to the parent are kept, so that a new parent is derived the same way from its own
// parent, usually the one before, once it has a second child evaluated.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/blokus_duo/position.hpp"

namespace arena::blokus_duo {

/// The censuses of the positions evaluated by one thread, exact (the values of
/// census_placements_of). Not thread-safe: one per thread.
class CensusCache {
 public:
  /// census_placements_of(c, 0) and census_placements_of(c, 1). A position that its history
  /// does not lead to from the initial position (its side to move, pieces and cell sets are
  /// compared) gets the direct census.
  std::array<PlacementCensus, 2> census(const Position& c);

  /// A player's placements in one position, grouped by piece.
  struct Placements {
    std::vector<std::uint16_t> ids;                   ///< placement table indices
    std::vector<Bits256> masks;                       ///< their covered cells, densely
    std::array<std::size_t, kNumPieces + 1> begin{};  ///< piece p's: [begin[p], begin[p + 1])
  };

 private:
  /// A position of the line to the parent of the last position seen, by plies.
  struct Level {
    bool valid = false;
    Position pos;
    std::array<Placements, 2> placements;
  };

  /// The level of c's parent, derived from the deepest level on c's line; nullptr when c's
  /// history does not lead to c, or when c is the first child of its parent seen.
  const Level* parent_of(const Position& c);
  /// Fills `to` with the position after `move` in `from` and both players' placements there.
  void derive(const Level& from, Move move, Level& to);

  std::vector<Level> line_ = std::vector<Level>(kMaxPlies);
  std::vector<std::uint16_t> scratch_;
  std::uint64_t first_child_of_ = 0;  ///< key of the last parent whose level was not derived
};

}  // namespace arena::blokus_duo
