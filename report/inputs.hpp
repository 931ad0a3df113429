// What a report reads: either one loop run folder or any number of game logs. Reading is
// forgiving on purpose: a report is most wanted when a run went wrong, so a torn line, an
// unknown game or an unreadable file becomes a listed problem instead of an error, and the
// page is still written with everything that could be read.
//
// A loop run folder (`arena loop`, runs/<date-time>-<game>/, see loop/loop.hpp) holds:
//   summary.json          the loop's --json document (records/round_record.hpp's LoopRecord,
//                         read by its reader). Written when the loop ends: while it runs, the
//                         finished rounds' round-N/round.json (one RoundRecord each) are read
//                         instead. Config paths are absolute, or relative to the run folder or
//                         the current folder.
//   round-N/              N = 1, 2, ...: every *.jsonl below it is a game log (train.jsonl,
//                         match.jsonl), read in round order; candidate.cfg, sparring.cfg.
//                         train.jsonl (.gz, .zst) holds training games (the best config
//                         against a copy of itself): shown in their own section, never
//                         counted with the matches.
//   final.jsonl           best vs start; like any other *.jsonl it is read after the rounds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "records/game_log.hpp"
#include "records/round_record.hpp"

namespace arena::report {

/// One log as the report uses it: the reader's records plus where it came from.
struct InputLog {
  records::LogFile file;
  std::string label;      ///< short name shown on the page (path relative to the run folder)
  int round = 0;          ///< the loop round (round-N folder) it belongs to, 0 = none
  bool known_game = true; ///< the run's game is registered (else: listed, no statistics)
  bool training = false;  ///< a loop's training games (round-N/train.jsonl), not a match
};

/// Everything read.
struct Inputs {
  bool loop = false;               ///< a run folder was given
  std::string folder;              ///< that folder
  /// summary.json, or a running loop's finished rounds alone (start_config "" and no final
  /// match); nullopt when neither could be read.
  std::optional<records::LoopRecord> loop_summary;
  std::vector<InputLog> logs;      ///< readable logs, in round then path order
  std::vector<std::string> problems;  ///< "FILE:LINE: what", shown on the page and on stderr
};

/// Reads `paths`: one folder (a loop run folder) or log files. `known_games` are the registered
/// game names; a log of another game is kept for the page but counted as a problem. Never
/// throws for bad content; throws InputError only when `paths` is empty or names nothing that
/// exists.
[[nodiscard]] Inputs load_inputs(const std::vector<std::string>& paths,
                                 const std::vector<std::string>& known_games);

/// The path of a config named by summary.json (`start_config`, ...) resolved against the run
/// folder: absolute paths stay, relative ones are taken from the folder, then from the folder
/// the loop ran in (the run folder less summary.json's run_dir), then from the current
/// directory. "" when it does not exist.
[[nodiscard]] std::string resolve_run_path(const Inputs& inputs, const std::string& path);

}  // namespace arena::report
