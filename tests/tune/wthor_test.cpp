// The WTHOR readers (engine/othello/wthor.hpp, used by the tuner) on real lines copied from
// data/othello/wthor (French Othello Federation games) and on a .wtb database written here in
// the Federation's published record layout.
#include "engine/othello/wthor.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::othello {
namespace {

namespace fs = std::filesystem;

// Four real games. The third ends with empty squares (a wipe-out, 64-0 with empties to the
// winner); the fourth is one of the carried records that stop before the end of the game.
const char* const kLines[] = {
    "World Championship - 1977\t34-30\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7"
    "e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1",
    "California Open - 2000\t2-62\tf5d6c5f4d3e3f6e6d7c4c3c6b5d2d1e7d8g5f7b4a5e2h5c1b1c2g4b6c7a3b3"
    "a4e1a6a2b2a1f1f2g2g1h1h2f3g3h3b7b8h4a7e8f8h6c8g6a8g8g7h7",
    "Championnat Clubs France - 2000\t64-0\tf5f6e6f4g5e7f7g6h6d6g4h5h4h3h2f8g3d7d8e8g8g7c8c7f3f2e1"
    "f1g1g2e3d3h1e2d1c3d2c1b3a3c2c4a4a5c5b1h7h8b2a2b7b8a8a7a6c6",
    "Parties U.S.A. - 1981\t0-64\tf5d6c3d3c6f6e3c5c4f3g3f4e6d7f7b5a5g4e8g6h3f8g8b6h7h6h5f2g5h4g2"
    "h8a6d8c7h1b4h2e2g7f1g1c8c2d2c1b2",
};

/// A file in a fresh temporary folder, removed with the fixture.
class WthorFiles : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    const auto path = scratch_.file(name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }

  std::string transcripts() {
    std::string text = "# comment line\n";
    for (const char* line : kLines) text += std::string(line) + "\n";
    return write("games.tsv", text);
  }

  arena::test::ScratchDir scratch_{"arena_wthor"};
};

std::vector<std::string> without_passes(const std::vector<std::string>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) {
    if (m != "pass") out.push_back(m);
  }
  return out;
}

std::string transcript(const std::vector<std::string>& moves) {
  std::string out;
  for (const auto& m : without_passes(moves)) out += m;
  return out;
}

TEST_F(WthorFiles, TranscriptsKeepRecordedScoresAndCountTheIncompleteRecord) {
  RecordStats stats;
  const auto games = read_wthor_transcripts(transcripts(), InvalidRecordPolicy::UseRecorded, stats);
  ASSERT_EQ(games.size(), 4U);
  EXPECT_EQ(stats.records, 4U);
  EXPECT_EQ(stats.incomplete, 1U);
  EXPECT_EQ(stats.mismatched, 0U);
  EXPECT_EQ(games[0].event, "World Championship - 1977");
  EXPECT_EQ(games[0].recorded_score, 34 - 30);
  EXPECT_EQ(games[1].recorded_score, 2 - 62);
  EXPECT_EQ(games[2].recorded_score, 64);
  EXPECT_EQ(games[3].recorded_score, -64);
  EXPECT_TRUE(games[0].complete);
  EXPECT_TRUE(games[2].complete);
  EXPECT_FALSE(games[3].complete);
  // The replay agrees with the records that are complete.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(games[i].replayed_score, games[i].recorded_score);
  EXPECT_EQ(without_passes(games[0].moves).size(), 60U);
  EXPECT_EQ(transcript(games[1].moves), std::string(kLines[1]).substr(std::string(kLines[1]).rfind('\t') + 1));
  EXPECT_EQ(games[2].source.substr(games[2].source.size() - 2), ":4");
}

TEST_F(WthorFiles, SkipPolicyDropsTheIncompleteRecord) {
  RecordStats stats;
  const auto games = read_wthor_transcripts(transcripts(), InvalidRecordPolicy::Skip, stats);
  EXPECT_EQ(games.size(), 3U);
  EXPECT_EQ(stats.skipped, 1U);
  EXPECT_EQ(stats.kept, 3U);
}

