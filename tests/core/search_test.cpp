// The generic search against plain minimax on toy games: alpha-beta with PVS, the table, move
// ordering and iterative deepening must not change the root value at a fixed depth. Also
// determinism, limits, the move cap and the exact-solver hook.
#include "engine/core/search.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "tests/core/toy_games.hpp"

namespace arena::core {
namespace {

using toy::HashGame;
using toy::OrderedHashGame;
using toy::TicTacToe;

/// Tic-tac-toe's static evaluation: the toy feature set with fixed weights.
struct TttEval {
  toy::TttFeatures fs;
  SparseFeatures scratch;
  int operator()(const toy::TttPosition& p) {
    scratch.clear();
    fs.extract(p, scratch);
    static constexpr int kWeights[] = {30, 10, 7};
    int sum = 0;
    for (const auto& f : scratch) sum += kWeights[f.index] * static_cast<int>(f.value);
    return sum;
  }
};

struct HashEval {
  int operator()(const toy::HashPosition& p) const { return HashGame::noisy_eval(p); }
};

/// Plain minimax (negamax form), the reference: same horizon rules as the search.
template <class G, class Eval>
int minimax(const typename G::Position& p, int depth, Eval& eval) {
  const auto terminal = [&] {
    const int first = G::final_score(p);
    return 100 * (G::side_to_move(p) == 0 ? first : -first);
  };
  if (depth == 0) return G::is_terminal(p) ? terminal() : std::clamp(eval(p), -kMaxEval, kMaxEval);
  MoveListOf<G> moves;
  G::generate_moves(p, moves);
  if (moves.empty()) return terminal();
  int best = -kInfinity;
  for (const auto& m : moves) best = std::max(best, -minimax<G>(G::play(p, m), depth - 1, eval));
  return best;
}

/// Positions reached by all move sequences of up to `plies` plies (with repeats).
template <class G>
void collect(const typename G::Position& p, int plies, std::vector<typename G::Position>& out) {
  out.push_back(p);
  if (plies == 0) return;
  MoveListOf<G> moves;
  G::generate_moves(p, moves);
  for (const auto& m : moves) collect<G>(G::play(p, m), plies - 1, out);
}

SearchLimits depth_limit(int depth) {
  SearchLimits l;
  l.depth = depth;
  return l;
}

TEST(Search, TicTacToeIsADraw) {
  Searcher<TicTacToe, TttEval> search(TttEval{}, {});
  const auto r = search.search(TicTacToe::initial({}), depth_limit(9));
  EXPECT_EQ(r.score, 0);  // the game-theoretic value: a draw with perfect play
  EXPECT_TRUE(r.exact);
  ASSERT_FALSE(r.pv.empty());
  EXPECT_EQ(r.pv.front(), r.best);
  // The principal variation is a legal line.
  auto p = TicTacToe::initial({});
  for (const auto m : r.pv) {
    MoveListOf<TicTacToe> moves;
    TicTacToe::generate_moves(p, moves);
    ASSERT_NE(std::find(moves.begin(), moves.end(), m), moves.end());
    p = TicTacToe::play(p, m);
  }
}

TEST(Search, FindsTheWinAndStopsWhenProven) {
  Searcher<TicTacToe, TttEval> search(TttEval{}, {});
  // X: 0 1, O: 3 4, X to move: 2 completes the top row.
  const auto r = search.search(TicTacToe::parse_position("XX-OO----", {}), depth_limit(20));
  EXPECT_EQ(r.best, 2);
  EXPECT_EQ(r.score, 100);
  EXPECT_TRUE(r.exact);
  EXPECT_LE(r.depth, 5);  // deepening stops once the value is proven
}

// Each root starts from an empty table: entries left by another root's search may be deeper
// than this search needs, and using them (correctly) gives a better value than plain minimax.
TEST(Search, TicTacToeMatchesMinimaxAtEveryDepth) {
  std::vector<toy::TttPosition> roots;
  collect<TicTacToe>(TicTacToe::initial({}), 3, roots);
  for (int depth = 1; depth <= 4; ++depth) {
    Searcher<TicTacToe, TttEval> search(TttEval{}, {.tt_mb = 1});
    TttEval eval;
    for (const auto& p : roots) {
      if (TicTacToe::is_terminal(p)) continue;
      search.clear();
      ASSERT_EQ(search.search(p, depth_limit(depth)).score, minimax<TicTacToe>(p, depth, eval))
          << TicTacToe::format_position(p) << " depth " << depth;
    }
  }
}

template <class G>
void expect_matches_minimax_on_hash_game(SearchSettings settings = {.tt_mb = 1}) {
  std::vector<toy::HashPosition> roots;
  for (std::uint64_t s = 0; s < 61; s += 3) {
    for (int ply = 0; ply < HashGame::kLength; ply += 2) roots.push_back({s, ply, false});
  }
  collect<G>(G::initial({}), 2, roots);
  for (int depth = 1; depth <= 7; ++depth) {
    Searcher<G, HashEval> search(HashEval{}, settings);
    HashEval eval;
    for (const auto& p : roots) {
      if (G::is_terminal(p)) continue;
      search.clear();
      const auto r = search.search(p, depth_limit(depth));
      ASSERT_EQ(r.score, minimax<G>(p, depth, eval))
          << "state " << p.state << " ply " << p.ply << " depth " << depth;
      ASSERT_EQ(r.score, -minimax<G>(G::play(p, r.best), depth - 1, eval));
    }
  }
}

TEST(Search, HashGameMatchesMinimax) { expect_matches_minimax_on_hash_game<HashGame>(); }

TEST(Search, HashGameWithOrderingMatchesMinimax) {
  expect_matches_minimax_on_hash_game<OrderedHashGame>();
}

TEST(Search, EvaluationOrderingKeepsTheMinimaxValue) {
  // Ordering by the evaluation after each move (order_depth) changes which moves are tried
  // first, never the value of a full-width search.
  expect_matches_minimax_on_hash_game<OrderedHashGame>(
      {.tt_mb = 1, .order_depth = 2, .order_weight = 3});
}

TEST(Search, KillersKeepTheMinimaxValue) {
  // The killer heuristic changes which moves are tried first, never the value of a
  // full-width search.
  expect_matches_minimax_on_hash_game<HashGame>({.tt_mb = 1, .killers = true});
  expect_matches_minimax_on_hash_game<OrderedHashGame>({.tt_mb = 1, .killers = true});
}

TEST(Search, RootSortKeepsTheMinimaxValue) {
  // Ordering the root moves by the previous iteration's scores changes which are tried
  // first, never the value.
  expect_matches_minimax_on_hash_game<OrderedHashGame>({.tt_mb = 1, .root_sort = true});
}

TEST(Search, AspirationWindowsKeepTheMinimaxValueAndTheBestMove) {
  // A narrow root window around the score two iterations back fails high or low on many of
  // these roots (widths of 1 and 7 centi-units fail on most); the full re-search restores
  // the minimax value and a best move of that value.
  for (const int w : {1, 7, 60}) {
    expect_matches_minimax_on_hash_game<HashGame>({.tt_mb = 1, .aspiration = w});
    expect_matches_minimax_on_hash_game<OrderedHashGame>(
        {.tt_mb = 1, .order_depth = 2, .order_weight = 3, .root_sort = true, .aspiration = w});
  }
}

TEST(Search, KillersTriedBeforeGenerationKeepTheMinimaxValue) {
  // With a legality check, a null-window node tries its killer before generating its moves,
  // and skips it among them when it did not cut.
  expect_matches_minimax_on_hash_game<toy::CheckedHashGame>({.tt_mb = 1, .killers = true});
}

/// A HashGame position with a bushy tree (the start state passes at once).
toy::HashPosition bushy_root() {
  toy::HashPosition p{0, 0, false};
  while (HashGame::branching(p) < 4) ++p.state;
  return p;
}

TEST(Search, EvaluationOrderingIsDeterministicAndChangesTheTree) {
  const toy::HashPosition root = bushy_root();
  Searcher<OrderedHashGame, HashEval> plain(HashEval{}, {});
  Searcher<OrderedHashGame, HashEval> a(HashEval{}, {.order_depth = 2});
  Searcher<OrderedHashGame, HashEval> b(HashEval{}, {.order_depth = 2});
  const auto rp = plain.search(root, depth_limit(7));
  const auto ra = a.search(root, depth_limit(7));
  const auto rb = b.search(root, depth_limit(7));
  EXPECT_EQ(ra.score, rp.score);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_NE(ra.nodes, rp.nodes);
}

TEST(Search, KillersAreDeterministicAndChangeTheTree) {
  const toy::HashPosition root = bushy_root();
  Searcher<OrderedHashGame, HashEval> plain(HashEval{}, {});
  Searcher<OrderedHashGame, HashEval> a(HashEval{}, {.killers = true});
  Searcher<OrderedHashGame, HashEval> b(HashEval{}, {.killers = true});
  const auto rp = plain.search(root, depth_limit(7));
  const auto ra = a.search(root, depth_limit(7));
  const auto rb = b.search(root, depth_limit(7));
  EXPECT_EQ(ra.score, rp.score);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_NE(ra.nodes, rp.nodes);
}

TEST(Search, FixedDepthAndNodesAreDeterministic) {
  const auto p = bushy_root();
  SearchLimits nodes;
  nodes.nodes = 300;
  for (const SearchLimits& limits : {depth_limit(8), nodes}) {
    Searcher<OrderedHashGame, HashEval> a(HashEval{}, {});
    Searcher<OrderedHashGame, HashEval> b(HashEval{}, {});
    const auto ra = a.search(p, limits);
    const auto rb = b.search(p, limits);
    EXPECT_EQ(ra.nodes, rb.nodes);
    EXPECT_EQ(ra.best, rb.best);
    EXPECT_EQ(ra.score, rb.score);
    EXPECT_EQ(ra.pv, rb.pv);
  }
}

TEST(Search, NodeLimitStopsAfterDepthOne) {
  Searcher<TicTacToe, TttEval> search(TttEval{}, {});
  SearchLimits limits;
  limits.nodes = 1;
  const auto r = search.search(TicTacToe::initial({}), limits);
  EXPECT_EQ(r.depth, 1);    // depth 1 always completes
  EXPECT_GE(r.nodes, 9U);   // the 9 children of the start position, plus PVS re-searches
  EXPECT_LE(r.nodes, 18U);
  limits.nodes = 2000;
  const auto deeper = search.search(TicTacToe::initial({}), limits);
  EXPECT_LE(deeper.nodes, 2000U);
  EXPECT_GT(deeper.depth, 1);
}

// Regression (issue: iteration 1 never looked at the clock): a stop flag set before the search
// is honoured within the first poll interval, and the first move in order is returned.
TEST(Search, StopFlagSetBeforeTheSearchGivesTheFirstOrderedMove) {
  Searcher<OrderedHashGame, HashEval> search(HashEval{}, {});
  const auto p = bushy_root();
  const std::atomic<bool> stop{true};
  const auto r = search.search(p, depth_limit(9), &stop);
  EXPECT_EQ(r.depth, 0);
  EXPECT_EQ(r.nodes, 0U);  // the flag is read before the first node
  MoveListOf<OrderedHashGame> moves;
  OrderedHashGame::generate_moves(p, moves);
  const auto first = *std::max_element(moves.begin(), moves.end(), [&](auto a, auto b) {
    return OrderedHashGame::order_score(p, a) < OrderedHashGame::order_score(p, b);
  });
  EXPECT_EQ(r.best, first);
}

/// HashGame's evaluation that sets a stop flag at its `after`-th call: a fake clock that runs
/// out at a node count, so deadline behaviour is tested without timing.
struct StoppingEval {
  std::atomic<bool>* stop;
  int after;
  int* calls;
  int operator()(const toy::HashPosition& p) {
    if (++*calls == after) stop->store(true);
    return HashGame::noisy_eval(p);
  }
};

TEST(Search, AStopMidSearchPlaysTheLastFullIteration) {
  const auto p = bushy_root();
  std::atomic<bool> never{false};
  int evals = 0;  // evaluations of the whole search
  Searcher<OrderedHashGame, StoppingEval> full(StoppingEval{&never, -1, &evals}, {});
  (void)full.search(p, depth_limit(12), &never);
  ASSERT_GT(evals, 100);
  for (const int after : {1, evals / 50, evals / 10, evals / 2}) {
    std::atomic<bool> stop{false};
    int calls = 0;
    Searcher<OrderedHashGame, StoppingEval> search(StoppingEval{&stop, after, &calls}, {});
    const auto r = search.search(p, depth_limit(12), &stop);
    ASSERT_TRUE(stop.load());
    // The stop is seen within one poll interval of the evaluation that set it.
    Searcher<OrderedHashGame, HashEval> reference(HashEval{}, {});
    if (r.depth == 0) {
      EXPECT_LE(r.nodes, static_cast<std::uint64_t>(after) + 2 * Deadline::kPollInterval);
      continue;
    }
    // The move of the last completed iteration, unless the interrupted one proved a later
    // root move better: either way a move the fixed-depth searches rate as the best at
    // r.depth or r.depth + 1.
    const auto at_depth = reference.search(p, depth_limit(r.depth));
    Searcher<OrderedHashGame, HashEval> deeper(HashEval{}, {});
    const auto next = deeper.search(p, depth_limit(r.depth + 1));
    EXPECT_TRUE(r.best == at_depth.best || r.best == next.best) << "after " << after;
  }
}

TEST(Search, MoveTimeReturnsALegalMove) {
  Searcher<TicTacToe, TttEval> search(TttEval{}, {});
  SearchLimits limits;
  limits.movetime_ms = 50;
  const auto r = search.search(TicTacToe::initial({}), limits);
  EXPECT_GE(r.depth, 1);
  EXPECT_LT(r.best, 9);
}

TEST(Search, MoveCapSearchesFewerNodes) {
  Searcher<OrderedHashGame, HashEval> full(HashEval{}, {});
  Searcher<OrderedHashGame, HashEval> capped(HashEval{}, {.move_cap = 2});
  const auto p = bushy_root();
  const auto rf = full.search(p, depth_limit(10));
  const auto rc = capped.search(p, depth_limit(10));
  EXPECT_LT(rc.nodes, rf.nodes);
  EXPECT_FALSE(rc.exact);
}

TEST(Search, TerminalRootGivesTheFinalScore) {
  Searcher<TicTacToe, TttEval> search(TttEval{}, {});
  // O completed the middle column... X to move has lost: X 0 2 6, O 1 4 7.
  const auto r = search.search(TicTacToe::parse_position("XOX-O-XO-", {}), depth_limit(3));
  EXPECT_EQ(r.score, -100);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.depth, 0);
}

/// Tic-tac-toe with an exact solver hook (plain minimax to the end), to test the hand-over.
struct SolvedTicTacToe : TicTacToe {
  static bool exact_threshold_reached(const Position& p, int n) { return 9 - p.ply <= n; }
  static int solve_exact(const Position& p, int /*alpha*/, int /*beta*/, std::uint64_t& nodes,
                         Deadline* deadline) {
    ++nodes;
    if (deadline != nullptr && deadline->poll()) return 0;
    MoveListOf<TicTacToe> moves;
    generate_moves(p, moves);
    if (moves.empty()) return side_to_move(p) == 0 ? final_score(p) : -final_score(p);
    int best = -1000;
    for (const auto m : moves) {
      best = std::max(best, -solve_exact(play(p, m), 0, 0, nodes, deadline));
    }
    return best;
  }
};
static_assert(HasExactSolver<SolvedTicTacToe>);

// Regression (issue: the in-tree solver never looked at the clock): the solver polls the
// search's deadline, and a solve cut short is not taken as a proven value.
TEST(Search, ExactSolverSeesTheStopFlag) {
  Searcher<SolvedTicTacToe, TttEval> search(TttEval{}, {.exact = 9});
  const std::atomic<bool> stop{true};
  const auto r = search.search(SolvedTicTacToe::initial({}), depth_limit(2), &stop);
  EXPECT_FALSE(r.exact);
  EXPECT_EQ(r.depth, 0);
  EXPECT_LT(r.best, 9);
  EXPECT_EQ(r.nodes, 0U);
}

TEST(Search, ExactSolverHookGivesTheProvenValue) {
  Searcher<SolvedTicTacToe, TttEval> search(TttEval{}, {.exact = 9});
  const auto r = search.search(SolvedTicTacToe::initial({}), depth_limit(2));
  EXPECT_EQ(r.score, 0);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.depth, 1);
  // Above the threshold at the root (5 empties), the hook solves the children (4 empties).
  Searcher<SolvedTicTacToe, TttEval> partial(TttEval{}, {.exact = 4});
  const auto w = partial.search(SolvedTicTacToe::parse_position("XX-OO----", {}), depth_limit(3));
  EXPECT_EQ(w.best, 2);
  EXPECT_EQ(w.score, 100);
  EXPECT_TRUE(w.exact);
  EXPECT_EQ(w.depth, 1);
}


