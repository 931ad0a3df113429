// CensusCache against the direct census (census_placements_of, itself checked against the
// reference generator in features_test.cpp): the same values for every position, in the
// order a search evaluates them, across jumps between games, after passes, and for positions
// that their history does not lead to.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "engine/blokus_duo/census_cache.hpp"

namespace arena::blokus_duo {
namespace {

/// Expects the cache's censuses of p to be the direct ones, field by field.
void expect_direct(CensusCache& cache, const Position& p) {
  const std::array<PlacementCensus, 2> got = cache.census(p);
  for (int who = 0; who < 2; ++who) {
    const PlacementCensus want = census_placements_of(p, who);
    const PlacementCensus& c = got[static_cast<std::size_t>(who)];
    EXPECT_EQ(c.count, want.count) << "plies " << int{p.plies} << " player " << who;
    EXPECT_EQ(c.fitting, want.fitting) << "plies " << int{p.plies} << " player " << who;
    EXPECT_EQ(c.by_size, want.by_size) << "plies " << int{p.plies} << " player " << who;
    EXPECT_EQ(c.covered, want.covered) << "plies " << int{p.plies} << " player " << who;
  }
}

/// A random game to its end (passes included), as the positions after each move.
std::vector<Position> random_game(std::mt19937_64& rng) {
  std::vector<Position> line = {initial_position({})};
  MoveList list;
  while (!is_terminal(line.back())) {
    generate_moves(line.back(), list);
    line.push_back(play(line.back(), list[static_cast<std::size_t>(rng() % list.size())]));
  }
  return line;
}

TEST(CensusCache, MatchesTheDirectCensusInSearchOrder) {
  // Depth first as a search goes: each child of a game position, and after the first few
  // children their own children, then the next child.
  std::mt19937_64 rng(41);
  CensusCache cache;
  MoveList children;
  MoveList grandchildren;
  bool passed = false;
  for (int game = 0; game < 4; ++game) {
    for (const Position& p : random_game(rng)) {
      if (p.plies > 0 && p.history[p.plies - 1U].is_pass()) passed = true;
      if (is_terminal(p)) continue;
      generate_moves(p, children);
      for (std::size_t i = 0; i < children.size(); ++i) {
        const Position child = play(p, children[i]);
        expect_direct(cache, child);
        if (i >= 3 || is_terminal(child)) continue;
        generate_moves(child, grandchildren);
        for (const Move m : grandchildren) expect_direct(cache, play(child, m));
      }
    }
  }
  EXPECT_TRUE(passed) << "the games should include passes";
}

TEST(CensusCache, FollowsJumpsBetweenGames) {
  // Positions of two games in turn: the cache's line switches at every call.
  std::mt19937_64 rng(43);
  const std::vector<Position> a = random_game(rng);
  const std::vector<Position> b = random_game(rng);
  CensusCache cache;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i < a.size()) expect_direct(cache, a[i]);
    if (i < b.size()) expect_direct(cache, b[i]);
    if (i < a.size()) expect_direct(cache, a[a.size() - 1 - i]);
  }
}

TEST(CensusCache, PositionsNotReachedByTheirHistoryGetTheDirectCensus) {
  std::mt19937_64 rng(47);
  const std::vector<Position> game = random_game(rng);
  CensusCache cache;
  for (const Position& p : game) {
    expect_direct(cache, p);
    Position turned = p;  // the turn handed over: not what the history leads to
    turned.side = static_cast<std::uint8_t>(p.side ^ 1U);
    expect_direct(cache, turned);
    if (p.plies < 2) continue;
    Position other = p;  // the first move replaced by a pass: the history leads elsewhere
    other.history[0] = Move{};
    expect_direct(cache, other);
  }
}

}  // namespace
}  // namespace arena::blokus_duo
