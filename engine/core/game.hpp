// The one interface every game implements. Search, evaluation, self-play, tuning and analysis
// are templates over this concept and never name a game (see README, "Layering").
//
// A game is a stateless type G with static members only; the position is a value type and
// make-move is copy-make. Rule options that vary per run (Blokus Duo's scoring rule) live in
// G::Rules and travel inside the position, so every function below sees them.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/deadline.hpp"
#include "engine/core/features.hpp"
#include "engine/core/move_list.hpp"

namespace arena::core {

/// Compile-time knobs of a game. Specialise for a game when the defaults do not fit.
///  - kMaxMoves: an upper bound on legal moves in any position (the MoveList capacity).
///  - kMaxPlies: an upper bound on the plies of a game, passes included.
template <class G>
struct GameTraits {
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr std::size_t kMaxPlies = 256;
};

/// The move list type of game G.
template <class G>
using MoveListOf = MoveList<typename G::Move, GameTraits<G>::kMaxMoves>;

/// What a game must provide (all static; `p` a Position, `m` a Move, `r` Rules):
///  - `G::kName`: the registered name ("othello", "blokus-duo").
///  - `G::Position`, `G::Move` (trivially copyable, ==), `G::Rules` (default = standard rules).
///  - `G::parse_rules(text) -> Rules`, `G::format_rules(r) -> std::string`: "key=value,..." as
///    recorded in logs; "" means defaults. Throws InputError on an unknown rule.
///  - `G::initial(r) -> Position`: the start position.
///  - `G::generate_moves(p, list)`: fills a caller-owned MoveListOf<G> with the legal moves;
///    a pass is the single move when, and only when, the side to move has no other move; the
///    list is empty exactly when the game is over.
///  - `G::play(p, m) -> Position`: the position after a legal move m (copy-make).
///  - `G::is_terminal(p)`: neither side can move (or the rules ended the game).
///  - `G::final_score(p) -> int`: result of a terminal position from the FIRST player's view
///    (Othello: disc difference, empties to the winner; Blokus Duo: per the scoring rule).
///  - `G::side_to_move(p) -> int`: 0 for the first player, 1 for the second.
///  - `G::ply(p) -> int`: plies played from the start, passes included.
///  - `G::hash(p) -> std::uint64_t`: Zobrist-style hash including the side to move.
///  - `G::is_pass(m)`, `G::pass_move()`.
///  - `G::parse_move(p, text) -> Move`: standard notation; throws InputError naming the move and
///    why it is malformed or illegal in p.
///  - `G::format_move(p, m) -> std::string`: canonical standard notation of a legal move.
///  - `G::parse_position(text, r) -> Position`: the game's position notation (Othello: 64-char
///    board + side, or a transcript; Blokus Duo: a move list); throws InputError.
///  - `G::format_position(p) -> std::string`, `G::render(p) -> std::string` (a text diagram).
///  - `G::make_feature_set(name) -> std::unique_ptr<FeatureSet<Position>>`: the declared
///    feature set of that name (`classic`, ...); throws InputError naming the known sets.
template <class G>
concept Game = requires(const typename G::Position& p, typename G::Move m,
                        MoveListOf<G>& list, std::string_view text,
                        const typename G::Rules& r) {
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::parse_rules(text) } -> std::same_as<typename G::Rules>;
  { G::format_rules(r) } -> std::convertible_to<std::string>;
  { G::initial(r) } -> std::same_as<typename G::Position>;
  { G::generate_moves(p, list) };
  { G::play(p, m) } -> std::same_as<typename G::Position>;
  { G::is_terminal(p) } -> std::convertible_to<bool>;
  { G::final_score(p) } -> std::convertible_to<int>;
  { G::side_to_move(p) } -> std::convertible_to<int>;
  { G::ply(p) } -> std::convertible_to<int>;
  { G::hash(p) } -> std::convertible_to<std::uint64_t>;
  { G::is_pass(m) } -> std::convertible_to<bool>;
  { G::pass_move() } -> std::same_as<typename G::Move>;
  { G::parse_move(p, text) } -> std::same_as<typename G::Move>;
  { G::format_move(p, m) } -> std::convertible_to<std::string>;
  { G::parse_position(text, r) } -> std::same_as<typename G::Position>;
  { G::format_position(p) } -> std::convertible_to<std::string>;
  { G::render(p) } -> std::convertible_to<std::string>;
  { G::make_feature_set(text) }
      -> std::same_as<std::unique_ptr<FeatureSet<typename G::Position>>>;
  requires std::equality_comparable<typename G::Move>;
};

