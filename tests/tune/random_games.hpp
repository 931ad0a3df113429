// Test helpers of the tuner's suites: random legal games of any game as log records, and a
// log file holding them.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "records/game_log.hpp"

namespace arena::tune {

/// Random legal games of G (uniform over legal moves), as log records.
template <class G>
std::vector<records::GameRecord> random_games(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto list = std::make_unique<core::MoveListOf<G>>();
  std::vector<records::GameRecord> out;
  for (int id = 0; id < n; ++id) {
    records::GameRecord g;
    g.id = id;
    g.pair = id / 2;
    g.first = id % 2 == 0 ? "a" : "b";
    g.second = id % 2 == 0 ? "b" : "a";
    auto p = G::initial({});
    for (;;) {
      G::generate_moves(p, *list);
      if (list->empty()) break;
      const auto m = (*list)[rng() % list->size()];
      g.moves.push_back(G::format_move(p, m));
      p = G::play(p, m);
    }
    g.score = G::final_score(p);
    out.push_back(std::move(g));
  }
  return out;
}

/// Writes a log of `games` for game `name`.
inline void write_log(const std::string& path, const std::string& name,
                      const std::vector<records::GameRecord>& games) {
  records::RunRecord run;
  run.game = name;
  for (const char* engine : {"a", "b"}) run.engines.push_back({engine, "0000000000000000", "", ""});
  run.games = static_cast<std::int64_t>(games.size());
  run.openings = "random:0";
  auto writer = records::LogWriter::create(path, run);
  for (const auto& g : games) writer.write(g);
}

}  // namespace arena::tune
