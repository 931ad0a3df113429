// The worker pool (see worker_pool.hpp).
#include "selfplay/worker_pool.hpp"

#include <memory>
#include <optional>
#include <utility>

namespace arena::selfplay {

WorkerPool::WorkerPool(IdSource source, GamePlayerFactory players, records::LogWriter* writer,
                       GameCallback on_game, int threads)
    : source_(std::move(source)),
      players_(std::move(players)),
      writer_(writer),
      on_game_(std::move(on_game)),
      threads_(threads) {}

WorkerPool::~WorkerPool() { abort_and_join(); }

void WorkerPool::abort_and_join() {
  if (driver_.joinable()) {
    abort();
    driver_.join();
  }
}

void WorkerPool::start() {
  driver_ = std::thread([this] {
    std::vector<std::thread> workers;
    workers.reserve(static_cast<std::size_t>(threads_));
    for (int t = 0; t < threads_; ++t) workers.emplace_back([this] { work(); });
    for (std::thread& w : workers) w.join();
    if (on_end_) on_end_(error_ != nullptr);
  });
}

void WorkerPool::wait() {
  if (driver_.joinable()) driver_.join();
  if (error_) std::rethrow_exception(error_);
}

void WorkerPool::work() {
  try {
    play_games();
  } catch (...) {
    const std::lock_guard lock(mutex_);
    if (!error_) error_ = std::current_exception();
    abort();
  }
}

void WorkerPool::play_games() {
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