/// SolvedTicTacToe with a solve cost estimate of `Nodes` nodes at every position and a root
/// solver (the solver itself is instant): under a move time, whether the exact or the
/// win/loss/draw root solve runs depends only on that estimate and the prior node rate.
template <long long Nodes>
struct CostedTicTacToe : SolvedTicTacToe {
  static double exact_solve_nodes(const Position&) { return static_cast<double>(Nodes); }
  /// The exact value and the first move reaching it (an exact value is a valid fail-soft
  /// result for every window); counts its calls in `root_solves`.
  static std::optional<std::pair<std::uint8_t, int>> solve_root(
      const Position& p, const ProbableEval<CostedTicTacToe>& /*eval*/, int /*alpha*/,
      int /*beta*/, std::uint64_t& nodes, Deadline* deadline) {
    ++root_solves;
    MoveListOf<TicTacToe> moves;
    generate_moves(p, moves);
    std::optional<std::pair<std::uint8_t, int>> best;
    for (const auto m : moves) {
      const int v = -solve_exact(play(p, m), 0, 0, nodes, deadline);
      if (!best || v > best->second) best = std::pair{m, v};
    }
    return best;
  }
  /// The in-tree hook, counting its calls in `tree_solves`.
  static int solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes,
                         Deadline* deadline) {
    ++tree_solves;
    return SolvedTicTacToe::solve_exact(p, alpha, beta, nodes, deadline);
  }
  static inline int root_solves = 0;
  static inline int tree_solves = 0;
};
static_assert(HasSolveCost<CostedTicTacToe<1>>);

