// Match statistics against worked-examples.md T1 (per game) and P1 (per pair), plus the
// degenerate cases: no games, all wins, all draws.
#include "analysis/elo.hpp"

#include <cmath>

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

TEST(Elo, AllWinsIsUnboundedAndCertain) {
  const MatchStats m = match_stats(WdlCounts{10, 0, 0});
  EXPECT_DOUBLE_EQ(m.score, 1.0);
  EXPECT_TRUE(std::isinf(m.elo.value) && m.elo.value > 0);
  EXPECT_TRUE(std::isinf(m.elo.ci95));
  EXPECT_TRUE(std::isinf(m.nelo.value) && m.nelo.value > 0);
  EXPECT_DOUBLE_EQ(m.los, 1.0);
  const MatchStats l = match_stats(PentanomialCounts{5, 0, 0, 0, 0});
  EXPECT_TRUE(std::isinf(l.elo.value) && l.elo.value < 0);
  EXPECT_DOUBLE_EQ(l.los, 0.0);
}

TEST(Elo, AllDrawsIsZeroEloWithUndefinedNElo) {
  const MatchStats m = match_stats(WdlCounts{0, 20, 0});
  EXPECT_DOUBLE_EQ(m.elo.value, 0.0);
  EXPECT_DOUBLE_EQ(m.elo.ci95, 0.0);
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
