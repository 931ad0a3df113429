// SPRT bounds and LLRs against worked-examples.md S1 (normalized, per pair and per game), S2
// (logistic, per game) and S3 (cutechess's BayesElo model); both LLR methods agree there.
#include "analysis/sprt.hpp"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "tests/analysis/worked_examples.hpp"

namespace arena::analysis {
namespace {

using testing::quoted;

TEST(Sprt, Bounds) {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  EXPECT_DOUBLE_EQ(b.lower, std::log(0.05 / 0.95));
  EXPECT_DOUBLE_EQ(b.upper, std::log(0.95 / 0.05));
  EXPECT_THROW((void)sprt_bounds(0.0, 0.05), InputError);
  EXPECT_THROW((void)sprt_bounds(0.6, 0.5), InputError);
  EXPECT_EQ(sprt_state(3.0, b), SprtState::AcceptH1);
  EXPECT_EQ(sprt_state(-3.0, b), SprtState::AcceptH0);
  EXPECT_EQ(sprt_state(0.0, b), SprtState::Continue);
}

TEST(Sprt, S1NormalizedPentanomialAndTrinomial) {
  ASSERT_TRUE(quoted("(365, 16618, 36229, 16974, 390), bounds nElo [0, 2], alpha = beta = 0.05"));
  ASSERT_TRUE(quoted("LLR 2.25; the same games counted per game (W=36433, L=36027, D=68692) give 0.92"));
  const PentanomialCounts pairs{365, 16618, 36229, 16974, 390};
  const WdlCounts games{36433, 68692, 36027};
  EXPECT_DIGITS(llr_normalized(pairs, 0, 2), "2.25");
  EXPECT_DIGITS(llr_normalized(pairs, 0, 2, LlrMethod::NormalApprox), "2.25");
  EXPECT_DIGITS(llr_normalized(games, 0, 2), "0.92");
  EXPECT_DIGITS(llr_normalized(games, 0, 2, LlrMethod::NormalApprox), "0.92");

  const SprtResult r = sprt(pairs, SprtParams{0, 2, 0.05, 0.05, SprtModel::Normalized});
  EXPECT_DIGITS(r.llr, "2.25");
  EXPECT_EQ(r.unit, EloUnit::NElo);
  EXPECT_TRUE(r.pentanomial);
  EXPECT_EQ(r.state, SprtState::Continue);
}

TEST(Sprt, S2LogisticTrinomial) {
  ASSERT_TRUE(quoted("| S2 | W=21404, L=21184, D=40708, bounds Elo [0.5, 2.5] | logistic GSPRT, trinomial | LLR -1.57 |"));
  const WdlCounts games{21404, 40708, 21184};
  EXPECT_DIGITS(llr_logistic(games, 0.5, 2.5), "-1.57");
  EXPECT_DIGITS(llr_logistic(games, 0.5, 2.5, LlrMethod::NormalApprox), "-1.57");
  const SprtResult r = sprt(games, SprtParams{0.5, 2.5, 0.05, 0.05, SprtModel::Logistic});
  EXPECT_DIGITS(r.llr, "-1.57");
  EXPECT_EQ(r.unit, EloUnit::Elo);
  EXPECT_FALSE(r.pentanomial);
}

TEST(Sprt, S3BayesEloAsCutechess) {
  ASSERT_TRUE(quoted("| S3 | W=1477, L=1351, D=2942, bounds Elo [0, 10], alpha = beta = 0.01 |"));
  ASSERT_TRUE(quoted("LLR 2.52; bounds +-4.60"));
  const WdlCounts games{1477, 2942, 1351};
  EXPECT_DIGITS(llr_bayeselo(games, 0, 10), "2.52");
  const SprtResult r = sprt(games, SprtParams{0, 10, 0.01, 0.01, SprtModel::BayesElo});
  EXPECT_DIGITS(r.llr, "2.52");
  EXPECT_DIGITS(r.bounds.upper, "4.60");
  EXPECT_DIGITS(-r.bounds.lower, "4.60");
  EXPECT_EQ(r.model, SprtModel::BayesElo);
  EXPECT_THROW((void)sprt(PentanomialCounts{1, 2, 3, 4, 5}, SprtParams{0, 10, 0.01, 0.01, SprtModel::BayesElo}),
               InputError);
}

TEST(Sprt, NoGamesGiveZero) {
  EXPECT_EQ(llr_logistic(WdlCounts{}, 0, 5), 0.0);
  EXPECT_EQ(llr_normalized(PentanomialCounts{}, 0, 5), 0.0);
  EXPECT_EQ(llr_bayeselo(WdlCounts{}, 0, 5), 0.0);
}

TEST(Sprt, OneSidedCountsStayFinite) {
  // All wins: zero counts are regularised, so the LLR is large and finite.
  const double llr = llr_logistic(WdlCounts{50, 0, 0}, 0, 5);
  EXPECT_TRUE(std::isfinite(llr));
  EXPECT_GT(llr, 0.0);
  EXPECT_TRUE(std::isfinite(llr_normalized(PentanomialCounts{0, 0, 0, 0, 30}, 0, 5)));
  EXPECT_TRUE(std::isfinite(llr_bayeselo(WdlCounts{50, 0, 0}, 0, 5)));
}

TEST(Sprt, ParseParams) {
  const SprtParams p = parse_sprt_params("elo0=0,elo1=10,alpha=0.01,beta=0.02,model=bayeselo");
  EXPECT_EQ(p.elo0, 0.0);
  EXPECT_EQ(p.elo1, 10.0);
  EXPECT_EQ(p.alpha, 0.01);
  EXPECT_EQ(p.beta, 0.02);
  EXPECT_EQ(p.model, SprtModel::BayesElo);
  EXPECT_EQ(parse_sprt_params("elo1=5,elo0=-1").model, SprtModel::Logistic);
  for (const char* bad : {"", "elo0=0", "elo0=0,elo1=x", "elo0=5,elo1=1", "elo0=0,elo1=5,gamma=1",
                          "elo0=0,elo1=5,alpha=0", "elo0=0,elo1=5,model=fancy", "elo0=0;elo1=5"}) {
    try {
      (void)parse_sprt_params(bad, "--sprt");
      ADD_FAILURE() << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--sprt"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace arena::analysis
