// The run config of `arena loop`: an INI file (core/ini.hpp's lexer, like engine configs) with
// the loop's own settings and one section per stage. Every key has a built-in default, so the
// loop runs on a fresh clone with no file at all; configs/<game>/loop.cfg holds the defaults
// written out for each game.
//
//   game = othello                 start = configs/othello/classic.cfg
//   rounds = 3                     threads = 2          seed = 1
//   extra_games = a.tsv b.jsonl    # real games added to every fit (space-separated)
//   [train]  games, depth, openings, temperature, temperature_plies, sprt (`arena selfplay`'s)
//   [tune]   any `arena tune` option with _ for - (label, method, holdout, lambda, skip_plies, ...)
//   [match]  the same keys as [train]
//   [final]  the same keys as [train]
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "selfplay/options.hpp"
#include "tune/options.hpp"

namespace arena::loop {

/// Self-play settings of one stage (training games, candidate match, final match): `arena
/// selfplay`'s own options (selfplay/options.hpp), read from [train], [match] and [final]
/// through its description and checked by its check_selfplay_options, so each knob has the
/// CLI's one range. The sections take games, depth, openings, temperature, temperature_plies
/// and sprt; the loop sets the engines, threads, seed, log, record_evals and quiet itself.
using StageConfig = selfplay::SelfplayOptions;

/// A stage's settings before its section is read: 200 games at depth 2 from random:6 openings
/// (the loop's own defaults; the CLI's other defaults stand).
[[nodiscard]] StageConfig default_stage_config();

/// A whole loop run. `text` is the file's content (or the built-in defaults written out) and
/// `hash` identifies the run when resuming.
struct LoopConfig {
  std::string game = "othello";
  std::string start;                    ///< starting engine config
  int rounds = 3;
  int threads = 2;
  std::uint64_t seed = 1;
  std::vector<std::string> extra_games; ///< real game records added to every fit
  StageConfig train = default_stage_config();
  /// The tuner's settings of each round: `arena tune`'s own options (tune/options.hpp), read
  /// from [tune] with the same defaults and ranges; the loop sets games, init, out, name,
  /// seed and threads itself.
  tune::TuneOptions fit;
  /// [tune] keys beyond the eight always written out, as given (key, value), in file order.
  std::vector<std::pair<std::string, std::string>> fit_extra;
  StageConfig match = default_stage_config();
  StageConfig final_match = default_stage_config();
  std::string path;                     ///< file read, "" for built-in defaults
  std::string text;
  std::uint64_t hash = 0;
};

/// The built-in default run of `game` (what `arena loop --game G` does with no --config):
/// configs/<game>/loop.cfg when it exists under `root`, else the compiled-in values. Throws
/// InputError for an unknown game.
[[nodiscard]] LoopConfig default_loop_config(const std::string& game, const std::string& root);

/// Reads and checks a whole run config, so that a bad value fails before any game is played;
/// relative paths (start, extra_games) are taken from the config's folder. Throws InputError
/// naming FILE:LINE and the key for an unknown key, a value of the wrong type or out of range
/// (a stage's openings file must exist), or a missing file.
[[nodiscard]] LoopConfig load_loop_config(const std::string& path);

/// The config written out in the format load_loop_config reads (recorded in the run folder).
[[nodiscard]] std::string format_loop_config(const LoopConfig& c);

}  // namespace arena::loop
