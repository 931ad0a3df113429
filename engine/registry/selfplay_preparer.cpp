#include "engine/registry/selfplay_preparer.hpp"

#include <algorithm>

#include "engine/registry/games.hpp"
#include "engine/registry/record_formats.hpp"
#include "protocol/external_player.hpp"
#include "records/openings.hpp"
#include "selfplay/game_setup.hpp"
#include "selfplay/run_setup.hpp"

namespace arena {

selfplay::GamePreparer selfplay_preparer(selfplay::SelfplayOptions& opts) {
  const auto external = selfplay::prepare_external_engines(opts, AllGames{});
  const bool any_external =
      std::any_of(external.begin(), external.end(), [](const auto& s) { return s.has_value(); });
  return with_game(selfplay::selfplay_game(opts), [&]<class G>() {
    opts.opening_reader = [formats = record_formats()](const std::string& path) {
      return records::read_openings<G>(path, formats);
    };
    return selfplay::game_preparer<G>(
        any_external ? selfplay::mixed_player_factory<G>(opts.engines, external) : nullptr);
  });
}

}  // namespace arena
