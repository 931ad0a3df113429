// Stopping a run from outside: --deadline/--hours parsing (UTC seconds checked against GNU
// `date -u -d TIME +%s`), signal names, SLURM_CPUS_PER_TASK as the --threads default, and
// through the binary: a deadline and the --stop-signal each end a run with a whole-line log
// and the resume command, and the same command then completes exactly the requested games.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "selfplay/deadline.hpp"
#include "records/game_log.hpp"
#include "selfplay/launch.hpp"
#include "selfplay/signal_watcher.hpp"
#include "tests/selfplay/log_polling.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;
using std::chrono::system_clock;

/// Games of the stopped runs: enough to outlast the deadline or the signal in either build.
constexpr int kStopGames = arena::test::by_build(120, 20);

std::int64_t epoch_seconds(WallTime t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

TEST(Deadline, UtcTimesMatchGnuDate) {
  EXPECT_EQ(epoch_seconds(parse_utc_time("2026-12-01T12:00:00Z", "--deadline")), 1796126400);
  EXPECT_EQ(epoch_seconds(parse_utc_time("2026-12-01T12:00Z", "--deadline")), 1796126400);
  EXPECT_EQ(epoch_seconds(parse_utc_time("2026-12-01T13:30:00+01:00", "--deadline")), 1796128200);
  EXPECT_EQ(epoch_seconds(parse_utc_time("2028-02-29T00:00:00Z", "--deadline")), 1835395200);
  for (const char* bad : {"2026-12-01 12:00:00Z", "2026-12-01T12:00:00", "2026-13-01T00:00Z",
                          "2026-04-31T00:00Z", "2027-02-29T00:00Z", "2026-12-01T24:00Z",
                          "2026-12-01T12:00:00+1", "tomorrow", ""}) {
    EXPECT_THROW((void)parse_utc_time(bad, "--deadline"), InputError) << bad;
  }
}

TEST(Deadline, FromDeadlineOrHours) {
  const WallTime now = parse_utc_time("2026-12-01T12:00:00Z", "t");
  EXPECT_FALSE(run_deadline("", 0.0, now).has_value());
  EXPECT_EQ(epoch_seconds(*run_deadline("", 1.5, now)), 1796126400 + 5400);
  EXPECT_EQ(epoch_seconds(*run_deadline("2026-12-01T13:00:00Z", 0.0, now)), 1796130000);
  EXPECT_THROW((void)run_deadline("2026-12-01T11:00:00Z", 0.0, now), InputError);  // past
  EXPECT_THROW((void)run_deadline("2026-12-01T13:00:00Z", 1.0, now), InputError);  // both
  EXPECT_THROW((void)run_deadline("", -1.0, now), InputError);
}

TEST(StopSignal, NamesAndNumbers) {
  EXPECT_EQ(parse_signal("USR1", "--stop-signal"), SIGUSR1);
  EXPECT_EQ(parse_signal("SIGUSR2", "--stop-signal"), SIGUSR2);
  EXPECT_EQ(parse_signal(std::to_string(SIGHUP), "--stop-signal"), SIGHUP);
  EXPECT_EQ(parse_signal("none", "--stop-signal"), 0);
  EXPECT_THROW((void)parse_signal("KILL", "--stop-signal"), InputError);
  EXPECT_THROW((void)parse_signal("USR3", "--stop-signal"), InputError);
  EXPECT_EQ(signal_name(SIGTERM), "SIGTERM");
}

TEST(SchedulerThreads, SlurmCpusPerTask) {
  const auto env = [](const char* value) {
    return [value](const char* name) -> const char* {
      return std::string(name) == "SLURM_CPUS_PER_TASK" ? value : nullptr;
    };
  };
  EXPECT_EQ(scheduler_threads(1, env(nullptr)), 1);
  EXPECT_EQ(scheduler_threads(1, env("4")), 4);
  EXPECT_THROW((void)scheduler_threads(1, env("0")), InputError);
  EXPECT_THROW((void)scheduler_threads(1, env("4x")), InputError);
}

class StopCli : public ::testing::Test {
 protected:
  /// `arena selfplay` of `games` Othello games into `log` with `extra` words (a shell line).
  [[nodiscard]] std::string command(const std::string& log, int games,
                                    const std::string& extra) const {
    const std::string configs = std::string(ARENA_SOURCE_DIR) + "/configs/othello/";
    return std::string("'") + ARENA_BINARY + "' selfplay --engine " + configs +
           "classic.cfg --engine " + configs + "seed-table.cfg --games " + std::to_string(games) +
           " --threads 2 --seed 4 --openings random:6 --depth 2 --quiet --json --out '" + log +
           "' " + extra;
  }

  /// Runs a shell line with stdout/stderr to `tag`.out/.err; returns its exit status.
  int run(const std::string& line, const std::string& tag) {
    const int rc = std::system(
        (line + " >'" + scratch_.file(tag + ".out") + "' 2>'" + scratch_.file(tag + ".err") + "'").c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }

  [[nodiscard]] std::string slurp(const std::string& tag) const {
    std::ifstream in(scratch_.file(tag));
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  /// Checks that a stopped log resumes to exactly `games` games equal to a one-go run's.
  void expect_resumes(const std::string& log, int games) {
    const records::LogFile cut = records::read_log_file(log);
    EXPECT_FALSE(cut.torn_tail);
    EXPECT_LT(cut.games.size(), static_cast<std::size_t>(games));
    ASSERT_EQ(run(command(log, games, ""), "resume"), 0) << slurp("resume.err");
    ASSERT_EQ(run(command(scratch_.file("whole.jsonl"), games, ""), "whole"), 0) << slurp("whole.err");
    const records::LogFile resumed = records::read_log_file(log);
    const records::LogFile whole = records::read_log_file(scratch_.file("whole.jsonl"));
    EXPECT_EQ(resumed.lines, games);
    std::map<std::int64_t, records::GameRecord> a;
    std::map<std::int64_t, records::GameRecord> b;
    for (const auto& g : resumed.games) EXPECT_TRUE(a.emplace(g.id, g).second) << "id " << g.id;
    for (const auto& g : whole.games) b.emplace(g.id, g);
    EXPECT_EQ(a, b);
  }

  arena::test::ScratchDir scratch_{"arena_stop"};
};

TEST_F(StopCli, DeadlineEndsTheRunResumably) {
  // 0.0001 h = 0.36 s: less than the games take at depth 2 (120 about 0.6 s in the release
  // build; 20 a few seconds under the sanitizers).
  const int rc = run(command(scratch_.file("d.jsonl"), kStopGames, "--hours 0.0001"), "d");
  if (rc == 0) GTEST_SKIP() << "all games finished before the deadline";
  EXPECT_EQ(rc, 130) << slurp("d.err");
  EXPECT_NE(slurp("d.err").find("deadline reached"), std::string::npos) << slurp("d.err");
  EXPECT_NE(slurp("d.err").find("resume with"), std::string::npos) << slurp("d.err");
  expect_resumes(scratch_.file("d.jsonl"), kStopGames);
}

TEST_F(StopCli, StopSignalEndsTheRunResumably) {
  const std::string log = scratch_.file("u.jsonl");
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string line = "exec " + command(log, kStopGames, "--stop-signal USR2") + " >'" +
                             scratch_.file("u.out") + "' 2>'" + scratch_.file("u.err") + "'";
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  testing::wait_for_logged_games(log, 2);
  ASSERT_EQ(::kill(pid, SIGUSR2), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal: it was not caught";
  if (WEXITSTATUS(status) == 0) GTEST_SKIP() << "the run finished before the signal";
  EXPECT_EQ(WEXITSTATUS(status), 130) << slurp("u.err");
  EXPECT_NE(slurp("u.err").find("SIGUSR2: finishing the games in flight"), std::string::npos)
      << slurp("u.err");
  expect_resumes(log, kStopGames);
}

TEST_F(StopCli, ThreadsDefaultFromSlurmCpusPerTask) {
  // A value beyond the thread limit is reported against --threads: the variable was used.
  std::string line = command(scratch_.file("t.jsonl"), 2, "");
  line.erase(line.find(" --threads 2"), std::string(" --threads 2").size());
  EXPECT_EQ(run("SLURM_CPUS_PER_TASK=100000 " + line, "big"), 2);
  EXPECT_NE(slurp("big.err").find("--threads"), std::string::npos) << slurp("big.err");
  EXPECT_EQ(run("SLURM_CPUS_PER_TASK=1 " + line, "one"), 0) << slurp("one.err");
  EXPECT_EQ(run("SLURM_CPUS_PER_TASK=zero " + line, "bad"), 2);
  EXPECT_NE(slurp("bad.err").find("SLURM_CPUS_PER_TASK"), std::string::npos) << slurp("bad.err");
}

}  // namespace
}  // namespace arena::selfplay
