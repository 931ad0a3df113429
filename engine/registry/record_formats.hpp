// Every registered game's record formats in one list (records::RecordFormats<G> of AllGames,
// in registration order), for the commands that tell a format by name or file name.
#pragma once

#include <vector>

#include "engine/registry/games.hpp"
#include "records/formats.hpp"

namespace arena {

/// The record formats of every registered game.
[[nodiscard]] inline std::vector<records::RecordFormat> record_formats() {
  std::vector<records::RecordFormat> out;
  [&]<class... Gs>(GameList<Gs...>) {
    (
        [&] {
          for (auto& f : records::RecordFormats<Gs>::formats()) out.push_back(std::move(f));
        }(),
        ...);
  }(AllGames{});
  return out;
}

}  // namespace arena
