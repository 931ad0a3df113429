// `arena loop` end to end on a tiny Blokus Duo run config: the run folder holds each stage's
// files, `--json` carries the contract's keys, rerunning the same command on the finished
// folder plays no game twice and reports the same result, a finished run is reported (not
// replaced by a new one) with its config paths relative to its folder, and a run killed
// (SIGKILL) during its self-play stage resumes to exactly the configured games, and a match
// won by a perfect score (an infinite Elo) still gets its charts. A bad value anywhere in the
// run config fails with its file:line before any game is played.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/selfplay/log_polling.hpp"
#include "tests/support/command.hpp"

namespace {

using arena::test::arena_command;
using arena::test::CommandRun;
using arena::test::run_arena;
using arena::test::run_command;

namespace fs = std::filesystem;
using arena::selfplay::testing::logged_games;
using arena::selfplay::testing::wait_for_logged_games;

/// Runs `arena args` in the folder `cwd`, stdout and stderr together.
CommandRun arena_in(const fs::path& cwd, const std::string& args) {
  return run_command("cd '" + cwd.string() + "' && " + arena_command(args) + " 2>&1");
}

/// A fresh folder with a one-round Blokus Duo run config of `train_games` training games.
fs::path make_run_config(const std::string& tag, int train_games) {
  const fs::path dir =
      fs::temp_directory_path() / ("arena_loop_" + tag + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "loop.cfg")
      << "game = blokus-duo\nstart = " << ARENA_SOURCE_DIR
      << "/configs/blokus-duo/classic.cfg\nrounds = 1\nthreads = 1\nseed = 3\n"
      << "[train]\ngames = " << train_games << "\ndepth = 1\nopenings = random:2\n"
      << "[tune]\nlabel = search\nmethod = ridge\nholdout = 0.2\nskip_plies = 2\ntie = 0.5\n"
         "[match]\ngames = 4\ndepth = 1\nopenings = random:2\n"
         "sprt = elo0=0,elo1=20,alpha=0.05,beta=0.05\n"
         "[final]\ngames = 4\ndepth = 1\nopenings = random:2\n";
  return dir;
}

TEST(LoopCli, TinyBlokusRunWritesItsFolderAndResumesWithoutReplaying) {
  const fs::path dir = make_run_config("tiny", 6);
  const fs::path cfg = dir / "loop.cfg";
  const fs::path run = dir / "run";
  const std::string args =
      "loop --config '" + cfg.string() + "' --run-dir '" + run.string() + "' --quiet --json";

  const CommandRun first = run_arena(args);
  ASSERT_EQ(first.status, 0);
  const auto s = nlohmann::json::parse(first.out);
  ASSERT_EQ(s.at("rounds").size(), 1U);
  const auto& round = s["rounds"][0];
  EXPECT_EQ(round.at("games"), 6);
  EXPECT_GT(round.at("positions").get<int>(), 0);
  EXPECT_TRUE(round.at("elo_ci95").is_array() && round["elo_ci95"].size() == 2U);
  EXPECT_TRUE(round.at("accepted").is_boolean());
  EXPECT_TRUE(s.at("start_config").is_string());
  EXPECT_TRUE(s.at("best_config").is_string());
  // The final match best vs start is played only when a candidate was accepted.
  const bool accepted = round["accepted"].get<bool>();
  if (accepted) {
    EXPECT_EQ(s.at("best_vs_start").at("games"), 4);
    EXPECT_EQ(s["best_vs_start"].at("elo_ci95").size(), 2U);
    EXPECT_EQ(logged_games(run / "final.jsonl"), 4);
  } else {
    EXPECT_TRUE(s.at("best_vs_start").is_null());
    EXPECT_EQ(s["best_config"], s["start_config"]);
  }
  for (const char* f : {"round-1/train.jsonl", "round-1/candidate.cfg", "round-1/fit.json",
                        "round-1/match.jsonl", "round-1/round.json", "summary.json",
                        "summary.txt"}) {
    EXPECT_TRUE(fs::exists(run / f)) << f;
  }
  EXPECT_EQ(logged_games(run / "round-1/train.jsonl"), 6);
  // [tune] takes every `arena tune` option (here --tie), passed on to the round's fit.
  std::ifstream candidate(run / "round-1/candidate.cfg");
  const std::string candidate_text{std::istreambuf_iterator<char>(candidate), {}};
  EXPECT_NE(candidate_text.find("tie 0.500000"), std::string::npos) << candidate_text;
  const int match_games = logged_games(run / "round-1/match.jsonl");
  EXPECT_EQ(match_games, round.at("match_games").get<int>());

  // The same command on the finished folder: nothing played again, the same summary (but for
  // this invocation's own seconds).
  const CommandRun again = run_arena(args);
  ASSERT_EQ(again.status, 0);
  auto resumed = nlohmann::json::parse(again.out);
  auto expected = s;
  resumed.erase("seconds");
  expected.erase("seconds");
  EXPECT_EQ(resumed, expected);
  EXPECT_EQ(logged_games(run / "round-1/train.jsonl"), 6);
  EXPECT_EQ(logged_games(run / "round-1/match.jsonl"), match_games);
  if (accepted) {
    EXPECT_EQ(logged_games(run / "final.jsonl"), 4);
  }
  fs::remove_all(dir);
}

TEST(LoopCli, KilledDuringSelfPlayResumesToTheConfiguredGames) {
  constexpr int kTrain = 60;
  const fs::path dir = make_run_config("killed", kTrain);
  const fs::path run = dir / "run";
  const fs::path train = run / "round-1" / "train.jsonl";
  const std::string args = "loop --config '" + (dir / "loop.cfg").string() + "' --run-dir '" +
                           run.string() + "' --quiet --json";
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string cmd = std::string("exec '") + ARENA_BINARY + "' " + args + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  wait_for_logged_games(train, 3);
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  if (WIFEXITED(status)) GTEST_SKIP() << "the run ended before the kill";
  ASSERT_LT(logged_games(train), kTrain);

  const CommandRun resumed = run_arena(args);
  ASSERT_EQ(resumed.status, 0);
  const auto s = nlohmann::json::parse(resumed.out);
  EXPECT_EQ(s.at("rounds").at(0).at("games"), kTrain);
  std::set<std::int64_t> ids;
  std::ifstream in(train);
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j.at("type") == "game") {
      EXPECT_TRUE(ids.insert(j.at("id").get<std::int64_t>()).second);
    }
  }
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(kTrain));
  fs::remove_all(dir);
}

