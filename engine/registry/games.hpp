// The one place games are registered, by name. Adding a game: one folder under engine/ (its
// rules, and its bindings in bind/bindings.hpp; CMakeLists.txt builds both and writes the
// include of every game's bindings.hpp into game_bindings.hpp) and its entry in AllGames
// below. Including this header brings every game's bindings to the generic modules (its
// protocol, record formats, tuner inputs, endgame suite, report board), which specialise those
// modules' customisation templates; generic code is instantiated for a game only through
// with_game or AllGames, so it always sees them.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game_list.hpp"
#include "engine/registry/game_bindings.hpp"

namespace arena {

using core::GameList;

/// Every registered game, in the order `--help` lists them.
using AllGames = GameList<othello::Othello, blokus_duo::BlokusDuo>;

[[nodiscard]] inline std::string game_names();

namespace detail {
template <class F, class G, class... Rest>
decltype(auto) dispatch(std::string_view name, F&& f, GameList<G, Rest...>) {
  if (name == G::kName) return std::forward<F>(f).template operator()<G>();
  if constexpr (sizeof...(Rest) == 0) {
    throw InputError("unknown game '" + std::string(name) + "' (expected one of: " +
                     game_names() + ")");
  } else {
    return dispatch(name, std::forward<F>(f), GameList<Rest...>{});
  }
}
template <class... Gs>
std::string names(GameList<Gs...>) {
  std::string out;
  ((out += (out.empty() ? "" : ", ") + std::string(Gs::kName)), ...);
  return out;
}
}  // namespace detail

/// The registered names in registration order ("othello", "blokus-duo").
[[nodiscard]] inline std::vector<std::string> game_list() {
  return []<class... Gs>(GameList<Gs...>) {
    return std::vector<std::string>{std::string(Gs::kName)...};
  }(AllGames{});
}

/// "othello, blokus-duo": the registered names, for messages and --help.
[[nodiscard]] inline std::string game_names() { return detail::names(AllGames{}); }

/// Calls f.template operator()<G>() for the game G registered as `name`, returning its result.
/// Throws InputError for an unknown name. Usage: with_game(name, [&]<class G>() { ... });
template <class F>
decltype(auto) with_game(std::string_view name, F&& f) {
  return detail::dispatch(name, std::forward<F>(f), AllGames{});
}

}  // namespace arena
