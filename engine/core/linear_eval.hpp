// Linear evaluation: score = sum_i w[phase][index_i] * value_i over a position's sparse
// features (engine/core/features.hpp), in centi-units from the side to move's view. Weights
// come from a config's [weights] keys (small sets) and/or its weights side file (pattern
// tables), checked against the feature set's declaration when the evaluator is built.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/features.hpp"
#include "engine/core/weights_file.hpp"

namespace arena::core {

/// Bound of LinearEval::evaluate's result, centi-units (well inside int, far beyond any
/// search score).
inline constexpr double kEvalCeiling = 1e9;

/// The header a weights file for `fs` must carry.
template <class Position>
[[nodiscard]] WeightsHeader weights_header(const FeatureSet<Position>& fs) {
  return {fs.name(), fs.declaration_hash(), fs.num_phases(), fs.num_features()};
}

/// Phase-major weights (w[phase * num_features + index]) for `fs` from `cfg`: the weights file
/// first (when named), then the [weights] keys on top; features given nowhere weigh 0. A key
/// holds one value (all phases) or exactly num_phases values. Throws InputError naming the
/// config file, line and key for an unknown feature name or a wrong count, and the weights
/// file for a missing, damaged or mismatched table.
template <class Position>
[[nodiscard]] std::vector<double> resolve_weights(const FeatureSet<Position>& fs,
                                                  const EngineConfig& cfg) {
  const auto phases = static_cast<std::size_t>(fs.num_phases());
  const auto n = static_cast<std::size_t>(fs.num_features());
  std::vector<double> w = cfg.weights_file.empty()
                              ? std::vector<double>(phases * n, 0.0)
                              : read_weights_file(cfg.weights_file, weights_header(fs));
  if (cfg.weights.empty()) return w;
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index.emplace(fs.feature_name(static_cast<int>(i)), i);
  for (const auto& [name, values] : cfg.weights) {
    const auto it = index.find(name);
    if (it == index.end()) {
      std::string known;
      for (std::size_t i = 0; i < n && i < 40; ++i) {
        known += (i == 0 ? "" : ", ") + fs.feature_name(static_cast<int>(i));
      }
      throw InputError(config_key_where(cfg, "weights." + name) + "unknown feature of set '" +
                       fs.name() + "' (known: " + known + (n > 40 ? ", ..." : "") + ")");
    }
    if (values.size() != 1 && values.size() != phases) {
      throw InputError(config_key_where(cfg, "weights." + name) + "expected 1 value or " +
                       std::to_string(phases) + " (one per phase), got " +
                       std::to_string(values.size()));
    }
    for (std::size_t ph = 0; ph < phases; ++ph) {
      w[ph * n + it->second] = values.size() == 1 ? values[0] : values[ph];
    }
  }
  return w;
}

/// [weights] entries for phase-major `w` (the inverse of resolve_weights without a file): one
/// value when a feature weighs the same in every phase, else one per phase. Used to write
/// tuned configs.
template <class Position>
[[nodiscard]] std::vector<std::pair<std::string, std::vector<double>>> weights_to_entries(
    const FeatureSet<Position>& fs, const std::vector<double>& w) {
  const auto phases = static_cast<std::size_t>(fs.num_phases());
  const auto n = static_cast<std::size_t>(fs.num_features());
  std::vector<std::pair<std::string, std::vector<double>>> out;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> values;
    bool same = true;
    for (std::size_t ph = 0; ph < phases; ++ph) {
      values.push_back(w[ph * n + i]);
      same = same && values.back() == values.front();
    }
    if (same && !values.empty()) values.erase(values.begin() + 1, values.end());
    out.emplace_back(fs.feature_name(static_cast<int>(i)), std::move(values));
  }
  return out;
}

/// A feature set with its weights. Immutable after construction; evaluate is thread-safe as
/// long as each thread passes its own scratch buffer.
template <class Position>
class LinearEval {
 public:
  /// Takes ownership of `fs`; `weights` are phase-major (size num_phases * num_features).
  LinearEval(std::unique_ptr<FeatureSet<Position>> fs, std::vector<double> weights)
      : fs_(std::move(fs)), weights_(std::move(weights)), num_features_(fs_->num_features()) {}

  /// Builds the evaluator for `cfg` (see resolve_weights for the errors).
  LinearEval(std::unique_ptr<FeatureSet<Position>> fs, const EngineConfig& cfg)
      : LinearEval(std::move(fs), std::vector<double>{}) {
    weights_ = resolve_weights(*fs_, cfg);
  }

  /// sum w[phase][index] * value, rounded to int centi-units (side to move's view). `scratch`
  /// is cleared and reused, so steady-state calls do not allocate.
  [[nodiscard]] int evaluate(const Position& p, SparseFeatures& scratch) const {
    scratch.clear();
    fs_->extract(p, scratch);
    const double* w = weights_.data() + static_cast<std::size_t>(fs_->phase(p)) *
                                            static_cast<std::size_t>(num_features_);
    double sum = 0.0;
    for (const FeatureValue& f : scratch) sum += w[f.index] * static_cast<double>(f.value);
    // Weights are bounded (kMaxWeight) but weights built in memory are not: clamp before the
    // conversion, which is undefined beyond long's range.
    return static_cast<int>(std::lround(std::clamp(sum, -kEvalCeiling, kEvalCeiling)));
  }

  [[nodiscard]] const FeatureSet<Position>& features() const { return *fs_; }
  /// Phase-major weights, w[phase * num_features + index].
  [[nodiscard]] const std::vector<double>& weights() const { return weights_; }

 private:
  std::unique_ptr<FeatureSet<Position>> fs_;
  std::vector<double> weights_;
  int num_features_;
};

}  // namespace arena::core
