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

/// `r` with its config paths made usable from the current folder (from_run).
records::RoundRecord round_from_run(records::RoundRecord r, const fs::path& dir,
                                    const std::string& start) {
  r.candidate_config = from_run(dir, r.candidate_config, start);
  r.best_config = from_run(dir, r.best_config, start);
  return r;
}

/// A round record as written by an earlier run; a damaged or edited one is an InputError naming
/// the file and the key (records::read_round_record).
records::RoundRecord read_round(const fs::path& file, const fs::path& dir, const std::string& start) {
  try {
    return round_from_run(records::read_round_record(file.string()), dir, start);
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + "; delete it to play the round again");
  }
}

/// `r` with its config paths relative to the run folder `dir` (in_run), as the folder stores them.
records::RoundRecord round_in_run(records::RoundRecord r, const fs::path& dir) {
  r.candidate_config = in_run(dir, r.candidate_config);
  r.best_config = in_run(dir, r.best_config);
  return r;
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
/// InputError naming the file and the key.
LoopSummary read_summary(const fs::path& dir, const std::string& start) {
  const fs::path file = dir / "summary.json";
  LoopSummary s;
  try {
    static_cast<records::LoopRecord&>(s) = records::read_loop_record(file.string());
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + "; delete it to finish the run again");
  }
  s.complete = true;
  s.run_dir = dir.string();
  s.start_config = from_run(dir, s.start_config, start);
  s.best_config = from_run(dir, s.best_config, start);
  for (auto& r : s.rounds) r = round_from_run(std::move(r), dir, start);
  return s;
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

/// A loop in progress: what its steps share.
struct LoopRun {
  const LoopOptions& o;
  LoopConfig c;
  core::EngineConfig start;                 ///< the start config, loaded
  fs::path dir;                             ///< the run folder
  std::chrono::steady_clock::time_point start_time;
  LoopSummary s;                            ///< the rounds so far
  std::string best;                         ///< the best config so far
  std::vector<std::string> training;        ///< the game files of the next fit

  [[nodiscard]] double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  }
};

/// Round `n`'s seed: its training games and fit; its match plays from the next one.
std::uint64_t round_seed(const LoopRun& run, int n) {
  return run.c.seed + 1000003ULL * static_cast<std::uint64_t>(n);
}

/// The name of round `n`'s candidate config.
std::string candidate_name(const LoopRun& run, int n) {
  return run.start.name + "-r" + std::to_string(n);
}

/// The run config of `o` (its rounds overridden by --rounds) and its start config, which must
/// be of the run's game (InputError otherwise).
std::pair<LoopConfig, core::EngineConfig> load_run(const LoopOptions& o) {
  LoopConfig c = o.config.empty() ? default_loop_config(o.game, o.root) : load_loop_config(o.config);
  if (o.rounds > 0) c.rounds = o.rounds;
  core::EngineConfig start = core::load_engine_config(c.start);
  if (start.game != c.game) {
    throw InputError(c.start + ": the start config is for '" + start.game + "', the run for '" +
                     c.game + "'");
  }
  return {std::move(c), std::move(start)};
}

/// A stage stopped by a signal leaves its log to be resumed: the loop stops there, so that no
/// round is tuned or judged on fewer games than the config asks for.
LoopSummary interrupted(LoopRun& run, int round, const char* stage) {
  progress(run.o, "interrupted during " +
                      (round > 0 ? "round " + std::to_string(round) + " " : std::string()) +
                      stage + ": rerun the same command to resume " + run.dir.string());
  run.s.interrupted = true;
  run.s.best_config = run.best;
  run.s.seconds = run.elapsed();
  return run.s;
}

