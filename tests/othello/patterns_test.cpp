// The `patterns` feature set: its declared shape (pattern sizes from the issue), fast indices
// equal to the square-by-square reference along random games, the same evaluation for the 8
// symmetries of random positions under random weights, weights files refused for another
// declaration, and the engine evaluating through the 16-bit PatternEvaluator (rounded weights,
// out-of-range weights refused).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include "engine/core/engine.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/linear_eval.hpp"
#include "engine/core/weights_file.hpp"
#include "engine/othello/patterns.hpp"

namespace arena::othello {
namespace {

/// Positions along `games` random games from the start (every ply, passes included).
std::vector<Position> random_positions(int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position p = Othello::initial();
    while (!Othello::is_terminal(p)) {
      out.push_back(p);
      Bitboard moves = Othello::move_mask(p);
      Move m{};
      if (moves != 0) {
        const auto n = static_cast<int>(rng() % static_cast<std::uint64_t>(popcount(moves)));
        for (int i = 0; i < n; ++i) moves &= moves - 1;
        m.square = static_cast<std::uint8_t>(lowest_square(moves));
      }
      p = Othello::play(p, m);
    }
    out.push_back(p);
  }
  return out;
}

/// Random integer weights, so sums are exact whatever their order.
std::vector<double> random_weights(const core::FeatureSet<Position>& fs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> d(-500, 500);
  std::vector<double> w(static_cast<std::size_t>(fs.num_phases()) *
                        static_cast<std::size_t>(fs.num_features()));
  for (double& x : w) x = d(rng);
  return w;
}

TEST(Patterns, DeclaredShape) {
  const auto fs = Othello::make_feature_set("patterns");
  EXPECT_EQ(fs->name(), "patterns");
  EXPECT_TRUE(fs->uses_weights_file());
  EXPECT_EQ(fs->num_phases(), 13);
  // Sizes from the issue: edge+2X 10, corner 3x3 9, corner 2x5 10, rows 2-4 8 each,
  // diagonals 8..4; 3^k configurations each, plus mobility and parity.
  const std::vector<std::size_t> sizes = {10, 9, 10, 8, 8, 8, 8, 7, 6, 5, 4};
  ASSERT_EQ(pattern_table().size(), sizes.size());
  int expected = 2;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    EXPECT_EQ(pattern_table()[i].squares.size(), sizes[i]) << pattern_table()[i].name;
    int t = 1;
    for (std::size_t k = 0; k < sizes[i]; ++k) t *= 3;
    expected += t;
  }
  EXPECT_EQ(fs->num_features(), expected);
  // 8 images per pattern, except the main diagonal whose transpose is itself: 4.
  EXPECT_EQ(num_pattern_images(), 10 * 8 + 4);
  EXPECT_EQ(fs->feature_name(0), "edge_2x_0000000000");
  EXPECT_EQ(fs->feature_name(1), "edge_2x_1000000000");
  EXPECT_EQ(fs->feature_name(fs->num_features() - 1), "parity");
  EXPECT_NE(fs->declaration_hash(), Othello::make_feature_set("classic")->declaration_hash());
  EXPECT_EQ(fs->declaration_hash(), make_pattern_set()->declaration_hash());
}

TEST(Patterns, StagesByEmpties) {
  EXPECT_EQ(pattern_stage(60), 0);
  EXPECT_EQ(pattern_stage(56), 0);
  EXPECT_EQ(pattern_stage(55), 1);
  EXPECT_EQ(pattern_stage(1), 11);
  EXPECT_EQ(pattern_stage(0), 12);
}

TEST(Patterns, FastIndicesEqualReferenceAlongRandomGames) {
  const auto n = static_cast<std::size_t>(num_pattern_images());
  std::vector<std::uint32_t> fast(n);
  std::vector<std::uint32_t> slow(n);
  for (const Position& p : random_positions(100, 7)) {
    pattern_indices(p, fast);
    pattern_indices_slow(p, slow);
    ASSERT_EQ(fast, slow) << Othello::format_position(p);
  }
}

TEST(Patterns, StartPositionIndices) {
  // At the start only the 4 centre squares are occupied: row 4 (a4..h4) of the declared
  // orientation holds d4 (white, the opponent of black to move) at digit 3 and e4 (black,
  // own) at digit 4: 2 * 27 + 1 * 81 = 135.
  const Position p = Othello::initial();
  std::vector<std::uint32_t> idx(static_cast<std::size_t>(num_pattern_images()));
  pattern_indices_slow(p, idx);
  const auto fs = make_pattern_set();
  bool found = false;
  for (const std::uint32_t i : idx) found = found || fs->feature_name(static_cast<int>(i)) == "row_4_00021000";
  EXPECT_TRUE(found);
}

