// The exact endgame search against plain minimax on positions from random playouts.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
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

// Regression (issue: the solver never looked at the clock): a set stop flag ends the solve
// within one poll interval; an inactive deadline changes nothing.
TEST(Endgame, AStopFlagEndsTheSolve) {
  std::mt19937_64 rng(7);
  MoveList list;
  Position p = initial_position({});
  while (!exact_threshold_reached(p, 14)) {
    generate_moves(p, list);
    p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
  }
  std::uint64_t full = 0;
  const int exact = solve_exact(p, -200, 200, full);
  const std::atomic<bool> stop{true};
  core::Deadline deadline(std::nullopt, &stop);
  std::uint64_t cut = 0;
  (void)solve_exact(p, -200, 200, cut, &deadline);
  EXPECT_TRUE(deadline.expired());
  EXPECT_LE(cut, core::Deadline::kPollInterval);
  core::Deadline none;
  std::uint64_t again = 0;
  EXPECT_EQ(solve_exact(p, -200, 200, again, &none), exact);
  EXPECT_EQ(again, full);
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
