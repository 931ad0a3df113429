// The game-independent preparation of a run, all done before any game: options checked,
// engine configs loaded, the run record built, an existing log inspected for resuming.
// Every problem is an InputError (exit 2) naming the option, file or field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/sprt.hpp"
#include "engine/core/engine_config.hpp"
#include "selfplay/deadline.hpp"
#include "selfplay/engine_entry.hpp"
#include "records/game_log.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/options.hpp"
#include "selfplay/play_game.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

/// A checked run, ready for its game to add rules and openings.
struct RunSetup {
  std::vector<core::EngineConfig> configs;
  std::vector<std::string> names;          ///< engine names by index (distinct)
  records::RunRecord record;               ///< `rules` still to be filled by the game
  Schedule schedule;
  std::optional<analysis::SprtParams> sprt;
  PlaySettings settings;
  OpeningSpec openings;
  OpeningOrder opening_order = OpeningOrder::Sequential;
  std::string log_path;                    ///< --out, or the default path
  std::optional<WallTime> deadline;        ///< --deadline / --hours
  int stop_signal = 0;                     ///< --stop-signal, 0 = none
};

/// Checks `opts` and loads the configs (an outside program's from opts.program_configs).
/// Throws InputError for: fewer than two engines, a malformed --engine entry or --each, an
/// unreadable or invalid config (the parser names file:line:key), configs of different games,
/// two engines with one name, --threads outside [1, core::max_threads()], --games outside
/// [1, kMaxGames], limits that are negative or beyond their ceilings, a malformed --tc,
/// --openings, --opening-order, --format, --shard or --sprt, --sprt with more than two engines,
/// a malformed or past --deadline (or with --hours), a --stop-signal that cannot be caught.
[[nodiscard]] RunSetup prepare_run(const SelfplayOptions& opts);

/// Each engine's settings by index: its --engine entry's over --each (InputError naming the
/// entry or --each when malformed).
[[nodiscard]] std::vector<EngineSettings> engine_settings(const SelfplayOptions& opts);

/// The game of a run's configs (loads them; the same checks as prepare_run).
[[nodiscard]] std::string selfplay_game(const SelfplayOptions& opts);

/// What an existing log contributes to a run.
struct ResumeState {
  bool resume = false;               ///< the log exists with a run record: append to it
  std::uint64_t intact_bytes = 0;    ///< truncate to this before appending (drops a torn tail)
  std::vector<records::GameRecord> games;  ///< games already logged, in file order
  std::optional<analysis::SprtDecision> decision;  ///< the log's SPRT decision line
  std::vector<std::string> warnings;
};

/// Inspects `path`: absent, not a regular file, empty or without one complete line (a torn run
/// record) -> a new log (the last case with a warning). Otherwise reads it (read_log_file) and
/// throws InputError when its run record differs from `record` (naming the field) or when it
/// holds a game id outside `schedule`'s shard.
[[nodiscard]] ResumeState inspect_log(const std::string& path, const records::RunRecord& record,
                                      const Schedule& schedule);

/// The ids of the shard not yet in `done`, in increasing order.
[[nodiscard]] std::vector<std::int64_t> pending_ids(const Schedule& schedule,
                                                   const std::vector<records::GameRecord>& done);

/// The run seed: `opts.seed` when `opts.seed_given`; else the seed of the log at `opts.out`
/// when it holds a run record (a rerun resumes it); else a fresh one from std::random_device.
/// `source` is set to "given", "log" or "drawn". Throws InputError for a new --shard without
/// --seed (shards must share the run's seed).
[[nodiscard]] std::uint64_t resolve_seed(const SelfplayOptions& opts, std::string& source);

/// `opts` with its seed resolved (resolve_seed); a drawn or resumed seed is printed on stderr
/// with the --seed that reproduces the run.
[[nodiscard]] SelfplayOptions with_resolved_seed(const SelfplayOptions& opts);

/// "runs/selfplay-YYYYmmdd-HHMMSS.jsonl" (UTC) relative to the working folder.
[[nodiscard]] std::string default_log_path();

}  // namespace arena::selfplay
