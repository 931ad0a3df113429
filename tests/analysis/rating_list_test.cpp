// Bradley-Terry rating list against worked-examples.md R1, plus the cases where maximum
// likelihood has no finite answer (all wins, a group that beat everyone else), a disconnected
// result graph, an engine anchor and a jointly fitted first-move advantage.
#include "analysis/rating_list.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "tests/analysis/worked_examples.hpp"

namespace arena::analysis {
namespace {

using testing::quoted;

/// `wins`, `draws`, `losses` of engine `a` against `b`; colours unknown unless `known`, then
/// each result is split evenly between a first and b first where possible.
void add(std::vector<RatedGame>& games, std::size_t a, std::size_t b, int wins, int draws, int losses,
         bool known = false) {
  int k = 0;
  const auto push = [&](double points) {
    const bool a_first = !known || (k++ % 2 == 0);
    games.push_back(a_first ? RatedGame{a, b, points, known} : RatedGame{b, a, 1.0 - points, known});
  };
  for (int i = 0; i < wins; ++i) push(1.0);
  for (int i = 0; i < draws; ++i) push(0.5);
  for (int i = 0; i < losses; ++i) push(0.0);
}

/// R1: 30 games per pairing; A scores 75 % against B (22.5), B 75 % against C, A 90 % against C (27).
std::vector<RatedGame> r1_games() {
  std::vector<RatedGame> games;
  add(games, 0, 1, 20, 5, 5);
  add(games, 1, 2, 21, 3, 6);
  add(games, 0, 2, 25, 4, 1);
  return games;
}

TEST(RatingList, R1ThreePlayersMeanAnchored) {
  ASSERT_TRUE(quoted("| R1 | 3 players, 30 games per pairing: A scores 75 % vs B, B 75 % vs C, A 90 % vs C |"));
  ASSERT_TRUE(quoted("A +191, B 0, C -191 (191 = 400 log10 3), mean anchored at 0"));
  const RatingList list = fit_rating_list({"A", "B", "C"}, r1_games());
  ASSERT_TRUE(list.converged);
  EXPECT_TRUE(list.connected);
  EXPECT_EQ(list.unit, EloUnit::Elo);
  EXPECT_FALSE(list.first_move_fitted);
  EXPECT_DIGITS(list.ratings[0].elo, "191");
  EXPECT_DIGITS(list.ratings[1].elo, "0");
  EXPECT_DIGITS(list.ratings[2].elo, "-191");
  EXPECT_NEAR(list.ratings[0].elo, 400 * std::log10(3.0), 1e-6);
  EXPECT_GT(list.ratings[0].ci95, 0.0);
  EXPECT_NEAR(list.ratings[0].ci95, list.ratings[2].ci95, 1e-6);
  EXPECT_EQ(list.ratings[0].games, 60);
  EXPECT_DOUBLE_EQ(list.ratings[0].points, 49.5);
  EXPECT_TRUE(list.warnings.empty());
}

TEST(RatingList, AnchorEngineIsZeroWithNoInterval) {
  RatingOptions options;
  options.anchor = AnchorKind::Engine;
  options.anchor_engine = "C";
  const RatingList list = fit_rating_list({"A", "B", "C"}, r1_games(), options);
  EXPECT_NEAR(list.ratings[0].elo, 800 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(list.ratings[1].elo, 400 * std::log10(3.0), 1e-6);
  EXPECT_EQ(list.ratings[2].elo, 0.0);
  EXPECT_EQ(list.ratings[2].ci95, 0.0);
  EXPECT_TRUE(list.ratings[2].anchor);
  options.anchor_engine = "Z";
  EXPECT_THROW((void)fit_rating_list({"A", "B", "C"}, r1_games(), options), InputError);
}

TEST(RatingList, FirstMoveAdvantageFittedJointly) {
  // Equal engines, colours alternate; the first player scores 60 % (30 of 50 games each way).
  std::vector<RatedGame> games;
  for (int i = 0; i < 50; ++i) {
    games.push_back({0, 1, i < 30 ? 1.0 : 0.0, true});
    games.push_back({1, 0, i < 30 ? 1.0 : 0.0, true});
  }
  const RatingList list = fit_rating_list({"A", "B"}, games);
  ASSERT_TRUE(list.first_move_fitted);
  EXPECT_NEAR(list.first_move_elo, elo_from_score(0.6), 1e-6);
  EXPECT_GT(list.first_move_ci95, 0.0);
  EXPECT_NEAR(list.ratings[0].elo, 0.0, 1e-9);
}

TEST(RatingList, FirstMoveAdvantageNotSeparableIsDropped) {
  // A always moved first: its rating and the advantage cannot be told apart.
  std::vector<RatedGame> games;
  for (int i = 0; i < 40; ++i) games.push_back({0, 1, i < 30 ? 1.0 : 0.0, true});
  const RatingList list = fit_rating_list({"A", "B"}, games);
  EXPECT_FALSE(list.first_move_fitted);
  EXPECT_TRUE(list.converged);
  EXPECT_NEAR(list.ratings[0].elo - list.ratings[1].elo, elo_from_score(0.75), 1e-6);
  EXPECT_FALSE(list.warnings.empty());
}

TEST(RatingList, AllWinsFlaggedNotDividedByZero) {
  std::vector<RatedGame> games = r1_games();
  add(games, 3, 0, 10, 0, 0);  // D won every game against A
  const RatingList list = fit_rating_list({"A", "B", "C", "D"}, games);
  EXPECT_TRUE(list.ratings[3].all_wins);
  EXPECT_TRUE(std::isinf(list.ratings[3].elo) && list.ratings[3].elo > 0);
  EXPECT_TRUE(std::isnan(list.ratings[3].ci95));
  // The rest is fitted from the games among themselves.
  EXPECT_NEAR(list.ratings[0].elo, 400 * std::log10(3.0), 1e-6);
  EXPECT_TRUE(std::isfinite(list.ratings[2].ci95));
  EXPECT_FALSE(list.warnings.empty());
}

TEST(RatingList, AllLossesCascade) {
  // D lost every game (to C); once D is removed, C (whose only points came from D) lost every
  // remaining game (to A). A and B are fitted from their own games.
  std::vector<RatedGame> games;
  add(games, 0, 1, 3, 2, 3);
  add(games, 2, 0, 0, 0, 4);
  add(games, 2, 3, 4, 0, 0);
  const RatingList list = fit_rating_list({"A", "B", "C", "D"}, games);
  EXPECT_TRUE(list.ratings[3].all_losses);
  EXPECT_TRUE(list.ratings[2].all_losses);
  EXPECT_TRUE(std::isinf(list.ratings[2].elo) && list.ratings[2].elo < 0);
  EXPECT_NEAR(list.ratings[0].elo, 0.0, 1e-9);
  EXPECT_NEAR(list.ratings[1].elo, 0.0, 1e-9);
  EXPECT_TRUE(list.converged);
}

TEST(RatingList, SeparatedGroupReported) {
  // {A, B} beat {C, D} in every game, with mixed results inside each group.
  std::vector<RatedGame> games;
  add(games, 0, 1, 3, 2, 3);
  add(games, 2, 3, 3, 2, 3);
  add(games, 0, 2, 4, 0, 0);
  add(games, 1, 3, 4, 0, 0);
  const RatingList list = fit_rating_list({"A", "B", "C", "D"}, games);
  EXPECT_FALSE(list.converged);
  EXPECT_FALSE(list.warnings.empty());
  for (const auto& r : list.ratings) EXPECT_TRUE(std::isnan(r.elo)) << r.name;
}

TEST(RatingList, DisconnectedGraphReportedPerComponent) {
  std::vector<RatedGame> games;
  add(games, 0, 1, 20, 5, 5);  // A 75 % against B
  add(games, 2, 3, 5, 10, 5);  // C and D equal
  const RatingList list = fit_rating_list({"A", "B", "C", "D"}, games);
  EXPECT_FALSE(list.connected);
  EXPECT_EQ(list.components, 2U);
  EXPECT_EQ(list.ratings[0].component, list.ratings[1].component);
  EXPECT_NE(list.ratings[0].component, list.ratings[2].component);
  EXPECT_NEAR(list.ratings[0].elo, 200 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(list.ratings[1].elo, -200 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(list.ratings[2].elo, 0.0, 1e-9);
  EXPECT_TRUE(std::isfinite(list.ratings[2].ci95));
  EXPECT_FALSE(list.warnings.empty());
}

TEST(RatingList, NoGames) {
  const RatingList list = fit_rating_list({"A", "B"}, {});
  EXPECT_TRUE(std::isnan(list.ratings[0].elo));
  EXPECT_EQ(list.components, 0U);
  EXPECT_FALSE(list.warnings.empty());
  EXPECT_TRUE(fit_rating_list({}, {}).ratings.empty());
}

}  // namespace
}  // namespace arena::analysis
