// Dispatch of the log replay check on the run record's game (see log_check.hpp).
#include "engine/registry/log_check.hpp"

#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"
#include "selfplay/log_check.hpp"

namespace arena {

void check_log_games(const records::RunRecord& run,
                     const std::vector<records::GameRecord>& games,
                     const std::string& run_origin) {
  try {
    with_game(run.game, []<class G>() { return 0; });
  } catch (const InputError& e) {
    throw InputError(run_origin + "field 'game': " + e.what());
  }
  with_game(run.game, [&]<class G>() {
    selfplay::check_games<G>(run, games, run_origin);
    return 0;
  });
}

void check_log_file(const records::LogFile& log) {
  check_log_games(log.run, log.games, where(log.path, 1));
}

}  // namespace arena
