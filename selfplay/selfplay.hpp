// The library entry point of self-play: run_selfplay<G>(options) validates everything, opens
// or resumes the log, plays the pending games and returns the summary; the procedure itself is
// game-free (run.hpp), this header binds it to G. Used by `arena selfplay` and `arena loop`
// (which dispatch on the configs' game by name).
#pragma once

#include <utility>

#include "engine/core/game.hpp"
#include "selfplay/game_setup.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run.hpp"
#include "selfplay/runner.hpp"
#include "selfplay/summary.hpp"

namespace arena::selfplay {

/// Plays the run described by `given` for game G (the game of the configs; see
/// selfplay_game()): run_selfplay over game_preparer<G>. `factory` replaces the EnginePlayers
/// built from the configs (tests, external engines); it is called once per engine before any
/// game to validate. Errors before the first game are InputErrors (exit 2): see prepare_run
/// and inspect_log; also a config that does not fit G, a malformed --rules, an illegal opening
/// (FILE:LINE). Signals, the deadline and the summary: see coordinate_run.
template <core::Game G>
SelfplaySummary run_selfplay(const SelfplayOptions& given, PlayerFactory<G> factory = nullptr) {
  return run_selfplay(given, game_preparer<G>(std::move(factory)));
}

}  // namespace arena::selfplay
