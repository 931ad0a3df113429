// The generic Monte Carlo tree search on Blokus Duo: repeatable under a fixed seed and playout
// count, and it finds the single winning placement of endgames from random playouts, where
// plain minimax by the rules (solve_exact_slow, no pruning or ordering) proves that exactly one
// move wins.
#include "engine/core/mcts.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "tests/support/sanitizers.hpp"

namespace arena::blokus_duo {
namespace {

static_assert(core::HasMoveKey<BlokusDuo>);

core::EngineConfig mcts_config(const std::string& mcts_keys) {
  return core::parse_engine_config(
      "name = m\ngame = blokus-duo\nplayer = mcts\n[mcts]\n" + mcts_keys +
          "[weights]\nsquares = 100\nattach_mine = 10\nattach_theirs = -10\n",
      "m.cfg");
}

/// Two engines of config `cfg` give the same move, counts and line at p, and again at the next
/// move from their kept trees.
void expect_repeatable(const Position& p, const core::EngineConfig& cfg) {
  core::Engine<BlokusDuo> a(cfg);
  core::Engine<BlokusDuo> b(cfg);
  const auto ra = a.think(p, {}, 17);
  const auto rb = b.think(p, {}, 17);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.nodes, cfg.mcts.playouts);
  EXPECT_EQ(rb.nodes, cfg.mcts.playouts);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(ra.pv, rb.pv);
  // The next move from the kept tree is repeatable too.
  const Position next = play(play(p, ra.best), ra.pv.size() > 1 ? ra.pv[1] : Move{});
  EXPECT_EQ(a.think(next, {}, 18).best, b.think(next, {}, 18).best);
}

TEST(BlokusMcts, SameSeedAndPlayoutsGiveTheSameMoveAndCounts) {
  const Position p = parse_position("56u0 AAu0 84r1 C7r2", {});
  for (const char* policy : {"playout_temperature = 300\nprior_temperature = 300\n",
                             "playout_policy = game\nprior_power = 0.3\ncutoff = -1\n"}) {
    SCOPED_TRACE(policy);
    const std::string playouts = std::to_string(arena::test::by_build(300, 100));
    expect_repeatable(p, mcts_config("playouts = " + playouts + "\nrave = 100\nseed = 4\n" +
                                     policy + "prior_visits = 2\n"));
  }
}

TEST(BlokusMcts, ShippedConfigsLoadWithTheirPolicies) {
  const std::string dir = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/";
  const core::EngineConfig playouts = core::load_engine_config(dir + "mcts-playouts.cfg");
  EXPECT_EQ(playouts.player, "mcts");
  EXPECT_TRUE(playouts.mcts.game_policy);
  EXPECT_EQ(playouts.mcts.cutoff, -1);
  const core::EngineConfig best = core::load_engine_config(dir + "best.cfg");
  EXPECT_EQ(best.player, "search");
  EXPECT_EQ(best.features, "territory_sealed");
  EXPECT_EQ(best.move_cap, 0);
  EXPECT_EQ(best.weights, core::load_engine_config(dir + "territory-sealed-tuned.cfg").weights);
}

TEST(BlokusMcts, FindsTheOnlyWinningPlacementOfSmallEndgames) {
  std::mt19937_64 rng(2024);
  MoveList list;
  MoveList replies;
  int checked = 0;
  for (int game = 0; game < 200 && checked < 12; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      generate_moves(p, list);
      if (exact_threshold_reached(p, 9) && list.size() >= 2 && !list[0].is_pass()) {
        int wins = 0;
        Move winner;
        for (const Move m : list) {
          if (-solve_exact_slow(play(p, m)) > 0) {
            ++wins;
            winner = m;
          }
        }
        if (wins == 1) {
          core::Engine<BlokusDuo> engine(mcts_config("playouts = 3000\ncutoff = -1\n"));
          EXPECT_EQ(format_code(engine.think(p, {}, 1).best), format_code(winner))
              << format_position(p);
          ++checked;
          break;  // one position per game
        }
      }
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  EXPECT_GE(checked, 8);
}

}  // namespace
}  // namespace arena::blokus_duo
