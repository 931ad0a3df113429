// Every placement of every piece on the empty 14 x 14 board, computed once: 91 fixed
// orientations (distinct cell shapes of the 21 pieces) times their positions = 13,729 distinct
// placements (Pentobi's constant). A placement is the unit of a move: a piece plus the set of
// cells it covers, never a code, so symmetric pieces cannot produce duplicates.
//
// Fast move generation (Pentobi's PrecompMoves idea, re-derived here): for each cell, each
// "context" (which of the cell's four edge neighbours are forbidden to the mover) and each
// piece, the list of placements that cover the cell and avoid those neighbours. At an attach
// point most neighbours are forbidden (they touch the mover's own piece), so the lists
// actually scanned are about half of all placements through the cell.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/blokus_duo/bitboard.hpp"
#include "engine/blokus_duo/pieces.hpp"

namespace arena::blokus_duo {

/// Number of distinct placements on the empty board (pinned by a test against counts.md).
inline constexpr int kNumPlacements = 13729;
/// Number of fixed orientations over the 21 pieces.
inline constexpr int kNumFixedOrientations = 91;
/// Number of neighbourhood contexts (4 edge neighbours, forbidden or not).
inline constexpr int kNumContexts = 16;

/// One distinct shape of a piece: its cells normalised so the minimum x and y are 0.
struct FixedOrientation {
  int piece = 0;
  int lowest_code = 0;            ///< the lowest orientation code r that yields this shape
  Offset reference;               ///< that code's reference cell, in normalised coordinates
  std::array<Offset, 5> cells{};  ///< sorted by (y, x); first kPieces[piece].size valid
};

/// A piece on the board. Cells are bit indices (see bitboard.hpp).
struct Placement {
  Bits256 mask;     ///< covered cells
  Bits256 adj;      ///< on-board cells edge-adjacent to the piece (forbidden to its owner)
  Bits256 corners;  ///< on-board cells diagonal to the piece, neither covered nor edge-adjacent
  std::array<std::uint8_t, 5> cells{};  ///< covered cells, ascending; first `size` valid
  std::uint8_t piece = 0;
  std::uint8_t size = 0;
  std::uint8_t fixed = 0;               ///< index into the fixed orientations
  std::uint8_t code_x = 0;              ///< canonical code: reference cell column, 0-based
  std::uint8_t code_y = 0;              ///< canonical code: reference cell row, 0-based
  std::uint8_t code_r = 0;              ///< canonical code: orientation 0-7
  std::uint8_t centre_sum = 0;  ///< sum over cells of |2x - 13| + |2y - 13| (half-cells)
};

/// The precomputed tables. Immutable after construction; shared by all threads.
class PlacementTable {
 public:
  PlacementTable();

  [[nodiscard]] int size() const { return static_cast<int>(placements_.size()); }
  [[nodiscard]] const Placement& operator[](int id) const {
    return placements_[static_cast<std::size_t>(id)];
  }
  /// The covered cells of placement `id` (a dense array, for the hot loop).
  [[nodiscard]] const Bits256& mask(int id) const { return masks_[static_cast<std::size_t>(id)]; }
  /// The piece of placement `id` (a dense array, for the hot loop).
  [[nodiscard]] int piece(int id) const { return pieces_[static_cast<std::size_t>(id)]; }
  [[nodiscard]] const FixedOrientation& fixed(int f) const {
    return fixed_[static_cast<std::size_t>(f)];
  }
  /// Placements of `piece` that cover `cell` and none of the edge neighbours flagged in `ctx`
  /// (bit 0 north, 1 east, 2 south, 3 west; see neighbour()).
  [[nodiscard]] std::span<const std::uint16_t> candidates(int cell, int ctx, int piece) const {
    const std::size_t i = (static_cast<std::size_t>(cell) * kNumContexts +
                           static_cast<std::size_t>(ctx)) * kNumPieces +
                          static_cast<std::size_t>(piece);
    return {lists_.data() + list_begin_[i], lists_.data() + list_begin_[i + 1]};
  }
  /// The edge neighbour of `cell` in direction d (0 N, 1 E, 2 S, 3 W), or bit 255 (padding,
  /// never set in any board set) when it is off the board.
  [[nodiscard]] int neighbour(int cell, int d) const {
    return neighbours_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(d)];
  }
  /// The context of `cell` for a player whose forbidden cells are fb: bit d set when the
  /// neighbour in direction d is forbidden (four single-bit tests).
  [[nodiscard]] int context(const Bits256& fb, int cell) const {
    return static_cast<int>(fb.test(neighbour(cell, 0))) |
           static_cast<int>(fb.test(neighbour(cell, 1))) << 1 |
           static_cast<int>(fb.test(neighbour(cell, 2))) << 2 |
           static_cast<int>(fb.test(neighbour(cell, 3))) << 3;
  }
  /// The fixed orientation of code orientation r of `piece`, and where that orientation's
  /// normalised origin lies relative to its reference cell.
  [[nodiscard]] int fixed_of(int piece, int r) const {
    return fixed_of_[static_cast<std::size_t>(piece)][static_cast<std::size_t>(r)];
  }
  [[nodiscard]] Offset origin_offset(int piece, int r) const {
    return origin_offset_[static_cast<std::size_t>(piece)][static_cast<std::size_t>(r)];
  }
  /// The placement of fixed orientation f with its normalised origin at (x, y), or -1 if it
  /// would leave the board.
  [[nodiscard]] int find(int f, int x, int y) const;
  /// The placement covering exactly `cells` (bit indices, any order), or -1 if no piece has
  /// that shape.
  [[nodiscard]] int find_cells(std::span<const int> cells) const;

 private:
  std::vector<Placement> placements_;
  std::vector<Bits256> masks_;
  std::vector<std::uint8_t> pieces_;
  std::vector<FixedOrientation> fixed_;
  std::array<std::array<int, kNumOrientations>, kNumPieces> fixed_of_{};
  std::array<std::array<Offset, kNumOrientations>, kNumPieces> origin_offset_{};
  /// placement id by (fixed orientation, origin y * 14 + origin x), -1 when off the board.
  std::vector<int> by_origin_;
  std::vector<std::uint16_t> lists_;
  std::vector<std::uint32_t> list_begin_;
  std::array<std::array<int, 4>, kNumBits> neighbours_{};
};

/// The process-wide table, built on first use (thread-safe static initialisation, ~5 ms).
[[nodiscard]] const PlacementTable& placement_table();

}  // namespace arena::blokus_duo
