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

/// The SPRT of one log on its own (`arena analyze LOG --json` of that log): for inputs of
/// several runs (a loop's rounds), where the combined analysis has no single SPRT.
struct LogSprtReport {
  std::string label;
  analysis::GamesReport report;                 ///< analyze_games over the log's games
  std::vector<std::vector<double>> llr_paths;   ///< per report.pairs entry
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
  std::vector<LogSprtReport> sprt_by_log;       ///< several runs: each log that had an SPRT
  analysis::MatchStats first_player;            ///< over all counted games
  std::vector<FirstPlayerReport> first_player_by_log;
};

/// Statistics of the logs of known games (logs of unknown games, and logs of another game than
/// the first counted log's, are not counted: each is a problem), combined as
/// `arena analyze` combines its LOG arguments: engines in run-record order; logs of one run
/// (shards) merged by game id with the run's SPRT; logs of different runs with disjoint pair
/// ids and no common SPRT (each such log's own SPRT goes to sprt_by_log). A recorded SPRT
/// decision is reported as the verdict (analysis::apply_decision). Problems (a malformed
/// SPRT spec, shards that disagree) are added to `problems`.
[[nodiscard]] Statistics compute_statistics(const std::vector<InputLog>& logs,
                                            std::vector<std::string>& problems);

/// The statistics as `arena analyze --json` prints them (analysis::report_json).
[[nodiscard]] nlohmann::json to_json(const Statistics& stats);

}  // namespace arena::report
