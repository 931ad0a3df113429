// Faults of the machine, not of the input, while a log is written: a full disk (/dev/full) or
// a file size limit (RLIMIT_FSIZE, the write-failure injection) ends the run with exit 2 and a
// message naming the log, leaving only whole lines, and the run resumes from them; two runs
// writing one log are refused by its lock instead of interleaving; a vanished log and a run
// record torn by a kill are reported or restarted cleanly.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "records/game_log.hpp"
#include "tests/selfplay/log_polling.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;

const std::string kRandom = std::string(ARENA_SOURCE_DIR) + "/configs/othello/random.cfg";
const std::string kClassic = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";

struct FaultRun {
  int status = -1;  ///< exit status, or 128 + signal
  std::string err;
};

class LogFaults : public ::testing::Test {
 protected:
  /// Runs `prefix` (shell words such as "ulimit -f 8;") then arena with `args`, in dir_.
  FaultRun arena(const std::string& args, const std::string& prefix = "") const {
    const std::string err = (dir_ / "err.txt").string();
    const std::string cmd = "cd '" + dir_.string() + "' && " + prefix + " '" + ARENA_BINARY +
                            "' " + args + " >/dev/null 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    FaultRun o;
    o.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::ifstream in(err);
    std::ostringstream s;
    s << in.rdbuf();
    o.err = s.str();
    return o;
  }

  /// A selfplay command line of `games` quick games into `log`.
  static std::string selfplay(int games, const std::string& log, const std::string& extra = "") {
    return "selfplay --engine " + kRandom + " --engine " + kClassic + " --depth 2 --games " +
           std::to_string(games) + " --seed 5 --quiet --out " + log + " " + extra;
  }

  arena::test::ScratchDir scratch_{"arena_log_faults"};
  const std::filesystem::path& dir_ = scratch_.path();
};

records::RunRecord small_run() {
  records::RunRecord r;
  r.game = "othello";
  r.games = 10;
  return r;
}

TEST_F(LogFaults, DiskFullExitsTwoNamingTheLog) {
  const FaultRun o = arena(selfplay(4, "/dev/full"));
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("/dev/full"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("No space left on device"), std::string::npos) << o.err;
}

TEST_F(LogFaults, WriterOnFullDiskThrowsInputError) {
  EXPECT_THROW((void)records::LogWriter::create("/dev/full", small_run()), InputError);
}

// The injection: a file size limit makes write(2) stop short at the limit (a torn line) and
// then fail with EFBIG; SIGXFSZ is ignored so the process sees the error instead of dying.
TEST_F(LogFaults, WriteFailureCutsTheLogBackToWholeLines) {
  const fs::path log = dir_ / "limited.jsonl";
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto previous = ::signal(SIGXFSZ, SIG_IGN);
  rlimit limited = saved;
  limited.rlim_cur = 1500;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
  std::string message;
  {
    records::LogWriter w = records::LogWriter::create(log.string(), small_run());
    records::GameRecord g;
    g.moves.assign(40, "f5");  // ~300 bytes a line: the limit falls inside a line
    try {
      for (int id = 0; id < 10; ++id) {
        g.id = id;
        g.pair = id / 2;
        w.write(g);
      }
    } catch (const InputError& e) {
      message = e.what();
    }
    // Every later write repeats the failure rather than appending after a gap.
    g.id = 9;
    g.pair = 4;
    EXPECT_THROW(w.write(g), InputError);
  }
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &saved), 0);
  ::signal(SIGXFSZ, previous);
  EXPECT_NE(message.find(log.string()), std::string::npos) << message;
  EXPECT_NE(message.find("File too large"), std::string::npos) << message;
  const records::LogFile read = records::read_log_file(log.string());
  EXPECT_FALSE(read.torn_tail);
  EXPECT_GT(read.games.size(), 0U);
  EXPECT_LT(read.games.size(), 10U);
  EXPECT_EQ(fs::file_size(log), read.intact_bytes);
}

TEST_F(LogFaults, RunStoppedByFileSizeLimitResumesFromWholeLines) {
  const std::string log = "run.jsonl";
  // dash's ulimit -f counts 512-byte blocks: 12 KiB holds the run record and a few games.
  const FaultRun cut = arena(selfplay(40, log), "ulimit -f 24; trap '' XFSZ;");
  ASSERT_EQ(cut.status, 2) << cut.err;
  EXPECT_NE(cut.err.find(log), std::string::npos) << cut.err;
  EXPECT_NE(cut.err.find("File too large"), std::string::npos) << cut.err;
  const records::LogFile partial = records::read_log_file((dir_ / log).string());
  EXPECT_FALSE(partial.torn_tail);
  EXPECT_LT(partial.games.size(), 40U);
  const FaultRun resumed = arena(selfplay(40, log));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(records::read_log_file((dir_ / log).string()).games.size(), 40U);
}

TEST_F(LogFaults, SecondWriterOfOneLogIsRefused) {
  const std::string path = (dir_ / "shared.jsonl").string();
  const records::LogWriter first = records::LogWriter::create(path, small_run());
  try {
    (void)records::LogWriter::append(path, fs::file_size(path));
    FAIL() << "a second writer was let in";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("another run is writing this log"), std::string::npos)
        << e.what();
  }
  // Refused before truncating: the first writer's run record is intact.
  EXPECT_NO_THROW((void)records::read_log_file(path));
}

TEST_F(LogFaults, SecondRunOnTheSameLogExitsTwo) {
  const std::string log = (dir_ / "two.jsonl").string();
  // The first run plays long enough (classic at depth 5) to be caught in the middle.
  const std::string slow = "selfplay --engine " + kClassic + " --engine " + kRandom +
                           " --depth 5 --games 400 --seed 5 --quiet --out " + log;
  const pid_t first = ::fork();
  ASSERT_GE(first, 0);
  if (first == 0) {
    ::execl("/bin/sh", "sh", "-c", (std::string("exec '") + ARENA_BINARY + "' " + slow + " 2>/dev/null").c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  testing::wait_for_logged_games(log, 1);
  const FaultRun second = arena(slow);
  ::kill(first, SIGKILL);
  int status = 0;
  ::waitpid(first, &status, 0);
  EXPECT_EQ(second.status, 2) << second.err;
  EXPECT_NE(second.err.find(log), std::string::npos) << second.err;
  EXPECT_NE(second.err.find("another run is writing this log"), std::string::npos) << second.err;
  // No line of the second run is mixed into the first's: the log reads whole.
  const records::LogFile read = records::read_log_file(log);
  EXPECT_GE(read.games.size(), 1U);
}

TEST_F(LogFaults, VanishedLogOnAppendIsAnInputError) {
  const std::string path = (dir_ / "gone.jsonl").string();
  try {
    (void)records::LogWriter::append(path, 0);
    FAIL() << "appending to a missing log succeeded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("No such file"), std::string::npos) << e.what();
  }
}

TEST_F(LogFaults, RunKilledWhileWritingItsRunRecordRestarts) {
  const std::string log = "torn.jsonl";
  std::ofstream(dir_ / log) << R"({"type":"run","format_version":1,"game":"oth)";
  const FaultRun o = arena(selfplay(4, log), "");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("incomplete run record"), std::string::npos) << o.err;
  EXPECT_EQ(records::read_log_file((dir_ / log).string()).games.size(), 4U);
}

}  // namespace
}  // namespace arena::selfplay
