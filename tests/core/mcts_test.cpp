// The Monte Carlo tree search on toy games: repeatable under a playout limit, finds the single
// winning move of positions that a plain minimax written here (by the rules, no search code of
// the engine) proves, keeps its tree between moves, and reads its [mcts] config keys.
#include "engine/core/mcts.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "engine/core/engine.hpp"
#include "tests/core/toy_games.hpp"

namespace arena::core {
namespace {

using ::testing::HasSubstr;
using toy::HashGame;
using toy::OrderedHashGame;
using toy::TicTacToe;
using toy::ttt_config;

/// The evaluation of a game without one: 0 everywhere, so playouts play to the end.
template <class Position>
struct ZeroEval {
  int operator()(const Position&) const { return 0; }
};

/// Tic-tac-toe with RAVE's move key (the square) and a mild ordering key (centre, corners).
struct KeyedTicTacToe : TicTacToe {
  static constexpr std::size_t kMoveKeys = 10;
  static std::size_t move_key(Move m) { return m; }
  static int order_score(const Position&, Move m) { return m == 4 ? 2 : m % 2 == 0 ? 1 : 0; }
};
static_assert(HasMoveKey<KeyedTicTacToe>);
static_assert(!HasMoveKey<HashGame>);

/// Negamax value (-1, 0, 1 for the side to move: sign of its final score) by the rules only.
template <class G>
int minimax_sign(const typename G::Position& p) {
  MoveListOf<G> moves;
  G::generate_moves(p, moves);
  if (moves.empty()) {
    const int first = G::final_score(p);
    const int mine = G::side_to_move(p) == 0 ? first : -first;
    return (mine > 0) - (mine < 0);
  }
  int best = -1;
  for (const auto& m : moves) best = std::max(best, -minimax_sign<G>(G::play(p, m)));
  return best;
}

/// Every position reached from `roots` (depth-first, distinct by hash) with exactly one
/// winning move among at least two, paired with that move.
template <class G>
std::vector<std::pair<typename G::Position, typename G::Move>> single_win_positions(
    const std::vector<typename G::Position>& roots) {
  std::vector<std::pair<typename G::Position, typename G::Move>> out;
  std::vector<std::uint64_t> seen;
  std::function<void(const typename G::Position&)> walk = [&](const typename G::Position& p) {
    if (std::find(seen.begin(), seen.end(), G::hash(p)) != seen.end()) return;
    seen.push_back(G::hash(p));
    MoveListOf<G> moves;
    G::generate_moves(p, moves);
    int wins = 0;
    typename G::Move winner{};
    for (const auto& m : moves) {
      if (-minimax_sign<G>(G::play(p, m)) > 0) {
        ++wins;
        winner = m;
      }
    }
    if (wins == 1 && moves.size() >= 2) out.emplace_back(p, winner);
    for (const auto& m : moves) walk(G::play(p, m));
  };
  for (const auto& root : roots) walk(root);
  return out;
}

MctsSettings settings(std::uint64_t playouts, double rave = 0) {
  MctsSettings s;
  s.playouts = playouts;
  s.cutoff = -1;
  s.rave = rave;
  return s;
}

TEST(Mcts, SameSeedAndPlayoutsGiveTheSameMoveAndCounts) {
  const auto p = TicTacToe::initial({});
  for (const double rave : {0.0, 50.0}) {
    Mcts<KeyedTicTacToe, ZeroEval<toy::TttPosition>> a({}, settings(700, rave));
    Mcts<KeyedTicTacToe, ZeroEval<toy::TttPosition>> b({}, settings(700, rave));
    const auto ra = a.search(p, {}, 42);
    const auto rb = b.search(p, {}, 42);
    EXPECT_EQ(ra.best, rb.best);
    EXPECT_EQ(ra.nodes, 700U);
    EXPECT_EQ(rb.nodes, 700U);
    EXPECT_EQ(ra.score, rb.score);
    EXPECT_EQ(ra.pv, rb.pv);
    EXPECT_EQ(a.tree_size(), b.tree_size());
  }
  // HashGame: passes and irregular branching, an ordering key for priors and playouts.
  MctsSettings ordered = settings(500);
  ordered.prior_temperature = 2;
  ordered.playout_temperature = 2;
  Mcts<OrderedHashGame, ZeroEval<toy::HashPosition>> c({}, ordered);
  Mcts<OrderedHashGame, ZeroEval<toy::HashPosition>> d({}, ordered);
  const auto rc = c.search(HashGame::initial({}), {}, 7);
  const auto rd = d.search(HashGame::initial({}), {}, 7);
  EXPECT_EQ(rc.best, rd.best);
  EXPECT_EQ(rc.nodes, rd.nodes);
  EXPECT_EQ(rc.pv, rd.pv);
}

TEST(Mcts, FindsTheOnlyWinningMoveOfTicTacToePositions) {
  const auto positions = single_win_positions<TicTacToe>({TicTacToe::initial({})});
  ASSERT_GE(positions.size(), 50U);
  for (const double rave : {0.0, 50.0}) {
    int wrong = 0;
    for (const auto& [p, winner] : positions) {
      Mcts<KeyedTicTacToe, ZeroEval<toy::TttPosition>> mcts({}, settings(2000, rave));
      const auto r = mcts.search(p, {}, 1);
      if (r.best != winner) {
        ++wrong;
        ADD_FAILURE() << TicTacToe::format_position(p) << " rave " << rave << ": played "
                      << int{r.best} << ", wins only " << int{winner};
      }
    }
    EXPECT_EQ(wrong, 0);
  }
}

TEST(Mcts, FindsTheOnlyWinningMoveOfHashGamePositions) {
  std::vector<toy::HashPosition> roots;
  for (std::uint64_t s = 0; s < 61; s += 3) roots.push_back({s, 4, false});
  const auto positions = single_win_positions<HashGame>(roots);
  ASSERT_GE(positions.size(), 20U);
  for (const auto& [p, winner] : positions) {
    Mcts<HashGame, ZeroEval<toy::HashPosition>> mcts({}, settings(3000));
    EXPECT_EQ(mcts.search(p, {}, 3).best, winner) << "state " << p.state << " ply " << p.ply;
  }
}

TEST(Mcts, KeepsTheSubtreeOfTheNextPosition) {
  Mcts<TicTacToe, ZeroEval<toy::TttPosition>> mcts({}, settings(3000));
  const auto root = TicTacToe::initial({});
  const auto first = mcts.search(root, {}, 5);
  ASSERT_GE(first.pv.size(), 2U);
  const auto next = TicTacToe::play(TicTacToe::play(root, first.pv[0]), first.pv[1]);
  MctsSettings one = settings(1);
  Mcts<TicTacToe, ZeroEval<toy::TttPosition>> fresh({}, one);
  fresh.search(next, {}, 5);
  SearchLimits limit;
  limit.nodes = 1;
  mcts.search(next, limit, 5);
  // One playout adds at most one expansion (7 children); a kept tree is far larger.
  EXPECT_GT(mcts.tree_size(), fresh.tree_size() + 20);
  // A position the tree does not hold starts afresh.
  mcts.search(TicTacToe::parse_position("X-O------", {}), limit, 5);
  EXPECT_LE(mcts.tree_size(), 1U + 7U + 6U);
}

TEST(Mcts, ForcedMoveAndFinishedGameNeedNoPlayouts) {
  Mcts<TicTacToe, ZeroEval<toy::TttPosition>> mcts({}, settings(100));
  const auto forced = mcts.search(TicTacToe::parse_position("XOXXOOOX-", {}), {}, 1);
  EXPECT_EQ(forced.best, 8);
  EXPECT_EQ(forced.nodes, 0U);
  const auto over = mcts.search(TicTacToe::parse_position("XXXOO----", {}), {}, 1);
  EXPECT_TRUE(over.exact);
  EXPECT_EQ(over.score, -100);  // O to move has lost
}

TEST(Mcts, EngineWithPlayerMctsIsRepeatableAndWins) {
  const std::string body = "player = mcts\n[mcts]\nplayouts = 1500\ncutoff = -1\nseed = 9\n";
  Engine<TicTacToe> a(ttt_config(body));
  Engine<TicTacToe> b(ttt_config(body));
  const auto p = TicTacToe::parse_position("XX-OO----", {});
  const auto ra = a.think(p, {}, 3);
  const auto rb = b.think(p, {}, 3);
  EXPECT_EQ(ra.best, 2);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.nodes, 1500U);
  EXPECT_EQ(ra.nodes, rb.nodes);
  // The think() limits replace the config's: nodes count playouts.
  SearchLimits limits;
  limits.nodes = 200;
  a.new_game();
  EXPECT_EQ(a.think(p, limits, 3).nodes, 200U);
}

TEST(Mcts, ConfigKeysReadBackAndBadValuesNameTheLine) {
  const EngineConfig cfg = ttt_config(
      "player = mcts\n[mcts]\nplayouts = 50\nexploration = 1.5\nprior_temperature = 200\n"
      "playout_temperature = 0\ncutoff = -1\neval_scale = 250\nrave = 30\nexpand = 2\n"
      "tree_mb = 8\nsolve = 6\nseed = 11\nprior_visits = 3\nprior_power = 0.5\n"
      "playout_policy = game\n");
  EXPECT_EQ(cfg.player, "mcts");
  EXPECT_EQ(cfg.mcts.playouts, 50U);
  EXPECT_EQ(cfg.mcts.exploration, 1.5);
  EXPECT_EQ(cfg.mcts.cutoff, -1);
  EXPECT_EQ(cfg.mcts.rave, 30);
  EXPECT_EQ(cfg.mcts.solve, 6);
  EXPECT_EQ(cfg.mcts.prior_power, 0.5);
  EXPECT_TRUE(cfg.mcts.game_policy);
  const EngineConfig back = parse_engine_config(format_engine_config(cfg, {}), "back.cfg");
  EXPECT_EQ(back.mcts, cfg.mcts);
  // Alpha-beta configs are written without an [mcts] section.
  EXPECT_THAT(format_engine_config(ttt_config(""), {}), ::testing::Not(HasSubstr("[mcts]")));
  try {
    (void)ttt_config("[mcts]\ncutoff = -2\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.cfg:4: key 'mcts.cutoff'"));
  }
  try {
    (void)ttt_config("[mcts]\nplayout_policy = softmax\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.cfg:4: key 'mcts.playout_policy'"));
  }
}

}  // namespace
}  // namespace arena::core
