// The knobs of the Monte Carlo tree search (mcts.hpp), read from an engine config's [mcts]
// section (engine_config.hpp). Kept apart from the search's header so configs do not pull in
// the search itself.
#pragma once

#include <cstdint>

namespace arena::core {

/// [mcts] settings. Units: "order units" are those of the game's G::order_score (Blokus Duo:
/// 1000 per square of the piece; Othello: 16 per reply left to the opponent); evaluation units
/// are the engine's centi-units.
struct MctsSettings {
  std::uint64_t playouts = 0;      ///< playouts per move when the limits set neither nodes
                                   ///< nor time (0 = kDefaultPlayouts); deterministic
  double exploration = 1.0;        ///< PUCT constant c: Q + c P sqrt(N) / (1 + n)
  double prior_temperature = 0;    ///< priors softmax(order_score / T); 0 = uniform priors
  double prior_power = 0;          ///< > 0: priors = (game's playout weight)^prior_power
                                   ///< (playout_weights hook) instead of the softmax
  double playout_temperature = 0;  ///< playout moves softmax(order_score / T); 0 = uniform
  bool game_policy = false;        ///< playouts draw by the game's playout_weights hook
                                   ///< (`playout_policy = game`) instead of the softmax
  int cutoff = 4;                  ///< playout plies before the evaluation ends it; -1 = play
                                   ///< to the end of the game (no evaluation)
  double eval_scale = 300;         ///< centi-units per logit: win probability
                                   ///< 1 / (1 + exp(-eval / eval_scale))
  double rave = 0;                 ///< RAVE equivalence k: beta = sqrt(k / (3 n + k)); 0 = off
  int prior_visits = 0;            ///< virtual visits of each new child at the value of its
                                   ///< squashed evaluation (progressive bias); 0 = off
  int expand = 1;                  ///< visits of a leaf before its children are created
  int tree_mb = 64;                ///< node pool, MiB; a full pool stops expansion
  int solve = 0;                   ///< WLD-solve positions past the game's exact threshold n
                                   ///< (G::exact_threshold_reached) inside playouts; 0 = off
  std::uint64_t seed = 0;          ///< mixed with the move's seed into the playout generator

  friend bool operator==(const MctsSettings&, const MctsSettings&) = default;
};

}  // namespace arena::core
