// How games ended, in the run summary: every termination kind per pairing and per engine, the
// engine that forfeited (the loser of a timeout, crash or illegal move), the "mostly
// forfeits" warning and the list of engines that forfeited every game (exit status 3); the
// clock overruns a margin forgave, and the warning when they add up; each engine's time from
// the moves' recorded times.
#include "selfplay/summary.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "analysis/report.hpp"
#include "selfplay/play_game.hpp"
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

/// Game `id` between "a" and "b" after an opening of `opening` plies, with these move times.
records::GameRecord timed(std::int64_t id, std::size_t opening, std::vector<std::int64_t> times) {
  records::GameRecord g = ended(id, "b", records::Termination::Normal);
  g.opening.assign(opening, "x");
  g.times = std::move(times);
  g.moves.assign(g.times.size(), "y");
  return g;
}

TEST(Summary, ForgivenOverrunsFollowEachSidesClockAndMargin) {
  // A clock of 1000 ms without increment and a margin of 500 ms (cutechess-cli's timemargin:
  // an overrun within the margin is forgiven and the clock stops at zero).
  const SideSettings clock{{}, 1000, 0, 500};
  const SideSettings none{};
  // After an even opening the first player moves first: 600 (400 left), 600 (200 forgiven,
  // 0 left), 100 (forgiven); the second player's 900 and 50 fit its clock.
  auto f = forgiven_overruns(timed(0, 0, {600, 900, 600, 50, 100}), clock, clock);
  EXPECT_EQ(f[0], 300);
  EXPECT_EQ(f[1], 0);
  // After an odd opening the second player moves first: the same times, the other side.
  f = forgiven_overruns(timed(0, 1, {600, 900, 600, 50, 100}), clock, clock);
  EXPECT_EQ(f[0], 0);
  EXPECT_EQ(f[1], 300);
  // Without a clock nothing is charged; past the margin the game was a timeout and stops.
  EXPECT_EQ(forgiven_overruns(timed(0, 0, {5000, 5000}), none, none)[0], 0);
  EXPECT_EQ(forgiven_overruns(timed(0, 0, {1400, 0, 900}), clock, clock)[0], 400);
}

TEST(Summary, WarnsWhenAnEnginesForgivenOverrunsAddUp) {
  const Schedule schedule(2, Format::RoundRobin, 2);
  // Both on 1000 ms + 10 ms a move with a long margin; "b" spends 1500 ms on each of its two
  // moves in both games: 500 forgiven (10 left after the increment), then 1490, a game,
  // against the 1000 + 2 x 10 ms its clock gave it.
  const SideSettings clock{{}, 1000, 10, 5000};
  MatchTally tally({"a", "b"}, schedule, {clock, clock});
  tally.add(timed(0, 0, {10, 1500, 10, 1500}));  // a first, b second
  tally.add(timed(1, 0, {1500, 10, 1500, 10}));  // b first
  EXPECT_EQ(tally.clock_use(1).overrun_games, 2);
  EXPECT_EQ(tally.clock_use(1).overrun_ms, 3980);
  EXPECT_EQ(tally.clock_use(1).given_ms, 2040);
  EXPECT_EQ(tally.clock_use(0).overrun_ms, 0);
  SelfplaySummary s;
  fill_results(s, tally, std::nullopt, std::nullopt);
  const auto overruns = [](const SelfplaySummary& summary) {
    std::vector<std::string> found;
    for (const auto& w : summary.warnings) {
      if (w.find("ran past its clock") != std::string::npos) found.push_back(w);
    }
    return found;
  };
  ASSERT_EQ(overruns(s).size(), 1U);
  EXPECT_EQ(overruns(s)[0].find("b ran past its clock in 2 of its 2 games on a clock, by 1.99 s "
                                "a game against the 1.02 s its clock gave it"),
            0U)
      << overruns(s)[0];
  const auto j = summary_json(s);
  EXPECT_EQ(j["engines"][1]["overrun_ms"], 3980);
  EXPECT_EQ(j["engines"][1]["overrun_games"], 2);
  EXPECT_EQ(j["engines"][0]["overrun_ms"], 0);
  // A few overruns (here 40 ms, under 5 % of the clock's time) raise no warning.
  MatchTally few({"a", "b"}, schedule, {clock, clock});
  few.add(timed(0, 0, {10, 1040, 10, 0}));
  SelfplaySummary quiet;
  fill_results(quiet, few, std::nullopt, std::nullopt);
  EXPECT_EQ(few.clock_use(1).overrun_ms, 40);
  EXPECT_TRUE(overruns(quiet).empty()) << overruns(quiet)[0];
}

