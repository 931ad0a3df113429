// One engine's limits and clock in a run (the global flags under --each under its --engine
// entry): what the games give it and what the summary checks its time use against.
#pragma once

#include "engine/core/limits.hpp"

namespace arena::selfplay {

/// One engine's limits and clock: the global flags under --each under its --engine entry.
struct SideSettings {
  core::SearchLimits limits;   ///< depth / nodes / movetime overrides (none = config's limits)
  int clock_ms = 0;            ///< game time of this side, ms (0 = no clock)
  int increment_ms = 0;        ///< added to this side's clock after each of its moves, ms
  /// How far one move may overrun the clock before it is a forfeit, ms; an overrun within it
  /// is forgiven and the clock stops at zero (cutechess-cli's timemargin). Outside programs:
  /// their margin_ms, which also extends the wait for their answer; arena's engines: 0.
  int margin_ms = 0;
};

}  // namespace arena::selfplay
