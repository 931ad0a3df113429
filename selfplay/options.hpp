// The options of a self-play run: a plain struct, the Boost.Program_options description that
// fills it, and the one check of its values (ranges, and its compound values parsed into types).
// The module owns its options: `arena selfplay` and the stages of `arena loop` both read them
// through this description and this check, so each knob has one range.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "analysis/sprt.hpp"
#include "engine/core/engine_config.hpp"
#include "records/time_control.hpp"
#include "selfplay/deadline.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/schedule.hpp"

namespace boost::program_options {
class options_description;  // only a reference crosses this header (see tune/options.hpp)
}  // namespace boost::program_options

namespace arena::selfplay {

/// Largest --games: ids are scheduled up front, and 10^8 games is years of play.
inline constexpr std::int64_t kMaxGames = 100'000'000;
/// Largest --nodes per move (10^15: days per move at any speed).
inline constexpr std::uint64_t kMaxNodes = 1'000'000'000'000'000;

/// Everything `arena selfplay` takes. Defaults are the CLI's defaults. A new setting also goes
/// into options_to_json/options_from_json (options_json.cpp), which hand a run to other ranks.
struct SelfplayOptions {
  std::vector<std::string> engines;     ///< --engine entries (engine_entry.hpp), two or more
  std::string each;                     ///< --each settings for every engine, "" = none
  std::int64_t games = 100;
  int threads = 1;
  std::uint64_t seed = 1;
  bool seed_given = true;               ///< false: resolve_seed() resumes or draws the seed
  std::string openings = "random:4";    ///< "random:K" or a file
  std::string opening_order = "sequential";
  int opening_plies = 0;                ///< cut a file's openings after N plies, 0 = whole lines
  std::string format = "round-robin";
  int depth = 0;                        ///< overrides, 0 = the configs' limits
  std::uint64_t nodes = 0;
  int movetime_ms = 0;
  std::string tc;                       ///< "SECONDS+INC", "" = none
  int temperature = 0;                  ///< centi-units, 0 = off
  int temperature_plies = 0;
  bool record_evals = false;
  std::vector<std::string> adjudicate;  ///< --adjudicate rules (adjudication.hpp)
  std::string engine_log;               ///< external engines' I/O log file, "" = none
  std::string out;                      ///< log path; "" = runs/selfplay-<UTC time>.jsonl
  std::string sprt;                     ///< "elo0=..,elo1=..,alpha=..,beta=..[,model=..]"
  std::string shard;                    ///< "i/n", "" = everything
  std::string rules;                    ///< the game's rule options, "" = standard
  bool quiet = false;                   ///< no progress on stderr
  bool fsync = false;                   ///< fsync the log after every game
  bool mpi_coordinator_only = false;    ///< under mpirun, rank 0 plays no games
  std::string deadline;                 ///< --deadline UTC time (deadline.hpp), "" = none
  double hours = 0.0;                   ///< --hours: a deadline this long after the start
  std::string stop_signal = "USR1";     ///< signal that stops like SIGTERM ("none" = none)
  // Set by the caller, not by options:
  std::vector<std::string> command_line;  ///< recorded in the run record
  bool handle_signals = true;           ///< SIGINT/SIGTERM stop the run cleanly
  /// The configs of the entries that are not config files (outside programs), by engine
  /// index, built by the caller that can start them (the CLI); nullopt for config entries.
  std::vector<std::optional<core::EngineConfig>> program_configs;
  /// Reads an --openings file (records/openings.hpp's, for the field's formats); empty = one
  /// opening per line.
  OpeningReader opening_reader;
};

/// Adds the self-play options (all but --json, which belongs to the command) to `desc`,
/// storing into `opts`. `opts` must outlive the parse.
void add_selfplay_options(boost::program_options::options_description& desc,
                          SelfplayOptions& opts);

/// `opts` as JSON, every setting but the caller's hooks (program_configs, opening_reader),
/// keyed by member name: how rank 0 of `mpirun arena loop` hands a self-play stage to the
/// other ranks.
[[nodiscard]] nlohmann::json options_to_json(const SelfplayOptions& opts);

/// The options of options_to_json's document (hooks empty); throws nlohmann::json::exception
/// for a missing key or a wrong type.
[[nodiscard]] SelfplayOptions options_from_json(const nlohmann::json& j);

/// The values of SelfplayOptions that are not plain numbers, parsed (check_selfplay_options).
struct CheckedOptions {
  Format format = Format::RoundRobin;
  Shard shard;
  OpeningSpec openings;
  OpeningOrder opening_order = OpeningOrder::Sequential;
  std::optional<records::TimeControl> tc;    ///< --tc, nullopt = none
  std::optional<analysis::SprtSpec> sprt;    ///< --sprt, nullopt = none
  std::optional<WallTime> deadline;          ///< --deadline / --hours after `now`
  int stop_signal = 0;                       ///< --stop-signal, 0 = none
};

/// Checks every value of `opts` that needs no engine config: the ranges of --threads
/// ([1, core::max_threads()]), --games ([1, kMaxGames]), --depth ([0, core::kMaxConfigDepth]),
/// --nodes ([0, kMaxNodes]), --movetime, --temperature, --temperature-plies (>= 0),
/// --opening-plies ([0, 1000], only with an openings file), and parses --format, --shard,
/// --openings (a file must be a regular file), --opening-order, --tc, --sprt (two engines only), --deadline/--hours after `now`
/// and --stop-signal. Throws InputError naming the option. The one range of each knob: the
/// CLI (prepare_run) and the loop's stages (loop_config.cpp) both call it.
[[nodiscard]] CheckedOptions check_selfplay_options(const SelfplayOptions& opts, WallTime now);

}  // namespace arena::selfplay
