// arena's own servers as the field's controllers drive them, in-process over string streams:
// `arena gtp` answers "= " with the space Pentobi's twogtp insists on (GTP 2 spec 2.10: a
// success response is '=' [id] ' ' text), knows cputime, set_random_seed, loadsgf and the
// GTP 2 time commands (6.3.4), and reads `pass`; `arena nboard` reads PA and replays TI clocks
// as NTest's COsClock does (subtract each move's time, add the increment).
#include <gtest/gtest.h>

#include "engine/blokus_duo/notation.hpp"
#include "engine/blokus_duo/bind/gtp_server.hpp"
#include "engine/othello/bind/nboard_server.hpp"
#include "engine/othello/bind/ggf.hpp"
#include "tests/protocol/helpers.hpp"
#include "tests/support/scratch_dir.hpp"

using namespace protocol_test;
namespace bd = arena::blokus_duo;

namespace {

/// The answers of a GTP session, one string per answer (its text without the blank line).
std::vector<std::string> gtp_session(const std::string& commands) {
  arena::core::Engine<BlokusDuo> engine(arena::core::load_engine_config(blokus_config()));
  std::istringstream in(commands);
  std::ostringstream out;
  arena::protocol::serve_gtp(engine, bd::Rules{}, "test", in, out);
  std::vector<std::string> answers;
  std::string text = out.str();
  for (std::size_t at = 0; at < text.size();) {
    const auto end = text.find("\n\n", at);
    answers.push_back(text.substr(at, end - at));
    at = end + 2;
  }
  return answers;
}

}  // namespace

TEST(GtpServer, AnswersTwogtpsCommandsWithTheSpace) {
  const arena::test::ScratchDir scratch{"arena_gtp"};
  const fs::path sgf = scratch.path() / "game.blksgf";
  // The moves of Pentobi-GTP.md's example session.
  std::ofstream(sgf) << "(;GM[Blokus Duo];B[e8,d9,e9,f9,e10];W[i4,h5,i5,j5,i6])\n";
  const auto a = gtp_session(
      "set_game Blokus Duo\nclear_board\ncputime\nset_random_seed 5\ntime_settings 10 0 0\n"
      "time_left b 9 0\ngenmove b\nloadsgf " + sgf.string() + " 2\nplay w i4,h5,i5,j5,i6\n"
      "loadsgf " + sgf.string() + "\nplay b pass\nknown_command cputime\nquit\n");
  ASSERT_EQ(a.size(), 13U);
  for (const auto& answer : a) {
    ASSERT_GE(answer.size(), 2U);
    EXPECT_EQ(answer[1], ' ') << answer;  // twogtp: line[0] is '=' or '?', line[1] a space
  }
  EXPECT_EQ(a[0], "= ");
  EXPECT_EQ(a[1], "= ");
  EXPECT_GE(std::stod(a[2].substr(2)), 0.0);  // CPU seconds
  EXPECT_EQ(a[3], "= ");
  EXPECT_EQ(a[4], "= ");
  EXPECT_EQ(a[5], "= ");
  EXPECT_EQ(a[6][0], '=') << a[6];
  EXPECT_EQ(a[7], "= ");
  EXPECT_EQ(a[8], "= ") << "after the file's first move it is white's turn";
  EXPECT_EQ(a[9], "= ");
  // Black has placements after the two moves: a pass is read, and refused as illegal.
  EXPECT_EQ(a[10][0], '?');
  EXPECT_NE(a[10].find("illegal move pass"), std::string::npos) << a[10];
  EXPECT_EQ(a[11], "= true");
}

TEST(GtpServer, PassIsReadWhereItIsTheOnlyMove) {
  // Regression: "pass" (four characters) was read as a 4-character contest code.
  auto p = bd::initial_position({});
  for (;;) {
    bd::MoveList moves;
    bd::generate_moves(p, moves);
    ASSERT_FALSE(moves.empty());
    if (moves.size() == 1 && moves[0].is_pass()) break;
    p = bd::play(p, moves[0]);
  }
  EXPECT_TRUE(arena::protocol::gtp_parse_move(p, "pass").is_pass());
  EXPECT_TRUE(arena::protocol::gtp_parse_move(p, "PASS").is_pass());
}

