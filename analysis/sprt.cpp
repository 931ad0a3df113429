// SPRT bounds and log-likelihood ratios. The generalised SPRT treats the observed outcome
// frequencies p_i (at per-game scores a_i) as a multinomial and, for each hypothesis, finds the
// closest distribution (maximum likelihood) that satisfies the hypothesis's constraint; the LLR
// is N sum p_i ln(q1_i / q0_i). For a constraint on the mean the maximiser is
// q_i = p_i / (1 + theta (a_i - s)) with theta the root of the secular equation
// sum p_i (a_i - s) / (1 + theta (a_i - s)) = 0 (Van den Bergh, "Proposition 1.1" of
// support_MLE_multinomial.pdf; fishtest LLRcalc.py). For the normalized constraint
// (mu - 1/2)/sigma = t the same equation is solved repeatedly with the constraint linearised at
// the current estimate until it is stable (fishtest's MLE_t_value).
#include "analysis/sprt.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include <boost/math/tools/roots.hpp>

#include "engine/core/errors.hpp"

namespace arena::analysis {

namespace {

/// Empirical distribution of one sample's per-game score: values a_i, frequencies p_i, and the
/// sample count N. Zero counts become 1e-3 (fishtest's regularisation) so every q_i / p_i is
/// defined and the secular equation has a root.
struct Empirical {
  std::vector<double> a;
  std::vector<double> p;
  double n = 0.0;
};

Empirical empirical(std::span<const std::int64_t> counts) {
  Empirical e;
  const double step = 1.0 / static_cast<double>(counts.size() - 1);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const double c = std::max(static_cast<double>(counts[i]), 1e-3);
    e.a.push_back(static_cast<double>(i) * step);
    e.p.push_back(c);
    e.n += c;
  }
  for (auto& p : e.p) p /= e.n;
  return e;
}

bool no_samples(std::span<const std::int64_t> counts) {
  return std::all_of(counts.begin(), counts.end(), [](std::int64_t c) { return c == 0; });
}

std::pair<double, double> mean_variance(const std::vector<double>& a, const std::vector<double>& p) {
  double mu = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) mu += p[i] * a[i];
  double var = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) var += p[i] * (a[i] - mu) * (a[i] - mu);
  return {mu, var};
}

/// Root theta of sum p_i d_i / (1 + theta d_i) = 0, given min d < 0 < max d. The function
/// decreases from +inf at -1/max d to -inf at -1/min d, so a bracket just inside the poles
/// always changes sign; TOMS 748 (Boost.Math) then converges superlinearly.
double secular_root(const std::vector<double>& d, const std::vector<double>& p) {
  const double dmax = *std::max_element(d.begin(), d.end());
  const double dmin = *std::min_element(d.begin(), d.end());
  const double pole_lo = -1.0 / dmax;
  const double pole_hi = -1.0 / dmin;
  const auto f = [&](double x) {
    double sum = 0.0;
    for (std::size_t i = 0; i < d.size(); ++i) sum += p[i] * d[i] / (1.0 + x * d[i]);
    return sum;
  };
  const double width = pole_hi - pole_lo;
  double lo = pole_lo + width * 1e-3;
  double hi = pole_hi - width * 1e-3;
  for (double eps = 1e-6; f(lo) <= 0.0 && eps > 1e-300; eps *= 1e-3) lo = pole_lo + width * eps;
  for (double eps = 1e-6; f(hi) >= 0.0 && eps > 1e-300; eps *= 1e-3) hi = pole_hi - width * eps;
  std::uintmax_t iterations = 200;
  const auto [x0, x1] = boost::math::tools::toms748_solve(
      f, lo, hi, f(lo), f(hi), boost::math::tools::eps_tolerance<double>(52), iterations);
  return (x0 + x1) / 2.0;
}

/// Maximum-likelihood distribution on e.a with mean s (a_min < s < a_max).
std::vector<double> mle_mean(const Empirical& e, double s) {
  std::vector<double> d(e.a.size());
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = e.a[i] - s;
  const double theta = secular_root(d, e.p);
  std::vector<double> q(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) q[i] = e.p[i] / (1.0 + theta * d[i]);
  return q;
}

/// Maximum-likelihood distribution on e.a with (mu - 1/2)/sigma = t: start from the uniform
/// distribution and re-solve the secular equation with the constraint linearised at the
/// current (mu, sigma), d_i = a_i - 1/2 - t sigma (1 + ((mu - a_i)/sigma)^2) / 2, until the
/// probabilities move less than 1e-12.
std::vector<double> mle_t_value(const Empirical& e, double t) {
  const std::size_t k = e.a.size();
  std::vector<double> q(k, 1.0 / static_cast<double>(k));
  std::vector<double> d(k);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const auto [mu, var] = mean_variance(e.a, q);
    const double sigma = std::sqrt(var);
    for (std::size_t i = 0; i < k; ++i) {
      const double r = (mu - e.a[i]) / sigma;
      d[i] = e.a[i] - 0.5 - t * sigma * (1.0 + r * r) / 2.0;
    }
    const double theta = secular_root(d, e.p);
    double change = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      const double next = e.p[i] / (1.0 + theta * d[i]);
      change = std::max(change, std::abs(next - q[i]));
      q[i] = next;
    }
    if (change < 1e-12) break;
  }
  return q;
}

