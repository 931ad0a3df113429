// A Player backed by an external program: `--engine nboard:"<command>"` or
// `--engine gtp:"<command>"`, the protocol of the game (ProtocolAdapter<G>). The program runs as a child process spoken to over
// pipes (protocol/engine_client.hpp); every fault -- no start in time, a crash, no answer in
// time, an unparsable or illegal answer -- forfeits the game through PlayerFault with the
// reason, and the process is restarted for the next game. The child is killed when the player
// is destroyed, so it never outlives the run.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "protocol/adapters.hpp"
#include "protocol/engine_client.hpp"
#include "selfplay/engine_entry.hpp"
#include "selfplay/engine_player.hpp"
#include "selfplay/options.hpp"
#include "selfplay/player.hpp"
#include "selfplay/run_setup.hpp"

namespace arena::selfplay {

/// The log termination of an engine fault.
[[nodiscard]] records::Termination fault_termination(protocol::FaultKind kind);

/// The per-move deadline: the move time (or, with a clock, the time left) plus the spec's
/// margin; spec.move_ms plus margin when the limits set no time.
[[nodiscard]] std::chrono::milliseconds move_deadline(const protocol::ExternalSpec& spec,
                                                      const core::SearchLimits& limits);

/// Starts the engine once, as a game would (handshake, GTP set_game), and stops it: the
/// run's start-up check. Returns the engine's name for the log: spec.name, else what the
/// program answers. Throws InputError naming the engine when it does not start or refuses the
/// game (e.g. a GTP engine that refuses `set_game`), so a run never counts such games as wins.
/// The client is that of spec.protocol's game among `games` (InputError for an unknown one).
template <class... Gs>
[[nodiscard]] std::string probe_external_engine(const protocol::ExternalSpec& spec,
                                                core::GameList<Gs...> games) {
  auto client = protocol::make_client(spec, games);
  try {
    std::string name = client->start();
    client->stop();
    return name;
  } catch (const protocol::EngineFault& e) {
    throw InputError("--engine " + spec.protocol + ":" + spec.command + ": " + e.what() +
                     (spec.name.empty() ? "; a name can be given with " + spec.protocol +
                                              "[name=...]:COMMAND"
                                        : std::string()));
  }
}

/// Builds the engine's ClientState for a move in p: the adapter's view of the position, the
/// game so far (moves, charged times, clocks) from request.game, and the request's limits.
template <core::Game G>
[[nodiscard]] protocol::ClientState client_state(const typename G::Position& p,
                                                 const MoveRequest& request) {
  const GameSoFar* game = request.game;
  auto state = protocol::ProtocolAdapter<G>::state(p, game != nullptr ? &game->moves : nullptr);
  state.depth = request.limits.depth;
  state.movetime_ms = request.limits.movetime_ms;
  if (game != nullptr) {
    state.game_id = game->id;
    state.move_ms = game->charged_ms;
    state.clock_ms = game->clock_ms;
    state.increment_ms = game->increment_ms;
    state.time_left_ms[0] = game->time_left_ms[0];
    state.time_left_ms[1] = game->time_left_ms[1];
    state.opening_plies = game->opening_plies;
  } else if (request.limits.time_left_ms > 0) {
    state.clock_ms = request.limits.time_left_ms;
    state.increment_ms = request.limits.increment_ms;
    state.time_left_ms[state.side] = request.limits.time_left_ms;
  }
  return state;
}

template <core::Game G>
class ExternalPlayer final : public Player<G> {
 public:
  /// `name` is the engine name to log (see probe_external_engine). Nothing starts until the
  /// first move asked of it.
  ExternalPlayer(protocol::ExternalSpec spec, std::string name)
      : spec_(std::move(spec)), name_(std::move(name)) {
    spec_.variant = std::string(protocol::ProtocolAdapter<G>::kVariant);
    if (spec_.name.empty()) spec_.name = name_;
  }

  [[nodiscard]] const std::string& name() const override { return name_; }

  /// Marks a new game; the engine hears of it (its new-game handshake) with the first move
  /// asked of it, when the game's id and clock are known.
  void new_game() override { game_started_ = false; }

