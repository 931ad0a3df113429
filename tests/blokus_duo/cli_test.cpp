// The `arena` commands on Blokus Duo (issue 3, must-show 1, 3 and 5): perft counts from
// counts.md, a deterministic legal search result, and exit status 2 naming the ply of a bad code.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "tests/support/command.hpp"

namespace arena::blokus_duo {
namespace {

using arena::test::CommandRun;
using arena::test::run_arena;

TEST(Cli, PerftDepthTwoMatchesCounts) {
  const CommandRun r = run_arena("perft --game blokus-duo --depth 2 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("leaves").get<std::uint64_t>(), 171396U);  // counts.md
  EXPECT_EQ(j.at("per_depth"), nlohmann::json::parse("[414, 171396]"));
}

TEST(CliSlow, PerftDepthThreeMatchesCounts) {
  const CommandRun r = run_arena("perft --game blokus-duo --depth 3 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("per_depth"), nlohmann::json::parse("[414, 171396, 89204762]"));  // counts.md
}

TEST(Cli, PerftAfterTwoXPentominoes) {
  const CommandRun r = run_arena("perft --game blokus-duo --depth 1 --position \"56u0 9Au0\" --json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("leaves").get<std::uint64_t>(), 808U);  // counts.md
}

TEST(Cli, MalformedCodeExitsTwoNamingThePly) {
  const CommandRun r = run_arena("perft --game blokus-duo --depth 1 --position \"56u0 9Au0 56z0\"", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("ply 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("malformed"), std::string::npos) << r.out;
}

TEST(Cli, IllegalCodeExitsTwoWithTheReason) {
  const CommandRun r = run_arena("perft --game blokus-duo --depth 1 --position \"56u0 9Au0 78u0\"", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("ply 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("piece already used"), std::string::npos) << r.out;
}

TEST(Cli, ClassicSearchIsLegalAndDeterministic) {
  const std::string args = std::string("search --config '") + ARENA_SOURCE_DIR +
                           "/configs/blokus-duo/classic.cfg' --position \"56u0 9Au0\" --depth 2 --json";
  const CommandRun a = run_arena(args);
  const CommandRun b = run_arena(args);
  ASSERT_EQ(a.status, 0) << a.out;
  const auto ja = nlohmann::json::parse(a.out);
  const auto jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja.at("best_move"), jb.at("best_move"));
  EXPECT_EQ(ja.at("nodes"), jb.at("nodes"));
  EXPECT_EQ(ja.at("score"), jb.at("score"));
  const Position p = parse_position("56u0 9Au0", {});
  EXPECT_EQ(check_move(p, parse_move(p, ja.at("best_move").get<std::string>())), Illegal::Legal);
}

}  // namespace
}  // namespace arena::blokus_duo
