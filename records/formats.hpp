// Game record formats other than the arena log, read into and written from one neutral shape,
// RecordGame: players, move tokens, an optional recorded score. Readers keep the moves as the
// format writes them (minus notation changes that need no rules); replaying them, inserting
// implicit passes and checking legality is the bridge's job (bridge.hpp).
//
// The formats belong to their games: each game lists its own in a specialisation of
// RecordFormats<G> in its folder (engine/<game>/bind/records.hpp: GGF, WTHOR transcripts and
// databases for Othello; 4-character code lists and Pentobi SGF for Blokus Duo), and the
// registry (engine/registry/record_formats.hpp) gathers them. Two formats are arena's own and
// known here: "log" (arena's game log) and "positions" (labelled positions, written only).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "records/opening_lines.hpp"

namespace arena::records {

/// What a record may say about one move besides the move (GGF "/eval/time").
struct MoveNote {
  std::optional<double> eval;        ///< the mover's evaluation, game units (discs), mover's view
  std::optional<double> seconds;     ///< thinking time
};

/// A side line of a game tree (SGF variations): the moves played instead of its parent line's
/// from the parent's move `at` on (passes as in the parent: "----" where a colour moves twice),
/// with its own side lines.
struct Variation {
  std::size_t at = 0;                 ///< index into the parent line's moves where it branches
  std::vector<std::string> moves;     ///< move tokens from there on
  std::vector<Variation> variations;  ///< side lines of this line, by `at` (into `moves`)
};

/// One game as read from (or to be written to) a record file.
struct RecordGame {
  std::string first;                 ///< first player's name ("" when the format has none)
  std::string second;
  std::vector<std::string> moves;    ///< move tokens; the bridge replays them
  std::vector<MoveNote> notes;       ///< empty, or one per element of `moves`
  std::optional<int> score;          ///< recorded final score (first player's view), if any
  std::vector<Variation> variations; ///< side lines off `moves`, by `at` (formats with trees)
  std::string origin;                ///< "FILE:LINE: " where the game starts (for errors)
};

/// What a format's reader or writer may need besides the games.
struct FormatOptions {
  /// Side files by option name, e.g. "wthor-players" -> PATH ("" or absent = none).
  std::map<std::string, std::string> files;
  /// The input file a write converts (a format may name its event after it).
  std::string source;

  /// files[name], "" when absent.
  [[nodiscard]] std::string file(const std::string& name) const;
};

/// One record format of a game, as its RecordFormats<G> lists it.
struct RecordFormat {
  std::string name;                    ///< --from-format / --to-format name ("ggf")
  std::string game;                    ///< G::kName of the games it holds
  std::vector<std::string> suffixes;   ///< lower-case file name endings that suggest it
  /// The file's games; InputError naming FILE (and LINE) for a malformed one. Empty when the
  /// format cannot be read.
  std::function<std::vector<RecordGame>(const std::string& path, const FormatOptions&)> read;
  /// Writes (replaces) the file; InputError naming it. Empty when the format cannot be written.
  std::function<void(const std::string& path, const std::vector<RecordGame>&,
                     const FormatOptions&)> write;
  /// The file's openings when they are not just its games' moves (e.g. a game from a set-up
  /// board); empty = the games replayed from the start.
  std::function<std::vector<OpeningLine>(const std::string& path)> read_openings;
};

/// A format as named or told by a file name: arena's log, labelled positions, or a record
/// format of a game.
struct FormatRef {
  enum class Kind { Log, Positions, Record };
  Kind kind = Kind::Log;
  RecordFormat record;                 ///< the record format (Kind::Record only)
  std::string suffix;                  ///< the file name ending that told it ("" when named)

  /// "log", "positions" or the record format's name.
  [[nodiscard]] std::string name() const;
  /// The game the format belongs to; "" for the log and positions.
  [[nodiscard]] std::string game() const;
};

/// Game G's record formats. A game binds them by specialising this template in its folder with
/// `static std::vector<RecordFormat> formats()`, and optionally
/// `static std::string plain_opening(const std::string& line, const std::string& where)`: a line
/// of a plain openings file as moves (Othello: a board string becomes the moves reaching it),
/// InputError prefixed by `where`. The primary template, a game without formats, lists none.
template <class G>
struct RecordFormats {
  [[nodiscard]] static std::vector<RecordFormat> formats() { return {}; }
};

/// Whether game G rewrites plain opening lines (RecordFormats<G>::plain_opening).
template <class G>
concept HasPlainOpening = requires(const std::string& s) {
  { RecordFormats<G>::plain_opening(s, s) } -> std::convertible_to<std::string>;
};

/// "log", each of `formats`' names, then "positions" -> that format; InputError listing them
/// otherwise.
[[nodiscard]] FormatRef parse_format(const std::string& name,
                                     const std::vector<RecordFormat>& formats);
/// The format a file name suggests: .jsonl(.gz/.zst)/.log -> log, .obf -> positions, else the
/// record format with the longest matching suffix (so .fourcc.txt beats .txt). InputError
/// naming the path when no ending is known.
[[nodiscard]] FormatRef format_from_path(const std::string& path,
                                         const std::vector<RecordFormat>& formats);
/// "log, transcript, ..., positions": the format names for messages and --help.
[[nodiscard]] std::string format_names(const std::vector<RecordFormat>& formats,
                                       const std::string& last_separator = ", ");

/// The lines of `text` with their 1-based numbers, without the line ends ('\n', "\r\n"); a
/// last line without '\n' counts when it is not empty.
[[nodiscard]] std::vector<std::pair<std::size_t, std::string>> text_lines(std::string_view text);

}  // namespace arena::records
