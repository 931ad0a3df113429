// Game logs: JSON Lines, append-only (design.md, "Game logs"). Line 1 of a log is the run
// record (`"type":"run"`), every further line one finished game (`"type":"game"`) or, once, the
// SPRT's decision (`"type":"sprt"`). A game line
// is written whole with one write(2) and counts only once it is complete, so a crash or SIGKILL
// leaves at most a torn last line, which readers drop with a warning.
//
// This header is the one reader of logs for every command (analyze, tune, loop, merge,
// report): use read_logs() for "many files of one run" and read_log_file() for one file.
//
// Run record fields (format version 1):
//   type "run", format_version, game, rules, engines [{name, hash (16 hex digits, FNV-1a 64 of
//   the config text), config (full text), path, optional limits (this engine's effective
//   limits, same shape as the run's, when they differ from them)}], seed, limits {depth,
//   nodes, movetime (ms), tc ("SECONDS+INC" or "")}, openings ("random:K" or a file path),
//   opening_order, optional opening_plies (a file's openings cut after N plies), format
//   ("round-robin" | "gauntlet"), games, shard {index, count}, sprt (spec text or ""),
//   temperature (centi-units, 0 = off), temperature_plies, record_evals, optional adjudicate
//   [rules as "exact:E" / "score:MARGIN:N", absent = none], command_line [words],
//   arena_version, arena_revision, start_time (UTC, ISO 8601).
// Game record fields:
//   type "game", id, pair, opening [moves], first, second (engine names; first moves first),
//   moves [the plies after the opening, passes included], score (final, first player's view,
//   game units; null when the game ended before its score was known, i.e. by resignation:
//   the result alone is then the outcome), result ("1-0" | "0-1" | "1/2-1/2"), termination ("normal" | "illegal-move" |
//   "crash" | "timeout" | "adjudicated" | "resign"), reason ("" for normal), evals (present only with
//   record_evals: one entry per element of `moves`, {score (mover's view, centi-units), depth,
//   nodes, ms, optional engine_ms (an external engine's own time)} or null when the move was
//   not searched), optional times (one integer per
//   element of `moves`: the mover's wall time for it in ms, as the game loop measured it
//   for every kind of player; absent in older logs), optional cpu (one integer per element of
//   `moves`: the CPU time spent on it in ms, the game loop's thread and, for an outside
//   engine, its process while it was asked for the move; absent in older logs), ms (wall time
//   of the game), seed,
//   after_decision (optional, written only as true: the game finished after the SPRT decided
//   and does not change the verdict).
// SPRT decision (written once, after the game that decided; optional on read):
//   type "sprt", first, second (the pairing's engines), pairs (complete pairs counted), games,
//   llr, bounds [lower, upper], elo0, elo1, alpha, beta, model ("logistic" | "normalized" |
//   "bayeselo"), over ("pairs" | "games"), verdict ("H0" | "H1").
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "analysis/sprt.hpp"
#include "records/time_control.hpp"
#include "records/log_codec.hpp"

