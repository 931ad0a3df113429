// When a search must stop: a point on the steady clock and/or an outside stop flag, polled by
// every search path (the generic search's nodes, the games' exact solvers), so that a time
// limit holds whatever the solver does inside.
//
// Key idea: a poll is counted at every node and the clock and the flag are read every
// kPollInterval polls, so the time between two reads is bounded by kPollInterval nodes of
// the slowest node kind (microseconds), not by how many nodes a solver adds in bulk. Without
// a time and a flag the deadline is inactive: poll() reads nothing and never expires, so
// fixed-depth and fixed-node searches stay deterministic.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace arena::core {

/// A search's deadline. Not thread-safe (one per search); the stop flag may be set from any
/// thread. Once expired it stays expired until reset.
class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  /// Polls between two reads of the clock and the flag. 32 polls of the slowest node kinds
  /// (Blokus Duo's move generation, some microseconds each) stay well below a millisecond,
  /// while the clock read (a vDSO call, tens of nanoseconds) costs Othello's midgame nodes
  /// (about 0.3 us each) under 1 %.
  static constexpr std::uint32_t kPollInterval = 32;

  /// Never expires.
  Deadline() = default;

  /// Expires at `at` (none: no time limit) or once `*stop` is true (nullptr: no flag).
  Deadline(std::optional<Clock::time_point> at, const std::atomic<bool>* stop)
      : at_(at), stop_(stop), active_(at.has_value() || stop != nullptr) {}

  /// Counts one node; every kPollInterval-th call reads the flag and the clock. True once
  /// expired.
  bool poll() {
    if (!active_) return false;
    if (expired_) return true;
    if (++polls_ < kPollInterval) return false;
    polls_ = 0;
    return check();
  }

  /// Reads the flag and the clock now (when active). True once expired.
  bool check() {
    if (!active_ || expired_) return expired_;
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return expired_ = true;
    if (at_ && Clock::now() >= *at_) return expired_ = true;
    return false;
  }

  /// Whether a poll or check has seen the deadline pass (no clock read).
  [[nodiscard]] bool expired() const { return expired_; }
  /// Whether there is a time or a flag to watch at all.
  [[nodiscard]] bool active() const { return active_; }
  /// Whether a time limit is set (reading the clock is allowed).
  [[nodiscard]] bool timed() const { return at_.has_value(); }

 private:
  std::optional<Clock::time_point> at_;
  const std::atomic<bool>* stop_ = nullptr;
  bool active_ = false;
  bool expired_ = false;
  std::uint32_t polls_ = 0;
};

}  // namespace arena::core
