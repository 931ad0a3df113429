// Game-generic search: negamax alpha-beta with principal variation search (PVS), iterative
// deepening and a transposition table, over any type satisfying core::Game.
//
// Key ideas. Scores are centi-units from the side to move's view; game ends score 100 x the
// final score. Move order: the table's move, then with `killers` the last two moves that cut
// off a node of the same ply (the killer heuristic: a refutation of one move often refutes
// its siblings; cleared at each search; a game with G::is_legal has the first one tried
// before the moves are generated at null-window nodes without a table move), then the
// game's G::order_score when it has one, then generation order (keys are unique, so the
// order is fully determined). With `order_depth` set, nodes with at least that much depth
// left rank the moves by the static evaluation after each move plus order_weight x
// G::order_score instead (the cheap shallow search ordering of Edax and NTest, one
// evaluation per move: a move that looks good refutes sooner, and deep nodes are few enough
// to pay for it). Below the root,
// `move_cap` searches only the first N ordered moves (the root always searches all of them, so
// the engine's choice is never cut from the candidates, only their refutations are sampled).
// With `root_sort`, each completed iteration orders the root moves after the best by their
// scores, for the next. With `aspiration = w`, iterations from depth 3 search the root with
// the window (score of the iteration two before) +- w and again with a full window when the
// score falls outside (aspiration windows: a narrow window cuts more of the tree).
// Games with an exact endgame solver hand positions past the `exact` threshold to it. Fixed
// depth and node limits are deterministic: the clock is read only when a time limit is set,
// and the node limit is checked at every node. Under a time limit the move's time comes from
// the time manager (time_manager.hpp), and when the game estimates its solver's cost
// (HasSolveCost) the threshold gives way to that estimate: the root goes to the game's own
// root solver (G::solve_root) when its share of the estimate at the node rate of earlier root
// solves fits the move's target and half its cap, and the tree below is evaluated, not
// solved. A timed root whose exact solve does not fit but whose win/loss/draw solve (the
// window -1..1) is estimated to is solved that way first: a proven win or draw is played at
// once (NTest's WLD solve; the margin does not change the result).
// With `probable = n` and a game that offers a selective solve (HasProbableSolver), a
// timed root of at most n empties whose exact solve does not fit first tries that solve when
// its estimate fits, and plays its move if it finishes in time (a strong engine's endgame
// starts before the exact solve is affordable: NTest spends its clock at 21-26 empties). A
// time limit or stop flag becomes a Deadline (deadline.hpp) polled at every node of
// this search and of the game's solver, iteration 1 included, so bulk solver nodes cannot
// skip it.
// With Multi-ProbCut pairs configured (mpc.hpp) a non-PV node first tries the shallow
// null-window checks of its remaining depth; a cut counts as a heuristic result (never proven).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/deadline.hpp"
#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "engine/core/move_time.hpp"
#include "engine/core/mpc.hpp"
#include "engine/core/search_result.hpp"
#include "engine/core/time_manager.hpp"
#include "engine/core/transposition_table.hpp"

namespace arena::core {

/// Bound on any search score: above every evaluation and every exact score.
inline constexpr int kInfinity = 32000;
/// Evaluations are clamped to +-kMaxEval (the table stores 16-bit scores).
inline constexpr int kMaxEval = 30000;

/// The search knobs of an engine config.
struct SearchSettings {
  int tt_mb = 16;    ///< transposition table size, MiB
  int exact = 0;     ///< hand positions with at most this many empties to G::solve_exact (0 = off)
  int move_cap = 0;  ///< below the root, search only the first N ordered moves (0 = all)
  MpcSettings mpc = {};  ///< Multi-ProbCut checks (no pairs: off)
  int order_depth = 0;   ///< from this remaining depth on, order by evaluation (0 = never)
  int order_weight = 0;  ///< weight of G::order_score beside the evaluation (centi-units)
  int probable = 0;      ///< timed roots of at most this many empties try G::solve_probable
  bool killers = false;  ///< order each ply's last two cutoff moves after the table's move
  bool root_sort = false;  ///< after each iteration, order the root moves by their scores
  /// Half width of the root's aspiration window around the score of the iteration two
  /// before, centi-units (0 = every iteration with a full window).
  int aspiration = 0;
};

/// The search of one engine. `Eval` is a callable `int(const G::Position&)` returning a static
/// evaluation in centi-units from the side to move's view (it may keep mutable scratch space).
/// Not thread-safe; the heap is touched only at construction and when a ply is first reached.
template <Game G, class Eval>
class Searcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  Searcher(Eval eval, const SearchSettings& settings)
      : eval_(std::move(eval)),
        settings_(settings),
        tt_(settings.tt_mb),
        pv_(kPlies * kPlies),
        pv_len_(kPlies, 0),
        keys_(kPlies),
        sorted_end_(kPlies),
        killers_(kPlies, std::array<Move, 2>{G::pass_move(), G::pass_move()}),
        mpc_(kPlies) {
    completed_scores_.reserve(kPlies);
    for (std::size_t i = 0; i < settings.mpc.pairs.size(); ++i) {
      const MpcPair& pair = settings.mpc.pairs[i];
      if (pair.depth > 0 && static_cast<std::size_t>(pair.depth) < kPlies &&
          pair.shallow >= 0 && pair.shallow < pair.depth) {
        mpc_[static_cast<std::size_t>(pair.depth)].push_back(i);
      }
    }
  }

