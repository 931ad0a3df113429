// The square table of an Othello evaluation (the weights of the square-class features, per
// square) for the weights heat map, read through the game's own feature declaration rather
// than a copy of its class layout: for each square, a position with one disc of the side to
// move on it is run through the feature set, and the weights of the square features it turns
// on are summed.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/features.hpp"

namespace arena::report {

/// Square weights of `config` at weight phase `phase` (a1 = 0 top-left, h8 = 63). G is a game
/// on an 8x8 board whose position notation is 64 characters (a1 to h8, '-' empty, 'X' a disc)
/// followed by the side to move (" X"), as Othello's; the square features are those whose
/// names start with `prefix`. A single value stands for every phase; missing weights count 0.
/// nullopt when the config's feature set is unknown or has no square features.
template <class G>
[[nodiscard]] std::optional<std::array<double, 64>> square_table(const core::EngineConfig& config,
                                                                 std::size_t phase,
                                                                 const std::string& prefix = "sq_") {
  std::unique_ptr<core::FeatureSet<typename G::Position>> set;
  try {
    set = G::make_feature_set(config.features);
  } catch (const InputError&) {
    return std::nullopt;
  }
  std::map<std::string, double> weights;
  for (const auto& [name, values] : config.weights) {
    if (!values.empty()) weights[name] = values.size() == 1 ? values[0] : values[std::min(phase, values.size() - 1)];
  }
  std::array<double, 64> table{};
  bool any = false;
  core::SparseFeatures features;
  for (std::size_t sq = 0; sq < 64; ++sq) {
    std::string board(64, '-');
    board[sq] = 'X';
    features.clear();
    set->extract(G::parse_position(board + " X", {}), features);
    for (const auto& f : features) {
      const std::string name = set->feature_name(static_cast<int>(f.index));
      if (name.rfind(prefix, 0) != 0) continue;
      any = true;
      const auto it = weights.find(name);
      table[sq] += (it == weights.end() ? 0.0 : it->second) * f.value;
    }
  }
  if (!any) return std::nullopt;
  return table;
}

}  // namespace arena::report
