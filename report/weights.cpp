// Weight changes (see weights.hpp).
#include "report/weights.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace arena::report {
namespace {

/// Value of a feature at a phase: the phase's value, the single shared value, or 0.
double value_at(const std::vector<double>& values, std::size_t phase) {
  if (values.empty()) return 0.0;
  return values.size() == 1 ? values[0] : phase < values.size() ? values[phase] : 0.0;
}

}  // namespace

std::size_t weight_phases(const core::EngineConfig& config) {
  std::size_t phases = 1;
  for (const auto& [name, values] : config.weights) phases = std::max(phases, values.size());
  return phases;
}

std::vector<WeightChange> largest_changes(const core::EngineConfig& before,
                                          const core::EngineConfig& after, std::size_t limit) {
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> both;
  std::vector<std::string> order;
  for (const auto& [name, values] : before.weights) {
    if (!both.contains(name)) order.push_back(name);
    both[name].first = values;
  }
  for (const auto& [name, values] : after.weights) {
    if (!both.contains(name)) order.push_back(name);
    both[name].second = values;
  }
  std::vector<WeightChange> changes;
  for (const auto& name : order) {
    const auto& [b, a] = both[name];
    const std::size_t phases = std::max<std::size_t>({1, b.size(), a.size()});
    for (std::size_t p = 0; p < phases; ++p) {
      const double vb = value_at(b, p), va = value_at(a, p);
      if (vb != va) changes.push_back({name, p, phases, vb, va});
    }
  }
  std::stable_sort(changes.begin(), changes.end(), [](const WeightChange& x, const WeightChange& y) {
    return std::abs(x.after - x.before) > std::abs(y.after - y.before);
  });
  if (changes.size() > limit) changes.resize(limit);
  return changes;
}

}  // namespace arena::report
