// Othello feature sets: declarations, the 8 board symmetries giving the same features, side
// relativity, and hand-checked values on small positions.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "engine/core/errors.hpp"
#include "engine/othello/features.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {
namespace {

std::map<std::string, float> named(const core::FeatureSet<Position>& fs, const Position& p) {
  core::SparseFeatures out;
  fs.extract(p, out);
  std::map<std::string, float> m;
  for (const auto& f : out) m[fs.feature_name(static_cast<int>(f.index))] += f.value;
  return m;
}

/// Square sq mapped by symmetry k (0..7): optional transpose, then mirror columns/rows.
int map_square(int sq, int k) {
  int c = sq % 8;
  int r = sq / 8;
  if ((k & 4) != 0) std::swap(c, r);
  if ((k & 1) != 0) c = 7 - c;
  if ((k & 2) != 0) r = 7 - r;
  return 8 * r + c;
}

Bitboard map_set(Bitboard b, int k) {
  Bitboard out = 0;
  for (; b != 0; b &= b - 1) out |= square_bit(map_square(lowest_square(b), k));
  return out;
}

TEST(Features, DeclaredSetsAndUnknownName) {
  const auto classic = Othello::make_feature_set("classic");
  const auto table = Othello::make_feature_set("table");
  EXPECT_EQ(classic->num_features(), 16);
  EXPECT_EQ(table->num_features(), 10);
  EXPECT_EQ(classic->num_phases(), 6);
  EXPECT_EQ(classic->feature_name(0), "sq_corner");
  EXPECT_EQ(classic->feature_name(10), "mobility");
  EXPECT_NE(classic->declaration_hash(), table->declaration_hash());
  EXPECT_EQ(classic->declaration_hash(), Othello::make_feature_set("classic")->declaration_hash());
  EXPECT_THROW((void)Othello::make_feature_set("no-such-set"), InputError);
  EXPECT_EQ(classic->phase(Othello::initial()), 0);
  EXPECT_EQ(phase_of_empties(51), 0);
  EXPECT_EQ(phase_of_empties(50), 1);
  EXPECT_EQ(phase_of_empties(11), 4);
  EXPECT_EQ(phase_of_empties(10), 5);
}

TEST(Features, SquareClassSizes) {
  const int sizes[10] = {4, 8, 8, 8, 4, 8, 8, 4, 8, 4};
  for (std::size_t i = 0; i < 10; ++i) EXPECT_EQ(popcount(square_classes()[i]), sizes[i]) << i;
}

TEST(Features, SymmetricPositionsHaveEqualFeaturesAndSidesAreOpposite) {
  const auto fs = Othello::make_feature_set("classic");
  std::mt19937_64 rng(5);
  core::MoveListOf<Othello> list;
  for (int game = 0; game < 50; ++game) {
    Position p = Othello::initial();
    for (Othello::generate_moves(p, list); !list.empty(); Othello::generate_moves(p, list)) {
      const auto base = named(*fs, p);
      for (int k = 1; k < 8; ++k) {
        Position q = p;
        q.player = map_set(p.player, k);
        q.opponent = map_set(p.opponent, k);
        ASSERT_EQ(named(*fs, q), base) << "symmetry " << k << " " << Othello::format_position(p);
      }
      // The opponent's view negates every difference (parity aside).
      Position swapped = p;
      std::swap(swapped.player, swapped.opponent);
      auto other = named(*fs, swapped);
      for (const auto& [name, v] : base) {
        if (name != "parity") {
          ASSERT_EQ(other[name], -v) << name;
        }
      }
      p = Othello::play(p, list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng)]);
    }
  }
}

TEST(Features, HandCheckedValues) {
  const auto fs = Othello::make_feature_set("classic");
  // Start: 4 moves each, 2 discs each in the centre class, 60 empties.
  auto start = named(*fs, Othello::initial());
  EXPECT_EQ(start.count("mobility"), 0U);
  EXPECT_EQ(start.count("sq_centre"), 0U);
  EXPECT_EQ(start["parity"], -1.0F);
  // Black owns a1, b1, c1 (a corner run) and h8 alone; white owns d1.
  const Position p = Othello::parse_position(
      "XXXO----" + std::string(55, '-') + "X X");
  auto f = named(*fs, p);
  EXPECT_EQ(f["corners"], 2.0F);
  EXPECT_EQ(f["stable"], 4.0F);
  EXPECT_EQ(f["sq_corner"], 2.0F);
  EXPECT_EQ(f["sq_c"], 1.0F);
  EXPECT_EQ(f["sq_a"], 1.0F);
  EXPECT_EQ(f["sq_b"], -1.0F);
  EXPECT_EQ(edge_anchored_discs(0xFFULL, 0), 0xFFULL);
  EXPECT_EQ(edge_anchored_discs(0x7EULL, 0x81ULL), 0x7EULL);  // a full edge
  EXPECT_EQ(edge_anchored_discs(0x3EULL, 0x01ULL), 0U);       // no corner, edge not full
}

}  // namespace
}  // namespace arena::othello
