// `arena play` driven by scripted stdin (not a terminal): a person plays Othello against an
// engine to the end, one move is refused with its reason first. The script is made by
// replaying the engine's own decisions in-process (same config, same calls, so the same moves).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/othello/othello.hpp"
#include "tests/protocol/helpers.hpp"
#include "tests/support/scratch_dir.hpp"

namespace fs = std::filesystem;
using arena::othello::Othello;

TEST(PlayCommand, ScriptedHumanPlaysEngineToTheEndAndIsRefusedOnce) {
  const arena::test::ScratchDir scratch{"arena_play"};
  const std::string cfg = protocol_test::othello_config();

  // The person (black) always takes the last legal move; the engine's replies are foreseen.
  arena::core::Engine<Othello> engine(arena::core::load_engine_config(cfg));
  std::string script = "a1\n";  // refused: a1 is not a legal first move
  auto p = Othello::initial();
  arena::core::MoveListOf<Othello> legal;
  while (!Othello::is_terminal(p)) {
    Othello::generate_moves(p, legal);
    arena::othello::Move m;
    if (Othello::side_to_move(p) == 0) {
      m = legal[legal.size() - 1];
      script += Othello::format_move(p, m) + "\n";
    } else {
      m = legal.size() == 1 ? legal[0]
                            : engine.think(p, {}, static_cast<std::uint64_t>(Othello::ply(p))).best;
    }
    p = Othello::play(p, m);
  }
  const int score = Othello::final_score(p);
  const std::string in = scratch.file("script.txt");
  const std::string out = scratch.file("out.txt");
  std::ofstream(in) << script;

  const std::string cmd = std::string(ARENA_BINARY) + " play --game othello --first human --second " +
                          cfg + " < " + in + " > " + out + " 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  std::ifstream f(out);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_EQ(WEXITSTATUS(rc), 0) << text;
  const auto refused = text.find("refused:");
  ASSERT_NE(refused, std::string::npos) << text;
  EXPECT_NE(text.find("a1", refused), std::string::npos);  // the reason names the move
  const std::string result = score > 0   ? "result: 1-0"
                             : score < 0 ? "result: 0-1"
                                         : "result: 1/2-1/2";
  EXPECT_NE(text.find(result), std::string::npos) << text.substr(text.size() > 400 ? text.size() - 400 : 0);
  EXPECT_NE(text.find("last move:"), std::string::npos);
}
