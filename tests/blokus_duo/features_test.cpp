// Feature sets and move ordering: declared names and phases, symmetry of the start position,
// the greedy player's choice, and the ordering key's priority on piece size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/errors.hpp"

namespace arena::blokus_duo {
namespace {

/// Every feature value of `set` at p, zeros included, by feature index.
std::vector<float> dense_values(const core::FeatureSet<Position>& set, const Position& p) {
  core::SparseFeatures f;
  set.extract(p, f);
  std::vector<float> v(static_cast<std::size_t>(set.num_features()), 0.0F);
  for (const auto& fv : f) v[fv.index] = fv.value;
  return v;
}

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
  const std::vector<float> v = dense_values(*classic, initial_position({}));
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

TEST(Features, TerritoryStartPositionIsBalanced) {
  const auto territory = make_feature_set("territory");
  EXPECT_EQ(territory->num_features(), 15);
  EXPECT_EQ(territory->num_phases(), 6);
  const std::vector<float> v = dense_values(*territory, initial_position({}));
  EXPECT_EQ(v[7], 414.0F);   // mobility: counts.md
  EXPECT_EQ(v[8], 414.0F);
  EXPECT_EQ(v[9], v[10]);    // exclusive cells
  EXPECT_EQ(v[11], v[12]);   // regions
  EXPECT_EQ(v[13], 0.0F);    // every piece fits on the empty board
  EXPECT_EQ(v[14], 0.0F);
}

TEST(Features, TerritoryPlusExtendsTerritory) {
  // territory_plus's first 15 terms are territory's, value for value; its piece terms follow
  // the pieces each side has left and cannot place; at the start everything is balanced.
  const auto territory = make_feature_set("territory");
  const auto plus = make_feature_set("territory_plus");
  ASSERT_EQ(plus->num_features(), 15 + 12 + 2 * kNumPieces);
  EXPECT_EQ(plus->num_phases(), territory->num_phases());
  for (int i = 0; i < territory->num_features(); ++i) {
    EXPECT_EQ(plus->feature_name(i), territory->feature_name(i));
  }
  EXPECT_EQ(plus->feature_name(15), "safe_attach_mine");
  EXPECT_EQ(plus->feature_name(27), "left_a");
  EXPECT_EQ(plus->feature_name(48), "stuck_a");
  const std::vector<float> start = dense_values(*plus, initial_position({}));
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(start[static_cast<std::size_t>(15 + i)], start[static_cast<std::size_t>(21 + i)])
        << plus->feature_name(15 + i);
  }
  EXPECT_EQ(std::count(start.begin() + 27, start.end(), 0.0F), 2 * kNumPieces);
  std::mt19937_64 rng(31);
  Position p = initial_position({});
  MoveList list;
  while (!is_terminal(p)) {
    const std::vector<float> t = dense_values(*territory, p);
    const std::vector<float> v = dense_values(*plus, p);
    ASSERT_TRUE(std::equal(t.begin(), t.end(), v.begin()));
    const auto m = static_cast<std::size_t>(p.side);
    const std::uint32_t fitting[2] = {census_placements_of(p, 0).fitting,
                                      census_placements_of(p, 1).fitting};
    for (std::uint32_t piece = 0; piece < kNumPieces; ++piece) {
      const auto left = [&](std::size_t w) { return static_cast<int>(p.pieces_left[w] >> piece & 1U); };
      const auto stuck = [&](std::size_t w) {
        return left(w) == 1 && !(fitting[w] >> piece & 1U) ? 1 : 0;
      };
      EXPECT_EQ(v[27 + piece], static_cast<float>(left(m) - left(m ^ 1U)));
      EXPECT_EQ(v[48 + piece], static_cast<float>(stuck(m) - stuck(m ^ 1U)));
    }
    generate_moves(p, list);
    p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
  }
}

TEST(Features, TerritorySealedExtendsPlus) {
  // territory_sealed's first terms are territory_plus's, value for value. Its own terms are
  // checked for the side to move against the move generator and reach(): its placements by
  // piece size, and the attach points and cells they cover and the far-reach cells that the
  // opponent may never cover (edge-adjacent to its pieces).
  const auto plus = make_feature_set("territory_plus");
  const auto sealed = make_feature_set("territory_sealed");
  const int base = plus->num_features();
  ASSERT_EQ(sealed->num_features(), base + 16);
  EXPECT_EQ(sealed->num_phases(), plus->num_phases());
  for (int i = 0; i < base; ++i) EXPECT_EQ(sealed->feature_name(i), plus->feature_name(i));
  EXPECT_EQ(sealed->feature_name(base), "sealed_attach_mine");
  EXPECT_EQ(sealed->feature_name(base + 7), "fits_size5_mine");
  EXPECT_EQ(sealed->feature_name(base + 8), "sealed_attach_theirs");
  const std::vector<float> start = dense_values(*sealed, initial_position({}));
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(start[static_cast<std::size_t>(base + i)], start[static_cast<std::size_t>(base + 8 + i)])
        << sealed->feature_name(base + i);
  }
  std::mt19937_64 rng(37);
  Position p = initial_position({});
  MoveList list;
  while (!is_terminal(p)) {
    const std::vector<float> v = dense_values(*sealed, p);
    const std::vector<float> u = dense_values(*plus, p);
    ASSERT_TRUE(std::equal(u.begin(), u.end(), v.begin()));
    generate_moves(p, list);
    std::array<int, 6> by_size{};
    Bits256 covered;
    for (const Move m : list) {
      if (m.is_pass()) continue;
      const Placement& pl = placement_table()[m.id];
      ++by_size[pl.size];
      covered |= pl.mask;
    }
    const auto me = static_cast<std::size_t>(p.side);
    const Bits256& opponent_forbidden = p.forbidden[me ^ 1U];
    const auto at = [&](int i) { return v[static_cast<std::size_t>(base + i)]; };
    EXPECT_EQ(at(0), static_cast<float>((covered & p.attach[me] & opponent_forbidden).count()));
    EXPECT_EQ(at(1), static_cast<float>((covered & opponent_forbidden).count()));
    const Bits256 far_sealed = reach(p, p.side, kRegionSteps) & opponent_forbidden;
    EXPECT_EQ(at(2), static_cast<float>(
                         Bits256(far_sealed).remove(p.occupied[0] | p.occupied[1]).count()));
    for (std::size_t size = 1; size <= 5; ++size) {
      EXPECT_EQ(at(static_cast<int>(2 + size)), static_cast<float>(by_size[size])) << size;
    }
    p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
  }
}