/// Round `n`'s training games: the best config against a renamed copy of itself, with each
/// move's search score recorded. False when a signal stopped them.
bool train_step(LoopRun& run, int n, const fs::path& rd, const std::string& best_name,
                records::RoundRecord& r) {
  progress(run.o, "round " + std::to_string(n) + "/" + std::to_string(run.c.rounds) +
                      ": self-play of " + run.best + " (" + std::to_string(run.c.train.games) +
                      " games)");
  write_renamed(run.best, rd / "sparring.cfg", best_name + "-sparring", "training partner");
  const fs::path log = rd / "train.jsonl";
  const auto train = play(run.c, run.c.train, {run.best, (rd / "sparring.cfg").string()}, log,
                          round_seed(run, n), true, run.o);
  if (train.interrupted) return false;
  r.train_games = train.games_logged;
  run.training.push_back(log.string());
  return true;
}

/// Round `n`'s fit: a candidate config tuned from every training file so far, starting from
/// the best config; its report goes to fit.json.
void fit_step(LoopRun& run, int n, const fs::path& rd, records::RoundRecord& r) {
  progress(run.o, "round " + std::to_string(n) + ": tuning a candidate from " +
                      std::to_string(run.training.size()) + " game files");
  tune::TuneOptions t = run.c.fit;
  t.games = run.training;
  t.init = run.best;
  t.out = (rd / "candidate.cfg").string();
  t.name = candidate_name(run, n);
  t.seed = round_seed(run, n);
  t.threads = run.c.threads;
  t.quiet = run.o.quiet;
  t.command_line = run.o.command_line;
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
}

/// Round `n`'s match: the candidate against the best config under the match's SPRT; an
/// accepted candidate becomes the best. False when a signal stopped it.
bool match_step(LoopRun& run, int n, const fs::path& rd, const std::string& best_name,
                records::RoundRecord& r) {
  progress(run.o, "round " + std::to_string(n) + ": match " + candidate_name(run, n) + " vs " +
                      best_name + " (SPRT " + run.c.match.sprt + ", at most " +
                      std::to_string(run.c.match.games) + " games)");
  const auto match = play(run.c, run.c.match, {r.candidate_config, run.best}, rd / "match.jsonl",
                          round_seed(run, n) + 1, false, run.o);
  if (match.interrupted) return false;
  match_fields(match, r.match_games, r.wins, r.draws, r.losses, r.elo, r.elo_low, r.elo_high,
               r.pair);
  const auto& sprt = match.pairings.at(0).sprt;
  r.llr = sprt ? sprt->llr : std::nan("");
  r.sprt_state = !sprt                                          ? "none"
                 : sprt->state == analysis::SprtState::AcceptH1 ? "H1"
                 : sprt->state == analysis::SprtState::AcceptH0 ? "H0"
                                                                : "continue";
  r.accepted = sprt && sprt->state == analysis::SprtState::AcceptH1;
  if (r.accepted) run.best = r.candidate_config;
  r.best_config = run.best;
  return true;
}

/// Step 2, one round: training games, a fit, a match with an SPRT, then round.json. A round
/// already recorded is read back instead. Returns the stage a signal stopped ("self-play",
/// "the match"), nullptr when the round is done.
const char* round_step(LoopRun& run, int n) {
  const fs::path rd = run.dir / ("round-" + std::to_string(n));
  if (fs::exists(rd / "round.json")) {
    run.s.rounds.push_back(read_round(rd / "round.json", run.dir, run.c.start));
    run.best = run.s.rounds.back().best_config;
    run.training.push_back((rd / "train.jsonl").string());
    return nullptr;
  }
  const auto round_start = std::chrono::steady_clock::now();
  fs::create_directories(rd);
  records::RoundRecord r;
  r.round = n;
  const std::string best_name = core::load_engine_config(run.best).name;
  if (!train_step(run, n, rd, best_name, r)) return "self-play";
  fit_step(run, n, rd, r);
  if (!match_step(run, n, rd, best_name, r)) return "the match";
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - round_start).count();
  write_file(rd / "round.json", records::to_json(round_in_run(r, run.dir)).dump(2) + "\n");
  progress(run.o, "round " + std::to_string(n) + ": " + (r.accepted ? "accepted" : "rejected") +
                      " (" + match_elo(r.pair, r.elo, r.elo_low, r.elo_high) + ", SPRT " +
                      r.sprt_state + ")");
  run.s.rounds.push_back(r);
  return nullptr;
}

