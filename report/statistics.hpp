// The numbers of a report: the statistics of its logs, computed by the analysis library's
// reporting layer (analysis::analyze_games, analysis::report_json), the same calls `arena
// analyze` makes, so the page and `arena analyze --json` agree by construction. Added here only
// what analyze has no need for: the SPRT's trajectory and the first player's results per log.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/pairs.hpp"
#include "analysis/report.hpp"
#include "report/inputs.hpp"

namespace arena::report {

/// First-player results of one log (the first-move advantage).
struct FirstPlayerReport {
  std::string label;
  analysis::WdlCounts counts;
  analysis::MatchStats stats;
};

/// One log on its own (`arena analyze LOG --json` of that log): for inputs of several runs (a
/// loop's matches), where the combined analysis has no single SPRT.
struct LogReport {
  std::string label;
  int round = 0;                                ///< the loop round, 0 = none (final.jsonl, logs)
  bool has_sprt = false;                        ///< the log's run had an SPRT
  analysis::GamesReport report;                 ///< analyze_games over the log's games
  std::vector<std::vector<double>> llr_paths;   ///< per report.pairs entry (with the SPRT)
};

/// A loop's training games of one round (best against a copy of itself): counts only, since
/// an engine against its own copy says nothing about strength.
struct TrainingReport {
  std::string label;
  int round = 0;
  std::vector<std::string> engines;             ///< the run record's engine names
  analysis::GamesSummary summary;               ///< summarize_games over the log's games
};

/// Everything the summary, the charts and `--json` show.
struct Statistics {
  std::vector<analysis::GameOutcome> outcomes;  ///< counted games (pair ids as analyze makes them)
  std::string game;                             ///< the game of the counted logs
  std::vector<std::string> engines;             ///< engine order: run records' order
  bool one_run = true;                          ///< all counted logs are of one run (shards)
  std::optional<analysis::SprtParams> sprt;     ///< the run's SPRT (one run only, as analyze)
  analysis::GamesReport report;                 ///< analyze_games over `outcomes`
  std::vector<std::vector<double>> llr_paths;   ///< per report.pairs entry (with the SPRT)
  std::vector<LogReport> by_log;                ///< several runs: each counted log on its own
  std::vector<TrainingReport> training;         ///< training logs (InputLog::training), not counted
  analysis::MatchStats first_player;            ///< over all counted games
  std::vector<FirstPlayerReport> first_player_by_log;
};

/// Statistics of the logs of known games (logs of unknown games, and logs of another game than
/// the first counted log's, are not counted: each is a problem; training logs are summarised
/// in `training` only), combined as
/// `arena analyze` combines its LOG arguments: engines in run-record order; logs of one run
/// (shards) merged by game id with the run's SPRT; logs of different runs with disjoint pair
/// ids and no common SPRT (each such log on its own, with its own SPRT, goes to by_log). A recorded SPRT
/// decision is reported as the verdict (analysis::apply_decision). Problems (a malformed
/// SPRT spec, shards that disagree) are added to `problems`.
[[nodiscard]] Statistics compute_statistics(const std::vector<InputLog>& logs,
                                            std::vector<std::string>& problems);

/// The statistics as `arena analyze --json` prints them (analysis::report_json).
[[nodiscard]] nlohmann::json to_json(const Statistics& stats);

}  // namespace arena::report
