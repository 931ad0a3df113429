// Self-play over several processes started by an MPI launcher (`mpirun -n K arena selfplay
// ...`, `srun --mpi=pmix`): one run, one log, one SPRT. Rank 0 coordinates: it reads or
// resumes the log exactly as a single process would, hands out the pending game ids of the one
// global schedule in batches of 2 x --threads ids (whole pairs) to whichever rank asks, writes
// each finished game it receives, keeps the progress line and the SPRT over all results. Every
// rank plays with its own --threads, rank 0 too unless --mpi-coordinator-only. A game depends
// only on (seed, id), so the set of game lines equals the single-process run's.
//
// Workers ask for the next batch as soon as all ids of the current one have started (games
// still in flight), so no rank waits idle for a round trip. A stop reaches every rank at once:
// when the SPRT decides, the deadline passes, or a signal (SIGINT, SIGTERM, --stop-signal)
// arrives on ANY rank (a scheduler signals every task), rank 0 sends Stop to every worker,
// which drops its queued ids and finishes (or, on a second signal, abandons) its games in
// flight. After the deciding game at most --threads games per rank are still played (single
// process: --threads - 1). The transport is mpi_transport (plain MPI C API, main thread only).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/pairs.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "selfplay/game_log.hpp"
#include "selfplay/game_setup.hpp"
#include "selfplay/match_tally.hpp"
#include "selfplay/mpi_transport.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"
#include "selfplay/run_recorder.hpp"
#include "selfplay/runner.hpp"
#include "selfplay/signal_watcher.hpp"
#include "selfplay/summary.hpp"

namespace arena::selfplay {

/// Game ids as a message payload ("4 5 6 7") and back.
[[nodiscard]] std::string format_ids(const std::vector<std::int64_t>& ids);
[[nodiscard]] std::vector<std::int64_t> parse_ids(const std::string& text);

/// Game records as a message payload (log lines joined by '\n') and back; `where` prefixes
/// parse errors (e.g. "rank 2: ").
[[nodiscard]] std::string format_games(const std::vector<GameRecord>& games);
[[nodiscard]] std::vector<GameRecord> parse_games(const std::string& text,
                                                  const std::string& where);

/// A Runner fed with ids batch by batch. The MPI thread adds batches and collects finished
/// games; the runner's worker tasks block for ids until a batch arrives or finish() is called.
template <core::Game G>
class BatchPlayer {
 public:
  /// The arguments are the Runner's (see Runner); `threads` >= 1.
  BatchPlayer(const Schedule& schedule, const Openings<G>& openings, typename G::Rules rules,
              std::uint64_t seed, PlaySettings settings, PlayerFactory<G> factory, int threads)
      : runner_(schedule, openings, rules, seed, std::move(settings),
                IdSource([this] { return pop(); }), std::move(factory), nullptr,
                [this](const GameRecord& g) {
                  const std::lock_guard lock(mutex_);
                  done_.push_back(g);
                },
                threads) {}

  BatchPlayer(const BatchPlayer&) = delete;
  BatchPlayer& operator=(const BatchPlayer&) = delete;
  ~BatchPlayer() {
    if (waiter_.joinable()) {
      abort();
      waiter_.join();
    }
  }

  /// Starts the runner; a background thread notes when it ends (and its error).
  void start() {
    runner_.start();
    waiter_ = std::thread([this] {
      std::exception_ptr error;
      try {
        runner_.wait();
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard lock(mutex_);
      error_ = error;
      ended_ = true;
      closed_ = true;
      changed_.notify_all();
    });
  }

  /// Queues ids to play (ignored after finish() or stop()).
  void add(const std::vector<std::int64_t>& ids) {
    const std::lock_guard lock(mutex_);
    if (closed_) return;
    ids_.insert(ids_.end(), ids.begin(), ids.end());
    changed_.notify_all();
  }

  /// No more ids will come: the games in flight finish, then the runner ends.
  void finish() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  /// Drops the queued ids, starts no game and lets the games in flight finish (logged).
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      ids_.clear();
      closed_ = true;
      changed_.notify_all();
    }
    runner_.stop();
  }

  /// stop() and interrupt the games in flight (they are discarded).
  void abort() {
    stop();
    runner_.abort();
  }

  /// Whether every queued id has started and more are welcome.
  [[nodiscard]] bool hungry() {
    const std::lock_guard lock(mutex_);
    return ids_.empty() && !closed_;
  }

