// The reporting layer of `arena analyze`: turns counts into statistics (elo.hpp, sprt.hpp,
// rating_list.hpp) and formats them as one JSON document or as text. Takes plain structs, so
// any caller with game outcomes (a log reader, the self-play driver) can use it. NaN and
// infinities print as null in JSON and as "-" / "+inf" / "-inf" in text.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/elo.hpp"
#include "analysis/pairs.hpp"
#include "analysis/rating_list.hpp"
#include "analysis/sprt.hpp"

namespace arena::analysis {

/// `x` with `decimals` digits after the point; "-" for NaN, "+inf"/"-inf" for infinities.
[[nodiscard]] std::string format_number(double x, int decimals);

/// {score, elo, elo_ci95, elo_interval [low, high], elo_unit, nelo, nelo_ci95, nelo_unit, los,
/// draw_ratio, stats_over ("games" | "pairs")}.
[[nodiscard]] nlohmann::json stats_json(const MatchStats& m);

/// {llr, lower, upper, state, model, unit, elo0, elo1, alpha, beta, over ("games" | "pairs")}.
[[nodiscard]] nlohmann::json sprt_json(const SprtResult& r);

/// Direct counts (`arena analyze --wdl` / `--pentanomial`): exactly one of `wdl`, `pentanomial`
/// is set. JSON keys: games, wins, draws, losses (null for pentanomial input), pairs and
/// pentanomial [LL, LD, WL+DD, WD, WW] (pentanomial input), the stats_json keys, and sprt.
[[nodiscard]] nlohmann::json counts_json(const std::optional<WdlCounts>& wdl,
                                         const std::optional<PentanomialCounts>& pentanomial,
                                         const MatchStats& stats, const std::optional<SprtResult>& sprt);
[[nodiscard]] std::string counts_text(const std::optional<WdlCounts>& wdl,
                                      const std::optional<PentanomialCounts>& pentanomial,
                                      const MatchStats& stats, const std::optional<SprtResult>& sprt);

/// One engine pair with its statistics.
struct PairReport {
  PairCounts counts;
  MatchStats stats;                ///< pentanomial when there are complete pairs
  std::optional<SprtResult> sprt;  ///< when the run had an SPRT
};

/// Everything reported about a set of games.
struct GamesReport {
  GamesSummary summary;
  std::vector<PairReport> pairs;
  std::optional<RatingList> ratings;  ///< with more than two engines
  std::vector<std::string> warnings;
};

/// Counts and statistics of `games`. `engines` fixes the engine order (and so which engine of
/// a pair is `first` in the report); with `sprt` every pair gets the test; the rating list is
/// fitted when the games involve more than two engines or `force_ratings`.
[[nodiscard]] GamesReport analyze_games(std::span<const GameOutcome> games, const std::vector<std::string>& engines,
                                        const std::optional<SprtParams>& sprt, const RatingOptions& rating_options,
                                        bool force_ratings = false);

/// JSON document: games, engines, pairs [{first, second, games, wins, draws, losses, pentanomial,
/// pairs, incomplete_pairs, unpaired_games, stats_json keys, llr, sprt, first_moving {wins,
/// draws, losses, score}, second_moving {...}}], ratings [{name, elo, ci95, games, points,
/// score, component, all_wins, all_losses, anchor}] or null, rating_list {...} or null,
/// first_player {wins, draws, losses, score}, second_player_score, average_plies,
/// terminations {kind: count}, openings (with `by_opening`), warnings.
[[nodiscard]] nlohmann::json report_json(const GamesReport& report, bool by_opening);

/// The same as text (warnings are left out: callers print them on stderr).
[[nodiscard]] std::string report_text(const GamesReport& report, bool by_opening);

}  // namespace arena::analysis
