// The report's headline: one verdict per match (who is stronger, by how much in Elo with its 95%
// interval, LOS, the SPRT's verdict), worded by analysis::pair_verdict from the same statistics
// `arena analyze` prints, so the page's top says what the tables and the command line say.
#pragma once

#include <string>
#include <vector>

#include "analysis/report.hpp"
#include "report/statistics.hpp"

namespace arena::report {

/// One engine pair of one match.
struct MatchVerdict {
  std::string match;  ///< "round 2 match", "final match: best vs start", or the logs' names
  std::string log;    ///< the log (or logs, comma-separated) it is computed from
  analysis::PairVerdict verdict;
};

/// The verdicts of the counted logs: every pair of the combined analysis when the logs are of
/// one run, else every pair of each log on its own (Statistics::by_log). `loop` names a loop
/// folder's logs by their role (round-N/match.jsonl, final.jsonl).
[[nodiscard]] std::vector<MatchVerdict> match_verdicts(const Statistics& stats, bool loop);

}  // namespace arena::report
