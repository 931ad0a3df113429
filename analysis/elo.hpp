// Match statistics from counts: score, logistic Elo with its 95% interval, normalized Elo, LOS
// and draw ratio, per game (trinomial W/D/L) or per pair of games with colours swapped
// (pentanomial). Pure functions: counts in, numbers out. Formulas follow fastchess
// (app/src/matchmaking/elo/*) and fishtest (server/fishtest/stats/stat_util.py); the test
// vectors are tests/data/stats/worked-examples.md. Normal quantiles come from Boost.Math.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>

namespace arena::analysis {

/// The "no estimate" value of a statistic (too few games, or a one-sided result's interval).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
/// The Elo of a score of exactly 1 (its negative: of 0).
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// The scale an Elo number is expressed in. Bounds given in one unit and read in another are a
/// classic source of "wrong LLR" reports, so every result carries its unit.
enum class EloUnit {
  Elo,       ///< logistic Elo: s = 1 / (1 + 10^(-elo/400))
  NElo,      ///< normalized Elo: (s - 1/2) / sigma * 800 / ln 10, sigma per game
  BayesElo,  ///< the BayesElo draw-model scale (cutechess's SPRT)
};

/// "Elo", "nElo" or "BayesElo".
[[nodiscard]] std::string_view unit_name(EloUnit unit);

/// Per-game results from one engine's point of view.
struct WdlCounts {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;

  [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
  /// Points: a win 1, a draw 1/2.
  [[nodiscard]] double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
  friend bool operator==(const WdlCounts&, const WdlCounts&) = default;
};

/// Pair results (two games of one opening, colours swapped) from one engine's point of view,
/// by the pair's points: LL = 0, LD = 1/2, WL+DD = 1, WD = 3/2, WW = 2.
struct PentanomialCounts {
  std::int64_t ll = 0;
  std::int64_t ld = 0;
  std::int64_t wl_dd = 0;
  std::int64_t wd = 0;
  std::int64_t ww = 0;

  [[nodiscard]] std::int64_t pairs() const { return ll + ld + wl_dd + wd + ww; }
  [[nodiscard]] std::int64_t games() const { return 2 * pairs(); }
  friend bool operator==(const PentanomialCounts&, const PentanomialCounts&) = default;
};

/// The two-sided normal quantile for a 95% interval, 1.959963984540054 (Boost.Math).
[[nodiscard]] double z95();

/// Standard normal cumulative distribution function Phi(x) (Boost.Math).
[[nodiscard]] double normal_cdf(double x);

/// Logistic Elo of an expected score s in [0, 1]: -400 log10(1/s - 1); +-infinity at 1 and 0,
/// NaN outside [0, 1].
[[nodiscard]] double elo_from_score(double score);

/// Expected score of a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
[[nodiscard]] double score_from_elo(double elo);

/// 800 / ln 10 = 347.435...: normalized Elo per unit of (s - 1/2) / sigma (fishtest's
/// nelo_divided_by_nt).
inline constexpr double kNEloPerT = 347.43558552260146;

/// A point estimate with its 95% interval, in a named unit. `ci95` is the half-width; for the
/// logistic scale, which is not symmetric, it is half of (high - low). Undefined values (no
/// games) are NaN. A perfect (zero) score has value +infinity (-infinity) and a finite `low`
/// (`high`) from the exact binomial interval: a one-sided bound; `high` (`low`) and ci95 are
/// then infinite.
struct EloEstimate {
  EloUnit unit = EloUnit::Elo;
  double value = 0.0;
  double ci95 = 0.0;
  double low = 0.0;
  double high = 0.0;
};

/// Statistics of one engine against another, from the first engine's point of view.
struct MatchStats {
  std::int64_t games = 0;   ///< games counted (2 x pairs for pentanomial input)
  std::int64_t samples = 0; ///< independent samples: games (trinomial) or pairs (pentanomial)
  bool pentanomial = false; ///< variance taken over pairs
  double score = 0.0;       ///< expected per-game score s in [0, 1]
  double variance = 0.0;    ///< variance of one sample's per-game score (per game or per pair)
  EloEstimate elo;          ///< logistic Elo, interval from s +- z sqrt(var / n) mapped through Elo
  EloEstimate nelo;         ///< normalized Elo, per game (trinomial) or per pair (pentanomial)
  double los = 0.0;         ///< likelihood of superiority, in [0, 1]
  double draw_ratio = 0.0;  ///< draws / games (trinomial) or (WL+DD) / pairs (pentanomial)
  /// The normal interval was unusable (every sample alike, so zero width, or an end beyond a
  /// score of 0 or 1): the Elo interval's ends come from clopper_pearson95 on the points.
  bool exact_interval = false;
};

/// The Clopper-Pearson ("exact") two-sided 95% interval [low, high] of a binomial proportion
/// with `successes` of `trials` (trials > 0; a half-integer count of successes is allowed, as a
/// draw scores 1/2): the beta-quantile bounds of Boost.Math's
/// binomial_distribution::find_lower/upper_bound_on_p at alpha/2 = 0.025 each side. low = 0 at
/// 0 successes, high = 1 at `trials`. Reference: Clopper & Pearson, Biometrika 26 (1934); the
/// same interval as R's binom.test.
[[nodiscard]] std::pair<double, double> clopper_pearson95(double successes, double trials);

/// Statistics from per-game counts. Zero games gives NaN everywhere except counts.
/// Formulas (worked-examples.md): var = w(1-s)^2 + d(1/2-s)^2 + l s^2 over game frequencies;
/// Elo interval = (Elo(s + z sqrt(var/n)) - Elo(s - z sqrt(var/n))) / 2;
/// nElo = (s - 1/2) / sqrt(var) * 800/ln 10; LOS = Phi((s - 1/2) / sqrt(var/n)). When var = 0
/// both Elo ends, and otherwise an end whose score leaves [0, 1], come from
/// clopper_pearson95(points, games) instead (exact_interval).
[[nodiscard]] MatchStats match_stats(const WdlCounts& counts);

/// Statistics from pair counts: as above with the per-pair per-game scores 0, 1/4, 1/2, 3/4, 1,
/// n = pairs, and nElo = (s - 1/2) / sqrt(2 var) * 800/ln 10.
[[nodiscard]] MatchStats match_stats(const PentanomialCounts& counts);

}  // namespace arena::analysis
