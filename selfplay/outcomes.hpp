// Logged games as the analysis library counts them, and the one rule for combining several logs
// that `arena analyze`, the report and anything else reading many logs share: shards of one run
// merge by game id, logs of different runs are counted one after another with disjoint pair ids
// (each run numbers its pairs from 0).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/pairs.hpp"
#include "records/game_log.hpp"

namespace arena::selfplay {

/// The outcome of one logged game: plies are the whole transcript (opening and passes
/// included); the opening key is the opening's moves joined by spaces; the recorded move times
/// go to the side that made each move (the sides take turns after the opening).
[[nodiscard]] analysis::GameOutcome outcome_of(const records::GameRecord& game);

/// The games of several logs, combined.
struct CombinedOutcomes {
  std::vector<analysis::GameOutcome> games;
  std::vector<std::string> engines;  ///< union of the run records' engines, first file first
  bool one_run = true;               ///< every run record agrees (apart from the shard)
  /// One run only: its recorded SPRT decision (read_logs' rule for several files).
  std::optional<analysis::SprtDecision> decision;
  /// Per engine whose forgiven clock overruns add up over the games (overrun_warning, with
  /// each run's clocks as logged_sides reads them): the self-play summary's warning.
  std::vector<std::string> warnings;
};

/// The name an engine is shown under: `name`, or `name@HASH` (the shortest prefix of at least
/// 4 hex digits of its config hash that tells it apart) when `files` log that name with more
/// than one config hash. An engine is its name and its config (the hash covers the config's
/// game too), so two such engines are never counted as one.
[[nodiscard]] std::string engine_label(const std::vector<records::LogFile>& files, const records::LogEngine& engine);

/// Combines `files` (read with read_log_file). Logs of one run (one file, or shards) are merged
/// by the shared reader read_logs (identical duplicates kept once, sorted by id) and keep their
/// pair ids; logs of different runs, or any logs when `separate` is set, are taken one after
/// another with their pair ids shifted past the previous log's. Engines are named by
/// engine_label; their clock use gives the warnings. Throws InputError from
/// read_logs (a game id logged twice with different content, naming FILE:LINE).
[[nodiscard]] CombinedOutcomes combine_logs(const std::vector<records::LogFile>& files,
                                            bool separate = false);

}  // namespace arena::selfplay
