// The viewer's boards (report/board_view.hpp) as the games bind them, against positions and
// results from outside the project: the standard Othello start, the final disc counts of real
// WTHOR games (data/othello/wthor), and the GPCC 2007 round-1 Blokus Duo game whose every
// placed cell Pentobi's SGF lists and whose published result is 53-46 squares
// (tests/data/blokus).
#include <algorithm>
#include <cstddef>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/othello/wthor.hpp"
#include "engine/registry/board_views.hpp"
#include "tests/support/command.hpp"
#include "tests/support/sanitizers.hpp"

namespace arena::report {
namespace {

using arena::test::read_file;

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int count(const BoardFrame& f, int value) {
  return static_cast<int>(std::count(f.cells.begin(), f.cells.end(), value));
}

const GameViewer& board(const std::string& game) {
  static const auto boards = board_views();
  return boards.at(game);
}

// The standard start (white d4 e5, black d5 e4; a1 top-left, index 8 row + column) and the
// first move f5, which turns e5 black.
TEST(BoardView, OthelloStartAndFirstMove) {
  const Replay r = board("othello").replay({"f5"}, "");
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.frames.size(), 2U);
  const auto& start = r.frames[0].cells;
  ASSERT_EQ(start.size(), 64U);
  EXPECT_EQ(start[8 * 3 + 3], 2);  // d4
  EXPECT_EQ(start[8 * 4 + 4], 2);  // e5
  EXPECT_EQ(start[8 * 4 + 3], 1);  // d5
  EXPECT_EQ(start[8 * 3 + 4], 1);  // e4
  EXPECT_EQ(count(r.frames[0], 0), 60);
  const BoardFrame& f5 = r.frames[1];
  EXPECT_EQ(f5.cells[8 * 4 + 5], 1);  // f5
  EXPECT_EQ(f5.cells[8 * 4 + 4], 1);  // e5 flipped
  EXPECT_EQ(f5.marked, std::vector<int>{8 * 4 + 5});
  EXPECT_EQ(f5.to_move, 1);
  EXPECT_EQ(f5.move, "f5");
  EXPECT_EQ(f5.counts, (std::array<int, 2>{4, 1}));
}

// Every frame of real games: the counts are the painted discs; at a full board the disc
// difference is the result recorded in the WTHOR database.
TEST(BoardView, OthelloWthorGamesEndAsRecorded) {
  othello::RecordStats stats;
  const auto n = static_cast<std::size_t>(arena::test::by_build(2000, 600));
  const arena::test::WthorGames wthor(static_cast<int>(n) + 100);
  const auto games =
      othello::read_wthor_transcripts(wthor.path(), othello::InvalidRecordPolicy::Skip, stats);
  ASSERT_GT(games.size(), n);
  std::size_t full_boards = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto& g = games[i];
    const Replay r = board("othello").replay(g.moves, "");
    ASSERT_TRUE(r.error.empty()) << g.source << ": " << r.error;
    ASSERT_EQ(r.frames.size(), g.moves.size() + 1) << g.source;
    for (const auto& f : r.frames) {
      ASSERT_EQ(f.counts[0], count(f, 1)) << g.source;
      ASSERT_EQ(f.counts[1], count(f, 2)) << g.source;
    }
    const BoardFrame& last = r.frames.back();
    EXPECT_EQ(last.to_move, -1) << g.source;
    if (count(last, 0) != 0) continue;
    ++full_boards;
    EXPECT_EQ(last.counts[0] - last.counts[1], g.recorded_score) << g.source;
  }
  EXPECT_GT(full_boards, n * 3 / 4);
}

// The report fixture's first game, "British Nationals - 2000" in the WTHOR file: 28-36.
TEST(BoardView, OthelloBritishNationals2000) {
  const std::string moves = "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2"
                            "c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7";
  EXPECT_NE(read_file(std::string(ARENA_SOURCE_DIR) + "/data/othello/wthor/wthor-2000-2024.tsv")
                .find("British Nationals - 2000\t28-36\t" + moves),
            std::string::npos);
  std::vector<std::string> plies;
  for (std::size_t i = 0; i < moves.size(); i += 2) plies.push_back(moves.substr(i, 2));
  const Replay r = board("othello").replay(plies, "");
  ASSERT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(count(r.frames.back(), 1), 28);
  EXPECT_EQ(count(r.frames.back(), 2), 36);
}

// The GPCC game's final board cell by cell against the SGF's placements (B = first player,
// W = second; columns a-n, rows 1-14 from the bottom), and its published squares and pieces.
TEST(BoardView, BlokusDuoGpccGameMatchesItsSgf) {
  const std::string data = std::string(ARENA_TEST_DATA) + "/blokus/";
  std::vector<std::string> moves;
  std::istringstream record(read_file(data + "gpcc2007-round1.fourcc.txt"));
  for (std::string line; std::getline(record, line);) {
    if (line.empty() || line[0] == '#') continue;
    for (const auto& w : words(line)) moves.push_back(w);
  }
  const std::string sgf = read_file(data + "gpcc2007-round1.blksgf");
  const auto moves_begin = sgf.find(";B[");
  ASSERT_NE(moves_begin, std::string::npos);
  std::vector<int> expected(14 * 14, 0);
  const std::regex node(R"(;([BW])\[([^\]]*)\])");
  const std::string body = sgf.substr(moves_begin);
  for (auto it = std::sregex_iterator(body.begin(), body.end(), node); it != std::sregex_iterator(); ++it) {
    std::stringstream cells((*it)[2].str());
    for (std::string c; std::getline(cells, c, ',');) {
      const int x = c[0] - 'a';
      const int y = 14 - std::stoi(c.substr(1));
      expected[static_cast<std::size_t>(x + 14 * y)] = (*it)[1] == "B" ? 1 : 2;
    }
  }
  const Replay r = board("blokus-duo").replay(moves, "");
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(r.frames.size(), 26U);
  const BoardFrame& last = r.frames.back();
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(last.cells[i], expected[i]) << "cell " << i % 14 << "," << i / 14;
  }
  EXPECT_EQ(last.counts, (std::array<int, 2>{53, 46}));
  EXPECT_EQ(count(last, 1), 53);
  EXPECT_EQ(count(last, 2), 46);
  // 89 squares per player, so 36 and 43 left, in 8 and 11 pieces (the 1Cc0 I3 was the last).
  EXPECT_EQ(last.reserve[0].size(), 8U);
  EXPECT_EQ(last.reserve[1].size(), 11U);
  EXPECT_EQ(last.marked.size(), 3U);
  // The two passes (plies 22 and 24) paint nothing and hand the move over.
  EXPECT_TRUE(r.frames[22].pass);
  EXPECT_TRUE(r.frames[22].marked.empty());
  EXPECT_EQ(r.frames[22].cells, r.frames[21].cells);
  // The start squares (contest 55 and AA) show as such until covered.
  EXPECT_EQ(r.frames[0].cells[4 + 14 * 4], 3);
  EXPECT_EQ(r.frames[0].cells[9 + 14 * 9], 3);
}

}  // namespace
}  // namespace arena::report