TEST(Patterns, SameEvaluationForAllSymmetries) {
  const auto positions = random_positions(30, 11);
  const core::LinearEval<Position> eval(make_pattern_set(),
                                       random_weights(*make_pattern_set(), 3));
  const PatternEvaluator fast(eval.weights());
  core::SparseFeatures scratch;
  for (const Position& p : positions) {
    const int v = eval.evaluate(p, scratch);
    EXPECT_EQ(fast.evaluate(p), v);
    for (int k = 1; k < 8; ++k) {
      Position q = p;
      q.player = symmetric_board(p.player, k);
      q.opponent = symmetric_board(p.opponent, k);
      ASSERT_EQ(eval.evaluate(q, scratch), v) << "symmetry " << k << " of "
                                              << Othello::format_position(p);
    }
  }
}

TEST(Patterns, WeightsFileForAnotherDeclarationIsRefused) {
  const auto fs = make_pattern_set();
  const auto path = std::filesystem::temp_directory_path() / "arena_patterns_test.weights";
  core::WeightsHeader header = core::weights_header(*fs);
  const std::vector<double> w(static_cast<std::size_t>(fs->num_phases()) *
                                  static_cast<std::size_t>(fs->num_features()),
                              0.0);
  core::write_weights_file(path.string(), header, w);
  EXPECT_EQ(core::read_weights_file(path.string(), header).size(), w.size());
  header.declaration_hash ^= 1;
  EXPECT_THROW((void)core::read_weights_file(path.string(), header), InputError);
  std::filesystem::remove(path);
}

/// A patterns engine config whose weights file (written to a temporary folder under `tag`)
/// holds `w`; returns the config.
core::EngineConfig config_with_weights(const std::string& tag, const std::vector<double>& w) {
  const auto dir = std::filesystem::temp_directory_path() / ("arena_patterns_" + tag);
  std::filesystem::create_directories(dir);
  core::write_weights_file((dir / "p.weights").string(), core::weights_header(*make_pattern_set()),
                           w);
  return core::parse_engine_config(
      "name = p\ngame = othello\n[eval]\nfeatures = patterns\nweights_file = p.weights\n",
      (dir / "p.cfg").string());
}

TEST(Patterns, EngineEvaluatesWithWeightsRoundedToIntegers) {
  // Non-integer weights: the engine's 16-bit evaluator equals the exact sum over the rounded
  // weights, on both the vector and the scalar path (whichever this build has).
  const auto fs = make_pattern_set();
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(-900.0, 900.0);
  std::vector<double> w(static_cast<std::size_t>(fs->num_phases()) *
                        static_cast<std::size_t>(fs->num_features()));
  for (double& x : w) x = d(rng);
  std::vector<double> rounded = w;
  for (double& x : rounded) x = std::nearbyint(x);
  const core::Engine<Othello> engine(config_with_weights("rounded", w));
  const core::LinearEval<Position> exact(make_pattern_set(), rounded);
  core::SparseFeatures scratch;
  for (const Position& p : random_positions(20, 13)) {
    ASSERT_EQ(engine.evaluate(p), exact.evaluate(p, scratch)) << Othello::format_position(p);
  }
  std::filesystem::remove_all(std::filesystem::temp_directory_path() / "arena_patterns_rounded");
}

TEST(Patterns, WeightOutsideSixteenBitsIsRefused) {
  const auto fs = make_pattern_set();
  std::vector<double> w(static_cast<std::size_t>(fs->num_phases()) *
                            static_cast<std::size_t>(fs->num_features()),
                        0.0);
  w[static_cast<std::size_t>(fs->num_features()) * 3 + 1] = 40000.0;
  try {
    const core::Engine<Othello> engine(config_with_weights("range", w));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("p.cfg"));
    EXPECT_THAT(e.what(), ::testing::HasSubstr("edge_2x_1000000000 in stage 3"));
    EXPECT_THAT(e.what(), ::testing::HasSubstr("16-bit"));
  }
  std::filesystem::remove_all(std::filesystem::temp_directory_path() / "arena_patterns_range");
}

}  // namespace
}  // namespace arena::othello
