// The loop over MPI (`mpirun -n K arena loop`, `srun --mpi=pmix arena loop`): one loop, run by
// rank 0 (run folder, fits, verdicts, summary), whose self-play stages (training games,
// matches, the final match) every rank plays together, as `arena selfplay` does under MPI
// (selfplay/mpi_selfplay.hpp: rank 0 hands out the game ids and writes the one log). The other
// ranks wait in serve_stages for rank 0's Stage messages (the stage's complete self-play
// options as JSON; the game is its configs'), play each, and end on End. They read the
// stage's engine configs (the run folder's sparring and candidate configs included) at the
// paths rank 0 names, so all ranks need one shared file system, as a cluster's home or
// scratch is.
#pragma once


#include "selfplay/mpi_transport.hpp"
#include "selfplay/options.hpp"
#include "selfplay/summary.hpp"

namespace arena::loop {

/// Rank 0's side: plays self-play stages on every rank of `session`; tells the other ranks
/// that the loop has ended when destroyed, however rank 0 leaves (finished, interrupted,
/// failed). `session` must outlive it.
class MpiStages {
 public:
  explicit MpiStages(const selfplay::mpi::Session& session) : session_(session) {}
  MpiStages(const MpiStages&) = delete;
  MpiStages& operator=(const MpiStages&) = delete;
  ~MpiStages();

  /// Plays `opts` (a run of game `game`) on every rank and returns rank 0's summary; throws
  /// what run_selfplay_mpi throws on rank 0 (InputError when any rank could not prepare it).
  [[nodiscard]] selfplay::SelfplaySummary play(const selfplay::SelfplayOptions& opts) const;

 private:
  const selfplay::mpi::Session& session_;
};

/// A rank other than 0: plays each stage rank 0 announces until its End (without progress
/// lines). Returns the exit status: 0, or 2 when a stage's setup failed on this rank (the
/// error is printed; rank 0 then fails and ends the loop). Any other error ends the job.
[[nodiscard]] int serve_stages(const selfplay::mpi::Session& session);

}  // namespace arena::loop
