// The one SPRT verdict of a run (RunRecorder) on a scripted result sequence: the LLR crosses
// the upper bound, then games still in flight pull it back below. The verdict stays the one of
// the crossing (written once to the log, after the deciding game), the later games are logged
// with after_decision, a resumed log keeps the verdict without a new line, and a log written
// before decisions were recorded is decided at its first crossing (regression: the README's
// SPRT match stopped "by the SPRT" and printed `LLR 2.83 -> continue`).
#include "selfplay/run_recorder.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "analysis/pairs.hpp"
#include "selfplay/summary.hpp"
#include "tests/selfplay/log_lines.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;

/// A two-engine run of 400 games with an SPRT elo0=0, elo1=200 (decides within a few pairs).
RunSetup scripted_setup() {
  RunSetup s{.configs = {},
             .names = {"a", "b"},
             .record = {},
             .schedule = Schedule(2, Format::RoundRobin, 400),
             .sprt = analysis::parse_sprt_params("elo0=0,elo1=200,alpha=0.05,beta=0.05"),
             .settings = {},
             .openings = {},
             .opening_order = OpeningOrder::Sequential,
             .log_path = "",
             .deadline = std::nullopt,
             .stop_signal = 0};
  s.record.game = "othello";
  s.record.engines = {{"a", "00000000000000aa", "name = a\n", ""}, {"b", "00000000000000bb", "name = b\n", ""}};
  s.record.games = 400;
  s.record.sprt = analysis::parse_sprt_spec("elo0=0,elo1=200,alpha=0.05,beta=0.05");
  return s;
}

/// Game `id` of the scripted run, won by engine a (`a_wins`) or by b.
records::GameRecord scripted_game(std::int64_t id, bool a_wins) {
  records::GameRecord g;
  g.id = id;
  g.pair = id / 2;
  const bool a_first = id % 2 == 0;
  g.first = a_first ? "a" : "b";
  g.second = a_first ? "b" : "a";
  g.score = (a_wins == a_first) ? 2 : -2;
  return g;
}

class RunRecorderTest : public ::testing::Test {
 protected:
  /// Plays the script into `path`: pairs won by a until the recorder decides, then pairs won by
  /// b (the games in flight) until the LLR over all games is back inside the bounds.
  /// Returns the id of the deciding game.
  std::int64_t play_script(const RunSetup& setup, const std::string& path) {
    records::LogWriter writer = records::LogWriter::create(path, setup.record);
    RunRecorder recorder(setup, ResumeState{}, writer);
    std::int64_t id = 0;
    std::int64_t deciding = -1;
    for (; deciding < 0 && id < 100; ++id) {
      if (recorder.record(scripted_game(id, true))) deciding = id;
    }
    EXPECT_GE(deciding, 1) << "the script never decided";
    bool pulled_back = false;
    for (; !pulled_back && id < 200; ++id) {
      EXPECT_FALSE(recorder.record(scripted_game(id, false))) << "game " << id << " decided again";
      pulled_back = analysis::pair_sprt(recorder.tally().counts(0), *setup.sprt).state ==
                    analysis::SprtState::Continue;
    }
    EXPECT_TRUE(pulled_back) << "the games in flight never pulled the LLR back";
    return deciding;
  }

  arena::test::ScratchDir scratch_{"arena_recorder"};
};

