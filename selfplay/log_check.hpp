// Logged games replayed through the rules before anything uses them: a log is text a user can
// edit, concatenate or damage, and a game line of another game, a move on an occupied square
// or a score that contradicts the final position must not become statistics, training data or
// a converted record. Game-generic: a template over the Game concept (the caller dispatches on
// the run record's game name).
#pragma once

#include <string>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "records/game_log.hpp"

namespace arena::selfplay {

/// Replays g.transcript() (opening, then moves; passes explicit, as logs write them) from
/// G's start under `rules`. Throws InputError "<g.origin>game id N: ..." for a move that does
/// not parse or is illegal (naming the ply and the move, with a hint when the log's game may
/// be another than G), a move after the end of the game, and, for a game that ended normally,
/// a position that is not over or a score that differs from G::final_score of the final
/// position. Forfeited and adjudicated games keep their recorded score (it is not a final
/// position's), but their moves must be legal too.
template <core::Game G>
void check_game(const records::GameRecord& g, const typename G::Rules& rules) {
  const std::string at = g.origin + "game id " + std::to_string(g.id) + ": ";
  auto pos = G::initial(rules);
  const std::vector<std::string> plies = g.transcript();
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const std::string ply = "ply " + std::to_string(i + 1) + " (" + plies[i] + "): ";
    if (G::is_terminal(pos)) throw InputError(at + ply + "the game is already over");
    typename G::Move m{};
    try {
      m = G::parse_move(pos, plies[i]);
    } catch (const InputError& e) {
      throw InputError(at + ply + e.what() + (i == 0 ? " (is this a game of another kind than '" +
                                                           std::string(G::kName) +
                                                           "', the run record's game?)"
                                                     : ""));
    }
    pos = G::play(pos, m);
  }
  if (g.termination != records::Termination::Normal) return;
  if (!G::is_terminal(pos)) {
    throw InputError(at + "termination 'normal' but the game is not over after its " +
                     std::to_string(plies.size()) + " plies");
  }
  if (const int score = G::final_score(pos); score != g.score) {
    throw InputError(at + "score " + std::to_string(g.score) +
                     " does not match the final position (" + std::to_string(score) + ")");
  }
}

/// check_game for every game of a run whose record is `run`; `run_origin` ("FILE:1: ") names
/// the run record when its rules do not parse.
template <core::Game G>
void check_games(const records::RunRecord& run, const std::vector<records::GameRecord>& games,
                 const std::string& run_origin) {
  typename G::Rules rules{};
  try {
    rules = G::parse_rules(run.rules);
  } catch (const InputError& e) {
    throw InputError(run_origin + "field 'rules': " + e.what());
  }
  for (const auto& g : games) check_game<G>(g, rules);
}

}  // namespace arena::selfplay
