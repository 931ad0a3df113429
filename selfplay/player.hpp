// The players of self-play games. The runner talks to a Player<G>, not to an Engine, so that
// arena's own engines (EnginePlayer in engine_player.hpp), external programs behind a protocol
// and the mock players of the tests all plug into the same game loop.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "selfplay/game_log.hpp"

namespace arena::selfplay {

/// What the game loop asks for one move.
struct MoveRequest {
  core::SearchLimits limits;  ///< overrides (and the mover's clock); none set = player's own
  std::uint64_t seed = 0;     ///< derived from the game seed and the ply
  int temperature = 0;        ///< > 0: pick by softmax over root scores / temperature (centi-units)
  const std::atomic<bool>* abort = nullptr;  ///< set when the run abandons in-flight games
};

/// A player's answer: the move and, when it searched, what it saw.
template <core::Game G>
struct MoveChoice {
  typename G::Move move{};
  std::optional<MoveEval> eval;
};

/// Thrown by a player's choose() to forfeit the game with a given termination (external
/// engines: Timeout for no answer in time, IllegalMove for an unparsable or illegal answer,
/// Crash for a dead process); what() is the reason logged. Any other exception counts as Crash.
class PlayerFault : public std::runtime_error {
 public:
  PlayerFault(Termination termination, const std::string& reason)
      : std::runtime_error(reason), termination_(termination) {}
  [[nodiscard]] Termination termination() const { return termination_; }

 private:
  Termination termination_;
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
