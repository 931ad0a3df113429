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
  std::string event;               ///< the event column (transcripts) or tournament index
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

/// Reads a WTHOR .wtb database (layout above). Adds to `stats`. Throws InputError naming the
/// file for an unreadable file, a size that is not 16 + 68 * games, or a header whose game
/// count disagrees with the size, and FILE#INDEX for a move byte that is not a square.
[[nodiscard]] std::vector<RecordedGame> read_wthor_database(const std::string& path,
                                                            InvalidRecordPolicy policy,
                                                            RecordStats& stats);

/// One game in .wtb record layout (68 bytes) from a legal move list ("pass" entries are
/// dropped) and black's disc count with empties to the winner. For writing test databases.
[[nodiscard]] std::vector<std::uint8_t> encode_wthor_record(const std::vector<std::string>& moves,
                                                            int black_discs,
                                                            int tournament = 0);

}  // namespace arena::othello
