// The library entry point of self-play: run_selfplay<G>(options) validates everything, opens
// or resumes the log, plays the pending games on the Runner and returns the summary. Used by
// `arena selfplay` and `arena loop` (which dispatch on the configs' game by name).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/pairs.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "selfplay/game_log.hpp"
#include "selfplay/game_setup.hpp"
#include "selfplay/match_tally.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"
#include "selfplay/run_recorder.hpp"
#include "selfplay/runner.hpp"
#include "selfplay/signal_watcher.hpp"
#include "selfplay/stop_timer.hpp"
#include "selfplay/summary.hpp"

namespace arena::selfplay {

/// Plays the run described by `given` for game G (its seed resolved by with_resolved_seed) (the game of the configs; see
/// selfplay_game()). `factory` replaces the EnginePlayers built from the configs (tests,
/// external engines); it is called once per engine before any game to validate.
/// Errors before the first game are InputErrors (exit 2): see prepare_run and inspect_log;
/// also a config that does not fit G, a malformed --rules, an illegal opening (FILE:LINE).
/// When a SignalWatcher is installed (opts.handle_signals), the first SIGINT/SIGTERM (or
/// --stop-signal) stops scheduling and lets games in flight finish, a second abandons them;
/// --deadline/--hours stop scheduling the same way; `interrupted` is then set in the summary
/// unless every requested game was logged. Progress goes to stderr unless opts.quiet.
template <core::Game G>
SelfplaySummary run_selfplay(const SelfplayOptions& given, PlayerFactory<G> factory = nullptr) {
  // Step 1: the seed, checks that need no game, then the game's own (rules, engines, openings).
  const SelfplayOptions opts = with_resolved_seed(given);
  GameSetup<G> game = prepare_game_run<G>(opts, std::move(factory));
  const RunSetup& setup = game.run;

  // Step 2: the log, new or resumed. Its lock comes before the reading, so no other run can
  // write between what was read and what is appended.
  LogWriter writer = LogWriter::lock(setup.log_path, opts.fsync);
  ResumeState resume = inspect_log(setup.log_path, setup.record, setup.schedule);
  SelfplaySummary summary;
  summary.game = setup.record.game;
  summary.log_path = setup.log_path;
  summary.seed = opts.seed;
  summary.games_requested = setup.schedule.shard_games();
  summary.warnings = resume.warnings;
  for (const auto& w : resume.warnings) std::cerr << "warning: " << w << "\n";
  if (resume.resume) {
    writer.resume_at(resume.intact_bytes);
  } else {
    writer.start(setup.record);
  }

  // Step 3: counts so far; the SPRT may already be decided (then no game is played).
  RunRecorder recorder(setup, resume, writer);
  std::vector<std::int64_t> pending = pending_ids(setup.schedule, resume.games);
  if (recorder.decided()) {
    pending.clear();
    summary.sprt_stopped = true;
  }

  // Step 4: play. Games are logged by the recorder (calls are serialised by the runner).
  ProgressPrinter progress(!opts.quiet, summary.games_requested, setup.sprt);
  Runner<G>* runner_ptr = nullptr;
  std::int64_t played = 0;
  const auto on_game = [&](const GameRecord& g) {
    ++played;
    if (recorder.record(g)) {
      summary.sprt_stopped = true;
      runner_ptr->stop();
    }
    progress.update(recorder.tally(), played);
  };
  // Never more workers than games: each worker builds its engines up front.
  const int threads = static_cast<int>(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(pending.size()), 1, opts.threads));
  Runner<G> runner(setup.schedule, game.openings, game.rules, opts.seed, setup.settings,
                   std::move(pending), game.factory, nullptr, on_game, threads);
  runner_ptr = &runner;
  const auto start = std::chrono::steady_clock::now();
  {
    std::optional<SignalWatcher> watcher;
    if (opts.handle_signals) {
      watcher.emplace(
          [&runner](int signal, int count) {
            if (count == 1) {
              std::cerr << "\n" << signal_name(signal)
                        << ": finishing the games in flight (again to abandon them)\n";
              runner.stop();
            } else {
              runner.abort();
            }
          },
          setup.stop_signal);
    }
    std::optional<StopTimer> timer;
    if (setup.deadline) {
      timer.emplace(*setup.deadline, [&runner] {
        std::cerr << "\ndeadline reached: finishing the games in flight\n";
        runner.stop();
      });
    }
    runner.start();
    runner.wait();
    summary.interrupted = (watcher && watcher->first_signal() != 0) || (timer && timer->fired());
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.finish(recorder.tally(), played);

  // Step 5: the summary.
  summary.games_played = played;
  summary.games_logged = recorder.tally().games();
  if (summary.games_logged >= summary.games_requested) summary.interrupted = false;  // too late
  summary.games_per_second = summary.seconds > 0 ? static_cast<double>(played) / summary.seconds : 0.0;
  const std::size_t known_warnings = summary.warnings.size();
  fill_results(summary, recorder.tally(), setup.sprt, recorder.decision());
  for (std::size_t i = known_warnings; i < summary.warnings.size(); ++i) {
    std::cerr << "warning: " << summary.warnings[i] << "\n";
  }
  return summary;
}

}  // namespace arena::selfplay
