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

#include "analysis/eigen.hpp"
#include "engine/core/errors.hpp"

namespace arena::analysis {

namespace {

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

/// Step 1: games merged into buckets; each engine's games and points counted into `list`.
std::vector<Bucket> merge_games(std::size_t n, const std::vector<RatedGame>& games, RatingList& list) {
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
  return buckets;
}

/// Step 2: components of the whole result graph, as reported to the user. Returns which
/// engines have games.
std::vector<bool> report_components(const std::vector<std::string>& engines, const std::vector<Bucket>& buckets,
                                    RatingList& list) {
  const std::size_t n = engines.size();
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
  return with_games;
}

/// Step 3: engines that scored every point or none against the remaining engines leave
/// `active`, repeatedly (removing one can make another unbounded).
void remove_unbounded(const std::vector<std::string>& engines, const std::vector<Bucket>& buckets,
                      std::vector<bool>& active, RatingList& list) {
  const std::size_t n = engines.size();
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
}

/// The components of the engines to fit, each with its reference engine (rating fixed at 0).
struct FitComponents {
  std::vector<std::size_t> label;      ///< per engine; SIZE_MAX when not fitted
  std::vector<std::size_t> reference;  ///< per component
};

/// Step 4: components of the engines to fit; each needs a fixed reference rating, and each
/// must be strongly connected for the maximum to exist (the others leave `active`).
FitComponents choose_references(const std::vector<std::string>& engines, const std::vector<Bucket>& buckets,
                                std::size_t anchor_index, const RatingOptions& options, std::vector<bool>& active,
                                RatingList& list) {
  const std::size_t n = engines.size();
  FitComponents fc;
  const std::size_t count = label_components(buckets, active, fc.label);
  fc.reference.assign(count, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) {
    if (active[i] && fc.reference[fc.label[i]] == SIZE_MAX) fc.reference[fc.label[i]] = i;
  }
  if (anchor_index != SIZE_MAX) {
    if (active[anchor_index]) {
      fc.reference[fc.label[anchor_index]] = anchor_index;
    } else {
      list.warnings.push_back("anchor engine '" + options.anchor_engine +
                              "' is not rated: its component is anchored at its mean");
    }
  }
  for (std::size_t c = 0; c < count; ++c) {
    if (strongly_connected(buckets, active, fc.label, c)) continue;
    std::string names;
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] && fc.label[i] == c) {
        names += (names.empty() ? "" : ", ") + engines[i];
        active[i] = false;
        list.ratings[i].elo = list.ratings[i].ci95 = kNaN;
      }
    }
    list.converged = false;
    list.warnings.push_back("ratings of " + names +
                            " are unbounded: a group of them scored every point against the others");
  }
  if (count > 1 && count > list.components) {
    list.warnings.push_back("after removing unbounded engines the rest splits into groups that are not comparable");
  }
  return fc;
}

/// The likelihood's parameters: theta(param[i]) is engine i's rating in nats (param -1: the
/// reference, rating 0), theta(eta) the first-move advantage when eta >= 0.
struct Model {
  std::vector<int> param;
  int params = 0;
  int eta = -1;
  std::vector<Bucket> fit;  ///< the buckets between fitted engines

  /// Logit of the first engine's score in bucket b.
  [[nodiscard]] double x_of(const Bucket& b, const Eigen::VectorXd& t) const {
    double x = 0.0;
    if (param[b.first] >= 0) x += t(param[b.first]);
    if (param[b.second] >= 0) x -= t(param[b.second]);
    if (eta >= 0 && b.colours_known) x += t(eta);
    return x;
  }

  [[nodiscard]] double log_likelihood(const Eigen::VectorXd& t) const {
    double sum = 0.0;
    for (const auto& b : fit) {
      const double x = x_of(b, t);
      sum += b.points * log_sigmoid(x) + (b.games - b.points) * log_sigmoid(-x);
    }
    return sum;
  }

  /// Gradient and observed information (negative Hessian) at t.
  void derivatives(const Eigen::VectorXd& t, Eigen::VectorXd& gradient, Eigen::MatrixXd& information) const {
    gradient.setZero(params);
    information.setZero(params, params);
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
  }
};

