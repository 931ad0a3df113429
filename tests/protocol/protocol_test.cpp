// The protocols spoken over real pipes: arena's own engine against `arena gtp` (Blokus Duo) and
// `arena nboard` (Othello) started as child processes, whole games whose logged result equals
// the replay of the logged moves; and faulty mock engines (crash, hang, illegal or unparsable
// move, slow start) whose games are lost with the reason recorded and no process left behind.
#include <gtest/gtest.h>

#include "tests/protocol/helpers.hpp"
#include "tests/support/scratch_dir.hpp"

using namespace protocol_test;

TEST(ChildProcess, EchoTimeoutEofAndKill) {
  auto c = ChildProcess::start("cat");
  ASSERT_TRUE(c.send("hello"));
  const auto r = c.read_line(2000ms);
  EXPECT_EQ(r.status, ReadStatus::Line);
  EXPECT_EQ(r.line, "hello");
  EXPECT_EQ(c.read_line(50ms).status, ReadStatus::Timeout);
  auto d = ChildProcess::start("echo bye; exit 4");
  EXPECT_EQ(d.read_line(2000ms).line, "bye");
  EXPECT_EQ(d.read_line(2000ms).status, ReadStatus::Eof);
  const pid_t pid = c.pid();
  c.kill();
  EXPECT_EQ(::kill(pid, 0), -1);  // gone and reaped
}

TEST(ExternalSpec, ParsesProtocolOptionsAndCommand) {
  const auto s = arena::protocol::parse_external_spec("gtp[name=pentobi,move_ms=5000]:pentobi-gtp --game duo");
  EXPECT_EQ(s.protocol, "gtp");
  EXPECT_EQ(s.name, "pentobi");
  EXPECT_EQ(s.move_ms, 5000);
  EXPECT_EQ(s.command, "pentobi-gtp --game duo");
  EXPECT_TRUE(arena::protocol::is_external_spec("nboard:ntest"));
  EXPECT_FALSE(arena::protocol::is_external_spec("configs/othello/a.cfg"));
  EXPECT_THROW((void)arena::protocol::parse_external_spec("gtp[colour=red]:x"), arena::InputError);
}

TEST(GtpOverPipes, FullBlokusGameAgainstArenaGtpMatchesReplay) {
  const auto spec = arena::protocol::parse_external_spec(
      "gtp:" + std::string(ARENA_BINARY) + " gtp --config " + blokus_config());
  const std::string name = selfplay::probe_external_engine(spec, arena::AllGames{});
  EXPECT_EQ(name, "greedy");  // the program's answer to `name`
  selfplay::ExternalPlayer<BlokusDuo> external(spec, name);
  LocalPlayer<BlokusDuo> local(blokus_config());
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<BlokusDuo>(external, local) : play<BlokusDuo>(local, external);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_GT(g.moves.size(), 20U);
    EXPECT_EQ(g.score, replay_score<BlokusDuo>(g));
  }
}

TEST(NBoardOverPipes, FullOthelloGameAgainstArenaNBoardMatchesReplay) {
  const std::string cfg = othello_config();
  const auto spec =
      arena::protocol::parse_external_spec("nboard:" + std::string(ARENA_BINARY) + " nboard --config " + cfg);
  const std::string name = selfplay::probe_external_engine(spec, arena::AllGames{});
  EXPECT_EQ(name, "tiny");  // from "set myname"
  selfplay::ExternalPlayer<Othello> external(spec, name);
  LocalPlayer<Othello> local(cfg);
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<Othello>(external, local) : play<Othello>(local, external);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_GE(g.moves.size(), 50U);
    EXPECT_EQ(g.score, replay_score<Othello>(g));
  }
}

