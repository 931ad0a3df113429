// The run procedure (see run.hpp): one Coordinator owns the pending ids, the recorder and the
// progress line under one lock; the local runner's workers, the signal and deadline threads
// and the remote ranks' server all go through it.
#include "selfplay/run.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "selfplay/run_recorder.hpp"
#include "selfplay/signal_watcher.hpp"
#include "selfplay/stop_timer.hpp"
#include "selfplay/worker_pool.hpp"

namespace arena::selfplay {

namespace {

/// How long rank 0 sleeps when no message has arrived before it looks again. A blocking
/// MPI_Probe would be the natural wait, but Open MPI's spins a core at 100 % for as long as it
/// waits (see the figures in mpi_transport.hpp), taking it from the games; local events (a
/// game recorded, a stop, the local runner's end) wake the sleep at once.
constexpr std::chrono::microseconds kPollNap{500};

class Coordinator final : public RunCoordinator {
 public:
  Coordinator(const SelfplayOptions& opts, const RunSetup& setup, OpenLog& log, bool remote)
      : setup_(setup),
        remote_(remote),
        recorder_(setup, log.resume, log.writer),
        progress_(!opts.quiet, setup.schedule.shard_games(), setup.sprt) {
    summary_.game = setup.record.game;
    summary_.log_path = setup.log_path;
    summary_.seed = opts.seed;
    summary_.games_requested = setup.schedule.shard_games();
    summary_.warnings = log.resume.warnings;
    for (const auto& w : log.resume.warnings) std::cerr << "warning: " << w << "\n";
    const std::vector<std::int64_t> pending = pending_ids(setup.schedule, log.resume.games);
    pending_.assign(pending.begin(), pending.end());
    if (recorder_.decided()) {  // decided before this invocation: no game is played
      summary_.sprt_stopped = true;
      stop_ = StopMode::Finish;
    }
  }

  /// The ids this run will play if nothing stops it.
  [[nodiscard]] std::size_t pending() const {
    return stop_ == StopMode::None ? pending_.size() : 0;
  }

  std::vector<std::int64_t> take_ids(std::size_t n) override {
    const std::lock_guard lock(mutex_);
    std::vector<std::int64_t> ids;
    while (stop_ == StopMode::None && !pending_.empty() && ids.size() < n) {
      ids.push_back(pending_.front());
      pending_.pop_front();
    }
    return ids;
  }

  void record(const std::vector<records::GameRecord>& games) override {
    const std::lock_guard lock(mutex_);
    for (const auto& g : games) record_locked(g);
  }

  void stop(StopMode mode, const std::string& notice) override {
    const std::lock_guard lock(mutex_);
    // Under MPI a scheduler signals every task: announce the run's stop once, not per rank.
    if (remote_ && mode <= stop_) return;
    if (!notice.empty()) std::cerr << "\n" << notice << "\n";
    summary_.interrupted = true;
    halt(mode);
  }

  /// Plays on `local` (may be null) and serves `remote` (may be null) until both are done.
  void run(WorkerPool* local, RemoteRanks* remote) {
    {
      const std::lock_guard lock(mutex_);
      local_ = local;
      local_ended_ = local == nullptr;
      if (local_ != nullptr && stop_ == StopMode::Finish) local_->stop();
      if (local_ != nullptr && stop_ == StopMode::Abandon) local_->abort();
    }
    if (local != nullptr) {
      local->on_end([this](bool failed) {
        const std::lock_guard lock(mutex_);
        local_ended_ = true;
        local_failed_ = failed;
        changed_.notify_all();
      });
      local->start();
    }
    std::unique_lock lock(mutex_);
    StopMode forwarded = StopMode::None;
    for (;;) {
      if (local_failed_) break;
      if (remote != nullptr && forwarded < stop_) {
        forwarded = stop_;
        lock.unlock();
        remote->stop(forwarded);
        lock.lock();
        continue;
      }
      const bool serving = remote != nullptr && remote->active();
      if (!serving && local_ended_) break;
      if (!serving) {
        changed_.wait(lock);
        continue;
      }
      lock.unlock();
      const bool served = remote->serve(*this);
      lock.lock();
      if (!served) changed_.wait_for(lock, kPollNap);
    }
    local_ = nullptr;
    lock.unlock();
    if (local != nullptr) local->wait();  // it has ended: rethrows its error
  }

