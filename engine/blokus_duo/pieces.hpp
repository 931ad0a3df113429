// The 21 Blokus Duo pieces `a`-`u` exactly as the GPCC 2007 contest drew them
// (tests/data/blokus/gpcc-move-code.md): cells in y-down board coordinates with the reference
// cell first, and the contest's orientation rule (0, 2, 4, 6 = turned 0/90/180/270 degrees
// clockwise; an odd r = orientation r-1 mirrored left-right).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace arena::blokus_duo {

/// Number of pieces per player.
inline constexpr int kNumPieces = 21;
/// Orientation codes 0..7 of the contest notation.
inline constexpr int kNumOrientations = 8;
/// Squares of all 21 pieces together.
inline constexpr int kTotalSquares = 89;
/// Bit mask with one bit per piece (bit i = piece 'a' + i).
inline constexpr std::uint32_t kAllPieces = (std::uint32_t{1} << kNumPieces) - 1;

/// A cell offset (x right, y down).
struct Offset {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(const Offset&, const Offset&) = default;
};

/// One piece as drawn in orientation 0: its letter, size, common name and cells (reference
/// cell first, positions as in the drawing's own grid).
struct PieceShape {
  char letter;
  int size;
  std::string_view name;
  std::array<Offset, 5> cells;
};

/// The contest's piece table (gpcc-move-code.md, "Pieces"), indexed 0 ('a') .. 20 ('u').
inline constexpr std::array<PieceShape, kNumPieces> kPieces = {{
    {'a', 1, "monomino", {{{0, 0}}}},
    {'b', 2, "domino", {{{0, 0}, {0, 1}}}},
    {'c', 3, "I3", {{{0, 1}, {0, 0}, {0, 2}}}},
    {'d', 3, "V3", {{{0, 1}, {0, 0}, {1, 1}}}},
    {'e', 4, "I4", {{{0, 1}, {0, 0}, {0, 2}, {0, 3}}}},
    {'f', 4, "L4", {{{1, 1}, {1, 0}, {0, 2}, {1, 2}}}},
    {'g', 4, "T4", {{{0, 1}, {0, 0}, {1, 1}, {0, 2}}}},
    {'h', 4, "O4", {{{0, 0}, {1, 0}, {0, 1}, {1, 1}}}},
    {'i', 4, "Z4", {{{1, 0}, {0, 0}, {1, 1}, {2, 1}}}},
    {'j', 5, "I5", {{{0, 2}, {0, 0}, {0, 1}, {0, 3}, {0, 4}}}},
    {'k', 5, "L5", {{{1, 2}, {1, 0}, {1, 1}, {0, 3}, {1, 3}}}},
    {'l', 5, "N5", {{{1, 2}, {1, 0}, {1, 1}, {0, 2}, {0, 3}}}},
    {'m', 5, "P5", {{{1, 1}, {1, 0}, {0, 1}, {0, 2}, {1, 2}}}},
    {'n', 5, "U5", {{{1, 1}, {0, 0}, {1, 0}, {0, 2}, {1, 2}}}},
    {'o', 5, "Y5", {{{0, 1}, {0, 0}, {1, 1}, {0, 2}, {0, 3}}}},
    {'p', 5, "T5", {{{1, 1}, {1, 0}, {0, 2}, {1, 2}, {2, 2}}}},
    {'q', 5, "V5", {{{0, 2}, {0, 0}, {0, 1}, {1, 2}, {2, 2}}}},
    {'r', 5, "W5", {{{1, 1}, {0, 0}, {1, 0}, {2, 1}, {2, 2}}}},
    {'s', 5, "Z5", {{{1, 1}, {0, 0}, {0, 1}, {2, 1}, {2, 2}}}},
    {'t', 5, "F5", {{{1, 1}, {0, 0}, {0, 1}, {2, 1}, {1, 2}}}},
    {'u', 5, "X5", {{{1, 1}, {1, 0}, {0, 1}, {2, 1}, {1, 2}}}},
}};

/// The cells of piece `piece` (0-20) in contest orientation `r` (0-7), relative to the
/// reference cell (which is (0, 0) in every orientation); the first kPieces[piece].size
/// entries are valid. Rule (gpcc-move-code.md, "Orientations"), y-down coordinates:
/// 2: (x, y) -> (-y, x); 4: (x, y) -> (-x, -y); 6: (x, y) -> (y, -x); odd r: r-1 then
/// (x, y) -> (-x, y).
[[nodiscard]] constexpr std::array<Offset, 5> oriented_cells(int piece, int r) {
  const PieceShape& s = kPieces[static_cast<std::size_t>(piece)];
  std::array<Offset, 5> out{};
  for (int i = 0; i < s.size; ++i) {
    const int x = s.cells[static_cast<std::size_t>(i)].x - s.cells[0].x;
    const int y = s.cells[static_cast<std::size_t>(i)].y - s.cells[0].y;
    Offset o;
    switch (r & ~1) {
      case 0: o = {x, y}; break;
      case 2: o = {-y, x}; break;
      case 4: o = {-x, -y}; break;
      default: o = {y, -x}; break;
    }
    if (r & 1) o.x = -o.x;
    out[static_cast<std::size_t>(i)] = o;
  }
  return out;
}

/// Piece index of a letter 'a'-'u' (either case), or -1.
[[nodiscard]] constexpr int piece_of_letter(char c) {
  if (c >= 'A' && c <= 'U') c = static_cast<char>(c - 'A' + 'a');
  return (c >= 'a' && c <= 'u') ? c - 'a' : -1;
}

}  // namespace arena::blokus_duo
