// Per-engine settings end to end: `arena selfplay` with each engine's own time control in its
// --engine entry (an arena config and an outside program) records both in the run record; the
// program's command line runs as written through the shell (`cd DIR && ...`, `VAR=1 prog`)
// and in its `dir=` folder; no file is left in the temporary folder; bad values exit 2 naming
// the option.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include "protocol/child_process.hpp"
#include "records/game_log.hpp"
#include "tests/support/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using arena::protocol::ChildProcess;
using arena::protocol::ReadStatus;

const std::string kOthelloA = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
const std::string kOthelloB = std::string(ARENA_SOURCE_DIR) + "/configs/othello/seed-table.cfg";

/// A private folder per test, used as TMPDIR of the runs (to see what they leave there).
class EngineSettingsCli : public ::testing::Test {
 protected:
  void SetUp() override { fs::create_directories(dir_ / "tmp"); }

  /// Runs `arena ARGS` (a shell-quoted string) with TMPDIR set to the private folder; returns
  /// the exit status and keeps stderr in err_.
  int arena(const std::string& args) {
    const std::string err = (dir_ / "err").string();
    const std::string cmd = "TMPDIR=" + (dir_ / "tmp").string() + " " + ARENA_BINARY + " " +
                            args + " >/dev/null 2>" + err;
    const int rc = std::system(cmd.c_str());
    std::ifstream in(err);
    std::stringstream s;
    s << in.rdbuf();
    err_ = s.str();
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }

  arena::test::ScratchDir scratch_{"arena_engine_settings"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::string err_;
};

TEST_F(EngineSettingsCli, EachEngineItsOwnTimeControlInTheRunRecord) {
  const std::string log = (dir_ / "tc.jsonl").string();
  // The program runs from its own folder through a compound shell line.
  const std::string program = "nboard[name=arena-nboard,tc=4+0.1,dir=" + dir_.string() +
                              "]:cd tmp && VAR=1 " + ARENA_BINARY + " nboard --config " + kOthelloB;
  ASSERT_EQ(arena("selfplay --quiet --games 2 --openings random:4 --engine " + kOthelloA +
                  ",tc=3+0.05 --engine '" + program + "' --each depth=2 --out " + log),
            0)
      << err_;
  const auto f = arena::records::read_log_file(log);
  ASSERT_EQ(f.run.engines.size(), 2U);
  ASSERT_TRUE(f.run.engines[0].limits);
  ASSERT_TRUE(f.run.engines[1].limits);
  ASSERT_TRUE(f.run.engines[0].limits->tc);
  EXPECT_EQ(f.run.engines[0].limits->tc->text, "3+0.05");
  ASSERT_TRUE(f.run.engines[1].limits->tc);
  EXPECT_EQ(f.run.engines[1].limits->tc->text, "4+0.1");
  EXPECT_EQ(f.run.engines[0].limits->depth, 2);  // from --each
  EXPECT_FALSE(f.run.limits.tc);                 // no global --tc
  EXPECT_EQ(f.run.engines[1].name, "arena-nboard");
  ASSERT_EQ(f.games.size(), 2U);
  for (const auto& g : f.games) {
    EXPECT_EQ(g.termination, arena::records::Termination::Normal) << g.reason;
  }
  // Resuming with another clock for one engine is refused, naming the field.
  EXPECT_EQ(arena("selfplay --quiet --games 2 --openings random:4 --engine " + kOthelloA +
                  ",tc=3+0.5 --engine '" + program + "' --each depth=2 --out " + log),
            2);
  EXPECT_NE(err_.find("engines[0].limits"), std::string::npos) << err_;
  // Nothing left in the temporary folder (the program's config lives in memory).
  EXPECT_TRUE(fs::is_empty(dir_ / "tmp")) << fs::directory_iterator(dir_ / "tmp")->path();
}

/// The lines of `text` that hold `needle`.
std::vector<std::string> lines_with(const std::string& text, const std::string& needle) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find(needle) != std::string::npos) out.push_back(line);
  }
  return out;
}

