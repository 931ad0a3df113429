// Blokus Duo's record formats (the contract is records/formats.hpp's RecordFormats<G>):
//
//   format   one game is                                          passes
//   fourcc   a line of 4-character codes, '#' comments, an        "----"/"0000", or implicit
//            optional leading game name
//   blksgf   Pentobi SGF "(;GM[Blokus Duo]...;B[..]..)"           implied by colour
//            (blksgf.cpp; variations as side lines)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "records/formats.hpp"

namespace arena::records {

/// 4-character code lists: one game per non-comment line, tokens separated by spaces; a first
/// token that is not 4 characters long is the game's name and is dropped (a 4-character first
/// token is a move). Throws InputError "FILE:LINE: move N ('code'): ..." for a token that is
/// not a well-formed code (legality is the bridge's check).
[[nodiscard]] std::vector<RecordGame> read_fourcc(std::string_view text, const std::string& origin);
/// One line per game: "# first vs second" then the codes separated by spaces ("----" passes).
[[nodiscard]] std::string write_fourcc(const std::vector<RecordGame>& games);

/// Pentobi SGF (blksgf.cpp): every "(;GM[Blokus Duo]...)" game, its main line (the first child
/// at every branch, SGF FF[4]) as the moves and the other children as `variations` (their moves
/// only: comments and marks are not kept); moves become 4-character codes, and a colour that
/// moves twice in a row implies the other's pass ("----" inserted). Throws InputError
/// "FILE:LINE: ..." for another GM, a malformed square list, unbalanced brackets or trees
/// nested more than 500 deep.
[[nodiscard]] std::vector<RecordGame> read_blksgf(std::string_view text, const std::string& origin);
/// Pentobi SGF of the games (moves given as 4-character codes; passes are left out, as Pentobi
/// writes them): "(;GM[Blokus Duo]PB[..]PW[..];B[f9,e10,...];W[...])", one game per line; at
/// each variation's `at` the rest of the line and every variation get their own child tree,
/// the rest first, as Pentobi's tree writer does. Variations must be sorted by `at` and
/// branch at most at the end of their line (as read_blksgf makes them).
[[nodiscard]] std::string write_blksgf(const std::vector<RecordGame>& games);

template <>
struct RecordFormats<blokus_duo::BlokusDuo> {
  /// fourcc (.fourcc, .fourcc.txt) and blksgf (.blksgf), both read and written.
  [[nodiscard]] static std::vector<RecordFormat> formats();
};

}  // namespace arena::records