double llr_between(const Empirical& e, const std::vector<double>& q0, const std::vector<double>& q1) {
  double sum = 0.0;
  for (std::size_t i = 0; i < e.p.size(); ++i) sum += e.p[i] * std::log(q1[i] / q0[i]);
  return e.n * sum;
}

/// The normal approximation: N (s1 - s0)(2 mu - s0 - s1) / (2 var).
double llr_normal(const Empirical& e, double s0, double s1) {
  const auto [mu, var] = mean_variance(e.a, e.p);
  return e.n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var);
}

double llr_logistic_counts(std::span<const std::int64_t> counts, double elo0, double elo1, LlrMethod method) {
  if (no_samples(counts)) return 0.0;
  const Empirical e = empirical(counts);
  const double s0 = score_from_elo(elo0);
  const double s1 = score_from_elo(elo1);
  if (method == LlrMethod::NormalApprox) return llr_normal(e, s0, s1);
  return llr_between(e, mle_mean(e, s0), mle_mean(e, s1));
}

/// t_k per sample: nElo is defined per game, a pair's per-game score has sigma / sqrt(2).
double llr_normalized_counts(std::span<const std::int64_t> counts, double nelo0, double nelo1,
                             LlrMethod method) {
  if (no_samples(counts)) return 0.0;
  const Empirical e = empirical(counts);
  const double scale = counts.size() == 5 ? std::sqrt(2.0) : 1.0;
  const double t0 = nelo0 / kNEloPerT * scale;
  const double t1 = nelo1 / kNEloPerT * scale;
  if (method == LlrMethod::NormalApprox) {
    const double sigma = std::sqrt(mean_variance(e.a, e.p).second);
    return llr_normal(e, 0.5 + t0 * sigma, 0.5 + t1 * sigma);
  }
  return llr_between(e, mle_t_value(e, t0), mle_t_value(e, t1));
}

std::array<std::int64_t, 3> as_array(const WdlCounts& c) { return {c.losses, c.draws, c.wins}; }
std::array<std::int64_t, 5> as_array(const PentanomialCounts& c) { return {c.ll, c.ld, c.wl_dd, c.wd, c.ww}; }

/// Win/draw/loss probabilities of the BayesElo model for a rating difference `bayes_elo`.
struct BayesProbabilities {
  double win;
  double loss;
  double draw;
};
BayesProbabilities bayes_probabilities(double bayes_elo, double draw_elo) {
  const double win = 1.0 / (1.0 + std::pow(10.0, (draw_elo - bayes_elo) / 400.0));
  const double loss = 1.0 / (1.0 + std::pow(10.0, (draw_elo + bayes_elo) / 400.0));
  return {win, loss, 1.0 - win - loss};
}

SprtResult make_result(double llr, const SprtParams& params, bool pentanomial) {
  SprtResult r;
  r.llr = llr;
  r.bounds = sprt_bounds(params.alpha, params.beta);
  r.state = sprt_state(llr, r.bounds);
  r.model = params.model;
  r.unit = model_unit(params.model);
  r.elo0 = params.elo0;
  r.elo1 = params.elo1;
  r.alpha = params.alpha;
  r.beta = params.beta;
  r.pentanomial = pentanomial;
  return r;
}

}  // namespace

std::string_view model_name(SprtModel model) {
  switch (model) {
    case SprtModel::Logistic: return "logistic";
    case SprtModel::Normalized: return "normalized";
    case SprtModel::BayesElo: return "bayeselo";
  }
  return "logistic";
}

EloUnit model_unit(SprtModel model) {
  return model == SprtModel::Normalized ? EloUnit::NElo : EloUnit::Elo;
}

SprtModel parse_sprt_model(std::string_view text) {
  for (const auto m : {SprtModel::Logistic, SprtModel::Normalized, SprtModel::BayesElo}) {
    if (text == model_name(m)) return m;
  }
  throw InputError("unknown SPRT model '" + std::string(text) +
                   "' (expected logistic, normalized or bayeselo)");
}

SprtSpec parse_sprt_spec(std::string text, std::string_view option) {
  SprtParams params = parse_sprt_params(text, option);
  return {std::move(text), params};
}