namespace arena::records {

/// Version of the record layout written by this build; readers accept exactly this version.
inline constexpr int kLogFormatVersion = 1;

/// Limits imposed on engines from the command line; 0 / "" = the config's own limits.
struct LogLimits {
  int depth = 0;                ///< plies
  std::uint64_t nodes = 0;
  int movetime_ms = 0;
  std::optional<TimeControl> tc;  ///< game clock, written as its text ("60+0.5"), "" = none
  bool operator==(const LogLimits&) const = default;
};

/// An engine as identified in a run: name plus a hash of its config text.
struct LogEngine {
  std::string name;
  std::string hash;    ///< 16 lowercase hex digits: FNV-1a 64 of `config`
  std::string config;  ///< the config file's full text
  std::string path;    ///< where it was read from (informational, not compared)
  /// This engine's effective limits when --each or its --engine entry changed the run's
  /// global `limits`; absent = the global ones (and in logs written before per-engine limits).
  std::optional<LogLimits> limits{};
  bool operator==(const LogEngine&) const = default;
};

/// The first line of a log: everything that determines the games of the run.
struct RunRecord {
  int format_version = kLogFormatVersion;
  std::string game;                 ///< registered game name ("othello", "blokus-duo")
  std::string rules;                ///< G::format_rules of the run's rules ("" = defaults)
  std::vector<LogEngine> engines;
  std::uint64_t seed = 0;
  LogLimits limits;
  std::string openings;             ///< "random:K" or the openings file path
  std::string opening_order = "sequential";
  int opening_plies = 0;            ///< --opening-plies; written when > 0
  std::string format = "round-robin";
  std::int64_t games = 0;           ///< requested games (ids 0..games-1 over all shards)
  int shard_index = 0;              ///< this log holds pairs with pair % shard_count == index
  int shard_count = 1;
  std::optional<analysis::SprtSpec> sprt;  ///< the --sprt spec (written as given), nullopt = none ("")
  int temperature = 0;              ///< softmax temperature, centi-units; 0 = off
  int temperature_plies = 0;
  bool record_evals = false;
  std::vector<std::string> adjudicate;  ///< --adjudicate rules ("exact:12", ...); written when set
  // Informational fields, never compared:
  std::vector<std::string> command_line;
  std::string arena_version;
  std::string arena_revision;
  std::string start_time;
};

/// How a game ended. Resign: a player gave up (GTP `genmove` answered `resign`, GTP 2 spec
/// section 6.3.3), a normal loss whose final score is left open.
enum class Termination { Normal, IllegalMove, Crash, Timeout, Adjudicated, Resign };

/// "normal", "illegal-move", "crash", "timeout", "adjudicated", "resign".
[[nodiscard]] const char* termination_name(Termination t);

/// Every termination kind, in enum order (so counts over them pick up a new kind by itself).
[[nodiscard]] std::span<const Termination> all_terminations();

/// Whether `t` is a loss by fault of the loser's program (illegal move, crash, timeout), as
/// opposed to a game played out, resigned or adjudicated.
[[nodiscard]] bool is_forfeit(Termination t);

/// The engine's view of one move (the tuner's label): search score from the mover's view in
/// centi-units, completed depth (plies), nodes searched and the move's wall time; for an
/// external engine, the time it reported itself (NBoard `=== move/eval/time`).
struct MoveEval {
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  double ms = 0.0;
  std::optional<double> engine_ms;  ///< the engine's own time for the move, ms (written when set)
  /// Equality ignores `ms` (timing is not part of a game's identity).
  bool operator==(const MoveEval& o) const {
    return score == o.score && depth == o.depth && nodes == o.nodes;
  }
};

/// One finished game.
struct GameRecord {
  std::int64_t id = 0;
  std::int64_t pair = 0;                 ///< id / 2: the two games of an opening
  std::vector<std::string> opening;      ///< moves played before the engines took over
  std::string first;                     ///< engine name of the first player
  std::string second;
  std::vector<std::string> moves;        ///< plies after the opening, passes included
  int score = 0;                         ///< final score, first player's view, game units
  /// The final score was never reached (a resignation): `score` holds only the result's sign
  /// (+-1) and is written as null.
  bool score_open = false;
  Termination termination = Termination::Normal;
  std::string reason;                    ///< why, for any termination but Normal
  std::vector<std::optional<MoveEval>> evals;  ///< empty, or one per element of `moves`
  std::vector<std::int64_t> times;       ///< empty (not recorded), or ms per element of `moves`
  std::vector<std::int64_t> cpu;         ///< empty (not recorded), or CPU ms per element of `moves`
  double ms = 0.0;                       ///< wall time of the whole game
  std::uint64_t seed = 0;                ///< the game's seed (derived from run seed and id)
  bool after_decision = false;           ///< finished after the SPRT decided (not counted by it)
  /// "FILE:LINE: " of the line it was read from ("" when not read from a file); not written,
  /// not compared. For messages of later checks (selfplay/log_check.hpp).
  std::string origin;

