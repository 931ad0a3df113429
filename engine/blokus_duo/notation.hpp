// Blokus Duo notations: the GPCC 4-character code `XYpr` (gpcc-move-code.md), Pentobi's
// covered-square lists (counts.md, "Notation bridges"), move-list positions and a text board.
//
// Canonical code: a placement is written with the LOWEST orientation number r that yields its
// cells, and X, Y = where that orientation's reference cell lies (columns/rows 1-9, A-E, upper
// case; piece letter lower case). So `65p3` and `65p6` both read as the same move, written
// `65p3`. Any code covering the same cells parses to the same move.
#pragma once

#include <string>
#include <string_view>

#include "engine/blokus_duo/position.hpp"

namespace arena::blokus_duo {

/// The canonical 4-character code of m ("----" for a pass).
[[nodiscard]] std::string format_code(Move m);
/// Reads a 4-character code (case-insensitive; "----" and "0000" are passes) into the move
/// covering those cells, without checking the rules. Throws InputError for a malformed code
/// or a piece going off the board.
[[nodiscard]] Move parse_code(std::string_view text);
/// Reads a code and checks it is legal in p. Throws InputError naming the move and why
/// (malformed, off the board, piece already used, overlap, first move misses the start square,
/// touches own piece along an edge, no corner contact, pass while a move exists).
[[nodiscard]] Move parse_move(const Position& p, std::string_view text);

/// The Pentobi square list of m: covered squares "f9,e10,f10,g10,f11", column a-n, row 1-14
/// from the bottom, ordered by row then column (as Pentobi writes them); "pass" for a pass.
/// Contest (X, Y) = column 'a' + X - 1, row 15 - Y.
[[nodiscard]] std::string format_pentobi(Move m);
/// Reads a Pentobi square list (any order, case-insensitive; "pass" is a pass) into the move
/// covering exactly those squares. Throws InputError when a square is malformed or no piece
/// has that shape. Rules are not checked.
[[nodiscard]] Move parse_pentobi(std::string_view text);

/// Reads a position as space-separated codes from the start. A code that is illegal for the
/// side to move, when that side has no placement at all and the code is legal for the other
/// side, is read as an omitted pass followed by the code (the 2018 contest logs leave passes
/// out). Throws InputError naming the ply (1-based), the code and why it is unusable.
[[nodiscard]] Position parse_position(std::string_view text, const Rules& rules);
/// The moves that reached p, as canonical codes separated by spaces (passes as "----").
[[nodiscard]] std::string format_position(const Position& p);
/// A text board: columns 1-E across, rows 1-E down, X = first player, O = second, + = an empty
/// start square, then each side's placed squares and remaining pieces, and the side to move.
[[nodiscard]] std::string render(const Position& p);

/// What render_board draws besides the pieces.
struct BoardMarks {
  Move last{};                  ///< this placement in lower case (x, o); a pass marks nothing
  bool attach = false;          ///< '*' on the mover's attach points that have a placement
  bool pentobi_labels = false;  ///< columns a-n, rows 14 (top) to 1, as Pentobi/GTP write them
};
/// render(p) with marks: the last piece, the usable attach points, Pentobi's labels.
[[nodiscard]] std::string render_board(const Position& p, const BoardMarks& marks);

}  // namespace arena::blokus_duo