  /// Whether the runner has ended; rethrows its error if it failed.
  [[nodiscard]] bool ended() {
    const std::lock_guard lock(mutex_);
    if (error_) std::rethrow_exception(error_);
    return ended_;
  }

  /// Waits until the runner has ended; rethrows its error if it failed.
  void join() {
    if (waiter_.joinable()) waiter_.join();
    (void)ended();
  }

  /// The games finished since the last call.
  [[nodiscard]] std::vector<GameRecord> take() {
    const std::lock_guard lock(mutex_);
    return std::exchange(done_, {});
  }

 private:
  std::optional<std::int64_t> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !ids_.empty() || closed_; });
    if (ids_.empty()) return std::nullopt;
    const std::int64_t id = ids_.front();
    ids_.pop_front();
    changed_.notify_all();
    return id;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::int64_t> ids_;
  std::vector<GameRecord> done_;
  bool closed_ = false;
  bool ended_ = false;
  std::exception_ptr error_;
  Runner<G> runner_;
  std::thread waiter_;
};

/// How far a stop goes: start no game (the games in flight finish and are logged), or also
/// abandon the games in flight. Ordered: a stronger stop overrides a weaker one.
enum class StopMode : int { None = 0, Finish = 1, Abandon = 2 };

/// A Stop message's payload: "finish" or "abandon", then optionally the signal's name.
[[nodiscard]] std::string stop_word(StopMode mode, const std::string& signal = "");
/// The mode and signal name of a Stop payload (a payload that is neither word abandons).
[[nodiscard]] std::pair<StopMode, std::string> parse_stop(const std::string& payload);

