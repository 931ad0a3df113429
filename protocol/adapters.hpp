// How each game meets its field protocol: Othello speaks NBoard (the position goes as a GGF
// board, answers are squares or PA), Blokus Duo speaks GTP with Pentobi's notation (the game
// goes as Pentobi square lists, answers are square lists or 4-character codes). ExternalPlayer
// is generic over the game and finds the game's side here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/othello/othello.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// Binds game G to its protocol. Specialisations provide:
///  - `kProtocol`: "nboard" or "gtp", the protocol external engines of G speak;
///  - `kVariant`: the game's name in the protocol's game-selection command ("" = none);
///  - `state(p, transcript)`: the ClientState that asks for a move in p, reached by
///    `transcript` (every ply from the initial position in G's standard notation, passes
///    included) when not null: the engine is then sent the whole game;
///  - `parse(p, text)`: the engine's answer as a legal move of p; throws InputError naming the
///    text and why it is malformed or illegal.
template <class G>
struct ProtocolAdapter;

template <>
struct ProtocolAdapter<othello::Othello> {
  static constexpr std::string_view kProtocol = "nboard";
  static constexpr std::string_view kVariant = "";
  [[nodiscard]] static ClientState state(const othello::Position& p,
                                         const std::vector<std::string>* transcript);
  [[nodiscard]] static othello::Move parse(const othello::Position& p, std::string_view text);
};

template <>
struct ProtocolAdapter<blokus_duo::BlokusDuo> {
  static constexpr std::string_view kProtocol = "gtp";
  /// Pentobi-GTP.md, `set_game`: the GM value of Pentobi's blksgf files.
  static constexpr std::string_view kVariant = "Blokus Duo";
  [[nodiscard]] static ClientState state(const blokus_duo::Position& p,
                                         const std::vector<std::string>* transcript);
  [[nodiscard]] static blokus_duo::Move parse(const blokus_duo::Position& p, std::string_view text);
};

/// The kVariant of the game whose engines speak `protocol` ("nboard", "gtp"); "" for others.
[[nodiscard]] std::string_view protocol_variant(std::string_view protocol);

}  // namespace arena::protocol
