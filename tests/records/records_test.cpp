// Record formats and their bridge to logs, checked against real records from outside the
// project: the GPCC 2007 game in the contest code and in Pentobi SGF (tests/data/blokus), the
// 2018 FPGA-contest log with implicit passes, and WTHOR tournament games (data/othello/wthor).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/wthor.hpp"
#include "records/bridge.hpp"
#include "engine/registry/games.hpp"
#include "records/formats.hpp"
#include "engine/othello/bind/ggf.hpp"
#include "records/game_log.hpp"
#include "tests/support/command.hpp"
#include "tests/support/scratch_dir.hpp"

namespace fs = std::filesystem;
using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;
namespace core = arena::core;
namespace records = arena::records;

namespace {

std::string data(const std::string& rel) { return std::string(ARENA_TEST_DATA) + "/" + rel; }

/// Runs `arena ARGS`; returns the exit status.
int run_arena(const std::string& args) {
  const std::string cmd = std::string(ARENA_BINARY) + " " + args + " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/// The move nodes ";B[...]" / ";W[...]" of an SGF text, in order.
std::vector<std::string> sgf_moves(const std::string& text) {
  std::vector<std::string> out;
  const std::regex node(R"(;\s*([BW])\[([^\]]*)\])");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), node); it != std::sregex_iterator();
       ++it) {
    out.push_back((*it)[1].str() + "[" + (*it)[2].str() + "]");
  }
  return out;
}

}  // namespace

TEST(Blksgf, GpccGameFromFourccMatchesPentobiSquareLists) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string out = (dir / "game.blksgf").string();
  ASSERT_EQ(run_arena("convert --from " + data("blokus/gpcc2007-round1.fourcc.txt") + " --to " + out),
            0);
  const auto want = sgf_moves(core::read_text_file(data("blokus/gpcc2007-round1.blksgf"), "test file"));
  const auto got = sgf_moves(core::read_text_file(out, "test file"));
  ASSERT_EQ(want.size(), 23U);  // 25 codes, two of them passes
  EXPECT_EQ(got, want);
}

TEST(Blksgf, PentobiFileReplaysToThePublishedResult) {
  // Published: first player 53 squares placed, second 46 (contest scoring: difference).
  const auto games = records::read_blksgf(
      core::read_text_file(data("blokus/gpcc2007-round1.blksgf"), "test file"), "gpcc2007-round1.blksgf");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].first, "mctaji");
  EXPECT_EQ(games[0].second, "Main");
  const auto g = records::to_log_game<BlokusDuo>(games[0], 0, BlokusDuo::parse_rules(""));
  EXPECT_EQ(g.score, 53 - 46);
}

// Pentobi writes a game tree as its opening books do (opening_books/book_duo.blksgf): the root
// node alone, then every move in its own child tree, one "(" per branch, siblings after the
// first being the variations. The main line (first child everywhere) must read in full.
TEST(Blksgf, MainLineReadsThroughPentobiStyleVariations) {
  const auto moves = sgf_moves(core::read_text_file(data("blokus/gpcc2007-round1.blksgf"), "test file"));
  ASSERT_EQ(moves.size(), 23U);
  std::string tree = "(\n;GM[Blokus Duo]PB[mctaji]PW[Main]\n";
  std::string close;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const std::string indent(k + 1, ' ');
    tree += indent + "(\n" + indent + ";" + moves[k] + "TE[1]\n";
    close = indent + ")\n" +
            // A sibling variation after every third move: another placement by the same side.
            (k % 3 == 0 ? indent + "(\n" + indent + ";" + moves[k].substr(0, 2) +
                              "a1,a2,b1]\n" + indent + " (;" + moves[(k + 1) % moves.size()] +
                              ")\n" + indent + ")\n"
                        : std::string()) +
            close;
  }
  tree += close + ")\n";
  const auto games = records::read_blksgf(tree, "variations.blksgf");
  ASSERT_EQ(games.size(), 1U);
  const auto g = records::to_log_game<BlokusDuo>(games[0], 0, BlokusDuo::parse_rules(""));
  EXPECT_EQ(g.score, 53 - 46);  // the published result: the whole main line was read
  EXPECT_EQ(g.termination, records::Termination::Normal);
  const auto plain = records::read_blksgf(
      core::read_text_file(data("blokus/gpcc2007-round1.blksgf"), "test file"), "plain");
  EXPECT_EQ(games[0].moves, plain[0].moves);
}