TEST(GtpServer, ClockGivesTheSearchItsTime) {
  arena::protocol::GtpClock c;
  c.main_ms = 10000;
  c.left_ms[0] = c.left_ms[1] = 10000;
  EXPECT_TRUE(c.limited());
  EXPECT_EQ(c.limits_for(0, {}).time_left_ms, 10000);
  c.charge(0, 4000);
  EXPECT_EQ(c.limits_for(0, {}).time_left_ms, 6000);
  // Canadian byo-yomi of 30 s for 5 stones: 6 s a stone (GTP 2 spec 4.2).
  arena::protocol::GtpClock byo{0, 30000, 5, {30000, 30000}, {5, 5}};
  EXPECT_EQ(byo.limits_for(1, {}).movetime_ms, 6000);
  // Byo-yomi time with no stones: no time limit.
  EXPECT_FALSE((arena::protocol::GtpClock{0, 1000, 0, {0, 0}, {0, 0}}).limited());
}

TEST(NBoardServer, ReadsPaAndReplaysTiClocks) {
  EXPECT_EQ(arena::protocol::nboard_move("PA").first, "pass");
  const auto [mv, secs] = arena::protocol::nboard_move("F5/1.00/2.5");
  EXPECT_EQ(mv, "f5");
  EXPECT_DOUBLE_EQ(secs, 2.5);
  // One minute with a 2 s increment; black used 10 s, white 5.5 s (NTest's COsClock::Update).
  const auto g = arena::records::parse_ggf(
      "(;GM[Othello]TI[1:00/0:02]TY[8]BO[8 " + std::string(arena::records::kGgfStartBoard) +
          "]B[F5//10.000]W[D6//5.5];)",
      "t");
  const auto c = arena::protocol::nboard_clock(g.at(0));
  EXPECT_TRUE(c.set);
  EXPECT_EQ(c.left_ms[0], 52000);
  EXPECT_EQ(c.left_ms[1], 56500);
  // GGF clock fields: [[days.]hours:]minutes:]seconds (ntest COsClock::ReadTime).
  EXPECT_EQ(arena::records::parse_ggf_clock("1.02:03:04", "t").seconds, 93784);
  const auto nboard_example = arena::records::parse_ggf_clock("15:00//02:00", "t");
  EXPECT_EQ(nboard_example.seconds, 900);
  EXPECT_EQ(nboard_example.increment_seconds, 0);
  EXPECT_EQ(nboard_example.grace_seconds, 120);
  EXPECT_THROW((void)arena::records::parse_ggf_clock("ten", "t"), arena::InputError);
}

TEST(NBoardServer, GoPlaysByTheClockOfSetGame) {
  const std::string cfg = othello_config();
  arena::core::Engine<Othello> engine(arena::core::load_engine_config(cfg));
  // Black has 100 ms left of 2 s; depth 30 would take far longer without the clock.
  std::istringstream in("nboard 2\nset depth 30\nset game (;GM[Othello]TI[0:02]TY[8]BO[8 " +
                        std::string(arena::records::kGgfStartBoard) +
                        "]B[F5//1.9]W[D6//0.1];)\ngo\nmove C3//0.05\nmove PA\nquit\n");
  std::ostringstream out;
  std::ostringstream log;
  arena::protocol::serve_nboard(engine, in, out, log);
  const std::string text = out.str();
  const auto at = text.find("=== ");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string answer = text.substr(at + 4, text.find('\n', at) - at - 4);
  const double seconds = std::stod(answer.substr(answer.rfind('/') + 1));
  EXPECT_LT(seconds, 1.0) << answer;
  // `move PA` is read as a pass (illegal here: white has moves, so it is reported).
  EXPECT_NE(log.str().find("pass"), std::string::npos) << log.str();
}