  /// "1-0", "0-1" or "1/2-1/2" from the sign of `score`.
  [[nodiscard]] std::string result() const;
  /// opening followed by moves: the whole game from the initial position.
  [[nodiscard]] std::vector<std::string> transcript() const;
  /// Equality ignores timing (`ms` here and in evals, `times`, `cpu`) and `after_decision`: a
  /// replayed game compares equal.
  bool operator==(const GameRecord& o) const;
};

/// The JSON object of a record (one log line without the newline), fields in the order listed
/// above ("type" first, so `grep '"type":"run"'` and a human find their way).
[[nodiscard]] nlohmann::ordered_json to_json(const RunRecord& r);
[[nodiscard]] nlohmann::ordered_json to_json(const GameRecord& g);
[[nodiscard]] nlohmann::ordered_json to_json(const analysis::SprtDecision& d);

/// Parses a record. Throws InputError prefixed with `where` ("FILE:LINE: ") naming the
/// missing or mistyped field.
[[nodiscard]] RunRecord run_record_from_json(const nlohmann::json& j, const std::string& where);
[[nodiscard]] GameRecord game_record_from_json(const nlohmann::json& j, const std::string& where);
[[nodiscard]] analysis::SprtDecision sprt_decision_from_json(const nlohmann::json& j,
                                                             const std::string& where);

/// Engine `index`'s effective limits: its own when recorded, else the run's.
[[nodiscard]] const LogLimits& engine_limits(const RunRecord& r, std::size_t index);

/// The first field (by its JSON name, e.g. "seed", "engines[1].hash", "limits.depth") in which
/// two run records differ in a way that changes the games, or nullopt when they agree.
/// Informational fields (command_line, arena_version, arena_revision, start_time, engine
/// paths) are never compared; the shard is compared unless `ignore_shard` (merging shards).
[[nodiscard]] std::optional<std::string> run_record_difference(const RunRecord& a,
                                                               const RunRecord& b,
                                                               bool ignore_shard);

/// One log file as read from disk.
struct LogFile {
  std::string path;
  RunRecord run;
  std::vector<GameRecord> games;    ///< in file order; identical duplicates kept once
  std::optional<analysis::SprtDecision> decision;  ///< the SPRT decision line, if any
  std::int64_t lines = 0;           ///< game lines read, identical duplicates included
  bool torn_tail = false;           ///< the last line was incomplete and was dropped
  std::uint64_t intact_bytes = 0;   ///< file size without the torn tail (for truncation)
  std::vector<std::string> warnings;  ///< "FILE:LINE: ..." for the torn tail, duplicates
};

/// Reads one log, plain or compressed (`.gz`, `.zst`: log_codec.hpp). A last line that does not
/// end in '\n', or a compressed log's last frame cut short, is a torn write: dropped with a
/// warning (FILE:LINE). Throws InputError naming FILE:LINE for: an unreadable file, an empty
/// file, a first line that is not a run record, any other malformed line or record, a format
/// version other than kLogFormatVersion, a second run record, a second SPRT decision that
/// differs from the first, and a duplicate game id whose content differs (an identical
/// duplicate is kept once, with a warning).
[[nodiscard]] LogFile read_log_file(const std::string& path);

/// Several logs of one run (e.g. shards), combined.
struct LogSet {
  RunRecord run;                    ///< the first file's; shard set to 0/1 when files differ
  std::vector<GameRecord> games;    ///< sorted by id, each id once
  /// The files' SPRT decision when they agree (or one file has one); none, with a warning,
  /// when two files record different decisions (shards deciding on their own).
  std::optional<analysis::SprtDecision> decision;
  std::vector<std::string> warnings;
  std::int64_t lines_read = 0;      ///< game lines over all files, duplicates included
  std::int64_t duplicates = 0;      ///< identical duplicate game lines dropped
  std::int64_t torn_tails = 0;      ///< files whose torn last line was dropped
};

/// Reads and combines logs. Beyond read_log_file's checks, throws InputError when a file's run
/// record differs from the first file's (naming both files and the field; shards may differ)
/// or when two files hold the same game id with different content. Identical duplicates are
/// kept once. Throws InputError when `paths` is empty.
[[nodiscard]] LogSet read_logs(const std::vector<std::string>& paths);

/// Writes a whole log at once (merge): the run record and `games`, a compressed path (`.gz`,
/// `.zst`) as one frame (a better ratio than a frame per line), the SPRT `decision` line after
/// the games when given, through "PATH.partial" renamed
/// over `path`, so an interrupted write never leaves a half log there. Throws InputError when
/// the file cannot be written.
void write_log_file(const std::string& path, const RunRecord& run,
                    const std::vector<GameRecord>& games,
                    const std::optional<analysis::SprtDecision>& decision = std::nullopt);

/// Appends records to a log, one whole line per write(2), safe to call from many threads. A
/// compressed path (`.gz`, `.zst`) gets one complete gzip member / zstd frame per line. The
/// writer holds an exclusive flock(2) on the file while it lives: a second writer of the same
/// log (another run) is refused.
class LogWriter {
 public:
  /// Creates (or truncates) `path` and writes the run record. Parent folders are created.
  /// Throws InputError if the file cannot be created, is locked by another writer, or the
  /// run record cannot be written.
  static LogWriter create(const std::string& path, const RunRecord& run, bool sync = false);
  /// Opens an existing log for appending after truncating it to `intact_bytes` (drops a torn
  /// tail found by read_log_file). Throws InputError if it cannot be opened or is locked.
  static LogWriter append(const std::string& path, std::uint64_t intact_bytes, bool sync = false);
  /// Opens `path` for writing with its lock taken, creating it empty (and its parent folders)
  /// when absent, and writes nothing. A run takes the lock before it reads the log to resume
  /// it, so that no other run can write between that reading and start() or resume_at().
  /// Throws InputError if it cannot be opened or is locked by another writer.
  static LogWriter lock(const std::string& path, bool sync = false);
  /// A writer from lock() begins a new log: the file is cut to nothing, then the run record is
  /// written. Throws InputError on an I/O error.
  void start(const RunRecord& run);
  /// A writer from lock() continues a log: the file is cut to `intact_bytes` (read_log_file's
  /// whole lines). Throws InputError on an I/O error.
  void resume_at(std::uint64_t intact_bytes);

  LogWriter(LogWriter&& o) noexcept;
  LogWriter& operator=(LogWriter&&) = delete;
  LogWriter(const LogWriter&) = delete;
  ~LogWriter();

  /// Writes one game line and, with `sync`, fsyncs. Thread-safe. Throws InputError naming the
  /// file on an I/O error (disk full, file size limit): the file is cut back to its last
  /// whole line first, and every later write throws the same error.
  void write(const GameRecord& g);
  /// Writes the SPRT decision line (same guarantees as write(GameRecord)).
  void write(const analysis::SprtDecision& d);
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  LogWriter(std::string path, int fd, bool sync, LogCodec codec)
      : path_(std::move(path)), fd_(fd), sync_(sync), codec_(codec) {}
  void write_line(const std::string& text);

  std::string path_;
  int fd_ = -1;
  bool sync_ = false;
  LogCodec codec_ = LogCodec::Plain;
  std::string failure_;  ///< the first write failure's message; later writes repeat it
  std::mutex mutex_;
};

}  // namespace arena::records
