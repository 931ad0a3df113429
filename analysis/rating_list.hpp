// Rating list: Bradley-Terry maximum likelihood over all engines of one or more runs, draws as
// half points, logistic Elo, solved by Newton's method with Eigen, with the first-move
// advantage estimated jointly when the first player of each game is known. 95% intervals come
// from the observed information (the inverse of the negative Hessian at the optimum).
// Engines whose results make the likelihood unbounded (all wins, all losses) are reported with
// a flag and infinite rating instead of being fitted; disconnected result graphs are reported
// per component. Test vector R1 in tests/data/stats/worked-examples.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/elo.hpp"

namespace arena::analysis {

/// One game for the rating list, engines by index into the engine list.
struct RatedGame {
  std::size_t first = 0;       ///< the engine that moved first (when colours_known)
  std::size_t second = 0;
  double points = 0.5;         ///< points of `first`: 1, 1/2 or 0 (any value in [0, 1])
  bool colours_known = true;   ///< false: no first-move advantage term for this game
};

/// Which ratings are fixed.
enum class AnchorKind {
  PoolMean,  ///< the mean of the fitted engines (per connected component) is 0
  Engine,    ///< one named engine is 0 (its component); other components use their mean
};

struct RatingOptions {
  AnchorKind anchor = AnchorKind::PoolMean;
  std::string anchor_engine;                ///< for AnchorKind::Engine
  bool first_move_advantage = true;         ///< fit it when some game has colours_known
  int max_iterations = 100;
};

/// One engine's line.
struct Rating {
  std::string name;
  double elo = 0.0;            ///< logistic Elo; +inf (all wins), -inf (all losses), NaN (no games)
  double ci95 = 0.0;           ///< half-width; 0 for the anchor engine, NaN when not fitted
  std::int64_t games = 0;
  double points = 0.0;
  std::size_t component = 0;   ///< connected component of the result graph (0-based)
  bool all_wins = false;       ///< not fitted: scored every point (also after removing others)
  bool all_losses = false;     ///< not fitted: scored no point
  bool anchor = false;         ///< this engine's rating is fixed at 0
};

struct RatingList {
  EloUnit unit = EloUnit::Elo;
  std::vector<Rating> ratings;               ///< in the order of the engine list
  bool connected = true;                     ///< one component among the engines with games
  std::size_t components = 0;
  bool first_move_fitted = false;
  double first_move_elo = 0.0;               ///< first-move advantage, logistic Elo
  double first_move_ci95 = 0.0;
  bool converged = true;
  int iterations = 0;
  std::vector<std::string> warnings;         ///< plain sentences, e.g. "graph not connected"
};

/// Fits the list. `engines` names indices used in `games`; an index out of range throws
/// std::invalid_argument. Games of an engine against itself are ignored. Never divides by
/// zero: unbounded engines are flagged and removed (repeatedly) before fitting; a remaining
/// separation (a group that beat every outside opponent) is reported as a warning and leaves
/// converged = false.
[[nodiscard]] RatingList fit_rating_list(const std::vector<std::string>& engines,
                                         const std::vector<RatedGame>& games,
                                         const RatingOptions& options = {});

}  // namespace arena::analysis
