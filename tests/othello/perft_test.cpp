// Othello perft against tests/data/othello/perft.md (Edax's "sequences" column: a forced pass
// is a ply, games ended earlier do not count). The table is parsed from the file, so the
// expected numbers come from outside the project. Plies 1..9 run in the normal suite, 10..11 as
// PerftSlow (ply 12 and 13 are benchmarks: run `arena perft --depth 13`).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "engine/core/perft.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {
namespace {

/// ply -> sequences, from the markdown table rows "| ply | sequences | passes | ended | oeis |".
std::map<int, std::uint64_t> load_perft_table() {
  std::ifstream in(std::string(ARENA_TEST_DATA) + "/othello/perft.md");
  std::map<int, std::uint64_t> table;
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 2 || line[0] != '|' || !std::isdigit(static_cast<unsigned char>(line[2]))) {
      continue;
    }
    std::string cells;
    for (const char c : line) {
      if (c != ',') cells += c == '|' ? ' ' : c;
    }
    std::istringstream row(cells);
    int ply = 0;
    std::uint64_t sequences = 0;
    row >> ply >> sequences;
    table[ply] = sequences;
  }
  return table;
}

void expect_perft_to(int depth) {
  const auto table = load_perft_table();
  ASSERT_EQ(table.size(), 13U) << "perft.md rows";
  const auto counts = core::perft<Othello>(Othello::initial(), depth);
  for (int ply = 1; ply <= depth; ++ply) {
    EXPECT_EQ(counts[static_cast<std::size_t>(ply - 1)], table.at(ply)) << "ply " << ply;
  }
}

TEST(Perft, StartPositionToPly9) { expect_perft_to(9); }

TEST(PerftSlow, StartPositionToPly11) { expect_perft_to(11); }

/// Pins the pass convention: one empty square that only black can take. With white to move,
/// ply 1 is the forced pass (1 sequence) and ply 2 black's a1 (1 sequence); ply 3 is empty
/// because the game is over.
TEST(Perft, ForcedPassIsOnePlyAndEndedGamesStopCounting) {
  const Position p = Othello::parse_position("-OXXXXXX" + std::string(56, 'X') + " O");
  EXPECT_EQ(core::perft<Othello>(p, 3), (std::vector<std::uint64_t>{1, 1, 0}));
  EXPECT_EQ(core::perft<Othello>(p, 1), (std::vector<std::uint64_t>{1}));
  const Position over = Othello::play(Othello::play(p, Othello::pass_move()), Move{0});
  EXPECT_EQ(core::perft<Othello>(over, 2), (std::vector<std::uint64_t>{0, 0}));
}

}  // namespace
}  // namespace arena::othello
