// Pair aggregation: W/D/L from one engine's view, pentanomial counts over complete pairs only,
// first-player score, lengths, terminations, openings, and the SPRT trajectory. The expected
// counts are counted by hand from the game list below.
#include "analysis/pairs.hpp"

#include <gtest/gtest.h>

namespace arena::analysis {
namespace {

GameOutcome game(std::string first, std::string second, GameResult result, std::optional<std::int64_t> pair,
                 int plies = 60, std::string termination = "normal", std::string opening = "f5") {
  return {std::move(first), std::move(second), result, pair, plies, std::move(termination), std::move(opening), std::nullopt};
}

std::vector<GameOutcome> sample_games() {
  using enum GameResult;
  return {
      game("new", "base", FirstWins, 0),   // pair 0: new wins, new loses -> WL
      game("base", "new", FirstWins, 0),
      game("new", "base", Draw, 1),        // pair 1: D + W -> WD
      game("base", "new", SecondWins, 1, 58, "normal", "d3"),
      game("new", "base", SecondWins, 2),  // pair 2: L + L -> LL
      game("base", "new", FirstWins, 2, 40, "timeout"),
      game("new", "base", FirstWins, 3),   // pair 3 incomplete
      game("new", "base", Draw, std::nullopt, 62, "adjudicated", "d3"),
  };
}

TEST(Pairs, ParseResult) {
  EXPECT_EQ(parse_game_result("1-0"), GameResult::FirstWins);
  EXPECT_EQ(parse_game_result("0-1"), GameResult::SecondWins);
  EXPECT_EQ(parse_game_result("1/2-1/2"), GameResult::Draw);
  EXPECT_FALSE(parse_game_result("draw"));
}

TEST(Pairs, HandCount) {
  const auto games = sample_games();
  const GamesSummary s = summarize_games(games, {"new", "base"});
  ASSERT_EQ(s.pairs.size(), 1U);
  const PairCounts& p = s.pairs[0];
  EXPECT_EQ(p.a, "new");
  EXPECT_EQ(p.b, "base");
  // new: W L D W L L W D
  EXPECT_EQ(p.wdl, (WdlCounts{3, 2, 3}));
  EXPECT_EQ(p.pentanomial, (PentanomialCounts{1, 0, 1, 1, 0}));
  EXPECT_EQ(p.incomplete_pairs, 1);
  EXPECT_EQ(p.unpaired_games, 1);
  EXPECT_EQ(p.a_first, (WdlCounts{2, 2, 1}));
  EXPECT_EQ(p.a_second, (WdlCounts{1, 0, 2}));
  EXPECT_EQ(s.games, 8);
  EXPECT_EQ(s.first_player, (WdlCounts{4, 2, 2}));
  EXPECT_DOUBLE_EQ(s.average_plies, (60 * 5 + 58 + 40 + 62) / 8.0);
  EXPECT_EQ(s.terminations.size(), 2U);
  EXPECT_EQ(s.terminations.at("timeout"), 1);
  EXPECT_EQ(s.terminations.at("adjudicated"), 1);
  ASSERT_EQ(s.openings.size(), 2U);
  EXPECT_EQ(s.openings[0].opening, "d3");
  EXPECT_EQ(s.openings[0].first_player, (WdlCounts{0, 1, 1}));
  // Pentanomial statistics when there are complete pairs.
  EXPECT_TRUE(pair_stats(p).pentanomial);
  EXPECT_EQ(pair_stats(p).games, 6);
}

TEST(Pairs, EngineOrderFromFirstAppearance) {
  const auto games = sample_games();
  const GamesSummary s = summarize_games(games);
  EXPECT_EQ(s.engines, (std::vector<std::string>{"new", "base"}));
  const GamesSummary r = summarize_games(games, {"base"});
  EXPECT_EQ(r.pairs[0].a, "base");
  EXPECT_EQ(r.pairs[0].wdl, (WdlCounts{3, 2, 3}));
}

TEST(Pairs, TrajectoryEndsAtTheFinalLlr) {
  const auto games = sample_games();
  const SprtParams params{0, 10, 0.05, 0.05, SprtModel::Normalized};
  const auto llr = llr_after_each_pair(games, "new", "base", params);
  ASSERT_EQ(llr.size(), 3U);
  EXPECT_DOUBLE_EQ(llr.back(), llr_normalized(PentanomialCounts{1, 0, 1, 1, 0}, 0, 10));
  const GamesSummary s = summarize_games(games, {"new", "base"});
  EXPECT_DOUBLE_EQ(pair_sprt(s.pairs[0], params).llr, llr.back());
}

TEST(Pairs, RatedGames) {
  const auto games = sample_games();
  const auto rated = rated_games(games, {"base", "new"});
  ASSERT_EQ(rated.size(), games.size());
  EXPECT_EQ(rated[1].first, 0U);
  EXPECT_EQ(rated[1].points, 1.0);
  EXPECT_THROW((void)rated_games(games, {"base"}), std::invalid_argument);
}

}  // namespace
}  // namespace arena::analysis