TEST_F(RunRecorderTest, InFlightGamesPullingTheLlrBackDoNotChangeTheVerdict) {
  const RunSetup setup = scripted_setup();
  const std::string path = scratch_.file("run.jsonl");
  const std::int64_t deciding = play_script(setup, path);

  // The decision line: once, right after the deciding game, with the crossing's LLR.
  const auto decisions = testing::lines_of_type(path, "sprt");
  ASSERT_EQ(decisions.size(), 1U);
  const auto& d = decisions[0];
  EXPECT_EQ(d["verdict"], "H1");
  EXPECT_EQ(d["pairs"].get<std::int64_t>(), (deciding + 1) / 2);
  EXPECT_EQ(d["games"].get<std::int64_t>(), deciding + 1);
  EXPECT_GE(d["llr"].get<double>(), d["bounds"][1].get<double>());
  for (const char* key : {"elo0", "elo1", "alpha", "beta"}) EXPECT_TRUE(d.contains(key)) << key;
  {
    std::ifstream in(path);
    std::string line;
    for (std::int64_t n = 0; n <= deciding + 1; ++n) std::getline(in, line);  // run + games
    std::getline(in, line);
    EXPECT_EQ(nlohmann::json::parse(line)["type"], "sprt") << "not right after the deciding game";
  }
  // Games after it are marked; the deciding game and those before are not.
  for (const auto& g : testing::lines_of_type(path, "game")) {
    EXPECT_EQ(g.value("after_decision", false), g["id"].get<std::int64_t>() > deciding) << g.dump();
  }

  // The summary reports the recorded verdict, and the pulled-back LLR apart.
  const records::LogFile log = records::read_log_file(path);
  ASSERT_TRUE(log.decision);
  ResumeState resume{true, log.intact_bytes, log.games, log.decision, {}};
  records::LogWriter writer = records::LogWriter::append(path, log.intact_bytes);
  const auto size_before = fs::file_size(path);
  const RunRecorder again(setup, resume, writer);
  EXPECT_TRUE(again.decided());
  EXPECT_EQ(fs::file_size(path), size_before) << "a resumed decided run wrote a line";
  SelfplaySummary summary;
  fill_results(summary, again.tally(), setup.sprt, again.decision());
  ASSERT_TRUE(summary.pairings[0].sprt);
  EXPECT_EQ(summary.pairings[0].sprt->state, analysis::SprtState::AcceptH1);
  EXPECT_DOUBLE_EQ(summary.pairings[0].sprt->llr, d["llr"].get<double>());
  ASSERT_TRUE(summary.pairings[0].sprt_all_games);
  EXPECT_EQ(summary.pairings[0].sprt_all_games->state, analysis::SprtState::Continue);
  const auto j = summary_json(summary);
  EXPECT_EQ(j["pairs"][0]["sprt"]["state"], "H1");
  EXPECT_TRUE(j["pairs"][0]["sprt"]["decided"].get<bool>());
  EXPECT_EQ(j["pairs"][0]["sprt"]["decision_pairs"], d["pairs"]);
}

TEST_F(RunRecorderTest, ALogWithoutDecisionLineIsDecidedAtItsFirstCrossing) {
  const RunSetup setup = scripted_setup();
  const std::string decided = scratch_.file("decided.jsonl");
  const std::int64_t deciding = play_script(setup, decided);
  // The same games as an older build wrote them: no decision line, no marks.
  const std::string old = scratch_.file("old.jsonl");
  {
    records::LogWriter writer = records::LogWriter::create(old, setup.record);
    for (auto g : records::read_log_file(decided).games) {
      g.after_decision = false;
      writer.write(g);
    }
  }
  const records::LogFile log = records::read_log_file(old);
  EXPECT_FALSE(log.decision);
  ResumeState resume{true, log.intact_bytes, log.games, std::nullopt, {}};
  records::LogWriter writer = records::LogWriter::append(old, log.intact_bytes);
  const RunRecorder recorder(setup, resume, writer);
  ASSERT_TRUE(recorder.decided());
  EXPECT_EQ(recorder.decision()->games, deciding + 1);
  EXPECT_EQ(recorder.decision()->result.state, analysis::SprtState::AcceptH1);
  const auto lines = testing::lines_of_type(old, "sprt");
  ASSERT_EQ(lines.size(), 1U) << "the replayed decision was not recorded";
  EXPECT_EQ(lines[0], testing::lines_of_type(decided, "sprt")[0]);
}

}  // namespace
}  // namespace arena::selfplay