  /// The summary once the run is over; `seconds` is the playing phase's wall time.
  SelfplaySummary finish(double seconds) {
    const std::lock_guard lock(mutex_);
    summary_.seconds = seconds;
    progress_.finish(recorder_.tally(), played_);
    summary_.games_played = played_;
    summary_.games_logged = recorder_.tally().games();
    if (summary_.games_logged >= summary_.games_requested) summary_.interrupted = false;  // too late
    summary_.games_per_second = seconds > 0 ? static_cast<double>(played_) / seconds : 0.0;
    const std::size_t known_warnings = summary_.warnings.size();
    fill_results(summary_, recorder_.tally(), setup_.sprt, recorder_.decision());
    for (std::size_t i = known_warnings; i < summary_.warnings.size(); ++i) {
      std::cerr << "warning: " << summary_.warnings[i] << "\n";
    }
    return std::move(summary_);
  }

 private:
  void record_locked(const records::GameRecord& g) {
    ++played_;
    if (recorder_.record(g)) {
      summary_.sprt_stopped = true;
      halt(StopMode::Finish);
    }
    progress_.update(recorder_.tally(), played_);
  }

  /// Raises the stop in force to `mode`: the local runner at once, the remote ranks from the
  /// procedure's thread (woken for it).
  void halt(StopMode mode) {
    if (mode <= stop_) return;
    stop_ = mode;
    if (local_ != nullptr) {
      if (mode == StopMode::Finish) {
        local_->stop();
      } else {
        local_->abort();
      }
    }
    changed_.notify_all();
  }

  const RunSetup& setup_;
  const bool remote_;
  std::mutex mutex_;
  std::condition_variable changed_;
  RunRecorder recorder_;
  ProgressPrinter progress_;
  SelfplaySummary summary_;
  std::deque<std::int64_t> pending_;
  std::int64_t played_ = 0;
  StopMode stop_ = StopMode::None;
  WorkerPool* local_ = nullptr;
  bool local_ended_ = true;
  bool local_failed_ = false;
};

}  // namespace

std::string stop_notice(StopMode mode, const std::string& cause, bool every_rank,
                        bool by_signal) {
  if (every_rank) {
    return cause + (mode == StopMode::Finish ? ": finishing the games in flight on every rank "
                                               "(a second signal abandons them)"
                                             : ": abandoning the games in flight");
  }
  if (mode != StopMode::Finish) return "";
  return cause + ": finishing the games in flight" + (by_signal ? " (again to abandon them)" : "");
}

OpenLog open_log(const RunSetup& setup, bool fsync) {
  records::LogWriter writer = records::LogWriter::lock(setup.log_path, fsync);  // before the reading
  ResumeState resume = inspect_log(setup.log_path, setup.record, setup.schedule);
  if (resume.resume) {
    writer.resume_at(resume.intact_bytes);
  } else {
    writer.start(setup.record);
  }
  return {std::move(writer), std::move(resume)};
}

SelfplaySummary coordinate_run(const SelfplayOptions& opts, const GameRun& game, OpenLog& log,
                               bool plays, RemoteRanks* remote) {
  const RunSetup& setup = game.setup();
  const bool every_rank = remote != nullptr;
  Coordinator run(opts, setup, log, every_rank);
  std::unique_ptr<WorkerPool> local;
  if (plays) {
    // Never more workers than games: each worker builds its engines up front.
    const int threads = static_cast<int>(std::clamp<std::int64_t>(
        static_cast<std::int64_t>(run.pending()), 1, opts.threads));
    local = std::make_unique<WorkerPool>(
        [&run]() -> std::optional<std::int64_t> {
          const std::vector<std::int64_t> ids = run.take_ids(1);
          if (ids.empty()) return std::nullopt;
          return ids.front();
        },
        [&game] { return game.player(); }, nullptr,
        [&run](const records::GameRecord& g) { run.record({g}); }, threads);
  }
  const auto start = std::chrono::steady_clock::now();
  {
    std::optional<SignalWatcher> watcher;
    if (opts.handle_signals) {
      watcher.emplace(
          [&run, every_rank](int signal, int count) {
            const StopMode mode = count == 1 ? StopMode::Finish : StopMode::Abandon;
            const std::string cause = signal_name(signal) + (every_rank ? " on rank 0" : "");
            run.stop(mode, stop_notice(mode, cause, every_rank, true));
          },
          setup.stop_signal);
    }
    std::optional<StopTimer> timer;
    if (setup.deadline) {
      timer.emplace(*setup.deadline, [&run, every_rank] {
        run.stop(StopMode::Finish,
                 stop_notice(StopMode::Finish, "deadline reached", every_rank, false));
      });
    }
    run.run(local.get(), remote);
  }
  return run.finish(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

SelfplaySummary run_selfplay(const SelfplayOptions& given, const GamePreparer& prepare) {
  const SelfplayOptions opts = with_resolved_seed(given);
  const std::unique_ptr<GameRun> game = prepare(opts);
  OpenLog log = open_log(game->setup(), opts.fsync);
  return coordinate_run(opts, *game, log, true, nullptr);
}

}  // namespace arena::selfplay
