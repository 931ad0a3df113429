// Engine<G> on tic-tac-toe: config to search, random player, root-move scores, softmax choice.
#include "engine/core/engine.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/core/toy_games.hpp"

namespace arena::core {
namespace {

using ::testing::HasSubstr;
using toy::TicTacToe;
using toy::ttt_config;

TEST(Engine, SearchPlayerUsesTheConfigLimits) {
  Engine<TicTacToe> engine(ttt_config("[search]\ndepth = 9\n[weights]\ncentre = 30\n"));
  const auto r = engine.think(TicTacToe::initial({}), {}, 1);
  EXPECT_EQ(r.score, 0);
  EXPECT_TRUE(r.exact);
  // Limits given to think replace the config's.
  SearchLimits one;
  one.depth = 1;
  EXPECT_EQ(engine.think(TicTacToe::initial({}), one, 1).depth, 1);
  EXPECT_EQ(engine.evaluate(TicTacToe::parse_position("----X----", {})), -30);
}

TEST(Engine, ConfigForAnotherGameOrFeatureSetIsRefused) {
  try {
    Engine<TicTacToe> engine(parse_engine_config("name = t\ngame = othello\n", "o.cfg"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("o.cfg:2: key 'game'"));
  }
  try {
    Engine<TicTacToe> engine(ttt_config("[eval]\nfeatures = fancy\n"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.cfg:4: key 'eval.features'"));
  }
}

TEST(Engine, RandomPlayerDependsOnlyOnTheSeed) {
  Engine<TicTacToe> engine(ttt_config("player = random\n"));
  const auto p = TicTacToe::initial({});
  std::set<int> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const auto m = engine.think(p, {}, seed).best;
    EXPECT_EQ(m, engine.think(p, {}, seed).best);
    seen.insert(m);
  }
  EXPECT_EQ(seen.size(), 9U);  // every legal move occurs
}

TEST(Engine, RootMoveScoresOfTicTacToeAreAllDraws) {
  Engine<TicTacToe> engine(ttt_config("[search]\ndepth = 9\n"));
  const auto scored = engine.score_root_moves(TicTacToe::initial({}), {}, 0);
  ASSERT_EQ(scored.size(), 9U);
  for (const auto& s : scored) EXPECT_EQ(s.score, 0) << int{s.move};  // no opening move loses
  // X 0 1, O 3 4, X to move: square 2 wins at once; 5 blocks O's row and the forced rest
  // (O 2, X 6, then 7/8) is drawn; the others let O complete 3 4 5.
  const auto win = engine.score_root_moves(TicTacToe::parse_position("XX-OO----", {}), {}, 0);
  for (const auto& s : win) {
    EXPECT_EQ(s.score, s.move == 2 ? 100 : s.move == 5 ? 0 : -100) << int{s.move};
  }
}

TEST(Softmax, ZeroTemperaturePicksTheBestAndHighTemperatureSpreads) {
  const std::vector<ScoredMove<int>> moves = {{0, 0}, {1, 300}, {2, 300}, {3, -200}};
  EXPECT_EQ(softmax_choice(moves, 0.0, 5), 1);
  std::map<int, int> counts;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) ++counts[softmax_choice(moves, 100.0, seed)];
  // exp(0), exp(3), exp(3), exp(-2): moves 1 and 2 about 48.6% each, move 0 about 2.4%.
  EXPECT_NEAR(counts[1] / 2000.0, 0.486, 0.04);
  EXPECT_NEAR(counts[2] / 2000.0, 0.486, 0.04);
  EXPECT_NEAR(counts[0] / 2000.0, 0.024, 0.015);
  EXPECT_EQ(softmax_choice(moves, 100.0, 77), softmax_choice(moves, 100.0, 77));
}

TEST(RandomIndex, IsUniformAndInRange) {
  std::vector<int> counts(7, 0);
  for (std::uint64_t seed = 0; seed < 7000; ++seed) ++counts[random_index(seed, 7)];
  for (const int c : counts) EXPECT_NEAR(c, 1000, 150);
}

}  // namespace
}  // namespace arena::core
