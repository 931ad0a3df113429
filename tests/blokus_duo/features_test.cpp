// Feature sets and move ordering: declared names and phases, symmetry of the start position,
// the greedy player's choice, and the ordering key's priority on piece size.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/errors.hpp"

namespace arena::blokus_duo {
namespace {

TEST(Features, DeclaredSets) {
  const auto classic = make_feature_set("classic");
  EXPECT_EQ(classic->name(), "classic");
  EXPECT_EQ(classic->num_phases(), 4);
  EXPECT_EQ(classic->feature_name(0), "squares");
  EXPECT_EQ(make_feature_set("greedy")->num_features(), 2);
  EXPECT_NE(classic->declaration_hash(), make_feature_set("greedy")->declaration_hash());
  EXPECT_THROW((void)make_feature_set("patterns"), InputError);
}

TEST(Features, StartPositionIsBalanced) {
  // The two start squares are symmetric through the board's centre: every difference is 0,
  // and each "mine" equals its "theirs".
  const auto classic = make_feature_set("classic");
  core::SparseFeatures f;
  classic->extract(initial_position({}), f);
  std::vector<float> v(static_cast<std::size_t>(classic->num_features()), 0.0F);
  for (const auto& fv : f) v[fv.index] = fv.value;
  EXPECT_EQ(v[0], 0.0F);                // squares
  EXPECT_EQ(v[1], v[2]);                // attach points
  EXPECT_EQ(v[3], v[4]);                // influence
  EXPECT_EQ(v[5], 0.0F);                // large pieces left
  EXPECT_EQ(v[6], 0.0F);                // centre
  EXPECT_EQ(v[7], 414.0F);              // mobility: counts.md
  EXPECT_EQ(v[8], 414.0F);
}

TEST(Features, PhasesFollowTheMoveNumber) {
  const auto classic = make_feature_set("classic");
  std::mt19937_64 rng(5);
  Position p = initial_position({});
  MoveList list;
  int last = 0;
  while (!is_terminal(p)) {
    const int ph = classic->phase(p);
    EXPECT_GE(ph, last);
    EXPECT_LT(ph, 4);
    last = ph;
    generate_moves(p, list);
    p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
  }
}

TEST(Features, UsableAttachPointsAndInfluence) {
  std::mt19937_64 rng(11);
  Position p = initial_position({});
  MoveList list;
  while (!is_terminal(p)) {
    for (int who = 0; who < 2; ++who) {
      const int usable = usable_attach_points(p, who);
      EXPECT_LE(usable, p.attach[static_cast<std::size_t>(who)].count());
      EXPECT_EQ(usable == 0, count_placements_of(p, who) == 0);
      EXPECT_GE(influence(p, who, kInfluenceSteps), p.attach[static_cast<std::size_t>(who)].count());
    }
    generate_moves(p, list);
    p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
  }
}

TEST(Ordering, LargerPiecesFirst) {
  const Position p = parse_position("56u0 9Au0", {});
  MoveList list;
  generate_moves(p, list);
  for (const Move a : list) {
    for (const Move b : list) {
      if (placement_table()[a.id].size > placement_table()[b.id].size) {
        EXPECT_GT(order_score(p, a), order_score(p, b));
      }
    }
  }
}

TEST(Greedy, PlaysTheLargestPieceClosestToTheCentre) {
  core::EngineConfig cfg = core::load_engine_config(std::string(ARENA_SOURCE_DIR) +
                                                    "/configs/blokus-duo/greedy.cfg");
  core::Engine<BlokusDuo> greedy(cfg);
  for (const char* moves : {"", "56u0", "56u0 9Au0", "56u0 9Au0 78o0"}) {
    const Position p = parse_position(moves, {});
    const Move best = greedy.think(p, {}, 1).best;
    MoveList list;
    generate_moves(p, list);
    int largest = 0;
    for (const Move m : list) largest = std::max<int>(largest, placement_table()[m.id].size);
    float nearest = 100;
    for (const Move m : list) {
      if (placement_table()[m.id].size == largest) nearest = std::min(nearest, centre_distance(m.id));
    }
    EXPECT_EQ(placement_table()[best.id].size, largest) << moves;
    EXPECT_FLOAT_EQ(centre_distance(best.id), nearest) << moves;
  }
}

}  // namespace
}  // namespace arena::blokus_duo
