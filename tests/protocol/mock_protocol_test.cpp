// What the clients tell external engines, checked by mock engines that record what they read
// (tests/mock_engines): NBoard's `set game` carries the start, every move and a TI clock that
// falls (NBoard protocol, ntest instructions/Protocol.htm; the clock replayed as NTest's
// COsClock does), with a ping/pong before every `go` so a stale `===` is never taken for the
// answer; GTP sends `set_game Blokus Duo` (Pentobi-GTP.md), `clear_board` per game and the
// time commands of GTP 2 (section 6.3.4) to an engine that lists them; a GTP `resign` (GTP 2,
// 6.3.3 genmove) loses the game with termination resign and an open score.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/othello/bind/nboard_client.hpp"
#include "tests/protocol/helpers.hpp"
#include "tests/support/scratch_dir.hpp"

using namespace protocol_test;

namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST(NBoardMock, SetGameCarriesEveryMoveAndAClockThatFalls) {
  const std::string cfg = othello_config();
  const arena::test::ScratchDir scratch{"arena_mock_record"};
  const std::string rec = scratch.file("nboard.txt");
  selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "record " + rec), "mock");
  LocalPlayer<Othello> local(cfg, true);
  selfplay::PlaySettings settings;
  // 30 s each, no increment: each side's clock only falls.
  settings.engines.assign(2, selfplay::SideSettings{{}, 30000, 0});
  settings.record_evals = true;
  // A two-ply opening: its moves must be in `set game` too.
  auto p = Othello::initial();
  std::vector<arena::othello::Move> opening;
  for (const char* m : {"f5", "d6"}) {
    opening.push_back(Othello::parse_move(p, m));
    p = Othello::play(p, opening.back());
  }
  const auto g = play<Othello>(mock, local, settings, opening);
  // The mock answers "check-failed:<why>" when `set game` lacks moves or TI, or its clock
  // did not fall; that would forfeit the game.
  EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
  EXPECT_EQ(g.score, replay_score<Othello>(g));

  const auto lines = lines_of(rec);
  std::vector<long> clocks[2];
  std::size_t games_with_moves = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& l = lines[i];
    if (starts_with(l, "clock ")) {
      std::istringstream w(l.substr(6));
      int side = 0;
      long ms = 0;
      w >> side >> ms;
      clocks[side].push_back(ms);
    }
    if (starts_with(l, "set game ") && l.find("B[F5") != std::string::npos) {
      ++games_with_moves;
      EXPECT_NE(l.find("TI[0:30]"), std::string::npos) << l;  // 30 s, GGF's M:SS
      EXPECT_NE(l.find("W[D6"), std::string::npos) << l;
    }
    if (l == "go") {
      // The controller synchronises before every go (the line before is its ping).
      ASSERT_GT(i, 0U);
      EXPECT_TRUE(starts_with(lines[i - 1], "ping ")) << lines[i - 1];
    }
  }
  EXPECT_GT(games_with_moves, 20U);
  // No depth and a clock: a large depth lets the engine play by its clock.
  EXPECT_NE(std::find(lines.begin(), lines.end(), "set depth 60"), lines.end());
  const int mock_side = 0;  // the mock moves first
  ASSERT_GT(clocks[mock_side].size(), 10U);
  EXPECT_LE(clocks[mock_side].front(), 30000);
  for (std::size_t i = 1; i < clocks[mock_side].size(); ++i) {
    EXPECT_LT(clocks[mock_side][i], clocks[mock_side][i - 1]) << "at go " << i;
  }
  // The mock answers "=== move/<legal moves>.00/0.01": the log keeps its eval (centi-discs)
  // and time.
  ASSERT_EQ(g.evals.size(), g.moves.size());
  auto q = Othello::initial();
  for (const auto& m : g.opening) q = Othello::play(q, Othello::parse_move(q, m));
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    arena::core::MoveListOf<Othello> legal;
    Othello::generate_moves(q, legal);
    const bool forced_pass = legal.size() == 1 && Othello::is_pass(legal[0]);
    if (Othello::side_to_move(q) == mock_side && !forced_pass) {
      ASSERT_TRUE(g.evals[i].has_value()) << "ply " << i;
      EXPECT_EQ(g.evals[i]->score, 100 * static_cast<int>(legal.size())) << "ply " << i;
      ASSERT_TRUE(g.evals[i]->engine_ms.has_value());
      EXPECT_DOUBLE_EQ(*g.evals[i]->engine_ms, 10.0);
    }
    q = Othello::play(q, Othello::parse_move(q, g.moves[i]));
  }
}

