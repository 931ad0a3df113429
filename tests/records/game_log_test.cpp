// The game log format: write/read round trip, torn last lines, duplicate ids, run record checks.
#include "records/game_log.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::records {
namespace {

/// A fresh temporary folder per test, removed afterwards.
class GameLogTest : public ::testing::Test {
 protected:
  arena::test::ScratchDir scratch_{"arena_log"};
};

RunRecord sample_run() {
  RunRecord r;
  r.game = "othello";
  r.engines = {{"a", "00000000000000aa", "name = a\ngame = othello\n", "a.cfg"},
               {"b", "00000000000000bb", "name = b\ngame = othello\n", "b.cfg"}};
  r.seed = 18446744073709551615ULL;
  r.limits.depth = 2;
  r.openings = "random:4";
  r.games = 10;
  r.sprt = analysis::parse_sprt_spec("elo0=0,elo1=5,alpha=0.05,beta=0.05");
  r.command_line = {"arena", "selfplay"};
  r.arena_version = "0.1.0";
  r.start_time = "2026-11-29T12:00:00Z";
  return r;
}

GameRecord sample_game(std::int64_t id, int score) {
  GameRecord g;
  g.id = id;
  g.pair = id / 2;
  g.opening = {"f5", "d6"};
  g.first = id % 2 == 0 ? "a" : "b";
  g.second = id % 2 == 0 ? "b" : "a";
  g.moves = {"c3", "pass", "d3"};
  g.score = score;
  g.evals = {MoveEval{12, 2, 40, 0.5, std::nullopt}, std::nullopt, MoveEval{-3, 2, 17, 0.25, 8.0}};
  g.times = {7, 0, 31};
  g.cpu = {6, 0, 29};
  g.ms = 12.5;
  g.seed = 0xdeadbeefcafef00dULL;
  return g;
}

void append_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::app | std::ios::binary) << text;
}

TEST_F(GameLogTest, RoundTripKeepsEveryField) {
  const auto path = scratch_.file("run.jsonl");
  {
    auto w = LogWriter::create(path, sample_run());
    w.write(sample_game(0, 10));
    auto crash = sample_game(1, -1);
    crash.termination = Termination::Crash;
    crash.reason = "b: out of memory";
    crash.evals.clear();
    w.write(crash);
  }
  const LogFile log = read_log_file(path);
  EXPECT_FALSE(log.torn_tail);
  EXPECT_TRUE(log.warnings.empty());
  EXPECT_EQ(log.run.seed, 18446744073709551615ULL);
  EXPECT_EQ(log.run.engines, sample_run().engines);
  EXPECT_EQ(log.run.sprt, sample_run().sprt);
  EXPECT_FALSE(run_record_difference(log.run, sample_run(), false).has_value());
  ASSERT_EQ(log.games.size(), 2U);
  EXPECT_EQ(log.games[0], sample_game(0, 10));
  EXPECT_EQ(log.games[0].ms, 12.5);
  EXPECT_EQ(log.games[0].times, (std::vector<std::int64_t>{7, 0, 31}));
  EXPECT_EQ(log.games[0].cpu, (std::vector<std::int64_t>{6, 0, 29}));
  ASSERT_TRUE(log.games[0].evals[0].has_value());
  EXPECT_EQ(log.games[0].evals[0]->ms, 0.5);
  EXPECT_EQ(log.games[0].result(), "1-0");
  EXPECT_EQ(log.games[1].result(), "0-1");
  EXPECT_EQ(log.games[1].termination, Termination::Crash);
  EXPECT_EQ(log.games[1].reason, "b: out of memory");
  EXPECT_EQ(log.games[0].transcript(),
            (std::vector<std::string>{"f5", "d6", "c3", "pass", "d3"}));
}