/// The search of `position` under a 1 s move time with solve cost estimate `Nodes` and the
/// exact threshold at 4 empties.
template <long long Nodes>
SearchResult<std::uint8_t> timed_search(std::string_view position) {
  using G = CostedTicTacToe<Nodes>;
  Searcher<G, TttEval> search(TttEval{}, {.exact = 4});
  SearchLimits limits;
  limits.movetime_ms = 1000;
  return search.search(G::parse_position(position, {}), limits);
}

// Why: a timed root goes to the game's root solver, one table for the whole root, when its
// share of the estimate fits; the exact result is played without a midgame search.
TEST(Search, ExactRootSolveWhenItsShareFits) {
  // 1e7 estimated nodes at the prior 1e7 nodes/s: the exact share (0.25 s) fits a root
  // solve's budget (half the 1 s move).
  const int before = CostedTicTacToe<10'000'000>::root_solves;
  const auto w = timed_search<10'000'000>("XX-OO----");
  EXPECT_EQ(CostedTicTacToe<10'000'000>::root_solves, before + 1);
  EXPECT_EQ(w.best, 2);
  EXPECT_EQ(w.score, 100);
  EXPECT_TRUE(w.exact);
  EXPECT_EQ(w.depth, 1);
}

// Why: a root whose exact solve does not fit its time may still be proven won, drawn or lost
// within it (NTest's WLD solve); a proven win or draw is played without a midgame search.
TEST(Search, WinLossDrawSolveAtTheRootPlaysAProvenWin) {
  // 1e8 estimated nodes at the prior 1e7 nodes/s: the exact share (2.5 s) exceeds a root
  // solve's budget (half the 1 s move), the WLD share (0.5 s) fits its 800 ms.
  const auto w = timed_search<100'000'000>("XX-OO----");
  EXPECT_EQ(w.best, 2);
  EXPECT_GE(w.score, 100);
  EXPECT_FALSE(w.exact);  // the sign is proven, not the margin
  EXPECT_EQ(w.depth, 1);
  EXPECT_EQ(w.pv, std::vector<std::uint8_t>{2});
}