TEST(NBoardMock, AMoveTimeBelowASecondIsAOneSecondClock) {
  // Regression: a move time went out as TI of movetime / 1000 whole seconds, so at 100 ms the
  // engine read a clock of 0 s. The mock answers "check-failed:no-time-left" to such a clock.
  const std::string cfg = othello_config();
  const arena::test::ScratchDir scratch{"arena_mock_record"};
  const std::string rec = scratch.file("nboard_movetime.txt");
  selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "record " + rec), "mock");
  LocalPlayer<Othello> local(cfg);
  selfplay::PlaySettings settings;
  arena::core::SearchLimits movetime;
  movetime.movetime_ms = 100;
  arena::core::SearchLimits depth_one;  // arena's side quick: only the mock's limit matters
  depth_one.depth = 1;
  settings.engines = {selfplay::SideSettings{movetime, 0, 0},
                      selfplay::SideSettings{depth_one, 0, 0}};
  const auto g = play<Othello>(mock, local, settings);
  EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
  std::size_t set_games = 0;
  for (const auto& l : lines_of(rec)) {
    // The start position of `new_game` goes without a clock; every request carries one.
    if (!starts_with(l, "set game ") || l.find("TI[") == std::string::npos) continue;
    ++set_games;
    EXPECT_NE(l.find("TI[0:01]"), std::string::npos) << l;
  }
  EXPECT_GT(set_games, 20U);
  EXPECT_EQ(arena::records::format_ggf_clock(arena::protocol::nboard_movetime_clock(2500)), "0:02");
}

TEST(NBoardMock, StaleAnswerBeforeGoIsNotBelieved) {
  // Regression: only start-up was synchronised, so an `===` already in the pipe was taken as
  // the answer to `go`. This mock writes "=== d4" (never legal) before every pong.
  const std::string cfg = othello_config();
  selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "stale"), "mock");
  LocalPlayer<Othello> local(cfg);
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<Othello>(mock, local) : play<Othello>(local, mock);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_EQ(g.score, replay_score<Othello>(g));
  }
}

// Regression: an outside program's move that overran its clock was a forfeit even within its
// margin_ms (only the wait for its answer used the margin); NTest under --tc 10+0.1 on a
// loaded machine lost 16 of 100 games so. Within the margin the overrun is forgiven and the
// clock stops at zero (cutechess-cli's timemargin); beyond it, the game is lost on time.
TEST(NBoardMock, ClockOverrunWithinTheMarginIsForgiven) {
  const std::string cfg = othello_config();
  for (const int margin : {3000, 0}) {
    auto spec = mock_spec("nboard", "think 40");
    spec.margin_ms = margin;
    selfplay::ExternalPlayer<Othello> mock(spec, "mock");
    LocalPlayer<Othello> local(cfg, true);
    selfplay::PlaySettings settings;
    settings.engines.resize(2);
    settings.engines[0].clock_ms = 100;  // about 30 moves of 40 ms against 100 ms of clock
    settings.engines[0].margin_ms = margin;
    const auto g = play<Othello>(mock, local, settings);
    if (margin > 0) {
      EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
      EXPECT_EQ(g.score, replay_score<Othello>(g));
      long long mock_ms = 0;
      for (std::size_t i = 0; i < g.times.size(); i += 2) mock_ms += g.times[i];
      EXPECT_GT(mock_ms, 100);  // the clock ran out, the game went on
    } else {
      EXPECT_EQ(g.termination, records::Termination::Timeout) << g.reason;
      EXPECT_EQ(g.result(), "0-1");
    }
  }
}

// Strength is read beside each side's CPU time (wall time lies on a shared machine): an outside
// engine's moves are charged its process's CPU, not the time it waits or sleeps.
TEST(NBoardMock, CpuTimeIsTheEnginesProcessTimeNotItsWaits) {
  const std::string cfg = othello_config();
  for (const std::string fault : {"burn 20", "think 20"}) {
    selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", fault), "mock");
    LocalPlayer<Othello> local(cfg);
    const auto g = play<Othello>(mock, local);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    ASSERT_EQ(g.cpu.size(), g.moves.size());
    long long mock_ms = 0;
    long long mock_cpu = 0;
    int mock_moves = 0;
    for (std::size_t i = 0; i < g.moves.size(); i += 2) {
      if (g.moves[i] == "pass") continue;  // a forced pass is played without asking
      mock_ms += g.times[i];
      mock_cpu += g.cpu[i];
      ++mock_moves;
      if (fault == "burn 20") {
        EXPECT_GE(g.cpu[i], 19) << "move " << i;
      }
    }
    ASSERT_GT(mock_moves, 0);
    EXPECT_GE(mock_ms, 19LL * mock_moves) << fault;
    if (fault == "think 20") {
      EXPECT_LT(mock_cpu, mock_ms / 2) << "sleeping is not CPU";
    }
  }
}

