// Helpers for checking results against tests/data/stats/worked-examples.md "to the digits
// given": a value is formatted with as many decimals as the expected text has, and the
// expected text itself must appear in the file, so the test and the data cannot drift apart.
#pragma once

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace arena::analysis::testing {

/// The whole of worked-examples.md.
inline std::string worked_examples() {
  std::ifstream in(std::string(ARENA_TEST_DATA) + "/stats/worked-examples.md");
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// True when worked-examples.md contains `text` (the quoted expectation).
inline bool quoted(const std::string& text) { return worked_examples().find(text) != std::string::npos; }

/// `value` with `decimals` digits after the point; a value that rounds to zero prints without
/// a sign ("0", not "-0").
inline std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  const std::string text = buffer;
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) return text.substr(1);
  return text;
}

/// Decimals in a number written as text ("40.70" -> 2, "191" -> 0).
inline int decimals_of(const std::string& text) {
  const auto dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

}  // namespace arena::analysis::testing

/// Expects `value` to print as `expected` (a decimal string) with the same number of decimals.
#define EXPECT_DIGITS(value, expected)                                                          \
  EXPECT_EQ(::arena::analysis::testing::fixed((value),                                          \
                                              ::arena::analysis::testing::decimals_of(expected)), \
            (expected))
