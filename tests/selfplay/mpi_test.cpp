// The distributed self-play (selfplay/mpi_selfplay.hpp): message payloads round-trip, and
// `mpirun -n 2 --oversubscribe arena selfplay ...` writes the same set of game lines as the
// single-process run with the same seed, resumes a cut log to exactly the requested games, and
// stops early on an SPRT, survives the death of a rank (SIGKILL) with a consistent,
// resumable log, and stops gracefully on a signal to any rank. The end-to-end tests skip (not pass) when this build has no MPI or
// no `mpirun` is on the PATH. They pass --allow-run-as-root because CI runs as root.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "records/game_log.hpp"
#include "selfplay/mpi_selfplay.hpp"
#include "selfplay/mpi_transport.hpp"
#include "tests/selfplay/mpi_jobs.hpp"
#include "tests/selfplay/shipped_runs.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;
using testing::find_rank;
using testing::games_by_id;
using testing::kBlokusB;
using testing::kBlokusRandom;
using testing::kOthelloA;
using testing::kOthelloB;
using testing::mpirun;
using testing::wait_status;

TEST(MpiPayload, IdsAndGamesRoundTrip) {
  const std::vector<std::int64_t> ids = {4, 5, 10, 11};
  EXPECT_EQ(parse_ids(format_ids(ids)), ids);
  EXPECT_TRUE(parse_ids("").empty());
  records::GameRecord g;
  g.id = 7;
  g.pair = 3;
  g.first = "a";
  g.second = "b";
  g.moves = {"d3", "c5", "pass"};
  g.score = -4;
  g.seed = 99;
  const std::vector<records::GameRecord> games = {g, g};
  EXPECT_EQ(parse_games(format_games(games), "rank 1: "), games);
  EXPECT_THROW((void)parse_games("{\"type\":\"game\"}\n", "rank 1: "), InputError);
}

/// Runs a shell command line; returns its exit status (-1 if it did not exit normally).
int shell(const std::string& command) {
  const int rc = std::system(command.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

class MpiSelfplay : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = testing::mpi_skip_reason(); !why.empty()) GTEST_SKIP() << why;
  }

  /// Runs `arena args` (under `mpirun -n ranks` when ranks > 0) with stdout to `tag`.out and
  /// stderr to `tag`.err; returns the exit status.
  int arena(const std::vector<std::string>& args, int ranks, const std::string& tag) {
    std::string cmd;
    if (ranks > 0) cmd = mpirun(ranks);
    cmd += std::string("'") + ARENA_BINARY + "'";
    for (const auto& a : args) cmd += " '" + a + "'";
    cmd += " >'" + scratch_.file(tag + ".out") + "' 2>'" + scratch_.file(tag + ".err") + "'";
    return shell(cmd);
  }

  [[nodiscard]] std::string slurp(const std::string& tag) const {
    std::ifstream in(scratch_.file(tag));
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  arena::test::ScratchDir scratch_{"arena_mpi"};
};

std::vector<std::string> mpi_othello_args(const std::string& out, int games) {
  return {"selfplay", "--engine", kOthelloA, "--engine", kOthelloB, "--games",
          std::to_string(games), "--threads", "1", "--seed", "3", "--openings", "random:6",
          "--depth", "1", "--out", out, "--quiet", "--json"};
}

TEST_F(MpiSelfplay, TwoRanksPlayTheSingleRunsGamesAndResume) {
  ASSERT_EQ(arena(mpi_othello_args(scratch_.file("single.jsonl"), 40), 0, "single"), 0)
      << slurp("single.err");
  ASSERT_EQ(arena(mpi_othello_args(scratch_.file("mpi.jsonl"), 40), 2, "mpi"), 0) << slurp("mpi.err");
  const auto summary = nlohmann::json::parse(slurp("mpi.out"));  // rank 0's summary only
  EXPECT_EQ(summary["games_logged"], 40);
  const records::LogFile single = records::read_log_file(scratch_.file("single.jsonl"));
  const records::LogFile mpi = records::read_log_file(scratch_.file("mpi.jsonl"));
  EXPECT_EQ(mpi.lines, 40);  // no game twice
  EXPECT_FALSE(records::run_record_difference(single.run, mpi.run, false).has_value());
  EXPECT_EQ(games_by_id(mpi), games_by_id(single));  // equality ignores timing fields

  // A run cut after 15 games with a torn line (a killed job) resumes to exactly 40 games.
  std::ifstream in(scratch_.file("mpi.jsonl"));
  std::ofstream cut(scratch_.file("cut.jsonl"));
  std::string line;
  for (int i = 0; i < 16 && std::getline(in, line); ++i) cut << line << "\n";
  std::getline(in, line);
  cut << line.substr(0, line.size() / 2);
  cut.close();
  ASSERT_EQ(arena(mpi_othello_args(scratch_.file("cut.jsonl"), 40), 2, "resume"), 0) << slurp("resume.err");
  const records::LogFile resumed = records::read_log_file(scratch_.file("cut.jsonl"));
  EXPECT_EQ(resumed.lines, 40);
  EXPECT_FALSE(resumed.torn_tail);
  EXPECT_EQ(games_by_id(resumed), games_by_id(single));
}

