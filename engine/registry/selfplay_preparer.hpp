// The registry-bound entry point of self-play for commands that play any game (selfplay, loop
// and its MPI stages): the game-free run procedure (selfplay/run.hpp, mpi_selfplay.hpp) meets
// the registered games here, so each game's players, runner and searches are compiled once, in
// selfplay_preparer.cpp, not in every command that plays.
#pragma once

#include "selfplay/game_run.hpp"
#include "selfplay/options.hpp"

namespace arena {

/// The GamePreparer (selfplay::game_preparer<G>) of the game of `opts`' configs
/// (selfplay::selfplay_game). Binds `opts` to the registered games first: `nboard:CMD` and
/// `gtp:CMD` entries become ExternalPlayers (selfplay::prepare_external_engines), and
/// --openings is read in every registered record format (records::read_openings). Throws
/// InputError for a config of no registered game, an unreadable config and a malformed
/// external engine entry.
[[nodiscard]] selfplay::GamePreparer selfplay_preparer(selfplay::SelfplayOptions& opts);

}  // namespace arena
