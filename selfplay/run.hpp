// The one run procedure of self-play, free of any game: the log opened or resumed, the tally
// and the SPRT's stop, signals, the deadline, the progress line and the summary. A one-process
// run is the procedure playing ids from its own pending list; under MPI, rank 0 runs the same
// procedure and also serves remote ranks (mpi_selfplay.cpp), which take ids from that list and
// send their games back to be logged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "records/game_log.hpp"
#include "selfplay/game_run.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"
#include "selfplay/summary.hpp"

namespace arena::selfplay {

/// How far a stop goes: start no game (the games in flight finish and are logged), or also
/// abandon the games in flight. Ordered: a stronger stop overrides a weaker one.
enum class StopMode : int { None = 0, Finish = 1, Abandon = 2 };

/// The line (without newlines) that announces a stop caused by `cause` ("SIGTERM",
/// "SIGTERM on rank 2", "deadline reached"). `every_rank`: an MPI run's wording; else the
/// one-process wording, which announces no Abandon (empty) and for a signal says that a second
/// one abandons the games.
[[nodiscard]] std::string stop_notice(StopMode mode, const std::string& cause, bool every_rank,
                                      bool by_signal);

/// What remote ranks call on the run (thread-safe).
class RunCoordinator {
 public:
  /// Up to `n` pending ids in increasing order; none once the run stops.
  [[nodiscard]] virtual std::vector<std::int64_t> take_ids(std::size_t n) = 0;
  /// Logs and counts finished games; the game that decides the SPRT stops the run at once.
  virtual void record(const std::vector<records::GameRecord>& games) = 0;
  /// Stops the run (`mode`) and prints `notice` (see stop_notice; nothing when empty); a stop no
  /// stronger than the one in force is ignored in a run with remote ranks.
  virtual void stop(StopMode mode, const std::string& notice) = 0;

 protected:
  ~RunCoordinator() = default;
};

/// The remote ranks of a run as rank 0 sees them; used only by the thread that runs the
/// procedure (the one that may call MPI).
class RemoteRanks {
 public:
  virtual ~RemoteRanks() = default;
  /// Whether some rank has not yet sent its last games.
  [[nodiscard]] virtual bool active() const = 0;
  /// Handles the next message if one has arrived (games, a request for ids, a stop) and
  /// returns whether there was one. Throws std::runtime_error for a rank's failure.
  virtual bool serve(RunCoordinator& run) = 0;
  /// Tells every rank still playing to stop (`mode`).
  virtual void stop(StopMode mode) = 0;
};

/// A run's log, locked before it was read, with what it holds.
struct OpenLog {
  records::LogWriter writer;
  ResumeState resume;
};

/// Locks the log of `setup` (so no other run writes between the reading and the appending),
/// inspects it (inspect_log) and starts it anew or truncates it for appending. Throws the
/// InputErrors of LogWriter::lock and inspect_log.
[[nodiscard]] OpenLog open_log(const RunSetup& setup, bool fsync);

/// The run procedure: counts the games of `log`, then (unless the SPRT has already decided)
/// plays the pending ids on a runner of `game` when `plays`, while serving `remote` (null in a
/// one-process run), until every id is played or the run stops. The first SIGINT/SIGTERM (or
/// --stop-signal) when opts.handle_signals, or the deadline, stops starting games, a second
/// signal abandons the games in flight; `interrupted` is then set unless every requested game
/// was logged. Progress goes to stderr unless opts.quiet. Rethrows a runner's error, and what
/// remote->serve throws (the games in flight are then abandoned).
[[nodiscard]] SelfplaySummary coordinate_run(const SelfplayOptions& opts, const GameRun& game,
                                             OpenLog& log, bool plays, RemoteRanks* remote);

/// Plays the run described by `given` in this process: with_resolved_seed, `prepare`,
/// open_log, coordinate_run. Errors before the first game are InputErrors (exit 2).
[[nodiscard]] SelfplaySummary run_selfplay(const SelfplayOptions& given,
                                           const GamePreparer& prepare);

}  // namespace arena::selfplay
