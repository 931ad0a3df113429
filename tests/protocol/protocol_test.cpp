// The protocols spoken over real pipes: arena's own engine against `arena gtp` (Blokus Duo) and
// `arena nboard` (Othello) started as child processes, whole games whose logged result equals
// the replay of the logged moves; and faulty mock engines (crash, hang, illegal or unparsable
// move, slow start) whose games are lost with the reason recorded and no process left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/othello/othello.hpp"
#include "protocol/child_process.hpp"
#include "protocol/engine_client.hpp"
#include "selfplay/external_player.hpp"
#include "selfplay/play_game.hpp"

namespace fs = std::filesystem;
using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;
using arena::protocol::ChildProcess;
using arena::protocol::ReadStatus;
namespace selfplay = arena::selfplay;
using namespace std::chrono_literals;

namespace {

/// Writes a small Othello config (depth 2, classic features, zero weights) for the tests.
std::string othello_config() {
  const fs::path path = fs::temp_directory_path() /
                        ("arena_protocol_othello_" + std::to_string(::getpid()) + ".cfg");
  std::ofstream(path) << "name = tiny\ngame = othello\n[search]\ndepth = 2\ntt_mb = 1\n"
                         "[eval]\nfeatures = classic\n";
  return path.string();
}

std::string blokus_config() { return std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/greedy.cfg"; }

/// arena's in-process engine as a self-play player.
template <class G>
class LocalPlayer final : public selfplay::Player<G> {
 public:
  explicit LocalPlayer(const std::string& config)
      : cfg_(arena::core::load_engine_config(config)), engine_(cfg_), name_("local") {}
  [[nodiscard]] const std::string& name() const override { return name_; }
  void new_game() override { engine_.new_game(); }
  selfplay::MoveChoice<G> choose(const typename G::Position& p,
                                 const selfplay::MoveRequest& r) override {
    return {engine_.think(p, r.limits, r.seed).best, std::nullopt};
  }

 private:
  arena::core::EngineConfig cfg_;
  arena::core::Engine<G> engine_;
  std::string name_;
};

/// Plays one game from the start, `external` moving first or second.
template <class G>
selfplay::GameRecord play(selfplay::Player<G>& a, selfplay::Player<G>& b) {
  const std::vector<typename G::Move> opening;
  selfplay::GameSpec<G> spec;
  spec.seed = 7;
  spec.opening = &opening;
  selfplay::PlaySettings settings;
  return *selfplay::play_game<G>(spec, a, b, settings);
}

/// The final score of replaying a logged game's moves.
template <class G>
int replay_score(const selfplay::GameRecord& g) {
  auto p = G::initial({});
  for (const auto& m : g.transcript()) p = G::play(p, G::parse_move(p, m));
  EXPECT_TRUE(G::is_terminal(p));
  return G::final_score(p);
}

/// Processes whose command line mentions `needle` (other than ourselves).
int processes_running(const std::string& needle) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string pid = e.path().filename().string();
    if (!std::all_of(pid.begin(), pid.end(), ::isdigit) || pid == std::to_string(::getpid())) {
      continue;
    }
    std::ifstream in(e.path() / "cmdline");
    std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ifstream st(e.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(st)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    const bool zombie = close != std::string::npos && stat.size() > close + 2 && stat[close + 2] == 'Z';
    if (!zombie && cmd.find(needle) != std::string::npos) ++n;
  }
  return n;
}

/// Processes mentioning `needle` once they had up to 5 s to die: SIGKILL reaches a grandchild
/// (which we cannot wait for) asynchronously, so a busy machine may still list it for a moment.
int processes_left(const std::string& needle) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  int n = processes_running(needle);
  while (n > 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    n = processes_running(needle);
  }
  return n;
}

/// An extra argument on the mocks' command lines, unique to this test process, so that
/// counting mocks is not confused by tests running in parallel.
std::string mock_tag() { return "tag" + std::to_string(::getpid()); }

arena::protocol::ExternalSpec mock_spec(const std::string& protocol, const std::string& fault) {
  auto spec = arena::protocol::parse_external_spec(
      protocol + "[name=mock,startup_ms=1000,move_ms=250,margin_ms=150]:" + ARENA_MOCK_ENGINE +
      " " + protocol + " " + fault + (fault.find(' ') == std::string::npos ? " 0 " : " ") +
      mock_tag());
  return spec;
}

}  // namespace

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
  const std::string name = selfplay::external_engine_name(spec);
  EXPECT_EQ(name, "greedy");  // the program's answer to `name`
  selfplay::ExternalPlayer<BlokusDuo> external(spec, name);
  LocalPlayer<BlokusDuo> local(blokus_config());
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<BlokusDuo>(external, local) : play<BlokusDuo>(local, external);
    EXPECT_EQ(g.termination, selfplay::Termination::Normal) << g.reason;
    EXPECT_GT(g.moves.size(), 20U);
    EXPECT_EQ(g.score, replay_score<BlokusDuo>(g));
  }
}

