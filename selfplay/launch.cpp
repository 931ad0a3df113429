// Launch detection from the launchers' environment variables (see launch.hpp).
#include "selfplay/launch.hpp"

#include <charconv>
#include <cstring>
#include <optional>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

namespace {

/// The non-negative integer value of variable `name`; nullopt when unset or not a number.
std::optional<int> env_int(const std::function<const char*(const char*)>& getenv,
                           const char* name) {
  const char* v = getenv(name);
  if (v == nullptr) return std::nullopt;
  int out = 0;
  const char* end = v + std::strlen(v);
  const auto [ptr, ec] = std::from_chars(v, end, out);
  if (ec != std::errc() || ptr != end || out < 0) return std::nullopt;
  return out;
}

}  // namespace

Launch detect_launch(const std::function<const char*(const char*)>& getenv) {
  Launch l;
  const auto slurm_tasks = env_int(getenv, "SLURM_STEP_NUM_TASKS");
  const auto slurm_rank = env_int(getenv, "SLURM_PROCID");
  if (const auto size = env_int(getenv, "OMPI_COMM_WORLD_SIZE")) {
    l.launcher = Launcher::OpenMpi;
    l.name = "mpirun";
    l.size = *size;
    l.rank = env_int(getenv, "OMPI_COMM_WORLD_RANK").value_or(0);
  } else if (getenv("PMIX_NAMESPACE") != nullptr && env_int(getenv, "PMIX_RANK")) {
    l.launcher = Launcher::Pmix;
    l.name = slurm_tasks ? "srun --mpi=pmix" : "a PMIx launcher";
    l.rank = *env_int(getenv, "PMIX_RANK");
    l.size = slurm_tasks.value_or(0);  // PMIx gives the size only through its API
  } else if (const auto pmi_size = env_int(getenv, "PMI_SIZE")) {
    l.launcher = Launcher::Pmi;
    l.name = slurm_tasks ? "srun --mpi=pmi2" : "a PMI launcher (mpiexec)";
    l.size = *pmi_size;
    l.rank = env_int(getenv, "PMI_RANK").value_or(0);
  } else if (slurm_tasks && *slurm_tasks > 1 && slurm_rank) {
    l.launcher = Launcher::SlurmNoMpi;
    l.name = "srun";
    l.size = *slurm_tasks;
    l.rank = *slurm_rank;
  }
  return l;
}

void check_launch(const Launch& launch, bool mpi_available) {
  const std::string who = launch.name + " (task " + std::to_string(launch.rank) +
                          (launch.size > 0 ? " of " + std::to_string(launch.size) : "") + ")";
  if (launch.launcher == Launcher::SlurmNoMpi) {
    throw InputError("started by " + who + " without an MPI plugin: every task would play the "
                     "whole run into the same log; use srun --mpi=pmix (or --mpi=pmi2), "
                     "mpirun, or one task per --shard i/n");
  }
  if (launch.mpi() && launch.size != 1 && !mpi_available) {
    throw InputError("started by " + who + ", but this arena was built without MPI: every "
                     "rank would play the whole run; rebuild with MPI (libopenmpi-dev, "
                     "ARENA_MPI) or give each task its own --shard i/n");
  }
}

int scheduler_threads(int fallback, const std::function<const char*(const char*)>& getenv) {
  const char* text = getenv("SLURM_CPUS_PER_TASK");
  if (text == nullptr) return fallback;
  const auto n = env_int(getenv, "SLURM_CPUS_PER_TASK");
  if (!n || *n < 1) {
    throw InputError(std::string("SLURM_CPUS_PER_TASK: '") + text +
                     "' (expected a positive number of CPUs; or give --threads)");
  }
  return *n;
}

}  // namespace arena::selfplay