TEST(Search, WinLossDrawSolveLeavesAProvenLossToTheSearch) {
  // O to move has lost to X's double threat (X 0 4 6 threatens 3 and 2; O 1 8): the WLD
  // solve proves it and iterative deepening, here to the end of the game, picks the move.
  const auto l = timed_search<100'000'000>("XO--X-X-O");
  EXPECT_EQ(l.score, -100);
  EXPECT_TRUE(l.exact);
  EXPECT_GT(l.depth, 1);
}

TEST(Search, WinLossDrawSolveIsNotTriedWhenItsEstimateDoesNotFit) {
  // 1e9 estimated nodes: even the WLD share (5 s) exceeds its 800 ms; iterative deepening
  // proves the win itself, in more than one iteration, without solving below the root
  // (the exact threshold, 4 empties, would hand it every child at a fixed depth).
  using G = CostedTicTacToe<1'000'000'000>;
  const int root_before = G::root_solves;
  const int tree_before = G::tree_solves;
  const auto w = timed_search<1'000'000'000>("XX-OO----");
  EXPECT_EQ(G::root_solves, root_before);
  EXPECT_EQ(G::tree_solves, tree_before);
  EXPECT_EQ(w.best, 2);
  EXPECT_EQ(w.score, 100);
  EXPECT_TRUE(w.exact);
  EXPECT_GT(w.depth, 1);
}

