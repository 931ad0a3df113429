// `arena solve` end to end: FFO #1-#19 with the built-in ordering evaluation and with an
// engine config's evaluation (--config) both give every file score; a missing config exits 2.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/command.hpp"

namespace {

using arena::test::run_command;

std::string solve_command(const std::string& extra) {
  return std::string(ARENA_BINARY) + " solve --game othello --positions " + ARENA_TEST_DATA +
         "/othello/fforum-1-19.obf --json " + extra + " 2>/dev/null";
}

TEST(SolveCli, Ffo1To19WithEveryOrdering) {
  const std::string classic = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
  // option -> the "ordering" reported: by default the clone's shipped pattern config.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "configs/othello/patterns.cfg"},
      {"--config built-in", "built-in"},
      {"--config " + classic, classic}};
  for (const auto& [extra, ordering] : cases) {
    const auto [status, out] = run_command(solve_command(extra));
    ASSERT_EQ(status, 0) << extra;
    const auto doc = nlohmann::json::parse(out);
    EXPECT_TRUE(doc.at("ok").get<bool>()) << extra;
    EXPECT_EQ(doc.at("results").size(), 19U);
    EXPECT_GE(doc.at("cpu_seconds").get<double>(), 0.0);
    EXPECT_TRUE(doc.at("ordering").get<std::string>().ends_with(ordering))
        << doc.at("ordering") << " for '" << extra << "'";
  }
}

TEST(SolveCli, MissingConfigExits2) {
  const auto [status, out] = run_command(solve_command("--config /nonexistent/solve-order.cfg"));
  EXPECT_EQ(status, 2);
}

}  // namespace
