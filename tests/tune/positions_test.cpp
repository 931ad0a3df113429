// Labelled positions: `arena convert --label exact` writes the positions the tuner samples, and
// `--label line` carries each game's first exact score back to its earlier positions;
// `arena tune --positions` on that file fits the same weights as the fit from the games with
// the same labels; a label cache gives the same fit again without solving and is written as
// the labels come; Edax's OBF lines (the FFO test set, scores from outside) read with the best
// move's score as the label.
#include "tune/positions.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/othello/othello.hpp"
#include "tests/tune/random_games.hpp"
#include "engine/registry/run_tune.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::tune {
namespace {

namespace fs = std::filesystem;

const std::string kOthelloClassic = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";

class Positions : public ::testing::Test {
 protected:
  /// Runs `arena ARGS` quietly; its exit status.
  [[nodiscard]] int arena(const std::string& args) const {
    const int rc = std::system((std::string(ARENA_BINARY) + " " + args + " >" + scratch_.file("out.txt") +
                                " 2>" + scratch_.file("err.txt"))
                                   .c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }

  arena::test::ScratchDir scratch_{"arena_positions"};
};

TuneOptions exact_ridge(const std::string& out) {
  TuneOptions o;
  o.init = kOthelloClassic;
  o.out = out;
  o.label = "exact";
  o.method = FitMethod::Ridge;
  o.holdout = 0.0;
  o.exact_empties = 10;
  o.quiet = true;
  return o;
}

std::vector<double> weights_of(const std::string& cfg) {
  const auto c = core::load_engine_config(cfg);
  const auto fs = othello::Othello::make_feature_set(c.features);
  return core::resolve_weights(*fs, c);
}

TEST_F(Positions, TuneOnConvertedExactLabelsFitsWhatTheGamesFit) {
  write_log(scratch_.file("a.jsonl"), "othello", random_games<othello::Othello>(60, 11));
  ASSERT_EQ(arena("convert " + scratch_.file("a.jsonl") + " --to " + scratch_.file("a.obf") +
                  " --label exact --exact-empties 10"),
            0);
  const PositionsFile file = read_positions_file(scratch_.file("a.obf"));
  EXPECT_EQ(file.game, "othello");
  EXPECT_EQ(file.label, "exact");

  TuneOptions from_games = exact_ridge(scratch_.file("games.cfg"));
  from_games.games = {scratch_.file("a.jsonl")};
  const TuneReport g = run_tune(from_games);
  TuneOptions from_positions = exact_ridge(scratch_.file("positions.cfg"));
  from_positions.positions = {scratch_.file("a.obf")};
  const TuneReport p = run_tune(from_positions);

  EXPECT_EQ(p.sampling.labelled, file.lines.size());
  EXPECT_EQ(p.train_positions, g.train_positions);
  EXPECT_EQ(p.sampling.exact_solved, 0U);
  EXPECT_GT(g.sampling.exact_solved, 0U);
  EXPECT_EQ(p.train_loss_after, g.train_loss_after);
  EXPECT_EQ(weights_of(scratch_.file("positions.cfg")), weights_of(scratch_.file("games.cfg")));
}

/// The positions file's lines as (board with side, label).
std::vector<std::pair<std::string, int>> labelled_lines(const std::string& file) {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& l : read_positions_file(file).lines) out.emplace_back(l.position, l.label);
  return out;
}

TEST_F(Positions, LineLabelsCarryEachGamesFirstSolvedScoreBack) {
  // 30 games, every position kept: a position at <= 10 empties has its exact score under both
  // labels; an earlier one has, as `line`, the exact score of its game's first position at 10
  // empties (from that position's mover's view), and its final score under `exact`.
  write_log(scratch_.file("a.jsonl"), "othello", random_games<othello::Othello>(30, 7));
  const std::string common = " --skip-plies 0 --exact-empties 10";
  ASSERT_EQ(arena("convert " + scratch_.file("a.jsonl") + " --to " + scratch_.file("line.obf") +
                  " --label line" + common),
            0);
  ASSERT_EQ(arena("convert " + scratch_.file("a.jsonl") + " --to " + scratch_.file("exact.obf") +
                  " --label exact" + common),
            0);
  EXPECT_EQ(read_positions_file(scratch_.file("line.obf")).label, "line");
  const auto line = labelled_lines(scratch_.file("line.obf"));
  const auto exact = labelled_lines(scratch_.file("exact.obf"));
  ASSERT_EQ(line.size(), exact.size());
  // A game's lines are in ply order (empties never rise); a rise starts the next game.
  const auto empties = [&](std::size_t i) {
    return othello::Othello::empties(othello::Othello::parse_position(line[i].first));
  };
  std::size_t carried = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    ASSERT_EQ(line[i].first, exact[i].first);
    if (empties(i) <= 10) {
      EXPECT_EQ(line[i].second, exact[i].second) << line[i].first;
      continue;
    }
    std::size_t k = i + 1;
    while (k < line.size() && empties(k) <= empties(k - 1) && empties(k) > 10) ++k;
    if (k == line.size() || empties(k) > empties(k - 1)) {
      EXPECT_EQ(line[i].second, exact[i].second) << "a game over before 10 empties";
      continue;
    }
    const int sign = othello::Othello::parse_position(line[k].first).side ==
                             othello::Othello::parse_position(line[i].first).side
                         ? 1
                         : -1;
    EXPECT_EQ(line[i].second, sign * exact[k].second) << line[i].first;
    ++carried;
  }
  EXPECT_GT(carried, 30U * 30);
}

