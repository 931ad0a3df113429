// The registry-bound entry point of the log replay check (selfplay/log_check.hpp) for
// commands that read logs of any game: analyze, merge, convert, report.
#pragma once

#include <string>
#include <vector>

#include "records/game_log.hpp"

namespace arena {

/// Replays `games` under the game and rules of `run` (selfplay::check_games). Throws
/// InputError naming `run_origin` ("FILE:1: ") for a game name no build registers, and the
/// game's FILE:LINE for a game that does not replay.
void check_log_games(const records::RunRecord& run,
                     const std::vector<records::GameRecord>& games,
                     const std::string& run_origin);

/// check_log_games for one file as read.
void check_log_file(const records::LogFile& log);

}  // namespace arena