TEST(Features, CensusMatchesTheReferenceGenerator) {
  // The census's count, fitting pieces and covered cells against generate_moves_slow, which
  // checks every placement of every piece cell by cell, for both players over random games
  // (the player not to move by the same position with the turn handed over).
  std::mt19937_64 rng(23);
  MoveList list;
  MoveList slow;
  for (int game = 0; game < 20; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      for (int who = 0; who < 2; ++who) {
        Position q = p;
        q.side = static_cast<std::uint8_t>(who);
        generate_moves_slow(q, slow);
        std::uint32_t fitting = 0;
        int count = 0;
        Bits256 covered;
        for (const Move m : slow) {
          if (m.is_pass()) continue;
          fitting |= std::uint32_t{1} << placement_table()[m.id].piece;
          covered |= placement_table()[m.id].mask;
          ++count;
        }
        const PlacementCensus c = census_placements_of(p, who);
        EXPECT_EQ(c.count, count);
        EXPECT_EQ(c.count, count_placements_of(p, who));
        for (const int limit : {0, 1, 5, 10, 40}) {  // the early stop of the solver's threshold
          EXPECT_EQ(count_placements_of(p, who, limit), std::min(count, limit + 1));
        }
        EXPECT_EQ(c.fitting, fitting);
        EXPECT_EQ(c.covered, covered);
        EXPECT_EQ((c.covered & p.attach[static_cast<std::size_t>(who)]).count(),
                  usable_attach_points(p, who));
      }
      generate_moves(p, list);
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
}

TEST(Features, RegionsGrowWithTheSteps) {
  std::mt19937_64 rng(29);
  Position p = initial_position({});
  MoveList list;
  while (!is_terminal(p)) {
    for (int who = 0; who < 2; ++who) {
      const Bits256 near = reach(p, who, kInfluenceSteps);
      const Bits256 far = reach(p, who, kRegionSteps);
      EXPECT_EQ(Bits256(near).remove(far).count(), 0);
      Bits256 covered = far;
      covered &= p.forbidden[static_cast<std::size_t>(who)];
      EXPECT_EQ(covered.count(), 0);  // a side reaches only cells it may cover
      // Growing further from a reach is the reach of the summed steps.
      EXPECT_EQ(extend_reach(p, who, near, kRegionSteps - kInfluenceSteps), far);
      EXPECT_EQ(extend_reach(p, who, near, 0), near);
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

/// Pentobi's Duo playout gamma without the local factor (its source, State.cpp): 3 per square
/// times 1.8 per attach point of the piece beyond the first.
double pentobi_piece_gamma(int squares, int attach_points) {
  return std::pow(3.0, squares) * std::pow(1.8, attach_points - 1);
}

TEST(PlayoutWeights, FirstMovesWeighSizeAndAttachPointsAsPentobiDoes) {
  const Position p = initial_position({});
  MoveList list;
  generate_moves(p, list);
  std::vector<double> w;
  playout_weights(p, list, w);
  ASSERT_EQ(w.size(), list.size());
  const auto weight_of = [&](const char* code) {
    const Move m = parse_move(p, code);
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i] == m) return w[i];
    }
    ADD_FAILURE() << code << " not legal";
    return 0.0;
  };
  // Corner contacts counted by hand: a monomino and a domino have 4, the X pentomino 8.
  EXPECT_DOUBLE_EQ(weight_of("55a0"), pentobi_piece_gamma(1, 4));
  EXPECT_DOUBLE_EQ(weight_of("55b0"), pentobi_piece_gamma(2, 4));
  EXPECT_DOUBLE_EQ(weight_of("56u0"), pentobi_piece_gamma(5, 8));
}

TEST(PlayoutWeights, CoveringTheOpponentsNewAttachPointsMultipliesByAMillion) {
  // Over random games: a move's weight over its piece gamma is 1e6 per covered cell that is
  // an attach point of the opponent and diagonal to a cell of its last two placements.
  std::mt19937_64 rng(5);
  MoveList list;
  std::vector<double> w;
  int local_moves = 0;
  for (int game = 0; game < 10; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      generate_moves(p, list);
      playout_weights(p, list, w);
      const std::size_t opp = 1U - p.side;
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i].is_pass()) continue;
        const Placement& pl = placement_table()[list[i].id];
        int local = 0;
        for (int k = 0; k < pl.size; ++k) {
          const int c = pl.cells[static_cast<std::size_t>(k)];
          bool near_recent = false;
          for (int back = 1; back <= 3 && back <= p.plies; back += 2) {
            const Move r = p.history[static_cast<std::size_t>(p.plies - back)];
            if (r.is_pass()) continue;
            const Placement& rp = placement_table()[r.id];
            for (int j = 0; j < rp.size; ++j) {
              const int d = rp.cells[static_cast<std::size_t>(j)];
              near_recent = near_recent || (std::abs(cell_x(c) - cell_x(d)) == 1 &&
                                            std::abs(cell_y(c) - cell_y(d)) == 1);
            }
          }
          if (near_recent && p.attach[opp].test(c)) ++local;
        }
        local_moves += local > 0 ? 1 : 0;
        const double expected =
            pentobi_piece_gamma(pl.size, std::max(pl.corners.count(), 1)) * std::pow(1e6, local);
        EXPECT_NEAR(w[i] / expected, 1.0, 1e-9) << format_code(list[i]);
      }
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  EXPECT_GT(local_moves, 100);
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