/// Game lines (not the run record) in a log file, torn tail included.
int game_lines(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  int n = -1;
  while (std::getline(in, line)) ++n;
  return std::max(n, 0);
}

/// Starts `mpirun -n 2 arena args` in the background (stdout/stderr to `out`/`err`); returns
/// the pid of the mpirun process.
pid_t start_two_ranks(const std::vector<std::string>& args, const std::string& out,
                      const std::string& err) {
  std::string cmd = "env " + mpirun(2) + "'" + ARENA_BINARY + "'";
  for (const auto& a : args) cmd += " '" + a + "'";
  return testing::start_job(cmd + " >'" + out + "' 2>'" + err + "'");
}

TEST_F(MpiSelfplay, KilledRankLeavesAResumableLog) {
  // The full count in every build: after rank 1's death rank 0 plays on until the runtime
  // kills it, which on a loaded machine took long enough for it to finish 90 games alone.
  constexpr int kGames = 200;
  ASSERT_EQ(arena(mpi_othello_args(scratch_.file("single.jsonl"), kGames), 0, "single"), 0)
      << slurp("single.err");
  const std::string log = scratch_.file("killed.jsonl");
  const pid_t job = start_two_ranks(mpi_othello_args(log, kGames), scratch_.file("killed.out"),
                                    scratch_.file("killed.err"));
  ASSERT_GT(job, 0);
  // Kill rank 1 once some games are logged (the run takes many times longer than that).
  pid_t victim = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (game_lines(log) >= 10 && (victim = find_rank(1, log)) > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_GT(victim, 0) << "rank 1 not found; " << slurp("killed.err");
  ASSERT_EQ(::kill(victim, SIGKILL), 0);
  ASSERT_GE(wait_status(job), 0);

  // Whatever the runtime did after the death, the log holds whole lines of the single run.
  const records::LogFile cut = records::read_log_file(log);
  EXPECT_LT(cut.games.size(), static_cast<std::size_t>(kGames)) << "the run ended before the kill";
  const auto single = games_by_id(records::read_log_file(scratch_.file("single.jsonl")));
  for (const auto& [id, g] : games_by_id(cut)) EXPECT_EQ(g, single.at(id)) << "id " << id;

  ASSERT_EQ(arena(mpi_othello_args(log, kGames), 2, "rerun"), 0) << slurp("rerun.err");
  const records::LogFile resumed = records::read_log_file(log);
  EXPECT_EQ(resumed.lines, kGames);
  EXPECT_FALSE(resumed.torn_tail);
  EXPECT_EQ(games_by_id(resumed), single);
}

/// The pids of ranks `ranks` of the job writing `log`, once it has logged `games` games (an
/// empty list after 60 s).
std::vector<pid_t> ranks_once_logging(const std::vector<int>& ranks, const std::string& log,
                                      int games) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (game_lines(log) >= games) {
      std::vector<pid_t> pids;
      for (const int r : ranks) {
        if (const pid_t p = find_rank(r, log); p > 0) pids.push_back(p);
      }
      if (pids.size() == ranks.size()) return pids;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return {};
}

// Slurm's scancel and time limit send SIGTERM to every task: each rank finishes its games in
// flight, rank 0 logs them, prints the resume command and exits 130, and the same command then
// completes exactly the requested games (Must show: a graceful stop under a scheduler).
TEST_F(MpiSelfplay, SigtermToEveryRankFinishesTheGamesInFlightAndResumes) {
  constexpr int kGames = arena::test::by_build(200, 30);
  ASSERT_EQ(arena(mpi_othello_args(scratch_.file("single.jsonl"), kGames), 0, "single"), 0)
      << slurp("single.err");
  const std::string log = scratch_.file("term.jsonl");
  const pid_t job =
      start_two_ranks(mpi_othello_args(log, kGames), scratch_.file("term.out"), scratch_.file("term.err"));
  ASSERT_GT(job, 0);
  const std::vector<pid_t> ranks = ranks_once_logging({0, 1}, log, 10);
  ASSERT_EQ(ranks.size(), 2U) << "ranks not found; " << slurp("term.err");
  for (const pid_t p : ranks) ASSERT_EQ(::kill(p, SIGTERM), 0);
  const int status = wait_status(job);
  if (status == 0) GTEST_SKIP() << "the run finished before the signal";
  EXPECT_EQ(status, 130) << slurp("term.err");
  EXPECT_NE(slurp("term.err").find("SIGTERM on rank"), std::string::npos) << slurp("term.err");
  EXPECT_NE(slurp("term.err").find("resume with"), std::string::npos) << slurp("term.err");

  const records::LogFile cut = records::read_log_file(log);
  EXPECT_FALSE(cut.torn_tail);  // every game in flight finished and was logged whole
  EXPECT_LT(cut.games.size(), static_cast<std::size_t>(kGames));
  const auto single = games_by_id(records::read_log_file(scratch_.file("single.jsonl")));
  for (const auto& [id, g] : games_by_id(cut)) EXPECT_EQ(g, single.at(id)) << "id " << id;

  ASSERT_EQ(arena(mpi_othello_args(log, kGames), 2, "rerun"), 0) << slurp("rerun.err");
  const records::LogFile resumed = records::read_log_file(log);
  EXPECT_EQ(resumed.lines, kGames);
  EXPECT_EQ(games_by_id(resumed), single);
}

// A signal on one worker alone (a node's early warning) stops every rank the same way.
TEST_F(MpiSelfplay, SignalOnOneWorkerStopsEveryRank) {
  const std::string log = scratch_.file("one.jsonl");
  const pid_t job =
      start_two_ranks(mpi_othello_args(log, 400), scratch_.file("one.out"), scratch_.file("one.err"));
  ASSERT_GT(job, 0);
  const std::vector<pid_t> worker = ranks_once_logging({1}, log, 10);
  ASSERT_EQ(worker.size(), 1U) << "rank 1 not found; " << slurp("one.err");
  ASSERT_EQ(::kill(worker[0], SIGUSR1), 0);  // the default --stop-signal
  const int status = wait_status(job);
  if (status == 0) GTEST_SKIP() << "the run finished before the signal";
  EXPECT_EQ(status, 130) << slurp("one.err");
  EXPECT_NE(slurp("one.err").find("SIGUSR1 on rank 1: finishing the games in flight on every "
                                  "rank"),
            std::string::npos)
      << slurp("one.err");
  const records::LogFile cut = records::read_log_file(log);
  EXPECT_FALSE(cut.torn_tail);
  EXPECT_LT(cut.games.size(), 400U);
}

TEST_F(MpiSelfplay, SprtStopsEveryRank) {
  const std::vector<std::string> args = {
      "selfplay", "--engine", kBlokusB, "--engine", kBlokusRandom, "--games", "400", "--threads", "1",
      "--openings", "random:2", "--depth", "1", "--out", scratch_.file("sprt.jsonl"),
      "--sprt", "elo0=0,elo1=50,alpha=0.05,beta=0.05", "--quiet", "--json"};
  ASSERT_EQ(arena(args, 2, "sprt"), 0) << slurp("sprt.err");
  const auto s = nlohmann::json::parse(slurp("sprt.out"));
  EXPECT_TRUE(s["sprt_stopped"].get<bool>());
  EXPECT_LT(s["games_logged"].get<int>(), 400);
  EXPECT_EQ(s["pairs"][0]["sprt"]["state"], "H1");
  const records::LogFile log = records::read_log_file(scratch_.file("sprt.jsonl"));
  EXPECT_EQ(log.lines, s["games_logged"].get<std::int64_t>());
  // The decision is recorded once; rank 0's drawn seed is the run's; a rerun plays nothing.
  ASSERT_TRUE(log.decision);
  EXPECT_EQ(analysis::state_name(log.decision->result.state), s["pairs"][0]["sprt"]["state"]);
  EXPECT_DOUBLE_EQ(log.decision->result.llr, s["pairs"][0]["sprt"]["llr"].get<double>());
  EXPECT_EQ(log.run.seed, s["seed"].get<std::uint64_t>());
  ASSERT_EQ(arena(args, 2, "again"), 0) << slurp("again.err");
  const auto again = nlohmann::json::parse(slurp("again.out"));
  EXPECT_EQ(again["games_played"].get<int>(), 0);
  EXPECT_EQ(again["pairs"][0]["sprt"]["state"], s["pairs"][0]["sprt"]["state"]);
  EXPECT_EQ(records::read_log_file(scratch_.file("sprt.jsonl")).lines, log.lines);
}

TEST_F(MpiSelfplay, BadInputExitsTwoOnEveryRank) {
  auto args = mpi_othello_args(scratch_.file("bad.jsonl"), 40);
  args.push_back("--shard");
  args.push_back("3/3");
  EXPECT_NE(arena(args, 2, "bad"), 0);
  EXPECT_NE(slurp("bad.err").find("--shard"), std::string::npos) << slurp("bad.err");
  EXPECT_FALSE(fs::exists(scratch_.file("bad.jsonl")));
}

}  // namespace
}  // namespace arena::selfplay