// Regression (a finished loop rerun silently started a new run folder): the same command again
// says the run is complete and where, prints its stored summary and exits 0 with runs/ holding
// the one folder; --new starts a second. The summary's config paths are relative to the run
// folder, so a report made from another folder finds them (no problems).
TEST(LoopCli, FinishedRunIsReportedNotReplacedAndReadsFromAnywhere) {
  const fs::path dir = make_run_config("finished", 6);
  const std::string args = "loop --config loop.cfg";
  const CommandRun first = arena_in(dir, args);
  ASSERT_EQ(first.status, 0) << first.out;
  std::vector<fs::path> runs;
  for (const auto& e : fs::directory_iterator(dir / "runs")) runs.push_back(e.path());
  ASSERT_EQ(runs.size(), 1U);
  const fs::path run = runs[0];

  const CommandRun again = arena_in(dir, args);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("run complete: ./runs/" + run.filename().string()), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("--new starts a new run"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("best vs start:"), std::string::npos) << again.out;  // the summary
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "runs"), fs::directory_iterator()), 1);
  const auto j = nlohmann::json::parse(arena_in(dir, args + " --quiet --json").out);
  const auto stored = nlohmann::json::parse(std::ifstream(run / "summary.json"));
  EXPECT_EQ(j, stored);

  // summary.json's config paths, read from the run folder (the start config was given
  // absolute, and stays so; files of the run folder are relative to it).
  for (const std::string key : {"start_config", "best_config"}) {
    const std::string path = stored.at(key);
    EXPECT_TRUE(fs::exists(run / path)) << key << ": " << path;
  }
  const std::string candidate = stored.at("rounds").at(0).at("candidate_config");
  EXPECT_EQ(candidate, "round-1/candidate.cfg");
  const auto round = nlohmann::json::parse(std::ifstream(run / "round-1" / "round.json"));
  EXPECT_EQ(round.at("candidate_config"), candidate);

  // One figure for one result: the round's pair statistics are `arena analyze`'s of its match
  // log (plus selfplay's terminations), and the summary prints analyze's Elo figure.
  const std::string match = (run / "round-1" / "match.jsonl").string();
  const auto analyzed = nlohmann::json::parse(run_arena("analyze '" + match + "' --json").out).at("pairs").at(0);
  for (const auto& [key, value] : analyzed.items()) EXPECT_EQ(round.at("pair").at(key), value) << key;
  const std::string text = run_arena("analyze '" + match + "'").out;
  const std::size_t at = text.find("Elo ");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string figure = text.substr(at + 4, text.find(" (95%", at) - at - 4);
  EXPECT_NE(again.out.find(" " + figure + " "), std::string::npos) << figure << "\n" << again.out;

  // The report from another working folder: nothing missing.
  const CommandRun report = arena_in(fs::temp_directory_path(), "report '" + run.string() + "' --out '" +
                                                                (dir / "r.html").string() + "' --json");
  ASSERT_EQ(report.status, 0) << report.out;
  const auto r = nlohmann::json::parse(report.out.substr(report.out.find('{')));
  EXPECT_TRUE(r.at("problems").empty()) << r.at("problems").dump(1);

  const CommandRun fresh = arena_in(dir, args + " --new --quiet");
  ASSERT_EQ(fresh.status, 0) << fresh.out;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "runs"), fs::directory_iterator()), 2);
  fs::remove_all(dir);
}

