// Match statistics against worked-examples.md T1 (per game) and P1 (per pair), plus the
// degenerate cases: no games, all wins, all draws, all pairs alike, with the exact binomial
// (Clopper-Pearson) bounds of worked-examples.md C1-C4 (R's binom.test).
#include "analysis/elo.hpp"

#include <cmath>
#include <tuple>

#include <gtest/gtest.h>

#include "tests/analysis/worked_examples.hpp"

namespace arena::analysis {
namespace {

using testing::quoted;

TEST(Elo, ZIsTheNormalQuantile) {
  ASSERT_TRUE(quoted("z = 1.959963984540054"));
  EXPECT_DOUBLE_EQ(z95(), 1.959963984540054);
  EXPECT_DOUBLE_EQ(normal_cdf(0.0), 0.5);
}

TEST(Elo, ScoreAndEloAreInverse) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(score_from_elo(elo_from_score(0.75)), 0.75, 1e-15);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
  EXPECT_TRUE(std::isnan(elo_from_score(1.5)));
}

TEST(Elo, T1PerGame) {
  ASSERT_TRUE(quoted("| T1 | W=136, L=96, D=111 |"));
  ASSERT_TRUE(quoted("score 0.558; Elo 40.70 ± 30.43; nElo 49.77 ± 36.77; LOS 99.60 %"));
  const MatchStats m = match_stats(WdlCounts{136, 111, 96});
  EXPECT_EQ(m.games, 343);
  EXPECT_FALSE(m.pentanomial);
  EXPECT_DIGITS(m.score, "0.558");
  EXPECT_EQ(m.elo.unit, EloUnit::Elo);
  EXPECT_DIGITS(m.elo.value, "40.70");
  EXPECT_DIGITS(m.elo.ci95, "30.43");
  EXPECT_NEAR(m.elo.high - m.elo.low, 2 * m.elo.ci95, 1e-9);
  EXPECT_EQ(m.nelo.unit, EloUnit::NElo);
  EXPECT_DIGITS(m.nelo.value, "49.77");
  EXPECT_DIGITS(m.nelo.ci95, "36.77");
  EXPECT_DIGITS(100 * m.los, "99.60");
  EXPECT_DOUBLE_EQ(m.draw_ratio, 111.0 / 343.0);
}

TEST(Elo, P1PerPair) {
  ASSERT_TRUE(quoted("| P1 | pairs LL=34, LD=54, WL=31, DD=32, WD=64, WW=75 |"));
  ASSERT_TRUE(quoted("score 0.579; Elo 55.58 ± 27.65; nElo 57.94 ± 28.28; LOS 100 %"));
  const MatchStats m = match_stats(PentanomialCounts{34, 54, 31 + 32, 64, 75});
  EXPECT_EQ(m.games, 2 * 290);
  EXPECT_EQ(m.samples, 290);
  EXPECT_TRUE(m.pentanomial);
  EXPECT_DIGITS(m.score, "0.579");
  EXPECT_DIGITS(m.elo.value, "55.58");
  EXPECT_DIGITS(m.elo.ci95, "27.65");
  EXPECT_DIGITS(m.nelo.value, "57.94");
  EXPECT_DIGITS(m.nelo.ci95, "28.28");
  EXPECT_DIGITS(100 * m.los, "100");
}

TEST(Elo, NoGamesIsUndefinedNotAnError) {
  const MatchStats m = match_stats(WdlCounts{});
  EXPECT_EQ(m.games, 0);
  EXPECT_TRUE(std::isnan(m.score));
  EXPECT_TRUE(std::isnan(m.elo.value));
  EXPECT_TRUE(std::isnan(m.elo.ci95));
  EXPECT_TRUE(std::isnan(m.los));
  EXPECT_TRUE(std::isnan(match_stats(PentanomialCounts{}).nelo.value));
}

TEST(Elo, ClopperPearsonMatchesR) {
  ASSERT_TRUE(quoted("| C1 | 682 successes of 925 trials |"));
  ASSERT_TRUE(quoted("[0.7076683, 0.7654066]"));
  auto [lo, hi] = clopper_pearson95(682, 925);
  EXPECT_DIGITS(lo, "0.7076683");
  EXPECT_DIGITS(hi, "0.7654066");
  ASSERT_TRUE(quoted("[0.3475471, 0.9332605]"));
  std::tie(lo, hi) = clopper_pearson95(7, 10);
  EXPECT_DIGITS(lo, "0.3475471");
  EXPECT_DIGITS(hi, "0.9332605");
  ASSERT_TRUE(quoted("lower 0.6915029 = 0.025^(1/10); upper 0.3084971"));
  std::tie(lo, hi) = clopper_pearson95(10, 10);
  EXPECT_DIGITS(lo, "0.6915029");
  EXPECT_DOUBLE_EQ(hi, 1.0);
  std::tie(lo, hi) = clopper_pearson95(0, 10);
  EXPECT_DOUBLE_EQ(lo, 0.0);
  EXPECT_DIGITS(hi, "0.3084971");
}

// Regression: 10 straight wins printed `Elo +inf +- +inf [+inf, +inf]`.
TEST(Elo, AllWinsGiveAFiniteOneSidedExactBound) {
  ASSERT_TRUE(quoted("lower 0.6915029"));
  const MatchStats m = match_stats(WdlCounts{10, 0, 0});
  EXPECT_DOUBLE_EQ(m.score, 1.0);
  EXPECT_TRUE(std::isinf(m.elo.value) && m.elo.value > 0);
  EXPECT_TRUE(m.exact_interval);
  EXPECT_NEAR(m.elo.low, elo_from_score(0.6915029), 1e-3);  // +140.2 Elo
  EXPECT_TRUE(std::isinf(m.elo.high));
  EXPECT_TRUE(std::isinf(m.nelo.value) && m.nelo.value > 0);
  EXPECT_DOUBLE_EQ(m.los, 1.0);
  // Five lost pairs: 0 points of 10 games.
  const MatchStats l = match_stats(PentanomialCounts{5, 0, 0, 0, 0});
  EXPECT_TRUE(std::isinf(l.elo.value) && l.elo.value < 0);
  EXPECT_NEAR(l.elo.high, elo_from_score(0.3084971), 1e-3);
  EXPECT_DOUBLE_EQ(l.los, 0.0);
}

// Regression: 4 games won and lost in pairs printed `elo -0.0, elo_ci95 0.0`.
TEST(Elo, AllPairsAlikeGiveTheExactIntervalNotZeroWidth) {
  ASSERT_TRUE(quoted("| C4 | 2 of 4 | Clopper-Pearson 95 % | [0.0675860, 0.9324140]"));
  const MatchStats m = match_stats(PentanomialCounts{0, 0, 2, 0, 0});
  EXPECT_DOUBLE_EQ(m.elo.value, 0.0);
  EXPECT_TRUE(m.exact_interval);
  EXPECT_NEAR(m.elo.low, elo_from_score(0.0675860), 1e-3);
  EXPECT_NEAR(m.elo.high, elo_from_score(0.9324140), 1e-3);
  EXPECT_GT(m.elo.ci95, 400.0);
}

TEST(Elo, AllDrawsIsZeroEloWithAnExactInterval) {
  const MatchStats m = match_stats(WdlCounts{0, 20, 0});
  EXPECT_DOUBLE_EQ(m.elo.value, 0.0);
  EXPECT_TRUE(m.exact_interval);
  const auto [lo, hi] = clopper_pearson95(10, 20);
  EXPECT_NEAR(m.elo.low, elo_from_score(lo), 1e-9);
  EXPECT_NEAR(m.elo.high, elo_from_score(hi), 1e-9);
  EXPECT_TRUE(std::isnan(m.nelo.value));
  EXPECT_DOUBLE_EQ(m.los, 0.5);
  EXPECT_DOUBLE_EQ(m.draw_ratio, 1.0);
}

TEST(Elo, UnitNames) {
  EXPECT_EQ(unit_name(EloUnit::Elo), "Elo");
  EXPECT_EQ(unit_name(EloUnit::NElo), "nElo");
  EXPECT_EQ(unit_name(EloUnit::BayesElo), "BayesElo");
}

}  // namespace
}  // namespace arena::analysis
