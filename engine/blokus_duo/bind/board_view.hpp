// Blokus Duo's board for the report's viewer (the contract is report/board_view.hpp's
// GameBoard<G>): 14 x 14 cells labelled as the 4-character code's columns and rows (1-9, A-E,
// tests/data/blokus/gpcc-move-code.md), 0 empty, 1 the first player's piece, 2 the second's,
// 3 a start square not yet covered; the counts are the squares each player placed, the
// reserve the pieces a-u each still holds.
#pragma once

#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "report/board_view.hpp"

namespace arena::report {

template <>
struct GameBoard<blokus_duo::BlokusDuo> {
  [[nodiscard]] static BoardLook look();
  /// Cells row by row from the top-left (x + 14 y), squares placed and pieces left per player.
  static void paint(const blokus_duo::Position& p, BoardFrame& f);
  /// The cells of the placement.
  [[nodiscard]] static std::vector<int> move_cells(const blokus_duo::Position& before,
                                                   blokus_duo::Move m);
};

}  // namespace arena::report
