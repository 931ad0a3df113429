// Adjudication: --adjudicate parsing, the score rule on hand-made eval sequences, and
// `arena selfplay --adjudicate exact:12` on Othello games, where every adjudicated score must
// equal the final disc count of the game played out from the adjudicated position by perfect
// play (each move the solver's best; the score is counted on the final board).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "engine/core/errors.hpp"
#include "engine/othello/endgame.hpp"
#include "engine/othello/othello.hpp"
#include "selfplay/adjudication.hpp"
#include "records/game_log.hpp"

namespace arena::selfplay {
namespace {

namespace fs = std::filesystem;
using othello::Othello;

TEST(Adjudication, ParsesRulesAndNamesTheOptionOnErrors) {
  const Adjudication a = parse_adjudication({"exact:12", "score:300:6"});
  EXPECT_EQ(a.exact_empties, 12);
  EXPECT_EQ(a.score_margin, 300);
  EXPECT_EQ(a.score_moves, 6);
  EXPECT_EQ(adjudication_texts(a), (std::vector<std::string>{"exact:12", "score:300:6"}));
  EXPECT_FALSE(parse_adjudication({}).exact());
  for (const std::string bad : {"exact", "exact:x", "exact:-1", "score:300", "score:0:4",
                                "resign:3", "exact:3:4"}) {
    try {
      (void)parse_adjudication({bad});
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--adjudicate " + bad), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW((void)parse_adjudication({"exact:4", "exact:6"}), InputError);
}

TEST(Adjudication, ScoreRuleNeedsNConsecutiveMovesForOneSide) {
  const Adjudication a = parse_adjudication({"score:300:3"});
  ScoreAdjudicator s(a);
  // Mover's views: first +400, second -350 (first leads), first +100 breaks the run.
  EXPECT_FALSE(s.add(400, 0, false).has_value());
  EXPECT_FALSE(s.add(-350, 1, false).has_value());
  EXPECT_FALSE(s.add(100, 0, false).has_value());
  EXPECT_FALSE(s.add(-500, 1, false).has_value());
  EXPECT_FALSE(s.add(600, 0, false).has_value());
  EXPECT_FALSE(s.add(std::nullopt, 1, true).has_value());  // an unsearched pass is skipped
  const auto r = s.add(-700, 1, false);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->score, 6);  // mean of 500, 600, 700 centi-units = 6 units for the first player
  // The second player's lead, small scores: at least 1 unit for the winner.
  ScoreAdjudicator t(parse_adjudication({"score:50:2"}));
  EXPECT_FALSE(t.add(-60, 0, false).has_value());
  const auto u = t.add(60, 1, false);
  ASSERT_TRUE(u);
  EXPECT_EQ(u->score, -1);
  // An unsearched move breaks the run.
  ScoreAdjudicator v(parse_adjudication({"score:50:2"}));
  EXPECT_FALSE(v.add(80, 0, false).has_value());
  EXPECT_FALSE(v.add(std::nullopt, 1, false).has_value());
  EXPECT_FALSE(v.add(80, 0, false).has_value());
}

/// Plays `games` Othello games with --adjudicate exact:12 and checks every adjudicated score
/// against a perfect-play playout.
void expect_exact_adjudication(int games) {
  const fs::path dir = fs::temp_directory_path() /
                       ("arena_adjudicate_" + std::to_string(::getpid()) + "_" + std::to_string(games));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string log = (dir / "a.jsonl").string();
  const std::string cmd = std::string(ARENA_BINARY) + " selfplay --quiet --engine " +
                          ARENA_SOURCE_DIR + "/configs/othello/classic.cfg --engine " +
                          ARENA_SOURCE_DIR + "/configs/othello/seed-table.cfg --depth 1 --games " +
                          std::to_string(games) + " --openings random:6 --threads 2 "
                          "--adjudicate exact:12 --out " + log + " >" + (dir / "out").string() +
                          " 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const records::LogFile f = records::read_log_file(log);
  EXPECT_EQ(f.run.adjudicate, (std::vector<std::string>{"exact:12"}));
  ASSERT_EQ(f.games.size(), static_cast<std::size_t>(games));
  othello::EndgameSolver solver(16);
  int adjudicated = 0;
  for (const auto& g : f.games) {
    if (g.termination != records::Termination::Adjudicated) continue;
    ++adjudicated;
    // Step 1: the logged moves lead to the first position with at most 12 empties.
    auto p = Othello::initial();
    int before = 64;
    for (const auto& m : g.transcript()) {
      before = Othello::empties(p);
      p = Othello::play(p, Othello::parse_move(p, m));
    }
    EXPECT_LE(Othello::empties(p), 12) << "game " << g.id;
    EXPECT_GT(before, 12) << "game " << g.id << " adjudicated late";
    // Step 2: perfect play to the end, then count the discs.
    core::MoveListOf<Othello> legal;
    for (Othello::generate_moves(p, legal); !legal.empty(); Othello::generate_moves(p, legal)) {
      const auto best = solver.solve_root(p.player, p.opponent);
      p = Othello::play(p, othello::Move{static_cast<std::uint8_t>(best.best_square)});
    }
    EXPECT_EQ(g.score, Othello::final_score(p)) << "game " << g.id << ": " << g.reason;
  }
  // A depth-1 game nearly always reaches 12 empties (a wipe-out before is rare).
  EXPECT_GE(adjudicated, games * 8 / 10);
  fs::remove_all(dir);
}

TEST(Adjudication, ExactScoresEqualPerfectPlayouts) { expect_exact_adjudication(10); }
TEST(AdjudicationSlow, ExactScoresEqualPerfectPlayouts200Games) { expect_exact_adjudication(200); }

}  // namespace
}  // namespace arena::selfplay
