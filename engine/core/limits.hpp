// Play limits for one move. Fixed depth and fixed nodes are deterministic; time limits are not.
#pragma once

#include <cstdint>

namespace arena::core {

/// Limits of one search. Zero means "not set"; when several are set, the first reached stops
/// the search (iterative deepening always completes depth 1).
struct SearchLimits {
  int depth = 0;                ///< maximum nominal depth, plies
  std::uint64_t nodes = 0;      ///< maximum nodes (checked at every node: deterministic)
  int movetime_ms = 0;          ///< wall time for this move, milliseconds
  int time_left_ms = 0;         ///< game clock of the side to move, milliseconds (0 = no clock)
  int increment_ms = 0;         ///< clock increment per move, milliseconds

  [[nodiscard]] bool any() const {
    return depth > 0 || nodes > 0 || movetime_ms > 0 || time_left_ms > 0;
  }
};

}  // namespace arena::core
