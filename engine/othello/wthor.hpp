// Readers of real Othello game records: the WTHOR database format of the French Othello
// Federation (binary .wtb) and the transcript files of data/othello/wthor/*.tsv. Both yield
// generic records (moves in standard notation with passes made explicit, the recorded final
// score) that the tuner replays like any logged game.
//
// Each game is replayed while reading (WTHOR does not store passes: a pass is inserted when the
// side to move has no legal move). A record is "incomplete" when its moves stop before the game
// is over, "mismatched" when the recorded score differs from the replayed final score; the
// policy says whether such records keep their recorded score or are skipped. Records whose
// moves cannot be replayed at all are always skipped and counted.
//
// .wtb layout (all integers little-endian; the format note of the Federation, as summarised
// by several independent readers):
//
//   header, 16 bytes     | record, 68 bytes
//   ---------------------|------------------------------------------------------------
//   0  century      1    | 0  tournament index     2
//   1  year % 100   1    | 2  black player index   2
//   2  month        1    | 4  white player index   2
//   3  day          1    | 6  black's discs        1  (real score; empties to the winner)
//   4  games        4    | 7  theoretical score    1
//   8  records      2    | 8  moves               60  (10*row + col, 1-based; 0 = none)
//   10 game year    2    |
//   12 board size   1    |
//   13 game type    1    |
//   14 depth        1    |
//   15 reserved     1    |
//
// The player and tournament lists (WTHOR.JOU, WTHOR.TRN) share the 16-byte header, with the
// record count N2 in bytes 8-9 (bytes 4-7 are 0), followed by N2 fixed-size names: 20 bytes a
// player, 26 a tournament, each a NUL-terminated string (ISO 8859-1). Source: the French
// Othello Federation's format note "Format des fichiers WTHOR" (ffothello.org, "La base
// WTHOR"), the same layout Edax's and others' readers follow. A game's index fields point into
// these lists (0-based).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace arena::othello {

/// What to do with a record that stops early or whose recorded score differs from the replay.
enum class InvalidRecordPolicy {
  UseRecorded,  ///< keep it, with the recorded score as the result
  Skip          ///< drop it
};

/// "use" -> UseRecorded, "skip" -> Skip; throws InputError naming `option` otherwise.
[[nodiscard]] InvalidRecordPolicy parse_invalid_record_policy(const std::string& text,
                                                              const std::string& option);

/// One real game, generic: replay `moves` from the initial position.
struct RecordedGame {
  std::string source;              ///< "FILE:LINE" (transcripts) or "FILE#INDEX" (.wtb, 1-based)
  std::string event;               ///< the event column (transcripts), tournament name or index
  std::string black;               ///< black's name (.wtb with a player list), else ""
  std::string white;
  std::vector<std::string> moves;  ///< standard notation, passes explicit ("pass")
  int recorded_score = 0;          ///< recorded final disc difference, black's view
  int replayed_score = 0;          ///< the replay's final score (WOF rule), black's view
  bool complete = true;            ///< the replay reached the end of the game
};

/// Counts of one or more files read.
struct RecordStats {
  std::size_t records = 0;     ///< records found (games in the file)
  std::size_t kept = 0;        ///< records returned
  std::size_t incomplete = 0;  ///< stop before the end of the game
  std::size_t mismatched = 0;  ///< complete, but the recorded score differs from the replay
  std::size_t illegal = 0;     ///< a move could not be replayed (always skipped)
  std::size_t skipped = 0;     ///< dropped: illegal, or invalid under Skip
  /// The first kNamedIllegal illegal records: "FILE:LINE: move N (sq): why" (FILE#INDEX: for
  /// .wtb records), so that a warning or an error can point at them.
  std::vector<std::string> illegal_records;
  static constexpr std::size_t kNamedIllegal = 5;
};

/// Reads a transcript file: '#' comment lines, then tab-separated lines "event<TAB>B-W<TAB>
/// transcript" (B-W the recorded disc counts of black and white, the transcript "f5d6c3..."
/// with passes implicit). Adds to `stats`. Throws InputError naming FILE:LINE for an
/// unreadable file or a malformed line (wrong column count, a score that is not "B-W").
[[nodiscard]] std::vector<RecordedGame> read_wthor_transcripts(const std::string& path,
                                                               InvalidRecordPolicy policy,
                                                               RecordStats& stats);

/// The names of a WTHOR player list (.JOU) or tournament list (.TRN).
struct WthorNames {
  std::vector<std::string> players;
  std::vector<std::string> tournaments;
};

/// Name record sizes of the two lists (see the layout above).
inline constexpr std::size_t kWthorPlayerBytes = 20;
inline constexpr std::size_t kWthorTournamentBytes = 26;

/// Reads a .JOU (record_bytes 20) or .TRN (26) list. Throws InputError naming the file for an
/// unreadable file or a size that disagrees with the header's count.
[[nodiscard]] std::vector<std::string> read_wthor_names(const std::string& path,
                                                        std::size_t record_bytes);

/// Writes a .JOU / .TRN list of `names` (each cut to record_bytes - 1 bytes), header dated
/// today with `year` as the games' year. Throws InputError when the file cannot be written.
void write_wthor_names(const std::string& path, const std::vector<std::string>& names,
                       std::size_t record_bytes, int year);

/// Reads a WTHOR .wtb database (layout above); with `names`, the games' tournament and player
/// indices become names (event, black, white). Adds to `stats`. Throws InputError naming the
/// file for an unreadable file, a size that is not 16 + 68 * games, or a header whose game
/// count disagrees with the size, and FILE#INDEX for a move byte that is not a square or an
/// index outside a given list.
[[nodiscard]] std::vector<RecordedGame> read_wthor_database(const std::string& path,
                                                            InvalidRecordPolicy policy,
                                                            RecordStats& stats,
                                                            const WthorNames* names = nullptr);

/// One game to write to a .wtb database.
struct WthorGame {
  std::vector<std::string> moves;  ///< legal moves from the start ("pass" entries dropped)
  int black_discs = 32;            ///< black's final disc count, empties to the winner
  int tournament = 0;              ///< index into the tournament list
  int black = 0;                   ///< index into the player list
  int white = 0;
};

/// Writes a .wtb database of `games`, header dated today, `year` the games' year, depth 0 (the
/// theoretical score byte then equals the real one: perfect play from 0 empties). Throws
/// InputError for a malformed move or an unwritable file.
void write_wthor_database(const std::string& path, const std::vector<WthorGame>& games, int year);

/// One game in .wtb record layout (68 bytes) from a legal move list ("pass" entries are
/// dropped) and black's disc count with empties to the winner.
[[nodiscard]] std::vector<std::uint8_t> encode_wthor_record(const std::vector<std::string>& moves,
                                                            int black_discs, int tournament = 0,
                                                            int black = 0, int white = 0);

}  // namespace arena::othello
