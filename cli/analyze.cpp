// `arena analyze`: statistics of game logs (per engine pair, rating list, SPRT, plots) or of
// counts given directly (--wdl W,D,L or --pentanomial LL,LD,WLDD,WD,WW). Logs are read with
// the shared reader (records/game_log.hpp); all statistics and formatting are in analysis/.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/elo.hpp"
#include "analysis/pairs.hpp"
#include "analysis/plot.hpp"
#include "analysis/report.hpp"
#include "analysis/sprt.hpp"
#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/log_check.hpp"
#include "records/game_log.hpp"
#include "selfplay/outcomes.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// Parses `count` comma-separated non-negative integers for `option`.
std::vector<std::int64_t> parse_counts(const std::string& text, std::size_t count, const std::string& option,
                                       const std::string& shape) {
  std::vector<std::int64_t> values;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::int64_t v = -1;
    const char* first = text.data() + start;
    const char* last = text.data() + comma;
    const auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last || v < 0) {
      throw InputError(option + " " + text + ": '" + std::string(first, last) +
                       "' is not a non-negative integer (expected " + shape + ")");
    }
    values.push_back(v);
    start = comma + 1;
  }
  if (values.size() != count) {
    throw InputError(option + " " + text + ": expected " + std::to_string(count) + " numbers " + shape);
  }
  return values;
}

/// 1-based line of the game record with `id` in `path` (0 when not found): only needed for an
/// error message, so the file is scanned again.
std::size_t line_of_game(const std::string& path, std::int64_t id) {
  std::ifstream in(path);
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && j.value("type", "") == "game" && j.contains("id") && j["id"].is_number_integer() &&
        j["id"].get<std::int64_t>() == id) {
      return number;
    }
  }
  return 0;
}

/// Game outcomes of several logs of one game. Logs of one run (shards, or one file) keep their
/// pair ids and their recorded SPRT decision; logs of different runs get disjoint pair ids,
/// since each run numbers its pairs from 0, and engines logged under one name with different
/// configs are told apart (selfplay::engine_label).
struct LoadedLogs {
  std::string game;
  std::vector<std::string> paths;
  std::vector<analysis::GameOutcome> games;
  std::vector<std::string> engines;            ///< in run-record order, first file first
  std::optional<analysis::SprtParams> sprt;    ///< when all files are of one run with an SPRT
  std::optional<analysis::SprtDecision> decision;  ///< that run's recorded verdict
  bool one_run = true;
  std::vector<std::string> warnings;  ///< combine_logs' (forgiven clock overruns)
};

LoadedLogs load_logs(std::vector<records::LogFile> files) {
  for (const records::LogFile& f : files) {
    check_log_file(f);
    for (const auto& w : f.warnings) std::cerr << "warning: " << w << "\n";
    // Every game must name engines of its own run record.
    std::set<std::string> names;
    for (const auto& e : f.run.engines) names.insert(e.name);
    for (const auto& g : f.games) {
      for (const auto* name : {&g.first, &g.second}) {
        if (names.count(*name) == 0) {
          throw InputError(where(f.path, line_of_game(f.path, g.id)) + "game " + std::to_string(g.id) +
                           " names engine '" + *name + "', which is not in the run record");
        }
      }
    }
  }
  auto combined = selfplay::combine_logs(files);
  LoadedLogs out;
  out.game = files.front().run.game;
  for (const auto& f : files) out.paths.push_back(f.path);
  out.games = std::move(combined.games);
  out.engines = std::move(combined.engines);
  out.one_run = combined.one_run;
  out.warnings = std::move(combined.warnings);
  if (out.one_run && files.front().run.sprt) {
    out.sprt = files.front().run.sprt->params;
    out.decision = std::move(combined.decision);
  }
  return out;
}

/// The logs split by game (in order of first appearance): logs of different games are never
/// counted together, each game gets its own analysis.
std::vector<LoadedLogs> load_logs_by_game(const std::vector<std::string>& paths) {
  std::vector<std::vector<records::LogFile>> groups;
  for (const auto& path : paths) {
    records::LogFile f = records::read_log_file(path);
    const auto it = std::find_if(groups.begin(), groups.end(),
                                 [&](const auto& g) { return g.front().run.game == f.run.game; });
    if (it == groups.end()) {
      groups.push_back({std::move(f)});
    } else {
      it->push_back(std::move(f));
    }
  }
  std::vector<LoadedLogs> out;
  for (auto& g : groups) out.push_back(load_logs(std::move(g)));
  return out;
}

