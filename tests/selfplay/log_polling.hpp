// Watching a self-play log that another process is writing: how many game lines it holds, and
// waiting until it holds enough (a test that signals or kills a run waits for this instead of a
// fixed delay, which races a slow start under the sanitizers). Shared by the self-play and loop
// end-to-end tests.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

namespace arena::selfplay::testing {

/// Game lines of a log (the run record excluded; a line still being written counts once its
/// type is there).
inline int logged_games(const std::filesystem::path& log) {
  std::ifstream in(log);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    n += line.find("\"type\":\"game\"") != std::string::npos ? 1 : 0;
  }
  return n;
}

/// Polls `log` every 5 ms until it holds at least `games` game lines or `timeout` passes.
inline void wait_for_logged_games(const std::filesystem::path& log, int games,
                                  std::chrono::seconds timeout = std::chrono::seconds(60)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (logged_games(log) < games && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace arena::selfplay::testing
