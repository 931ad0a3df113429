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

/// "40.70 +- 30.43 [10.27, 71.13]", or for a perfect (zero) score the one-sided exact bound
/// "> +140.2" ("< -140.2"); "-" without games. `decimals` digits after the point.
[[nodiscard]] std::string format_elo(const EloEstimate& e, int decimals);

/// Digits after the point of every Elo figure a command prints (analyze, selfplay, loop and the
/// report alike), so a reader sees one number for one result.
inline constexpr int kEloDecimals = 2;

/// The Elo line every command prints for a pair: "Elo 40.70 +- 30.43 [10.27, 71.13] (95%)" (the
/// unit's name, format_elo with kEloDecimals, ", exact binomial bound" inside the parentheses
/// when the interval's ends are the exact ones), or "Elo > +439.04 (95%, ...)" for a perfect score.
[[nodiscard]] std::string elo_line(const EloEstimate& e, bool exact_interval);

/// The Elo estimate of a pair_json object (elo, elo_ci95, elo_interval, elo_unit, elo_bound),
/// as pair_json wrote it: a perfect score's null Elo comes back infinite with its bound.
/// Throws nlohmann::json::exception when a key is missing or of the wrong type.
[[nodiscard]] EloEstimate elo_from_pair_json(const nlohmann::json& pair);

/// {"kind": "lower"|"upper", "elo": bound} for a perfect (zero) score's one-sided bound, else
/// null.
[[nodiscard]] nlohmann::json elo_bound_json(const EloEstimate& e);

/// Warnings about how far a pair's interval can be trusted ("A vs B: ..."): too few complete
/// pairs (fewer than kFewPairs), or an interval taken from the exact binomial bound.
[[nodiscard]] std::vector<std::string> interval_warnings(const PairCounts& counts, const MatchStats& stats);

/// Below this many complete pairs a pentanomial interval is flagged as rough.
inline constexpr std::int64_t kFewPairs = 5;

/// {score, elo, elo_ci95, elo_interval [low, high], elo_bound, elo_unit, nelo, nelo_ci95,
/// nelo_unit, los, draw_ratio, stats_over ("games" | "pairs"), exact_interval}.
[[nodiscard]] nlohmann::json stats_json(const MatchStats& m);

/// {llr, lower, upper, state, model, unit, elo0, elo1, alpha, beta, over ("games" | "pairs")}.
[[nodiscard]] nlohmann::json sprt_json(const SprtResult& r);

/// sprt_json(reported) plus decided (bool) and, with a decision, decision_pairs,
/// decision_games and llr_all_games (the LLR over every game, `all`).
[[nodiscard]] nlohmann::json decided_sprt_json(const SprtResult& reported,
                                               const std::optional<SprtDecision>& decision,
                                               const std::optional<SprtResult>& all);

/// ", decided at pair P (G games); LLR over all N games X" for a recorded decision with the test
/// over all `games` games `all`.
[[nodiscard]] std::string decision_note(const SprtDecision& decision, const std::optional<SprtResult>& all,
                                        std::int64_t games);

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
  /// When the run had an SPRT: its recorded verdict if it decided, else the test over all games.
  std::optional<SprtResult> sprt;
  std::optional<SprtDecision> decision;     ///< the recorded decision
  std::optional<SprtResult> sprt_all_games; ///< with a decision: the test over every game
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

/// Reports `decision` as the SPRT of the pair it names (engines `first`, `second`), keeping the
/// test over all games in sprt_all_games; a decision naming no pair of `report` is ignored.
void apply_decision(GamesReport& report, const SprtDecision& decision);

/// One pair's result in words, for a headline (the report's verdict box). The figures are the
/// text report_text prints for the pair, so a reader sees the same numbers in every command.
struct PairVerdict {
  std::string winner;    ///< the engine whose Elo interval lies entirely on its side of 0, or ""
  std::string headline;  ///< "A is stronger than B", "no clear difference between A and B", ...
  std::string elo;       ///< "Elo of A against B: +40.70 +- 30.43 [10.27, 71.13] (95%, over 171 pairs)"
  std::string los;       ///< "LOS 99.61 % (likelihood that A is stronger)"
  std::string sprt;      ///< "" without an SPRT, else "SPRT: H1 accepted (A is stronger by elo1 or more)"
  std::string sprt_detail;  ///< "" or the SPRT line of report_text ("SPRT logistic [0.00, 10.00] ...")
};

/// The statistics of one engine pair as one JSON object, the one schema of `arena selfplay
/// --json`, `arena analyze --json`, the loop's round records and the report: {first, second,
/// games, wins, draws, losses, pentanomial [LL, LD, WL+DD, WD, WW], pairs, incomplete_pairs,
/// unpaired_games, the stats_json keys, llr, sprt (decided_sprt_json) | null, first_moving
/// {wins, draws, losses, score}, second_moving {...}}.
[[nodiscard]] nlohmann::json pair_json(const PairReport& p);

/// The verdict of `p` (first engine's view, as the rest of the report).
[[nodiscard]] PairVerdict pair_verdict(const PairReport& p);

/// "9.93 s a game, 302.4 ms a move, longest move 2,345 ms; CPU 9.81 s a game, 298.7 ms a move
/// (over 200 games, 6,000 moves)": an engine's time as its log recorded it (wall time, passes
/// counted as moves; then CPU time when the log has it, "in the N games that record it" when
/// some do not), the one wording of `arena selfplay`'s summary and `arena analyze`.
[[nodiscard]] std::string time_use_text(const TimeUse& t);

/// The heading above the time_use_text lines.
inline constexpr const char* kTimeUseHeading = "time (as logged: wall, then CPU where recorded):";

/// {engine, games, moves, seconds_per_game, ms_per_move, longest_move_ms, cpu_games,
/// cpu_seconds_per_game, cpu_ms_per_move (null without CPU times)} of time_use_text.
[[nodiscard]] nlohmann::json time_use_json(const TimeUse& t);

/// JSON document: games, engines, pairs [pair_json] (sprt adds decided, decision_pairs,
/// decision_games and llr_all_games when a decision was recorded), ratings [{name, elo, ci95, games, points,
/// score, component, all_wins, all_losses, anchor}] or null, rating_list {...} or null,
/// first_player {wins, draws, losses, score}, second_player_score, average_plies,
/// terminations {kind: count}, openings (with `by_opening`), time_use [time_use_json] (the
/// engines with recorded move times), warnings.
[[nodiscard]] nlohmann::json report_json(const GamesReport& report, bool by_opening);

/// The same as text (warnings are left out: callers print them on stderr).
[[nodiscard]] std::string report_text(const GamesReport& report, bool by_opening);

}  // namespace arena::analysis
