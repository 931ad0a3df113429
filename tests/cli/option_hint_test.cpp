// Unknown options: the edit distance against textbook examples, and the hint `arena` prints for
// cutechess-cli/fastchess spellings and typos (exit 2, the option meant named).
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "cli/option_hint.hpp"
#include "tests/support/command.hpp"

namespace {

using arena::cli::edit_distance;
using arena::cli::option_hint;

// Levenshtein distances from the worked examples of Wikipedia's "Levenshtein distance" article.
TEST(EditDistance, TextbookExamples) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("flaw", "lawn"), 2U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("same", "same"), 0U);
}

TEST(OptionHint, CutechessSpellingsMapToArenaOptions) {
  const std::vector<std::string> known = {"engine", "games", "threads", "out", "openings", "seed"};
  EXPECT_NE(option_hint("-concurrency", known).find("did you mean --threads?"), std::string::npos);
  EXPECT_NE(option_hint("-pgnout", known).find("did you mean --out?"), std::string::npos);
  EXPECT_NE(option_hint("-rounds", known).find("did you mean --games?"), std::string::npos);
  EXPECT_NE(option_hint("-srand", known).find("did you mean --seed?"), std::string::npos);
  EXPECT_NE(option_hint("-recover", known).find("restarts"), std::string::npos);
  EXPECT_NE(option_hint("-engine", known).find("did you mean --engine?"), std::string::npos);
}

TEST(OptionHint, TyposSuggestTheClosestOption) {
  const std::vector<std::string> known = {"engine", "games", "threads", "out", "openings"};
  EXPECT_EQ(option_hint("--thredas", known), " (did you mean --threads?)");
  EXPECT_EQ(option_hint("--opnings=random:4", known), " (did you mean --openings?)");
  EXPECT_EQ(option_hint("--zzzzzzzz", known), "");
}

/// stderr and exit status of `arena args`.
std::pair<int, std::string> arena_stderr(const std::string& args) {
  const arena::test::CommandRun r = arena::test::run_command(arena::test::arena_command(args) + " 2>&1 >/dev/null");
  return {r.status, r.out};
}

TEST(OptionHint, ArenaNamesTheWordTypedAndTheOptionMeant) {
  const auto [status, err] = arena_stderr("selfplay -concurrency 2");
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.find("unrecognised option '-concurrency'"), std::string::npos) << err;
  EXPECT_NE(err.find("did you mean --threads?"), std::string::npos) << err;
  const auto [status2, err2] = arena_stderr("tune --lamda 1e-6");
  EXPECT_EQ(status2, 2);
  EXPECT_NE(err2.find("did you mean --lambda?"), std::string::npos) << err2;
}

}  // namespace
