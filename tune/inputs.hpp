// The games the tuner learns from, in one generic shape whatever file they came from: the moves
// from the initial position, the final score and (from logs made with --record-evals) the
// search score of every move. Arena logs are read here; real-game formats (WTHOR) are read by
// their game's folder and converted by the caller (engine/registry/run_tune.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "records/game_log.hpp"

namespace arena::tune {

/// One game to sample positions from.
struct TrainingGame {
  std::string source;              ///< "FILE#ID" (logs), "FILE:LINE" or "FILE#INDEX" (records)
  std::string rules;               ///< the game's rule options as recorded ("" = standard)
  std::vector<std::string> moves;  ///< the whole game from the initial position, passes included
  int score = 0;                   ///< final score, first player's view, game units
  /// Empty, or one per move: the search score before that move (mover's view, centi-units).
  std::vector<std::optional<int>> evals;
};

/// One input file and what it gave.
struct InputSummary {
  std::string path;
  std::string kind;          ///< "log", "wthor-transcripts", "wthor-database"
  std::string hash;          ///< FNV-1a 64 of the file's bytes, 16 hex digits
  std::size_t games = 0;     ///< games kept
  std::size_t skipped = 0;   ///< games dropped (abnormal terminations, invalid records)
  std::size_t invalid = 0;   ///< records that stop early or disagree with the replay (kept or not)
};

/// FNV-1a 64 of a file's bytes as 16 lowercase hex digits. Throws InputError if unreadable.
[[nodiscard]] std::string file_hash(const std::string& path);

/// Log games as training games, in id order (whatever order the games finished and were
/// logged in): games that ended normally or by adjudication are kept (each with `rules` and
/// the source "SOURCE#ID"), and resigned games unless `need_final_score` (their score is the
/// result's sign only); others counted in summary.skipped.
[[nodiscard]] std::vector<TrainingGame> training_games(const std::vector<records::GameRecord>& games,
                                                       const std::string& rules,
                                                       const std::string& source,
                                                       InputSummary& summary,
                                                       bool need_final_score = true);

/// Reads one arena log (records/game_log.hpp) for game `expected_game`. Games that ended
/// normally or by adjudication are kept; illegal-move, crash and timeout games are skipped
/// (their score is a forfeit, not a played-out result). Throws InputError naming FILE:LINE for
/// a file that is not a log, and naming the file when its game is not `expected_game`.
/// `check` (the game's replay of every game, selfplay/log_check.hpp) runs on the whole file
/// before any game is taken, so a game that does not replay is an error naming its FILE:LINE.
/// Resigned games (termination resign: the result is known, the final score is not; their
/// `score` is the result's sign, +-1) are kept unless `need_final_score` (labels built on the
/// final score: score, exact).
[[nodiscard]] std::vector<TrainingGame> read_log_games(
    const std::string& path, const std::string& expected_game, InputSummary& summary,
    const std::function<void(const records::LogFile&)>& check, bool need_final_score = true);

}  // namespace arena::tune
