// Game record formats other than the arena log, read into and written from one neutral shape,
// RecordGame: players, move tokens, an optional recorded score. Readers keep the moves as the
// format writes them (minus notation changes that need no rules); replaying them, inserting
// implicit passes and checking legality is the bridge's job (bridge.hpp).
//
//   format      game        one game is                                 passes
//   transcript  othello     a line "event<TAB>B-W<TAB>f5d6c3..."       implicit
//                           (read by engine/othello/wthor.hpp)
//   ggf         othello     "(;GM[Othello]...;)"                        PA, or implied by colour
//   fourcc      blokus-duo  a line of 4-character codes, '#' comments,  "----"/"0000", or
//                           an optional leading game name               implicit
//   blksgf      blokus-duo  Pentobi SGF "(;GM[Blokus Duo]...;B[..]..)"  implied by colour
//   wtb         othello     a WTHOR database record (read only; tune's reader)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arena::records {

/// One game as read from (or to be written to) a record file.
struct RecordGame {
  std::string first;                 ///< first player's name ("" when the format has none)
  std::string second;
  std::vector<std::string> moves;    ///< move tokens; the bridge replays them
  std::optional<int> score;          ///< recorded final score (first player's view), if any
  std::string origin;                ///< "FILE:LINE: " where the game starts (for errors)
};

/// Record formats `arena convert` knows.
enum class Format { Log, Transcript, Ggf, Fourcc, Blksgf, Wtb, Positions };

/// "log", "transcript", "ggf", "fourcc", "blksgf", "wtb", "positions" -> Format; InputError
/// otherwise. Positions (labelled positions, tune/positions.hpp) are written only.
[[nodiscard]] Format parse_format(const std::string& name);
/// The name parse_format reads.
[[nodiscard]] std::string format_name(Format f);
/// The format a file name suggests: .jsonl(.gz/.zst)/.log -> Log, .ggf, .wtb, .blksgf, .fourcc(.txt) ->
/// Fourcc, .txt/.tsv -> Transcript, .obf -> Positions. InputError naming the path when the extension is unknown.
[[nodiscard]] Format format_from_path(const std::string& path);
/// The game a record format belongs to ("othello" or "blokus-duo"); "" for Log and Positions.
[[nodiscard]] std::string format_game(Format f);

/// Othello transcripts in the layout engine/othello/wthor.hpp reads (the reader lives there):
/// a '#' comment line, then one line per game "event<TAB>B-W<TAB>f5d6c3..." with the disc
/// counts from the score (black = (64 + score) / 2) and passes left out. The event is
/// "first vs second".
[[nodiscard]] std::string write_transcripts(const std::vector<RecordGame>& games);

/// GGF games (see ggf.hpp); RE "+n"/"-n" gives the recorded score.
[[nodiscard]] std::vector<RecordGame> read_ggf_games(std::string_view text, const std::string& origin);
/// One GGF game per line; the score (when set) goes to RE as "+n.000" / "-n.000" / "0.000".
[[nodiscard]] std::string write_ggf_games(const std::vector<RecordGame>& games);

/// 4-character code lists: one game per non-comment line, tokens separated by spaces; a first
/// token that is not 4 characters long is the game's name and is dropped (a 4-character first
/// token is a move). Throws InputError "FILE:LINE: move N ('code'): ..." for a token that is
/// not a well-formed code (legality is the bridge's check).
[[nodiscard]] std::vector<RecordGame> read_fourcc(std::string_view text, const std::string& origin);
/// One line per game: "# first vs second" then the codes separated by spaces ("----" passes).
[[nodiscard]] std::string write_fourcc(const std::vector<RecordGame>& games);

/// Pentobi SGF: every "(;GM[Blokus Duo]...)" game; moves become 4-character codes, and a
/// colour that moves twice in a row implies the other's pass ("----" inserted). Throws
/// InputError "FILE:LINE: ..." for another GM, a malformed square list or unbalanced brackets.
[[nodiscard]] std::vector<RecordGame> read_blksgf(std::string_view text, const std::string& origin);
/// Pentobi SGF of the games (moves given as 4-character codes; passes are left out, as Pentobi
/// writes them): "(;GM[Blokus Duo]PB[..]PW[..];B[f9,e10,...];W[...])", one game per line.
[[nodiscard]] std::string write_blksgf(const std::vector<RecordGame>& games);

/// The games in record format f (transcript, ggf, fourcc or blksgf); InputError for the log
/// and wtb formats, which are not written as records.
[[nodiscard]] std::string write_records(Format f, const std::vector<RecordGame>& games);

/// The whole file; InputError naming it when it cannot be read.
[[nodiscard]] std::string read_text_file(const std::string& path);
/// Writes (replaces) the file; InputError naming it when it cannot be created or written.
void write_text_file(const std::string& path, const std::string& text);

}  // namespace arena::records
