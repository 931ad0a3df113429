// The ceiling on worker threads a user may ask for (--threads, `threads =` in run configs).
// Threads beyond a few per hardware thread only add contention; tens of thousands exhaust the
// process limits (pthread_create fails and the program terminates), so such a request is a
// typo and is refused up front rather than attempted.
#pragma once

#include <algorithm>
#include <string>
#include <thread>

#include "engine/core/errors.hpp"

namespace arena::core {

/// Floor of the ceiling, so that a script written on a big machine still runs on a small one.
inline constexpr int kMinThreadCeiling = 64;

/// The most threads accepted: max(4 x hardware threads, kMinThreadCeiling).
[[nodiscard]] inline int max_threads() {
  const auto hw = static_cast<int>(std::min(std::thread::hardware_concurrency(), 1U << 20U));
  return std::max(4 * hw, kMinThreadCeiling);
}

/// Throws InputError "`option`: ..." unless lowest <= threads <= max_threads().
inline void check_threads(const std::string& option, long long threads, int lowest) {
  if (threads < lowest || threads > max_threads()) {
    throw InputError(option + ": " + std::to_string(threads) + " is outside [" +
                     std::to_string(lowest) + ", " + std::to_string(max_threads()) +
                     "] (at most 4 per hardware thread, or " + std::to_string(kMinThreadCeiling) +
                     ")");
  }
}

}  // namespace arena::core
