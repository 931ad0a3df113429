// The reporting layer: JSON keys and nulls for undefined numbers, text layout, and the gnuplot
// scripts (format by extension, quoting of engine names, bounds drawn).
#include "analysis/report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/plot.hpp"
#include "engine/core/errors.hpp"

namespace arena::analysis {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(Report, FormatNumber) {
  EXPECT_EQ(format_number(40.7024, 2), "40.70");
  EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN(), 2), "-");
  EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity(), 2), "-inf");
}

TEST(Report, CountsJsonHasUnitsAndNullsForUndefined) {
  const WdlCounts wdl{5, 0, 0};
  const auto j = counts_json(wdl, std::nullopt, match_stats(wdl), std::nullopt);
  EXPECT_EQ(j["elo_unit"], "Elo");
  EXPECT_EQ(j["nelo_unit"], "nElo");
  EXPECT_TRUE(j["elo"].is_null());  // +infinity has no JSON number
  EXPECT_EQ(j["los"], 1.0);
  const PentanomialCounts penta{1, 2, 3, 4, 5};
  const auto p = counts_json(std::nullopt, penta, match_stats(penta), sprt(penta, SprtParams{}));
  EXPECT_TRUE(p["wins"].is_null());
  EXPECT_EQ(p["pairs"], 15);
  EXPECT_EQ(p["sprt"]["over"], "pairs");
  EXPECT_EQ(p["stats_over"], "pairs");
}

TEST(Report, GamesReportRatingsOnlyWithMoreThanTwoEngines) {
  std::vector<GameOutcome> games = {{"a", "b", GameResult::FirstWins, 0, 10, "normal", "", std::nullopt},
                                    {"b", "a", GameResult::Draw, 0, 10, "normal", "", std::nullopt}};
  EXPECT_FALSE(analyze_games(games, {}, std::nullopt, {}).ratings);
  games.push_back({"c", "a", GameResult::SecondWins, 1, 10, "crash", "", std::nullopt});
  games.push_back({"b", "c", GameResult::Draw, 1, 10, "normal", "", std::nullopt});
  const GamesReport r = analyze_games(games, {}, SprtParams{}, {});
  ASSERT_TRUE(r.ratings);
  const auto j = report_json(r, false);
  EXPECT_EQ(j["ratings"].size(), 3U);
  EXPECT_EQ(j["terminations"]["crash"], 1);
  EXPECT_FALSE(j.contains("openings"));
  EXPECT_TRUE(j["pairs"][0]["llr"].is_number());
  const std::string text = report_text(r, true);
  EXPECT_THAT(text, HasSubstr("rating list (Elo"));
  EXPECT_THAT(text, HasSubstr("by opening"));
}

TEST(Plot, FormatByExtension) {
  EXPECT_EQ(plot_format("r.svg"), "svg");
  EXPECT_EQ(plot_format("dir/r.png"), "png");
  EXPECT_THROW((void)plot_format("r.pdf"), InputError);
}

TEST(Plot, RatingScriptQuotesNamesAndSkipsUnrated) {
  RatingList list;
  list.ratings = {{"it's", 50.0, 10.0, 10, 6.0, 0, false, false, false},
                  {"b\"x", -50.0, 10.0, 10, 4.0, 0, false, false, false},
                  {"top", std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), 4, 4.0,
                   0, true, false, false}};
  const std::string s = rating_plot_script(list, "out's.svg");
  EXPECT_THAT(s, HasSubstr("set terminal svg"));
  EXPECT_THAT(s, HasSubstr("set output 'out''s.svg'"));
  EXPECT_THAT(s, HasSubstr("not rated: top"));
  EXPECT_THAT(s, HasSubstr("yerrorbars"));
  EXPECT_THAT(s, Not(HasSubstr("b\"x")));
}

TEST(Plot, LlrScriptDrawsBounds) {
  const SprtResult r = sprt(WdlCounts{10, 10, 5}, SprtParams{});
  const std::string s = llr_plot_script({0.1, 0.3, -0.2}, r, "a vs b", "llr.png");
  EXPECT_THAT(s, HasSubstr("set terminal pngcairo"));
  EXPECT_THAT(s, HasSubstr("lower = -2.944"));
  EXPECT_THAT(s, HasSubstr("3 -0.2"));
}

}  // namespace
}  // namespace arena::analysis
