// Othello notation helpers shared by the Game binding and the CLI: square names (a1..h8, a1
// top-left), board strings, and OBF lines (the FFO endgame files: "board side; move:score; ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/othello/othello.hpp"

namespace arena::othello {

/// "a1".."h8" -> 0..63 (case-insensitive); "pass", "ps", "--" -> kPassSquare; -1 if malformed.
[[nodiscard]] int parse_square(std::string_view text);

/// 0..63 -> "a1".."h8"; kPassSquare -> "pass".
[[nodiscard]] std::string square_name(int sq);

/// A 64-character board string (X/x black, O/o white, - or . empty, a1..h1 first) and the side
/// to move ("X"/"O", case-insensitive). Throws InputError saying which character is wrong.
[[nodiscard]] Position parse_board(std::string_view board, std::string_view side);

/// One move and its exact score (discs, side to move's view) from an OBF line.
struct ScoredSquare {
  int square = kPassSquare;
  int score = 0;
};

/// A parsed OBF line: the position, and the listed move scores (best first; may be empty).
struct ObfEntry {
  Position position;
  std::vector<ScoredSquare> scores;
};

/// Parses an OBF line "BOARD SIDE; A2:+38; C7:+36; ...". Throws InputError with `where` (e.g.
/// "file.obf:3: ") prefixed, naming what was expected.
[[nodiscard]] ObfEntry parse_obf_line(std::string_view line, const std::string& where);

}  // namespace arena::othello
