// The transposition table's replacement: a result for the same position replaces the entry
// unless it is more than kKeepMargin plies shallower (a Multi-ProbCut check's shallow search
// must not wipe the last iteration's deeper result), and a table cleared reads as empty.
#include "engine/core/transposition_table.hpp"

#include <cstdint>

#include <gtest/gtest.h>

namespace arena::core {
namespace {

constexpr std::uint64_t kKey = 0x9E3779B97F4A7C15ULL;

TEST(TranspositionTable, KeepsTheDeeperResultOfAPosition) {
  TranspositionTable tt(1);
  tt.store(kKey, 120, 4, 8, Bound::Lower, false);
  tt.store(kKey, -50, 1, 8 - kKeepMargin - 1, Bound::Upper, false);
  const TtEntry* e = tt.probe(kKey);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, 8);
  EXPECT_EQ(e->score, 120);
  EXPECT_EQ(e->bound(), Bound::Lower);
  EXPECT_EQ(e->move_index(), 4);
}

TEST(TranspositionTable, ANearlyAsDeepResultReplacesIt) {
  TranspositionTable tt(1);
  tt.store(kKey, 120, 4, 8, Bound::Lower, false);
  tt.store(kKey, -50, -1, 8 - kKeepMargin, Bound::Upper, false);
  const TtEntry* e = tt.probe(kKey);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, 8 - kKeepMargin);
  EXPECT_EQ(e->score, -50);
  EXPECT_EQ(e->bound(), Bound::Upper);
  EXPECT_EQ(e->move_index(), 4);  // a store without a move keeps the previous one
}

TEST(TranspositionTable, ASolvedResultOutlivesEverySearch) {
  TranspositionTable tt(1);
  tt.store(kKey, 600, 2, kSolvedDepth, Bound::Exact, true);
  tt.store(kKey, 0, 0, 20, Bound::Exact, false);
  const TtEntry* e = tt.probe(kKey);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, kSolvedDepth);
  EXPECT_TRUE(e->proven());
}

TEST(TranspositionTable, AClearedTableIsEmpty) {
  TranspositionTable tt(1);
  tt.store(kKey, 120, 4, 8, Bound::Lower, false);
  tt.clear();
  EXPECT_EQ(tt.probe(kKey), nullptr);
  tt.store(kKey, -50, 1, 1, Bound::Upper, false);
  const TtEntry* e = tt.probe(kKey);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, 1);
}

}  // namespace
}  // namespace arena::core
