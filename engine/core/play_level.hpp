// Playing strength levels for people (`arena play --level N`): 1 is a beginner's opponent,
// 10 the engine at its config's own limits. Lower levels search shallower and pick among the
// root moves by softmax (engine.hpp, softmax_choice), so a weaker level sometimes plays a move
// a few discs or squares worse than its best. Game-generic: depths and temperatures in plies
// and centi-units.
#pragma once

#include <array>
#include <string>

#include "engine/core/errors.hpp"

namespace arena::core {

/// How one level plays: search depth (plies; 0 = the config's own limits) and the softmax
/// temperature over the root moves' scores (centi-units; 0 = always the best move).
struct PlayLevel {
  int depth = 0;
  double temperature = 0;
};

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 10;

/// The level table. Level 1 is nearly random among moves within a few units of the best (400
/// centi-units = 4 discs or squares per e-fold); from level 7 on, always the best move found.
[[nodiscard]] inline PlayLevel play_level(int level) {
  constexpr std::array<PlayLevel, kMaxLevel> kLevels = {{
      {1, 400}, {1, 200}, {2, 100}, {2, 50}, {3, 25}, {4, 10}, {5, 0}, {6, 0}, {8, 0}, {0, 0}}};
  if (level < kMinLevel || level > kMaxLevel) {
    throw InputError("--level " + std::to_string(level) + ": expected 1 (beginner) to 10 (full strength)");
  }
  return kLevels[static_cast<std::size_t>(level - 1)];
}

}  // namespace arena::core