/// The statistics of one game's logs, the recorded SPRT verdict honoured.
analysis::GamesReport analyze_loaded(const LoadedLogs& logs, const analysis::RatingOptions& options) {
  analysis::GamesReport report = analysis::analyze_games(logs.games, logs.engines, logs.sprt, options);
  if (logs.decision) analysis::apply_decision(report, *logs.decision);
  return report;
}

int analyze_counts(const po::variables_map& vm, bool json) {
  std::optional<analysis::WdlCounts> wdl;
  std::optional<analysis::PentanomialCounts> penta;
  if (vm.count("wdl") != 0U) {
    const auto v = parse_counts(vm["wdl"].as<std::string>(), 3, "--wdl", "W,D,L");
    wdl = analysis::WdlCounts{v[0], v[1], v[2]};
  } else {
    const auto v = parse_counts(vm["pentanomial"].as<std::string>(), 5, "--pentanomial", "LL,LD,WLDD,WD,WW");
    penta = analysis::PentanomialCounts{v[0], v[1], v[2], v[3], v[4]};
  }
  const analysis::MatchStats stats = wdl ? analysis::match_stats(*wdl) : analysis::match_stats(*penta);
  std::optional<analysis::SprtResult> sprt;
  if (vm.count("sprt") != 0U) {
    const auto params = analysis::parse_sprt_params(vm["sprt"].as<std::string>(), "--sprt");
    if (penta && params.model == analysis::SprtModel::BayesElo) {
      throw InputError("--sprt: model=bayeselo needs per-game counts (--wdl), not --pentanomial");
    }
    sprt = wdl ? analysis::sprt(*wdl, params) : analysis::sprt(*penta, params);
  }
  if (json) {
    std::cout << analysis::counts_json(wdl, penta, stats, sprt).dump(2) << "\n";
  } else {
    std::cout << analysis::counts_text(wdl, penta, stats, sprt);
  }
  return 0;
}

/// The plot of a log analysis: the SPRT trajectory of a run with an SPRT and one engine pair,
/// the rating list otherwise.
void plot_logs(const LoadedLogs& logs, const analysis::GamesReport& report, const analysis::RatingOptions& options,
               const std::string& path) {
  (void)analysis::plot_format(path);
  if (logs.sprt && report.pairs.size() == 1) {
    const auto& pair = report.pairs.front();
    const auto llr = analysis::llr_after_each_pair(logs.games, pair.counts.a, pair.counts.b, *logs.sprt);
    analysis::draw_plot(analysis::llr_plot_script(llr, *pair.sprt, pair.counts.a + " vs " + pair.counts.b, path),
                          path);
    return;
  }
  const analysis::RatingList list =
      report.ratings ? *report.ratings
                     : analysis::fit_rating_list(report.summary.engines,
                                                 analysis::rated_games(logs.games, report.summary.engines), options);
  analysis::draw_plot(analysis::rating_plot_script(list, path), path);
}

/// The command line of `arena analyze`.
struct AnalyzeOptions {
  bool json = false;
  bool by_opening = false;
  std::string plot;
  std::string anchor;
  std::vector<std::string> logs;
};

/// The options of `arena analyze`, read into a (--wdl, --pentanomial and --sprt stay in the
/// variables map).
po::options_description analyze_options(AnalyzeOptions& a) {
  po::options_description desc("analyze options");
  desc.add_options()
      ("log", po::value(&a.logs),
       "game logs (JSON Lines), one or more; logs of different games are analysed each on its "
       "own (--json: one entry per game under by_game)")
      ("wdl", po::value<std::string>(), "analyze counts W,D,L (wins, draws, losses) instead of logs")
      ("pentanomial", po::value<std::string>(), "analyze pair counts LL,LD,WLDD,WD,WW instead of logs")
      ("sprt", po::value<std::string>(),
       "with --wdl/--pentanomial: elo0=..,elo1=..,alpha=..,beta=..[,model=logistic|normalized|bayeselo]")
      ("anchor", po::value(&a.anchor), "rating list: this engine is rated 0 (default: the pool mean is 0)")
      ("by-opening", po::bool_switch(&a.by_opening), "break results down per opening")
      ("plot", po::value(&a.plot), "draw the rating list (or an SPRT run's LLR) to FILE.svg or FILE.png with gnuplot")
      ("json", po::bool_switch(&a.json), "print one JSON document");
  return desc;
}

