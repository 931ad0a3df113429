// A Player backed by an external program: `--engine nboard:"<command>"` (Othello) or
// `--engine gtp:"<command>"` (Blokus Duo). The program runs as a child process spoken to over
// pipes (protocol/engine_client.hpp); every fault -- no start in time, a crash, no answer in
// time, an unparsable or illegal answer -- forfeits the game through PlayerFault with the
// reason, and the process is restarted for the next game. The child is killed when the player
// is destroyed, so it never outlives the run.
#pragma once

#include <chrono>
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
[[nodiscard]] Termination fault_termination(protocol::FaultKind kind);

/// The per-move deadline: the move time (or, with a clock, the time left) plus the spec's
/// margin; spec.move_ms plus margin when the limits set no time.
[[nodiscard]] std::chrono::milliseconds move_deadline(const protocol::ExternalSpec& spec,
                                                      const core::SearchLimits& limits);

/// The engine's name for the log: spec.name, else what the program answers at startup (the
/// program is started once and stopped). Throws InputError naming the command when the
/// program does not start and no name is given.
[[nodiscard]] inline std::string external_engine_name(const protocol::ExternalSpec& spec) {
  if (!spec.name.empty()) return spec.name;
  auto client = protocol::make_client(spec);
  try {
    std::string name = client->start();
    client->stop();
    return name;
  } catch (const protocol::EngineFault& e) {
    throw InputError("--engine " + spec.protocol + ":" + spec.command +
                     ": cannot learn the engine's name (" + e.what() + "); give one with " +
                     spec.protocol + "[name=...]:COMMAND");
  }
}

template <core::Game G>
class ExternalPlayer final : public Player<G> {
 public:
  /// `name` is the engine name to log (see external_engine_name). Nothing starts until the
  /// first game.
  ExternalPlayer(protocol::ExternalSpec spec, std::string name)
      : spec_(std::move(spec)), name_(std::move(name)) {}

  [[nodiscard]] const std::string& name() const override { return name_; }

  /// Starts (or, after a fault or crash, restarts) the program and clears its board. A failure
  /// is kept and forfeits the game at the first move.
  void new_game() override {
    fault_.reset();
    try {
      if (!client_ || faulted_ || spec_.restart_each_game) {
        if (client_) client_->kill();
        client_ = protocol::make_client(spec_);
        faulted_ = false;
        client_->start();
      }
      client_->new_game();
    } catch (const protocol::EngineFault& e) {
      faulted_ = true;
      fault_ = PlayerFault(fault_termination(e.kind()), e.what());
    }
  }

  /// Asks the program for its move; a forced pass is played without asking.
  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    if (fault_) throw *fault_;
    core::MoveListOf<G> legal;
    G::generate_moves(p, legal);
    MoveChoice<G> choice;
    if (legal.size() == 1 && G::is_pass(legal[0])) {
      choice.move = legal[0];
      return choice;
    }
    using Adapter = protocol::ProtocolAdapter<G>;
    auto state = Adapter::state(p);
    state.depth = request.limits.depth;
    std::string answer;
    try {
      answer = client_->request_move(state, move_deadline(spec_, request.limits));
    } catch (const protocol::EngineFault& e) {
      faulted_ = true;
      client_->kill();
      throw PlayerFault(fault_termination(e.kind()), e.what());
    }
    try {
      choice.move = Adapter::parse(p, answer);
    } catch (const InputError& e) {
      faulted_ = true;
      client_->kill();
      throw PlayerFault(Termination::IllegalMove,
                        "answered '" + answer + "' at ply " + std::to_string(G::ply(p)) + ": " +
                            e.what());
    }
    return choice;
  }

 private:
  protocol::ExternalSpec spec_;
  std::string name_;
  std::unique_ptr<protocol::EngineClient> client_;
  bool faulted_ = false;
  std::optional<PlayerFault> fault_;
};

/// The run's hook for `--engine nboard:CMD` / `--engine gtp:CMD`: each outside program's
/// entry gets an in-memory config in opts.program_configs (no file is written) that names the
/// engine, its protocol's game and, in a comment, the entry, so the run record identifies it
/// by name and a hash of the entry. Returns the specs by engine index, with the entry's
/// settings over --each (nullopt for config entries). Names come from external_engine_name
/// (InputError when the program cannot be asked); bad entries are InputErrors naming them.
[[nodiscard]] inline std::vector<std::optional<protocol::ExternalSpec>> prepare_external_engines(
    SelfplayOptions& opts) {
  const std::vector<EngineSettings> settings = engine_settings(opts);
  std::vector<std::optional<protocol::ExternalSpec>> specs(opts.engines.size());
  opts.program_configs.assign(opts.engines.size(), std::nullopt);
  for (std::size_t i = 0; i < opts.engines.size(); ++i) {
    const EngineEntry entry = parse_engine_entry(opts.engines[i]);
    if (!entry.external()) continue;
    auto spec = protocol::external_spec(entry, settings[i]);
    spec.name = external_engine_name(spec);
    const std::string text = "# external engine: " + entry.text + "\nname = " + spec.name +
                             "\ngame = " + protocol::protocol_game(spec.protocol) + "\n";
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