/// The tree of `lines` as text: each line's moves, then its side lines in brackets.
std::string variation_text(const std::vector<std::string>& moves,
                           const std::vector<records::Variation>& variations) {
  std::string out;
  for (const auto& m : moves) out += m + " ";
  for (const auto& v : variations) {
    out += "{" + std::to_string(v.at) + ": " + variation_text(v.moves, v.variations) + "}";
  }
  return out;
}

// A Pentobi file with variations (laid out as Pentobi's opening book, one tree per move, TE
// marks and a comment): the GPCC 2007 game as the main line; after its first move the
// book_duo.blksgf line W[i4,h5,i5,j5,i6] B[h7,g8,h8,h9,i9] with the book's two white replies as
// its own variations; near the end black's last three pieces in another order (white has
// passed, so black moves three times running). blksgf -> blksgf keeps every variation, in
// order; the main line alone still gives the published result.
TEST(Blksgf, VariationsSurviveBlksgfToBlksgf) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const auto main = sgf_moves(core::read_text_file(data("blokus/gpcc2007-round1.blksgf"), "test file"));
  ASSERT_EQ(main.size(), 23U);
  ASSERT_EQ(main[0], "B[f9,e10,f10,g10,f11]");
  ASSERT_EQ(main[19], "W[h6]");
  ASSERT_EQ(main[20], "B[d1,e1,f1,e2,e3]");
  const std::string book = "(;W[i4,h5,i5,j5,i6]TE[1](;B[h7,g8,h8,h9,i9]TE[1]"
                           "(;W[f5,e6,f6,g6,e7]TE[1])(;W[f5,f6,g6,e7,f7]TE[1])))";
  const std::string late = "(;B[a13,b13,a14]C[black's last pieces in another order]"
                           ";B[d1,e1,f1,e2,e3];B[a2,a3,a4])";
  std::string tree = "(\n;GM[Blokus Duo]PB[mctaji]PW[Main]\n(;" + main[0] + "\n";
  std::string close = book + "))\n";  // the book line is a sibling of the main line's move 2
  for (std::size_t k = 1; k < main.size(); ++k) {
    tree += std::string(k, ' ') + "(;" + main[k] + "TE[1]\n";
    close = ")" + std::string(k == 20 ? late : "") + close;  // a sibling of move 21
  }
  tree += close;
  const std::string in = (dir / "in.blksgf").string();
  const std::string out = (dir / "out.blksgf").string();
  std::ofstream(in) << tree;
  ASSERT_EQ(run_arena("convert --from " + in + " --to " + out), 0);
  const std::string written = core::read_text_file(out, "test file");
  // The same move nodes in the same (depth-first) order, and every tree starts with a node.
  EXPECT_EQ(sgf_moves(written), sgf_moves(tree));
  const auto opens = static_cast<std::size_t>(std::count(written.begin(), written.end(), '('));
  // Brackets only where lines branch, as Pentobi's tree writer puts them: the root, and two
  // child trees at each of the three branches.
  EXPECT_EQ(opens, 1U + 3U * 2U);
  EXPECT_EQ(static_cast<std::size_t>(std::count(written.begin(), written.end(), ')')), opens);
  const std::regex tree_start(R"(\(;)");
  EXPECT_EQ(static_cast<std::size_t>(std::distance(
                std::sregex_iterator(written.begin(), written.end(), tree_start),
                std::sregex_iterator())),
            opens);

  const auto a = records::read_blksgf(tree, "in");
  const auto b = records::read_blksgf(written, "out");
  ASSERT_EQ(a.size(), 1U);
  ASSERT_EQ(b.size(), 1U);
  ASSERT_EQ(a[0].variations.size(), 2U);
  EXPECT_EQ(a[0].variations[0].at, 1U);
  EXPECT_EQ(a[0].variations[0].variations.size(), 1U);  // the book's second white reply
  EXPECT_EQ(a[0].variations[1].at, 20U);
  // main[20..22] are black's three last pieces, with white's passes between them.
  ASSERT_EQ(a[0].moves.size(), 25U);
  EXPECT_EQ(a[0].variations[1].moves,
            (std::vector<std::string>{a[0].moves[22], "----", a[0].moves[20], "----",
                                      a[0].moves[24]}));
  EXPECT_EQ(variation_text(b[0].moves, b[0].variations),
            variation_text(a[0].moves, a[0].variations));
  EXPECT_EQ(b[0].first, "mctaji");

  const std::string log = (dir / "main.jsonl").string();
  ASSERT_EQ(run_arena("convert --from " + out + " --to " + log), 0);
  const auto games = records::read_log_file(log).games;
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].score, 53 - 46);  // the published result
  EXPECT_EQ(games[0].termination, records::Termination::Normal);
}

