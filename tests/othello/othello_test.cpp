// Othello rules and notation: the start position, moves, passes, WOF scoring, board strings,
// transcripts and their error messages; the clock's share of the moves left.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "engine/core/errors.hpp"
#include "engine/core/move_time.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"
#include "tests/core/simulated_clock.hpp"

namespace arena::othello {
namespace {

std::vector<std::string> move_names(const Position& p) {
  core::MoveListOf<Othello> list;
  Othello::generate_moves(p, list);
  std::vector<std::string> out;
  for (const Move m : list) out.push_back(Othello::format_move(p, m));
  return out;
}

TEST(Othello, StartPositionHasTheFourStandardMoves) {
  const Position p = Othello::initial();
  EXPECT_EQ(Othello::format_position(p),
            "---------------------------OX------XO--------------------------- X");
  EXPECT_EQ(move_names(p), (std::vector<std::string>{"d3", "c4", "f5", "e6"}));
  EXPECT_EQ(Othello::side_to_move(p), 0);
  EXPECT_FALSE(Othello::is_terminal(p));
}

TEST(Othello, TranscriptPlaysAndIsCaseInsensitive) {
  const Position a = Othello::parse_position("f5d6C3d3c4");
  const Position b = Othello::parse_position("F5 d6 c3 D3 c4");
  EXPECT_EQ(a, b);
  EXPECT_EQ(Othello::ply(a), 5);
  EXPECT_EQ(Othello::side_to_move(a), 1);
  // The same position written as a board string hashes and compares equal (ply aside).
  const Position c = Othello::parse_position(Othello::format_position(a));
  EXPECT_EQ(c.player, a.player);
  EXPECT_EQ(c.opponent, a.opponent);
  EXPECT_EQ(Othello::hash(c), Othello::hash(a));
}

TEST(Othello, IllegalTranscriptMoveNamesPlyMoveAndReason) {
  try {
    (void)Othello::parse_position("f5d6c3a1");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("ply 4"), std::string::npos) << what;
    EXPECT_NE(what.find("'a1'"), std::string::npos) << what;
    EXPECT_NE(what.find("flips no disc"), std::string::npos) << what;
  }
  try {
    (void)Othello::parse_position("f5f5");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("occupied"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)Othello::parse_position("f5z9"), InputError);
  EXPECT_THROW((void)Othello::parse_position("f5d"), InputError);
}

TEST(Othello, PassMovesAndNotation) {
  // One empty square a1: white cannot move there, black can (flanking b1 against c1).
  const Position p = Othello::parse_position("-OXXXXXX" + std::string(56, 'X') + " O");
  EXPECT_EQ(move_names(p), (std::vector<std::string>{"pass"}));
  EXPECT_EQ(Othello::parse_move(p, "PS"), Othello::pass_move());
  EXPECT_EQ(Othello::parse_move(p, "--"), Othello::pass_move());
  EXPECT_EQ(Othello::parse_move(p, "pass"), Othello::pass_move());
  EXPECT_THROW((void)Othello::parse_move(p, "a1"), InputError);
  const Position q = Othello::play(p, Othello::pass_move());
  EXPECT_EQ(move_names(q), (std::vector<std::string>{"a1"}));
  const Position r = Othello::play(q, Othello::parse_move(q, "A1"));
  EXPECT_TRUE(Othello::is_terminal(r));
  EXPECT_EQ(Othello::final_score(r), 64);
  EXPECT_THROW((void)Othello::parse_move(Othello::initial(), "pass"), InputError);
  EXPECT_THROW((void)Othello::parse_move(r, "pass"), InputError);
}

TEST(Othello, WofScoreGivesEmptiesToTheWinner) {
  // Black wipes out white with 13 discs: 13 + 51 empties = +64 from black's view.
  const Position wipe = Othello::parse_position(
      "XXXXXXXXXXXXX--------------------------------------------------- O");
  EXPECT_TRUE(Othello::is_terminal(wipe));
  EXPECT_EQ(Othello::final_score(wipe), 64);
  EXPECT_EQ(Othello::final_score_for_mover(wipe), -64);
  const Position draw = Othello::parse_position(
      "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO X");
  EXPECT_EQ(Othello::final_score(draw), 0);
  // 30 black, 31 white, 3 empties: white wins 34-30.
  const Position loss = Othello::parse_position(
      std::string(30, 'X') + "---" + std::string(31, 'O') + " X");
  EXPECT_EQ(Othello::final_score(loss), -4);
}

TEST(Othello, BoardStringErrors) {
  EXPECT_THROW((void)Othello::parse_position(std::string(64, '-')), InputError);  // no side
  EXPECT_THROW((void)Othello::parse_position(std::string(64, '-') + " Z"), InputError);
  EXPECT_THROW((void)parse_board(std::string(63, '-'), "X"), InputError);
}

TEST(Othello, SquareNamesAreColumnLetterRowDigitFromTopLeft) {
  EXPECT_EQ(parse_square("a1"), 0);
  EXPECT_EQ(parse_square("H1"), 7);
  EXPECT_EQ(parse_square("a2"), 8);
  EXPECT_EQ(parse_square("h8"), 63);
  EXPECT_EQ(parse_square("i1"), -1);
  EXPECT_EQ(square_name(37), "f5");
}

TEST(Othello, ObfLineParses) {
  const ObfEntry e = parse_obf_line(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;",
      "f.obf:1: ");
  EXPECT_EQ(e.position.side, 0);
  ASSERT_EQ(e.scores.size(), 2U);
  EXPECT_EQ(square_name(e.scores[0].square), "g8");
  EXPECT_EQ(e.scores[0].score, 18);
  try {
    (void)parse_obf_line("--XX X;", "f.obf:7: ");
    FAIL();
  } catch (const InputError& ex) {
    EXPECT_NE(std::string(ex.what()).find("f.obf:7:"), std::string::npos);
  }
  EXPECT_THROW((void)parse_obf_line(std::string(64, '-') + " X; G8:+x;", "f:2: "), InputError);
}

TEST(Othello, RenderShowsCoordinatesAndLegalMoves) {
  const std::string r = Othello::render(Othello::initial());
  EXPECT_EQ(r.substr(0, 18), "  a b c d e f g h\n");
  EXPECT_NE(r.find("3 . . . * . . . ."), std::string::npos) << r;
  EXPECT_NE(r.find("X (black) to move"), std::string::npos);
}

/// Plays one game (the k-th legal move at ply k, modulo the moves) on a clock of base +
/// increment per side, each move spending its target plus the time manager's per-move
/// overhead; with the `solver`, a move at kFreeEmpties empties or fewer spends 1 ms.
/// Returns both sides' clocks.
std::array<test::SimulatedClock, 2> simulate_clock_game(int base, int inc, bool solver) {
  Position p = Othello::initial();
  std::array clocks{test::SimulatedClock(base, inc), test::SimulatedClock(base, inc)};
  core::MoveListOf<Othello> list;
  for (int ply = 0; !Othello::is_terminal(p); ++ply) {
    auto& clock = clocks[static_cast<std::size_t>(Othello::side_to_move(p))];
    core::SearchLimits limits;
    limits.time_left_ms = clock.left;
    limits.increment_ms = inc;
    const core::MoveTime t = core::move_time<Othello>(p, limits, solver);
    const bool solved = solver && Othello::empties(p) <= Othello::kFreeEmpties;
    clock.move(solved ? 1 : t.soft_ms, core::kMoveOverheadMs);
    Othello::generate_moves(p, list);
    p = Othello::play(p, list[static_cast<std::size_t>(ply) % list.size()]);
  }
  return clocks;
}

TEST(Othello, ClockGoesToTheMovesBeforeTheSolverPlaysAtOnce) {
  const Position start = Othello::initial();
  const Position empties13 =
      Othello::parse_position(std::string(13, '-') + std::string(51, 'X') + " O");
  EXPECT_EQ(Othello::moves_left(start, true), 22);  // 60 empties: (60 - 16 + 1) / 2
  EXPECT_EQ(Othello::moves_left(empties13, true), 1);
  // Without the solver every move is searched: the clock is spread over all of them.
  EXPECT_EQ(Othello::moves_left(start, false), 30);
  EXPECT_EQ(Othello::moves_left(empties13, false), 7);
  for (const bool solver : {true, false}) {
    for (const auto& [base, inc] : {std::pair{2000, 20}, std::pair{10000, 100},
                                   std::pair{60000, 0}}) {
      for (const auto& clock : simulate_clock_game(base, inc, solver)) {
        EXPECT_FALSE(clock.flagged) << base << "+" << inc << " solver " << solver;
        // Most of the clock goes to moves (the rest is the per-move overhead allowance and
        // the reserve); counting the solver's moves as well left about a third unspent.
        EXPECT_GT(clock.used(), 0.75) << base << "+" << inc << " solver " << solver;
      }
    }
  }
}

}  // namespace
}  // namespace arena::othello