// Regression (a match won by a perfect score failed the Elo chart: its infinite Elo reached
// gnuplot as 'inf' and arena loop exited 2 after writing the summary). The loop-over-MPI check
// config (docs/loop-mpi/) accepts its candidate on a 2-0 match; run here in one process.
TEST(LoopCli, PerfectMatchScoreStillDrawsTheCharts) {
  const fs::path dir =
      fs::temp_directory_path() / ("arena_loop_perfect_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string cfg = std::string(ARENA_SOURCE_DIR) + "/docs/loop-mpi/loop.cfg";
  const CommandRun run = run_arena("loop --config '" + cfg + "' --run-dir '" + dir.string() +
                            "' --quiet --json");
  ASSERT_EQ(run.status, 0) << run.out;
  const auto round = nlohmann::json::parse(std::ifstream(dir / "round-1" / "round.json"));
  ASSERT_EQ(round.at("wdl").at("losses"), 0);  // what the regression needs: a perfect score
  ASSERT_EQ(round.at("wdl").at("draws"), 0);
  EXPECT_TRUE(round.at("accepted").get<bool>());
  EXPECT_TRUE(fs::exists(dir / "summary.json"));
  fs::remove_all(dir);
}

// The whole run config is checked before the first game: a bad value in a late stage
// ([match]), or a missing extra_games file, read only after a round's self-play and fit, fails
// at once (exit 2, the file:line and key named) and leaves no run folder.
TEST(LoopCli, BadValueOfALateStageFailsBeforeAnyGame) {
  const std::string match =
      "[match]\ngames = 4\ndepth = 1\nopenings = random:2\n"
      "sprt = elo0=0,elo1=20,alpha=0.05,beta=0.05\n";
  // Each case: the [match] section with one bad line, that line, the key named.
  struct Case {
    std::string section;
    std::string line;
    std::string key;
  };
  const std::vector<Case> cases = {
      {"[match]\ngames = 4\ndepth = 1\nopenings = random:2\nsprt = elo0=0,elo1=5,alpha=2\n",
       "sprt = elo0=0,elo1=5,alpha=2", "match.sprt"},
      {"[match]\ngames = 4\ndepth = 1\nopenings = no-such-openings.txt\n",
       "openings = no-such-openings.txt", "match.openings"},
      {"[match]\ngames = 4\ndepth = 1000\nopenings = random:2\n", "depth = 1000", "match.depth"},
      {"[match]\ngames = 3\ndepth = 1\nopenings = random:2\n", "games = 3", "match.games"},
      {"[match]\ngames = 4\ntemperature = -1\n", "temperature = -1", "match.temperature"},
      {match, "", "extra_games"},
  };
  for (const auto& c : cases) {
    const fs::path dir = make_run_config("late", 2000);
    std::string text;
    {
      std::ifstream in(dir / "loop.cfg");
      text.assign(std::istreambuf_iterator<char>(in), {});
    }
    ASSERT_NE(text.find(match), std::string::npos);
    text.replace(text.find(match), match.size(), c.section);
    if (c.line.empty()) text = "extra_games = missing.tsv\n" + text;
    std::ofstream(dir / "loop.cfg") << text;
    // The 1-based line of the bad value, counted here.
    const std::string bad = c.line.empty() ? "extra_games = missing.tsv" : c.line;
    const auto at = text.find(bad + "\n");
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
    const CommandRun r = arena_in(dir, "loop --config loop.cfg --run-dir run --quiet");
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
    const std::string where = "loop.cfg:" + std::to_string(line) + ": key '" + c.key + "'";
    EXPECT_NE(r.out.find(where), std::string::npos) << where << "\n" << r.out;
    EXPECT_FALSE(fs::exists(dir / "run")) << bad;
    fs::remove_all(dir);
  }
}

}  // namespace
