// The 4-character code (gpcc-move-code.md), Pentobi squares (counts.md), rules text, and the
// player-facing reasons a move is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/errors.hpp"

namespace arena::blokus_duo {
namespace {

/// The covered cells of m as 1-based (column, row) pairs, as the contest writes them.
std::set<std::pair<int, int>> board_cells_of(Move m) {
  std::set<std::pair<int, int>> out;
  placement_table().mask(m.id).for_each([&](int c) { out.insert({cell_x(c) + 1, cell_y(c) + 1}); });
  return out;
}

/// The InputError text of parsing `moves` as a position ("" if it parses).
std::string error_of(const std::string& moves) {
  try {
    (void)parse_position(moves, {});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Code, ContestExampleBothCodesAreOneMove) {
  const Move a = parse_code("65p3");
  const Move b = parse_code("65p6");
  EXPECT_EQ(a, b);
  EXPECT_EQ(board_cells_of(a), (std::set<std::pair<int, int>>{{5, 5}, {6, 5}, {7, 4}, {7, 5}, {7, 6}}));
  EXPECT_EQ(format_code(b), "65p3");  // the lowest orientation yielding those cells
}

TEST(Code, DocumentExampleI5) {
  // "56j0 is the I-pentomino standing vertically with its centre on column 5, row 6".
  EXPECT_EQ(board_cells_of(parse_code("56j0")),
            (std::set<std::pair<int, int>>{{5, 4}, {5, 5}, {5, 6}, {5, 7}, {5, 8}}));
}

TEST(Code, CaseInsensitiveAndPasses) {
  EXPECT_EQ(parse_code("aau0"), parse_code("AAu0"));
  EXPECT_EQ(parse_code("AAU0"), parse_code("AAu0"));
  EXPECT_TRUE(parse_code("----").is_pass());
  EXPECT_TRUE(parse_code("0000").is_pass());
  EXPECT_EQ(format_code(Move{}), "----");
}

TEST(Code, EveryCodeParsesToItsPlacementAndFormatsCanonically) {
  const std::string digits = "123456789ABCDE";
  int codes = 0;
  std::set<std::uint16_t> reached;
  for (const char x : digits) {
    for (const char y : digits) {
      for (char piece = 'a'; piece <= 'u'; ++piece) {
        for (char r = '0'; r <= '7'; ++r) {
          const std::string code{x, y, piece, r};
          Move m;
          try {
            m = parse_code(code);
          } catch (const InputError&) {
            continue;  // off the board
          }
          ++codes;
          reached.insert(m.id);
          const std::string canonical = format_code(m);
          EXPECT_EQ(parse_code(canonical), m) << code;
          // Same cells as the code itself: the code's reference cell is covered.
          EXPECT_TRUE(placement_table().mask(m.id).test(cell_index(static_cast<int>(digits.find(x)),
                                                                   static_cast<int>(digits.find(y)))));
          EXPECT_LE(canonical[3], r) << code;
        }
      }
    }
  }
  EXPECT_EQ(reached.size(), 13729U);
  EXPECT_GT(codes, 13729);
}

TEST(Pentobi, BridgeExamplesFromCounts) {
  EXPECT_EQ(format_pentobi(parse_code("56u0")), "e8,d9,e9,f9,e10");
  EXPECT_EQ(format_pentobi(parse_code("9Au0")), "i4,h5,i5,j5,i6");
  EXPECT_EQ(format_pentobi(parse_code("55a0")), "e10");
  EXPECT_EQ(format_pentobi(parse_code("AAa0")), "j5");
  EXPECT_EQ(parse_pentobi("e10,e9,f9,d9,e8"), parse_code("56u0"));
  EXPECT_TRUE(parse_pentobi("pass").is_pass());
  EXPECT_EQ(format_pentobi(Move{}), "pass");
}

TEST(Pentobi, RoundTripEveryPlacement) {
  for (int id = 0; id < placement_table().size(); ++id) {
    const Move m{static_cast<std::uint16_t>(id)};
    EXPECT_EQ(parse_pentobi(format_pentobi(m)), m);
  }
}

TEST(Pentobi, RejectsBadSquaresAndShapes) {
  EXPECT_THROW((void)parse_pentobi("o1"), InputError);
  EXPECT_THROW((void)parse_pentobi("a15"), InputError);
  EXPECT_THROW((void)parse_pentobi("a1,c1"), InputError);
  EXPECT_THROW((void)parse_pentobi(""), InputError);
}

TEST(Rules, ParseAndFormat) {
  EXPECT_EQ(parse_rules(""), Rules{});
  const Rules r = parse_rules("scoring=official,end=all-placed");
  EXPECT_EQ(r.scoring, Scoring::Official);
  EXPECT_TRUE(r.end_when_all_placed);
  EXPECT_EQ(parse_rules(format_rules(r)), r);
  EXPECT_EQ(format_rules(Rules{}), "scoring=gpcc,end=both-pass");
  EXPECT_THROW((void)parse_rules("scoring=fide"), InputError);
}

TEST(BadMoves, EachKindNamesThePlyAndTheReason) {
  EXPECT_EQ(error_of("56u0 9Au0"), "");
  const auto has = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  const std::string off = error_of("56u0 Aej0");
  EXPECT_TRUE(has(off, "ply 2") && has(off, "off the board")) << off;
  const std::string overlap = error_of("56u0 56u0");
  EXPECT_TRUE(has(overlap, "ply 2") && has(overlap, "overlaps")) << overlap;
  const std::string used = error_of("56u0 9Au0 78u0");
  EXPECT_TRUE(has(used, "ply 3") && has(used, "piece already used")) << used;
  const std::string start = error_of("11a0");
  EXPECT_TRUE(has(start, "ply 1") && has(start, "start square")) << start;
  const std::string edge = error_of("56u0 9Au0 58a0");
  EXPECT_TRUE(has(edge, "ply 3") && has(edge, "along an edge")) << edge;
  const std::string corner = error_of("56u0 9Au0 11a0");
  EXPECT_TRUE(has(corner, "ply 3") && has(corner, "corner")) << corner;
  const std::string pass = error_of("56u0 ----");
  EXPECT_TRUE(has(pass, "ply 2") && has(pass, "can't pass")) << pass;
  for (const std::string bad : {"56z0", "56u8", "5", "56u0x", "F6u0"}) {
    const std::string malformed = error_of("56u0 9Au0 " + bad);
    EXPECT_TRUE(has(malformed, "ply 3") && has(malformed, "malformed")) << malformed;
  }
}

TEST(BadMoves, ParseMoveNamesTheMove) {
  const Position p = parse_position("56u0", {});
  try {
    (void)parse_move(p, "56u0");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'56u0'"), std::string::npos);
  }
}

TEST(Position, FormatRoundTripsAndRenders) {
  const Position p = parse_position("56u0 9aU0 44L0", {});
  EXPECT_EQ(format_position(p), "56u0 9Au0 44l0");
  EXPECT_EQ(parse_position(format_position(p), {}).hash, p.hash);
  const std::string board = render(p);
  EXPECT_NE(board.find("1 2 3 4 5 6 7 8 9 A B C D E"), std::string::npos);
  EXPECT_NE(board.find("O to move"), std::string::npos);
  EXPECT_NE(board.find("left: a b c d e f g h i j k m n o p q r s t\n"), std::string::npos) << board;
}

}  // namespace
}  // namespace arena::blokus_duo
