// The exact endgame search against plain minimax on positions from random playouts.
#include <gtest/gtest.h>

#include <random>

#include "engine/blokus_duo/blokus_duo.hpp"

namespace arena::blokus_duo {
namespace {

TEST(Endgame, AlphaBetaEqualsMinimaxNearTheEnd) {
  std::mt19937_64 rng(99);
  MoveList list;
  int checked = 0;
  for (int game = 0; game < 40 && checked < 40; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      if (exact_threshold_reached(p, 8)) {
        std::uint64_t nodes = 0;
        const int exact = solve_exact_slow(p);
        EXPECT_EQ(solve_exact(p, -200, 200, nodes), exact) << format_position(p);
        // Fail-soft bounds around a narrow window.
        const int low = solve_exact(p, exact + 1, exact + 3, nodes);
        EXPECT_LE(low, exact + 1);
        EXPECT_GE(low, exact);
        const int high = solve_exact(p, exact - 3, exact - 1, nodes);
        EXPECT_GE(high, exact - 1);
        EXPECT_LE(high, exact);
        ++checked;
      }
      generate_moves(p, list);
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  EXPECT_GE(checked, 20);
}

TEST(Endgame, TerminalScoreIsFromTheMoversView) {
  Position p = initial_position({});
  p.passes = 2;
  p.squares_placed = {10, 4};
  std::uint64_t nodes = 0;
  EXPECT_EQ(solve_exact(p, -200, 200, nodes), 6);
  p.side = 1;
  EXPECT_EQ(solve_exact(p, -200, 200, nodes), -6);
}

}  // namespace
}  // namespace arena::blokus_duo
