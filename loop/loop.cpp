// The tuning loop (see loop.hpp): each stage is a call into the self-play or tuning library with
// its output in the run folder, and each stage skips or resumes what the folder already holds,
// so a killed loop continues where it stopped with the same games per round.
#include "loop/loop.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analysis/gnuplot.hpp"
#include "analysis/plot.hpp"
#include "analysis/report.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/ini.hpp"
#include "engine/core/text_file.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/registry/games.hpp"
#include "engine/registry/selfplay_preparer.hpp"
#include "loop/loop_config.hpp"
#include "selfplay/file_lock.hpp"
#include "selfplay/run.hpp"
#include "engine/registry/run_tune.hpp"

namespace arena::loop {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// Writes through the tuner's temporary-file-and-rename helper (one way to write files whole).
void write_file(const fs::path& path, const std::string& text) {
  core::write_text_file(path.string(), text);
}

json null_if_nan(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

/// `path` (relative to the current folder, or absolute) as written in the run folder's records,
/// so that the folder reads the same from anywhere: a file inside the run folder relative to
/// it (the folder can move), one outside relative to it too unless given absolute (then kept).
std::string in_run(const fs::path& dir, const std::string& path) {
  if (path.empty()) return path;
  const fs::path base = fs::absolute(dir).lexically_normal();
  const fs::path relative = fs::absolute(path).lexically_normal().lexically_relative(base);
  if (relative.empty()) return path;
  const bool outside = *relative.begin() == "..";
  return outside && fs::path(path).is_absolute() ? path : relative.generic_string();
}

/// A path read from the run folder's records back to one usable from the current folder:
/// relative to the run folder (as written now) or, in records written before that, relative
/// to the current folder or absolute. `start` is the run's start config, returned as given
/// when the path names the same file, so comparisons with it keep working.
std::string from_run(const fs::path& dir, const std::string& path, const std::string& start) {
  if (path.empty() || fs::path(path).is_absolute()) return path;
  const fs::path in_dir = (dir / path).lexically_normal();
  if (!fs::exists(in_dir)) return path;
  std::error_code ec;
  if (fs::equivalent(in_dir, start, ec)) return start;
  return in_dir.string();
}

void progress(const LoopOptions& o, const std::string& line) {
  if (!o.quiet) std::cerr << "loop: " << line << std::endl;
}

/// A copy of the config at `from` named `name`, written to `to` (engines need distinct names).
void write_renamed(const std::string& from, const fs::path& to, const std::string& name,
                   const std::string& why) {
  core::EngineConfig cfg = core::load_engine_config(from);
  cfg.name = name;
  write_file(to, core::format_engine_config(cfg, {why + " (copy of " + from + ")"}));
}

/// Self-play of the two configs with the stage's settings into `log`; returns the summary.
selfplay::SelfplaySummary play(const LoopConfig& c, const StageConfig& stage,
                               const std::vector<std::string>& engines, const fs::path& log,
                               std::uint64_t seed, bool record_evals, const LoopOptions& o) {
  selfplay::SelfplayOptions s = stage;
  s.engines = engines;
  s.threads = c.threads;
  s.seed = seed;
  s.record_evals = record_evals;
  s.out = log.string();
  s.quiet = o.quiet;
  s.command_line = o.command_line;
  if (o.play_stage) return o.play_stage(s);
  return selfplay::run_selfplay(s, selfplay_preparer(s));
}

/// Fills the match fields of `r` (engine 0 of the summary's first pairing is the candidate).
void match_fields(const selfplay::SelfplaySummary& s, std::int64_t& games, std::int64_t& wins,
                  std::int64_t& draws, std::int64_t& losses, double& elo, double& low,
                  double& high, json& pair) {
  const auto& p = s.pairings.at(0);
  pair = selfplay::summary_json(s).at("pairs").at(0);
  wins = p.counts.wdl.wins;
  draws = p.counts.wdl.draws;
  losses = p.counts.wdl.losses;
  games = wins + draws + losses;
  elo = p.stats.elo.value;
  low = p.stats.elo.low;
  high = p.stats.elo.high;
}

/// A match's Elo estimate from its pair statistics (`pair`); a record written before they were
/// kept has only the value and the interval's ends.
analysis::EloEstimate match_estimate(const json& pair, double elo, double low, double high) {
  if (pair.is_null()) return {analysis::EloUnit::Elo, elo, (high - low) / 2.0, low, high};
  return analysis::elo_from_pair_json(pair);
}

/// The Elo line every command prints (analysis::elo_line) for a match.
std::string match_elo(const json& pair, double elo, double low, double high) {
  return analysis::elo_line(match_estimate(pair, elo, low, high),
                            !pair.is_null() && pair.value("exact_interval", false));
}

RoundResult read_round_json(const json& j, const fs::path& dir, const std::string& start);

/// A round record as written by an earlier run; a damaged or edited one (any JSON error:
/// syntax, a missing key, a wrong type) is an InputError naming the file.
RoundResult read_round(const fs::path& file, const fs::path& dir, const std::string& start) {
  try {
    return read_round_json(json::parse(core::read_text_file(file.string(), "round record")), dir, start);
  } catch (const json::exception& e) {
    throw InputError(file.string() + ": damaged round record (" + e.what() +
                     "); delete it to play the round again");
  }
}

/// A round of round.json or summary.json; its config paths made usable (from_run).
RoundResult read_round_json(const json& j, const fs::path& dir, const std::string& start) {
  RoundResult r;
  r.round = j.at("round");
  r.train_games = j.at("games");
  r.positions = j.at("positions");
  const auto num = [](const json& v) { return v.is_null() ? std::nan("") : v.get<double>(); };
  r.train_loss_before = num(j.at("losses").at("train_before"));
  r.train_loss_after = num(j.at("losses").at("train_after"));
  r.holdout_loss_before = num(j.at("losses").at("holdout_before"));
  r.holdout_loss_after = num(j.at("losses").at("holdout_after"));
  r.loss = j.at("losses").at("loss");
  r.match_games = j.at("match_games");
  r.wins = j.at("wdl").at("wins");
  r.draws = j.at("wdl").at("draws");
  r.losses = j.at("wdl").at("losses");
  r.elo = num(j.at("elo"));
  r.elo_low = num(j.at("elo_ci95").at(0));
  r.elo_high = num(j.at("elo_ci95").at(1));
  r.pair = j.value("pair", json(nullptr));
  r.llr = num(j.at("llr"));
  r.sprt_state = j.at("sprt");
  r.accepted = j.at("accepted");
  r.candidate_config = from_run(dir, j.at("candidate_config"), start);
  r.best_config = from_run(dir, j.at("best_config"), start);
  r.seconds = j.at("seconds");
  return r;
}

/// A round as JSON, its config paths relative to the run folder `dir`.
json round_json(const RoundResult& r, const fs::path& dir) {
  return {{"round", r.round},
          {"games", r.train_games},
          {"positions", r.positions},
          {"losses",
           {{"train_before", null_if_nan(r.train_loss_before)},
            {"train_after", null_if_nan(r.train_loss_after)},
            {"holdout_before", null_if_nan(r.holdout_loss_before)},
            {"holdout_after", null_if_nan(r.holdout_loss_after)},
            {"loss", r.loss}}},
          {"match_games", r.match_games},
          {"wdl", {{"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}}},
          {"elo", null_if_nan(r.elo)},
          {"elo_ci95", {null_if_nan(r.elo_low), null_if_nan(r.elo_high)}},
          {"pair", r.pair},
          {"llr", null_if_nan(r.llr)},
          {"sprt", r.sprt_state},
          {"accepted", r.accepted},
          {"candidate_config", in_run(dir, r.candidate_config)},
          {"best_config", in_run(dir, r.best_config)},
          {"seconds", r.seconds}};
}

/// The run folder: the given one, else the newest one of runs/ made from the same config text
/// (finished or not: a finished one is reported, not played again), else a new one (always with
/// `fresh`). A folder made from another config is refused.
fs::path choose_run_dir(const LoopOptions& o, const LoopConfig& c) {
  const auto same_config = [&](const fs::path& dir) {
    const fs::path cfg = dir / "loop.cfg";
    return fs::exists(cfg) && core::read_text_file(cfg.string(), "loop config") == c.text;
  };
  if (!o.run_dir.empty()) {
    const fs::path dir(o.run_dir);
    if (fs::exists(dir / "loop.cfg") && !same_config(dir)) {
      throw InputError("--run-dir " + o.run_dir + ": its loop.cfg differs from " +
                       (c.path.empty() ? std::string("the default run config") : c.path) +
                       " (a run folder resumes only the run that made it)");
    }
    return dir;
  }
  const fs::path runs = fs::path(o.root) / "runs";
  if (!o.fresh && fs::exists(runs)) {
    fs::path newest;
    for (const auto& entry : fs::directory_iterator(runs)) {
      const fs::path dir = entry.path();
      if (!entry.is_directory() || !same_config(dir)) continue;
      if (dir.filename().string().ends_with("-" + c.game) && dir > newest) newest = dir;
    }
    if (!newest.empty()) return newest;
  }
  // Two runs started within one second (--new right after a run) get ".2", ".3", ... after
  // the stamp, which sorts after the plain stamp, so the newest is still the greatest name.
  const std::string stamp = core::utc_file_stamp();
  fs::path dir = runs / (stamp + "-" + c.game);
  for (int n = 2; fs::exists(dir); ++n) dir = runs / (stamp + "." + std::to_string(n) + "-" + c.game);
  return dir;
}

/// A finished run's summary.json (see summary_json), marked complete; a damaged one is an
/// InputError naming the file.
LoopSummary read_summary(const fs::path& dir, const std::string& start) {
  const fs::path file = dir / "summary.json";
  try {
    const json j = json::parse(core::read_text_file(file.string(), "loop summary"));
    LoopSummary s;
    s.complete = true;
    s.run_dir = dir.string();
    s.game = j.at("game");
    s.start_config = from_run(dir, j.at("start_config"), start);
    s.best_config = from_run(dir, j.at("best_config"), start);
    for (const auto& r : j.at("rounds")) s.rounds.push_back(read_round_json(r, dir, start));
    if (const json& f = j.at("best_vs_start"); !f.is_null()) {
      const auto num = [](const json& v) { return v.is_null() ? std::nan("") : v.get<double>(); };
      FinalMatch& m = s.best_vs_start;
      m.played = true;
      m.elo = num(f.at("elo"));
      m.elo_low = num(f.at("elo_ci95").at(0));
      m.elo_high = num(f.at("elo_ci95").at(1));
      m.pair = f.value("pair", json(nullptr));
      m.games = f.at("games");
      m.wins = f.at("wdl").at("wins");
      m.draws = f.at("wdl").at("draws");
      m.losses = f.at("wdl").at("losses");
    }
    s.seconds = j.at("seconds");
    return s;
  } catch (const json::exception& e) {
    throw InputError(file.string() + ": damaged loop summary (" + e.what() +
                     "); delete it to finish the run again");
  }
}

/// gnuplot charts of the run: the Elo of each accepted version against the start (sums of the
/// accepted matches' Elo, intervals added in quadrature) and the fit losses per round.
void write_plots(const LoopSummary& s, const fs::path& dir, const LoopOptions& o) {
  if (s.rounds.empty()) return;
  if (!analysis::gnuplot_available()) {
    progress(o, "gnuplot not found: no plots (scripts/install-deps installs it)");
    return;
  }
  std::ostringstream elo;
  elo << "$elo << EOD\n0 0 0 0\n";
  double sum = 0.0;
  double var = 0.0;
  std::string unbounded;  // a match won by a perfect score has no finite Elo: the line ends there
  for (const auto& r : s.rounds) {
    if (!r.accepted) continue;
    const double half = (r.elo_high - r.elo_low) / 2.0;
    if (!std::isfinite(r.elo) || !std::isfinite(half)) {
      unbounded = " (round " + std::to_string(r.round) + " on: no finite Elo)";
      break;
    }
    sum += r.elo;
    var += half * half;
    elo << r.round << " " << sum << " " << sum - std::sqrt(var) << " " << sum + std::sqrt(var)
        << "\n";
  }
  elo << "EOD\nset terminal svg size 640,400 dynamic\nset output '" << (dir / "elo.svg").string()
      << "'\nset title 'Elo of each accepted version against the start (95% intervals)"
      << unbounded << "'\n"
         "set xlabel 'round'\nset ylabel 'Elo (logistic)'\nset grid\n"
      << "set xrange [-0.5:" << s.rounds.size() + 0.5 << "]\nset yrange [" << std::min(-10.0, sum - std::sqrt(var) - 10)
      << ":" << std::max(10.0, sum + std::sqrt(var) + 10) << "]\n"
         "plot $elo using 1:2:3:4 with yerrorlines title 'accepted versions'\n";
  analysis::draw_plot(elo.str(), (dir / "elo.svg").string(), "loop plots");
  std::ostringstream loss;
  loss << "$loss << EOD\n";
  for (const auto& r : s.rounds) {
    loss << r.round << " " << r.train_loss_before << " " << r.train_loss_after << " "
         << r.holdout_loss_before << " " << r.holdout_loss_after << "\n";
  }
  loss << "EOD\nset terminal svg size 640,400 dynamic\nset output '"
       << (dir / "loss.svg").string() << "'\nset title 'Fit losses per round ("
       << (s.rounds.empty() ? std::string() : s.rounds.front().loss)
       << ")'\nset xlabel 'round'\nset ylabel 'loss'\nset grid\n"
       << "set xrange [0.5:" << s.rounds.size() + 0.5 << "]\n"
          "plot $loss using 1:2 with linespoints title 'train before', "
          "'' using 1:3 with linespoints title 'train after', "
          "'' using 1:4 with linespoints title 'holdout before', "
          "'' using 1:5 with linespoints title 'holdout after'\n";
  analysis::draw_plot(loss.str(), (dir / "loss.svg").string(), "loop plots");
}

}  // namespace

LoopSummary run_loop(const LoopOptions& o) {
  const auto start_time = std::chrono::steady_clock::now();
  LoopConfig c = o.config.empty() ? default_loop_config(o.game, o.root) : load_loop_config(o.config);
  if (o.rounds > 0) c.rounds = o.rounds;
  const core::EngineConfig start = core::load_engine_config(c.start);
  if (start.game != c.game) {
    throw InputError(c.start + ": the start config is for '" + start.game + "', the run for '" +
                     c.game + "'");
  }

  // Step 1. The run folder, new or resumed; a finished one is reported as it is.
  const fs::path dir = choose_run_dir(o, c);
  if (fs::exists(dir / "summary.json")) {
    progress(o, "run complete: " + dir.string() + " (nothing to play; its summary follows; " +
                    "--new starts a new run)");
    return read_summary(dir, c.start);
  }
  const bool resumed = fs::exists(dir / "loop.cfg");
  fs::create_directories(dir);
  const selfplay::FileLock folder_lock(
      (dir / "loop.lock").string(),
      "another arena loop is running in this run folder (it is locked); wait for it to end, or "
      "start another run with --new or --run-dir");
  if (!resumed) write_file(dir / "loop.cfg", c.text);
  progress(o, (resumed ? "resuming " : "run folder ") + dir.string());

  LoopSummary s;
  s.run_dir = dir.string();
  s.game = c.game;
  s.start_config = c.start;
  std::string best = c.start;
  std::vector<std::string> training = c.extra_games;

  // A stage stopped by a signal leaves its log to be resumed: stop here, so that no round is
  // tuned or judged on fewer games than the config asks for.
  const auto interrupted = [&](int round, const char* stage) {
    progress(o, "interrupted during " + (round > 0 ? "round " + std::to_string(round) + " "
                                                   : std::string()) +
                    stage + ": rerun the same command to resume " + dir.string());
    s.interrupted = true;
    s.best_config = best;
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
    return s;
  };

  // Step 2. Rounds: training games, a fit, a match with an SPRT.
  for (int n = 1; n <= c.rounds; ++n) {
    const fs::path rd = dir / ("round-" + std::to_string(n));
    const fs::path train_log = rd / "train.jsonl";
    if (fs::exists(rd / "round.json")) {
      s.rounds.push_back(read_round(rd / "round.json", dir, c.start));
      best = s.rounds.back().best_config;
      training.push_back(train_log.string());
      continue;
    }
    const double hours = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                       start_time).count() / 3600.0;
    if (o.hours > 0 && hours >= o.hours) {
      progress(o, "time is up after " + std::to_string(n - 1) + " rounds");
      break;
    }
    const auto round_start = std::chrono::steady_clock::now();
    fs::create_directories(rd);
    RoundResult r;
    r.round = n;
    const std::uint64_t seed = c.seed + 1000003ULL * static_cast<std::uint64_t>(n);

    progress(o, "round " + std::to_string(n) + "/" + std::to_string(c.rounds) +
                    ": self-play of " + best + " (" + std::to_string(c.train.games) + " games)");
    const core::EngineConfig best_cfg = core::load_engine_config(best);
    write_renamed(best, rd / "sparring.cfg", best_cfg.name + "-sparring", "training partner");
    const auto train = play(c, c.train, {best, (rd / "sparring.cfg").string()}, train_log, seed,
                            true, o);
    if (train.interrupted) return interrupted(n, "self-play");
    r.train_games = train.games_logged;
    training.push_back(train_log.string());

    progress(o, "round " + std::to_string(n) + ": tuning a candidate from " +
                    std::to_string(training.size()) + " game files");
    tune::TuneOptions t = c.fit;
    t.games = training;
    t.init = best;
    t.out = (rd / "candidate.cfg").string();
    t.name = start.name + "-r" + std::to_string(n);
    t.seed = seed;
    t.threads = c.threads;
    t.quiet = o.quiet;
    t.command_line = o.command_line;
    const tune::TuneReport fit = tune::run_tune(t, [](const std::string& line) {
      std::cerr << line << std::endl;
    });
    write_file(rd / "fit.json", tune::to_json(fit).dump(2) + "\n");
    r.positions = static_cast<std::int64_t>(fit.train_positions);
    r.train_loss_before = fit.train_loss_before;
    r.train_loss_after = fit.train_loss_after;
    r.holdout_loss_before = fit.holdout_loss_before;
    r.holdout_loss_after = fit.holdout_loss_after;
    r.loss = fit.loss;
    r.candidate_config = t.out;

    progress(o, "round " + std::to_string(n) + ": match " + t.name + " vs " + best_cfg.name +
                    " (SPRT " + c.match.sprt + ", at most " + std::to_string(c.match.games) +
                    " games)");
    const auto match = play(c, c.match, {t.out, best}, rd / "match.jsonl", seed + 1, false, o);
    if (match.interrupted) return interrupted(n, "the match");
    match_fields(match, r.match_games, r.wins, r.draws, r.losses, r.elo, r.elo_low, r.elo_high,
                 r.pair);
    const auto& sprt = match.pairings.at(0).sprt;
    r.llr = sprt ? sprt->llr : std::nan("");
    r.sprt_state = !sprt                                          ? "none"
                   : sprt->state == analysis::SprtState::AcceptH1 ? "H1"
                   : sprt->state == analysis::SprtState::AcceptH0 ? "H0"
                                                                  : "continue";
    r.accepted = sprt && sprt->state == analysis::SprtState::AcceptH1;
    if (r.accepted) best = t.out;
    r.best_config = best;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - round_start).count();
    write_file(rd / "round.json", round_json(r, dir).dump(2) + "\n");
    progress(o, "round " + std::to_string(n) + ": " + (r.accepted ? "accepted" : "rejected") +
                    " (" + match_elo(r.pair, r.elo, r.elo_low, r.elo_high) + ", SPRT " +
                    r.sprt_state + ")");
    s.rounds.push_back(r);
  }
  s.best_config = best;

  // Step 3. The final match: best against the start.
  if (best != c.start) {
    progress(o, "final match: " + best + " vs " + c.start);
    const auto fin = play(c, c.final_match, {best, c.start}, dir / "final.jsonl",
                          c.seed + 7, false, o);
    if (fin.interrupted) return interrupted(0, "the final match");
    s.best_vs_start.played = true;
    match_fields(fin, s.best_vs_start.games, s.best_vs_start.wins, s.best_vs_start.draws,
                 s.best_vs_start.losses, s.best_vs_start.elo, s.best_vs_start.elo_low,
                 s.best_vs_start.elo_high, s.best_vs_start.pair);
  } else {
    progress(o, "no candidate was accepted: the best config is the start config");
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();

  // Step 4. The summary and its charts.
  write_file(dir / "summary.json", summary_json(s).dump(2) + "\n");
  write_file(dir / "summary.txt", summary_text(s));
  write_plots(s, dir, o);
  return s;
}

json summary_json(const LoopSummary& s) {
  json rounds = json::array();
  for (const auto& r : s.rounds) rounds.push_back(round_json(r, s.run_dir));
  const FinalMatch& f = s.best_vs_start;
  json final_match = nullptr;
  if (f.played) {
    final_match = {{"elo", null_if_nan(f.elo)},
                   {"elo_ci95", {null_if_nan(f.elo_low), null_if_nan(f.elo_high)}},
                   {"games", f.games},
                   {"wdl", {{"wins", f.wins}, {"draws", f.draws}, {"losses", f.losses}}},
                   {"pair", f.pair}};
  }
  return {{"game", s.game},
          {"run_dir", s.run_dir},
          {"start_config", in_run(s.run_dir, s.start_config)},
          {"best_config", in_run(s.run_dir, s.best_config)},
          {"rounds", rounds},
          {"best_vs_start", final_match},
          {"seconds", s.seconds}};
}

std::string summary_text(const LoopSummary& s) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(1);
  o << "arena loop: " << s.game << ", run folder " << s.run_dir << "\n"
    << "start config: " << s.start_config << "\n\n"
    << "round  games  positions  holdout loss before -> after   match W-D-L    Elo (95%)                       SPRT  kept\n";
  for (const auto& r : s.rounds) {
    std::ostringstream line;
    line.setf(std::ios::fixed);
    line.precision(4);
    line << r.holdout_loss_before << " -> " << r.holdout_loss_after;
    const std::string elo =
        analysis::format_elo(match_estimate(r.pair, r.elo, r.elo_low, r.elo_high), analysis::kEloDecimals);
    o << std::setw(5) << r.round << std::setw(7) << r.train_games << std::setw(11) << r.positions
      << "  " << std::left << std::setw(30) << line.str() << " " << std::setw(14)
      << (std::to_string(r.wins) + "-" + std::to_string(r.draws) + "-" + std::to_string(r.losses))
      << " " << std::setw(31) << elo << " " << std::setw(5) << r.sprt_state << " "
      << (r.accepted ? "yes" : "no") << std::right << "\n";
  }
  o << "\nbest config: " << s.best_config << "\n";
  const FinalMatch& f = s.best_vs_start;
  if (f.played) {
    o << "best vs start: " << match_elo(f.pair, f.elo, f.elo_low, f.elo_high) << " over "
      << f.games << " games (W-D-L " << f.wins << "-" << f.draws << "-" << f.losses << ")\n";
  } else {
    o << "best vs start: no candidate was accepted\n";
  }
  o << "wall time: " << s.seconds << " s\n";
  return o.str();
}

}  // namespace arena::loop
