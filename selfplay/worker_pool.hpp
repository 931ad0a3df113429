// The parallel runner's machinery, free of any game: plays the ids of an IdSource on `threads`
// worker threads, each with its own GamePlayer, and hands each finished game to the log writer
// and a callback. Plain threads, not a task scheduler: each worker is one long game loop that
// blocks on its engines, so there is nothing to schedule, and ThreadSanitizer sees every
// handoff (Debian's oneTBB is not instrumented, and its task handoff showed up as races).
//
// Work distribution: the workers pull the next id from the source (Runner<G>'s fixed list
// hands them out through one atomic counter), so ids start in increasing order whatever the
// thread count: the two games of a pair run close together (pairs complete early, an SPRT sees
// complete pairs) and a stopped run leaves a prefix of the schedule, not scattered holes. The
// games themselves depend only on (seed, id), so any number of threads produces the same game
// lines.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "records/game_log.hpp"
#include "selfplay/game_run.hpp"

namespace arena::selfplay {

/// Plays the games of a run. Contracts:
///  - start(): begins playing in the background and returns at once; call at most once.
///  - stop(): no game starts after it; games in flight finish and are logged. Thread-safe,
///    idempotent, callable from the callback or a signal-watching thread.
///  - abort(): stop() and interrupt games in flight, which are discarded (not logged).
///  - wait(): blocks until every started game ended; rethrows the first unexpected error
///    (a failing player factory, a log write error), which also aborts the games in flight
///    on the other workers. Call once, after start().
///  - on_end(f), before start(): f(failed) is called on the pool's thread once every game
///    has ended (`failed`: wait() will rethrow), so that an owner need not block in wait().
class WorkerPool {
 public:
  /// `writer` (may be null: no log) must outlive the pool. `threads` >= 1.
  WorkerPool(IdSource source, GamePlayerFactory players, records::LogWriter* writer, GameCallback on_game,
             int threads);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();

  void on_end(std::function<void(bool failed)> f) { on_end_ = std::move(f); }
  void start();
  void stop() { stop_.store(true); }
  void abort() {
    stop_.store(true);
    abort_.store(true);
  }
  void wait();

  /// Whether stop() or abort() was called.
  [[nodiscard]] bool stopped() const { return stop_.load(); }
  /// Games finished and logged by this pool so far.
  [[nodiscard]] std::int64_t finished() const { return finished_.load(); }

 protected:
  /// The destructor's abort and join, for a derived class whose members the games use.
  void abort_and_join();

 private:
  /// One worker thread: play_games(); its first unexpected error is kept for wait() and
  /// aborts the other workers' games.
  void work();
  /// Pull ids until none is left or the run stops.
  void play_games();

  IdSource source_;
  GamePlayerFactory players_;
  records::LogWriter* writer_;
  GameCallback on_game_;
  std::function<void(bool)> on_end_;
  int threads_;
  std::thread driver_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> abort_{false};
  std::atomic<std::int64_t> finished_{0};
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace arena::selfplay