/// Step 3, the final match: the best config against the start, when a candidate was kept.
/// False when a signal stopped it.
bool final_step(LoopRun& run) {
  if (run.best == run.c.start) {
    progress(run.o, "no candidate was accepted: the best config is the start config");
    return true;
  }
  progress(run.o, "final match: " + run.best + " vs " + run.c.start);
  const auto fin = play(run.c, run.c.final_match, {run.best, run.c.start},
                        run.dir / "final.jsonl", run.c.seed + 7, false, run.o);
  if (fin.interrupted) return false;
  records::FinalMatchRecord& f = run.s.best_vs_start;
  f.played = true;
  match_fields(fin, f.games, f.wins, f.draws, f.losses, f.elo, f.elo_low, f.elo_high, f.pair);
  return true;
}

/// Step 4: summary.json, summary.txt and the charts.
void summary_step(LoopRun& run) {
  run.s.seconds = run.elapsed();
  write_file(run.dir / "summary.json", summary_json(run.s).dump(2) + "\n");
  write_file(run.dir / "summary.txt", summary_text(run.s));
  write_plots(run.s, run.dir, run.o);
}

}  // namespace

LoopSummary run_loop(const LoopOptions& o) {
  auto [c, start] = load_run(o);
  LoopRun run{o, std::move(c), std::move(start), {}, std::chrono::steady_clock::now(), {}, {}, {}};

  // Step 1. The run folder, new or resumed; a finished one is reported as it is.
  run.dir = choose_run_dir(o, run.c);
  if (fs::exists(run.dir / "summary.json")) {
    progress(o, "run complete: " + run.dir.string() + " (nothing to play; its summary follows; " +
                    "--new starts a new run)");
    return read_summary(run.dir, run.c.start);
  }
  const bool resumed = fs::exists(run.dir / "loop.cfg");
  fs::create_directories(run.dir);
  const selfplay::FileLock folder_lock(
      (run.dir / "loop.lock").string(),
      "another arena loop is running in this run folder (it is locked); wait for it to end, or "
      "start another run with --new or --run-dir");
  if (!resumed) write_file(run.dir / "loop.cfg", run.c.text);
  progress(o, (resumed ? "resuming " : "run folder ") + run.dir.string());
  run.s.run_dir = run.dir.string();
  run.s.game = run.c.game;
  run.s.start_config = run.c.start;
  run.best = run.c.start;
  run.training = run.c.extra_games;

  // Step 2. Rounds, until the config's number or --hours.
  for (int n = 1; n <= run.c.rounds; ++n) {
    const bool recorded = fs::exists(run.dir / ("round-" + std::to_string(n)) / "round.json");
    if (!recorded && o.hours > 0 && run.elapsed() / 3600.0 >= o.hours) {
      progress(o, "time is up after " + std::to_string(n - 1) + " rounds");
      break;
    }
    if (const char* stage = round_step(run, n)) return interrupted(run, n, stage);
  }
  run.s.best_config = run.best;

  // Step 3 and 4. The final match, the summary and its charts.
  if (!final_step(run)) return interrupted(run, 0, "the final match");
  summary_step(run);
  return run.s;
}

json summary_json(const LoopSummary& s) {
  records::LoopRecord r = s;
  r.start_config = in_run(s.run_dir, s.start_config);
  r.best_config = in_run(s.run_dir, s.best_config);
  for (auto& round : r.rounds) round = round_in_run(std::move(round), s.run_dir);
  return records::to_json(r);
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
  const records::FinalMatchRecord& f = s.best_vs_start;
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
