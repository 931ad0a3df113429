// Exact Othello endgame solver: the final disc difference (WOF rule, side to move's view) by
// negamax alpha-beta over all moves to the end of the game.
//
// Key ideas (the standard ones of strong endgame solvers; see e.g. Edax's endgame.c, read for
// the ideas only):
//  - The root: a score predicted by a shallow evaluation search, then null-window probes
//    (MTD(f)-like, steps of 2 discs) starting a little below it, since a probe that fails
//    high is cheaper than one that fails low, instead of one full-window search.
//  - Selective passes before the exact one (Multi-ProbCut, Buro 1997, as Edax and Logistello
//    solve): each pass lets a shallow evaluation search cut a deep node whose prediction lies
//    t standard deviations outside the window, t growing pass after pass. The passes are
//    cheap and leave the table full of good moves and a close score for the exact pass;
//    their bounds are tagged with the pass and never cut an exact search.
//  - Deep nodes (more than kShallowEmpties empties): transposition table, principal variation
//    search with null windows, the table's best move first, enhanced transposition cutoff
//    (a child already stored with a refuting bound ends the node before any search), and a
//    stability cutoff (the opponent's stable discs bound our best score) in null-window
//    searches with a high alpha. Ordering: from kSortEmpties empties on, each move is scored by
//    a shallow alpha-beta search of an evaluation (a pluggable callback; deeper with more
//    empties) plus mobility terms; below that, "fastest first" (fewest opponent replies,
//    corners weighted, potential mobility, corner stability).
//  - Shallow nodes: no table; moves in odd-parity quadrants first (the side that plays last in
//    a region gains), then even ones, each group by square quality (corners first, X-squares
//    last); the stability cutoff when alpha is high.
//  - The last 4 empties: no move generation at all; each empty square is tried directly with
//    flips(), and the last one only counts flipped discs.
//  - A deadline (engine/core/deadline.hpp) is polled at every deep, shallow (5 or more
//    empties) and evaluation-search node; the last 4 empties (at most a few hundred nodes)
//    run unpolled. Once it has expired the search unwinds without storing anything.
// All final scores are even (the empties go to the winner), which the null windows use.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/deadline.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {

/// Discs of `p` that can never be flipped (a subset of the truly stable discs): edge discs that
/// no sequence of moves along their edge can flip (an exact 1-D table for each edge), then,
/// repeatedly, discs for which each of the 4 line directions is either completely filled or
/// blocked by the board's border or a stable disc of p's own colour.
[[nodiscard]] Bitboard stable_discs(Bitboard p, Bitboard o);

/// A static evaluation used to order moves: centi-discs (100 = one disc) from the view of the
/// side to move `p` against `o`. Only the order of values matters, not their scale.
using OrderingEval = std::function<int(Bitboard p, Bitboard o)>;

