// GGF (Generic Game Format, the Othello servers' and NBoard's game record): one game is
// "(;GM[Othello]PB[..]PW[..]RE[..]TY[8]BO[8 <64 squares> <side>]B[F5//0.01]W[F6];)".
// Squares in BO run a1..h1, a2..h8 with '*' black, 'O' white, '-' empty; the side is '*' or
// 'O'. A move is a square or PA (pass), optionally followed by "/eval/time". This layer only
// reads and writes the text; replaying the moves is the log bridge's job.
// Othello's record format (and NBoard's game text), so it lives in Othello's bindings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "records/formats.hpp"

namespace arena::records {

/// The standard start in GGF's BO notation, black to move.
inline constexpr std::string_view kGgfStartBoard =
    "---------------------------O*------*O--------------------------- *";

/// One GGF game. Moves are in arena notation: lower-case squares ("f5") and "pass".
struct GgfGame {
  std::string black;                         ///< PB
  std::string white;                         ///< PW
  std::string result;                        ///< RE as written ("+4.000", "?", "" = absent)
  std::string date;                          ///< DT
  std::string place;                         ///< PC
  std::string time;                          ///< TI
  std::string board = std::string(kGgfStartBoard);  ///< BO without the leading "8 "
  std::vector<std::string> moves;
  std::size_t line = 0;                      ///< 1-based line of its "(;" (0 = not read)
  std::vector<MoveNote> notes;               ///< empty, or one per move ("/eval/time")
};

/// A GGF clock, the TI value "TIME[/INCREMENT[/GRACE]]" (each [[days.]hours:]minutes:]seconds,
/// whole seconds; an empty field is 0), as NTest's COsClock reads and writes it
/// (ntest src/odk/OsObjects.cpp, COsClock::In/Out).
struct GgfClock {
  int seconds = 0;            ///< time each side starts with
  int increment_seconds = 0;  ///< added after each of the side's moves
  int grace_seconds = 0;      ///< extra time once, when the clock first runs out
};

/// Parses a TI value; throws InputError (prefixed with `where`) when malformed.
[[nodiscard]] GgfClock parse_ggf_clock(std::string_view text, const std::string& where);

/// The TI text of a clock: "M:SS" fields, "/INC" when an increment or grace is set.
[[nodiscard]] std::string format_ggf_clock(const GgfClock& c);

/// The GGF text of `g` on one line, "(;GM[Othello]...;)". Absent fields are omitted; a move
/// with a note is written "F5/1.50/0.25" (eval with 2 decimals, time in seconds), either part
/// left empty when unknown (GGF, skatgame.net/mburo/ggsa/ggf: "B[<move>[/<eval>[/<time>]]]").
[[nodiscard]] std::string format_ggf(const GgfGame& g);

/// Parses every game of a GGF text (games may be separated by anything outside "(;...;)").
/// `origin` names the text in errors ("FILE"); throws InputError "FILE:LINE: ..." for an
/// unbalanced game, a malformed property, a board that is not 64 squares and a side, a
/// non-Othello GM, or a malformed move.
[[nodiscard]] std::vector<GgfGame> parse_ggf(std::string_view text, const std::string& origin);

/// The board and side of a GGF BO value ("<64 squares> <side>") as an arena Othello board
/// string ('X' black, 'O' white, '-' empty) and side "X"/"O".
struct GgfBoard {
  std::string squares;
  std::string side;
};
/// Converts a BO value; throws InputError (prefixed with `where`) when malformed.
[[nodiscard]] GgfBoard ggf_board_to_arena(std::string_view bo, const std::string& where);

}  // namespace arena::records
