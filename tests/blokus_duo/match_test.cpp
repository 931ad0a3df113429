// Quick matches between the shipped configs (issue 3, must-show 4): classic beats greedy and
// greedy beats random by a clear margin. Each opening (two random plies from a fixed seed) is
// played twice with colours swapped; the games are played here with a plain loop so the test
// does not depend on the self-play driver.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"

namespace arena::blokus_duo {
namespace {

using Engine = core::Engine<BlokusDuo>;

core::EngineConfig config(const std::string& name) {
  return core::load_engine_config(std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/" + name +
                                  ".cfg");
}

/// Score of the first engine's side: 1 win, 0.5 draw, 0 loss.
double play_game(Engine& first, Engine& second, const Position& opening, std::uint64_t seed) {
  first.new_game();
  second.new_game();
  Position p = opening;
  MoveList list;
  for (std::uint64_t ply = 0; !is_terminal(p); ++ply) {
    Engine& e = (p.side == opening.side) ? first : second;
    const auto result = e.think(p, {}, seed * 1000 + ply);
    EXPECT_EQ(check_move(p, result.best), Illegal::Legal);
    p = play(p, result.best);
  }
  const int score = final_score(p) * (opening.side == 0 ? 1 : -1);
  return score > 0 ? 1.0 : score == 0 ? 0.5 : 0.0;
}

/// Points of engine a over 2 * openings games (colours swapped per opening).
double match(const std::string& a, const std::string& b, int openings) {
  Engine ea(config(a));
  Engine eb(config(b));
  std::mt19937_64 rng(2007);
  MoveList list;
  double points = 0;
  for (int i = 0; i < openings; ++i) {
    Position start = initial_position({});
    for (int ply = 0; ply < 2; ++ply) {
      generate_moves(start, list);
      start = play(start, list[static_cast<std::size_t>(rng() % list.size())]);
    }
    // Game 1: a moves first from the opening (player 0 to move); game 2: b does.
    points += play_game(ea, eb, start, static_cast<std::uint64_t>(2 * i));
    points += 1.0 - play_game(eb, ea, start, static_cast<std::uint64_t>(2 * i + 1));
  }
  return points;
}

TEST(QuickMatchSlow, GreedyBeatsRandom) {
  const double points = match("greedy", "random", 25);
  RecordProperty("greedy_points_of_50", std::to_string(points));
  EXPECT_GE(points, 42.0) << "greedy scored " << points << " of 50 against random";
}

TEST(QuickMatchSlow, ClassicBeatsGreedy) {
  const double points = match("classic", "greedy", 25);
  RecordProperty("classic_points_of_50", std::to_string(points));
  EXPECT_GE(points, 37.5) << "classic scored " << points << " of 50 against greedy";
}

TEST(QuickMatch, ConfigsLoadAndPlayALegalMove) {
  const Position p = parse_position("56u0 9Au0", {});
  for (const char* name : {"random", "greedy", "classic"}) {
    Engine e(config(name));
    const auto result = e.think(p, {}, 1);
    EXPECT_EQ(check_move(p, result.best), Illegal::Legal) << name;
    EXPECT_FALSE(result.best.is_pass()) << name;
  }
}

}  // namespace
}  // namespace arena::blokus_duo