TEST(Blksgf, IllegalVariationIsRefusedWithItsLine) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string in = (dir / "bad.blksgf").string();
  // Black's second piece in the corner a1 touches none of its own: not a legal move.
  std::ofstream(in) << "(;GM[Blokus Duo];B[f9,e10,f10,g10,f11];W[j4,i5,j5,k5,j6]\n"
                       "(;B[h7,i7,j7,g8,h8])\n(;B[a1,a2,b1]))\n";
  const auto [rc, text] =
      arena::test::run_arena("convert --from " + in + " --to " + (dir / "out.blksgf").string(), true);
  EXPECT_EQ(rc, 2);
  EXPECT_NE(text.find(in + ":1: variation at move 3: move 3"), std::string::npos) << text;
}

TEST(Blksgf, LogRoundTripKeepsTheGame) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string log1 = (dir / "a.jsonl").string();
  const std::string sgf = (dir / "a.blksgf").string();
  const std::string log2 = (dir / "b.jsonl").string();
  ASSERT_EQ(run_arena("convert --from " + data("blokus/gpcc2007-round1.fourcc.txt") + " --to " + log1), 0);
  ASSERT_EQ(run_arena("convert --from " + log1 + " --to " + sgf), 0);
  ASSERT_EQ(run_arena("convert --from " + sgf + " --to " + log2), 0);
  const auto a = records::read_log_file(log1);
  const auto b = records::read_log_file(log2);
  ASSERT_EQ(a.games.size(), 1U);
  ASSERT_EQ(b.games.size(), 1U);
  EXPECT_EQ(a.games[0].transcript(), b.games[0].transcript());
  EXPECT_EQ(a.games[0].score, b.games[0].score);
  // The 4-character code list round-trips to the same moves as well.
  const std::string codes = (dir / "c.fourcc.txt").string();
  const std::string log3 = (dir / "c.jsonl").string();
  ASSERT_EQ(run_arena("convert --from " + log1 + " --to " + codes), 0);
  ASSERT_EQ(run_arena("convert --from " + codes + " --to " + log3), 0);
  EXPECT_EQ(records::read_log_file(log3).games[0].transcript(), a.games[0].transcript());
}

TEST(Fourcc, ImplicitPassesOfTheFpgaContestLogAreInserted) {
  const auto games = records::read_fourcc(
      core::read_text_file(data("blokus/rec2018-game10.fourcc.txt"), "test file"), "rec2018");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].moves.size(), 29U);  // the name "game10" is not a move
  const auto rep = records::replay<BlokusDuo>(games[0], BlokusDuo::parse_rules(""));
  EXPECT_TRUE(rep.complete);
  EXPECT_GT(rep.moves.size(), games[0].moves.size());  // passes made explicit
}

TEST(Fourcc, BadCodeNamesFileAndLine) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string in = (dir / "bad.fourcc.txt").string();
  std::ofstream(in) << "# a comment\n65u0 AAu0 88l2 ZZz9\n";
  const auto [status, out] =
      arena::test::run_arena("convert --from " + in + " --to " + (dir / "x.jsonl").string(), true);
  EXPECT_EQ(status, 2);
  EXPECT_NE(out.find(in + ":2:"), std::string::npos) << out;
}

TEST(Ggf, ParsesNBoardExampleAndRoundTrips) {
  // The game of the NBoard protocol's example session.
  const std::string text =
      "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
      "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
      "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
  const auto games = records::parse_ggf(text, "example");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].black, "./mEdax");
  EXPECT_EQ(games[0].moves,
            (std::vector<std::string>{"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"}));
  const auto again = records::parse_ggf(records::format_ggf(games[0]), "again");
  EXPECT_EQ(again[0].moves, games[0].moves);
  EXPECT_EQ(again[0].white, "chris");
  EXPECT_THROW((void)records::parse_ggf("(;GM[Othello]B[Z9];)", "bad"), arena::InputError);
  EXPECT_THROW((void)records::parse_ggf("(;GM[Othello]B[F5]", "bad"), arena::InputError);
}

