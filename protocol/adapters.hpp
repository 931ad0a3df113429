// How a game meets its field protocol. ExternalPlayer (protocol/external_player.hpp) and the
// protocol commands are generic over the game and find the game's side in ProtocolAdapter<G>,
// which each game specialises in its own folder (engine/<game>/bind/protocol.hpp); the
// registry includes those specialisations, so this header names no game.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game_list.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// Binds game G to its protocol. A specialisation provides:
///  - `kProtocol`: "nboard" or "gtp", the protocol external engines of G speak;
///  - `kVariant`: the game's name in the protocol's game-selection command ("" = none);
///  - `client(spec) -> std::unique_ptr<EngineClient>`: a controller of an outside program
///    of G speaking kProtocol (not started; the game's own client, or a generic one such as
///    protocol/gtp_client.hpp's);
///  - `state(p, transcript)`: the ClientState that asks for a move in p, reached by
///    `transcript` (every ply from the initial position in G's standard notation, passes
///    included) when not null: the engine is then sent the whole game;
///  - `parse(p, text)`: the engine's answer as a legal move of p; throws InputError naming the
///    text and why it is malformed or illegal;
///  - `serve(cfg, rules, in, out, log) -> int`: runs arena's engine `cfg` behind the protocol
///    on in/out (`arena nboard`, `arena gtp`) under `rules` (G's rules text); throws InputError
///    when cfg is not a config of G. Returns the exit status.
/// The primary template is left undefined: a game without a protocol has no external engines.
template <class G>
struct ProtocolAdapter;

/// Makes an unstarted client of a protocol for a spec (ProtocolAdapter<G>::client).
using ClientFactory = std::unique_ptr<EngineClient> (*)(const ExternalSpec& spec);

/// The game and game-selection name an engine protocol belongs to, and its client.
struct ProtocolGame {
  std::string game;      ///< G::kName of the game whose engines speak the protocol
  std::string variant;   ///< ProtocolAdapter<G>::kVariant
  ClientFactory client = nullptr;  ///< ProtocolAdapter<G>::client
};

/// The game of `Games` (a core::GameList) whose adapter speaks `protocol` ("nboard", "gtp").
/// Throws InputError naming the protocol and the known ones otherwise.
template <class... Gs>
[[nodiscard]] ProtocolGame protocol_game(std::string_view protocol, core::GameList<Gs...>) {
  ProtocolGame found;
  std::string known;
  const auto visit = [&]<class G>() {
    known += (known.empty() ? "" : " or ") + std::string(ProtocolAdapter<G>::kProtocol);
    if (found.game.empty() && protocol == ProtocolAdapter<G>::kProtocol) {
      found = {std::string(G::kName), std::string(ProtocolAdapter<G>::kVariant),
               &ProtocolAdapter<G>::client};
    }
  };
  (visit.template operator()<Gs>(), ...);
  if (found.game.empty()) {
    throw InputError("unknown engine protocol '" + std::string(protocol) + "' (expected " +
                     known + ")");
  }
  return found;
}

/// The client of spec.protocol, as the game of `Games` that speaks it makes it (unstarted).
/// InputError as protocol_game.
template <class... Gs>
[[nodiscard]] std::unique_ptr<EngineClient> make_client(const ExternalSpec& spec,
                                                        core::GameList<Gs...> games) {
  return protocol_game(spec.protocol, games).client(spec);
}

/// Runs `arena <protocol>`: the engine of `cfg` behind `protocol`, through the adapter of the
/// game of `Games` that speaks it (ProtocolAdapter<G>::serve). InputError as protocol_game.
template <class... Gs>
int serve_protocol(std::string_view protocol, const core::EngineConfig& cfg,
                   const std::string& rules, std::istream& in, std::ostream& out,
                   std::ostream& log, core::GameList<Gs...> games) {
  const std::string game = protocol_game(protocol, games).game;
  int status = 0;
  const auto visit = [&]<class G>() {
    if (game == G::kName) status = ProtocolAdapter<G>::serve(cfg, rules, in, out, log);
  };
  (visit.template operator()<Gs>(), ...);
  return status;
}

}  // namespace arena::protocol
