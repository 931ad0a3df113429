// The data-folder lookup (cli/data_dir.hpp) on fake layouts: ARENA_DATA_DIR wins and must hold
// configs/; else the installed PREFIX/share/arena beside PREFIX/bin, then a build tree's clone
// (CLONE/build/<preset>); with neither, the error names every folder tried.
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "cli/data_dir.hpp"
#include "engine/core/errors.hpp"

namespace {

namespace fs = std::filesystem;
using arena::InputError;
using arena::cli::find_data_dir;

/// A fresh scratch folder for one test.
fs::path scratch(const std::string& tag) {
  const fs::path dir = fs::temp_directory_path() / ("arena_data_dir_" + tag + "_" +
                                                    std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string error_of(const char* env, const fs::path& exe) {
  try {
    (void)find_data_dir(env, exe);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(DataDir, ExplicitVariableWinsAndMustHoldConfigs) {
  const fs::path dir = scratch("env");
  fs::create_directories(dir / "mine" / "configs");
  fs::create_directories(dir / "prefix" / "share" / "arena" / "configs");
  const fs::path exe = dir / "prefix" / "bin" / "arena";
  EXPECT_EQ(find_data_dir((dir / "mine").c_str(), exe), dir / "mine");
  const std::string message = error_of((dir / "prefix").c_str(), exe);
  EXPECT_NE(message.find("ARENA_DATA_DIR=" + (dir / "prefix").string()), std::string::npos)
      << message;
  fs::remove_all(dir);
}

TEST(DataDir, InstalledLayoutThenBuildTree) {
  const fs::path dir = scratch("layout");
  fs::create_directories(dir / "configs");                          // the clone
  const fs::path exe = dir / "build" / "ci" / "arena";
  EXPECT_EQ(find_data_dir(nullptr, exe), dir);
  EXPECT_EQ(find_data_dir("", exe), dir);                           // empty counts as unset
  fs::create_directories(dir / "build" / "share" / "arena" / "configs");
  EXPECT_EQ(find_data_dir(nullptr, exe), dir / "build" / "share" / "arena");
  fs::remove_all(dir);
}

TEST(DataDir, NothingFoundNamesEveryFolderTried) {
  const fs::path dir = scratch("none");
  const fs::path exe = dir / "a" / "bin" / "arena";
  const std::string message = error_of(nullptr, exe);
  EXPECT_NE(message.find((dir / "a" / "share" / "arena").string()), std::string::npos) << message;
  EXPECT_NE(message.find(", " + dir.string() + " holds"), std::string::npos) << message;
  EXPECT_NE(message.find("ARENA_DATA_DIR"), std::string::npos) << message;
  fs::remove_all(dir);
}

}  // namespace
