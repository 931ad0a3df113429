// Weight changes between two engine configs (before and after tuning): the largest changes of
// any feature set. (A game's square weights for the heat map: GameBoard<G>::square_table,
// report/board_view.hpp.)
#pragma once

#include <cstddef>
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

/// Number of phases of a config's weights (the largest value count of any feature; 1 if none).
[[nodiscard]] std::size_t weight_phases(const core::EngineConfig& config);

}  // namespace arena::report
