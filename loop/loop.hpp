// `arena loop`, the main job: rounds of self-play -> tune -> match, keeping a candidate only
// when its match against the current best accepts H1 of an SPRT, then a final match of the best
// config against the starting one. Game-generic: it drives the self-play and tuning libraries
// and never names a game.
//
// Run folder (resumable; rerunning the same command continues where it stopped):
//   runs/<UTC date-time>-<game>/
//     loop.cfg            the run config as given (a resume must match it)
//     loop.lock           locked while a loop runs here (a second loop in the folder is refused)
//     round-N/sparring.cfg, train.jsonl      training games: best vs a copy of itself
//     round-N/candidate.cfg, fit.json        the tuned candidate and the tuner's report
//     round-N/match.jsonl, round.json        candidate vs best with an SPRT; the round's result
//     final.jsonl                            best vs start
//     summary.json, summary.txt, elo.svg, loss.svg
// Config paths in round.json and summary.json are relative to the run folder.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "records/round_record.hpp"
#include "selfplay/options.hpp"
#include "selfplay/summary.hpp"

namespace arena::loop {

/// Options of `arena loop` (the run's settings live in the run config, see loop_config.hpp).
struct LoopOptions {
  std::string game = "othello";   ///< used when no --config is given
  std::string config;             ///< run config path, "" = the game's default
  int rounds = 0;                 ///< overrides the config's rounds when > 0
  double hours = 0.0;             ///< stop starting rounds after this many hours when > 0
  std::string run_dir;            ///< "" = resume the newest unfinished matching run, else new
  bool fresh = false;             ///< always start a new run folder
  bool quiet = false;             ///< no progress lines from the stages
  std::string root = ".";         ///< where configs/ and runs/ are
  std::vector<std::string> command_line;
  /// Plays a self-play stage and returns its summary; empty = in this process (run_selfplay).
  /// Under MPI, MpiStages::play (mpi_stages.hpp): on every rank.
  std::function<selfplay::SelfplaySummary(const selfplay::SelfplayOptions& opts)> play_stage;
};

/// The whole run: its record (records/round_record.hpp: the rounds, the final match of the best
/// config against the starting one, as summary.json holds them; `seconds` is this invocation's
/// wall time) and how this invocation ended. Config paths are usable from the current folder
/// (summary_json writes them relative to the run folder).
struct LoopSummary : records::LoopRecord {
  /// A self-play stage stopped on SIGINT/SIGTERM: the run is unfinished (no summary files) and
  /// the same command resumes it; `rounds` holds the finished rounds only.
  bool interrupted = false;
  /// The run folder was finished already: nothing was played or written, the summary is the
  /// stored one (summary.json, `seconds` included).
  bool complete = false;
};

/// Runs (or resumes) a loop. Without --run-dir and --new it takes the newest run folder of
/// runs/ made from the same run config: an unfinished one is resumed, a finished one (it has
/// summary.json) is reported as it stands (`complete`), never silently replaced by a new run. A SIGINT/SIGTERM during a self-play stage ends it early with
/// `interrupted` set (never with a round short of games). Throws InputError (exit 2) for a bad
/// run config, a run folder whose loop.cfg differs from the given config, and the stages' own
/// input errors.
[[nodiscard]] LoopSummary run_loop(const LoopOptions& options);

/// The `--json` document, the same as summary.json: records::to_json of the run's LoopRecord
/// (records/round_record.hpp lists its keys). Config paths (start_config, best_config,
/// candidate_config) are relative to the run folder, as in summary.json and round.json, so the
/// folder reads the same from any working folder (a config outside the folder given by an
/// absolute path stays absolute); run_dir is as given.
[[nodiscard]] nlohmann::json summary_json(const LoopSummary& s);

/// The human-readable summary.
[[nodiscard]] std::string summary_text(const LoopSummary& s);

}  // namespace arena::loop