/// Optional hooks a game may add; the generic search uses them when present (`if constexpr`):
///  - `G::order_score(p, m) -> int`: a cheap move-ordering key, higher first (e.g. minus the
///    opponent's replies in Othello, piece size in Blokus Duo).
///  - `G::exact_threshold_reached(p, n) -> bool` and
///    `G::solve_exact(p, alpha, beta, nodes&, deadline*) -> int`: a fast exact endgame solver,
///    called when the position has at most n "empties" (config `exact = n`); returns the final
///    score from the side to move's view in the game's units (discs, squares), fail-soft in
///    [alpha, beta], adding searched nodes to `nodes`. It polls `deadline` (nullptr: none)
///    at every node and, once it has expired, returns at once with a meaningless score.
///  - `G::moves_left(p, solver) -> int`: the moves the side to move still expects to spend its
///    clock on, for the time manager; `solver`: the search solves the endgame exactly, so the
///    last moves, which the game's solver plays at once, need no share (Othello: half the
///    empties, above the last 12 with the solver; Blokus Duo: its pieces left).
///  - `G::exact_solve_nodes(p) -> double`: an estimate of the nodes G::solve_exact needs for
///    p with a full window (a rough upper-side fit is fine); with it, timed searches decide
///    when to solve from the estimate and the measured node rate instead of the threshold.
///  - `G::solve_root(p, eval, alpha, beta, nodes&, deadline*) ->
///    std::optional<std::pair<Move, int>>`: the final score of p within [alpha, beta]
///    (fail-soft; a window covering every score asks for the exact score) and a move reaching
///    it, by the solver's own root routine (one table for the whole root, ordered and cut by
///    `eval`, the engine's static evaluation, centi-units); the move means nothing when the
///    score is at most alpha; nullopt once `deadline` has expired. Required with
///    exact_solve_nodes: timed searches hand it the root when the estimate fits, exactly or
///    with the window -1..1 (win/loss/draw).
///  - `G::solve_probable(p, eval, nodes&, deadline*) -> std::optional<std::pair<Move, int>>`:
///    a selective endgame solve of p (game units, side to move's view) and its move, cheaper
///    than the exact one, whose cuts and order use `eval` (ProbableEval<G>: the engine's own
///    static evaluation, centi-units); nullopt once `deadline` has expired. With it, timed
///    searches with `probable = n` try it at roots of at most n empties whose exact solve does
///    not fit.
///  - `G::mpc_stage(p) -> int`: the stage (>= 0) whose Multi-ProbCut fits apply at p (mpc.hpp;
///    Othello: the evaluation's stage by empties); without it every position is stage 0.
template <class G>
concept HasOrderScore = requires(const typename G::Position& p, typename G::Move m) {
  { G::order_score(p, m) } -> std::convertible_to<int>;
};

/// `G::is_legal(p, m) -> bool`: whether a move (of the side to move, pass included) is legal
/// in p, without generating the moves. With killers, the search tries a node's killer before
/// generating its moves when the game has it.
template <class G>
concept HasLegalityCheck = requires(const typename G::Position& p, typename G::Move m) {
  { G::is_legal(p, m) } -> std::convertible_to<bool>;
};

template <class G>
concept HasExactSolver = requires(const typename G::Position& p, int a, std::uint64_t& nodes,
                                  Deadline* deadline) {
  { G::exact_threshold_reached(p, a) } -> std::convertible_to<bool>;
  { G::solve_exact(p, a, a, nodes, deadline) } -> std::convertible_to<int>;
};

/// The unit of G's final score, and in hundredths of its evaluation ("discs": centi-discs):
/// G::kScoreUnit when the game names one, else "points".
template <class G>
[[nodiscard]] constexpr std::string_view score_unit() {
  if constexpr (requires { G::kScoreUnit; }) {
    return G::kScoreUnit;
  } else {
    return "points";
  }
}

template <class G>
concept HasMovesLeft = requires(const typename G::Position& p, bool solver) {
  { G::moves_left(p, solver) } -> std::convertible_to<int>;
};

template <class G>
concept HasMpcStage = requires(const typename G::Position& p) {
  { G::mpc_stage(p) } -> std::convertible_to<int>;
};

/// `G::kSymmetries` (the number of board symmetries, 0 = the identity),
/// `G::symmetric(p, k) -> Position` (the image of p under symmetry k, same side to move and
/// ply) and `G::symmetric_move(m, k) -> Move` (the image of move m): positions that are images
/// of each other share one opening-book entry (opening_book.hpp). Without them a position is
/// its own only image.
template <class G>
concept HasSymmetries = requires(const typename G::Position& p, typename G::Move m, int k) {
  { G::kSymmetries } -> std::convertible_to<int>;
  { G::symmetric(p, k) } -> std::same_as<typename G::Position>;
  { G::symmetric_move(m, k) } -> std::same_as<typename G::Move>;
};

/// The static evaluation a probable solve cuts and orders with (centi-units, side to move).
template <class G>
using ProbableEval = std::function<int(const typename G::Position&)>;

/// G offers G::solve_probable (see the list above).
template <class G>
concept HasProbableSolver =
    HasExactSolver<G> && requires(const typename G::Position& p, const ProbableEval<G>& eval,
                                  std::uint64_t& nodes, Deadline* deadline) {
      {
        G::solve_probable(p, eval, nodes, deadline)
      } -> std::convertible_to<std::optional<std::pair<typename G::Move, int>>>;
    };

/// G estimates its solver's cost (G::exact_solve_nodes) and offers its root routine
/// (G::solve_root), which timed searches call on the root (see the list above).
template <class G>
concept HasSolveCost =
    HasExactSolver<G> &&
    requires(const typename G::Position& p, const ProbableEval<G>& eval, int a,
             std::uint64_t& nodes, Deadline* deadline) {
      { G::exact_solve_nodes(p) } -> std::convertible_to<double>;
      {
        G::solve_root(p, eval, a, a, nodes, deadline)
      } -> std::convertible_to<std::optional<std::pair<typename G::Move, int>>>;
    };

}  // namespace arena::core