TEST_F(Positions, LabelCacheGivesTheSameFitWithoutSolving) {
  write_log(scratch_.file("a.jsonl"), "othello", random_games<othello::Othello>(40, 5));
  TuneOptions o = exact_ridge(scratch_.file("plain.cfg"));
  o.games = {scratch_.file("a.jsonl")};
  const TuneReport plain = run_tune(o);
  o.label_cache = {scratch_.file("cache.obf")};
  o.out = scratch_.file("first.cfg");
  const TuneReport first = run_tune(o);
  EXPECT_EQ(first.sampling.cached, 0U);
  EXPECT_EQ(read_positions_file(scratch_.file("cache.obf")).lines.size(), first.sampling.exact_solved);
  o.out = scratch_.file("second.cfg");
  const TuneReport second = run_tune(o);
  EXPECT_EQ(second.sampling.cached, first.sampling.exact_solved);
  EXPECT_EQ(second.sampling.exact_nodes, 0U);
  EXPECT_EQ(weights_of(scratch_.file("second.cfg")), weights_of(scratch_.file("plain.cfg")));
  EXPECT_EQ(weights_of(scratch_.file("first.cfg")), weights_of(scratch_.file("plain.cfg")));
  // A cache of other labels is refused.
  o.label = "search";
  o.search_depth = 1;
  EXPECT_THROW((void)run_tune(o), InputError);
}

// Why: one cache held either kind, so a mixture of exact and search labels cached only the
// solves and searched every position again on each rerun (37 minutes for 1.3 million).
TEST_F(Positions, AMixtureOfLineAndSearchLabelsCachesBothKindsInTheirOwnFiles) {
  write_log(scratch_.file("a.jsonl"), "othello", random_games<othello::Othello>(20, 7));
  TuneOptions o = exact_ridge(scratch_.file("plain.cfg"));
  o.games = {scratch_.file("a.jsonl")};
  o.label = "line:0.5,search:0.5";
  o.search_depth = 2;
  const TuneReport plain = run_tune(o);
  o.label_cache = {scratch_.file("exact.obf")};
  EXPECT_THAT([&] { (void)run_tune(o); },
              testing::ThrowsMessage<InputError>(testing::HasSubstr("expected 2 files")));
  o.label_cache = {scratch_.file("exact.obf"), scratch_.file("search.obf")};
  o.out = scratch_.file("first.cfg");
  const TuneReport first = run_tune(o);
  EXPECT_EQ(first.sampling.cached, 0U);
  EXPECT_EQ(read_positions_file(scratch_.file("exact.obf")).label, "exact");
  EXPECT_EQ(read_positions_file(scratch_.file("exact.obf")).lines.size(), first.sampling.exact_solved);
  EXPECT_THAT(read_positions_file(scratch_.file("search.obf")).label, testing::StartsWith("search depth 2"));
  EXPECT_EQ(read_positions_file(scratch_.file("search.obf")).lines.size(), first.sampling.searched);
  o.out = scratch_.file("second.cfg");
  const TuneReport second = run_tune(o);
  EXPECT_EQ(second.sampling.cached, first.sampling.exact_solved + first.sampling.searched);
  EXPECT_EQ(second.sampling.searched, 0U);
  EXPECT_EQ(second.sampling.exact_nodes, 0U);
  EXPECT_EQ(weights_of(scratch_.file("second.cfg")), weights_of(scratch_.file("plain.cfg")));
  // Swapped files are refused by their headers, not mixed in.
  o.label_cache = {scratch_.file("search.obf"), scratch_.file("exact.obf")};
  EXPECT_THROW((void)run_tune(o), InputError);
}

