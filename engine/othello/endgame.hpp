// Exact Othello endgame solver: the final disc difference (WOF rule, side to move's view) by
// negamax alpha-beta over all moves to the end of the game.
//
// Key ideas (the standard ones of strong endgame solvers; see e.g. Edax's endgame.c, read for
// the ideas only):
//  - Deep nodes (more than kShallowEmpties empties): transposition table, principal variation
//    search with null windows, "fastest first" ordering (fewest opponent replies, corners
//    weighted), the table's best move first, and a stability cutoff (the opponent's stable discs
//    bound our best score) in null-window searches with a high alpha.
//  - Shallow nodes: no table; moves in odd-parity quadrants first (the side that plays last in
//    a region gains), then even ones.
//  - The last 4 empties: no move generation at all; each empty square is tried directly with
//    flips(), and the last one only counts flipped discs.
// All final scores are even (the empties go to the winner), which the null windows use.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/othello/othello.hpp"

namespace arena::othello {

/// Discs of `p` that can never be flipped (a subset of the truly stable discs): edge discs that
/// no sequence of moves along their edge can flip (an exact 1-D table for each edge), then,
/// repeatedly, discs for which each of the 4 line directions is either completely filled or
/// blocked by the board's border or a stable disc of p's own colour.
[[nodiscard]] Bitboard stable_discs(Bitboard p, Bitboard o);

/// A solver with its own transposition table; reuse it across positions of one run (call
/// clear() between unrelated positions if memory of earlier ones is not wanted). Not
/// thread-safe: one instance per thread.
class EndgameSolver {
 public:
  /// The result at the root: exact score (side to move's view, discs) and a best move
  /// (kPassSquare when the side to move must pass; -1 when the game is over).
  struct Result {
    int score = 0;
    int best_square = -1;
  };

  /// A table of 2^table_bits entries of 16 bytes (20 -> 16 MiB).
  explicit EndgameSolver(int table_bits = 20);

  /// Exact score of (p to move, o) within [alpha, beta] (fail-soft: a result <= alpha is an
  /// upper bound, >= beta a lower bound). alpha < beta, both in [-64, 64].
  [[nodiscard]] int solve(Bitboard p, Bitboard o, int alpha = -64, int beta = 64);

  /// The exact score and a best move of (p to move, o) with a full window.
  [[nodiscard]] Result solve_root(Bitboard p, Bitboard o);

  /// Nodes searched since construction (each position visited counts one).
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }

  /// Forgets every table entry.
  void clear();

  /// Deep nodes use the table and mobility ordering; at or below this many empties the
  /// cheaper parity-ordered search runs.
  static constexpr int kShallowEmpties = 7;

 private:
  /// Transposition table entry (16 bytes):
  ///   key      64  full hash of (player, opponent)
  ///   lower     8  lower bound of the score (discs)
  ///   upper     8  upper bound of the score (discs)
  ///   move      8  best or refuting move square (kPassSquare = none)
  ///   empties   8  empties of the position (replacement: deeper positions stay)
  ///   (32 bits padding)
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t lower = -64;
    std::int8_t upper = 64;
    std::uint8_t move = kPassSquare;
    std::uint8_t empties = 0;
  };

  [[nodiscard]] const Entry* find(std::uint64_t key) const;
  int search_deep(Bitboard p, Bitboard o, int alpha, int beta, int empties, bool passed);
  int search_shallow(Bitboard p, Bitboard o, int alpha, int beta, int empties, bool passed);
  void store(std::uint64_t key, int empties, int alpha, int beta, int score, int move);

  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
};

}  // namespace arena::othello
