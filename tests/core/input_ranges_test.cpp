// Numbers from users checked where they are read, against what the program can hold: weights
// beyond what the integer evaluation holds (config keys and weights side files), a
// transposition table the allocator refuses (an InputError naming search.tt_mb, not
// std::bad_alloc), and --threads against the machine (engine/core/thread_limit.hpp).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/core/weights_file.hpp"
#include "tests/support/command.hpp"

namespace arena::core {
namespace {

namespace fs = std::filesystem;

fs::path temp(const std::string& name) {
  return fs::temp_directory_path() /
         ("arena_input_ranges_" + std::to_string(::getpid()) + "_" + name);
}

std::string error_of(const auto& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(InputRanges, ConfigWeightBeyondTheEvaluationNamesFileLineKey) {
  const std::string text = "name = w\ngame = othello\n[weights]\nmobility = 10 3e9\n";
  const std::string e = error_of([&] { (void)parse_engine_config(text, "w.cfg"); });
  EXPECT_NE(e.find("w.cfg:4: key 'weights.mobility'"), std::string::npos) << e;
  EXPECT_NE(e.find("3e+09"), std::string::npos) << e;
  // The bound itself is accepted.
  EXPECT_NO_THROW((void)parse_engine_config("name = w\ngame = othello\n[weights]\nmobility = -1e6\n", "w.cfg"));
}

TEST(InputRanges, WeightsFileValueBeyondTheEvaluationNamesFileLine) {
  const WeightsHeader header{"toy", 0xabcdefULL, 2, 3};
  const std::string path = temp("big.weights").string();
  write_weights_file(path, header, {1, 2, 3, 4, 1e300, 6});
  const std::string e = error_of([&] { (void)read_weights_file(path, header); });
  EXPECT_NE(e.find(path + ":4: weight 2"), std::string::npos) << e;
  write_weights_file(path, header, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(read_weights_file(path, header)[4], 5.0);
  fs::remove(path);
}

TEST(InputRanges, ThreadCeilingFollowsTheMachine) {
  const int hw = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(max_threads(), std::max(4 * hw, kMinThreadCeiling));
  EXPECT_NO_THROW(check_threads("--threads", max_threads(), 1));
  const std::string e = error_of([] { check_threads("--threads", 100000, 1); });
  EXPECT_NE(e.find("--threads: 100000 is outside [1, "), std::string::npos) << e;
  EXPECT_FALSE(error_of([] { check_threads("--threads", 0, 1); }).empty());
}

// The allocation itself can fail below the documented ceiling (a small machine, a memory
// limit): the address-space limit makes it fail here. Sanitizer builds reserve terabytes of
// shadow memory and cannot run under such a limit.
TEST(InputRanges, TableTheAllocatorRefusesIsAnInputErrorNamingTheKey) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "address-space limits do not work under sanitizers";
#else
  const fs::path cfg = temp("tt.cfg");
  std::ofstream(cfg) << "name = big\ngame = othello\n[search]\ndepth = 1\ntt_mb = 4096\n";
  const auto [status, out] = test::run_command(
      "ulimit -v 1000000; " + test::arena_command("search --config '" + cfg.string() + "'") + " 2>&1");
  fs::remove(cfg);
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find(cfg.string() + ":5: key 'search.tt_mb'"), std::string::npos) << out;
  EXPECT_NE(out.find("cannot allocate a 4096 MiB"), std::string::npos) << out;
#endif
}

}  // namespace
}  // namespace arena::core
