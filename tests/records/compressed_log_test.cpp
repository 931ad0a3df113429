// Compressed game logs (.jsonl.gz, .jsonl.zst): what arena writes, the stock gzip and zstd tools
// decode to the plain log's bytes; what those tools write, arena reads as the plain log; a
// frame cut short is dropped with a warning and truncated on append; corruption is an error.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "records/game_log.hpp"
#include "records/log_codec.hpp"
#include "tests/support/command.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::records {
namespace {

using arena::test::read_file;
using arena::test::run_command;

namespace fs = std::filesystem;

class CompressedLogTest : public ::testing::Test {
 protected:
  arena::test::ScratchDir scratch_{"arena_zlog"};
};

RunRecord run_of(int games) {
  RunRecord r;
  r.game = "othello";
  r.engines = {{"a", "00000000000000aa", "name = a\n", "a.cfg"},
               {"b", "00000000000000bb", "name = b\n", "b.cfg"}};
  r.openings = "random:2";
  r.games = games;
  return r;
}

GameRecord game_of(std::int64_t id) {
  GameRecord g;
  g.id = id;
  g.pair = id / 2;
  g.opening = {"f5", "d6"};
  g.first = id % 2 == 0 ? "a" : "b";
  g.second = id % 2 == 0 ? "b" : "a";
  g.moves = {"c3", "d3", "c4"};
  g.score = static_cast<int>(id % 3) - 1;
  g.evals = {MoveEval{12, 2, 40, 0.5, std::nullopt}, std::nullopt, MoveEval{-3, 2, 17, 0.25, std::nullopt}};
  g.ms = 3.0;
  return g;
}

void write_games(const std::string& path, int from, int to, bool create) {
  auto w = create ? LogWriter::create(path, run_of(10)) : LogWriter::append(path, fs::file_size(path));
  for (int id = from; id < to; ++id) w.write(game_of(id));
}

TEST(LogCodec, TellsTheCodecByTheFileName) {
  EXPECT_EQ(log_codec_of("a.jsonl"), LogCodec::Plain);
  EXPECT_EQ(log_codec_of("a.jsonl.gz"), LogCodec::Gzip);
  EXPECT_EQ(log_codec_of("runs/A.JSONL.ZST"), LogCodec::Zstd);
  EXPECT_TRUE(is_log_path("x.jsonl.zst"));
  EXPECT_FALSE(is_log_path("x.zst"));
}

TEST_F(CompressedLogTest, StockToolsDecodeWhatTheWriterWrote) {
  write_games(scratch_.file("p.jsonl"), 0, 5, true);
  write_games(scratch_.file("g.jsonl.gz"), 0, 5, true);
  write_games(scratch_.file("z.jsonl.zst"), 0, 5, true);
  const std::string plain = read_file(scratch_.file("p.jsonl"));
  EXPECT_EQ(run_command("gzip -dc '" + scratch_.file("g.jsonl.gz") + "'").out, plain);
  EXPECT_EQ(run_command("zstd -dcq '" + scratch_.file("z.jsonl.zst") + "'").out, plain);
  // One frame per line: six frames in the zstd log (run record + five games).
  const DecodedLog d = decode_log(LogCodec::Zstd, read_file(scratch_.file("z.jsonl.zst")), "z");
  EXPECT_EQ(d.frame_ends.size(), 6U);
}

TEST_F(CompressedLogTest, ReadsWhatStockToolsWroteAsThePlainLog) {
  const std::string plain_log = scratch_.file("p.jsonl");
  write_games(plain_log, 0, 7, true);
  ASSERT_EQ(std::system(("gzip -c '" + plain_log + "' > '" + plain_log + ".gz'").c_str()), 0);
  ASSERT_EQ(std::system(("zstd -qc '" + plain_log + "' > '" + plain_log + ".zst'").c_str()), 0);
  const LogFile plain = read_log_file(plain_log);
  for (const char* name : {"p.jsonl.gz", "p.jsonl.zst"}) {
    const LogFile z = read_log_file(scratch_.file(name));
    EXPECT_EQ(z.run.engines, plain.run.engines) << name;
    EXPECT_EQ(z.games, plain.games) << name;
    EXPECT_FALSE(z.torn_tail) << name;
    EXPECT_EQ(z.intact_bytes, fs::file_size(scratch_.file(name))) << name;
  }
}

TEST_F(CompressedLogTest, TornFrameIsDroppedWithWarningAndTruncatedOnAppend) {
  for (const char* name : {"t.jsonl.gz", "t.jsonl.zst"}) {
    const std::string path = scratch_.file(name);
    write_games(path, 0, 3, true);
    const auto intact = fs::file_size(path);
    // Half of the next game's frame, as a writer killed inside write(2) leaves it.
    const std::string frame = compress_frame(log_codec_of(path), "{\"type\":\"game\",\"id\":3}\n");
    std::ofstream(path, std::ios::binary | std::ios::app) << frame.substr(0, frame.size() / 2);
    const LogFile log = read_log_file(path);
    EXPECT_TRUE(log.torn_tail) << name;
    EXPECT_EQ(log.intact_bytes, intact) << name;
    EXPECT_EQ(log.games.size(), 3U) << name;
    ASSERT_EQ(log.warnings.size(), 1U) << name;
    EXPECT_NE(log.warnings[0].find(std::string(name) + ":5:"), std::string::npos) << log.warnings[0];
    {
      auto w = LogWriter::append(path, log.intact_bytes);
      w.write(game_of(3));
    }
    const LogFile again = read_log_file(path);
    EXPECT_FALSE(again.torn_tail) << name;
    EXPECT_EQ(again.games.size(), 4U) << name;
  }
}

TEST_F(CompressedLogTest, CorruptFrameNamesTheFileAndByte) {
  for (const char* name : {"c.jsonl.gz", "c.jsonl.zst"}) {
    const std::string path = scratch_.file(name);
    write_games(path, 0, 2, true);
    std::string bytes = read_file(path);
    const auto first_end = decode_log(log_codec_of(path), bytes, path).frame_ends[0].second;
    bytes.insert(first_end, "garbage that is no frame");
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    try {
      (void)read_log_file(path);
      ADD_FAILURE() << name << " read without error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ": byte " + std::to_string(first_end)),
                std::string::npos)
          << e.what();
    }
  }
}

TEST_F(CompressedLogTest, WholeLogIsOneFrameAndReadsBack) {
  std::vector<GameRecord> games;
  for (int id = 0; id < 10; ++id) games.push_back(game_of(id));
  for (const char* name : {"m.jsonl", "m.jsonl.gz", "m.jsonl.zst"}) {
    write_log_file(scratch_.file(name), run_of(10), games);
    const LogFile log = read_log_file(scratch_.file(name));
    EXPECT_EQ(log.games, games) << name;
    EXPECT_FALSE(fs::exists(scratch_.file(std::string(name) + ".partial"))) << name;
  }
  EXPECT_EQ(decode_log(LogCodec::Zstd, read_file(scratch_.file("m.jsonl.zst")), "m").frame_ends.size(), 1U);
  EXPECT_EQ(run_command("zstd -dcq '" + scratch_.file("m.jsonl.zst") + "'").out,
            read_file(scratch_.file("m.jsonl")));
}

}  // namespace
}  // namespace arena::records