TEST(NBoardOverPipes, FullOthelloGameAgainstArenaNBoardMatchesReplay) {
  const std::string cfg = othello_config();
  const auto spec =
      arena::protocol::parse_external_spec("nboard:" + std::string(ARENA_BINARY) + " nboard --config " + cfg);
  const std::string name = selfplay::external_engine_name(spec);
  EXPECT_EQ(name, "tiny");  // from "set myname"
  selfplay::ExternalPlayer<Othello> external(spec, name);
  LocalPlayer<Othello> local(cfg);
  for (int seat = 0; seat < 2; ++seat) {
    const auto g = seat == 0 ? play<Othello>(external, local) : play<Othello>(local, external);
    EXPECT_EQ(g.termination, selfplay::Termination::Normal) << g.reason;
    EXPECT_GE(g.moves.size(), 50U);
    EXPECT_EQ(g.score, replay_score<Othello>(g));
  }
  fs::remove(cfg);
}

TEST(MockEngines, FaultsLoseTheGameWithReasonsAndLeaveNoProcess) {
  struct Case {
    std::string protocol;
    std::string fault;
    selfplay::Termination termination;
    std::string reason;  // a word the recorded reason must contain
  };
  const std::vector<Case> cases = {
      {"nboard", "crash 3", selfplay::Termination::Crash, "exited"},
      {"nboard", "hang 2", selfplay::Termination::Timeout, "no answer"},
      {"nboard", "illegal 2", selfplay::Termination::IllegalMove, "d4"},
      {"nboard", "garbage 1", selfplay::Termination::IllegalMove, "zz"},
      {"nboard", "slow 5000", selfplay::Termination::Timeout, "starting"},
      {"gtp", "crash 2", selfplay::Termination::Crash, "exited"},
      {"gtp", "hang 1", selfplay::Termination::Timeout, "no answer"},
      {"gtp", "illegal 1", selfplay::Termination::IllegalMove, "e10"},
      {"gtp", "slow 5000", selfplay::Termination::Timeout, "starting"},
  };
  const std::string cfg = othello_config();
  for (const auto& c : cases) {
    SCOPED_TRACE(c.protocol + " " + c.fault);
    {
      const auto spec = mock_spec(c.protocol, c.fault);
      for (int seat = 0; seat < 2; ++seat) {
        selfplay::GameRecord g;
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
  fs::remove(cfg);
}

TEST(MockEngines, RestartAfterCrashAndGrandchildrenAreKilled) {
  const std::string cfg = othello_config();
  {
    selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "crash 1"), "mock");
    LocalPlayer<Othello> local(cfg);
    // The first game loses by the crash; the next game starts a fresh process.
    for (int game = 0; game < 2; ++game) {
      const auto g = play<Othello>(mock, local);
      EXPECT_EQ(g.termination, selfplay::Termination::Crash) << g.reason;
      EXPECT_GE(g.moves.size(), 2U);  // it played a move before crashing, in both games
    }
  }
  {
    selfplay::ExternalPlayer<Othello> mock(mock_spec("nboard", "fork"), "mock");
    LocalPlayer<Othello> local(cfg);
    const auto g = play<Othello>(mock, local);
    EXPECT_EQ(g.termination, selfplay::Termination::Normal) << g.reason;
    EXPECT_GE(processes_running(mock_tag()), 1);  // engine and its grandchild live
  }
  EXPECT_EQ(processes_left(mock_tag()), 0);
  fs::remove(cfg);
}

TEST(SelfplayCommand, ExternalGtpEngineEntryPlaysALoggedRun) {
  const fs::path dir = fs::temp_directory_path() / ("arena_protocol_run_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string log = (dir / "run.jsonl").string();
  const std::string cmd = std::string(ARENA_BINARY) + " selfplay --quiet --games 2 --openings random:2 --engine " +
                          blokus_config() + " --engine 'gtp[name=arena-gtp]:" + ARENA_BINARY +
                          " gtp --config " + blokus_config() + "' --out " + log + " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 0);
  const auto f = selfplay::read_log_file(log);
  ASSERT_EQ(f.games.size(), 2U);
  EXPECT_EQ(f.run.engines[1].name, "arena-gtp");
  for (const auto& g : f.games) {
    EXPECT_EQ(g.termination, selfplay::Termination::Normal) << g.reason;
    EXPECT_EQ(g.score, replay_score<BlokusDuo>(g));
  }
  fs::remove_all(dir);
}