  /// Forgets everything learned (the transposition table).
  void clear() { tt_.clear(); }

  /// Iterative deepening from `root` under `limits` (no limit at all: depth 1). Under a node
  /// limit depth 1 always completes; the clock and `stop` (when given) are honoured from the
  /// first node on. An interrupted iteration contributes its best move only when it beat the
  /// previous best after a full search; when even depth 1 is interrupted the result is the
  /// best fully searched root move, else the first in move order, with depth 0. On a
  /// terminal root: no move, the exact final score, depth 0.
  SearchResult<Move> search(const Position& root, const SearchLimits& limits,
                            const std::atomic<bool>* stop = nullptr) {
    // Step 1. Reset counters and take this move's time: the movetime as given, the time
    // manager's target and cap under a clock, the smaller of both; the cap is the deadline.
    const auto start = std::chrono::steady_clock::now();
    nodes_ = 0;
    node_limit_ = limits.nodes;
    aborted_ = false;
    const MoveTime time = move_time<G>(root, limits, HasExactSolver<G> && settings_.exact > 0);
    deadline_ = Deadline(time.hard_ms > 0
                             ? std::optional(start + std::chrono::milliseconds(time.hard_ms))
                             : std::nullopt,
                         stop);
    solver_use_ = SolverUse::Threshold;
    tt_.new_search();
    std::fill(killers_.begin(), killers_.end(),
              std::array<Move, 2>{G::pass_move(), G::pass_move()});

    SearchResult<Move> result;
    const auto finish = [&] {
      result.nodes = nodes_;
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return result;
    };

    // Step 2. Root moves in their initial order; a finished game has none.
    root_ = root;
    G::generate_moves(root, root_moves_);
    if (root_moves_.empty()) {
      result.score = terminal_score(root);
      result.exact = true;
      return finish();
    }
    const TtEntry* e = tt_.probe(G::hash(root));
    order_moves(root, root_moves_, e != nullptr ? e->move_index() : -1, 0, 0);
    root_order_.resize(root_moves_.size());
    root_scores_.assign(root_moves_.size(), -kInfinity);
    for (std::size_t k = 0; k < root_moves_.size(); ++k) {
      root_order_[k] = move_at(0, k, root_moves_.size(), root_moves_.size());
    }

    // Step 3. Iterative deepening. At fixed limits a root past the exact threshold has every
    // child solved, so one iteration gives the proven result.
    int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxDepth)
                    : limits.any()   ? kMaxDepth
                                     : 1;
    if constexpr (HasExactSolver<G>) {
      if (settings_.exact > 0) {
        if constexpr (HasSolveCost<G>) {
          if (time.hard_ms > 0) solver_use_ = SolverUse::RootOnly;
        }
        if (solver_use_ == SolverUse::Threshold &&
            G::exact_threshold_reached(root, settings_.exact)) {
          max_depth = 1;
        }
      }
    }
    // Step 3a. A timed root whose exact solve, or failing that its win/loss/draw solve, is
    // estimated to fit goes to G::solve_root: an exact result, a proven win or a proven draw
    // is played at once; a proven loss, or a solve cut off by its deadline, leaves the rest of
    // the move's time to the steps below.
    bool exact_tried = false;
    if constexpr (HasSolveCost<G>) {
      if (time.hard_ms > 0 && settings_.exact > 0) {
        if (const auto solved = root_solve(root, time, start, stop, exact_tried)) {
          result.best = solved->first;
          result.score = solved->second;
          result.depth = 1;
          result.exact = exact_tried;
          result.pv = {solved->first};
          return finish();
        }
      }
    }
    // Step 3b. A probable solve (G::solve_probable) of a timed root within `probable` empties
    // whose exact solve does not fit, when its estimate fits: its move is played if it
    // completes; if not, its time is lost and iterative deepening goes on with the rest.
    if constexpr (HasProbableSolver<G> && HasSolveCost<G>) {
      if (time.hard_ms > 0 && settings_.probable > 0 && !exact_tried &&
          G::exact_threshold_reached(root, settings_.probable)) {
        if (const auto solved = probable_solve(root, time, start, stop)) {
          result.best = solved->first;
          result.score = 100 * solved->second;
          result.depth = 1;
          result.pv = {solved->first};
          return finish();
        }
      }
    }
    completed_scores_.clear();
    for (int depth = 1; depth <= max_depth; ++depth) {
      iteration_ = depth;
      heuristic_ = false;
      std::pair<int, std::size_t> outcome{-kInfinity, 0};
      if (depth == 1 && deadline_.check()) {
        aborted_ = true;  // out of time before the first node
      } else {
        outcome = search_root(depth, aspiration_window(depth));
      }
      const auto [score, best] = outcome;
      if (aborted_) {
        // Step 4. An interrupted iteration: keep its best move only if one was proven better
        // than the previous best (which was searched first). In iteration 1 there is no
        // previous best: the best fully searched move or the first in order, with the static
        // evaluation when no move was fully searched.
        if (depth == 1) {
          result.best = root_moves_[root_order_[0]];
          result.score = score > -kInfinity ? score : std::clamp(eval_(root), -kMaxEval, kMaxEval);
          result.pv = {result.best};
        } else if (best > 0) {
          result.best = root_moves_[root_order_[0]];
          result.score = score;
          result.pv.assign(pv_.begin(), pv_.begin() + pv_len_[0]);
        }
        break;
      }
      result.best = root_moves_[root_order_[0]];
      result.score = score;
      result.depth = depth;
      completed_scores_.push_back(score);
      result.pv.assign(pv_.begin(), pv_.begin() + pv_len_[0]);
      // Step 5. Stop when the value is proven, when the move is forced under a time limit, or,
      // under a clock, when the next iteration would not finish. A move time alone is spent to
      // its end (UCI's go movetime): time left over is not kept, and an iteration cut off by
      // the deadline still changes the move when it proves a better one (step 4).
      if (!heuristic_) {
        result.exact = true;
        break;
      }
      if (node_limit_ > 0 && nodes_ >= node_limit_) break;
      if (time.hard_ms > 0 && root_moves_.size() == 1) break;  // a forced move keeps the clock
      if (deadline_.check()) break;
      if (limits.time_left_ms > 0 &&
          std::chrono::steady_clock::now() - start >=
              std::chrono::duration<double, std::milli>(kIterationStartShare * time.soft_ms)) {
        break;
      }
    }
    return finish();
  }

  /// The value of `p` searched to exactly `depth` plies with a full window (side to move's
  /// view), adding the nodes searched to `nodes`. No limits apply. Used to score root moves.
  [[nodiscard]] int value(const Position& p, int depth, std::uint64_t& nodes) {
    nodes_ = 0;
    node_limit_ = 0;
    deadline_ = Deadline{};
    solver_use_ = SolverUse::Threshold;
    aborted_ = false;
    iteration_ = 1;
    const int v = negamax(p, std::min(depth, kMaxDepth), -kInfinity, kInfinity, 0, true);
    nodes += nodes_;
    return v;
  }

  /// Starts a new search generation without clearing (for callers of value()).
  void new_search() { tt_.new_search(); }

 private:
  /// Plies from the root the tables cover: a game never lasts longer than kMaxPlies.
  static constexpr std::size_t kPlies = GameTraits<G>::kMaxPlies + 2;
  static constexpr int kMaxDepth = static_cast<int>(GameTraits<G>::kMaxPlies);
  /// probcut's "no check cut" (outside every score).
  static constexpr int kNoCut = kInfinity + 1;
  /// Moves move_at hands out by selection before it sorts the rest.
  static constexpr std::size_t kSelected = 3;

  /// When the exact solver takes over: at the config's threshold (fixed limits:
  /// deterministic), or at the root only (a time limit with a game that estimates its solves:
  /// the root goes to G::solve_root when that fits, step 3a, and the tree below is evaluated).
  /// Why not cheap solves inside a timed tree too: on 240 Othello roots of 21-24 empties from
  /// games against NTest, a 100 ms search that solved the positions estimated under 10,000
  /// nodes (11 empties and fewer) lost 0.91 discs a move against the exact value, one without
  /// them 0.57 (it searches 2-4 plies deeper; results spoiled: 10 both).
  enum class SolverUse { Threshold, RootOnly };
  /// The solver's node rate assumed before this searcher has timed a root solve (nodes per
  /// second; low, so that the first decisions err towards not solving). Othello's timed root
  /// solves ran at 2.2e7 to 4e7 nodes/s on a 2-core AMD EPYC virtual machine playing two games;
  /// at the former prior of 1e6, a fresh engine's first game (and every single-position
  /// `arena search`) left 20-empty roots to a midgame search for the whole second of
  /// --movetime 1000, whose exact solve takes about 0.13 s.
  static constexpr double kPriorNodesPerSecond = 1e7;

  /// An exact root solve's budget: the move's target, within half its cap (ms). Why half: the
  /// estimate is only good to a factor of about 2 either way, and a solve cut off late leaves
  /// little of the move to the midgame search.
  [[nodiscard]] static double solve_budget_ms(const MoveTime& time) {
    return std::min(static_cast<double>(time.soft_ms), time.hard_ms / 2.0);
  }

  /// A win/loss/draw solve's budget: the move's target, within 80 % of its cap (ms). Why more
  /// than a root solve's half: one cut off leaves the rest of the move to iterative deepening,
  /// which finds a sound move in a fifth of it (Othello at 20 empties: a 20 ms search reaches
  /// depth 8 to 13), and in play the 20-empty positions where a 50 ms budget left the WLD
  /// solve out were where the results were spoiled.
  [[nodiscard]] static double wld_budget_ms(const MoveTime& time) {
    return std::min(static_cast<double>(time.soft_ms), 0.8 * time.hard_ms);
  }

  /// Whether a solve of `nodes` estimated nodes fits `budget_ms` at the node rate of
  /// this searcher's earlier timed solves (kPriorNodesPerSecond before the first).
  [[nodiscard]] bool fits_budget(double nodes, double budget_ms) const {
    const double rate = solve_nodes_per_second_ > 0 ? solve_nodes_per_second_
                                                    : kPriorNodesPerSecond;
    return nodes / rate * 1000.0 <= budget_ms;
  }

  /// A probable solve's nodes as a share of G::exact_solve_nodes: Othello's on 198 roots of
  /// 21-22 empties from games against NTest had median 0.042 and 70th percentile 0.08, so an
  /// attempt the estimate lets run completes about 7 times in 10 (at the true node rate).
  static constexpr double kProbableShare = 0.08;

  /// Step 3b of search: G::solve_probable of `root` under a deadline at the move's target
  /// (within half its cap: solve_budget_ms), when the estimate (kProbableShare of
  /// G::exact_solve_nodes at the measured solver rate) fits it; nullopt when skipped or cut
  /// off. Its node rate is folded into the solver's.
  std::optional<std::pair<Move, int>> probable_solve(const Position& root, const MoveTime& time,
                                                     std::chrono::steady_clock::time_point start,
                                                     const std::atomic<bool>* stop) {
    if constexpr (HasProbableSolver<G> && HasSolveCost<G>) {
      if (!fits_budget(kProbableShare * G::exact_solve_nodes(root), solve_budget_ms(time))) {
        return std::nullopt;
      }
      Deadline deadline(
          start + std::chrono::milliseconds(static_cast<std::int64_t>(solve_budget_ms(time))),
          stop);
      std::uint64_t nodes = 0;
      const auto began = std::chrono::steady_clock::now();
      const ProbableEval<G> eval = [this](const Position& q) { return eval_(q); };
      auto solved = G::solve_probable(root, eval, nodes, &deadline);
      nodes_ += nodes;
      if (solved) {
        measure_solve_rate(nodes,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - began)
                               .count());
      }
      return solved;
    } else {
      return std::nullopt;
    }
  }

  /// An exact G::solve_root's nodes as a share of G::exact_solve_nodes: Othello's (one table,
  /// selective passes first, ordered by the patterns evaluation) on 80 roots of 20 empties and
  /// 50 of 22 from games against NTest had median 0.19 / 0.17 and 70th percentile 0.29 /
  /// 0.23, so, as kProbableShare, an attempt the estimate lets run completes about 7 times in
  /// 10. (The former solve, each root child in its own solver, took 0.25 to 2.1.)
  static constexpr double kExactShare = 0.25;

  /// A win/loss/draw G::solve_root's nodes (the window -1..1 proves the sign only; a win needs
  /// one winning move proven, a loss every move refuted) as a share of G::exact_solve_nodes:
  /// Othello's on the roots above had median 0.024 / 0.017 and 70th percentile 0.060 / 0.038
  /// (0.018 on 40 roots of 24 empties; the former solve, each child in its own solver with the
  /// window, 0.055 median and 0.105 70th percentile at 20 empties).
  static constexpr double kWldShare = 0.05;

  /// Step 3a of search: G::solve_root of `root`, exact when kExactShare of the estimate fits
  /// solve_budget_ms (deadline at 80 % of the move's cap), else with the window -1..1 when
  /// kWldShare of it fits wld_budget_ms (deadline there). `exact_tried` says which ran.
  /// Returns the move and its score in centi-units (for the window: >= 100 a win, 0 a draw);
  /// nullopt when neither fits, for a proven loss, or for a solve cut off by its deadline.
  /// A completed solve's node rate is folded into the solver's.
  std::optional<std::pair<Move, int>> root_solve(const Position& root, const MoveTime& time,
                                                 std::chrono::steady_clock::time_point start,
                                                 const std::atomic<bool>* stop,
                                                 bool& exact_tried) {
    if constexpr (HasSolveCost<G>) {
      const double estimate = G::exact_solve_nodes(root);
      exact_tried = fits_budget(kExactShare * estimate, solve_budget_ms(time));
      if (!exact_tried && !fits_budget(kWldShare * estimate, wld_budget_ms(time))) {
        return std::nullopt;
      }
      const double until_ms = exact_tried ? 0.8 * time.hard_ms : wld_budget_ms(time);
      Deadline deadline(start + std::chrono::milliseconds(static_cast<std::int64_t>(until_ms)),
                        stop);
      // The window in game units: every score for the exact solve, -1..1 for the sign.
      const int bound = exact_tried ? kInfinity / 100 : 1;
      std::uint64_t nodes = 0;
      const auto began = std::chrono::steady_clock::now();
      const ProbableEval<G> eval = [this](const Position& q) { return eval_(q); };
      const auto solved = G::solve_root(root, eval, -bound, bound, nodes, &deadline);
      nodes_ += nodes;
      if (!solved) return std::nullopt;
      measure_solve_rate(nodes,
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - began)
                             .count());
      if (!exact_tried && solved->second < 0) return std::nullopt;
      return std::pair{solved->first, 100 * solved->second};
    } else {
      return std::nullopt;
    }
  }

  /// Folds a timed root solve's node rate into the estimate (mean of the old estimate and the
  /// new rate); solves under a millisecond say little and are skipped. Why only root solves:
  /// the solver visits nodes several times faster than the evaluating midgame search, whose
  /// rate made every solve look too dear.
  void measure_solve_rate(std::uint64_t nodes, double seconds) {
    if (seconds < 1e-3) return;
    const double rate = static_cast<double>(nodes) / seconds;
    solve_nodes_per_second_ =
        solve_nodes_per_second_ > 0 ? (solve_nodes_per_second_ + rate) / 2 : rate;
  }

  /// Whether negamax hands p to the exact solver (see SolverUse).
  [[nodiscard]] bool use_solver(const Position& p) const {
    if constexpr (HasExactSolver<G>) {
      return settings_.exact > 0 && solver_use_ == SolverUse::Threshold &&
             G::exact_threshold_reached(p, settings_.exact);
    }
    return false;
  }

  [[nodiscard]] static int terminal_score(const Position& p) {
    const int first = G::final_score(p);
    return 100 * (G::side_to_move(p) == 0 ? first : -first);
  }

  /// Polled at every node: the node limit (deterministic; not in iteration 1, which always
  /// completes under a node limit), then the deadline (stop flag and clock).
  bool should_abort() {
    if (aborted_) return true;
    if (iteration_ > 1 && node_limit_ > 0 && nodes_ >= node_limit_) return aborted_ = true;
    if (deadline_.poll()) return aborted_ = true;
    return false;
  }

  /// Fills keys_[ply] with the search-order keys of `moves`: the table's move first, then
  /// the ply's killers (with settings_.killers), then G::order_score (higher first), then
  /// generation order. Unique 64-bit keys (primary key in the high half, inverted index in the
  /// low half) make the order total, so move_at's selection and sorts are deterministic and do
  /// not allocate. An out-of-range tt_index (a hash collision) is ignored.
  void order_moves(const Position& p, const MoveListOf<G>& moves, int tt_index, std::size_t ply,
                   int depth) {
    const std::size_t n = moves.size();
    std::vector<std::uint64_t>& keys = keys_[ply];
    if (keys.empty()) keys.resize(GameTraits<G>::kMaxMoves);
    if (tt_index >= static_cast<int>(n)) tt_index = -1;
    const bool by_eval = settings_.order_depth > 0 && depth >= settings_.order_depth;
    for (std::size_t i = 0; i < n; ++i) {
      constexpr std::int64_t kTop = 0x7FFFFFFF;  // the table's move; games' keys stay below
      std::int64_t primary = 0;
      if (static_cast<int>(i) == tt_index) {
        primary = kTop;
      } else if (settings_.killers && moves[i] == killers_[ply][0]) {
        primary = kTop - 1;
      } else if (settings_.killers && moves[i] == killers_[ply][1]) {
        primary = kTop - 2;
      } else if constexpr (HasOrderScore<G>) {
        primary = std::min<std::int64_t>(
            by_eval ? order_by_eval(p, moves[i]) : G::order_score(p, moves[i]), kTop - 3);
      }
      keys[i] = static_cast<std::uint64_t>(primary + kTop + 1) << 32U |
                (0xFFFFFFFFU - static_cast<std::uint32_t>(i));
    }
  }

  /// The generation index of the k-th move in search order of ply's keys (order_moves), for
  /// k = 0, 1, ... in turn, below `count` of the `n` moves. The first kSelected come by
  /// selection, the rest in sorted blocks that double in size (a selection of the block,
  /// nth_element, then a sort of it): most cut nodes stop within the first few moves, and
  /// sorting a Blokus Duo list of hundreds of moves there cost a sixth of the search (one
  /// partial sort of all the rest still cost 7 %, perf).
  std::uint32_t move_at(std::size_t ply, std::size_t k, std::size_t n, std::size_t count) {
    std::uint64_t* keys = keys_[ply].data();
    if (k < kSelected) {
      std::iter_swap(keys + k, std::max_element(keys + k, keys + n));
    } else if (k == kSelected || k == sorted_end_[ply]) {
      const std::size_t end = std::min(count, 2 * k + kSelected);
      if (end < n) std::nth_element(keys + k, keys + end, keys + n, std::greater<>());
      std::sort(keys + k, keys + end, std::greater<>());
      sorted_end_[ply] = end;
    }
    return 0xFFFFFFFFU - static_cast<std::uint32_t>(keys[k] & 0xFFFFFFFFU);
  }

  /// The evaluation-ordering key of m (see the file comment), mover's view: the child's
  /// evaluation is from the opponent's view, so it is negated.
  std::int64_t order_by_eval(const Position& p, const Move& m) {
    const Position child = G::play(p, m);
    const int eval = G::is_terminal(child) ? terminal_score(child) : eval_(child);
    return std::int64_t{settings_.order_weight} * G::order_score(p, m) -
           std::clamp(eval, -kMaxEval, kMaxEval);
  }

  /// Copies the child's principal variation behind `m` at `ply`.
  void update_pv(std::size_t ply, const Move& m) {
    Move* line = pv_.data() + ply * kPlies;
    const Move* child = pv_.data() + (ply + 1) * kPlies;
    line[0] = m;
    const std::size_t len = ply + 1 < kPlies ? pv_len_[ply + 1] : 0;
    std::copy(child, child + len, line + 1);
    pv_len_[ply] = len + 1;
  }

  /// The root window of iteration `depth` given the scores of the iterations completed
  /// before it (completed_scores_[d - 1]: depth d): the score of depth - 2 +- settings_.aspiration,
  /// or the full window (aspiration off, no such iteration, or a score beyond every
  /// evaluation: a proven game end). Why two iterations back: an evaluation that counts discs
  /// swings with the parity of the depth (Othello's patterns evaluation: 4 to 5 discs between
  /// depths 11 and 12 of a midgame position, under 1.5 between 11 and 13).
  [[nodiscard]] std::pair<int, int> aspiration_window(int depth) const {
    const int w = settings_.aspiration;
    if (w <= 0 || depth < 3 || completed_scores_.size() < static_cast<std::size_t>(depth - 2)) {
      return {-kInfinity, kInfinity};
    }
    const int center = completed_scores_[static_cast<std::size_t>(depth - 3)];
    if (std::abs(center) >= kMaxEval) return {-kInfinity, kInfinity};
    return {std::max(-kInfinity, center - w), std::min(kInfinity, center + w)};
  }

  /// One root iteration in `window` (alpha, beta), again with a full window when a narrower
  /// one fails (the score at or outside it). Returns the score and the position in root_order_
  /// of the best move before it was moved to the front (0: the previous best held).
  std::pair<int, std::size_t> search_root(int depth, std::pair<int, int> window) {
    auto outcome = search_root_window(depth, window.first, window.second);
    const bool narrow = window.first > -kInfinity || window.second < kInfinity;
    if (narrow && !aborted_ &&
        (outcome.first <= window.first || outcome.first >= window.second)) {
      const auto full = search_root_window(depth, -kInfinity, kInfinity);
      // A re-search cut off by the deadline proves no move (0) unless one beat its first; a
      // failed-high search's new best, already at the front, was proven better: keep its index.
      outcome = {full.first, full.second != 0 ? full.second : outcome.second};
    }
    return outcome;
  }

  /// One root iteration in the window (alpha, beta). Returns the score and the position in
  /// root_order_ of the best move before it was moved to the front (0: the previous best
  /// held). The best move is moved to the front of root_order_, keeping the others' relative
  /// order, or, with settings_.root_sort and a complete iteration, putting them in the order
  /// of their scores (fail-soft bounds of the null-window searches: under a node or time
  /// limit the next iteration, often cut off, reaches the likeliest rivals of the best first).
  std::pair<int, std::size_t> search_root_window(int depth, int alpha, const int beta) {
    const int alpha_orig = alpha;
    int best_score = -kInfinity;
    std::size_t best_k = 0;
    std::uint32_t* order = root_order_.data();
    pv_len_[0] = 0;
    bool proven = true;
    for (std::size_t k = 0; k < root_moves_.size(); ++k) {
      const Move& m = root_moves_[order[k]];
      const Position child = G::play(root_, m);
      const bool before = heuristic_;
      heuristic_ = false;
      int score = 0;
      if (k == 0) {
        score = -negamax(child, depth - 1, -beta, -alpha, 1, true);
      } else {
        score = -negamax(child, depth - 1, -alpha - 1, -alpha, 1, false);
        if (!aborted_ && score > alpha && score < beta) {
          score = -negamax(child, depth - 1, -beta, -alpha, 1, true);
        }
      }
      proven = proven && !heuristic_;
      heuristic_ = before || heuristic_;
      if (aborted_) break;
      root_scores_[order[k]] = score;
      if (score > best_score) {
        best_score = score;
        best_k = k;
        alpha = std::max(alpha, score);
        update_pv(0, m);
        if (best_score >= beta) break;
      }
    }
    // Failing low, every score is an upper bound: none proves its move better than the first.
    if (best_score <= alpha_orig) best_k = 0;
    if (best_k > 0) std::rotate(order, order + best_k, order + best_k + 1);
    if (!aborted_ && settings_.root_sort) {
      std::stable_sort(order + 1, order + root_moves_.size(),
                       [&](std::uint32_t a, std::uint32_t b) {
                         return root_scores_[a] > root_scores_[b];
                       });
    }
    if (!aborted_) {
      const Bound bound = best_score <= alpha_orig ? Bound::Upper
                          : best_score >= beta     ? Bound::Lower
                                                   : Bound::Exact;
      tt_.store(G::hash(root_), best_score, static_cast<int>(order[0]), depth, bound, proven);
    }
    return {best_score, best_k};
  }

  /// Fail-soft negamax with PVS. `pv_node`: searched with an open window (table cutoffs are
  /// not taken there, so the principal variation stays whole).
  int negamax(const Position& p, int depth, int alpha, int beta, std::size_t ply, bool pv_node) {
    // Step 1. Count the node, honour the limits.
    ++nodes_;
    pv_len_[ply] = 0;
    if (should_abort()) return 0;

    // Step 2. Past the exact threshold, the game's solver gives the proven score; solver
    // units are converted to a window that keeps fail-soft bounds valid (floor/ceil of /100).
    if constexpr (HasExactSolver<G>) {
      if (use_solver(p)) return solve(p, alpha, beta);
    }

    // Step 3. At the horizon: the final score if the game is over, else the evaluation.
    if (depth <= 0 || ply + 1 >= kPlies) {
      if (G::is_terminal(p)) return terminal_score(p);
      heuristic_ = true;
      return std::clamp(eval_(p), -kMaxEval, kMaxEval);
    }

    // Step 4. Transposition table: a cutoff at non-PV nodes when the stored depth suffices.
    const std::uint64_t key = G::hash(p);
    int tt_index = -1;
    if (const TtEntry* e = tt_.probe(key)) {
      tt_index = e->move_index();
      if (!pv_node && e->depth >= depth) {
        const int s = e->score;
        const Bound b = e->bound();
        if (b == Bound::Exact || (b == Bound::Lower && s >= beta) ||
            (b == Bound::Upper && s <= alpha)) {
          heuristic_ = heuristic_ || !e->proven();
          return s;
        }
      }
    }

    // Step 5. Multi-ProbCut: a shallow null-window search predicting the deep value beyond
    // the window by t sigmas cuts the node; its move orders the full search.
    if (!pv_node && static_cast<std::size_t>(depth) < mpc_.size() &&
        !mpc_[static_cast<std::size_t>(depth)].empty()) {
      const int cut = probcut(p, depth, alpha, beta, ply);
      if (aborted_) return 0;
      if (cut != kNoCut) return cut;
      if (const TtEntry* e = tt_.probe(key)) tt_index = e->move_index();
    }

    // Step 6. At a null-window node without a table move, a game with a legality check
    // first tries the ply's killer before generating the moves: most such nodes are cut
    // nodes, and a cut by the killer saves the generation and ordering of every move. If it
    // fails low it is skipped below, its score kept (under move_cap it is searched even when
    // the order would have left it out).
    const bool heuristic_before = heuristic_;
    heuristic_ = false;
    int best_score = -kInfinity;
    std::optional<Move> killer_tried;
    if constexpr (HasLegalityCheck<G>) {
      const Move killer = killers_[ply][0];
      if (settings_.killers && !pv_node && tt_index < 0 && !G::is_pass(killer) &&
          G::is_legal(p, killer)) {
        killer_tried = killer;
        best_score = -negamax(G::play(p, killer), depth - 1, -beta, -alpha, ply + 1, false);
        if (aborted_) return 0;
        if (best_score >= beta) {
          tt_.store(key, best_score, -1, depth, Bound::Lower, !heuristic_);
          heuristic_ = heuristic_ || heuristic_before;
          return best_score;
        }
      }
    }

    // Step 7. Generate moves; none means the game is over.
    MoveListOf<G> moves;
    G::generate_moves(p, moves);
    if (moves.empty()) {
      heuristic_ = heuristic_before;
      return terminal_score(p);
    }

    // Step 8. Order, and cap the number of moves searched.
    std::size_t count = moves.size();
    const bool capped =
        settings_.move_cap > 0 && count > static_cast<std::size_t>(settings_.move_cap);
    if (capped) count = static_cast<std::size_t>(settings_.move_cap);
    order_moves(p, moves, tt_index, ply, depth);

    // Step 9. PVS: the first move with the full window, the rest with a null window and a
    // re-search when one beats alpha inside a PV node.
    const int alpha_orig = alpha;
    heuristic_ = heuristic_ || capped;
    int best_index = -1;
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint32_t index = move_at(ply, k, moves.size(), count);
      const Move& m = moves[index];
      if (killer_tried && m == *killer_tried) {
        if (best_index < 0) best_index = static_cast<int>(index);  // its score is best so far
        continue;
      }
      const Position child = G::play(p, m);
      int score = 0;
      if (k == 0) {
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
      } else {
        score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
        if (pv_node && !aborted_ && score > alpha && score < beta) {
          score = -negamax(child, depth - 1, -beta, -alpha, ply + 1, true);
        }
      }
      if (aborted_) return 0;
      if (score > best_score) {
        best_score = score;
        best_index = static_cast<int>(index);
        if (score > alpha) {
          alpha = score;
          if (pv_node) update_pv(ply, m);
          if (alpha >= beta) {
            if (settings_.killers && !(killers_[ply][0] == m)) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = m;
            }
            break;
          }
        }
      }
    }

    // Step 10. Store the result with its bound (fail-soft: best_score may lie outside the window).
    const Bound bound = best_score <= alpha_orig ? Bound::Upper
                        : best_score >= beta     ? Bound::Lower
                                                 : Bound::Exact;
    tt_.store(key, best_score, best_index, depth, bound, !heuristic_);
    heuristic_ = heuristic_ || heuristic_before;
    return best_score;
  }

  /// Step 5 of negamax: the Multi-ProbCut checks of `depth` (mpc.hpp) in config order. For
  /// deep ~ a * shallow + b with residual sigma and threshold t, a shallow value of at least
  /// ceil((beta + t sigma - b) / a) predicts a fail high (returns beta), one of at most
  /// floor((alpha - t sigma - b) / a) a fail low (returns alpha). A bound outside the score
  /// range (t = infinity, say) is not searched. Returns kNoCut when no check cuts; the
  /// checks' own unproven scores do not mark the subtree heuristic then.
  int probcut(const Position& p, int depth, int alpha, int beta, std::size_t ply) {
    int stage = 0;
    if constexpr (HasMpcStage<G>) stage = G::mpc_stage(p);
    const double t = settings_.mpc.threshold;
    const bool heuristic_before = heuristic_;
    for (const std::size_t i : mpc_[static_cast<std::size_t>(depth)]) {
      const MpcPair* pair = &settings_.mpc.pairs[i];
      if (stage < 0 || static_cast<std::size_t>(stage) >= pair->stages.size()) continue;
      const MpcFit& f = pair->stages[static_cast<std::size_t>(stage)];
      if (!(f.sigma > 0) || !(f.slope > 0)) continue;
      const double high = std::ceil((beta + t * f.sigma - f.intercept) / f.slope);
      if (high > -kInfinity && high < kInfinity) {
        const int bound = static_cast<int>(high);
        const int v = negamax(p, pair->shallow, bound - 1, bound, ply, false);
        if (aborted_) return 0;
        if (v >= bound) {
          heuristic_ = true;
          return beta;
        }
      }
      const double low = std::floor((alpha - t * f.sigma - f.intercept) / f.slope);
      if (low > -kInfinity && low < kInfinity) {
        const int bound = static_cast<int>(low);
        const int v = negamax(p, pair->shallow, bound, bound + 1, ply, false);
        if (aborted_) return 0;
        if (v <= bound) {
          heuristic_ = true;
          return alpha;
        }
      }
    }
    heuristic_ = heuristic_before;
    return kNoCut;
  }

  /// Step 2 of negamax: the exact solver, with its proven results kept in the table.
  int solve(const Position& p, int alpha, int beta) {
    const std::uint64_t key = G::hash(p);
    if (const TtEntry* e = tt_.probe(key); e != nullptr && e->depth == kSolvedDepth) {
      const int s = e->score;
      const Bound b = e->bound();
      if (b == Bound::Exact || (b == Bound::Lower && s >= beta) ||
          (b == Bound::Upper && s <= alpha)) {
        return s;
      }
    }
    const auto floor100 = [](int x) { return x >= 0 ? x / 100 : -((-x + 99) / 100); };
    const auto ceil100 = [](int x) { return x >= 0 ? (x + 99) / 100 : -(-x / 100); };
    std::uint64_t solver_nodes = 0;
    const int score =
        100 * G::solve_exact(p, floor100(alpha), ceil100(beta), solver_nodes, &deadline_);
    nodes_ += solver_nodes;
    if (deadline_.expired()) {
      aborted_ = true;  // the solver stopped half-way: its score means nothing
      return 0;
    }
    const Bound bound = score <= alpha ? Bound::Upper : score >= beta ? Bound::Lower : Bound::Exact;
    tt_.store(key, score, -1, kSolvedDepth, bound, true);
    return score;
  }

  Eval eval_;
  SearchSettings settings_;
  TranspositionTable tt_;
  std::vector<Move> pv_;                           ///< triangular PV table, kPlies x kPlies
  std::vector<std::size_t> pv_len_;
  std::vector<std::vector<std::uint64_t>> keys_;   ///< per-ply sort keys, sized on first use
  std::vector<std::size_t> sorted_end_;            ///< per ply, the end of move_at's sorted block
  std::vector<std::array<Move, 2>> killers_;       ///< per ply, the last two cutoff moves
  /// Per remaining depth, the Multi-ProbCut pairs testing it (indices into
  /// settings_.mpc.pairs, config order).
  std::vector<std::vector<std::size_t>> mpc_;
  MoveListOf<G> root_moves_;
  std::vector<std::uint32_t> root_order_;
  std::vector<int> root_scores_;  ///< per root move, its score in the last iteration
  /// This search's completed iterations' scores, [d - 1] for depth d (reserved: no allocation
  /// during a search).
  std::vector<int> completed_scores_;
  Position root_{};
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  Deadline deadline_;
  bool aborted_ = false;
  bool heuristic_ = false;  ///< an evaluation, cap or unproven table score fed the current subtree
  int iteration_ = 1;
  SolverUse solver_use_ = SolverUse::Threshold;
  double solve_nodes_per_second_ = 0;  ///< measured over timed root solves (0: none yet)
};

}  // namespace arena::core
