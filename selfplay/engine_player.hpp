// A Player backed by arena's own Engine<G>: search with the run's limits (or the config's),
// optional softmax move choice over root scores for training-game diversity (core's
// softmax_choice; the eval is then the chosen move's root score, depth and nodes 0), and the
// search's score/depth/nodes as the move's eval record (none for `player = random`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/engine.hpp"
#include "selfplay/player.hpp"
#include "selfplay/runner.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

template <core::Game G>
class EnginePlayer final : public Player<G> {
 public:
  /// Throws InputError when the config does not fit the game (Engine's constructor).
  explicit EnginePlayer(const core::EngineConfig& config)
      : engine_(config), name_(config.name), random_(config.player == "random") {}

  [[nodiscard]] const std::string& name() const override { return name_; }
  void new_game() override { engine_.new_game(); }

  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    MoveChoice<G> choice;
    if (request.temperature > 0) {
      const auto scored = engine_.score_root_moves(p, request.limits, request.seed);
      choice.move = core::softmax_choice(scored, request.temperature, request.seed);
      for (const auto& s : scored) {
        if (s.move == choice.move && !random_) choice.eval = records::MoveEval{s.score, 0, 0, 0.0, std::nullopt};
      }
      return choice;
    }
    const auto r = engine_.think(p, request.limits, request.seed, request.abort);
    choice.move = r.best;
    if (!random_) choice.eval = records::MoveEval{r.score, r.depth, r.nodes, 0.0, std::nullopt};
    return choice;
  }

 private:
  core::Engine<G> engine_;
  std::string name_;
  bool random_;  ///< `player = random`: moves carry no eval
};

/// A factory of EnginePlayers over `configs` (copied), one engine per call.
template <core::Game G>
[[nodiscard]] PlayerFactory<G> engine_player_factory(std::vector<core::EngineConfig> configs) {
  return [configs = std::move(configs)](int index) -> std::unique_ptr<Player<G>> {
    return std::make_unique<EnginePlayer<G>>(configs[static_cast<std::size_t>(index)]);
  };
}

}  // namespace arena::selfplay
