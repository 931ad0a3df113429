// The game-typed half of a run, shared by the single-process and the MPI paths: after
// prepare_run (options, configs, schedule, log path), the game's rules, the players' factory
// (each player built once to validate it) and the openings; then the run behind the game-free
// GameRun interface (game_run.hpp): with TypedGamePlayer (runner.hpp) the only template part
// of the driver.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "selfplay/engine_player.hpp"
#include "selfplay/game_run.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/options.hpp"
#include "selfplay/run_setup.hpp"
#include "selfplay/runner.hpp"

namespace arena::selfplay {

/// Everything a run of game G needs before its log is opened.
template <core::Game G>
struct GameSetup {
  RunSetup run;                 ///< prepare_run's result, record.rules normalised for G
  typename G::Rules rules;
  PlayerFactory<G> factory;     ///< the given one, or EnginePlayers from the configs
  Openings<G> openings;
};

/// Prepares a run of game G. Throws the InputErrors of prepare_run, and: configs of another
/// game ("--engine: ..."), --adjudicate exact for a game without an exact solver, a malformed
/// --rules, an engine the factory refuses, an opening that
/// is illegal in G (FILE:LINE).
template <core::Game G>
[[nodiscard]] GameSetup<G> prepare_game_run(const SelfplayOptions& opts, PlayerFactory<G> factory) {
  RunSetup run = prepare_run(opts);
  if (run.record.game != G::kName) {
    throw InputError("--engine: the configs are for '" + run.record.game + "', not '" +
                     std::string(G::kName) + "'");
  }
  if (run.settings.adjudication.exact() && !core::HasExactSolver<G>) {
    throw InputError("--adjudicate exact: " + std::string(G::kName) + " has no exact solver");
  }
  const typename G::Rules rules = G::parse_rules(opts.rules);
  run.record.rules = G::format_rules(rules);
  if (!factory) factory = engine_player_factory<G>(run.configs);
  for (std::size_t i = 0; i < run.configs.size(); ++i) (void)factory(static_cast<int>(i));
  Openings<G> openings =
      run.openings.is_random()
          ? Openings<G>::random(rules, run.openings.random_plies, opts.seed, run.schedule.pairs())
          : Openings<G>::from_file(rules, run.openings.file, run.opening_order, opts.seed,
                                   opts.opening_plies, opts.opening_reader);
  return {std::move(run), rules, std::move(factory), std::move(openings)};
}

/// A prepared run of game G behind GameRun.
template <core::Game G>
class TypedGameRun final : public GameRun {
 public:
  explicit TypedGameRun(GameSetup<G> game) : game_(std::move(game)) {}

  [[nodiscard]] const RunSetup& setup() const override { return game_.run; }

  [[nodiscard]] std::unique_ptr<GamePlayer> player() const override {
    return std::make_unique<TypedGamePlayer<G>>(
        GameContext<G>{game_.run.schedule, game_.openings, game_.rules, game_.run.record.seed,
                       game_.run.settings, game_.factory});
  }

 private:
  GameSetup<G> game_;
};

/// The GamePreparer of game G: prepare_game_run<G> with `factory` (null: EnginePlayers from
/// the configs).
template <core::Game G>
[[nodiscard]] GamePreparer game_preparer(PlayerFactory<G> factory = nullptr) {
  return [factory = std::move(factory)](const SelfplayOptions& opts) -> std::unique_ptr<GameRun> {
    return std::make_unique<TypedGameRun<G>>(prepare_game_run<G>(opts, factory));
  };
}

}  // namespace arena::selfplay
