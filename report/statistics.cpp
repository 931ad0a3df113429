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

namespace {

std::vector<std::vector<double>> llr_paths(const analysis::GamesReport& report,
                                           std::span<const analysis::GameOutcome> games,
                                           const std::optional<analysis::SprtParams>& sprt) {
  std::vector<std::vector<double>> paths;
  for (const auto& p : report.pairs) {
    paths.push_back(sprt ? analysis::llr_after_each_pair(games, p.counts.a, p.counts.b, *sprt)
                         : std::vector<double>{});
  }
  return paths;
}

std::optional<analysis::SprtParams> sprt_of(const InputLog& log, std::vector<std::string>& problems) {
  if (log.file.run.sprt.empty()) return std::nullopt;
  try {
    return analysis::parse_sprt_params(log.file.run.sprt, log.file.path + ":1: run record sprt");
  } catch (const InputError& e) {
    problems.push_back(e.what());
    return std::nullopt;
  }
}

}  // namespace

Statistics compute_statistics(const std::vector<InputLog>& logs, std::vector<std::string>& problems) {
  Statistics st;
  std::vector<const InputLog*> counted;
  for (const auto& log : logs) {
    if (!log.known_game) continue;
    if (!counted.empty() && selfplay::run_record_difference(counted.front()->file.run, log.file.run, true)) {
      st.one_run = false;
    }
    counted.push_back(&log);
    for (const auto& e : log.file.run.engines) {
      if (std::find(st.engines.begin(), st.engines.end(), e.name) == st.engines.end()) {
        st.engines.push_back(e.name);
      }
    }
  }
  // The games as analyze counts them: shards of one run merged by id (the shared reader), the
  // logs of different runs with their pair ids moved apart (each run numbers pairs from 0).
  if (st.one_run && counted.size() > 1) {
    std::vector<std::string> paths;
    for (const auto* log : counted) paths.push_back(log->file.path);
    try {
      for (const auto& g : selfplay::read_logs(paths).games) st.outcomes.push_back(outcome_of(g));
    } catch (const InputError& e) {
      problems.push_back(std::string(e.what()) + " (logs counted one after another)");
      st.one_run = false;
    }
  }
  if (!st.one_run || counted.size() <= 1) {
    st.outcomes.clear();
    std::int64_t offset = 0;
    for (const auto* log : counted) {
      std::int64_t max_pair = 0;
      for (const auto& g : log->file.games) {
        auto o = outcome_of(g);
        if (!st.one_run) *o.pair += offset;
        st.outcomes.push_back(std::move(o));
        max_pair = std::max(max_pair, g.pair);
      }
      offset += max_pair + 1;
    }
  }
  std::optional<analysis::SprtParams> first_sprt;
  if (!counted.empty()) first_sprt = sprt_of(*counted.front(), problems);
  for (const auto* log : counted) {
    // Per log: the first player's results and, for several runs, the log's own SPRT.
    std::vector<analysis::GameOutcome> own;
    for (const auto& g : log->file.games) own.push_back(outcome_of(g));
    FirstPlayerReport fp{log->label, analysis::summarize_games(own).first_player, {}};
    fp.stats = analysis::match_stats(fp.counts);
    st.first_player_by_log.push_back(std::move(fp));
    if (st.one_run) continue;
    const auto sprt = log == counted.front() ? first_sprt : sprt_of(*log, problems);
    if (!sprt) continue;
    std::vector<std::string> names;
    for (const auto& e : log->file.run.engines) names.push_back(e.name);
    LogSprtReport lr{log->label, analysis::analyze_games(own, names, sprt, analysis::RatingOptions{}), {}};
    lr.llr_paths = llr_paths(lr.report, own, sprt);
    st.sprt_by_log.push_back(std::move(lr));
  }
  if (st.one_run) st.sprt = first_sprt;
  st.report = analysis::analyze_games(st.outcomes, st.engines, st.sprt, analysis::RatingOptions{});
  st.first_player = analysis::match_stats(st.report.summary.first_player);
  st.llr_paths = llr_paths(st.report, st.outcomes, st.sprt);
  return st;
}

nlohmann::json to_json(const Statistics& stats) { return analysis::report_json(stats.report, false); }

}  // namespace arena::report
