// Opening books, with Othello (a game with board symmetries): the symmetries against the move
// generator, a book learned from hand-made games with its negamax values worked out by hand,
// the file's round trip and its errors, and an engine playing from a book named in its config.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/opening_book.hpp"
#include "engine/othello/othello.hpp"
#include "tune/book.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::othello {
namespace {

namespace fs = std::filesystem;
using Book = core::OpeningBook<Othello>;

/// A random position after `plies` random legal moves.
Position book_random_position(std::mt19937_64& rng, int plies) {
  Position p = Othello::initial();
  core::MoveListOf<Othello> list;
  for (int i = 0; i < plies; ++i) {
    Othello::generate_moves(p, list);
    if (list.empty()) break;
    p = Othello::play(p, list[rng() % list.size()]);
  }
  return p;
}

std::set<int> book_move_squares(const Position& p) {
  core::MoveListOf<Othello> list;
  Othello::generate_moves(p, list);
  std::set<int> out;
  for (const Move m : list) out.insert(m.square);
  return out;
}

TEST(OthelloSymmetry, LegalMovesOfEveryImageAreTheImagesOfTheLegalMoves) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 300; ++i) {
    const Position p = book_random_position(rng, static_cast<int>(rng() % 50));
    for (int k = 0; k < Othello::kSymmetries; ++k) {
      std::set<int> mapped;
      for (const int sq : book_move_squares(p)) {
        mapped.insert(Othello::symmetric_move(Move{static_cast<std::uint8_t>(sq)}, k).square);
      }
      const Position q = Othello::symmetric(p, k);
      EXPECT_EQ(book_move_squares(q), mapped) << Othello::format_position(p) << " k " << k;
      EXPECT_EQ(Othello::side_to_move(q), Othello::side_to_move(p));
    }
  }
  // The start is its own image under the identity, the half turn and both diagonal
  // reflections; the other four swap the colours of the centre.
  const Position start = Othello::initial();
  int same = 0;
  for (int k = 0; k < Othello::kSymmetries; ++k) same += Othello::symmetric(start, k) == start ? 1 : 0;
  EXPECT_EQ(same, 4);
}

/// A training game of the given moves (only its first plies matter to a book).
tune::TrainingGame book_game(const std::string& moves, int score) {
  tune::TrainingGame g;
  g.source = "hand#" + moves;
  for (std::size_t i = 0; i + 1 < moves.size(); i += 2) g.moves.push_back(moves.substr(i, 2));
  g.score = score;
  return g;
}

class OthelloBook : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = scratch_.file(name);
    std::ofstream(path) << text;
    return path;
  }
  arena::test::ScratchDir scratch_{"arena_book"};
};

// Five games, book plies 2 (the start and the position after the first move), moves of at
// least 2 games. By hand, scores from black's view:
//   f5 d6 +10, f5 d6 +20, f5 f6 -4, f5 f6 -8, f5 f4 +30 (f4: one game, not a book move).
//   After f5 (white to move): d6 mean -15 (white's view), f6 mean +6; neither leads to a book
//   position, so their values are their means and f6 comes first.
//   The start: f5, 5 games, mean 9.6; its value is minus the best value after it: -6.
TEST_F(OthelloBook, LearnsTheWorkedExampleAndPlaysItInEveryOrientation) {
  tune::TuneOptions o;
  o.book_plies = 2;
  o.book_games = 2;
  tune::TuneReport report;
  const std::vector<tune::TrainingGame> games = {book_game("f5d6", 10), book_game("f5d6", 20),
                                                 book_game("f5f6", -4), book_game("f5f6", -8),
                                                 book_game("f5f4", 30)};
  const auto entries = tune::learn_book<Othello>(o, {}, games, report);
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(report.book_positions, 2U);
  EXPECT_EQ(report.book_moves, 3U);
  ASSERT_EQ(entries[0].moves.size(), 1U);
  EXPECT_EQ(entries[0].moves[0].games, 5U);
  EXPECT_DOUBLE_EQ(entries[0].moves[0].mean, 9.6);
  EXPECT_DOUBLE_EQ(entries[0].moves[0].value, -6.0);
  ASSERT_EQ(entries[1].moves.size(), 2U);
  EXPECT_EQ(entries[1].moves[0].games, 2U);
  EXPECT_DOUBLE_EQ(entries[1].moves[0].value, 6.0);
  EXPECT_DOUBLE_EQ(entries[1].moves[1].value, -15.0);

  const std::string path = write("hand.book", core::format_book<Othello>({}, {"a comment"}, entries));
  const Book book = Book::load(path);
  EXPECT_EQ(book.size(), 2U);
  const Position start = Othello::initial();
  const auto first = book.probe(start);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(Othello::format_move(start, first->move), "f5");
  EXPECT_DOUBLE_EQ(first->value, -6.0);
  // Every first move is an image of f5: the book answers each with the image of f6, so the
  // position after it is an image of f5 f6.
  const std::string f5f6 =
      Othello::format_position(core::canonical_image<Othello>(Othello::parse_position("f5f6")).first);
  for (const char* opening : {"f5", "d3", "c4", "e6"}) {
    const Position p = Othello::parse_position(opening);
    const auto reply = book.probe(p);
    ASSERT_TRUE(reply.has_value()) << opening;
    EXPECT_EQ(reply->games, 2U);
    const Position after = Othello::play(p, reply->move);
    EXPECT_EQ(Othello::format_position(core::canonical_image<Othello>(after).first), f5f6) << opening;
  }
  EXPECT_FALSE(book.probe(Othello::parse_position("f5f6")).has_value());
}

