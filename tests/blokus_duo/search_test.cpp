// The generic search on real Blokus Duo positions: the killer heuristic (tried before the
// moves are generated, since Blokus Duo has a legality check) changes the tree searched,
// never the value of a full-width fixed-depth search.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "tests/support/sanitizers.hpp"

namespace arena::blokus_duo {
namespace {

using Engine = core::Engine<BlokusDuo>;

/// configs/blokus-duo/classic.cfg's evaluation, full width (its move_cap makes the value
/// depend on the order), depth 3, with or without killers.
core::EngineConfig classic(bool killers) {
  core::EngineConfig cfg = core::load_engine_config(std::string(ARENA_SOURCE_DIR) +
                                                    "/configs/blokus-duo/classic.cfg");
  cfg.limits = {};
  cfg.limits.depth = 3;
  cfg.move_cap = 0;
  cfg.tt_mb = 1;
  cfg.killers = killers;
  return cfg;
}

TEST(BlokusSearch, KillersKeepTheValueOfAFullWidthSearch) {
  Engine plain(classic(false));
  Engine killers(classic(true));
  std::mt19937_64 rng(53);
  MoveList list;
  int differing_trees = 0;
  for (int game = 0; game < test::by_build(2, 1); ++game) {  // 4 roots under the sanitizers
    Position p = initial_position({});
    for (int ply = 0; ply < 30 && !is_terminal(p); ++ply) {
      if (ply % 8 == 5) {
        plain.new_game();
        killers.new_game();
        const auto a = plain.think(p, {}, 1);
        const auto b = killers.think(p, {}, 1);
        EXPECT_EQ(a.score, b.score) << "game " << game << " ply " << ply;
        differing_trees += a.nodes != b.nodes ? 1 : 0;
      }
      generate_moves(p, list);
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  EXPECT_GT(differing_trees, 0) << "killers should change the tree searched";
}

}  // namespace
}  // namespace arena::blokus_duo