// A self-play log with evals exported to GGF: every searched move carries "/eval/time" (discs
// with 2 decimals, seconds), read here with a regex, not with arena's GGF reader; and back to a
// log, the evals' scores return exactly.
TEST(Ggf, ExportCarriesTheLoggedEvalsAndTimes) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string log = (dir / "a.jsonl").string();
  const std::string cfgs = std::string(ARENA_SOURCE_DIR) + "/configs/othello/";
  ASSERT_EQ(run_arena("selfplay --engine " + cfgs + "classic.cfg --engine " + cfgs +
                      "seed-table.cfg --games 2 --seed 3 "
                      "--openings random:4 --depth 2 --record-evals --quiet --out " + log),
            0);
  const std::string ggf = (dir / "a.ggf").string();
  ASSERT_EQ(run_arena("convert " + log + " --to " + ggf), 0);
  const auto played = records::read_log_file(log);
  std::istringstream lines(core::read_text_file(ggf, "test file"));
  std::string line;
  for (const auto& g : played.games) {
    ASSERT_TRUE(std::getline(lines, line));
    const std::regex move(R"(([BW])\[([A-H][1-8]|PA)(/([-0-9.]*)(/([0-9.e-]*))?)?\])");
    std::vector<std::smatch> found;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), move); it != std::sregex_iterator(); ++it) {
      found.push_back(*it);
    }
    ASSERT_EQ(found.size(), g.opening.size() + g.moves.size());
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
      const auto& m = found[g.opening.size() + i];
      ASSERT_TRUE(g.evals[i].has_value());
      char want[32];
      std::snprintf(want, sizeof want, "%.2f", g.evals[i]->score / 100.0);
      EXPECT_EQ(m[4].str(), want) << "move " << i;
      EXPECT_NEAR(std::stod(m[6].str()), g.evals[i]->ms / 1000.0, 1e-6) << "move " << i;
    }
    for (std::size_t i = 0; i < g.opening.size(); ++i) EXPECT_FALSE(found[i][3].matched);
  }
  const std::string back = (dir / "b.jsonl").string();
  ASSERT_EQ(run_arena("convert " + ggf + " --to " + back), 0);
  const auto again = records::read_log_file(back);
  ASSERT_EQ(again.games.size(), played.games.size());
  for (std::size_t k = 0; k < again.games.size(); ++k) {
    const auto& a = played.games[k];
    const auto& b = again.games[k];
    ASSERT_EQ(b.evals.size(), b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
      const auto& e = b.evals[a.opening.size() + i];
      ASSERT_TRUE(e.has_value());
      EXPECT_EQ(e->score, a.evals[i]->score);
    }
  }
}

