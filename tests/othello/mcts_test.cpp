// The generic Monte Carlo tree search on Othello (`player = mcts`): repeatable with a fixed seed
// and playout count, and it finds the single winning move of endgames from random games, where
// a plain minimax written here by the rules proves that exactly one move wins.
#include "engine/core/mcts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "engine/core/engine.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {
namespace {

static_assert(core::HasMoveKey<Othello>);

core::EngineConfig mcts_config(const std::string& mcts_keys) {
  return core::parse_engine_config("name = m\ngame = othello\nplayer = mcts\n[mcts]\n" + mcts_keys +
                                       "[weights]\nmobility = 100\ncorners = 800\n",
                                   "m.cfg");
}

/// Sign of the side to move's final disc difference under best play, by plain minimax.
int minimax_sign(const Position& p) {
  core::MoveListOf<Othello> moves;
  Othello::generate_moves(p, moves);
  if (moves.empty()) {
    const int first = Othello::final_score(p);
    const int mine = Othello::side_to_move(p) == 0 ? first : -first;
    return (mine > 0) - (mine < 0);
  }
  int best = -1;
  for (const Move m : moves) best = std::max(best, -minimax_sign(Othello::play(p, m)));
  return best;
}

TEST(OthelloMcts, SameSeedAndPlayoutsGiveTheSameMoveAndCounts) {
  const auto cfg = mcts_config("playouts = 400\nrave = 50\nseed = 2\n");
  core::Engine<Othello> a(cfg);
  core::Engine<Othello> b(cfg);
  const Position p = Othello::initial({});
  const auto ra = a.think(p, {}, 5);
  const auto rb = b.think(p, {}, 5);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.nodes, 400U);
  EXPECT_EQ(rb.nodes, 400U);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(ra.pv, rb.pv);
}

TEST(OthelloMcts, FindsTheOnlyWinningMoveOfSmallEndgames) {
  std::mt19937_64 rng(7);
  core::MoveListOf<Othello> list;
  int checked = 0;
  for (int game = 0; game < 100 && checked < 10; ++game) {
    Position p = Othello::initial({});
    while (!Othello::is_terminal(p)) {
      Othello::generate_moves(p, list);
      if (Othello::empties(p) <= 7 && list.size() >= 2) {
        int wins = 0;
        Move winner;
        for (const Move m : list) {
          if (-minimax_sign(Othello::play(p, m)) > 0) {
            ++wins;
            winner = m;
          }
        }
        if (wins == 1) {
          core::Engine<Othello> engine(mcts_config("playouts = 3000\ncutoff = -1\n"));
          EXPECT_EQ(Othello::format_move(p, engine.think(p, {}, 1).best),
                    Othello::format_move(p, winner))
              << Othello::format_position(p);
          ++checked;
          break;  // one position per game
        }
      }
      p = Othello::play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  EXPECT_GE(checked, 8);
}

}  // namespace
}  // namespace arena::othello
