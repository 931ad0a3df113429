// Opening sets in the field's formats against real records: WTHOR transcripts cut at N plies
// give the file's own transcript prefixes; the GPCC 2007 game as Pentobi SGF and as 4-character
// codes gives the same openings, equal to the published codes; a board-string or OBF position
// becomes moves that reach it; an FFO endgame position (40+ plies deep) is refused naming the
// line; the shipped curated sets read and replay.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/errors.hpp"
#include "engine/othello/othello.hpp"
#include "engine/registry/record_formats.hpp"
#include "records/openings.hpp"
#include "selfplay/openings.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::records {
namespace {

namespace fs = std::filesystem;
using blokus_duo::BlokusDuo;
using othello::Othello;
using selfplay::OpeningOrder;
using selfplay::Openings;

const std::string kSource = ARENA_SOURCE_DIR;

template <class G>
Openings<G> read(const std::string& path, int plies) {
  return Openings<G>::from_file({}, path, OpeningOrder::Sequential, 1, plies,
                                [](const std::string& p) {
                                  return read_openings<G>(p, record_formats());
                                });
}

template <class G>
std::string text_of(const std::vector<typename G::Move>& moves, bool joined_words) {
  std::string out;
  auto p = G::initial({});
  for (const auto& m : moves) {
    if (joined_words && !out.empty()) out += ' ';
    out += G::format_move(p, m);
    p = G::play(p, m);
  }
  return out;
}

/// The first non-comment line of a file.
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') return line;
  }
  return "";
}

TEST(OpeningFiles, WthorTranscriptsCutAtEightPlies) {
  const arena::test::WthorGames wthor(3000);
  const std::string& path = wthor.path();
  const auto o = read<Othello>(path, 8);
  const std::string first = first_line(path);
  const std::string transcript = first.substr(first.rfind('\t') + 1);
  EXPECT_EQ(text_of<Othello>(o.for_pair(0), false), transcript.substr(0, 16));
  // 3317 distinct 8-ply transcripts in the file, 510 in its first 3,000 games (sort -u);
  // transpositions merge a few more.
  EXPECT_LE(o.size(), arena::test::kSanitized ? 510U : 3317U);
  EXPECT_GT(o.size(), arena::test::kSanitized ? 330U : 2000U);
  for (std::size_t i = 0; i < o.size(); ++i) EXPECT_EQ(o.for_pair(static_cast<std::int64_t>(i)).size(), 8U);
}

TEST(OpeningFiles, GpccGameAsSgfAndAsCodesGivesThePublishedMoves) {
  const std::string sgf = kSource + "/data/blokus-duo/gpcc2007-round1.blksgf";
  const std::string codes = kSource + "/data/blokus-duo/gpcc2007-round1.fourcc.txt";
  const auto a = read<BlokusDuo>(sgf, 8);
  const auto b = read<BlokusDuo>(codes, 8);
  ASSERT_EQ(a.size(), 1U);
  EXPECT_EQ(a.for_pair(0), b.for_pair(0));
  std::istringstream published(first_line(codes));
  std::string expected;
  for (std::string w; expected.size() < 8 * 5 - 1 && published >> w;) {
    expected += (expected.empty() ? "" : " ") + w;
  }
  EXPECT_EQ(text_of<BlokusDuo>(a.for_pair(0), true), expected);
  // A whole game is no opening: cutting is asked for.
  try {
    (void)read<BlokusDuo>(sgf, 0);
    ADD_FAILURE() << "a whole game was accepted as an opening";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--opening-plies"), std::string::npos) << e.what();
  }
}

TEST(OpeningFiles, PositionsBecomeMovesThatReachThem) {
  // The position after 12 plies of the first real game of the file, as a board line and as an
  // OBF line.
  const std::string line = first_line(kSource + "/data/othello/wthor/wthor-2000-2024.tsv");
  const auto target = Othello::parse_position(line.substr(line.rfind('\t') + 1, 24));
  const arena::test::ScratchDir scratch{"arena_openings"};
  const fs::path& dir = scratch.path();
  std::ofstream(dir / "boards.txt") << "# a board line\n" << Othello::format_position(target) << "\n";
  std::ofstream(dir / "one.obf") << Othello::format_position(target) << ";\n";
  for (const char* name : {"boards.txt", "one.obf"}) {
    const auto o = read<Othello>((dir / name).string(), 0);
    ASSERT_EQ(o.size(), 1U);
    auto p = Othello::initial();
    for (const auto m : o.for_pair(0)) p = Othello::play(p, m);
    EXPECT_EQ(Othello::format_position(p), Othello::format_position(target)) << name;
  }
  // An FFO endgame position is too deep to reach: refused, naming the file and line.
  try {
    (void)read<Othello>(kSource + "/data/othello/ffo/fforum-1-19.obf", 0);
    ADD_FAILURE() << "an FFO position was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fforum-1-19.obf:1:"), std::string::npos) << e.what();
  }
}

TEST(OpeningFiles, ShippedSetsReadAndReplay) {
  const auto othello_set = read<Othello>(kSource + "/configs/othello/openings-wthor-8.txt", 0);
  EXPECT_EQ(othello_set.size(), 100U);
  // The most frequent 8-ply opening of the 2000-2024 games comes first.
  EXPECT_EQ(text_of<Othello>(othello_set.for_pair(0), false), "f5d6c3d3c4f4f6f3");
  const auto blokus_set = read<BlokusDuo>(kSource + "/configs/blokus-duo/openings-contest-games.txt", 0);
  EXPECT_EQ(blokus_set.size(), 8U);
  EXPECT_EQ(blokus_set.for_pair(3).size(), 8U);
}

}  // namespace
}  // namespace arena::records
