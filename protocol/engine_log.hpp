// The engine I/O log (`--engine-log FILE`): every line arena sends to an external engine and
// every line it reads back, one per log line, with a UTC timestamp, the engine's name and the
// game id, so a misbehaving engine can be read after the fact:
//
//   2026-12-01T07:41:02.113Z ntest game=17 > set game (;GM[Othello]...;)
//   2026-12-01T07:41:02.350Z ntest game=17 < === f5/0.00/0.21
//
// `>` is arena to the engine, `<` the engine to arena, `!` a note of arena's (start, exit,
// timeout). game=- marks lines outside a game (the start-up probe). Shared by all game
// threads: each line is written whole under a mutex and flushed.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace arena::protocol {

/// One engine I/O log file, appended to by any number of engine sessions.
class EngineLog {
 public:
  /// Opens (appending) `path`; throws InputError naming the option and the path when the
  /// file cannot be opened.
  static std::shared_ptr<EngineLog> open(const std::string& path, const std::string& option);

  /// Writes "<time> <engine> game=<id> <direction> <line>"; `game_id` < 0 is written "-".
  void write(std::string_view engine, std::int64_t game_id, char direction,
             std::string_view line);

 private:
  explicit EngineLog(std::ofstream out) : out_(std::move(out)) {}
  std::mutex mutex_;
  std::ofstream out_;
};

}  // namespace arena::protocol
