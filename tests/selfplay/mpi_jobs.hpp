// Running arena under `mpirun` in the end-to-end tests: the launcher's command prefix, why a
// test must skip (no MPI in this build, no mpirun), starting a job in the background, finding
// the pid of one of its ranks (to signal or kill it) and waiting for it. Shared by the
// self-play and loop MPI tests.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "selfplay/mpi_transport.hpp"

namespace arena::selfplay::testing {

/// `mpirun -n ranks` with the options CI needs: --allow-run-as-root (CI runs as root),
/// --oversubscribe (more ranks than cores), and no LeakSanitizer report (Open MPI's own
/// allocations are not ours to account for). Ends with a space.
inline std::string mpirun(int ranks) {
  return "ASAN_OPTIONS=detect_leaks=0 OMPI_MCA_rmaps_base_oversubscribe=1 mpirun -n " +
         std::to_string(ranks) + " --oversubscribe --allow-run-as-root ";
}

/// Why an MPI end-to-end test cannot run here ("" when it can): a build without MPI, or no
/// mpirun on the PATH.
inline std::string mpi_skip_reason() {
  if (!mpi::available()) return "arena was built without MPI (ARENA_MPI)";
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) return "no mpirun on the PATH";
  return "";
}

/// Starts the shell command `command` in the background (through `exec`, so the returned pid
/// is the command's own, e.g. mpirun's).
inline pid_t start_job(const std::string& command) {
  const pid_t job = ::fork();
  if (job == 0) {
    const std::string cmd = "exec " + command;
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return job;
}

/// Waits for `pid`; its exit status, or 128 + the signal that ended it (-1 if not a child).
inline int wait_status(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// The pid of the `arena` process of MPI rank `rank` whose command line mentions `tag`, or -1.
inline pid_t find_rank(int rank, const std::string& tag) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream cmdline(entry.path() / "cmdline");
    std::ifstream environ(entry.path() / "environ");
    std::stringstream c;
    std::stringstream e;
    c << cmdline.rdbuf();
    e << environ.rdbuf();
    const std::string env = std::string(1, '\0') + e.str();
    if (c.str().find(tag) != std::string::npos &&
        env.find(std::string(1, '\0') + "OMPI_COMM_WORLD_RANK=" + std::to_string(rank) + '\0') !=
            std::string::npos) {
      return static_cast<pid_t>(std::stol(name));
    }
  }
  return -1;
}

}  // namespace arena::selfplay::testing
