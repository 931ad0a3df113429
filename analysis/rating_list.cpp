// Bradley-Terry rating list by Newton's method. Model: the first player of a game scores with
// probability sigma(r_first - r_second + eta) (eta only when the first player is known), draws
// counting as half a win and half a loss; ratings r in natural-log units, Elo = r * 400 / ln 10.
// The likelihood is concave, so Newton with step halving converges from zero whenever the
// maximum exists; it does not exist when some group of engines scored every point (or none)
// against the rest, so such engines are removed first and reported.
#include "analysis/rating_list.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>

// GCC 12 with -march=native (AVX-512) reports false (maybe-)uninitialized uses inside its own
// inlined vector intrinsics when Eigen uses them (GCC bug 105593), not about this file.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <Eigen/Dense>

#include "engine/core/errors.hpp"

namespace arena::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
const double kEloPerNat = 400.0 / std::log(10.0);

/// Games of one ordered engine pair with the same colour knowledge, merged: the likelihood
/// depends on their count and total points only.
struct Bucket {
  std::size_t first;
  std::size_t second;
  bool colours_known;
  double games;
  double points;
};

/// Union-find over engine indices, for connected components.
class Components {
 public:
  explicit Components(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  std::size_t find(std::size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void join(std::size_t a, std::size_t b) { parent_[find(a)] = find(b); }

 private:
  std::vector<std::size_t> parent_;
};

/// Component number (0, 1, ... in order of first engine) of every engine in `members`;
/// engines outside `members` get SIZE_MAX. Returns the number of components.
std::size_t label_components(const std::vector<Bucket>& buckets, const std::vector<bool>& members,
                             std::vector<std::size_t>& label) {
  const std::size_t n = members.size();
  Components uf(n);
  for (const auto& b : buckets) {
    if (members[b.first] && members[b.second]) uf.join(b.first, b.second);
  }
  label.assign(n, SIZE_MAX);
  std::map<std::size_t, std::size_t> root_label;
  for (std::size_t i = 0; i < n; ++i) {
    if (!members[i]) continue;
    const auto [it, inserted] = root_label.emplace(uf.find(i), root_label.size());
    label[i] = it->second;
  }
  return root_label.size();
}

/// True when every engine of `component` can reach every other along "scored a point
/// against" edges in both directions: then no group beat its complement in every game and
/// the maximum-likelihood ratings are finite (Ford's condition).
bool strongly_connected(const std::vector<Bucket>& buckets, const std::vector<bool>& active,
                        const std::vector<std::size_t>& label, std::size_t component) {
  const std::size_t n = active.size();
  std::vector<std::vector<std::size_t>> forward(n);
  std::vector<std::vector<std::size_t>> backward(n);
  std::size_t root = SIZE_MAX;
  for (const auto& b : buckets) {
    if (!active[b.first] || !active[b.second] || label[b.first] != component) continue;
    root = b.first;
    // The first engine scored against the second when it has points; and vice versa.
    if (b.points > 0.0) {
      forward[b.first].push_back(b.second);
      backward[b.second].push_back(b.first);
    }
    if (b.points < b.games) {
      forward[b.second].push_back(b.first);
      backward[b.first].push_back(b.second);
    }
  }
  if (root == SIZE_MAX) return true;
  const auto reaches_all = [&](const std::vector<std::vector<std::size_t>>& edges) {
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> stack{root};
    seen[root] = true;
    while (!stack.empty()) {
      const std::size_t v = stack.back();
      stack.pop_back();
      for (const std::size_t w : edges[v]) {
        if (!seen[w]) {
          seen[w] = true;
          stack.push_back(w);
        }
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] && label[i] == component && !seen[i]) return false;
    }
    return true;
  };
  return reaches_all(forward) && reaches_all(backward);
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// log sigma(x) without overflow for large |x|.
double log_sigmoid(double x) { return x >= 0.0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

}  // namespace

RatingList fit_rating_list(const std::vector<std::string>& engines, const std::vector<RatedGame>& games,
                           const RatingOptions& options) {
  const std::size_t n = engines.size();
  RatingList list;
  list.ratings.resize(n);
  for (std::size_t i = 0; i < n; ++i) list.ratings[i].name = engines[i];

  // Step 1: merge games into buckets and count each engine's games and points.
  std::map<std::tuple<std::size_t, std::size_t, bool>, Bucket> merged;
  for (const auto& g : games) {
    if (g.first >= n || g.second >= n) throw std::invalid_argument("rated game names an engine index out of range");
    if (g.first == g.second) continue;
    auto [it, inserted] = merged.try_emplace({g.first, g.second, g.colours_known},
                                             Bucket{g.first, g.second, g.colours_known, 0.0, 0.0});
    it->second.games += 1.0;
    it->second.points += g.points;
    list.ratings[g.first].games += 1;
    list.ratings[g.second].games += 1;
    list.ratings[g.first].points += g.points;
    list.ratings[g.second].points += 1.0 - g.points;
  }
  std::vector<Bucket> buckets;
  for (const auto& [key, b] : merged) buckets.push_back(b);

  std::size_t anchor_index = SIZE_MAX;
  if (options.anchor == AnchorKind::Engine) {
    const auto it = std::find(engines.begin(), engines.end(), options.anchor_engine);
    if (it == engines.end()) throw InputError("anchor engine '" + options.anchor_engine + "' is not in the rating list");
    anchor_index = static_cast<std::size_t>(it - engines.begin());
  }

  // Step 2: components of the whole result graph, as reported to the user.
  std::vector<bool> with_games(n);
  for (std::size_t i = 0; i < n; ++i) with_games[i] = list.ratings[i].games > 0;
  std::vector<std::size_t> label;
  list.components = label_components(buckets, with_games, label);
  list.connected = list.components <= 1;
  for (std::size_t i = 0; i < n; ++i) {
    list.ratings[i].component = label[i] == SIZE_MAX ? 0 : label[i];
    if (!with_games[i]) {
      list.ratings[i].elo = list.ratings[i].ci95 = kNaN;
      list.warnings.push_back(engines[i] + " has no games and is not rated");
    }
  }
  if (!list.connected) {
    list.warnings.push_back("the result graph has " + std::to_string(list.components) +
                            " components: ratings of different components are not comparable");
  }

  // Step 3: remove engines that scored every point or none against the remaining engines,
  // repeatedly (removing one can make another unbounded).
  std::vector<bool> active = with_games;
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<double> g(n, 0.0);
    std::vector<double> p(n, 0.0);
    for (const auto& b : buckets) {
      if (!active[b.first] || !active[b.second]) continue;
      g[b.first] += b.games;
      g[b.second] += b.games;
      p[b.first] += b.points;
      p[b.second] += b.games - b.points;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (!active[i]) continue;
      Rating& r = list.ratings[i];
      if (g[i] == 0.0) {
        r.elo = r.ci95 = kNaN;
        list.warnings.push_back(engines[i] + " played only engines that are not rated and is not rated");
      } else if (p[i] == g[i]) {
        r.all_wins = true;
        r.elo = kInf;
        r.ci95 = kNaN;
        list.warnings.push_back(engines[i] + " won every game: rating unbounded above");
      } else if (p[i] == 0.0) {
        r.all_losses = true;
        r.elo = -kInf;
        r.ci95 = kNaN;
        list.warnings.push_back(engines[i] + " lost every game: rating unbounded below");
      } else {
        continue;
      }
      active[i] = false;
      changed = true;
    }
  }

  // Step 4: components of the engines to fit; each needs a fixed reference rating, and each
  // must be strongly connected for the maximum to exist.
  std::vector<std::size_t> fit_label;
  const std::size_t fit_components = label_components(buckets, active, fit_label);
  std::vector<std::size_t> reference(fit_components, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) {
    if (active[i] && reference[fit_label[i]] == SIZE_MAX) reference[fit_label[i]] = i;
  }
  if (anchor_index != SIZE_MAX) {
    if (active[anchor_index]) {
      reference[fit_label[anchor_index]] = anchor_index;
    } else {
      list.warnings.push_back("anchor engine '" + options.anchor_engine +
                              "' is not rated: its component is anchored at its mean");
    }
  }
  for (std::size_t c = 0; c < fit_components; ++c) {
    if (strongly_connected(buckets, active, fit_label, c)) continue;
    std::string names;
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] && fit_label[i] == c) {
        names += (names.empty() ? "" : ", ") + engines[i];
        active[i] = false;
        list.ratings[i].elo = list.ratings[i].ci95 = kNaN;
      }
    }
    list.converged = false;
    list.warnings.push_back("ratings of " + names +
                            " are unbounded: a group of them scored every point against the others");
  }
  if (fit_components > 1 && fit_components > list.components) {
    list.warnings.push_back("after removing unbounded engines the rest splits into groups that are not comparable");
  }

  // Step 5: parameter layout: one per fitted engine except each component's reference, then
  // eta when some fitted game has a known first player and its outcome is not one-sided.
  std::vector<int> param(n, -1);
  int params = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (active[i] && reference[fit_label[i]] != i) param[i] = params++;
  }
  std::vector<Bucket> fit;
  double known_games = 0.0;
  double known_points = 0.0;
  for (const auto& b : buckets) {
    if (!active[b.first] || !active[b.second]) continue;
    fit.push_back(b);
    if (b.colours_known) {
      known_games += b.games;
      known_points += b.points;
    }
  }
  int eta = -1;
  if (options.first_move_advantage && known_games > 0.0) {
    if (known_points > 0.0 && known_points < known_games) {
      eta = params++;
    } else {
      list.warnings.push_back("first-move advantage not estimated: the first player scored all or nothing");
    }
  }

  // Step 6: Newton's method on the concave log-likelihood, halving steps that do not improve it.
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(params);
  const auto x_of = [&](const Bucket& b, const Eigen::VectorXd& t) {
    double x = 0.0;
    if (param[b.first] >= 0) x += t(param[b.first]);
    if (param[b.second] >= 0) x -= t(param[b.second]);
    if (eta >= 0 && b.colours_known) x += t(eta);
    return x;
  };
  const auto log_likelihood = [&](const Eigen::VectorXd& t) {
    double sum = 0.0;
    for (const auto& b : fit) {
      const double x = x_of(b, t);
      sum += b.points * log_sigmoid(x) + (b.games - b.points) * log_sigmoid(-x);
    }
    return sum;
  };
  Eigen::MatrixXd information(params, params);
  const auto derivatives = [&](const Eigen::VectorXd& t, Eigen::VectorXd& gradient) {
    gradient.setZero(params);
    information.setZero();
    for (const auto& b : fit) {
      const double x = x_of(b, t);
      const double p = sigmoid(x);
      const double residual = b.points - b.games * p;
      const double weight = b.games * p * (1.0 - p);
      // dx/dtheta has +1 at the first engine, -1 at the second, +1 at eta.
      int idx[3];
      double sign[3];
      int k = 0;
      if (param[b.first] >= 0) idx[k] = param[b.first], sign[k++] = 1.0;
      if (param[b.second] >= 0) idx[k] = param[b.second], sign[k++] = -1.0;
      if (eta >= 0 && b.colours_known) idx[k] = eta, sign[k++] = 1.0;
      for (int a = 0; a < k; ++a) {
        gradient(idx[a]) += residual * sign[a];
        for (int c = 0; c < k; ++c) information(idx[a], idx[c]) += weight * sign[a] * sign[c];
      }
    }
  };
  Eigen::VectorXd gradient(params);
  if (eta >= 0) {
    // The advantage is separable from the ratings only if some pairing was played with both
    // colour orders (or games without colours pin the ratings); the information matrix's rank
    // tells, and it is the same at every theta because all weights are positive.
    derivatives(theta, gradient);
    if (Eigen::FullPivLU<Eigen::MatrixXd>(information).rank() < params) {
      list.warnings.push_back("first-move advantage not estimated: it cannot be told apart from the ratings "
                              "(no pairing was played with both colour orders)");
      for (auto& b : fit) b.colours_known = false;
      eta = -1;
      --params;
      theta = Eigen::VectorXd::Zero(params);
      information.resize(params, params);
      gradient.resize(params);
    }
  }
  if (params > 0) {
    double current = log_likelihood(theta);
    for (list.iterations = 0; list.iterations < options.max_iterations; ++list.iterations) {
      derivatives(theta, gradient);
      const Eigen::VectorXd step = information.ldlt().solve(gradient);
      double scale = 1.0;
      Eigen::VectorXd next = theta + step;
      double value = log_likelihood(next);
      while (value < current && scale > 1e-10) {
        scale /= 2.0;
        next = theta + scale * step;
        value = log_likelihood(next);
      }
      theta = next;
      current = value;
      if (scale * step.lpNorm<Eigen::Infinity>() < 1e-12) break;
    }
    if (list.iterations >= options.max_iterations) {
      list.converged = false;
      list.warnings.push_back("the rating fit did not converge in " + std::to_string(options.max_iterations) +
                              " iterations");
    }
    derivatives(theta, gradient);
  }

  // Step 7: covariance = inverse observed information; embed into per-engine ratings (the
  // references have rating 0 and variance 0), then shift each component whose anchor is its
  // mean: r' = P r and C' = P C P^T with P = I - 1 1^T / k over the component.
  const Eigen::MatrixXd covariance =
      params > 0 ? Eigen::MatrixXd(information.ldlt().solve(Eigen::MatrixXd::Identity(params, params)))
                 : Eigen::MatrixXd();
  Eigen::MatrixXd embed = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), params);
  for (std::size_t i = 0; i < n; ++i) {
    if (param[i] >= 0) embed(static_cast<Eigen::Index>(i), param[i]) = 1.0;
  }
  for (std::size_t c = 0; c < fit_components; ++c) {
    const std::size_t ref = reference[c];
    if (ref == SIZE_MAX || !active[ref] || ref == anchor_index) continue;
    std::vector<Eigen::Index> members;
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] && fit_label[i] == c) members.push_back(static_cast<Eigen::Index>(i));
    }
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(params);
    for (const auto i : members) mean += embed.row(i);
    mean /= static_cast<double>(members.size());
    for (const auto i : members) embed.row(i) -= mean;
  }
  const Eigen::VectorXd r = params > 0 ? Eigen::VectorXd(embed * theta) : Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) {
    if (!active[i]) continue;
    const auto row = static_cast<Eigen::Index>(i);
    Rating& rating = list.ratings[i];
    rating.elo = r(row) * kEloPerNat;
    const double var = params > 0 ? embed.row(row).dot(covariance * embed.row(row).transpose()) : 0.0;
    rating.ci95 = z95() * std::sqrt(std::max(var, 0.0)) * kEloPerNat;
    rating.anchor = i == anchor_index;
  }
  if (eta >= 0) {
    list.first_move_fitted = true;
    list.first_move_elo = theta(eta) * kEloPerNat;
    list.first_move_ci95 = z95() * std::sqrt(covariance(eta, eta)) * kEloPerNat;
  }
  return list;
}

}  // namespace arena::analysis

#pragma GCC diagnostic pop
