// The report's statistics (see statistics.hpp): log records -> analysis library -> numbers.
#include "report/statistics.hpp"

#include <algorithm>
#include <span>

#include "analysis/sprt.hpp"
#include "engine/core/errors.hpp"

namespace arena::report {

analysis::GameOutcome outcome_of(const selfplay::GameRecord& game) {
  analysis::GameOutcome o;
  o.first = game.first;
  o.second = game.second;
  o.result = *analysis::parse_game_result(game.result());
  o.pair = game.pair;
  o.plies = static_cast<int>(game.opening.size() + game.moves.size());
  o.termination = selfplay::termination_name(game.termination);
  for (const auto& m : game.opening) o.opening += (o.opening.empty() ? "" : " ") + m;
  return o;
}

Statistics compute_statistics(const std::vector<InputLog>& logs, std::vector<std::string>& problems) {
  Statistics st;
  for (const auto& log : logs) {
    if (!log.known_game) continue;
    for (const auto& e : log.file.run.engines) {
      if (std::find(st.engines.begin(), st.engines.end(), e.name) == st.engines.end()) {
        st.engines.push_back(e.name);
      }
    }
    if (!st.sprt && !log.file.run.sprt.empty()) {
      try {
        st.sprt = analysis::parse_sprt_params(log.file.run.sprt, log.file.path + ": sprt");
      } catch (const InputError& e) {
        problems.push_back(e.what());
      }
    }
    const std::size_t begin = st.outcomes.size();
    for (const auto& g : log.file.games) st.outcomes.push_back(outcome_of(g));
    FirstPlayerReport fp{log.label,
                         analysis::summarize_games(std::span(st.outcomes).subspan(begin)).first_player, {}};
    fp.stats = analysis::match_stats(fp.counts);
    st.first_player_by_log.push_back(std::move(fp));
  }
  st.report = analysis::analyze_games(st.outcomes, st.engines, st.sprt, analysis::RatingOptions{});
  st.first_player = analysis::match_stats(st.report.summary.first_player);
  for (const auto& p : st.report.pairs) {
    st.llr_paths.push_back(st.sprt ? analysis::llr_after_each_pair(st.outcomes, p.counts.a, p.counts.b, *st.sprt)
                                   : std::vector<double>{});
  }
  return st;
}

nlohmann::json to_json(const Statistics& stats) { return analysis::report_json(stats.report, false); }

}  // namespace arena::report
