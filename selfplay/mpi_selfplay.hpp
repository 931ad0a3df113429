// Self-play over several processes started by an MPI launcher (`mpirun -n K arena selfplay
// ...`, `srun --mpi=pmix`): one run, one log, one SPRT. Rank 0 runs the run procedure of
// run.hpp: it reads or resumes the log exactly as a single process would, keeps the progress
// line and the SPRT over all results, plays from the pending ids itself unless
// --mpi-coordinator-only, and hands the other ranks batches of 2 x --threads ids (whole pairs)
// as they ask, writing each finished game they send back. A game depends only on (seed, id),
// so the set of game lines equals the single-process run's.
//
// Workers ask for the next batch as soon as all ids of the current one have started (games
// still in flight), so no rank waits idle for a round trip. A stop reaches every rank at once:
// when the SPRT decides, the deadline passes, or a signal (SIGINT, SIGTERM, --stop-signal)
// arrives on ANY rank (a scheduler signals every task), rank 0 sends Stop to every worker,
// which drops its queued ids and finishes (or, on a second signal, abandons) its games in
// flight. After the deciding game at most --threads games per rank are still played (single
// process: --threads - 1). The transport is mpi_transport (plain MPI C API, main thread only).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "records/game_log.hpp"
#include "selfplay/game_run.hpp"
#include "selfplay/game_setup.hpp"
#include "selfplay/mpi_transport.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run.hpp"
#include "selfplay/runner.hpp"
#include "selfplay/summary.hpp"

namespace arena::selfplay {

/// Game ids as a message payload ("4 5 6 7") and back.
[[nodiscard]] std::string format_ids(const std::vector<std::int64_t>& ids);
[[nodiscard]] std::vector<std::int64_t> parse_ids(const std::string& text);

/// Game records as a message payload (log lines joined by '\n') and back; `where` prefixes
/// parse errors (e.g. "rank 2: ").
[[nodiscard]] std::string format_games(const std::vector<records::GameRecord>& games);
[[nodiscard]] std::vector<records::GameRecord> parse_games(const std::string& text,
                                                  const std::string& where);

/// A Stop message's payload: "finish" or "abandon", then optionally the signal's name.
[[nodiscard]] std::string stop_word(StopMode mode, const std::string& signal = "");
/// The mode and signal name of a Stop payload (a payload that is neither word abandons).
[[nodiscard]] std::pair<StopMode, std::string> parse_stop(const std::string& payload);

/// Plays the run of `given` as one rank of an MPI job (see the file comment), the game's run
/// made by `prepare` on every rank. Returns the summary on rank 0 and nullopt on the other
/// ranks. Errors before the first game are the InputErrors of run_selfplay, raised on the rank
/// that found them (the other ranks then return nullopt, or throw when rank 0 failed). A
/// failure during play (a worker's exception, a log write error) prints the error and ends
/// the whole job (MPI_Abort): the log holds only whole lines and the same command resumes it.
/// Every rank calls it with the same options on the process's one `session`, which may play
/// several runs in turn (arena loop's stages).
[[nodiscard]] std::optional<SelfplaySummary> run_selfplay_mpi(const mpi::Session& session,
                                                              const SelfplayOptions& given,
                                                              const GamePreparer& prepare);

/// run_selfplay_mpi for game G; `factory` replaces the EnginePlayers built from the configs.
template <core::Game G>
std::optional<SelfplaySummary> run_selfplay_mpi(const mpi::Session& session,
                                                const SelfplayOptions& given,
                                                PlayerFactory<G> factory = nullptr) {
  return run_selfplay_mpi(session, given, game_preparer<G>(std::move(factory)));
}

}  // namespace arena::selfplay
