// Multi-ProbCut settings (M. Buro, "Experiments with Multi-ProbCut and a New High-Quality
// Evaluation Function for Othello", NECI tech. report 1997; as Logistello, NTest and Edax use
// it). At a non-PV node of remaining depth d the search first looks d' < d plies deep with a
// null window: the deep value is modelled as v_d = slope * v_d' + intercept + e, e ~ N(0,
// sigma^2), so a shallow value proving v_d >= beta + t * sigma (or <= alpha - t * sigma) cuts
// the node with the deep search's probable result. One check per configured (d, d') pair, in
// file order, with a fit per stage (the game's G::mpc_stage of the node; a game without the
// hook has the single stage 0). No pairs: the search is unchanged.
#pragma once

#include <vector>

namespace arena::core {

/// The regression of one (stage, depth pair): deep ~ slope * shallow + intercept, residual
/// standard deviation sigma, all in centi-units. sigma <= 0 turns the check off (no fit).
struct MpcFit {
  double slope = 1.0;
  double intercept = 0.0;
  double sigma = 0.0;
  bool operator==(const MpcFit&) const = default;
};

/// One depth pair: a node of remaining `depth` plies is tested by a `shallow`-ply search, with
/// the fit of the node's stage (`stages[stage]`; stages past the end are not tested).
struct MpcPair {
  int depth = 0;
  int shallow = 0;
  std::vector<MpcFit> stages;
  bool operator==(const MpcPair&) const = default;
};

/// The [mpc] section of an engine config: `threshold` (t, in sigmas) and the pairs.
struct MpcSettings {
  double threshold = 1.5;
  std::vector<MpcPair> pairs;
  bool operator==(const MpcSettings&) const = default;
};

}  // namespace arena::core
