// The library entry point of the tuner, `run_tune(options) -> report`, used by `arena tune` and
// `arena loop`. This header is the one place where the game-generic tuner meets the registered
// games and their real-game readers (like engine/registry/games.hpp, it binds, it holds no
// logic): it reads the --init config, dispatches on its game, reads the inputs (arena logs for
// any game; WTHOR transcripts .tsv and databases .wtb for Othello) and runs tune_game<G>.
// Header-only, so the tune library itself links only the core (see CMakeLists.txt).
#pragma once

#include <chrono>
#include <string>
#include <type_traits>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/info.h>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/othello/wthor.hpp"
#include "engine/registry/games.hpp"
#include "tune/inputs.hpp"
#include "tune/options.hpp"
#include "tune/report.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

namespace detail {

inline bool has_suffix(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Reads one real-game record file of Othello into training games.
inline std::vector<TrainingGame> read_wthor_games(const std::string& path,
                                                  othello::InvalidRecordPolicy policy,
                                                  InputSummary& summary) {
  othello::RecordStats stats;
  const bool database = has_suffix(path, ".wtb");
  const auto records = database ? othello::read_wthor_database(path, policy, stats)
                                : othello::read_wthor_transcripts(path, policy, stats);
  summary.path = path;
  summary.kind = database ? "wthor-database" : "wthor-transcripts";
  summary.hash = file_hash(path);
  summary.games = stats.kept;
  summary.skipped = stats.skipped;
  summary.invalid = stats.incomplete + stats.mismatched;
  std::vector<TrainingGame> out;
  out.reserve(records.size());
  for (const auto& r : records) {
    out.push_back(TrainingGame{r.source, "", r.moves, r.recorded_score, {}});
  }
  return out;
}

}  // namespace detail

/// Runs one tuning job (see TuneOptions; tune_game<G> for the stages and errors). Progress
/// lines go to `progress` unless options.quiet. Throws InputError (exit 2 in the CLI) for a
/// file that is not a log (FILE:LINE), a log or record file of another game than the config's,
/// bad options, and the errors of tune_game.
inline TuneReport run_tune(const TuneOptions& options, const Progress& progress = {}) {
  const auto start = std::chrono::steady_clock::now();
  const Progress sink = options.quiet ? Progress{} : progress;
  check_tune_options(options);
  (void)parse_label(options.label);
  (void)parse_method(options.method);
  const auto policy = othello::parse_invalid_record_policy(options.wthor_invalid,
                                                           "--wthor-invalid");
  if (options.games.empty()) {
    throw InputError("--games: expected at least one game log or record file");
  }
  const int threads =
      options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  const core::EngineConfig init = core::load_engine_config(options.init);
  TuneReport report;
  with_game(init.game, [&]<class G>() {
    std::vector<TrainingGame> games;
    for (const auto& path : options.games) {
      InputSummary summary;
      std::vector<TrainingGame> more;
      if (detail::has_suffix(path, ".tsv") || detail::has_suffix(path, ".wtb")) {
        if constexpr (std::is_same_v<G, othello::Othello>) {
          more = detail::read_wthor_games(path, policy, summary);
        } else {
          throw InputError(where(path, 0) + "WTHOR records are Othello games but " +
                           options.init + " is a config for '" + std::string(G::kName) + "'");
        }
      } else {
        more = read_log_games(path, std::string(G::kName), summary);
      }
      if (sink) {
        sink("tune: read " + path + ": " + std::to_string(summary.games) + " games (" +
             std::to_string(summary.skipped) + " skipped)");
      }
      games.insert(games.end(), std::make_move_iterator(more.begin()),
                   std::make_move_iterator(more.end()));
      report.inputs.push_back(std::move(summary));
    }
    report.read_seconds = detail::seconds_since(start);
    tune_game<G>(options, init, games, report, sink);
  });
  report.seconds = detail::seconds_since(start);
  return report;
}

}  // namespace arena::tune