// An outside program that keeps running past its clock within its margin_ms: the self-play
// summary warns, and `arena analyze` and the report of its log show the same warning (the
// clocks read back from the run record: the global --tc, the margin from the entry).
TEST_F(EngineSettingsCli, ForgivenOverrunsAreWarnedAboutByEveryReaderOfTheLog) {
  const std::string log = (dir_ / "overrun.jsonl").string();
  // About 30 moves of 60 ms against a clock of 1 s a game.
  const std::string program = "nboard[name=slow,margin_ms=5000]:" + std::string(ARENA_MOCK_ENGINE) +
                              " nboard think 60";
  ASSERT_EQ(arena("selfplay --quiet --games 2 --openings random:4 --tc 1 --engine " + kOthelloA +
                  " --engine '" + program + "' --out " + log),
            0)
      << err_;
  // Only the slow engine's line: arena's own engine may run past its clock too on a loaded
  // machine (wall time), and that warning is not what this test is about.
  const auto warned = lines_with(err_, "slow ran past its clock");
  ASSERT_EQ(warned.size(), 1U) << err_;
  EXPECT_EQ(warned[0].find("warning: slow ran past its clock in 2 of its 2 games on a clock"), 0U)
      << warned[0];
  ASSERT_EQ(arena("analyze " + log), 0) << err_;
  EXPECT_EQ(lines_with(err_, "slow ran past its clock"), warned) << err_;
  const std::string page = (dir_ / "report.html").string();
  ASSERT_EQ(arena("report " + log + " --gnuplot '' --out " + page), 0) << err_;
  std::ifstream in(page);
  std::stringstream html;
  html << in.rdbuf();
  EXPECT_NE(html.str().find(warned[0].substr(std::string("warning: ").size())), std::string::npos);
}

TEST_F(EngineSettingsCli, BadValuesExitTwoNamingTheOption) {
  const std::string base = "selfplay --quiet --games 2 --out " + (dir_ / "x.jsonl").string() + " ";
  const auto expect_two = [&](const std::string& args, const std::string& needle) {
    EXPECT_EQ(arena(base + args), 2) << args << ": " << err_;
    EXPECT_NE(err_.find(needle), std::string::npos) << args << ": " << err_;
    EXPECT_FALSE(fs::exists(dir_ / "x.jsonl"));
  };
  const std::string b = " --engine " + kOthelloB;
  expect_two("--engine " + kOthelloA + ",tc=fast" + b, "--engine " + kOthelloA + ",tc=fast: tc");
  expect_two("--engine " + kOthelloA + ",depth=two" + b, "depth");
  expect_two("--engine " + kOthelloA + ",restart=on" + b, "outside programs");
  expect_two("--engine " + kOthelloA + b + " --each nodes=-5", "--each nodes=-5: nodes");
  expect_two("--engine " + kOthelloA + b + " --each colour=red", "unknown key 'colour'");
  expect_two("--engine " + kOthelloA + b + " --adjudicate exact:many", "--adjudicate exact:many");
  expect_two("--engine " + kOthelloA + b + " --adjudicate score:100", "--adjudicate score:100");
  expect_two("--engine " + kOthelloA + " --engine 'nboard[name=n,dir=" + (dir_ / "absent").string() +
                 "]:true'",
             "is not a folder");
}

TEST(Shell, CommandLinesRunAsWrittenInTheirFolder) {
  const fs::path here = fs::canonical(fs::temp_directory_path());
  auto c = ChildProcess::start("cd " + here.string() + " && VAR=hello sh -c 'echo $VAR; pwd'");
  EXPECT_EQ(c.read_line(5000ms).line, "hello");
  EXPECT_EQ(c.read_line(5000ms).line, here.string());
  EXPECT_EQ(c.read_line(5000ms).status, ReadStatus::Eof);
  auto d = ChildProcess::start("pwd", true, here.string());
  EXPECT_EQ(d.read_line(5000ms).line, here.string());
}

}  // namespace
