// Real games replayed as fixtures: the GPCC 2007 tournament game (published result 53 and 46
// squares placed), its Pentobi SGF twin, and a 2018 FPGA-contest log with passes omitted.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"

namespace arena::blokus_duo {
namespace {

std::string read_data(const std::string& name) {
  std::ifstream in(std::string(ARENA_TEST_DATA) + "/blokus/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The non-comment lines of a .fourcc.txt file, joined.
std::string fourcc_moves(const std::string& name) {
  std::istringstream in(read_data(name));
  std::string line;
  std::string out;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') out += line + " ";
  }
  return out;
}

/// Plays forced passes until the game is over; fails if a placement is still available.
Position finish_with_passes(Position p) {
  MoveList list;
  while (!is_terminal(p)) {
    generate_moves(p, list);
    EXPECT_TRUE(list.size() == 1 && list[0].is_pass()) << "a placement is still available";
    p = play(p, list[0]);
  }
  return p;
}

TEST(Games, Gpcc2007RoundOneReplaysToThePublishedResult) {
  const Position p = finish_with_passes(parse_position(fourcc_moves("gpcc2007-round1.fourcc.txt"), {}));
  EXPECT_EQ(p.squares_placed[0], 53);
  EXPECT_EQ(p.squares_placed[1], 46);
  EXPECT_EQ(final_score(p), 7);
  Position official = p;
  official.rules.scoring = Scoring::Official;
  EXPECT_EQ(final_score(official), (53 - 89) - (46 - 89));
}

TEST(Games, Gpcc2007SgfSquaresEqualOurConversion) {
  const std::string moves = fourcc_moves("gpcc2007-round1.fourcc.txt");
  std::vector<std::string> placements;
  std::istringstream codes(moves);
  for (std::string code; codes >> code;) {
    if (code != "----") placements.push_back(format_pentobi(parse_code(code)));
  }
  const std::string sgf = read_data("gpcc2007-round1.blksgf");
  std::vector<std::string> sgf_moves;  // the values of the ;B[...] and ;W[...] nodes
  for (std::size_t at = sgf.find(';'); at != std::string::npos; at = sgf.find(';', at + 1)) {
    if (at + 2 < sgf.size() && (sgf[at + 1] == 'B' || sgf[at + 1] == 'W') && sgf[at + 2] == '[') {
      sgf_moves.push_back(sgf.substr(at + 3, sgf.find(']', at) - at - 3));
    }
  }
  EXPECT_EQ(sgf_moves, placements);
  // And back: each SGF square list reads as the same placement.
  std::istringstream again(moves);
  std::size_t i = 0;
  for (std::string code; again >> code;) {
    if (code == "----") continue;
    ASSERT_LT(i, sgf_moves.size());
    EXPECT_EQ(parse_pentobi(sgf_moves[i++]), parse_code(code)) << code;
  }
}

TEST(Games, Rec2018Game10ReplaysWithImplicitPasses) {
  std::istringstream in(fourcc_moves("rec2018-game10.fourcc.txt"));
  std::string label;
  in >> label;  // "game10"
  std::stringstream rest;
  rest << in.rdbuf();
  const Position p = parse_position(rest.str(), {});
  const Position end = finish_with_passes(p);
  EXPECT_TRUE(is_terminal(end));
  // At least one pass was inserted (the log omits them).
  int passes = 0;
  for (int i = 0; i < p.plies; ++i) passes += p.history[static_cast<std::size_t>(i)].is_pass() ? 1 : 0;
  EXPECT_GT(passes, 0);
}

TEST(Games, OfficialScoringBonuses) {
  Position p = initial_position(parse_rules("scoring=official"));
  p.pieces_left = {0, 1};
  p.squares_placed = {89, 88};
  p.last_placement = {parse_code("11a0"), parse_code("11b0")};
  EXPECT_EQ(official_points(p, 0), 20);
  EXPECT_EQ(official_points(p, 1), -1);
  p.last_placement[0] = parse_code("11b0");
  EXPECT_EQ(official_points(p, 0), 15);
  EXPECT_EQ(final_score(p), 16);
}

TEST(Games, AllPlacedRuleEndsTheGame) {
  Position p = initial_position(parse_rules("end=all-placed"));
  EXPECT_FALSE(is_terminal(p));
  p.pieces_left[1] = 0;
  EXPECT_TRUE(is_terminal(p));
  p.rules.end_when_all_placed = false;
  EXPECT_FALSE(is_terminal(p));
}

}  // namespace
}  // namespace arena::blokus_duo
