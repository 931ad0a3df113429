// Helpers of the protocol tests: small engine configs, arena's in-process engine as a player,
// one game between two players, the mock engines' specs and process counting.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
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
#include "engine/registry/games.hpp"
#include "protocol/child_process.hpp"
#include "protocol/engine_client.hpp"
#include "protocol/external_player.hpp"
#include "records/game_log.hpp"
#include "selfplay/play_game.hpp"

namespace protocol_test {

namespace fs = std::filesystem;
using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;
using arena::protocol::ChildProcess;
using arena::protocol::ReadStatus;
namespace records = arena::records;
namespace selfplay = arena::selfplay;
using namespace std::chrono_literals;

/// A small Othello config (depth 2, classic features, zero weights), kept beside the tests.
inline std::string othello_config() {
  return std::string(ARENA_SOURCE_DIR) + "/tests/protocol/tiny-othello.cfg";
}

inline std::string blokus_config() { return std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/greedy.cfg"; }

/// arena's in-process engine as a self-play player; with `own_limits` it plays by its config's
/// limits whatever the game's clock (quick games under a clock the opponent is told).
template <class G>
class LocalPlayer final : public selfplay::Player<G> {
 public:
  explicit LocalPlayer(const std::string& config, bool own_limits = false)
      : cfg_(arena::core::load_engine_config(config)), engine_(cfg_), name_("local"),
        own_limits_(own_limits) {}
  [[nodiscard]] const std::string& name() const override { return name_; }
  void new_game() override { engine_.new_game(); }
  selfplay::MoveChoice<G> choose(const typename G::Position& p,
                                 const selfplay::MoveRequest& r) override {
    return {engine_.think(p, own_limits_ ? arena::core::SearchLimits{} : r.limits, r.seed).best,
            std::nullopt, std::nullopt};
  }

 private:
  arena::core::EngineConfig cfg_;
  arena::core::Engine<G> engine_;
  std::string name_;
  bool own_limits_ = false;
};

/// Plays one game from `opening` (default: the start) under `settings`, `a` moving first.
template <class G>
records::GameRecord play(selfplay::Player<G>& a, selfplay::Player<G>& b,
                          const selfplay::PlaySettings& settings = {},
                          const std::vector<typename G::Move>& opening = {}, std::int64_t id = 0) {
  selfplay::GameSpec<G> spec;
  spec.id = id;
  spec.seed = 7;
  spec.opening = &opening;
  return *selfplay::play_game<G>(spec, a, b, settings);
}

/// The final score of replaying a logged game's moves.
template <class G>
int replay_score(const records::GameRecord& g) {
  auto p = G::initial({});
  for (const auto& m : g.transcript()) p = G::play(p, G::parse_move(p, m));
  EXPECT_TRUE(G::is_terminal(p));
  return G::final_score(p);
}

/// The contents of a file under /proc, or "" if its process is gone. A process that exits
/// between the open and the read makes the read fail with ESRCH, which libstdc++'s
/// istreambuf_iterator would throw; `<< rdbuf()` turns that into an empty read.
inline std::string read_proc_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Processes whose command line mentions `needle` (other than ourselves).
inline int processes_running(const std::string& needle) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string pid = e.path().filename().string();
    if (!std::all_of(pid.begin(), pid.end(), ::isdigit) || pid == std::to_string(::getpid())) {
      continue;
    }
    const std::string cmd = read_proc_file(e.path() / "cmdline");
    const std::string stat = read_proc_file(e.path() / "stat");
    const auto close = stat.rfind(')');
    const bool zombie = close != std::string::npos && stat.size() > close + 2 && stat[close + 2] == 'Z';
    if (!zombie && cmd.find(needle) != std::string::npos) ++n;
  }
  return n;
}

/// Processes mentioning `needle` once they had up to 5 s to die: SIGKILL reaches a grandchild
/// (which we cannot wait for) asynchronously, so a busy machine may still list it for a moment.
inline int processes_left(const std::string& needle) {
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
inline std::string mock_tag() { return "tag" + std::to_string(::getpid()); }

/// The mock engine playing `fault` over `protocol`, allowed `move_ms` (+ a 200 ms margin) per
/// move. The default is short for the cases that wait for a hang; on a loaded machine an
/// ordinary move of the mock can miss it, so a case that expects another fault passes more.
inline arena::protocol::ExternalSpec mock_spec(const std::string& protocol, const std::string& fault,
                                               int move_ms = 500) {
  auto spec = arena::protocol::parse_external_spec(
      protocol + "[name=mock,startup_ms=3000,move_ms=" + std::to_string(move_ms) +
      ",margin_ms=200]:" + ARENA_MOCK_ENGINE +
      " " + protocol + " " + fault + (fault.find(' ') == std::string::npos ? " 0 " : " ") +
      mock_tag());
  return spec;
}


}  // namespace protocol_test
