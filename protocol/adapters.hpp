// How each game meets its field protocol: Othello speaks NBoard (the position goes as a GGF
// board, answers are squares or PA), Blokus Duo speaks GTP with Pentobi's notation (the game
// goes as Pentobi square lists, answers are square lists or 4-character codes). ExternalPlayer
// is generic over the game and finds the game's side here.
#pragma once

#include <string>
#include <string_view>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/othello/othello.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// Binds game G to its protocol. Specialisations provide:
///  - `kProtocol`: "nboard" or "gtp", the protocol external engines of G speak;
///  - `state(p)`: the ClientState that asks for a move in p;
///  - `parse(p, text)`: the engine's answer as a legal move of p; throws InputError naming the
///    text and why it is malformed or illegal.
template <class G>
struct ProtocolAdapter;

template <>
struct ProtocolAdapter<othello::Othello> {
  static constexpr std::string_view kProtocol = "nboard";
  [[nodiscard]] static ClientState state(const othello::Position& p);
  [[nodiscard]] static othello::Move parse(const othello::Position& p, std::string_view text);
};

template <>
struct ProtocolAdapter<blokus_duo::BlokusDuo> {
  static constexpr std::string_view kProtocol = "gtp";
  [[nodiscard]] static ClientState state(const blokus_duo::Position& p);
  [[nodiscard]] static blokus_duo::Move parse(const blokus_duo::Position& p, std::string_view text);
};

}  // namespace arena::protocol
