// The shipped engine configs that the command-line self-play tests pit against each other, and
// a log's games keyed by id (the comparison of two runs that must have played the same games).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "records/game_log.hpp"

namespace arena::selfplay::testing {

inline const std::string kOthelloA = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
inline const std::string kOthelloB = std::string(ARENA_SOURCE_DIR) + "/configs/othello/seed-table.cfg";
inline const std::string kBlokusA = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/classic.cfg";
inline const std::string kBlokusB = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/greedy.cfg";
inline const std::string kBlokusRandom = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/random.cfg";

/// The games of a log keyed by id; a repeated id fails the test (no game may be logged twice).
inline std::map<std::int64_t, records::GameRecord> games_by_id(const records::LogFile& log) {
  std::map<std::int64_t, records::GameRecord> out;
  for (const auto& g : log.games) EXPECT_TRUE(out.emplace(g.id, g).second) << "id " << g.id;
  return out;
}

}  // namespace arena::selfplay::testing
