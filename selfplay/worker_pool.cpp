// The worker pool (see worker_pool.hpp).
#include "selfplay/worker_pool.hpp"

#include <memory>
#include <optional>
#include <utility>

#include <tbb/global_control.h>
#include <tbb/task_group.h>

namespace arena::selfplay {

WorkerPool::WorkerPool(IdSource source, GamePlayerFactory players, records::LogWriter* writer,
                       GameCallback on_game, int threads)
    : source_(std::move(source)),
      players_(std::move(players)),
      writer_(writer),
      on_game_(std::move(on_game)),
      threads_(threads),
      arena_(threads) {}

WorkerPool::~WorkerPool() { abort_and_join(); }

void WorkerPool::abort_and_join() {
  if (driver_.joinable()) {
    abort();
    driver_.join();
  }
}

void WorkerPool::start() {
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
    if (on_end_) on_end_(error_ != nullptr);
  });
}

void WorkerPool::wait() {
  if (driver_.joinable()) driver_.join();
  if (error_) std::rethrow_exception(error_);
}

void WorkerPool::work() {
  std::unique_ptr<GamePlayer> player;
  while (!stop_.load(std::memory_order_relaxed)) {
    const std::optional<std::int64_t> next = source_();
    if (!next) break;
    if (!player) player = players_();
    std::optional<records::GameRecord> rec = player->play(*next, abort_);
    if (!rec) break;
    if (writer_ != nullptr) writer_->write(*rec);
    finished_.fetch_add(1);
    if (on_game_) {
      const std::lock_guard lock(mutex_);
      on_game_(*rec);
    }
  }
}

}  // namespace arena::selfplay