TEST_F(Positions, TooFewPositionsAreRefusedBeforeLabellingAndLabelsOfAFailedFitAreKept) {
  write_log(scratch_.file("a.jsonl"), "othello", random_games<othello::Othello>(40, 5));
  TuneOptions o = exact_ridge(scratch_.file("out.cfg"));
  o.games = {scratch_.file("a.jsonl")};
  o.label_cache = {scratch_.file("cache.obf")};
  o.max_per_game = 1;
  o.holdout = 0.9;
  o.lambda = 0;
  EXPECT_THAT([&] { (void)run_tune(o); },
              testing::ThrowsMessage<InputError>(testing::HasSubstr("too few positions")));
  EXPECT_FALSE(std::filesystem::exists(scratch_.file("cache.obf"))) << "nothing was solved";
  // A fit that fails after its labels (here: an output under a regular file) keeps them.
  o = exact_ridge(scratch_.file("a.jsonl") + "/out.cfg");
  o.games = {scratch_.file("a.jsonl")};
  o.label_cache = {scratch_.file("cache.obf")};
  EXPECT_ANY_THROW((void)run_tune(o));
  EXPECT_FALSE(read_positions_file(scratch_.file("cache.obf")).lines.empty());
}

// Why: the cache used to be written only when labelling ended, so a tune killed during hours
// of solves kept none of them; the labelling loops now write it once a save interval passes.
TEST_F(Positions, LabelCacheIsWrittenOnceItsIntervalHasPassedAndReadsBack) {
  LabelCache cache = load_label_cache<othello::Othello>(scratch_.file("cache.obf"), "exact");
  cache.game = "othello";
  const auto start = othello::Othello::initial({});
  add_label(cache, othello::Othello::hash(start), othello::Othello::format_position(start), 400);
  save_label_cache_if_due(cache);
  EXPECT_FALSE(fs::exists(scratch_.file("cache.obf"))) << "written before its interval passed";
  cache.saved_at -= kLabelCacheSaveInterval;
  save_label_cache_if_due(cache);
  const LabelCache back = load_label_cache<othello::Othello>(scratch_.file("cache.obf"), "exact");
  ASSERT_EQ(back.labels.size(), 1U);
  EXPECT_EQ(back.labels.at(othello::Othello::hash(start)), 400);
  // Nothing added since: the file is not rewritten (a save at the end of a run costs nothing).
  fs::remove(scratch_.file("cache.obf"));
  cache.saved_at -= kLabelCacheSaveInterval;
  save_label_cache_if_due(cache);
  EXPECT_FALSE(fs::exists(scratch_.file("cache.obf")));
}

TEST_F(Positions, EdaxObfLinesReadWithTheBestMovesScore) {
  // FFO #1-#3 as distributed with Edax: best moves G8 +18, A4 +10, D1 +2 for the side to move.
  const auto lines = read_positions<othello::Othello>(std::string(ARENA_TEST_DATA) +
                                                      "/othello/fforum-1-19.obf");
  ASSERT_GE(lines.size(), 3U);
  EXPECT_EQ(lines[0].second, 1800);
  EXPECT_EQ(lines[1].second, 1000);
  EXPECT_EQ(lines[2].second, 200);
  EXPECT_EQ(othello::Othello::format_position(lines[0].first),
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
}

TEST_F(Positions, BlokusDuoPositionsAreMoveListsThatReplay) {
  write_log(scratch_.file("b.jsonl"), "blokus-duo", random_games<blokus_duo::BlokusDuo>(6, 3));
  ASSERT_EQ(
      arena("convert " + scratch_.file("b.jsonl") + " --to " + scratch_.file("b.obf") + " --label result"),
      0);
  const auto positions = read_positions<blokus_duo::BlokusDuo>(scratch_.file("b.obf"));
  ASSERT_FALSE(positions.empty());
  const PositionsFile file = read_positions_file(scratch_.file("b.obf"));
  EXPECT_EQ(file.game, "blokus-duo");
  for (std::size_t i = 0; i < positions.size(); ++i) {
    EXPECT_EQ(blokus_duo::BlokusDuo::format_position(positions[i].first), file.lines[i].position);
    EXPECT_EQ(positions[i].second % 100, 0) << "final scores are whole squares";
  }
}

TEST_F(Positions, BadLinesNameFileAndLine) {
  std::ofstream(scratch_.file("bad.obf")) << "# a comment\n" << std::string(64, '-') << " X\n";
  try {
    (void)read_positions_file(scratch_.file("bad.obf"));
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.obf:2:"), std::string::npos) << e.what();
  }
  std::ofstream(scratch_.file("bad2.obf")) << "x; +1.5.2\n";
  EXPECT_THROW((void)read_positions_file(scratch_.file("bad2.obf")), InputError);
  EXPECT_EQ(arena("convert " + scratch_.file("bad.obf") + " --to " + scratch_.file("x.jsonl")), 2);
  EXPECT_EQ(format_position_line("p", -325), "p; -3.25");
  EXPECT_EQ(format_position_line("p", 1200), "p; +12");
  EXPECT_EQ(format_position_line("p", -5), "p; -0.05");
}

}  // namespace
}  // namespace arena::tune