  /// Asks the program for its move; a forced pass is played without asking. Faults lose the
  /// game (PlayerFault) and restart the program for the next game; a resignation loses it
  /// with termination Resign and keeps the program.
  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    core::MoveListOf<G> legal;
    G::generate_moves(p, legal);
    MoveChoice<G> choice;
    if (legal.size() == 1 && G::is_pass(legal[0])) {
      choice.move = legal[0];
      return choice;
    }
    const auto state = client_state<G>(p, request);
    protocol::EngineAnswer answer;
    try {
      if (!game_started_) {
        if (!client_ || faulted_ || spec_.restart_each_game) {
          if (client_) client_->kill();
          client_ = protocol::ProtocolAdapter<G>::client(spec_);
          faulted_ = false;
          client_->start();
        }
        client_->new_game(state);
        game_started_ = true;
      }
      const std::optional<double> cpu_before = client_->cpu_ms();
      answer = client_->request_move(state, move_deadline(spec_, request.limits));
      if (const std::optional<double> cpu_after = client_->cpu_ms(); cpu_before && cpu_after) {
        choice.process_cpu_ms = std::max(0.0, *cpu_after - *cpu_before);
      }
    } catch (const protocol::EngineFault& e) {
      faulted_ = true;
      if (client_) client_->kill();
      throw PlayerFault(fault_termination(e.kind()), e.what());
    }
    if (answer.resign) {
      throw PlayerFault(records::Termination::Resign, "resigned at ply " + std::to_string(G::ply(p)));
    }
    try {
      choice.move = protocol::ProtocolAdapter<G>::parse(p, answer.move);
    } catch (const InputError& e) {
      faulted_ = true;
      client_->kill();
      throw PlayerFault(records::Termination::IllegalMove,
                        "engine name=" + name_ + " answered '" + answer.move + "' at ply " +
                            std::to_string(G::ply(p)) + ": " + e.what());
    }
    if (answer.eval) {
      // NBoard evals are discs from the mover's view; the log keeps centi-units.
      records::MoveEval eval;
      eval.score = static_cast<int>(std::lround(*answer.eval * 100.0));
      eval.depth = answer.depth;
      if (answer.seconds) eval.engine_ms = *answer.seconds * 1000.0;
      choice.eval = eval;
    }
    return choice;
  }

 private:
  protocol::ExternalSpec spec_;
  std::string name_;
  std::unique_ptr<protocol::EngineClient> client_;
  bool faulted_ = false;
  bool game_started_ = false;
};

/// The run's hook for `--engine nboard:CMD` / `--engine gtp:CMD`: each outside program's
/// entry gets an in-memory config in opts.program_configs (no file is written) that names the
/// engine, its protocol's game and, in a comment, the entry, so the run record identifies it
/// by name and a hash of the entry. Returns the specs by engine index, with the entry's
/// settings over --each (nullopt for config entries). Each program is probed once
/// (probe_external_engine: InputError when it does not start or refuses the game); all share
/// the I/O log opts.engine_log when set (InputError when it cannot be opened). Bad entries are
/// InputErrors naming them. `games` (the registry's AllGames) tell each protocol's game.
template <class... Gs>
[[nodiscard]] std::vector<std::optional<protocol::ExternalSpec>> prepare_external_engines(
    SelfplayOptions& opts, core::GameList<Gs...> games) {
  const std::vector<EngineSettings> settings = engine_settings(opts);
  std::vector<std::optional<protocol::ExternalSpec>> specs(opts.engines.size());
  opts.program_configs.assign(opts.engines.size(), std::nullopt);
  std::shared_ptr<protocol::EngineLog> engine_log;
  for (std::size_t i = 0; i < opts.engines.size(); ++i) {
    const EngineEntry entry = parse_engine_entry(opts.engines[i]);
    if (!entry.external()) continue;
    auto spec = protocol::external_spec(entry, settings[i]);
    if (!opts.engine_log.empty() && !engine_log) {
      engine_log = protocol::EngineLog::open(opts.engine_log, "--engine-log");
    }
    spec.log = engine_log;
    const protocol::ProtocolGame bound = protocol::protocol_game(spec.protocol, games);
    spec.variant = bound.variant;
    spec.name = probe_external_engine(spec, games);
    const std::string text = "# external engine: " + entry.text + "\nname = " + spec.name +
                             "\ngame = " + bound.game + "\n";
    opts.program_configs[i] = core::parse_engine_config(text, entry.text);
    specs[i] = std::move(spec);
  }
  return specs;
}

/// A factory that builds an ExternalPlayer for each external index of `specs` and an
/// EnginePlayer from the config file of `engines[i]` (an --engine entry) for the others.
template <core::Game G>
[[nodiscard]] PlayerFactory<G> mixed_player_factory(
    const std::vector<std::string>& engines,
    const std::vector<std::optional<protocol::ExternalSpec>>& specs) {
  std::vector<std::string> paths;
  for (const auto& e : engines) paths.push_back(parse_engine_entry(e).target);
  return [paths, specs](int index) -> std::unique_ptr<Player<G>> {
    const auto i = static_cast<std::size_t>(index);
    if (specs[i]) return std::make_unique<ExternalPlayer<G>>(*specs[i], specs[i]->name);
    return std::make_unique<EnginePlayer<G>>(core::load_engine_config(paths[i]));
  };
}

}  // namespace arena::selfplay
