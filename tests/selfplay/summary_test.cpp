// How games ended, in the run summary: every termination kind per pairing and per engine, the
// engine that forfeited (the loser of a timeout, crash or illegal move), the "mostly
// forfeits" warning and the list of engines that forfeited every game (exit status 3).
#include "selfplay/summary.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "selfplay/schedule.hpp"

namespace arena::selfplay {
namespace {

/// Game `id` between engines 0 ("a") and 1 ("b"), lost by `loser` with `how`.
records::GameRecord ended(std::int64_t id, const std::string& loser, records::Termination how) {
  records::GameRecord g;
  g.id = id;
  g.pair = id / 2;
  g.first = id % 2 == 0 ? "a" : "b";
  g.second = id % 2 == 0 ? "b" : "a";
  g.score = g.first == loser ? -1 : 1;
  g.termination = how;
  return g;
}

TEST(Summary, ForfeitsAreCountedPerPairAndEngine) {
  const Schedule schedule(2, Format::RoundRobin, 6);
  MatchTally tally({"a", "b"}, schedule);
  tally.add(ended(0, "b", records::Termination::Timeout));
  tally.add(ended(1, "b", records::Termination::Timeout));
  tally.add(ended(2, "b", records::Termination::Crash));
  tally.add(ended(3, "b", records::Termination::IllegalMove));
  SelfplaySummary s;
  fill_results(s, tally, std::nullopt, std::nullopt);
  const auto j = summary_json(s);
  const auto& t = j["pairs"][0]["terminations"];
  EXPECT_EQ(t.size(), records::all_terminations().size()) << "every kind is listed, zeros too";
  EXPECT_EQ(t["timeout"], 2);
  EXPECT_EQ(t["crash"], 1);
  EXPECT_EQ(t["illegal-move"], 1);
  EXPECT_EQ(t["normal"], 0);
  EXPECT_EQ(j["pairs"][0]["forfeits"], 4);
  ASSERT_EQ(j["engines"].size(), 2U);
  EXPECT_EQ(j["engines"][0]["forfeits"], 0);  // a won every game
  EXPECT_EQ(j["engines"][1]["forfeits"], 4);
  EXPECT_EQ(j["engines"][1]["terminations"]["timeout"], 2);
  EXPECT_EQ(j["all_forfeit_engines"], nlohmann::json({"b"}));
  bool mostly = false;
  for (const auto& w : s.warnings) mostly = mostly || w.find("4 of 4 games ended by a forfeit") == 0;
  EXPECT_TRUE(mostly);
  EXPECT_NE(summary_text(s).find("illegal-move 1, crash 1, timeout 2"), std::string::npos) << summary_text(s);
}

TEST(Summary, NormalGamesRaiseNoForfeitWarning) {
  const Schedule schedule(2, Format::RoundRobin, 4);
  MatchTally tally({"a", "b"}, schedule);
  tally.add(ended(0, "b", records::Termination::Normal));
  tally.add(ended(1, "a", records::Termination::Timeout));
  tally.add(ended(2, "a", records::Termination::Normal));
  SelfplaySummary s;
  fill_results(s, tally, std::nullopt, std::nullopt);
  EXPECT_TRUE(s.all_forfeit_engines.empty());
  for (const auto& w : s.warnings) EXPECT_EQ(w.find("forfeit"), std::string::npos) << w;
}

}  // namespace
}  // namespace arena::selfplay
