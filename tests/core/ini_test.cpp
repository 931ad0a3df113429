// The one INI lexer of every config (engine/core/ini.hpp): sections prefix keys, `#` comments
// anywhere on a line, values trimmed, each entry on its 1-based line, and the three errors
// (not `key = value`, unknown key, a key given twice) naming origin:line.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "engine/core/ini.hpp"

namespace arena::core {
namespace {

std::string ini_error_of(const std::string& text) {
  try {
    (void)read_ini(text, "a.cfg", {"name", "search.depth"}, {"weights."}, "name, search.depth");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Ini, SectionsCommentsAndLines) {
  const std::string text =
      "# a comment\n"
      "name =  two words  # trailing comment\n"
      "\n"
      "[ search ]\n"
      "depth=6\n"
      "[weights]\n"
      "corners = 1 2 3\n"
      "[]\n"
      "  \t\n";
  const auto e = read_ini(text, "a.cfg", {"name", "search.depth"}, {"weights."}, "");
  ASSERT_EQ(e.size(), 3U);
  EXPECT_EQ(e[0].key, "name");
  EXPECT_EQ(e[0].value, "two words");
  EXPECT_EQ(e[0].line, 2U);
  EXPECT_TRUE(e[0].registered);
  EXPECT_EQ(e[1].key, "search.depth");
  EXPECT_EQ(e[1].value, "6");
  EXPECT_EQ(e[1].line, 5U);
  EXPECT_EQ(e[2].key, "weights.corners");
  EXPECT_EQ(e[2].value, "1 2 3");
  EXPECT_EQ(e[2].line, 7U);
  EXPECT_FALSE(e[2].registered);
}

TEST(Ini, ErrorsNameTheLine) {
  EXPECT_EQ(ini_error_of("name = a\nplayer search\n"),
            "a.cfg:2: expected 'key = value' or '[section]', got 'player search'");
  EXPECT_EQ(ini_error_of("= 3\n"), "a.cfg:1: expected 'key = value' or '[section]', got '= 3'");
  EXPECT_EQ(ini_error_of("[search]\ndepht = 3\n"),
            "a.cfg:2: key 'search.depht': unknown key (expected name, search.depth)");
  EXPECT_EQ(ini_error_of("[search]\ndepth = 3\n# x\ndepth = 4\n"),
            "a.cfg:4: key 'search.depth': given twice (first on line 2)");
  // An empty value is a value (the key's reader decides whether it may be empty).
  EXPECT_EQ(ini_error_of("name =\n"), "");
}

}  // namespace
}  // namespace arena::core
