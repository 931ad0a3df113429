// The parallel runner: plays a list of pending game ids on a oneTBB task arena of `threads`
// slots and hands each finished game to the log writer and a callback (GameCallback and
// IdSource are declared in game_run.hpp).
//
// Work distribution: `threads` worker tasks pull the next pending id from one atomic counter,
// so ids start in increasing order whatever the thread count: the two games of a pair run
// close together (pairs complete early, an SPRT sees complete pairs) and a stopped run leaves
// a prefix of the schedule, not scattered holes. Each worker task builds its own players
// (engines are not thread-safe) and reuses them for all its games. The games themselves depend
// only on (seed, id), so any number of threads produces the same game lines.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engine/core/game.hpp"
#include "selfplay/game_log.hpp"
#include "selfplay/game_run.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/play_game.hpp"
#include "selfplay/player.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

/// Builds the player of engine `index` (an index into the run's engine list). Called once per
/// worker task and engine; may throw (the run then fails with that exception).
template <core::Game G>
using PlayerFactory = std::function<std::unique_ptr<Player<G>>(int index)>;

/// Plays the pending games of a run. Contracts:
///  - start(): begins playing in the background and returns at once; call at most once.
///  - stop(): no game starts after it; games in flight finish and are logged. Thread-safe,
///    idempotent, callable from the callback or a signal-watching thread.
///  - abort(): stop() and interrupt games in flight, which are discarded (not logged).
///  - wait(): blocks until every started game ended; rethrows the first unexpected error
///    (a failing player factory, a log write error). Call once, after start().
template <core::Game G>
class Runner {
 public:
  /// `schedule`, `openings` and `writer` must outlive the runner. `pending` lists the ids to
  /// play, in the order they should start. `threads` >= 1.
  Runner(const Schedule& schedule, const Openings<G>& openings, typename G::Rules rules,
         std::uint64_t seed, PlaySettings settings, std::vector<std::int64_t> pending,
         PlayerFactory<G> factory, LogWriter* writer, GameCallback on_game, int threads)
      : schedule_(schedule),
        openings_(openings),
        rules_(rules),
        seed_(seed),
        settings_(std::move(settings)),
        pending_(std::move(pending)),
        factory_(std::move(factory)),
        writer_(writer),
        on_game_(std::move(on_game)),
        threads_(threads),
        arena_(threads) {}

  /// As above, with the ids drawn from `source` instead of a fixed list.
  Runner(const Schedule& schedule, const Openings<G>& openings, typename G::Rules rules,
         std::uint64_t seed, PlaySettings settings, IdSource source, PlayerFactory<G> factory,
         LogWriter* writer, GameCallback on_game, int threads)
      : Runner(schedule, openings, rules, seed, std::move(settings), std::vector<std::int64_t>{},
               std::move(factory), writer, std::move(on_game), threads) {
    source_ = std::move(source);
  }

  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;
  ~Runner() {
    if (driver_.joinable()) {
      abort();
      driver_.join();
    }
  }

  void start() {
    driver_ = std::thread([this] {
      try {
        // The global pool must offer `threads` workers even beyond the core count.
        const tbb::global_control pool(tbb::global_control::max_allowed_parallelism,
                                       static_cast<std::size_t>(threads_));
        arena_.execute([this] {
          tbb::task_group group;
          for (int t = 0; t < threads_; ++t) group.run([this] { work(); });
          group.wait();
        });
      } catch (...) {
        const std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
        abort();
      }
    });
  }

  void stop() { stop_.store(true); }

  void abort() {
    stop_.store(true);
    abort_.store(true);
  }

  void wait() {
    if (driver_.joinable()) driver_.join();
    if (error_) std::rethrow_exception(error_);
  }

  /// Whether stop() or abort() was called.
  [[nodiscard]] bool stopped() const { return stop_.load(); }
  /// Games finished and logged by this runner so far.
  [[nodiscard]] std::int64_t finished() const { return finished_.load(); }

 private:
  /// One worker task: pull ids until none is left or the run stops.
  void work() {
    std::vector<std::unique_ptr<Player<G>>> players;
    const auto player = [&](int engine) -> Player<G>& {
      if (players.size() <= static_cast<std::size_t>(engine)) players.resize(engine + 1);
      auto& slot = players[static_cast<std::size_t>(engine)];
      if (!slot) slot = factory_(engine);
      return *slot;
    };
    while (!stop_.load(std::memory_order_relaxed)) {
      const std::optional<std::int64_t> next = next_id();
      if (!next) break;
      const std::int64_t id = *next;
      const Seats seats = schedule_.seats(id);
      GameSpec<G> spec;
      spec.id = id;
      spec.seed = derive_seed(seed_, kGameStream, static_cast<std::uint64_t>(id));
      spec.seats = seats;
      spec.rules = rules_;
      spec.opening = &openings_.for_pair(id / 2);
      std::optional<GameRecord> rec = play_game<G>(spec, player(seats.first),
                                                   player(seats.second), settings_, &abort_);
      if (!rec) break;
      if (writer_ != nullptr) writer_->write(*rec);
      finished_.fetch_add(1);
      if (on_game_) {
        const std::lock_guard lock(mutex_);
        on_game_(*rec);
      }
    }
  }

  /// The next id from the source, or from the pending list.
  std::optional<std::int64_t> next_id() {
    if (source_) return source_();
    const std::size_t i = next_.fetch_add(1);
    if (i >= pending_.size()) return std::nullopt;
    return pending_[i];
  }

  const Schedule& schedule_;
  const Openings<G>& openings_;
  typename G::Rules rules_;
  std::uint64_t seed_;
  PlaySettings settings_;
  std::vector<std::int64_t> pending_;
  IdSource source_;
  PlayerFactory<G> factory_;
  LogWriter* writer_;
  GameCallback on_game_;
  int threads_;
  tbb::task_arena arena_;
  std::thread driver_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::atomic<bool> abort_{false};
  std::atomic<std::int64_t> finished_{0};
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace arena::selfplay