TEST_F(OthelloBook, RefusesMalformedFilesNamingTheLine) {
  const std::string start = "---------------------------OX------XO--------------------------- X";
  const auto canonical = Othello::format_position(core::canonical_image<Othello>(Othello::initial()).first);
  const std::string f5 = Othello::format_move(Othello::initial(), Move{37});
  const auto first = core::canonical_image<Othello>(Othello::initial());
  const std::string mapped = Othello::format_move(first.first, Othello::symmetric_move(Move{37}, first.second));
  const std::string head = "arena-book 1 othello\n# comment\n";
  const auto expect_error = [&](const std::string& text, const std::string& words) {
    const std::string path = write("bad.book", text);
    try {
      (void)Book::load(path);
      ADD_FAILURE() << "no error for " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  expect_error("", "bad.book:1: expected the line 'arena-book 1 othello'");
  expect_error("arena-book 2 othello\n", "bad.book:1: expected the line");
  expect_error("arena-book 1 blokus-duo\n", "bad.book:1:");
  expect_error(head + canonical + "\n", "bad.book:3: expected a position, a tab");
  expect_error(head + canonical + "\t" + mapped + " 0 1 1\n", "bad.book:3: GAMES");
  expect_error(head + canonical + "\t" + mapped + " 3 x 1\n", "bad.book:3: MEAN");
  expect_error(head + canonical + "\t" + mapped + " 3 1 nan\n", "bad.book:3: VALUE");
  expect_error(head + canonical + "\t" + mapped + " 3 1\n", "bad.book:3: expected 'MOVE GAMES MEAN VALUE'");
  expect_error(head + canonical + "\ta1 3 1 1\n", "bad.book:3: move:");
  expect_error(head + canonical + "\t" + mapped + " 3 1 1\n" + canonical + "\t" + mapped + " 3 1 1\n",
               "bad.book:4: position '" + canonical + "' is listed twice");
  if (canonical != start) {
    expect_error(head + start + "\t" + f5 + " 3 1 1\n", "bad.book:3: position '" + start +
                                                            "' is not in its canonical orientation");
  }
  expect_error(head + "xyz\t" + mapped + " 3 1 1\n", "bad.book:3: position:");
}

TEST_F(OthelloBook, AnEngineWithABookPlaysFromItAndSearchesElsewhere) {
  const auto [image, k] = core::canonical_image<Othello>(Othello::initial());
  const std::string c4 = Othello::format_move(image, Othello::symmetric_move(Move{26}, k));
  write("open.book", "arena-book 1 othello\n" + Othello::format_position(image) + "\t" + c4 +
                         " 7 1.5 2.25\n");
  const std::string cfg_path = write(
      "book.cfg", "name = booked\ngame = othello\n[search]\ndepth = 3\n[eval]\nfeatures = classic\n"
                  "[book]\nfile = open.book\n");
  const core::EngineConfig cfg = core::load_engine_config(cfg_path);
  EXPECT_EQ(cfg.book_file, scratch_.file("open.book"));
  // The config reads back from its own formatted text, book and all.
  EXPECT_EQ(core::parse_engine_config(core::format_engine_config(cfg, {}), cfg_path).book_file,
            cfg.book_file);
  core::Engine<Othello> engine(cfg);
  const auto booked = engine.think(Othello::initial(), {}, 0);
  EXPECT_EQ(Othello::format_move(Othello::initial(), booked.best), "c4");
  EXPECT_EQ(booked.depth, 0);
  EXPECT_EQ(booked.nodes, 0U);
  EXPECT_EQ(booked.score, 225);
  const auto searched = engine.think(Othello::parse_position("c4"), {}, 0);
  EXPECT_EQ(searched.depth, 3);
  EXPECT_GT(searched.nodes, 0U);

  // A book that does not load is the config's error, naming its key and the book's line.
  write("open.book", "arena-book 1 othello\nnot a position\n");
  try {
    core::Engine<Othello> broken(core::load_engine_config(cfg_path));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("book.cfg:8: key 'book.file'"), std::string::npos) << what;
    EXPECT_NE(what.find("open.book:2:"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace arena::othello
