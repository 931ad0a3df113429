// The report's verdicts (see verdicts.hpp).
#include "report/verdicts.hpp"

#include <regex>

namespace arena::report {
namespace {

/// A loop folder's log by its role in the run (loop/loop.hpp's layout), else its name.
std::string match_name(const std::string& label, bool loop) {
  if (!loop) return label;
  static const std::regex kRound(R"(^round-([0-9]+)/match\.jsonl(\.gz|\.zst)?$)");
  static const std::regex kFinal(R"(^final\.jsonl(\.gz|\.zst)?$)");
  std::smatch m;
  if (std::regex_match(label, m, kRound)) return "round " + m[1].str() + " match: candidate vs best";
  if (std::regex_match(label, kFinal)) return "final match: best vs start";
  return label;
}

}  // namespace

std::vector<MatchVerdict> match_verdicts(const Statistics& stats, bool loop) {
  std::vector<MatchVerdict> out;
  if (stats.one_run) {
    std::string logs;
    for (const auto& f : stats.first_player_by_log) logs += (logs.empty() ? "" : ", ") + f.label;
    const std::string name =
        stats.first_player_by_log.size() == 1 ? match_name(logs, loop) : "the match";
    for (const auto& p : stats.report.pairs) out.push_back({name, logs, analysis::pair_verdict(p)});
    return out;
  }
  for (const auto& log : stats.by_log) {
    for (const auto& p : log.report.pairs) {
      out.push_back({match_name(log.label, loop), log.label, analysis::pair_verdict(p)});
    }
  }
  return out;
}

}  // namespace arena::report
