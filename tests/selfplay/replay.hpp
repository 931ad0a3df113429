// Replays a logged game move by move through the game's own parser: every move must be legal,
// and a normally ended game must end in a terminal position whose final score is the logged
// score. Shared by the runner and end-to-end tests.
#pragma once

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/game.hpp"
#include "records/game_log.hpp"

namespace arena::selfplay::testing {

template <core::Game G>
::testing::AssertionResult replays_legally(const records::GameRecord& g, const typename G::Rules& rules = {}) {
  auto p = G::initial(rules);
  core::MoveListOf<G> legal;
  int ply = 0;
  for (const auto& text : g.transcript()) {
    G::generate_moves(p, legal);
    typename G::Move m{};
    try {
      m = G::parse_move(p, text);
    } catch (const std::exception& e) {
      return ::testing::AssertionFailure() << "game " << g.id << " ply " << ply << ": " << e.what();
    }
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
      return ::testing::AssertionFailure() << "game " << g.id << " ply " << ply << ": '" << text
                                           << "' is illegal";
    }
    p = G::play(p, m);
    ++ply;
  }
  if (g.termination != records::Termination::Normal) return ::testing::AssertionSuccess();
  if (!G::is_terminal(p)) {
    return ::testing::AssertionFailure() << "game " << g.id << " does not end the game";
  }
  if (G::final_score(p) != g.score) {
    return ::testing::AssertionFailure() << "game " << g.id << ": logged score " << g.score
                                         << ", replayed " << G::final_score(p);
  }
  return ::testing::AssertionSuccess();
}

}  // namespace arena::selfplay::testing