TEST_F(WthorFiles, MalformedTranscriptLinesNameFileAndLine) {
  const auto path = write("bad.tsv", "# header\nevent\t34-30\n");
  RecordStats stats;
  try {
    (void)read_wthor_transcripts(path, InvalidRecordPolicy::Skip, stats);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.tsv:2:"), std::string::npos) << e.what();
  }
  const auto score = write("score.tsv", "event\t34:30\tf5d6\n");
  EXPECT_THROW((void)read_wthor_transcripts(score, InvalidRecordPolicy::Skip, stats), InputError);
}

/// A .wtb database: 16-byte header (game count at bytes 4..7, little-endian) and the records.
std::string database(const std::vector<std::vector<std::uint8_t>>& records) {
  std::string bytes(16, '\0');
  bytes[0] = 20;
  bytes[1] = 24;
  bytes[4] = static_cast<char>(records.size());
  bytes[10] = static_cast<char>(2024 & 0xFF);
  bytes[11] = static_cast<char>(2024 >> 8);
  bytes[12] = 8;
  for (const auto& r : records) bytes.append(r.begin(), r.end());
  return bytes;
}

TEST_F(WthorFiles, DatabaseRoundTripsRealGamesAndFlagsAWrongScore) {
  RecordStats text_stats;
  const auto games =
      read_wthor_transcripts(transcripts(), InvalidRecordPolicy::UseRecorded, text_stats);
  // Black's discs with empties to the winner: 34-30 -> 34; 64-0 -> 64; a wrong 40 for the
  // 2-62 game (the replay says black has 2).
  const std::string path = write(
      "games.wtb", database({encode_wthor_record(games[0].moves, 34, 7),
                             encode_wthor_record(games[2].moves, 64),
                             encode_wthor_record(games[1].moves, 40)}));
  EXPECT_EQ(fs::file_size(path), 16U + 3U * 68U);
  RecordStats stats;
  const auto read = read_wthor_database(path, InvalidRecordPolicy::UseRecorded, stats);
  ASSERT_EQ(read.size(), 3U);
  EXPECT_EQ(stats.mismatched, 1U);
  EXPECT_EQ(read[0].moves, games[0].moves);
  EXPECT_EQ(read[0].recorded_score, 4);
  EXPECT_EQ(read[0].event, "7");
  EXPECT_EQ(read[1].moves, games[2].moves);
  EXPECT_EQ(read[1].recorded_score, 64);
  EXPECT_EQ(read[2].recorded_score, 2 * 40 - 64);
  EXPECT_EQ(read[2].replayed_score, -60);
  EXPECT_EQ(read[2].source.substr(read[2].source.size() - 2), "#3");
  RecordStats skip_stats;
  EXPECT_EQ(read_wthor_database(path, InvalidRecordPolicy::Skip, skip_stats).size(), 2U);
}

TEST_F(WthorFiles, DatabaseOfTheWrongSizeOrCountIsRejected) {
  RecordStats stats;
  EXPECT_THROW((void)read_wthor_database(write("short.wtb", std::string(30, '\0')),
                                         InvalidRecordPolicy::Skip, stats),
               InputError);
  std::string bytes = database({std::vector<std::uint8_t>(68, 0)});
  bytes[4] = 2;  // declares two games, holds one
  EXPECT_THROW((void)read_wthor_database(write("count.wtb", bytes), InvalidRecordPolicy::Skip,
                                         stats),
               InputError);
}

// The carried data: data/othello/wthor/README.md says 133,777 games of which about 420 stop
// early or record a result that differs from the replay.
TEST(WthorSlow, CarriedTranscriptsMatchTheirReadme) {
  RecordStats stats;
  for (const char* name : {"wthor-1977-1999.tsv", "wthor-2000-2024.tsv"}) {
    (void)read_wthor_transcripts(std::string(ARENA_SOURCE_DIR) + "/data/othello/wthor/" + name,
                                 InvalidRecordPolicy::UseRecorded, stats);
  }
  EXPECT_EQ(stats.records, 133777U);
  EXPECT_EQ(stats.illegal, 0U);
  EXPECT_NEAR(static_cast<double>(stats.incomplete + stats.mismatched), 420.0, 20.0);
}

}  // namespace
}  // namespace arena::othello
