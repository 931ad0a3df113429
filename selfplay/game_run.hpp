// The game-free face of a prepared run. The run procedure (run.cpp) and the MPI ranks
// (mpi_selfplay.cpp) play any game through these two interfaces; game_preparer<G>
// (game_setup.hpp) implements them once per game, instantiated by callers through with_game.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "selfplay/game_log.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"

namespace arena::selfplay {

/// Receives each finished game after its line was written; calls are serialised (never two at
/// once) and may call Runner::stop(). Must not call wait().
using GameCallback = std::function<void(const GameRecord&)>;

/// Hands out the next game id to play, or nullopt when there is none left; called from the
/// worker tasks concurrently, so it must be thread-safe. It may block until an id is known
/// (a worker rank feeds ids as batches arrive).
using IdSource = std::function<std::optional<std::int64_t>()>;

/// A Runner of some game (runner.hpp, whose contracts apply: start once, stop and abort from
/// any thread, wait once after start).
class GameRunner {
 public:
  virtual ~GameRunner() = default;
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void abort() = 0;
  virtual void wait() = 0;
};

/// A run of some game after prepare_game_run: its checked setup and a maker of runners.
class GameRun {
 public:
  virtual ~GameRun() = default;
  [[nodiscard]] virtual const RunSetup& setup() const = 0;
  /// A runner of `threads` (>= 1) workers that plays the ids `source` hands out and passes
  /// each finished game to `on_game` (it writes no log itself). The run must outlive it.
  [[nodiscard]] virtual std::unique_ptr<GameRunner> runner(IdSource source, GameCallback on_game,
                                                           int threads) const = 0;
};

/// Prepares the run of `opts` (seed resolved) for the game the caller bound; throws the
/// InputErrors of prepare_game_run.
using GamePreparer = std::function<std::unique_ptr<GameRun>(const SelfplayOptions& opts)>;

}  // namespace arena::selfplay