/// One game's logs analysed: warnings to stderr, the plot when asked, and its section added
/// to `sections` (--json) or `text`, headed by the game when there are `several`. Returns
/// whether a.anchor is one of its engines (it is then the rating list's anchor).
bool analyze_game(const LoadedLogs& loaded, const AnalyzeOptions& a, bool several,
                  nlohmann::json& sections, std::string& text) {
  analysis::RatingOptions options;
  bool anchored = false;
  if (!a.anchor.empty() &&
      std::find(loaded.engines.begin(), loaded.engines.end(), a.anchor) != loaded.engines.end()) {
    options.anchor = analysis::AnchorKind::Engine;
    options.anchor_engine = a.anchor;
    anchored = true;
  }
  analysis::GamesReport report = analyze_loaded(loaded, options);
  report.warnings.insert(report.warnings.end(), loaded.warnings.begin(), loaded.warnings.end());
  for (const auto& w : report.warnings) std::cerr << "warning: " << w << "\n";
  if (!a.plot.empty()) plot_logs(loaded, report, options, a.plot);
  if (a.json) {
    auto doc = analysis::report_json(report, a.by_opening);
    if (several) doc["game"] = loaded.game;
    doc["files"] = loaded.paths;
    if (!a.plot.empty()) doc["plot"] = a.plot;
    sections.push_back(std::move(doc));
  } else {
    if (several) text += "== " + loaded.game + " (" + std::to_string(loaded.paths.size()) + " log(s)) ==\n";
    text += analysis::report_text(report, a.by_opening);
    if (!a.plot.empty()) text += "plot written to " + a.plot + "\n";
    if (several) text += "\n";
  }
  return anchored;
}

/// Analyses a.logs, each game's logs on their own, and prints the result. Throws InputError
/// for unreadable logs, --plot over several games, or an --anchor no log has.
int analyze_logs(const AnalyzeOptions& a) {
  const std::vector<LoadedLogs> by_game = load_logs_by_game(a.logs);
  const bool several = by_game.size() > 1;
  if (several && !a.plot.empty()) {
    throw InputError("--plot: the logs are of " + std::to_string(by_game.size()) +
                     " games (" + by_game[0].paths.front() + " is " + by_game[0].game + ", " +
                     by_game[1].paths.front() + " is " + by_game[1].game +
                     "); plot each game's logs on their own");
  }
  bool anchored = false;
  nlohmann::json sections = nlohmann::json::array();
  std::string text;
  for (const LoadedLogs& loaded : by_game) {
    if (analyze_game(loaded, a, several, sections, text)) anchored = true;
  }
  if (!a.anchor.empty() && !anchored) throw InputError("--anchor " + a.anchor + ": no engine of that name in the logs");
  if (several) {
    std::cerr << "note: the logs are of " << by_game.size() << " games; each is analysed on its own\n";
  }
  if (a.json) {
    // One game: its analysis is the document; several: one entry per game under by_game.
    nlohmann::json doc = sections.size() == 1 ? sections[0]
                                              : nlohmann::json{{"files", a.logs}, {"by_game", sections}};
    doc["files"] = a.logs;
    std::cout << doc.dump(2) << "\n";
  } else {
    std::cout << text;
  }
  return 0;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
  AnalyzeOptions a;
  const po::options_description desc = analyze_options(a);
  po::positional_options_description positional;
  positional.add("log", -1);
  po::variables_map vm;
  if (!parse_options("analyze",
                     "LOG... [--json] [--plot FILE.svg|png] [--by-opening] [--anchor NAME]\n"
                     "       arena analyze --wdl W,D,L | --pentanomial LL,LD,WLDD,WD,WW [--sprt SPEC] [--json]",
                     desc, positional, args, vm)) {
    return 0;
  }
  const bool counts = vm.count("wdl") != 0U || vm.count("pentanomial") != 0U;
  if (vm.count("wdl") != 0U && vm.count("pentanomial") != 0U) {
    throw InputError("--wdl and --pentanomial: give one of them");
  }
  if (counts) {
    if (!a.logs.empty()) throw InputError("--wdl/--pentanomial: analyze either counts or logs, not both");
    if (!a.plot.empty() || a.by_opening) throw InputError("--plot and --by-opening need logs, not counts");
    return analyze_counts(vm, a.json);
  }
  if (vm.count("sprt") != 0U) throw InputError("--sprt: only with --wdl or --pentanomial (logs carry their own)");
  if (a.logs.empty()) throw InputError("no LOG given (or --wdl / --pentanomial); see arena analyze --help");
  if (!a.plot.empty()) (void)analysis::plot_format(a.plot);
  return analyze_logs(a);
}

}  // namespace arena::cli
