// The players of self-play games. The runner talks to a Player<G>, not to an Engine, so that
// arena's own engines (EnginePlayer in engine_player.hpp), external programs behind a protocol
// and the mock players of the tests all plug into the same game loop.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "records/game_log.hpp"

namespace arena::selfplay {

/// The game so far as an outside program is told it (NBoard `set game`, GTP `time_left`).
struct GameSoFar {
  std::int64_t id = 0;             ///< the game's id in the run (for engine I/O logs)
  /// Every ply from the initial position, opening included, in the game's standard notation
  /// (passes included).
  std::vector<std::string> moves;
  /// Per element of `moves`: the time it took as the clock counts it, ms (0 for opening plies).
  std::vector<int> charged_ms;
  std::size_t opening_plies = 0;   ///< how many of `moves` are the opening (never charged)
  int clock_ms = 0;                ///< the mover's time at the start, ms (0 = no clock)
  int increment_ms = 0;            ///< added to the mover's clock after each of its moves, ms
  int time_left_ms[2] = {0, 0};    ///< each side's clock now, ms (first player, second)
};

/// What the game loop asks for one move.
struct MoveRequest {
  core::SearchLimits limits;  ///< overrides (and the mover's clock); none set = player's own
  std::uint64_t seed = 0;     ///< derived from the game seed and the ply
  int temperature = 0;        ///< > 0: pick by softmax over root scores / temperature (centi-units)
  const std::atomic<bool>* abort = nullptr;  ///< set when the run abandons in-flight games
  const GameSoFar* game = nullptr;  ///< the game so far (null when the caller keeps none)
};

/// A player's answer: the move and, when it searched, what it saw.
template <core::Game G>
struct MoveChoice {
  typename G::Move move{};
  std::optional<records::MoveEval> eval;
  /// An outside engine's process CPU time for the move, ms (its process while asked for it);
  /// none for players in the game loop's own thread, whose CPU that thread's clock counts.
  std::optional<double> process_cpu_ms;
};

/// Thrown by a player's choose() to lose the game with a given termination (external
/// engines: Timeout for no answer in time, IllegalMove for an unparsable or illegal answer,
/// Crash for a dead process, Resign when the engine gives up); what() is the reason logged.
/// Any other exception counts as Crash.
class PlayerFault : public std::runtime_error {
 public:
  PlayerFault(records::Termination termination, const std::string& reason)
      : std::runtime_error(reason), termination_(termination) {}
  [[nodiscard]] records::Termination termination() const { return termination_; }

 private:
  records::Termination termination_;
};

/// One side of a game. Not thread-safe: the runner uses one instance per thread.
///  - name(): the engine name written to the log.
///  - new_game(): called before each game (clears per-game state such as hash tables).
///  - choose(p, request): a move for the side to move in p, which is not terminal. Throwing
///    or returning an illegal move forfeits the game (termination crash / illegal-move).
template <core::Game G>
class Player {
 public:
  virtual ~Player() = default;
  [[nodiscard]] virtual const std::string& name() const = 0;
  virtual void new_game() = 0;
  virtual MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) = 0;
};

}  // namespace arena::selfplay