/// A worker rank's side of the run: asks rank 0 for ids, plays them on `local`, returns the
/// games with its next request. It polls rather than blocks, so that a Stop from rank 0, or a
/// signal on this rank (which it reports to rank 0 as a Stop, and applies at once), takes
/// effect while games are in flight. Ends after rank 0's Bye; a failure is sent as Failed.
template <core::Game G>
void play_as_worker(const mpi::Session& session, BatchPlayer<G>& local, const RunSetup& setup,
                    bool handle_signals) {
  try {
    std::atomic<int> signal_level{0};  // a StopMode, raised by the watcher thread
    std::atomic<int> last_signal{0};
    std::optional<SignalWatcher> watcher;
    if (handle_signals) {
      watcher.emplace(
          [&](int signal, int count) {
            last_signal = signal;
            if (count == 1) {
              signal_level = static_cast<int>(StopMode::Finish);
              local.stop();
            } else {
              signal_level = static_cast<int>(StopMode::Abandon);
              local.abort();
            }
          },
          setup.stop_signal);
    }
    int reported = 0;
    const auto report_signal = [&] {
      if (const int level = signal_level.load(); level > reported) {
        reported = level;
        session.send(0, mpi::Tag::Stop,
                     stop_word(static_cast<StopMode>(level), signal_name(last_signal.load())));
      }
    };
    bool waiting = true;  // a Batch reply is owed
    session.send(0, mpi::Tag::Request, "");
    while (!local.ended()) {
      bool idle = true;
      while (auto m = session.try_receive()) {  // only rank 0 writes to a worker
        idle = false;
        if (m->tag == mpi::Tag::Batch) {
          waiting = false;
          const std::vector<std::int64_t> ids = parse_ids(m->payload);
          if (ids.empty()) {
            local.finish();
          } else {
            local.add(ids);
          }
        } else if (m->tag == mpi::Tag::Stop) {
          if (parse_stop(m->payload).first == StopMode::Finish) {
            local.stop();
          } else {
            local.abort();
          }
        }
      }
      report_signal();
      if (!waiting && local.hungry()) {
        session.send(0, mpi::Tag::Request, format_games(local.take()));
        waiting = true;
        idle = false;
      }
      if (idle) std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    report_signal();  // the signal may have ended the games before the loop saw it
    while (waiting) waiting = session.receive(0).tag != mpi::Tag::Batch;  // ids now unplayed
    local.join();
    session.send(0, mpi::Tag::Done, format_games(local.take()));
    while (session.receive(0).tag != mpi::Tag::Bye) {
    }
  } catch (const std::exception& e) {
    session.send(0, mpi::Tag::Failed, "rank " + std::to_string(session.rank()) + ": " + e.what());
  }
}

/// Plays the run of `opts` as one rank of an MPI job (see the file comment). Returns the
/// summary on rank 0 and nullopt on the other ranks. Errors before the first game are the
/// InputErrors of run_selfplay, raised on the rank that found them (the other ranks then
/// return nullopt, or throw when rank 0 failed). A failure during play (a worker's exception,
/// a log write error) prints the error and ends the whole job (MPI_Abort): the log holds only
/// whole lines and the same command resumes it. Every rank calls it with the same options on
/// the process's one `session`, which may play several runs in turn (arena loop's stages).
template <core::Game G>
std::optional<SelfplaySummary> run_selfplay_mpi(const mpi::Session& session,
                                                const SelfplayOptions& given,
                                                PlayerFactory<G> factory = nullptr) {
  const bool coordinator = session.rank() == 0;
  // Every rank plays with rank 0's seed (given, resumed or drawn there).
  SelfplayOptions opts = given;
  std::exception_ptr seed_error;  // raised below with the other setup errors
  if (coordinator) {
    try {
      opts = with_resolved_seed(given);
    } catch (...) {
      seed_error = std::current_exception();
    }
  }
  opts.seed = session.broadcast(opts.seed);
  opts.seed_given = true;

  // Step 1: every rank prepares the run (configs, rules, openings); rank 0 also the log.
  std::optional<GameSetup<G>> game;
  std::optional<ResumeState> resume;
  std::optional<LogWriter> writer;
  std::exception_ptr setup_error;
  try {
    if (seed_error) std::rethrow_exception(seed_error);
    game.emplace(prepare_game_run<G>(opts, std::move(factory)));
    if (coordinator) {
      writer.emplace(LogWriter::lock(game->run.log_path, opts.fsync));  // before the reading
      resume.emplace(inspect_log(game->run.log_path, game->run.record, game->run.schedule));
      if (resume->resume) {
        writer->resume_at(resume->intact_bytes);
      } else {
        writer->start(game->run.record);
      }
    }
  } catch (...) {
    setup_error = std::current_exception();
  }
  const bool all_ok = session.all_ok(!setup_error);
  if (setup_error) std::rethrow_exception(setup_error);
  if (!all_ok) {
    if (coordinator) throw InputError("another MPI rank could not prepare the run (see its error)");
    return std::nullopt;
  }

  const RunSetup& setup = game->run;
  BatchPlayer<G>* local = nullptr;
  std::optional<BatchPlayer<G>> local_player;
  const bool plays = !coordinator || !opts.mpi_coordinator_only;
  if (plays) {
    local_player.emplace(setup.schedule, game->openings, game->rules, opts.seed, setup.settings,
                         game->factory, opts.threads);
    local = &*local_player;
    local->start();
  }

  // Step 2, workers: ask, play, send the games back with the next request.
  if (!coordinator) {
    play_as_worker(session, *local, setup, opts.handle_signals);
    return std::nullopt;
  }

  // Step 2, rank 0: the counts so far, then hand out ids until done.
  SelfplaySummary summary;
  summary.game = setup.record.game;
  summary.log_path = setup.log_path;
  summary.games_requested = setup.schedule.shard_games();
  summary.warnings = resume->warnings;
  for (const auto& w : resume->warnings) std::cerr << "warning: " << w << "\n";
  summary.seed = opts.seed;
  RunRecorder recorder(setup, *resume, *writer);
  const std::vector<std::int64_t> pending_list = pending_ids(setup.schedule, resume->games);
  std::deque<std::int64_t> pending(pending_list.begin(), pending_list.end());
  bool stopping = false;
  if (recorder.decided()) {
    stopping = true;
    summary.sprt_stopped = true;
  }
  const std::size_t batch = 2 * static_cast<std::size_t>(opts.threads);
  const auto next_batch = [&] {
    std::vector<std::int64_t> ids;
    while (!stopping && !pending.empty() && ids.size() < batch) {
      ids.push_back(pending.front());
      pending.pop_front();
    }
    return ids;
  };

  ProgressPrinter progress(!opts.quiet, summary.games_requested, setup.sprt);
  std::int64_t played = 0;
  const auto record = [&](const std::vector<GameRecord>& games) {
    for (const auto& g : games) {
      ++played;
      if (recorder.record(g)) {
        summary.sprt_stopped = true;
        stopping = true;
      }
      progress.update(recorder.tally(), played);
    }
  };

  // A stop reaches every rank at once: rank 0 sends Stop to each worker still playing (a
  // worker's own signal arrives here as a Stop first). `sent` is the strongest so far.
  std::vector<bool> said_done(static_cast<std::size_t>(session.size()), false);
  StopMode sent = StopMode::None;
  const auto stop_all = [&](StopMode mode) {
    if (mode <= sent) return;
    sent = mode;
    stopping = true;
    for (int w = 1; w < session.size(); ++w) {
      if (!said_done[static_cast<std::size_t>(w)]) session.send(w, mpi::Tag::Stop, stop_word(mode));
    }
    if (local != nullptr) {
      if (mode == StopMode::Finish) {
        local->stop();
      } else {
        local->abort();
      }
    }
  };
  const auto announce = [&](StopMode mode, const std::string& why) {
    if (mode <= sent) return;
    std::cerr << "\n" << why << ": "
              << (mode == StopMode::Finish ? "finishing the games in flight on every rank "
                                             "(a second signal abandons them)"
                                           : "abandoning the games in flight")
              << "\n";
    summary.interrupted = true;
    stop_all(mode);
  };

  const auto start = std::chrono::steady_clock::now();
  try {
    std::atomic<int> signal_level{0};  // a StopMode, raised by the watcher thread
    std::atomic<int> last_signal{0};
    std::optional<SignalWatcher> watcher;
    if (opts.handle_signals) {
      watcher.emplace(
          [&](int signal, int count) {
            last_signal = signal;
            signal_level = static_cast<int>(count == 1 ? StopMode::Finish : StopMode::Abandon);
          },
          setup.stop_signal);
    }
    int workers_left = session.size() - 1;
    bool local_finishing = local == nullptr;
    while (workers_left > 0 || (local != nullptr && !local->ended())) {
      bool idle = true;
      if (const auto level = static_cast<StopMode>(signal_level.load()); level > sent) {
        announce(level, signal_name(last_signal.load()) + " on rank 0");
      }
      if (setup.deadline && sent == StopMode::None && std::chrono::system_clock::now() >= *setup.deadline) {
        announce(StopMode::Finish, "deadline reached");
      }
      if (stopping && sent == StopMode::None) stop_all(StopMode::Finish);  // the SPRT decided
      if (auto m = session.try_receive()) {
        idle = false;
        const std::string where = "rank " + std::to_string(m->source) + ": ";
        switch (m->tag) {
          case mpi::Tag::Request:
            record(parse_games(m->payload, where));
            session.send(m->source, mpi::Tag::Batch, format_ids(next_batch()));
            break;
          case mpi::Tag::Done:
            record(parse_games(m->payload, where));
            said_done[static_cast<std::size_t>(m->source)] = true;
            session.send(m->source, mpi::Tag::Bye, "");
            --workers_left;
            break;
          case mpi::Tag::Stop: {
            const auto [mode, signal] = parse_stop(m->payload);
            announce(mode, signal + " on rank " + std::to_string(m->source));
            break;
          }
          default:
            throw std::runtime_error(m->payload);
        }
      }
      if (local != nullptr) {
        std::vector<GameRecord> games = local->take();
        if (!games.empty()) idle = false;
        record(games);
        if (!local_finishing && local->hungry()) {
          const std::vector<std::int64_t> ids = next_batch();
          if (ids.empty()) {
            local->finish();
            local_finishing = true;
          } else {
            local->add(ids);
          }
        }
      }
      if (idle) std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    if (local != nullptr) {
      local->join();
      record(local->take());
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\nthe log holds whole games only; run the same "
              << "command again to resume\n";
    session.abort(1);
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.finish(recorder.tally(), played);

  summary.games_played = played;
  summary.games_logged = recorder.tally().games();
  if (summary.games_logged >= summary.games_requested) summary.interrupted = false;  // too late
  summary.games_per_second =
      summary.seconds > 0 ? static_cast<double>(played) / summary.seconds : 0.0;
  const std::size_t known_warnings = summary.warnings.size();
  fill_results(summary, recorder.tally(), setup.sprt, recorder.decision());
  for (std::size_t i = known_warnings; i < summary.warnings.size(); ++i) {
    std::cerr << "warning: " << summary.warnings[i] << "\n";
  }
  return summary;
}

}  // namespace arena::selfplay
