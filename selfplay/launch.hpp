// How this process was started: by an MPI launcher (Open MPI's mpirun, Slurm's srun with its
// PMIx or PMI2 plugin, MPICH's mpiexec), as one task of a Slurm step without an MPI plugin, or
// plainly. Read from the environment the launchers set before MPI_Init:
//   mpirun (Open MPI)        OMPI_COMM_WORLD_SIZE, OMPI_COMM_WORLD_RANK
//   srun --mpi=pmix          PMIX_NAMESPACE, PMIX_RANK (no size: SLURM_STEP_NUM_TASKS)
//   srun --mpi=pmi2, mpiexec PMI_SIZE, PMI_RANK
//   srun (no MPI plugin)     SLURM_STEP_NUM_TASKS, SLURM_PROCID only
// (Open MPI's "Environment variables set for MPI applications"; OpenPMIx's client reads
// PMIX_NAMESPACE and PMIX_RANK; the PMI2 names are what Slurm's mpi/pmi2 plugin sets, checked
// with `srun --mpi=pmi2 env` on Slurm 22.05.)
#pragma once

#include <cstdlib>
#include <functional>
#include <string>

namespace arena::selfplay {

/// What started the process.
enum class Launcher {
  Plain,     ///< no launcher (or a one-task Slurm step, e.g. a batch script or an array task)
  OpenMpi,   ///< Open MPI's mpirun/mpiexec
  Pmix,      ///< a PMIx server, e.g. srun --mpi=pmix
  Pmi,       ///< PMI-1/PMI-2, e.g. srun --mpi=pmi2 or MPICH's mpiexec
  SlurmNoMpi ///< a task of a multi-task Slurm step started without an MPI plugin
};

/// The launch as seen from one process.
struct Launch {
  Launcher launcher = Launcher::Plain;
  int rank = 0;   ///< this process's rank, 0 when unknown
  int size = 1;   ///< number of processes, 0 when the environment does not say (PMIx alone)
  std::string name;  ///< the launcher in words, for messages ("srun --mpi=pmix")

  /// Whether the ranks should share one run over MPI (MPI_Init is needed).
  [[nodiscard]] bool mpi() const {
    return launcher == Launcher::OpenMpi || launcher == Launcher::Pmix || launcher == Launcher::Pmi;
  }
};

/// Reads the launch from `getenv` (the process's environment by default; tests pass a map).
[[nodiscard]] Launch detect_launch(
    const std::function<const char*(const char*)>& getenv = [](const char* n) {
      return std::getenv(n);
    });

/// Checks that this build can run `launch`; throws InputError (exit 2) with the fix when every
/// task would otherwise play the whole run into the same log: a multi-task Slurm step without
/// an MPI plugin, or several MPI ranks with a build that has no MPI (`mpi_available` false).
void check_launch(const Launch& launch, bool mpi_available);

/// The --threads default under a scheduler: SLURM_CPUS_PER_TASK (sbatch/srun
/// --cpus-per-task) when set, else `fallback`. Throws InputError naming the variable when it
/// is not a positive integer.
[[nodiscard]] int scheduler_threads(
    int fallback, const std::function<const char*(const char*)>& getenv = [](const char* n) {
      return std::getenv(n);
    });

}  // namespace arena::selfplay