TEST(Summary, EachEnginesTimeIsItsOwnMovesRecordedTimes) {
  const Schedule schedule(2, Format::RoundRobin, 2);
  // No clock: the time is counted all the same. After an even opening "a" (first) makes moves
  // 0, 2, 4 of game 0; in game 1 "b" is first but the odd opening gives move 0 to "a".
  MatchTally tally({"a", "b"}, schedule);
  tally.add(timed(0, 0, {100, 7, 300, 9, 2000}));  // a: 100 300 2000; b: 7 9
  tally.add(timed(1, 1, {60, 3}));                 // b first, a to move: a 60, b 3
  const auto times = tally.time_use();
  ASSERT_EQ(times.size(), 2U);
  const analysis::TimeUse& a = times[0];
  const analysis::TimeUse& b = times[1];
  EXPECT_EQ(a.engine, "a");
  EXPECT_EQ(a.games, 2);
  EXPECT_EQ(a.moves, 4);
  EXPECT_EQ(a.ms, 2460);
  EXPECT_EQ(a.longest_ms, 2000);
  EXPECT_EQ(b.moves, 3);
  EXPECT_EQ(b.ms, 19);
  EXPECT_EQ(analysis::time_use_text(a), "1.23 s a game, 615.0 ms a move, longest move 2,000 ms (over 2 games, 4 moves)");
  SelfplaySummary s;
  fill_results(s, tally, std::nullopt, std::nullopt);
  const auto j = summary_json(s);
  EXPECT_EQ(j["engines"][0]["time_use"]["moves"], 4);
  EXPECT_DOUBLE_EQ(j["engines"][0]["time_use"]["ms_per_move"].get<double>(), 615.0);
  EXPECT_DOUBLE_EQ(j["engines"][1]["time_use"]["seconds_per_game"].get<double>(), 0.0095);
  EXPECT_NE(summary_text(s).find("  a: 1.23 s a game"), std::string::npos) << summary_text(s);
  // Games without recorded times count nowhere.
  MatchTally untimed({"a", "b"}, schedule);
  untimed.add(ended(0, "b", records::Termination::Normal));
  EXPECT_TRUE(untimed.time_use().empty());
  SelfplaySummary quiet;
  fill_results(quiet, untimed, std::nullopt, std::nullopt);
  EXPECT_TRUE(summary_json(quiet)["engines"][0]["time_use"].is_null());
  EXPECT_EQ(summary_text(quiet).find("time (as logged"), std::string::npos);
}

TEST(Summary, EachEnginesCpuTimeIsItsOwnMovesRecordedCpuOverTheGamesThatHaveIt) {
  const Schedule schedule(2, Format::RoundRobin, 4);
  MatchTally tally({"a", "b"}, schedule);
  // Game 0 (even opening, "a" first): a moves 0, 2, 4, b moves 1, 3.
  records::GameRecord with_cpu = timed(0, 0, {100, 7, 300, 9, 2000});
  with_cpu.cpu = {90, 1, 280, 2, 1930};  // a: 2,300 ms CPU over 3 moves; b: 3 ms over 2
  tally.add(with_cpu);
  tally.add(timed(1, 1, {60, 3}));  // an older log's game: wall times only
  // Game 2 ("a" first) ends by a wipe-out on the first move after the odd opening: "b" moved,
  // "a" never did, and a's CPU time in it is 0, not missing.
  records::GameRecord wipe_out = timed(2, 1, {40});
  wipe_out.cpu = {40};
  tally.add(wipe_out);
  const auto times = tally.time_use();
  ASSERT_EQ(times.size(), 2U);
  const analysis::TimeUse& a = times[0];
  EXPECT_EQ(a.games, 3);
  EXPECT_EQ(a.cpu_games, 2);
  EXPECT_EQ(a.cpu_moves, 3);
  EXPECT_EQ(a.cpu_ms, 2300);
  EXPECT_EQ(times[1].cpu_games, 2);
  EXPECT_EQ(times[1].cpu_moves, 3);
  EXPECT_EQ(times[1].cpu_ms, 43);
  EXPECT_EQ(analysis::time_use_text(a),
            "0.82 s a game, 615.0 ms a move, longest move 2,000 ms; CPU 1.15 s a game, 766.7 ms "
            "a move in the 2 games that record it (over 3 games, 4 moves)");
  SelfplaySummary s;
  fill_results(s, tally, std::nullopt, std::nullopt);
  const auto j = summary_json(s);
  EXPECT_EQ(j["engines"][0]["time_use"]["cpu_games"], 2);
  EXPECT_DOUBLE_EQ(j["engines"][1]["time_use"]["cpu_seconds_per_game"].get<double>(), 0.0215);
  EXPECT_NE(summary_text(s).find("time (as logged: wall, then CPU where recorded):\n  a: 0.82 s"),
            std::string::npos)
      << summary_text(s);
  // Without CPU times in any game the line is the wall time's alone and the keys are null.
  MatchTally wall({"a", "b"}, schedule);
  wall.add(timed(1, 1, {60, 3}));
  EXPECT_EQ(analysis::time_use_text(wall.time_use()[0]),
            "0.06 s a game, 60.0 ms a move, longest move 60 ms (over 1 games, 1 moves)");
  SelfplaySummary plain;
  fill_results(plain, wall, std::nullopt, std::nullopt);
  EXPECT_TRUE(summary_json(plain)["engines"][0]["time_use"]["cpu_ms_per_move"].is_null());
}

}  // namespace
}  // namespace arena::selfplay