/// The built-in ordering evaluation (no weights file): corners, mobility and potential
/// mobility, edge-anchored discs and X-squares next to an empty corner, with hand-set weights
/// in the spirit of the classic evaluation (configs/othello/classic.cfg, late phases).
[[nodiscard]] int default_ordering_eval(Bitboard p, Bitboard o);

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
    bool complete = true;  ///< false: the deadline expired first (score and move mean nothing)
  };

  /// A table of 2^table_bits entries of 16 bytes (20 -> 16 MiB); `eval` orders moves at nodes
  /// with kSortEmpties or more empties (default_ordering_eval when empty). The result never
  /// depends on `eval`, only the node count does; the search is deterministic for a given eval.
  explicit EndgameSolver(int table_bits = 20, OrderingEval eval = {});

  /// Exact score of (p to move, o) within [alpha, beta] (fail-soft: a result <= alpha is an
  /// upper bound, >= beta a lower bound). alpha < beta, both in [-64, 64]. `deadline`
  /// (nullptr: none) is polled; once it has expired the result means nothing (check
  /// deadline->expired()) and the table holds only bounds stored before.
  [[nodiscard]] int solve(Bitboard p, Bitboard o, int alpha = -64, int beta = 64,
                          core::Deadline* deadline = nullptr);

  /// The exact score and a best move of (p to move, o) with a full window; `complete` is
  /// false when `deadline` expired first.
  [[nodiscard]] Result solve_root(Bitboard p, Bitboard o, core::Deadline* deadline = nullptr);

  /// The score of (p to move, o) within [alpha, beta] (fail-soft, as solve) and, when it is
  /// above alpha, a move that reaches it (a win or a draw proven with the window -1..1);
  /// best_square is -1 after a fail low. The selective passes at the window run first, as in
  /// solve_root, so that the exact pass finds the table ordered. `complete` is false when
  /// `deadline` expired first.
  [[nodiscard]] Result solve_root_window(Bitboard p, Bitboard o, int alpha, int beta,
                                         core::Deadline* deadline = nullptr);

  /// A probable score and move of (p to move, o): the selective passes of solve_root without
  /// the exact one (Multi-ProbCut at up to the last pass's confidence), the move the last
  /// pass's table entry holds at the root. Several times cheaper than solve_root from about 18
  /// empties, and nearly as good a move (on 198 positions of 21-22 empties from games against
  /// NTest, ordered and cut by the patterns evaluation: 0.30 discs lost a move against 0.81 for
  /// a 100 ms midgame search; 0.54 with the built-in evaluation). Below
  /// kProbCutEmpties, or without moves, solve_root itself. `complete` is false when `deadline`
  /// expired first or no move was stored.
  [[nodiscard]] Result probable_root(Bitboard p, Bitboard o, core::Deadline* deadline = nullptr);

  /// Nodes searched since construction (each position visited counts one).
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }

  /// Forgets every table entry.
  void clear();

  /// Deep nodes use the table and mobility ordering; at or below this many empties the
  /// cheaper parity-ordered search runs.
  static constexpr int kShallowEmpties = 7;
  /// From this many empties on, moves are ordered by an evaluation search of depth
  /// (empties - kSortEmpties) / 3, at most 2 plies.
  static constexpr int kSortEmpties = 13;
  /// From this many empties on, children are probed in the table before searching (ETC).
  static constexpr int kEtcEmpties = 10;
  /// From this many empties on, selective passes try ProbCut at deep nodes.
  static constexpr int kProbCutEmpties = 10;

 private:
  /// Transposition table entry (16 bytes):
  ///   key      64  full hash of (player, opponent)
  ///   lower     8  lower bound of the score (discs)
  ///   upper     8  upper bound of the score (discs)
  ///   move      8  best or refuting move square (kPassSquare = none)
  ///   empties   8  empties of the position (replacement: deeper positions stay)
  ///   level     8  the pass whose search found the bounds (kExactLevel: exact bounds)
  ///   (24 bits padding)
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t lower = -64;
    std::int8_t upper = 64;
    std::uint8_t move = kPassSquare;
    std::uint8_t empties = 0;
    std::uint8_t level = 0;
  };

  /// ProbCut confidence of each selective pass, in standard deviations of the evaluation's
  /// error (1.0 cuts at about 84% one-sided confidence); the exact pass follows the last.
  static constexpr std::array<double, 2> kPassConfidence = {1.0, 2.0};
  static constexpr int kExactLevel = static_cast<int>(kPassConfidence.size());

  struct Candidate;

  [[nodiscard]] const Entry* find(std::uint64_t key) const;
  int root_probes(Bitboard p, Bitboard o, int empties, int guess, int margin);
  /// The root's first guess: a shallow evaluation search's score, as an even disc count.
  int predicted_score(Bitboard p, Bitboard o, int empties);
  /// The selective passes at the root (none below kProbCutEmpties), each pass's score the next
  /// one's guess; `margin` becomes the later probes' margin. Returns the last score.
  int selective_passes(Bitboard p, Bitboard o, int empties, int guess, int& margin);
  bool probcut(Bitboard p, Bitboard o, int alpha, int beta, int empties, int& score);
  int order_moves(Bitboard p, Bitboard o, int empties, int tt_move, Candidate* list);
  int eval_search(Bitboard p, Bitboard o, int alpha, int beta, int depth, bool passed);
  int search_deep(Bitboard p, Bitboard o, int alpha, int beta, int empties, bool passed);
  int search_shallow(Bitboard p, Bitboard o, int alpha, int beta, int empties, bool passed);
  void store(std::uint64_t key, int empties, int alpha, int beta, int score, int move);

  /// Polls the deadline (one node): true once it has expired.
  bool out_of_time() { return deadline_ != nullptr && deadline_->poll(); }
  [[nodiscard]] bool expired() const { return deadline_ != nullptr && deadline_->expired(); }

  OrderingEval eval_;
  core::Deadline* deadline_ = nullptr;  ///< of the running solve (nullptr: none)
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
  int level_ = kExactLevel;  ///< the current pass: selective below kExactLevel
};

}  // namespace arena::othello
