// Othello's record formats (the contract is records/formats.hpp's RecordFormats<G>):
//
//   format      one game is                                 passes
//   transcript  a line "event<TAB>B-W<TAB>f5d6c3..."       implicit (engine/othello/wthor.hpp)
//   ggf         "(;GM[Othello]...;)"                        PA, or implied by colour
//   wtb         a WTHOR database record                     implicit (engine/othello/wthor.hpp;
//                                                           names from the .JOU/.TRN lists)
//
// As openings (--openings), a GGF game from a set-up board BO starts with the moves that reach
// that board, and a plain openings line may be a board string "<64 squares> <side>" (or an
// OBF line): both become the moves reaching the position from the start
// (othello::moves_reaching), so logs keep recording openings as moves from the standard start.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/othello/othello.hpp"
#include "records/formats.hpp"
#include "records/opening_lines.hpp"

namespace arena::records {

/// Othello transcripts in the layout engine/othello/wthor.hpp reads (the reader lives there):
/// a '#' comment line, then one line per game "event<TAB>B-W<TAB>f5d6c3..." with the disc
/// counts from the score (black = (64 + score) / 2) and passes left out. The event is
/// "first vs second".
[[nodiscard]] std::string write_transcripts(const std::vector<RecordGame>& games);

/// GGF games (see ggf.hpp); RE "+n"/"-n" gives the recorded score, "/eval/time" the notes.
[[nodiscard]] std::vector<RecordGame> read_ggf_games(std::string_view text, const std::string& origin);
/// One GGF game per line; the score (when set) goes to RE as "+n.000" / "-n.000" / "0.000",
/// each move's note to "/eval/time" (eval with 2 decimals, seconds).
[[nodiscard]] std::string write_ggf_games(const std::vector<RecordGame>& games);

/// The moves reaching an Othello position given as a board string or OBF line ("BOARD SIDE"
/// then anything after ';'), as opening text; InputError prefixed by `where` when the text is
/// not a board or no move sequence from the start reaches it.
[[nodiscard]] std::string othello_position_opening(const std::string& text, const std::string& where);

/// Whether an opening line is an Othello board string rather than moves.
[[nodiscard]] bool is_othello_board_line(const std::string& text);

/// The Othello record formats (.ggf, .tsv, .wtb) as opening lines; InputError when `path`
/// holds no game.
[[nodiscard]] std::vector<records::OpeningLine> read_othello_openings(const std::string& path);

template <>
struct RecordFormats<othello::Othello> {
  /// transcript (.txt, .tsv), ggf (.ggf), wtb (.wtb; side files "wthor-players" .JOU and
  /// "wthor-tournaments" .TRN). Reading a transcript or database refuses a record that does
  /// not replay legally: a conversion must not silently lose games.
  [[nodiscard]] static std::vector<RecordFormat> formats();
  /// A board-string line becomes the moves reaching it; other lines stay as they are.
  [[nodiscard]] static std::string plain_opening(const std::string& line, const std::string& where);
};

}  // namespace arena::records
