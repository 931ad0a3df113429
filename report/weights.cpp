// Weight changes and Othello square tables (see weights.hpp).
#include "report/weights.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace arena::report {
namespace {

/// Value of a feature at a phase: the phase's value, the single shared value, or 0.
double value_at(const std::vector<double>& values, std::size_t phase) {
  if (values.empty()) return 0.0;
  return values.size() == 1 ? values[0] : phase < values.size() ? values[phase] : 0.0;
}

/// The representative square name (a1..d4 triangle) of square index sq under the 8 symmetries.
std::string square_class(int sq) {
  int x = sq % 8, y = sq / 8;
  if (x > 3) x = 7 - x;
  if (y > 3) y = 7 - y;
  if (x < y) std::swap(x, y);  // into the triangle with column >= row: a1, b1, ..., d4
  // The class is named by column letter then row digit with column >= row, e.g. (x=2,y=0) "c1".
  return std::string(1, static_cast<char>('a' + x)) + static_cast<char>('1' + y);
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

std::optional<std::array<double, 64>> othello_square_table(const core::EngineConfig& config,
                                                           std::size_t phase) {
  std::map<std::string, double> classes;
  for (const auto& [name, values] : config.weights) {
    if (name.size() < 2) continue;
    const std::string tail = name.substr(name.size() - 2);
    const bool prefixed = name.size() == 2 || !std::isalnum(static_cast<unsigned char>(name[name.size() - 3]));
    if (prefixed && tail[0] >= 'a' && tail[0] <= 'd' && tail[1] >= '1' && tail[1] <= '4' &&
        tail[0] - 'a' >= tail[1] - '1') {
      classes[tail] = value_at(values, phase);
    }
  }
  if (classes.empty()) return std::nullopt;
  std::array<double, 64> table{};
  for (int sq = 0; sq < 64; ++sq) {
    const auto it = classes.find(square_class(sq));
    table[static_cast<std::size_t>(sq)] = it == classes.end() ? 0.0 : it->second;
  }
  return table;
}

}  // namespace arena::report
