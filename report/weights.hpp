// Weight changes between two engine configs (before and after tuning): the largest changes of
// any feature set, and for Othello's square-class features the 8x8 table of square weights
// (shown as a heat map: a table with background colours).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/engine_config.hpp"

namespace arena::report {

/// One weight of one phase, before and after.
struct WeightChange {
  std::string feature;
  std::size_t phase = 0;    ///< 0 when the weight has one value for all phases
  std::size_t phases = 1;   ///< values the feature has (1 = all phases share one)
  double before = 0.0;
  double after = 0.0;
};

/// The `limit` weights whose values changed most (largest |after - before| first), over every
/// feature and phase present in either config (a feature missing from one side counts as 0;
/// a single value stands for every phase).
[[nodiscard]] std::vector<WeightChange> largest_changes(const core::EngineConfig& before,
                                                        const core::EngineConfig& after,
                                                        std::size_t limit);

/// Othello square weights of one phase: weight of the square class each square belongs to, by
/// the 8 symmetries of the board (a1 = 0 top-left, h8 = 63). The classes are the features named
/// after their representative square in the a1-d4 triangle (`a1`, `b1`, `c1`, `d1`, `b2`, `c2`,
/// `d2`, `c3`, `d3`, `d4`, optionally with a prefix such as `sq_`). nullopt when the config
/// has none of them (another feature set).
[[nodiscard]] std::optional<std::array<double, 64>> othello_square_table(
    const core::EngineConfig& config, std::size_t phase);

/// Number of phases of a config's weights (the largest value count of any feature; 1 if none).
[[nodiscard]] std::size_t weight_phases(const core::EngineConfig& config);

}  // namespace arena::report
