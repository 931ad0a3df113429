// A compile-time list of game types, the shape in which the registry (engine/registry/games.hpp)
// hands its games to generic code that looks one up by a property (a protocol, a file format)
// rather than by name, without that code naming a game.
#pragma once

namespace arena::core {

/// The game types Gs, in registration order.
template <class... Gs>
struct GameList {};

}  // namespace arena::core
