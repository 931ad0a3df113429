// `arena search` end to end (the built executable): the JSON contract, determinism at a fixed
// depth, and exit status 2 with file:line:key named for bad configs and options.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/command.hpp"

namespace {

using ::testing::HasSubstr;
using arena::test::arena_command;
using arena::test::CommandRun;
using arena::test::run_command;

/// `arena search options`, stdout and stderr together.
CommandRun run_search(const std::string& options) {
  return run_command(arena_command("search " + options) + " 2>&1");
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("arena_search_cli_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path.string();
}

constexpr const char* kBlokusConfig =
    "name = cli-test\ngame = blokus-duo\n[search]\ndepth = 1\n[eval]\nfeatures = classic\n"
    "[weights]\nsquares = 100\n";

TEST(SearchCli, JsonHasTheContractKeysAndIsDeterministic) {
  const std::string cfg = write_temp("bd.cfg", kBlokusConfig);
  const CommandRun a = run_search("--config " + cfg + " --position '56u0 9Au0' --depth 2 --json");
  const CommandRun b = run_search("--config " + cfg + " --position '56u0 9Au0' --depth 2 --json");
  ASSERT_EQ(a.status, 0) << a.out;
  const auto ja = nlohmann::json::parse(a.out);
  const auto jb = nlohmann::json::parse(b.out);
  for (const char* key : {"best_move", "score", "depth", "nodes", "pv", "seconds", "nps"}) {
    EXPECT_TRUE(ja.contains(key)) << key;
  }
  EXPECT_EQ(ja["depth"], 2);
  EXPECT_EQ(ja["pv"][0], ja["best_move"]);
  EXPECT_EQ(ja["best_move"], jb["best_move"]);
  EXPECT_EQ(ja["score"], jb["score"]);
  EXPECT_EQ(ja["nodes"], jb["nodes"]);
  std::filesystem::remove(cfg);
}

// Issue 2, "Must show" 4: the shipped Othello config at depth 8 from the start, twice.
TEST(SearchCli, OthelloClassicDepthEightIsRepeatable) {
  const std::string options = std::string("--config ") + ARENA_SOURCE_DIR +
                              "/configs/othello/classic.cfg --depth 8 --json";
  const CommandRun a = run_search(options);
  const CommandRun b = run_search(options);
  ASSERT_EQ(a.status, 0) << a.out;
  const auto ja = nlohmann::json::parse(a.out);
  const auto jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["depth"], 8);
  EXPECT_EQ(ja["pv"].size(), 8U);
  EXPECT_EQ(ja["best_move"], jb["best_move"]);
  EXPECT_EQ(ja["score"], jb["score"]);
  EXPECT_EQ(ja["nodes"], jb["nodes"]);
  EXPECT_EQ(ja["pv"], jb["pv"]);
}

TEST(SearchCli, BadInputExitsTwoNamingTheCause) {
  const std::string unknown_key =
      write_temp("key.cfg", "name = x\ngame = blokus-duo\n[search]\ndepht = 3\n");
  const CommandRun k = run_search("--config " + unknown_key + " --depth 1");
  EXPECT_EQ(k.status, 2);
  EXPECT_THAT(k.out, HasSubstr(unknown_key + ":4: key 'search.depht'"));

  const std::string bad_weight =
      write_temp("weight.cfg", "name = x\ngame = blokus-duo\n\n[weights]\nsquares = 1 y\n");
  const CommandRun w = run_search("--config " + bad_weight + " --depth 1");
  EXPECT_EQ(w.status, 2);
  EXPECT_THAT(w.out, HasSubstr(bad_weight + ":5: key 'weights.squares'"));

  const CommandRun missing = run_search("--config /nonexistent/x.cfg --depth 1");
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.out, HasSubstr("/nonexistent/x.cfg"));

  const std::string cfg = write_temp("ok.cfg", kBlokusConfig);
  const CommandRun depth = run_search("--config " + cfg + " --depth -3");
  EXPECT_EQ(depth.status, 2);
  EXPECT_THAT(depth.out, HasSubstr("--depth"));
  std::filesystem::remove(unknown_key);
  std::filesystem::remove(bad_weight);
  std::filesystem::remove(cfg);
}

}  // namespace
