// The report's statistics (see statistics.hpp): log records -> analysis library -> numbers.
#include "report/statistics.hpp"

#include <span>

#include "analysis/sprt.hpp"
#include "engine/core/errors.hpp"
#include "selfplay/outcomes.hpp"

namespace arena::report {

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

/// The log's SPRT, parsed when its run record was read.
std::optional<analysis::SprtParams> sprt_of(const InputLog& log) {
  if (!log.file.run.sprt) return std::nullopt;
  return log.file.run.sprt->params;
}

}  // namespace

Statistics compute_statistics(const std::vector<InputLog>& logs, std::vector<std::string>& problems) {
  Statistics st;
  std::vector<const InputLog*> counted;
  std::vector<records::LogFile> files;
  for (const auto& log : logs) {
    if (!log.known_game) continue;
    if (log.training) {
      std::vector<analysis::GameOutcome> own;
      for (const auto& g : log.file.games) own.push_back(selfplay::outcome_of(g));
      TrainingReport t{log.label, log.round, {}, {}};
      for (const auto& e : log.file.run.engines) t.engines.push_back(e.name);
      t.summary = analysis::summarize_games(own, t.engines);
      st.training.push_back(std::move(t));
      continue;
    }
    // Logs of another game than the first are never counted with it (its engines, lengths and
    // first-player scores are another game's).
    if (!counted.empty() && log.file.run.game != counted.front()->file.run.game) {
      problems.push_back(log.file.path + ": a " + log.file.run.game + " log, not counted with the " +
                         counted.front()->file.run.game + " logs (" + counted.front()->file.path +
                         "); make a report of each game's logs");
      continue;
    }
    counted.push_back(&log);
    files.push_back(log.file);
  }
  // The games as analyze counts them (selfplay::combine_logs); shards that disagree on a game
  // are reported and counted one after another instead.
  selfplay::CombinedOutcomes combined;
  if (!files.empty()) {
    try {
      combined = selfplay::combine_logs(files);
    } catch (const InputError& e) {
      problems.push_back(std::string(e.what()) + " (logs counted one after another)");
      combined = selfplay::combine_logs(files, true);
      combined.one_run = false;
    }
  }
  problems.insert(problems.end(), combined.warnings.begin(), combined.warnings.end());
  if (!counted.empty()) st.game = counted.front()->file.run.game;
  st.outcomes = std::move(combined.games);
  st.engines = std::move(combined.engines);
  st.one_run = combined.one_run;
  for (const auto* log : counted) {
    // Per log: the first player's results and, for several runs, the log's own SPRT.
    std::vector<analysis::GameOutcome> own;
    for (const auto& g : log->file.games) own.push_back(selfplay::outcome_of(g));
    FirstPlayerReport fp{log->label, analysis::summarize_games(own).first_player, {}};
    fp.stats = analysis::match_stats(fp.counts);
    st.first_player_by_log.push_back(std::move(fp));
    if (st.one_run) continue;
    const auto sprt = sprt_of(*log);
    std::vector<std::string> names;
    for (const auto& e : log->file.run.engines) names.push_back(e.name);
    LogReport lr{log->label, log->round, sprt.has_value(),
                 analysis::analyze_games(own, names, sprt, analysis::RatingOptions{}), {}};
    if (sprt && log->file.decision) analysis::apply_decision(lr.report, *log->file.decision);
    lr.llr_paths = llr_paths(lr.report, own, sprt);
    st.by_log.push_back(std::move(lr));
  }
  if (st.one_run && !counted.empty()) st.sprt = sprt_of(*counted.front());
  st.report = analysis::analyze_games(st.outcomes, st.engines, st.sprt, analysis::RatingOptions{});
  if (st.sprt && combined.decision) analysis::apply_decision(st.report, *combined.decision);
  st.first_player = analysis::match_stats(st.report.summary.first_player);
  st.llr_paths = llr_paths(st.report, st.outcomes, st.sprt);
  return st;
}

nlohmann::json to_json(const Statistics& stats) { return analysis::report_json(stats.report, false); }

}  // namespace arena::report
