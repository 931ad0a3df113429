// Pieces and orientations against the contest drawings (gpcc-move-code.md), and the placement
// table against the published counts (counts.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/blokus_duo/pieces.hpp"
#include "engine/blokus_duo/placements.hpp"

namespace arena::blokus_duo {
namespace {

using CellSet = std::set<std::pair<int, int>>;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Parses the drawings column of the piece table: "`o.` / `#o`" -> reference cell and cells.
struct Drawing {
  std::pair<int, int> reference{-1, -1};
  CellSet cells;
};

std::map<char, Drawing> drawings_from_doc() {
  const std::string doc = read_file(std::string(ARENA_TEST_DATA) + "/blokus/gpcc-move-code.md");
  std::map<char, Drawing> out;
  std::istringstream lines(doc);
  std::string line;
  while (std::getline(lines, line)) {
    // Table rows: "| a | 1 | monomino (1) | `#` | (0,0) |"; field 4 holds the drawing.
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string f; std::getline(cells, f, '|');) fields.push_back(f);
    if (fields.size() < 6 || fields[1].size() != 3 || fields[1][1] < 'a' || fields[1][1] > 'u') {
      continue;
    }
    Drawing d;
    const std::string& drawn = fields[4];
    int y = 0;
    for (std::size_t open = drawn.find('`'); open != std::string::npos;
         open = drawn.find('`', drawn.find('`', open + 1) + 1), ++y) {
      const std::size_t close = drawn.find('`', open + 1);
      const std::string r = drawn.substr(open + 1, close - open - 1);
      for (int x = 0; x < static_cast<int>(r.size()); ++x) {
        if (r[static_cast<std::size_t>(x)] == '.') continue;
        d.cells.insert({x, y});
        if (r[static_cast<std::size_t>(x)] == '#') d.reference = {x, y};
      }
    }
    out[fields[1][1]] = d;
  }
  return out;
}

/// The contest rule applied to the drawing itself: 0 as drawn, 2/4/6 clockwise turns in y-down
/// coordinates, odd = mirror of r-1; relative to the reference cell.
CellSet expected_cells(const Drawing& d, int r) {
  CellSet out;
  for (const auto& [x0, y0] : d.cells) {
    int x = x0 - d.reference.first;
    int y = y0 - d.reference.second;
    for (int turn = 0; turn < r / 2; ++turn) {
      const int nx = -y;
      y = x;
      x = nx;
    }
    if (r % 2 == 1) x = -x;
    out.insert({x, y});
  }
  return out;
}

TEST(Pieces, TableMatchesTheDrawings) {
  const auto drawings = drawings_from_doc();
  ASSERT_EQ(drawings.size(), 21U);
  int total = 0;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    const PieceShape& s = kPieces[static_cast<std::size_t>(piece)];
    const Drawing& d = drawings.at(s.letter);
    CellSet ours;
    for (int i = 0; i < s.size; ++i) ours.insert({s.cells[static_cast<std::size_t>(i)].x, s.cells[static_cast<std::size_t>(i)].y});
    EXPECT_EQ(ours, d.cells) << s.letter;
    EXPECT_EQ((std::pair{s.cells[0].x, s.cells[0].y}), d.reference) << s.letter;
    total += s.size;
  }
  EXPECT_EQ(total, kTotalSquares);
}

TEST(Pieces, AllOrientationsFollowTheRule) {
  const auto drawings = drawings_from_doc();
  for (int piece = 0; piece < kNumPieces; ++piece) {
    for (int r = 0; r < kNumOrientations; ++r) {
      const auto cells = oriented_cells(piece, r);
      CellSet ours;
      for (int i = 0; i < kPieces[static_cast<std::size_t>(piece)].size; ++i) {
        ours.insert({cells[static_cast<std::size_t>(i)].x, cells[static_cast<std::size_t>(i)].y});
      }
      EXPECT_EQ(ours, expected_cells(drawings.at(kPieces[static_cast<std::size_t>(piece)].letter), r))
          << "piece " << kPieces[static_cast<std::size_t>(piece)].letter << " r " << r;
    }
  }
}

TEST(Pieces, ContestExampleOfPieceT) {
  // gpcc-move-code.md: t orientation 2 and 3 relative to the reference.
  const int t = piece_of_letter('t');
  const auto as_set = [&](int r) {
    CellSet s;
    for (const Offset& o : oriented_cells(t, r)) s.insert({o.x, o.y});
    return s;
  };
  EXPECT_EQ(as_set(2), (CellSet{{-1, 0}, {0, -1}, {1, -1}, {0, 0}, {0, 1}}));
  EXPECT_EQ(as_set(3), (CellSet{{1, 0}, {0, -1}, {-1, -1}, {0, 0}, {0, 1}}));
}

TEST(Placements, NinetyOneFixedOrientations) {
  const PlacementTable& t = placement_table();
  std::set<int> fixed;
  for (int piece = 0; piece < kNumPieces; ++piece) {
    for (int r = 0; r < kNumOrientations; ++r) fixed.insert(t.fixed_of(piece, r));
  }
  EXPECT_EQ(fixed.size(), 91U);  // counts.md
  EXPECT_EQ(kNumFixedOrientations, 91);
}

TEST(Placements, ThirteenThousandSevenHundredTwentyNineOnTheEmptyBoard) {
  const PlacementTable& t = placement_table();
  EXPECT_EQ(t.size(), 13729);  // counts.md (Pentobi's constant)
  std::set<std::pair<int, std::array<std::uint64_t, 4>>> distinct;
  for (int id = 0; id < t.size(); ++id) distinct.insert({t[id].piece, t.mask(id).w});
  EXPECT_EQ(distinct.size(), 13729U);
}

TEST(Placements, CanonicalCodeIsTheLowestOrientationWithThoseCells) {
  const PlacementTable& t = placement_table();
  for (int id = 0; id < t.size(); ++id) {
    const Placement& pl = t[id];
    for (int r = 0; r < pl.code_r; ++r) EXPECT_NE(t.fixed_of(pl.piece, r), pl.fixed);
    EXPECT_EQ(t.fixed_of(pl.piece, pl.code_r), pl.fixed);
    // The code's reference cell is one of the covered cells.
    EXPECT_TRUE(pl.mask.test(cell_index(pl.code_x, pl.code_y)));
  }
}

TEST(Placements, CandidateListsCoverEveryPlacementThroughACell) {
  const PlacementTable& t = placement_table();
  std::size_t total = 0;
  for (int c = 0; c < kNumBits; ++c) {
    for (int piece = 0; piece < kNumPieces; ++piece) total += t.candidates(c, 0, piece).size();
  }
  std::size_t expected = 0;
  for (int id = 0; id < t.size(); ++id) expected += t[id].size;
  EXPECT_EQ(total, expected);
}

}  // namespace
}  // namespace arena::blokus_duo
