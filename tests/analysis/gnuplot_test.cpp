// The one gnuplot runner: program lookup, the working folder relative paths point into, and
// gnuplot's own error message in the exception. Skips when gnuplot is not installed.
#include "analysis/gnuplot.hpp"

#include <filesystem>
#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace arena::analysis {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

TEST(Gnuplot, LooksUpNamesOnPathAndChecksPaths) {
  EXPECT_FALSE(gnuplot_available(""));
  EXPECT_FALSE(gnuplot_available("/nonexistent/gnuplot"));
  EXPECT_FALSE(gnuplot_available("no-such-gnuplot-program"));
  EXPECT_TRUE(gnuplot_available("sh"));  // any program on PATH
}

TEST(Gnuplot, RunsInTheGivenFolderAndReportsItsErrors) {
  if (!gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  const fs::path dir = fs::temp_directory_path() / "arena-gnuplot-test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  run_gnuplot("set terminal svg\nset output 'p.svg'\nplot x\n", dir);
  EXPECT_GT(fs::file_size(dir / "p.svg"), 0U);
  try {
    run_gnuplot("plot no_such_variable\n", dir);
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("undefined variable: no_such_variable"));
  }
  EXPECT_THROW(run_gnuplot("plot x\n", dir, "no-such-gnuplot-program"), std::runtime_error);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arena::analysis