TEST(GtpMock, SetGameClearBoardPerGameAndTimeCommands) {
  const arena::test::ScratchDir scratch{"arena_mock_record"};
  const std::string rec = scratch.file("gtp.txt");
  selfplay::ExternalPlayer<BlokusDuo> mock(mock_spec("gtp", "record " + rec), "mock");
  LocalPlayer<BlokusDuo> local(blokus_config(), true);
  selfplay::PlaySettings settings;
  settings.engines.assign(2, selfplay::SideSettings{{}, 20000, 0});
  for (int game = 0; game < 2; ++game) {
    const auto g = game == 0 ? play<BlokusDuo>(mock, local, settings)
                             : play<BlokusDuo>(local, mock, settings);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_EQ(g.score, replay_score<BlokusDuo>(g));
  }
  const auto lines = lines_of(rec);
  const auto count = [&](const std::string& prefix) {
    return std::count_if(lines.begin(), lines.end(),
                         [&](const std::string& l) { return starts_with(l, prefix); });
  };
  const auto first = [&](const std::string& prefix) {
    return std::find_if(lines.begin(), lines.end(),
                        [&](const std::string& l) { return starts_with(l, prefix); });
  };
  EXPECT_EQ(*first("set_game"), "set_game Blokus Duo");
  EXPECT_LT(first("set_game"), first("clear_board"));
  EXPECT_EQ(count("clear_board"), 2);                // one per game
  EXPECT_EQ(count("time_settings 20 0 0"), 2);       // absolute time: byo-yomi time 0
  EXPECT_GT(count("genmove"), 10);
  EXPECT_EQ(count("time_left"), count("genmove"));  // the mover's clock before each genmove
}

TEST(GtpMock, ResignationLosesWithTerminationResignAndAnOpenScore) {
  selfplay::ExternalPlayer<BlokusDuo> mock(mock_spec("gtp", "resign 3"), "mock");
  LocalPlayer<BlokusDuo> local(blokus_config());
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<BlokusDuo>(mock, local) : play<BlokusDuo>(local, mock);
    EXPECT_EQ(g.termination, records::Termination::Resign) << g.reason;
    EXPECT_TRUE(g.score_open);
    EXPECT_EQ(g.result(), seat == 0 ? "0-1" : "1-0");  // the mock lost
    EXPECT_NE(g.reason.find("resigned"), std::string::npos) << g.reason;
    // The log writes the open score as null and reads it back with its result.
    const auto j = records::to_json(g);
    EXPECT_TRUE(j["score"].is_null());
    EXPECT_EQ(j["termination"], "resign");
    const auto back = records::game_record_from_json(nlohmann::json::parse(j.dump()), "t: ");
    EXPECT_TRUE(back.score_open);
    EXPECT_EQ(back.result(), g.result());
    EXPECT_EQ(back.termination, records::Termination::Resign);
  }
}

TEST(GtpMock, EngineRefusingSetGameIsAnErrorNotAWin) {
  // Regression: a Pentobi started without --game duo refused every move and the run reported
  // a 2-0 win. The start-up probe now sends set_game, and a refusal stops the run.
  auto spec = mock_spec("gtp", "refuse");
  spec.variant = arena::protocol::protocol_game("gtp", arena::AllGames{}).variant;
  try {
    (void)selfplay::probe_external_engine(spec, arena::AllGames{});
    FAIL() << "a refused set_game must throw";
  } catch (const arena::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("refused 'set_game Blokus Duo'"), std::string::npos) << what;
    EXPECT_NE(what.find("name=mock"), std::string::npos) << what;
  }
}

TEST(EngineLog, EveryLineSentAndReadWithTimeEngineAndGame) {
  const arena::test::ScratchDir scratch{"arena_engine_log"};
  const fs::path path = scratch.path() / "engine.log";
  auto spec = mock_spec("gtp", "none");
  spec.log = arena::protocol::EngineLog::open(path.string(), "--engine-log");
  selfplay::ExternalPlayer<BlokusDuo> mock(spec, "mock");
  LocalPlayer<BlokusDuo> local(blokus_config());
  const auto g = play<BlokusDuo>(mock, local, {}, {}, 42);
  EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
  const auto lines = lines_of(path.string());
  ASSERT_FALSE(lines.empty());
  std::size_t sent = 0;
  std::size_t read = 0;
  for (const auto& l : lines) {
    // "2026-12-01T07:41:02.113Z mock game=42 > genmove b"
    ASSERT_GT(l.size(), 25U);
    EXPECT_EQ(l[10], 'T');
    EXPECT_EQ(l[23], 'Z');
    EXPECT_EQ(l.substr(24, 6), " mock ") << l;
    if (l.find(" game=42 > ") != std::string::npos) ++sent;
    if (l.find(" game=42 < ") != std::string::npos) ++read;
  }
  EXPECT_NE(std::find_if(lines.begin(), lines.end(),
                         [](const std::string& l) { return l.find("> clear_board") != std::string::npos; }),
            lines.end());
  EXPECT_GT(sent, 10U);
  EXPECT_GT(read, sent);  // every command is answered by "= ..." and an empty line
}
