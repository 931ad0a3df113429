// Time management under a game clock: how long one move may search, from the clock left, the
// increment and the moves the mover still expects to play (a per-game hook: Othello counts
// empties, Blokus Duo pieces left; see HasMovesLeft in game.hpp).
//
// Key idea: a soft target and a hard cap. The target spreads what the clock and the coming
// increments hold evenly over the expected moves, less a per-move allowance for time spent
// outside the search (the game loop, a loaded machine's scheduling delays) and a reserve kept
// to the end; the search starts no new iteration past kIterationStartShare of the target.
// The cap (a few targets, never more than half of what the later moves can spare) is the
// deadline every search path polls, so one hard position cannot empty the clock. Pure
// functions, no clock reads.
#pragma once

#include <algorithm>

namespace arena::core {

/// The time one move may use, milliseconds (soft_ms <= hard_ms; both >= 1).
struct MoveTime {
  int soft_ms = 0;  ///< target: no new iteration starts after kIterationStartShare x soft_ms
  int hard_ms = 0;  ///< cap: the search's deadline
};

/// Per-move time spent outside the search (the game loop, the process being scheduled late
/// on a loaded machine), allowed for in every expected move.
inline constexpr int kMoveOverheadMs = 15;
/// Kept on the clock until the end (at most a quarter of what is left).
inline constexpr int kClockReserveMs = 100;
/// The cap as a multiple of the target.
inline constexpr int kHardPerSoft = 3;
/// The share of the target past which a search starts no new iteration. Why 0.6: an iteration
/// takes about b = 2.5 times the time of all before it, so a move ends between s and b s of
/// this share s of the target, about (b - 1) s / ln b = 1.64 s on average: 0.6 spends the
/// target. Othello at --tc 10+0.1 against NTest, median clock used of a game's 13 s: 8.4 s
/// with 0.5, 9.9 s with 0.6 (and Othello::kFreeEmpties 16 for 12).
inline constexpr double kIterationStartShare = 0.6;

/// The reserve for a clock of `time_left_ms`: kClockReserveMs, at most a quarter of the clock.
[[nodiscard]] constexpr int clock_reserve_ms(int time_left_ms) {
  return std::min(kClockReserveMs, std::max(time_left_ms, 0) / 4);
}

/// The move time for a mover with `time_left_ms` on its clock, `increment_ms` added after each
/// move and `moves_left` moves still expected (counted as at least 1). With the reserve r and
/// the overhead o (the constants above), m moves and increment i:
///   target = (time_left - r + (m - 1) i - m o) / m                (an even share of the pool)
///   room   = time_left - r - o - (m - 1) max(o - i, 0)            (what the later moves spare)
///   cap    = min(kHardPerSoft x target, room / 2),  target = min(target, cap),
/// both at least 1 ms. Halving the room means that even a run of moves that all reach their
/// cap keeps the later moves' overhead on the clock. cap <= time_left - r whenever the clock
/// holds 2 ms or more.
[[nodiscard]] constexpr MoveTime allocate_move_time(int time_left_ms, int increment_ms,
                                                    int moves_left) {
  const long long left = std::max(time_left_ms, 0);
  const long long inc = std::max(increment_ms, 0);
  const long long moves = std::max(moves_left, 1);
  const long long reserve = clock_reserve_ms(time_left_ms);
  const long long o = kMoveOverheadMs;
  const long long target = (left - reserve + (moves - 1) * inc - moves * o) / moves;
  const long long room = left - reserve - o - (moves - 1) * std::max(o - inc, 0LL);
  const long long hard = std::max(1LL, std::min(kHardPerSoft * target, room / 2));
  const long long soft = std::clamp(target, 1LL, hard);
  return {static_cast<int>(soft), static_cast<int>(hard)};
}

/// The moves left assumed for a game without a moves_left hook (core::HasMovesLeft).
inline constexpr int kDefaultMovesLeft = 30;

}  // namespace arena::core
