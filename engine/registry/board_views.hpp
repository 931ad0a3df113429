// Every registered game's board for the report's viewer (report::GameBoard<G> of AllGames,
// see report/board_view.hpp), by game name.
#pragma once

#include <map>
#include <string>

#include "engine/registry/games.hpp"
#include "report/board_view.hpp"

namespace arena {

/// The viewer boards of every registered game, keyed by G::kName.
[[nodiscard]] inline std::map<std::string, report::GameViewer> board_views() {
  std::map<std::string, report::GameViewer> out;
  [&]<class... Gs>(GameList<Gs...>) {
    ((out[std::string(Gs::kName)] = report::make_game_viewer<Gs>()), ...);
  }(AllGames{});
  return out;
}

}  // namespace arena
