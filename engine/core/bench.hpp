// The bench: a fixed list of positions, each searched by a fresh engine of one config to that
// config's fixed depth. The sum of the nodes is the game's node signature (Stockfish's `bench`
// habit): any change of search behaviour moves it, so a commit that changes it on purpose
// quotes the new value, and a test pins it (bench/signature.txt). Game-generic: the positions
// and the config come from the caller (`arena bench`: configs/<game>/bench.txt, bench.cfg).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/text_file.hpp"

namespace arena::core {

/// The positions of a bench list file: one a line in the game's notation (G::parse_position),
/// `#` starts a comment, text from `;` on is ignored (so FFO/OBF lines read as their board),
/// and the word `start` is the initial position of `rules`. Throws InputError "FILE:LINE: ..."
/// for a line the game cannot read, and naming the file when it holds no position.
template <Game G>
[[nodiscard]] std::vector<typename G::Position> read_bench_positions(
    const std::string& path, const typename G::Rules& rules) {
  std::istringstream in(read_text_file(path, "bench position list"));
  std::vector<typename G::Position> positions;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::string text = line.substr(0, line.find_first_of("#;"));
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    text = text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
    try {
      positions.push_back(text == "start" ? G::initial(rules) : G::parse_position(text, rules));
    } catch (const InputError& e) {
      throw InputError(where(path, number) + "expected a position in " + std::string(G::kName) +
                       " notation (or `start`): " + e.what());
    }
  }
  if (positions.empty()) throw InputError(path + ": no position in the bench list");
  return positions;
}

/// One game's bench: how many positions, the fixed depth, the total nodes (the signature) and
/// the time (wall and this thread's CPU, seconds; search only, engine construction included).
struct BenchResult {
  std::size_t positions = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0.0;
  double cpu_seconds = 0.0;
};

/// Searches each position with a fresh Engine<G> of `cfg` (so no position depends on the ones
/// before it) to the config's depth. `cfg` must be an alpha-beta config (`player = search`)
/// limited by depth alone, which makes the node count deterministic; otherwise InputError
/// naming the config's key.
template <Game G>
[[nodiscard]] BenchResult run_bench(const EngineConfig& cfg,
                                    const std::vector<typename G::Position>& positions) {
  if (cfg.player != "search") {
    throw InputError(config_key_where(cfg, "player") +
                     "expected `search` for a bench (a deterministic alpha-beta search)");
  }
  if (cfg.limits.depth <= 0 || cfg.limits.nodes != 0 || cfg.limits.movetime_ms != 0 ||
      cfg.limits.time_left_ms != 0) {
    throw InputError(config_key_where(cfg, "search.depth") +
                     "expected a fixed depth and no node or time limit for a bench");
  }
  const auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  };
  BenchResult r;
  r.positions = positions.size();
  r.depth = cfg.limits.depth;
  const double cpu0 = cpu_now();
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& p : positions) {
    Engine<G> engine(cfg);
    r.nodes += engine.think(p, {}, 0).nodes;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu_seconds = cpu_now() - cpu0;
  return r;
}

}  // namespace arena::core