SprtParams parse_sprt_params(std::string_view text, std::string_view option) {
  const std::string opt(option);
  const auto fail = [&](const std::string& what) -> InputError {
    return InputError(opt + " " + std::string(text) + ": " + what +
                      " (expected elo0=..,elo1=..,alpha=..,beta=..[,model=logistic|normalized|bayeselo])");
  };
  SprtParams params;
  bool have_elo0 = false;
  bool have_elo1 = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    start = comma + 1;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) throw fail("item '" + std::string(item) + "' is not key=value");
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    if (key == "model") {
      try {
        params.model = parse_sprt_model(value);
      } catch (const InputError& e) {
        throw fail(e.what());
      }
      continue;
    }
    double number = 0.0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc() || end != value.data() + value.size() || !std::isfinite(number)) {
      throw fail("'" + std::string(value) + "' is not a number for " + std::string(key));
    }
    if (key == "elo0") {
      params.elo0 = number;
      have_elo0 = true;
    } else if (key == "elo1") {
      params.elo1 = number;
      have_elo1 = true;
    } else if (key == "alpha") {
      params.alpha = number;
    } else if (key == "beta") {
      params.beta = number;
    } else {
      throw fail("unknown key '" + std::string(key) + "'");
    }
  }
  if (!have_elo0 || !have_elo1) throw fail("elo0 and elo1 are required");
  if (!(params.elo0 < params.elo1)) throw fail("elo0 must be below elo1");
  if (!(params.alpha > 0.0 && params.beta > 0.0 && params.alpha + params.beta < 1.0)) {
    throw fail("alpha and beta must be positive with alpha + beta < 1");
  }
  return params;
}

SprtBounds sprt_bounds(double alpha, double beta) {
  if (!(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0)) {
    throw InputError("SPRT alpha and beta must be positive with alpha + beta < 1");
  }
  return {std::log(beta / (1.0 - alpha)), std::log((1.0 - beta) / alpha)};
}

std::string_view state_name(SprtState state) {
  switch (state) {
    case SprtState::Continue: return "continue";
    case SprtState::AcceptH0: return "H0";
    case SprtState::AcceptH1: return "H1";
  }
  return "continue";
}

std::optional<SprtState> parse_verdict(std::string_view text) {
  if (text == "H0") return SprtState::AcceptH0;
  if (text == "H1") return SprtState::AcceptH1;
  return std::nullopt;
}

SprtState sprt_state(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtState::AcceptH1;
  if (llr <= bounds.lower) return SprtState::AcceptH0;
  return SprtState::Continue;
}

double llr_logistic(const WdlCounts& counts, double elo0, double elo1, LlrMethod method) {
  return llr_logistic_counts(as_array(counts), elo0, elo1, method);
}

double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1, LlrMethod method) {
  return llr_logistic_counts(as_array(counts), elo0, elo1, method);
}

double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1, LlrMethod method) {
  return llr_normalized_counts(as_array(counts), nelo0, nelo1, method);
}

double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1, LlrMethod method) {
  return llr_normalized_counts(as_array(counts), nelo0, nelo1, method);
}

double llr_bayeselo(const WdlCounts& counts, double elo0, double elo1) {
  if (counts.games() == 0) return 0.0;
  // Step 1: draw elo of the observed frequencies, each count +1/2 so that none is zero.
  const double n = static_cast<double>(counts.games()) + 1.5;
  const double p_win = (static_cast<double>(counts.wins) + 0.5) / n;
  const double p_loss = (static_cast<double>(counts.losses) + 0.5) / n;
  const double draw_elo = 200.0 * std::log10((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win);
  // Step 2: logistic bounds to BayesElo; near equal strength d(score)/d(elo) is smaller by
  // 4x/(1+x)^2 in the BayesElo model.
  const double x = std::pow(10.0, -draw_elo / 400.0);
  const double scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
  const BayesProbabilities p0 = bayes_probabilities(elo0 / scale, draw_elo);
  const BayesProbabilities p1 = bayes_probabilities(elo1 / scale, draw_elo);
  // Step 3: the plain likelihood ratio of the observed counts.
  return static_cast<double>(counts.wins) * std::log(p1.win / p0.win) +
         static_cast<double>(counts.losses) * std::log(p1.loss / p0.loss) +
         static_cast<double>(counts.draws) * std::log(p1.draw / p0.draw);
}

SprtResult sprt(const WdlCounts& counts, const SprtParams& params) {
  double llr = 0.0;
  switch (params.model) {
    case SprtModel::Logistic: llr = llr_logistic(counts, params.elo0, params.elo1); break;
    case SprtModel::Normalized: llr = llr_normalized(counts, params.elo0, params.elo1); break;
    case SprtModel::BayesElo: llr = llr_bayeselo(counts, params.elo0, params.elo1); break;
  }
  return make_result(llr, params, false);
}

SprtResult sprt(const PentanomialCounts& counts, const SprtParams& params) {
  double llr = 0.0;
  switch (params.model) {
    case SprtModel::Logistic: llr = llr_logistic(counts, params.elo0, params.elo1); break;
    case SprtModel::Normalized: llr = llr_normalized(counts, params.elo0, params.elo1); break;
    case SprtModel::BayesElo:
      throw InputError("the bayeselo SPRT model needs per-game counts (W,D,L), not pentanomial ones");
  }
  return make_result(llr, params, true);
}

}  // namespace arena::analysis
