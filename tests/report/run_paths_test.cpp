// Regression (a loop folder reported from another folder showed "not found" problems): config
// paths in summary.json are relative to the folder the loop ran in; the report finds them from
// the run folder and summary.json's run_dir, wherever it is run.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/inputs.hpp"
#include "tests/support/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

TEST(RunPaths, ConfigPathsOfTheLoopsFolderResolveFromElsewhere) {
  const arena::test::ScratchDir scratch{"arena_run_paths"};
  const fs::path& origin = scratch.path();
  fs::create_directories(origin / "runs" / "r1");
  fs::create_directories(origin / "configs");
  std::ofstream(origin / "configs" / "a.cfg") << "name = a\n";
  arena::report::Inputs in;
  in.loop = true;
  in.folder = (origin / "runs" / "r1").string() + "/";
  in.loop_summary.emplace();
  in.loop_summary->run_dir = "./runs/r1";
  in.loop_summary->start_config = "configs/a.cfg";
  EXPECT_TRUE(fs::equivalent(arena::report::resolve_run_path(in, "configs/a.cfg"),
                             origin / "configs" / "a.cfg"));
  EXPECT_EQ(arena::report::resolve_run_path(in, "configs/missing.cfg"), "");
}

}  // namespace
