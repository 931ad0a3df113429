// Engines' clock use over logged games: the overruns their margin forgave against the time
// their clocks gave them, and the warning when the forgiven time passes a small share of it.
// One home for the self-play summary (MatchTally, as games finish) and the readers of finished
// logs (combine_logs: `arena analyze`, the report), so every command shows the same warning.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "records/game_log.hpp"
#include "selfplay/side_settings.hpp"

namespace arena::selfplay {

/// One engine's clock use over its games under a clock: the overruns its margin forgave
/// (GameClocks::forgiven_ms) against the time its clocks gave it.
struct ClockUse {
  std::int64_t games = 0;          ///< its games played on a clock
  std::int64_t given_ms = 0;       ///< base time plus an increment per move of its, summed
  std::int64_t overrun_games = 0;  ///< games with a forgiven overrun
  std::int64_t overrun_ms = 0;     ///< forgiven overruns, summed
};

/// Adds finished game g to the clock use of its first and second player, whose settings are
/// `first` and `second` (a side without a clock is not counted).
void add_clock_use(const records::GameRecord& g, const SideSettings& first,
                   const SideSettings& second, ClockUse& first_use, ClockUse& second_use);

/// The share of its clocks' time (ClockUse::given_ms) above which an engine's forgiven
/// overruns are warned about: past it, the games were not played at the time control set.
inline constexpr double kOverrunShare = 0.05;

/// The warning for `engine` when its forgiven overruns exceed kOverrunShare of the time its
/// clocks gave it (an outside program that keeps overrunning within its margin_ms); else none.
[[nodiscard]] std::optional<std::string> overrun_warning(const std::string& engine,
                                                         const ClockUse& use);

/// A side's limits and clock from its effective limits in a run.
[[nodiscard]] SideSettings side_settings(const records::LogLimits& limits);

/// Each engine's SideSettings as `run` records them, in run-record order: its own limits
/// (LogEngine::limits) or the run's; for an outside program (an NBoard/GTP entry as its path)
/// the margin_ms of its entry, else of the run's --each (command_line), else kDefaultMarginMs.
/// An entry or --each that no longer parses counts as unset.
[[nodiscard]] std::vector<SideSettings> logged_sides(const records::RunRecord& run);

}  // namespace arena::selfplay
