// Calls a function once at a wall-clock time unless destroyed first: a run's --deadline
// (coordinate_run, run.hpp).
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

#include "selfplay/deadline.hpp"

namespace arena::selfplay {

class StopTimer {
 public:
  /// Calls `fire` on the timer's thread at `when` (at once when it has passed).
  StopTimer(WallTime when, std::function<void()> fire)
      : fire_(std::move(fire)), thread_([this, when](const std::stop_token& stop) {
          std::unique_lock lock(mutex_);
          if (!woken_.wait_until(lock, stop, when, [] { return false; })) {
            if (stop.stop_requested()) return;
            fired_ = true;
            fire_();
          }
        }) {}
  StopTimer(const StopTimer&) = delete;
  StopTimer& operator=(const StopTimer&) = delete;
  /// Cancels the call if it has not happened (std::jthread requests the stop and joins).
  ~StopTimer() = default;

  /// Whether the function was called.
  [[nodiscard]] bool fired() const { return fired_.load(); }

 private:
  std::function<void()> fire_;
  std::mutex mutex_;
  std::condition_variable_any woken_;
  std::atomic<bool> fired_{false};
  std::jthread thread_;
};

}  // namespace arena::selfplay
