// Launch detection (selfplay/launch.hpp) over the environments the launchers really set (the
// variables below were read with `env` under Open MPI 4.1's mpirun and Slurm 22.05's srun with
// --mpi=pmix, --mpi=pmi2 and without a plugin), the refusals that keep every task from playing
// the whole run into one log, and the log and run-folder locks seen from a second process.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "selfplay/file_lock.hpp"
#include "records/game_log.hpp"
#include "selfplay/launch.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;

using Env = std::map<std::string, std::string>;

Launch launch_of(const Env& env) {
  return detect_launch([&](const char* name) -> const char* {
    const auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}

TEST(Launch, PlainStart) {
  const Launch l = launch_of({{"HOME", "/root"}});
  EXPECT_EQ(l.launcher, Launcher::Plain);
  EXPECT_FALSE(l.mpi());
  EXPECT_NO_THROW(check_launch(l, false));
}

TEST(Launch, OpenMpiMpirun) {
  const Launch l = launch_of({{"OMPI_COMM_WORLD_SIZE", "4"}, {"OMPI_COMM_WORLD_RANK", "3"},
                              {"PMIX_NAMESPACE", "prterun-vm-1@1"}, {"PMIX_RANK", "3"}});
  EXPECT_EQ(l.launcher, Launcher::OpenMpi);
  EXPECT_TRUE(l.mpi());
  EXPECT_EQ(l.size, 4);
  EXPECT_EQ(l.rank, 3);
}

TEST(Launch, SrunWithPmixTakesTheSizeFromTheStep) {
  const Launch l = launch_of({{"PMIX_NAMESPACE", "slurm.pmix.2.0"}, {"PMIX_RANK", "1"},
                              {"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_PROCID", "1"},
                              {"SLURM_NTASKS", "2"}});
  EXPECT_EQ(l.launcher, Launcher::Pmix);
  EXPECT_EQ(l.name, "srun --mpi=pmix");
  EXPECT_EQ(l.size, 2);
  EXPECT_EQ(l.rank, 1);
  // A PMIx launcher outside Slurm does not say the size: MPI_Comm_size will.
  EXPECT_EQ(launch_of({{"PMIX_NAMESPACE", "x"}, {"PMIX_RANK", "0"}}).size, 0);
  // A namespace without a rank is not a launch.
  EXPECT_EQ(launch_of({{"PMIX_NAMESPACE", "x"}}).launcher, Launcher::Plain);
}

TEST(Launch, SrunWithPmi2) {
  const Launch l = launch_of({{"PMI_FD", "11"}, {"PMI_JOBID", "3.0"}, {"PMI_RANK", "0"},
                              {"PMI_SIZE", "2"}, {"SLURM_STEP_NUM_TASKS", "2"},
                              {"SLURM_PROCID", "0"}});
  EXPECT_EQ(l.launcher, Launcher::Pmi);
  EXPECT_EQ(l.name, "srun --mpi=pmi2");
  EXPECT_EQ(l.size, 2);
  EXPECT_TRUE(l.mpi());
}

TEST(Launch, SrunWithoutAPluginIsRefused) {
  const Launch l = launch_of({{"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_PROCID", "1"},
                              {"SLURM_NTASKS", "2"}});
  EXPECT_EQ(l.launcher, Launcher::SlurmNoMpi);
  EXPECT_FALSE(l.mpi());
  try {
    check_launch(l, true);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--mpi=pmix"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("task 1 of 2"), std::string::npos) << e.what();
  }
}

TEST(Launch, OneTaskSlurmStepIsAPlainStart) {
  // A batch script or a job-array task: one task, no MPI plugin.
  const Launch l = launch_of({{"SLURM_STEP_NUM_TASKS", "1"}, {"SLURM_PROCID", "0"},
                              {"SLURM_NTASKS", "4"}, {"SLURM_ARRAY_TASK_ID", "3"}});
  EXPECT_EQ(l.launcher, Launcher::Plain);
  EXPECT_NO_THROW(check_launch(l, true));
}

TEST(Launch, SeveralRanksWithoutMpiInTheBuildAreRefused) {
  const Launch l = launch_of({{"OMPI_COMM_WORLD_SIZE", "2"}, {"OMPI_COMM_WORLD_RANK", "0"}});
  EXPECT_THROW(check_launch(l, false), InputError);
  EXPECT_NO_THROW(check_launch(l, true));
  // One rank needs no MPI.
  EXPECT_NO_THROW(check_launch(launch_of({{"OMPI_COMM_WORLD_SIZE", "1"}}), false));
}

/// Runs a shell command line with stderr to `err`; returns its exit status.
int shell(const std::string& command, const fs::path& err) {
  const int rc = std::system((command + " >/dev/null 2>'" + err.string() + "'").c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class LaunchCli : public ::testing::Test {
 protected:
  arena::test::ScratchDir scratch_{"arena_launch"};
  const std::filesystem::path& dir_ = scratch_.path();
};

std::string selfplay_command(const fs::path& out) {
  const std::string configs = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/";
  return std::string("'") + ARENA_BINARY + "' selfplay --engine " + configs +
         "classic.cfg --engine " + configs + "greedy.cfg --games 4 --depth 1 --seed 1 --quiet --out '" +
         out.string() + "'";
}

TEST_F(LaunchCli, SecondWriterOfALogGetsAClearError) {
  const fs::path log = dir_ / "busy.jsonl";
  const records::LogWriter holder = records::LogWriter::lock(log.string());  // another run, mid-way
  EXPECT_EQ(shell(selfplay_command(log), dir_ / "err"), 2);
  EXPECT_NE(slurp(dir_ / "err").find("another run is writing this log"), std::string::npos)
      << slurp(dir_ / "err");
  EXPECT_EQ(fs::file_size(log), 0U);  // nothing written, nothing cut
}

TEST_F(LaunchCli, SrunTasksWithoutAnMpiPluginAreRefused) {
  const fs::path log = dir_ / "srun.jsonl";
  EXPECT_EQ(shell("SLURM_STEP_NUM_TASKS=2 SLURM_PROCID=1 " + selfplay_command(log), dir_ / "err"), 2);
  EXPECT_NE(slurp(dir_ / "err").find("without an MPI plugin"), std::string::npos)
      << slurp(dir_ / "err");
  EXPECT_FALSE(fs::exists(log));
}

TEST_F(LaunchCli, SecondLoopInARunFolderGetsAClearError) {
  const fs::path run = dir_ / "run";
  fs::create_directories(run);
  const FileLock holder((run / "loop.lock").string(), "held by the test");
  const std::string cmd = std::string("'") + ARENA_BINARY + "' loop --config " +
                          ARENA_SOURCE_DIR + "/configs/othello/loop-quick.cfg --run-dir '" +
                          run.string() + "' --quiet";
  EXPECT_EQ(shell(cmd, dir_ / "err"), 2);
  EXPECT_NE(slurp(dir_ / "err").find("another arena loop is running in this run folder"),
            std::string::npos)
      << slurp(dir_ / "err");
}

}  // namespace
}  // namespace arena::selfplay