TEST(MockEngines, FaultsLoseTheGameWithReasonsAndLeaveNoProcess) {
  struct Case {
    std::string protocol;
    std::string fault;
    records::Termination termination;
    std::string reason;  // a word the recorded reason must contain
  };
  const std::vector<Case> cases = {
      {"nboard", "crash 3", records::Termination::Crash, "exited with status 3"},
      // Regression: a process killed by a signal was reported "exited (running)".
      {"nboard", "segv 2", records::Termination::Crash, "name=mock (" },
      {"gtp", "segv 1", records::Termination::Crash, "was killed by SIGSEGV"},
      {"nboard", "hang 2", records::Termination::Timeout, "no answer"},
      {"nboard", "illegal 2", records::Termination::IllegalMove, "d4"},
      {"nboard", "garbage 1", records::Termination::IllegalMove, "zz"},
      {"nboard", "slow 5000", records::Termination::Timeout, "starting"},
      {"gtp", "crash 2", records::Termination::Crash, "exited"},
      {"gtp", "hang 1", records::Termination::Timeout, "no answer"},
      {"gtp", "illegal 1", records::Termination::IllegalMove, "e10"},
      {"gtp", "slow 5000", records::Termination::Timeout, "starting"},
  };
  const std::string cfg = othello_config();
  for (const auto& c : cases) {
    SCOPED_TRACE(c.protocol + " " + c.fault);
    {
      // Only the hangs wait out the move time: the other faults get a window that a loaded
      // machine's ordinary moves cannot miss.
      const bool hang = c.fault.starts_with("hang");
      const auto spec = mock_spec(c.protocol, c.fault, hang ? 1000 : 5000);
      for (int seat = 0; seat < 2; ++seat) {
        records::GameRecord g;
        if (c.protocol == "nboard") {
          selfplay::ExternalPlayer<Othello> mock(spec, "mock");
          LocalPlayer<Othello> local(cfg);
          g = seat == 0 ? play<Othello>(mock, local) : play<Othello>(local, mock);
        } else {
          selfplay::ExternalPlayer<BlokusDuo> mock(spec, "mock");
          LocalPlayer<BlokusDuo> local(blokus_config());
          g = seat == 0 ? play<BlokusDuo>(mock, local) : play<BlokusDuo>(local, mock);
        }
        EXPECT_EQ(g.termination, c.termination) << g.reason;
        EXPECT_NE(g.reason.find(c.reason), std::string::npos) << g.reason;
        EXPECT_EQ(g.score, seat == 0 ? -1 : 1);  // the mock lost
      }
    }
    EXPECT_EQ(processes_left(mock_tag()), 0);
  }
}

TEST(MockEngines, RestartAfterCrashAndGrandchildrenAreKilled) {
  const std::string cfg = othello_config();
  {
    selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "crash 1"), "mock");
    LocalPlayer<Othello> local(cfg);
    // The first game loses by the crash; the next game starts a fresh process.
    for (int game = 0; game < 2; ++game) {
      const auto g = play<Othello>(mock, local);
      EXPECT_EQ(g.termination, records::Termination::Crash) << g.reason;
      EXPECT_GE(g.moves.size(), 2U);  // it played a move before crashing, in both games
    }
  }
  {
    selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "fork"), "mock");
    LocalPlayer<Othello> local(cfg);
    const auto g = play<Othello>(mock, local);
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_GE(processes_running(mock_tag()), 1);  // engine and its grandchild live
  }
  EXPECT_EQ(processes_left(mock_tag()), 0);
}

TEST(SelfplayCommand, ExternalGtpEngineEntryPlaysALoggedRun) {
  const arena::test::ScratchDir scratch{"arena_protocol_run"};
  const std::string log = scratch.file("run.jsonl");
  const std::string cmd = std::string(ARENA_BINARY) + " selfplay --quiet --games 2 --openings random:2 --engine " +
                          blokus_config() + " --engine 'gtp[name=arena-gtp]:" + ARENA_BINARY +
                          " gtp --config " + blokus_config() + "' --out " + log + " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 0);
  const auto f = records::read_log_file(log);
  ASSERT_EQ(f.games.size(), 2U);
  EXPECT_EQ(f.run.engines[1].name, "arena-gtp");
  for (const auto& g : f.games) {
    EXPECT_EQ(g.termination, records::Termination::Normal) << g.reason;
    EXPECT_EQ(g.score, replay_score<BlokusDuo>(g));
  }
}
