// Blokus Duo's board for the report's viewer (see board_view.hpp).
#include "engine/blokus_duo/bind/board_view.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

#include "engine/blokus_duo/bitboard.hpp"
#include "engine/blokus_duo/pieces.hpp"
#include "engine/blokus_duo/placements.hpp"

namespace arena::report {
namespace {

constexpr int kSize = blokus_duo::kBoardSize;

/// The viewer's cell index of a board bit index (bitboard.hpp: x + 16 y).
int view_cell(int bit) { return blokus_duo::cell_x(bit) + kSize * blokus_duo::cell_y(bit); }

/// Piece `piece` as drawn in orientation 0, in its bounding box.
ReservePiece reserve_piece(int piece) {
  const auto& shape = blokus_duo::kPieces[static_cast<std::size_t>(piece)];
  const auto* end = shape.cells.begin() + shape.size;
  const auto [min_x, max_x] = std::minmax_element(shape.cells.begin(), end,
                                                  [](auto a, auto b) { return a.x < b.x; });
  const auto [min_y, max_y] = std::minmax_element(shape.cells.begin(), end,
                                                  [](auto a, auto b) { return a.y < b.y; });
  ReservePiece r;
  r.name = std::string(1, shape.letter) + " (" + std::string(shape.name) + ")";
  r.width = max_x->x - min_x->x + 1;
  r.height = max_y->y - min_y->y + 1;
  r.cells.assign(static_cast<std::size_t>(r.width * r.height), '.');
  for (const auto* c = shape.cells.begin(); c != end; ++c) {
    r.cells[static_cast<std::size_t>((c->y - min_y->y) * r.width + c->x - min_x->x)] = '#';
  }
  return r;
}

}  // namespace

BoardLook GameBoard<blokus_duo::BlokusDuo>::look() {
  BoardLook l;
  l.width = kSize;
  l.height = kSize;
  const std::string digits = "123456789ABCDE";
  for (int i = 0; i < kSize; ++i) {
    l.columns.emplace_back(1, digits[static_cast<std::size_t>(i)]);
    l.rows.emplace_back(1, digits[static_cast<std::size_t>(i)]);
  }
  l.background = "#8a949e";
  l.mark = "#111111";
  l.palette = {{"empty", "#eef1f4", "square"}, {"first player's piece", "#2a62c9", "square"},
               {"second player's piece", "#d9822b", "square"}, {"start square", "#8a949e", "dot"}};
  l.sides = {"First", "Second"};
  l.counts = "squares placed";
  l.side_colours = {"#2a62c9", "#d9822b"};
  for (int piece = 0; piece < blokus_duo::kNumPieces; ++piece) l.pieces.push_back(reserve_piece(piece));
  l.reserve_title = "{side}: {pieces} pieces, {cells} squares left";
  return l;
}

void GameBoard<blokus_duo::BlokusDuo>::paint(const blokus_duo::Position& p, BoardFrame& f) {
  f.cells.assign(static_cast<std::size_t>(kSize * kSize), 0);
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const int bit = blokus_duo::cell_index(x, y);
      auto& cell = f.cells[static_cast<std::size_t>(x + kSize * y)];
      if (p.occupied[0].test(bit)) cell = 1;
      else if (p.occupied[1].test(bit)) cell = 2;
      else if (bit == blokus_duo::kStartCell[0] || bit == blokus_duo::kStartCell[1]) cell = 3;
    }
  }
  for (int side = 0; side < 2; ++side) {
    const auto s = static_cast<std::size_t>(side);
    f.counts[s] = p.squares_placed[s];
    f.reserve[s].clear();
    for (int piece = 0; piece < blokus_duo::kNumPieces; ++piece) {
      if ((p.pieces_left[s] >> piece) & 1U) f.reserve[s].push_back(piece);
    }
  }
}

std::vector<int> GameBoard<blokus_duo::BlokusDuo>::move_cells(const blokus_duo::Position&,
                                                              blokus_duo::Move m) {
  const auto& placement = blokus_duo::placement_table()[m.id];
  std::vector<int> cells;
  for (int i = 0; i < placement.size; ++i) cells.push_back(view_cell(placement.cells[static_cast<std::size_t>(i)]));
  return cells;
}

}  // namespace arena::report