TEST_F(GameLogTest, GameLineHasDesignFieldNames) {
  const auto j = to_json(sample_game(3, 0));
  for (const char* key : {"type", "id", "pair", "opening", "first", "second", "moves", "score",
                          "result", "termination", "reason", "evals", "ms", "seed"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["result"], "1/2-1/2");
  EXPECT_EQ(j["pair"], 1);
  EXPECT_TRUE(j["evals"][1].is_null());
}

TEST_F(GameLogTest, TornLastLineIsDroppedWithWarningAndTruncatedOnAppend) {
  const auto path = scratch_.file("torn.jsonl");
  {
    auto w = LogWriter::create(path, sample_run());
    w.write(sample_game(0, 2));
  }
  const auto intact = std::filesystem::file_size(path);
  append_text(path, R"({"type":"game","id":1,"pair":0,"open)");
  const LogFile log = read_log_file(path);
  EXPECT_TRUE(log.torn_tail);
  EXPECT_EQ(log.intact_bytes, intact);
  ASSERT_EQ(log.warnings.size(), 1U);
  EXPECT_NE(log.warnings[0].find("torn.jsonl:3:"), std::string::npos) << log.warnings[0];
  EXPECT_EQ(log.games.size(), 1U);
  {
    auto w = LogWriter::append(path, log.intact_bytes);
    w.write(sample_game(1, -2));
  }
  const LogFile again = read_log_file(path);
  EXPECT_FALSE(again.torn_tail);
  EXPECT_EQ(again.games.size(), 2U);
}

TEST_F(GameLogTest, MalformedMiddleLineNamesFileAndLine) {
  const auto path = scratch_.file("bad.jsonl");
  { auto w = LogWriter::create(path, sample_run()); }
  append_text(path, "{not json}\n");
  try {
    (void)read_log_file(path);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.jsonl:2:"), std::string::npos) << e.what();
  }
}

TEST_F(GameLogTest, ResultContradictingScoreIsRejected) {
  const auto path = scratch_.file("contra.jsonl");
  { auto w = LogWriter::create(path, sample_run()); }
  auto j = to_json(sample_game(0, 5));
  j["result"] = "0-1";
  append_text(path, j.dump() + "\n");
  EXPECT_THROW((void)read_log_file(path), InputError);
}

TEST_F(GameLogTest, DuplicateIdsIdenticalKeptOnceDifferentRejected) {
  const auto path = scratch_.file("dup.jsonl");
  {
    auto w = LogWriter::create(path, sample_run());
    w.write(sample_game(4, 6));
    auto same_but_slower = sample_game(4, 6);
    same_but_slower.ms = 99.0;
    w.write(same_but_slower);
  }
  const LogFile log = read_log_file(path);
  EXPECT_EQ(log.games.size(), 1U);
  EXPECT_EQ(log.warnings.size(), 1U);
  {
    auto w = LogWriter::append(path, log.intact_bytes);
    w.write(sample_game(4, -6));
  }
  try {
    (void)read_log_file(path);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("dup.jsonl:4:"), std::string::npos) << e.what();
  }
}

TEST_F(GameLogTest, ReadLogsCombinesShardsAndRejectsConflicts) {
  auto run0 = sample_run();
  run0.shard_count = 2;
  auto run1 = run0;
  run1.shard_index = 1;
  {
    auto w0 = LogWriter::create(scratch_.file("s0.jsonl"), run0);
    w0.write(sample_game(0, 1));
    w0.write(sample_game(1, 1));
    auto w1 = LogWriter::create(scratch_.file("s1.jsonl"), run1);
    w1.write(sample_game(3, 1));
    w1.write(sample_game(2, 1));
    w1.write(sample_game(1, 1));  // identical duplicate of s0's
  }
  const LogSet set = read_logs({scratch_.file("s0.jsonl"), scratch_.file("s1.jsonl")});
  ASSERT_EQ(set.games.size(), 4U);
  for (std::int64_t i = 0; i < 4; ++i) EXPECT_EQ(set.games[static_cast<std::size_t>(i)].id, i);
  EXPECT_EQ(set.run.shard_count, 1);
  EXPECT_EQ(set.warnings.size(), 1U);

  {
    auto w = LogWriter::create(scratch_.file("conflict.jsonl"), run1);
    w.write(sample_game(0, -1));
  }
  EXPECT_THROW((void)read_logs({scratch_.file("s0.jsonl"), scratch_.file("conflict.jsonl")}), InputError);

  auto other = run0;
  other.seed = 7;
  { auto w = LogWriter::create(scratch_.file("other.jsonl"), other); }
  try {
    (void)read_logs({scratch_.file("s0.jsonl"), scratch_.file("other.jsonl")});
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'seed'"), std::string::npos) << e.what();
  }
}

TEST_F(GameLogTest, RunRecordDifferenceNamesTheField) {
  auto a = sample_run();
  auto b = a;
  b.command_line = {"different"};
  b.start_time = "later";
  EXPECT_FALSE(run_record_difference(a, b, false).has_value());
  b.engines[1].hash = "00000000000000cc";
  EXPECT_EQ(run_record_difference(a, b, false), "engines[1].hash");
  b = a;
  b.shard_index = 1;
  b.shard_count = 3;
  EXPECT_EQ(run_record_difference(a, b, false), "shard");
  EXPECT_FALSE(run_record_difference(a, b, true).has_value());
  b = a;
  b.limits.depth = 3;
  EXPECT_EQ(run_record_difference(a, b, false), "limits.depth");
}

}  // namespace
}  // namespace arena::records