/// Step 5: parameter layout: one per fitted engine except each component's reference, then
/// eta when some fitted game has a known first player and its outcome is not one-sided and
/// separable from the ratings.
Model layout_parameters(const std::vector<Bucket>& buckets, const std::vector<bool>& active, const FitComponents& fc,
                        const RatingOptions& options, RatingList& list) {
  const std::size_t n = active.size();
  Model m;
  m.param.assign(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    if (active[i] && fc.reference[fc.label[i]] != i) m.param[i] = m.params++;
  }
  double known_games = 0.0;
  double known_points = 0.0;
  for (const auto& b : buckets) {
    if (!active[b.first] || !active[b.second]) continue;
    m.fit.push_back(b);
    if (b.colours_known) {
      known_games += b.games;
      known_points += b.points;
    }
  }
  if (!options.first_move_advantage || known_games == 0.0) return m;
  if (known_points == 0.0 || known_points == known_games) {
    list.warnings.push_back("first-move advantage not estimated: the first player scored all or nothing");
    return m;
  }
  m.eta = m.params++;
  // The advantage is separable from the ratings only if some pairing was played with both
  // colour orders (or games without colours pin the ratings); the information matrix's rank
  // tells, and it is the same at every theta because all weights are positive.
  Eigen::VectorXd gradient;
  Eigen::MatrixXd information;
  m.derivatives(Eigen::VectorXd::Zero(m.params), gradient, information);
  if (Eigen::FullPivLU<Eigen::MatrixXd>(information).rank() < m.params) {
    list.warnings.push_back("first-move advantage not estimated: it cannot be told apart from the ratings "
                            "(no pairing was played with both colour orders)");
    for (auto& b : m.fit) b.colours_known = false;
    m.eta = -1;
    --m.params;
  }
  return m;
}

/// Step 6: Newton's method on the concave log-likelihood from zero, halving steps that do not
/// improve it. Returns theta; `information` is left at the optimum.
Eigen::VectorXd newton(const Model& m, const RatingOptions& options, Eigen::MatrixXd& information, RatingList& list) {
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(m.params);
  Eigen::VectorXd gradient(m.params);
  information.setZero(m.params, m.params);
  if (m.params == 0) return theta;
  double current = m.log_likelihood(theta);
  for (list.iterations = 0; list.iterations < options.max_iterations; ++list.iterations) {
    m.derivatives(theta, gradient, information);
    const Eigen::VectorXd step = information.ldlt().solve(gradient);
    double scale = 1.0;
    Eigen::VectorXd next = theta + step;
    double value = m.log_likelihood(next);
    while (value < current && scale > 1e-10) {
      scale /= 2.0;
      next = theta + scale * step;
      value = m.log_likelihood(next);
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
  m.derivatives(theta, gradient, information);
  return theta;
}

/// Step 7: covariance = inverse observed information; embed into per-engine ratings (the
/// references have rating 0 and variance 0), then shift each component whose anchor is its
/// mean: r' = P r and C' = P C P^T with P = I - 1 1^T / k over the component.
void embed_ratings(const Model& m, const Eigen::VectorXd& theta, const Eigen::MatrixXd& information,
                   const std::vector<bool>& active, const FitComponents& fc, std::size_t anchor_index,
                   RatingList& list) {
  const std::size_t n = active.size();
  const int params = m.params;
  const Eigen::MatrixXd covariance =
      params > 0 ? Eigen::MatrixXd(information.ldlt().solve(Eigen::MatrixXd::Identity(params, params)))
                 : Eigen::MatrixXd();
  Eigen::MatrixXd embed = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), params);
  for (std::size_t i = 0; i < n; ++i) {
    if (m.param[i] >= 0) embed(static_cast<Eigen::Index>(i), m.param[i]) = 1.0;
  }
  for (std::size_t c = 0; c < fc.reference.size(); ++c) {
    const std::size_t ref = fc.reference[c];
    if (ref == SIZE_MAX || !active[ref] || ref == anchor_index) continue;
    std::vector<Eigen::Index> members;
    for (std::size_t i = 0; i < n; ++i) {
      if (active[i] && fc.label[i] == c) members.push_back(static_cast<Eigen::Index>(i));
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
  if (m.eta >= 0) {
    list.first_move_fitted = true;
    list.first_move_elo = theta(m.eta) * kEloPerNat;
    list.first_move_ci95 = z95() * std::sqrt(covariance(m.eta, m.eta)) * kEloPerNat;
  }
}

}  // namespace

RatingList fit_rating_list(const std::vector<std::string>& engines, const std::vector<RatedGame>& games,
                           const RatingOptions& options) {
  const std::size_t n = engines.size();
  RatingList list;
  list.ratings.resize(n);
  for (std::size_t i = 0; i < n; ++i) list.ratings[i].name = engines[i];
  const std::vector<Bucket> buckets = merge_games(n, games, list);

  std::size_t anchor_index = SIZE_MAX;
  if (options.anchor == AnchorKind::Engine) {
    const auto it = std::find(engines.begin(), engines.end(), options.anchor_engine);
    if (it == engines.end()) throw InputError("anchor engine '" + options.anchor_engine + "' is not in the rating list");
    anchor_index = static_cast<std::size_t>(it - engines.begin());
  }

  std::vector<bool> active = report_components(engines, buckets, list);
  remove_unbounded(engines, buckets, active, list);
  const FitComponents fc = choose_references(engines, buckets, anchor_index, options, active, list);
  const Model model = layout_parameters(buckets, active, fc, options, list);
  Eigen::MatrixXd information;
  const Eigen::VectorXd theta = newton(model, options, information, list);
  embed_ratings(model, theta, information, active, fc, anchor_index, list);
  return list;
}

}  // namespace arena::analysis