/// Multi-ProbCut pairs 4:2, 6:2 and 8:4 over one stage (the toy game has no stage hook).
MpcSettings toy_mpc(double threshold) {
  const std::vector<MpcFit> one{{1.0, 0.0, 150.0}};
  return {threshold, {{4, 2, one}, {6, 2, one}, {8, 4, one}}};
}

TEST(Search, MultiProbCutAtAnInfiniteThresholdIsThePlainSearchNodeForNode) {
  // Every bound is beyond the score range: no shallow search runs, nothing is cut.
  for (int depth = 3; depth <= 9; ++depth) {
    Searcher<OrderedHashGame, HashEval> plain(HashEval{}, {});
    Searcher<OrderedHashGame, HashEval> mpc(HashEval{}, {.mpc = toy_mpc(1e9)});
    const auto a = plain.search(bushy_root(), depth_limit(depth));
    const auto b = mpc.search(bushy_root(), depth_limit(depth));
    EXPECT_EQ(a.nodes, b.nodes) << "depth " << depth;
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_EQ(a.exact, b.exact);
  }
}

TEST(Search, MultiProbCutCutsNodesDeterministically) {
  Searcher<OrderedHashGame, HashEval> plain(HashEval{}, {});
  Searcher<OrderedHashGame, HashEval> a(HashEval{}, {.mpc = toy_mpc(0.5)});
  Searcher<OrderedHashGame, HashEval> b(HashEval{}, {.mpc = toy_mpc(0.5)});
  const auto rp = plain.search(bushy_root(), depth_limit(10));
  const auto ra = a.search(bushy_root(), depth_limit(10));
  const auto rb = b.search(bushy_root(), depth_limit(10));
  EXPECT_LT(ra.nodes, rp.nodes);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.pv, rb.pv);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_FALSE(ra.exact);
}

}  // namespace
}  // namespace arena::core
