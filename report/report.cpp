// `arena report` end to end (see report.hpp): read, count, chart, render.
#include "report/report.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "analysis/gnuplot.hpp"
#include "engine/core/config_provenance.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/core/version.hpp"
#include "report/charts.hpp"
#include "report/games.hpp"
#include "report/inputs.hpp"
#include "report/page.hpp"
#include "report/statistics.hpp"
#include "report/verdicts.hpp"
#include "report/weights.hpp"

namespace arena::report {
namespace {

constexpr std::size_t kMaxHeatMapPhases = 4;

/// The configs to compare: a loop's start and best configs, or else a tuned config of a log and
/// the config it started from (its provenance comment), or else the first two engines of the
/// first log whose configs differ in weights.
struct ConfigPair {
  core::EngineConfig before;
  core::EngineConfig after;
  std::string note;  ///< how the two were told apart, when not by provenance
};

std::optional<ConfigPair> configs_to_compare(const Inputs& in, std::vector<std::string>& problems) {
  if (in.loop && in.loop_summary) {
    const std::string& start = in.loop_summary->start_config;
    std::string best = in.loop_summary->best_config;
    // Nothing accepted: show what the last fit would have changed.
    const auto& rounds = in.loop_summary->rounds;
    bool candidate = false;
    if (best == start && !rounds.empty()) {
      best = rounds.back().candidate_config;
      candidate = best != start;
    }
    const std::string start_path = resolve_run_path(in, start);
    const std::string best_path = resolve_run_path(in, best);
    if (start_path.empty() || best_path.empty()) {
      problems.push_back(in.folder + "/summary.json: start_config '" + start + "' or best_config '" +
                         best + "' not found: no weights section");
      return std::nullopt;
    }
    try {
      ConfigPair pair{core::load_engine_config(start_path), core::load_engine_config(best_path), ""};
      if (candidate) pair.after.name += " (last round's candidate; no candidate was accepted)";
      return pair;
    } catch (const InputError& e) {
      problems.push_back(e.what());
      return std::nullopt;
    }
  }
  // Logs: the tuned config is the engine whose "start:" comment names another engine of the
  // run (by config hash, else by name); without such a comment, the first two engines with
  // different weights, in the run record's order, said so on the page.
  std::optional<ConfigPair> unordered;
  for (const auto& log : in.logs) {
    const auto& engines = log.file.run.engines;
    if (!log.known_game || engines.size() < 2) continue;
    const auto parse = [&](const records::LogEngine& e) {
      auto cfg = core::parse_engine_config(e.config, log.label + ": " + e.name);
      cfg.path = e.path;  // where the run read it, for the section's labels
      return cfg;
    };
    try {
      for (const auto& after : engines) {
        const auto start = core::tuning_start(after.config);
        if (!start) continue;
        auto before = std::find_if(engines.begin(), engines.end(), [&](const auto& e) {
          return &e != &after && e.hash == start->hash;
        });
        if (before == engines.end()) {  // the start config edited since: its name still tells
          before = std::find_if(engines.begin(), engines.end(), [&](const auto& e) {
            return &e != &after && e.name == start->name;
          });
        }
        if (before != engines.end()) return ConfigPair{parse(*before), parse(after), ""};
      }
      if (unordered) continue;
      auto before = parse(engines[0]);
      auto after = parse(engines[1]);
      if (before.weights.empty() || after.weights.empty() || before.weights == after.weights) continue;
      unordered = ConfigPair{std::move(before), std::move(after),
                             "neither config records the other as its start (arena tune's "
                             "'# start:' comment): before and after are the run's first two "
                             "engines, in the order given"};
    } catch (const InputError& e) {
      problems.push_back(e.what());
    }
  }
  return unordered;
}

std::optional<WeightsComparison> compare_weights(const Inputs& in, const ReportOptions& options,
                                                 std::vector<std::string>& problems) {
  auto pair = configs_to_compare(in, problems);
  if (!pair) return std::nullopt;
  WeightsComparison w;
  w.before_label = pair->before.name + (pair->before.path.empty() ? "" : " (" + pair->before.path + ")");
  w.after_label = pair->after.name + (pair->after.path.empty() ? "" : " (" + pair->after.path + ")");
  w.note = pair->note;
  w.changes = largest_changes(pair->before, pair->after, options.weight_changes);
  const auto board = options.boards.find(pair->after.game);
  if (board != options.boards.end() && board->second.square_table) {
    const auto& square_table = board->second.square_table;
    w.look = board->second.look;
    const std::size_t phases = std::max(weight_phases(pair->before), weight_phases(pair->after));
    const std::size_t shown = std::min(phases, kMaxHeatMapPhases);
    for (std::size_t i = 0; i < shown; ++i) {
      const std::size_t phase = shown == 1 ? 0 : i * (phases - 1) / (shown - 1);
      auto b = square_table(pair->before, phase);
      auto a = square_table(pair->after, phase);
      if (!b || !a) break;
      w.before_tables.push_back(std::move(*b));
      w.after_tables.push_back(std::move(*a));
      w.table_phases.push_back(phases == 1 ? "all phases"
                                           : "phase " + std::to_string(phase) + " of " +
                                                 std::to_string(phases));
    }
  }
  return w;
}

std::string default_title(const ReportOptions& o, const Inputs& in) {
  if (in.loop) return "arena loop " + std::filesystem::path(in.folder).filename().string();
  std::string names;
  for (const auto& p : o.inputs) {
    names += (names.empty() ? "" : ", ") + std::filesystem::path(p).filename().string();
  }
  return "arena report: " + names;
}

}  // namespace

Report build_report(const ReportOptions& options) {
  Inputs in = load_inputs(options.inputs, options.known_games);
  Report report;
  report.problems = in.problems;
  const Statistics stats = compute_statistics(in.logs, report.problems);

  PageContent page;
  page.title = options.title.empty() ? default_title(options, in) : options.title;
  page.command = options.command;
  page.generated = core::utc_iso8601();
  page.version = std::string(kVersion) + " (" + kRevision + ")";
  page.inputs = &in;
  page.stats = &stats;
  if (analysis::gnuplot_available(options.gnuplot)) {
    page.charts = make_charts(options.gnuplot, stats, in.loop_summary, report.problems);
  } else {
    page.charts_note = options.gnuplot.empty()
                           ? "Charts were turned off."
                           : "No charts: gnuplot ('" + options.gnuplot +
                                 "') could not be run (scripts/install-deps installs it).";
  }
  page.weights = compare_weights(in, options, report.problems);
  page.games = viewer_games(in.logs, options.boards, report.problems);
  page.analysis = to_json(stats);
  page.problems = report.problems;
  report.html = render_page(page);

  nlohmann::json runs = nlohmann::json::array();
  for (const auto& log : in.logs) {
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& e : log.file.run.engines) engines.push_back({{"name", e.name}, {"hash", e.hash}});
    runs.push_back({{"log", log.file.path}, {"game", log.file.run.game}, {"engines", engines},
                    {"games", log.file.games.size()}, {"round", log.round},
                    {"counted", log.known_game && !log.training && log.file.run.game == stats.game},
                    {"training", log.training}});
  }
  nlohmann::json by_log = nlohmann::json::array();
  for (const auto& log : stats.by_log) {
    by_log.push_back({{"log", log.label}, {"round", log.round},
                      {"analysis", analysis::report_json(log.report, false)}});
  }
  nlohmann::json training = nlohmann::json::array();
  for (const auto& t : stats.training) {
    training.push_back({{"log", t.label}, {"round", t.round}, {"engines", t.engines},
                        {"games", t.summary.games},
                        {"first_player", {{"wins", t.summary.first_player.wins},
                                          {"draws", t.summary.first_player.draws},
                                          {"losses", t.summary.first_player.losses}}}});
  }
  nlohmann::json verdicts = nlohmann::json::array();
  for (const auto& v : match_verdicts(stats, in.loop)) {
    verdicts.push_back({{"match", v.match}, {"log", v.log}, {"winner", v.verdict.winner},
                        {"headline", v.verdict.headline}, {"elo", v.verdict.elo},
                        {"los", v.verdict.los}, {"sprt", v.verdict.sprt}});
  }
  report.summary = {{"title", page.title}, {"runs", runs}, {"analysis", page.analysis},
                    {"verdicts", verdicts}, {"by_log", by_log}, {"training", training},
                    {"charts", page.charts.size()}, {"problems", report.problems},
                    {"viewer_games", page.games["games"].size()}};
  if (in.loop) report.summary["loop"] = in.loop_summary ? records::to_json(*in.loop_summary) : nlohmann::json();
  return report;
}

}  // namespace arena::report