TEST(Wthor, DatabaseWrittenByTheTestImports) {
  // The first game of the 1977 World Championship as recorded by WTHOR: 34-30.
  const std::string transcript =
      "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2"
      "a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < transcript.size(); i += 2) moves.push_back(transcript.substr(i, 2));
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string wtb = (dir / "games.wtb").string();
  {
    // Header (16 bytes): century 19, year 77, month, day, 2 games, 0, game year 1977, size 8.
    std::vector<unsigned char> bytes = {19, 77, 1, 1, 2, 0, 0, 0, 0, 0, 0xB9, 0x07, 8, 0, 0, 0};
    for (int k = 0; k < 2; ++k) {
      const auto rec = arena::othello::encode_wthor_record(moves, 34);
      bytes.insert(bytes.end(), rec.begin(), rec.end());
    }
    std::ofstream(wtb, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  const std::string log = (dir / "games.jsonl").string();
  ASSERT_EQ(run_arena("convert --from " + wtb + " --to " + log), 0);
  const auto f = records::read_log_file(log);
  EXPECT_EQ(f.run.game, "othello");
  ASSERT_EQ(f.games.size(), 2U);
  EXPECT_EQ(f.games[0].score, 34 - 30);
  EXPECT_EQ(f.games[0].termination, records::Termination::Normal);
  const auto placed = std::count_if(f.games[0].moves.begin(), f.games[0].moves.end(),
                                    [](const std::string& m) { return m != "pass"; });
  EXPECT_EQ(static_cast<std::size_t>(placed), moves.size());  // passes were made explicit
  // And back out as a transcript and GGF.
  const std::string txt = (dir / "games.txt").string();
  const std::string ggf = (dir / "games.ggf").string();
  ASSERT_EQ(run_arena("convert --from " + log + " --to " + txt), 0);
  ASSERT_EQ(run_arena("convert --from " + log + " --to " + ggf), 0);
  EXPECT_NE(core::read_text_file(txt, "test file").find("\t34-30\t" + transcript), std::string::npos);
  const auto back = records::read_ggf_games(core::read_text_file(ggf, "test file"), ggf);
  ASSERT_EQ(back.size(), 2U);
  EXPECT_EQ(back[0].score, 4);
}

// WTHOR written and read back: the real WTHOR games of data/othello/wthor (first 300 of the
// 1977-1999 transcript file) through a log to a .wtb with player and tournament lists, and
// back: the same moves, scores and names; the bytes follow the format note (header counts,
// 20-byte player and 26-byte tournament names, 10 x row + column moves).
TEST(Wthor, RealGamesWriteAndReadBackWithNames) {
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string part = (dir / "part.tsv").string();
  std::vector<std::string> transcripts;
  {
    std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/data/othello/wthor/wthor-1977-1999.tsv");
    ASSERT_TRUE(in.good());
    std::ofstream out(part);
    for (std::string line; transcripts.size() < 300 && std::getline(in, line);) {
      out << line << "\n";
      if (!line.empty() && line[0] != '#') transcripts.push_back(line.substr(line.rfind('\t') + 1));
    }
  }
  const std::string log = (dir / "part.jsonl").string();
  ASSERT_EQ(run_arena("convert " + part + " --to " + log), 0);
  // Name the players of the log: two per game pair, as a tournament file lists them.
  const auto logged = records::read_log_file(log);
  ASSERT_EQ(logged.games.size(), 300U);
  const std::string wtb = (dir / "games.wtb").string();
  const std::string jou = (dir / "WTHOR.JOU").string();
  const std::string trn = (dir / "WTHOR.TRN").string();
  ASSERT_EQ(run_arena("convert " + log + " --to " + wtb + " --wthor-players " + jou +
                      " --wthor-tournaments " + trn),
            0);
  EXPECT_EQ(fs::file_size(wtb), 16U + 68U * 300U);
  EXPECT_EQ(fs::file_size(jou), 16U + 20U * 2U);  // the log names "first" and "second"
  EXPECT_EQ(fs::file_size(trn), 16U + 26U);
  const std::string bytes = core::read_text_file(wtb, "test file");
  EXPECT_EQ(static_cast<unsigned char>(bytes[4]) | static_cast<unsigned char>(bytes[5]) << 8, 300);
  EXPECT_EQ(static_cast<unsigned char>(bytes[16 + 8]), 56);  // f5 = row 5, column 6
  EXPECT_EQ(arena::othello::read_wthor_names(trn, 26), std::vector<std::string>{"part"});

  arena::othello::RecordStats stats;
  arena::othello::WthorNames names{arena::othello::read_wthor_names(jou, 20),
                                   arena::othello::read_wthor_names(trn, 26)};
  const auto back = arena::othello::read_wthor_database(
      wtb, arena::othello::InvalidRecordPolicy::UseRecorded, stats, &names);
  ASSERT_EQ(back.size(), 300U);
  for (std::size_t k = 0; k < back.size(); ++k) {
    std::string joined;
    for (const auto& m : back[k].moves) {
      if (m != "pass") joined += m;
    }
    EXPECT_EQ(joined, transcripts[k]) << "game " << k;
    EXPECT_EQ(back[k].recorded_score, logged.games[k].score) << "game " << k;
    EXPECT_EQ(back[k].black, logged.games[k].first);
    EXPECT_EQ(back[k].white, logged.games[k].second);
    EXPECT_EQ(back[k].event, "part");
  }
  // And through convert with the lists: the log's players come back by name.
  const std::string again = (dir / "again.jsonl").string();
  ASSERT_EQ(run_arena("convert " + wtb + " --to " + again + " --wthor-players " + jou +
                      " --wthor-tournaments " + trn),
            0);
  const auto reread = records::read_log_file(again);
  ASSERT_EQ(reread.games.size(), 300U);
  EXPECT_EQ(reread.games[7].transcript(), logged.games[7].transcript());
  EXPECT_EQ(reread.games[7].first, logged.games[7].first);
  // A name list whose size disagrees with its header is refused.
  std::ofstream(jou, std::ios::binary | std::ios::app) << "x";
  EXPECT_THROW((void)arena::othello::read_wthor_names(jou, 20), arena::InputError);
}

TEST(Transcript, WthorFileConvertsToALogThatAnalyzeReads) {
  // The first 200 games of the real WTHOR transcript file (data/othello/wthor).
  const arena::test::ScratchDir scratch{"arena_records"};
  const fs::path& dir = scratch.path();
  const std::string part = (dir / "part.tsv").string();
  {
    std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/data/othello/wthor/wthor-1977-1999.tsv");
    ASSERT_TRUE(in.good());
    std::ofstream out(part);
    std::string line;
    int games = 0;
    while (games < 200 && std::getline(in, line)) {
      out << line << "\n";
      if (!line.empty() && line[0] != '#') ++games;
    }
  }
  const std::string log = (dir / "part.jsonl").string();
  ASSERT_EQ(run_arena("convert --from " + part + " --to " + log), 0);
  const auto f = records::read_log_file(log);
  EXPECT_EQ(f.games.size(), 200U);
  EXPECT_EQ(f.games[0].score, 34 - 30);  // World Championship 1977, recorded 34-30
  EXPECT_EQ(run_arena("analyze " + log), 0);
}
