// The time manager's allocation (a pure function): within the clock less the reserve, a
// target no larger than the cap, and over whole simulated games a sensible use of the clock
// that never flags, with or without an increment, even when every move runs to its cap.
#include "engine/core/time_manager.hpp"

#include <gtest/gtest.h>

#include "tests/core/simulated_clock.hpp"

namespace arena::core {
namespace {

TEST(TimeManager, NeverAllocatesMoreThanTheClockLessTheReserve) {
  for (int left = 2; left <= 600000; left = left * 3 / 2 + 1) {
    for (const int inc : {0, 10, 100, 5000}) {
      for (const int moves : {-3, 0, 1, 2, 5, 30, 100}) {
        const MoveTime t = allocate_move_time(left, inc, moves);
        EXPECT_GE(t.soft_ms, 1);
        EXPECT_LE(t.soft_ms, t.hard_ms);
        EXPECT_LE(t.hard_ms, left - clock_reserve_ms(left)) << left << " " << inc << " " << moves;
      }
    }
  }
}

TEST(TimeManager, MoreMovesLeftMeansLessTimePerMove) {
  int previous = allocate_move_time(60000, 0, 1).soft_ms;
  for (int moves = 2; moves <= 60; ++moves) {
    const int soft = allocate_move_time(60000, 0, moves).soft_ms;
    EXPECT_LE(soft, previous);
    previous = soft;
  }
  // The increment adds to each move's share.
  EXPECT_GT(allocate_move_time(60000, 500, 30).soft_ms, allocate_move_time(60000, 0, 30).soft_ms);
}

/// Plays a game of `moves` moves on a clock of base + increment where each move takes its
/// target (or its cap) plus `overhead` ms outside the search; returns the clock at the end
/// (negative: flagged) and the share of the clock's time the searches used.
struct Simulated {
  int clock_end;
  double used;
};
Simulated simulate(int base, int inc, int moves, bool to_cap, int overhead) {
  test::SimulatedClock clock(base, inc);
  for (int m = 0; m < moves && !clock.flagged; ++m) {
    const MoveTime t = allocate_move_time(clock.left, inc, moves - m);
    clock.move(to_cap ? t.hard_ms : t.soft_ms, overhead);
  }
  return {clock.left, clock.flagged ? 0 : clock.used()};
}

TEST(TimeManager, WholeGamesUseTheClockAndNeverFlag) {
  // Othello (30 moves a side) and Blokus Duo (up to 21) at the clocks the issue measured.
  struct Clock {
    int base, inc;
  };
  for (const auto [base, inc] : {Clock{2000, 20}, Clock{1000, 10}, Clock{5000, 50},
                                 Clock{10000, 100}, Clock{60000, 0}, Clock{1800000, 0}}) {
    for (const int moves : {21, 30}) {
      const Simulated soft = simulate(base, inc, moves, false, kMoveOverheadMs);
      EXPECT_GE(soft.clock_end, 0) << base << "+" << inc;
      EXPECT_GT(soft.used, 0.6) << base << "+" << inc;  // most of the clock goes to searching
      // Every move to its cap, with the overhead the allowance expects: still no flag.
      EXPECT_GE(simulate(base, inc, moves, true, kMoveOverheadMs).clock_end, 0)
          << base << "+" << inc;
    }
  }
}

}  // namespace
}  // namespace arena::core
