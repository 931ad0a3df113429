// Match statistics from W/D/L or pentanomial counts. Both cases reduce to one discrete
// distribution of a sample's per-game score (a game: 0, 1/2, 1; a pair: 0, 1/4, 1/2, 3/4, 1)
// observed n times; only the nElo scale differs (sigma of a pair is sqrt(2) times that of a
// game's score averaged over two games).
#include "analysis/elo.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <span>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

namespace arena::analysis {

namespace {

/// Elo of a score that may lie outside [0, 1] after adding an interval: clamps to +-infinity.
double elo_clamped(double score) {
  if (score <= 0.0) return -kInf;
  if (score >= 1.0) return kInf;
  return elo_from_score(score);
}

/// Statistics of n samples with per-game scores `values` observed `counts` times, each sample
/// `games_per_sample` games. `nelo_sigma_factor` is 1 per game and sqrt(2) per pair.
MatchStats stats_of(std::span<const double> values, std::span<const std::int64_t> counts,
                    double nelo_sigma_factor, double games_per_sample) {
  MatchStats m;
  std::int64_t n = 0;
  for (const auto c : counts) n += c;
  m.samples = n;
  m.elo.unit = EloUnit::Elo;
  m.nelo.unit = EloUnit::NElo;
  if (n == 0) {
    m.score = m.variance = m.los = m.draw_ratio = kNaN;
    m.elo = {EloUnit::Elo, kNaN, kNaN, kNaN, kNaN};
    m.nelo = {EloUnit::NElo, kNaN, kNaN, kNaN, kNaN};
    return m;
  }
  const double nd = static_cast<double>(n);
  double s = 0.0;
  for (std::size_t i = 0; i < values.size(); ++i) s += values[i] * static_cast<double>(counts[i]) / nd;
  double var = 0.0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    var += static_cast<double>(counts[i]) / nd * (values[i] - s) * (values[i] - s);
  }
  m.score = s;
  m.variance = var;

  // Logistic Elo: the score interval s +- z sigma/sqrt(n) mapped through Elo(), then halved.
  const double z = z95();
  const double se = std::sqrt(var / nd);
  m.elo.value = elo_from_score(s);
  m.elo.low = elo_clamped(s - z * se);
  m.elo.high = elo_clamped(s + z * se);
  // A zero-width interval (every sample alike) or an end at +-infinity claims more than the
  // games show: those ends come from the exact binomial interval on the points instead.
  if (var == 0.0 || std::isinf(m.elo.low) || std::isinf(m.elo.high)) {
    const double games = nd * games_per_sample;
    const auto [lo, hi] = clopper_pearson95(s * games, games);
    if (var == 0.0 || std::isinf(m.elo.low)) m.elo.low = elo_from_score(lo);
    if (var == 0.0 || std::isinf(m.elo.high)) m.elo.high = elo_from_score(hi);
    m.exact_interval = true;
  }
  m.elo.ci95 = (std::isinf(m.elo.low) || std::isinf(m.elo.high)) ? kInf : (m.elo.high - m.elo.low) / 2.0;

  // Normalized Elo: (s - 1/2) in units of the per-game standard deviation. With var = 0 (one
  // outcome only) it is +-infinity, or NaN at s = 1/2 (every game drawn).
  const double sigma = std::sqrt(var) * nelo_sigma_factor;
  if (var > 0.0) {
    m.nelo.value = (s - 0.5) / sigma * kNEloPerT;
    m.nelo.ci95 = z * se / sigma * kNEloPerT;
  } else {
    m.nelo.value = s > 0.5 ? kInf : (s < 0.5 ? -kInf : kNaN);
    m.nelo.ci95 = kNaN;
  }
  m.nelo.low = m.nelo.value - m.nelo.ci95;
  m.nelo.high = m.nelo.value + m.nelo.ci95;

  // LOS = Phi((s - 1/2) / sqrt(var / n)) = (1 - erf(-(s - 1/2) / sqrt(2 var / n))) / 2.
  if (se > 0.0) {
    m.los = normal_cdf((s - 0.5) / se);
  } else {
    m.los = s > 0.5 ? 1.0 : (s < 0.5 ? 0.0 : 0.5);
  }
  return m;
}

}  // namespace

std::string_view unit_name(EloUnit unit) {
  switch (unit) {
    case EloUnit::Elo: return "Elo";
    case EloUnit::NElo: return "nElo";
    case EloUnit::BayesElo: return "BayesElo";
  }
  return "Elo";
}

double z95() {
  static const double z = boost::math::quantile(boost::math::normal_distribution<double>(), 0.975);
  return z;
}

double normal_cdf(double x) {
  return boost::math::cdf(boost::math::normal_distribution<double>(), x);
}

double elo_from_score(double score) {
  if (!(score >= 0.0 && score <= 1.0)) return kNaN;
  if (score == 0.0) return -kInf;
  if (score == 1.0) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

std::pair<double, double> clopper_pearson95(double successes, double trials) {
  using boost::math::binomial_distribution;
  constexpr double kAlphaEachSide = 0.025;
  const double low = successes <= 0.0 ? 0.0
                                      : binomial_distribution<double>::find_lower_bound_on_p(
                                            trials, successes, kAlphaEachSide);
  const double high = successes >= trials ? 1.0
                                          : binomial_distribution<double>::find_upper_bound_on_p(
                                                trials, successes, kAlphaEachSide);
  return {low, high};
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

MatchStats match_stats(const WdlCounts& counts) {
  const std::array<double, 3> values{0.0, 0.5, 1.0};
  const std::array<std::int64_t, 3> c{counts.losses, counts.draws, counts.wins};
  MatchStats m = stats_of(values, c, 1.0, 1.0);
  m.games = counts.games();
  m.pentanomial = false;
  if (m.games > 0) m.draw_ratio = static_cast<double>(counts.draws) / static_cast<double>(m.games);
  return m;
}

MatchStats match_stats(const PentanomialCounts& counts) {
  const std::array<double, 5> values{0.0, 0.25, 0.5, 0.75, 1.0};
  const std::array<std::int64_t, 5> c{counts.ll, counts.ld, counts.wl_dd, counts.wd, counts.ww};
  MatchStats m = stats_of(values, c, std::sqrt(2.0), 2.0);
  m.games = counts.games();
  m.pentanomial = true;
  if (counts.pairs() > 0) {
    m.draw_ratio = static_cast<double>(counts.wl_dd) / static_cast<double>(counts.pairs());
  }
  return m;
}

}  // namespace arena::analysis
