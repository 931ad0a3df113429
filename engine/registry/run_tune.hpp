// The library entry point of the tuner, `run_tune(options) -> report`, used by `arena tune` and
// `arena loop`. It sits in the registry because it is where the game-generic tuner meets the
// registered games and their real-game readers (like games.hpp, it binds, it holds no logic):
// it reads the --init config, dispatches on its game, reads the inputs (arena logs for any
// game; a game's own record files through tune::RecordInputs<G>, e.g. WTHOR for Othello) and
// runs tune_game<G>; compiled once, in run_tune.cpp, so the tune library itself links only
// the core.
#pragma once

#include "tune/options.hpp"
#include "tune/report.hpp"

namespace arena::tune {

/// Runs one tuning job (see TuneOptions; tune_game<G> for the stages and errors). Progress
/// lines go to `progress` unless options.quiet. Throws InputError (exit 2 in the CLI) for a
/// file that is not a log (FILE:LINE), a log or record file of another game than the config's,
/// bad options, and the errors of tune_game.
TuneReport run_tune(const TuneOptions& options, const Progress& progress = {});

}  // namespace arena::tune
