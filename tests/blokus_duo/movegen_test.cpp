// Move generation against the published counts (counts.md), the fast generator against the
// slow reference over random playouts, and the incremental hash against the hash from scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/perft.hpp"

namespace arena::blokus_duo {
namespace {

std::vector<std::uint16_t> ids(const MoveList& list) {
  std::vector<std::uint16_t> out;
  for (const Move& m : list) out.push_back(m.id);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MoveGen, FourHundredFourteenFirstMoves) {
  const Position p = initial_position({});
  MoveList list;
  generate_moves(p, list);
  EXPECT_EQ(list.size(), 414U);  // counts.md
  EXPECT_EQ(count_placements(p), 414U);
  const Position q = play(p, list[0]);
  generate_moves(q, list);
  EXPECT_EQ(list.size(), 414U);  // "the second player also has 414 replies"
}

TEST(MoveGen, EightHundredEightAfterTwoXPentominoes) {
  const Position p = parse_position("56u0 9Au0", {});
  MoveList list;
  generate_moves(p, list);
  EXPECT_EQ(list.size(), 808U);  // counts.md
}

TEST(MoveGen, MaxMovesHasMarginOverTheBusiestPositionFound) {
  // The position with the most placements a mobility-maximising beam search found (1,091).
  const Position p = parse_position("56u0 AAu0 84r1 C7r2 49i2 E5a0 A2a0 8Ci1", {});
  MoveList list;
  MoveList slow;
  generate_moves(p, list);
  generate_moves_slow(p, slow);
  EXPECT_EQ(ids(list), ids(slow));
  EXPECT_GT(list.size(), 1000U);
  EXPECT_GT(kMaxMoves, list.size() * 3 / 2);
}

TEST(Perft, DepthTwo) {
  const auto counts = core::perft<BlokusDuo>(BlokusDuo::initial({}), 2);
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{414, 171396}));  // counts.md
}

TEST(PerftSlow, DepthThree) {
  const auto counts = core::perft<BlokusDuo>(BlokusDuo::initial({}), 3);
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{414, 171396, 89204762}));  // counts.md
}

/// Plays random games, checking at every ply that the fast generator lists exactly the
/// reference generator's placements (so each placement once), that the bulk count agrees, and that the incremental
/// hash equals the hash from scratch.
TEST(MoveGen, FastMatchesReferenceOnRandomPlayouts) {
  std::mt19937_64 rng(20070401);
  MoveList fast;
  MoveList slow;
  int positions = 0;
  for (int game = 0; game < 12; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      generate_moves(p, fast);
      generate_moves_slow(p, slow);
      const auto fast_ids = ids(fast);
      ASSERT_EQ(fast_ids, ids(slow)) << format_position(p);
      ASSERT_EQ(std::adjacent_find(fast_ids.begin(), fast_ids.end()), fast_ids.end());
      const bool only_pass = fast.size() == 1 && fast[0].is_pass();
      EXPECT_EQ(count_placements(p), only_pass ? 0U : fast.size());
      for (const Move& m : fast) ASSERT_EQ(check_move(p, m), Illegal::Legal);
      const Move m = fast[std::uniform_int_distribution<std::size_t>(0, fast.size() - 1)(rng)];
      p = play(p, m);
      ASSERT_EQ(p.hash, hash_from_scratch(p));
      ++positions;
    }
    MoveList none;
    generate_moves(p, none);
    EXPECT_TRUE(none.empty());
  }
  EXPECT_GT(positions, 300);
}

TEST(MoveGen, PassOnlyWhenNothingElse) {
  // Replays random games: a pass is listed exactly when the slow generator finds nothing.
  std::mt19937_64 rng(7);
  for (int game = 0; game < 4; ++game) {
    Position p = initial_position({});
    MoveList list;
    while (!is_terminal(p)) {
      generate_moves(p, list);
      const bool has_pass = std::any_of(list.begin(), list.end(), [](Move m) { return m.is_pass(); });
      EXPECT_EQ(has_pass, list.size() == 1 && list[0].is_pass());
      EXPECT_EQ(check_move(p, Move{}) == Illegal::Legal, has_pass);
      p = play(p, list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng)]);
    }
    EXPECT_EQ(p.passes, 2);
  }
}

}  // namespace
}  // namespace arena::blokus_duo
