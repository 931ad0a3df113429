// The game-free face of a prepared run. The run procedure (run.cpp), the worker pool
// (worker_pool.cpp) and the MPI ranks (mpi_selfplay.cpp) play any game through these two
// interfaces; TypedGamePlayer<G> (runner.hpp) and game_preparer<G> (game_setup.hpp) implement
// them once per game, instantiated by callers through with_game.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "records/game_log.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"

namespace arena::selfplay {

/// Receives each finished game after its line was written; calls are serialised (never two at
/// once) and may call WorkerPool::stop(). Must not call wait().
using GameCallback = std::function<void(const records::GameRecord&)>;

/// Hands out the next game id to play, or nullopt when there is none left; called from the
/// worker threads concurrently, so it must be thread-safe. It may block until an id is known
/// (a worker rank feeds ids as batches arrive).
using IdSource = std::function<std::optional<std::int64_t>()>;

/// One worker thread's player of some game: it owns the worker's engines (built on first use,
/// kept for all its games; engines are not thread-safe, so each task has its own).
class GamePlayer {
 public:
  virtual ~GamePlayer() = default;
  /// Plays game `id` of the run; nullopt when `abort` was raised during the game (the game
  /// is then discarded). Throws what building a player throws.
  [[nodiscard]] virtual std::optional<records::GameRecord> play(std::int64_t id,
                                                       const std::atomic<bool>& abort) = 0;
};

/// Makes the GamePlayer of one worker thread; called once per thread, from that thread.
using GamePlayerFactory = std::function<std::unique_ptr<GamePlayer>()>;

/// A run of some game after prepare_game_run: its checked setup and its players.
class GameRun {
 public:
  virtual ~GameRun() = default;
  [[nodiscard]] virtual const RunSetup& setup() const = 0;
  /// A new worker thread's player (thread-safe). The run must outlive it.
  [[nodiscard]] virtual std::unique_ptr<GamePlayer> player() const = 0;
};

/// Prepares the run of `opts` (seed resolved) for the game the caller bound; throws the
/// InputErrors of prepare_game_run.
using GamePreparer = std::function<std::unique_ptr<GameRun>(const SelfplayOptions& opts)>;

}  // namespace arena::selfplay
