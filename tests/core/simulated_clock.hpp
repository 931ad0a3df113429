// One side's clock over a simulated game, for the time manager's tests (core's fixed-length
// games and each game's own): one home for the arithmetic of a move's search time, the
// overhead outside the search and the increment.
#pragma once

namespace arena::test {

/// A side's clock of `base` ms plus `increment` ms after every move that did not flag.
struct SimulatedClock {
  SimulatedClock(int base, int increment) : left(base), inc(increment), given(base) {}

  /// A move that searched `spent` ms and took `overhead` ms more outside the search; once
  /// the clock is below zero the side has flagged and further moves do nothing.
  void move(int spent, int overhead) {
    if (flagged) return;
    searched += spent;
    left -= spent + overhead;
    if (left < 0) {
      flagged = true;
      return;
    }
    left += inc;
    given += inc;
  }
  /// The share of the clock's time (base and every increment) that went to searches.
  [[nodiscard]] double used() const {
    return static_cast<double>(searched) / static_cast<double>(given);
  }

  int left;                ///< ms on the clock (negative: flagged)
  int inc;                 ///< ms added after each move
  long long given;         ///< ms the clock ever held
  long long searched = 0;  ///< ms the searches used
  bool flagged = false;
};

}  // namespace arena::test
