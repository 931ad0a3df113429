// run_tune end to end on a tiny log of random Blokus Duo games written here with the log
// writer: it fits, lowers the training loss, splits by game, writes a config that loads as is,
// and refuses bad input (a file that is not a log, a log of another game, too few positions,
// an unknown label) with InputError; the CLI maps those to exit status 2.
#include "engine/registry/run_tune.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"
#include "records/game_log.hpp"
#include "tests/tune/random_games.hpp"
#include "tune/tune.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::tune {
namespace {

namespace fs = std::filesystem;

const std::string kBlokusClassic = std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/classic.cfg";

class RunTune : public ::testing::Test {
 protected:
  /// A log of 40 random Blokus Duo games.
  std::string blokus_log() {
    const auto p = scratch_.file("blokus.jsonl");
    write_log(p, "blokus-duo", random_games<blokus_duo::BlokusDuo>(40, 7));
    return p;
  }

  TuneOptions options(const std::string& log) const {
    TuneOptions o;
    o.games = {log};
    o.init = kBlokusClassic;
    o.out = scratch_.file("tuned.cfg");
    o.method = FitMethod::Ridge;
    o.label = "score";
    o.holdout = 0.25;
    o.skip_plies = 2;
    o.lambda = 1e-3;
    o.quiet = true;
    return o;
  }

  arena::test::ScratchDir scratch_{"arena_tune"};
};

/// A text file's whole content.
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_F(RunTune, RidgeOnScoresLowersTheTrainingLossAndWritesALoadableConfig) {
  const TuneReport r = run_tune(options(blokus_log()));
  EXPECT_EQ(r.game, "blokus-duo");
  EXPECT_EQ(r.sampling.games, 40U);
  EXPECT_GT(r.sampling.holdout_games, 0U);
  EXPECT_GT(r.holdout_positions, 0U);
  EXPECT_EQ(r.sampling.train_games + r.sampling.holdout_games, 40U);
  EXPECT_LT(r.train_loss_after, r.train_loss_before);
  EXPECT_EQ(r.solver, "ldlt");
  const core::EngineConfig start = core::load_engine_config(kBlokusClassic);
  const core::EngineConfig tuned = core::load_engine_config(r.out);
  EXPECT_EQ(tuned.name, start.name + "-tuned");
  EXPECT_EQ(tuned.game, start.game);
  EXPECT_EQ(tuned.features, start.features);
  EXPECT_EQ(tuned.limits.depth, start.limits.depth);
  EXPECT_NE(tuned.weights, start.weights);
  // Provenance: the input's hash is in the comments.
  std::ifstream in(r.out);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(file_hash(r.inputs.at(0).path)), std::string::npos);
  EXPECT_NE(text.find("label score; method ridge"), std::string::npos);
  // The JSON report carries the contract's keys.
  const auto j = to_json(r);
  for (const char* key : {"positions", "train_loss_before", "train_loss_after",
                          "holdout_loss_before", "holdout_loss_after", "seconds", "out",
                          "method", "label", "positions_per_second"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["positions"].get<std::size_t>(), r.train_positions + r.holdout_positions);
}

TEST_F(RunTune, SameSeedSameFitAndLogisticRunsToo) {
  const auto log = blokus_log();
  TuneOptions o = options(log);
  o.out.clear();
  const TuneReport a = run_tune(o);
  const TuneReport b = run_tune(o);
  EXPECT_EQ(a.train_positions, b.train_positions);
  EXPECT_DOUBLE_EQ(a.train_loss_after, b.train_loss_after);
  o.method = FitMethod::Logistic;
  o.label = "result";
  const TuneReport c = run_tune(o);
  EXPECT_EQ(c.solver, "newton");
  EXPECT_GT(c.scale, 0.0);
  EXPECT_LE(c.train_loss_after, c.train_loss_before);
}

TEST_F(RunTune, MaxPerGameCapsPositions) {
  TuneOptions o = options(blokus_log());
  o.out.clear();
  o.max_per_game = 3;
  const TuneReport r = run_tune(o);
  EXPECT_LE(r.train_positions + r.holdout_positions, 40U * 3U);
  EXPECT_GT(r.sampling.capped, 0U);
}

TEST_F(RunTune, SearchLabelsComeFromTheTunersOwnSearchWhenTheLogHasNone) {
  TuneOptions o = options(blokus_log());
  o.out.clear();
  o.label = "search";
  o.max_per_game = 4;
  // A log without recorded evaluations has no search labels: every position is dropped.
  EXPECT_THROW((void)run_tune(o), InputError);
  // With --search-depth the tuner labels them itself, at most search_max of them.
  o.search_depth = 1;
  o.search_max = 100;
  o.threads = 1;
  const TuneReport one = run_tune(o);
  EXPECT_EQ(one.sampling.searched, 100U);
  EXPECT_EQ(one.train_positions + one.holdout_positions, 100U);
  EXPECT_EQ(one.sampling.search_capped + 100U,
            one.sampling.candidates - one.sampling.duplicates - one.sampling.capped);
  EXPECT_GT(one.sampling.search_nodes, 0U);
  EXPECT_LT(one.train_loss_after, one.train_loss_before);
  // Labels do not depend on the number of threads (each search starts from a clear table).
  o.threads = 2;
  const TuneReport two = run_tune(o);
  EXPECT_EQ(two.sampling.search_nodes, one.sampling.search_nodes);
  EXPECT_DOUBLE_EQ(two.train_loss_before, one.train_loss_before);
  EXPECT_DOUBLE_EQ(two.holdout_loss_after, one.holdout_loss_after);
}

TEST_F(RunTune, ReportsTheHoldoutLossOfEveryPhase) {
  TuneOptions o = options(blokus_log());
  o.out.clear();
  const TuneReport r = run_tune(o);
  const auto phases =
      static_cast<std::size_t>(blokus_duo::BlokusDuo::make_feature_set("classic")->num_phases());
  ASSERT_EQ(r.holdout_phase_loss_before.size(), phases);
  ASSERT_EQ(r.holdout_phase_loss_after.size(), phases);
  const auto j = to_json(r);
  EXPECT_EQ(j["holdout_phase_loss_after"].size(), phases);
  double lowest = r.holdout_phase_loss_before[0];
  double highest = lowest;
  for (const double v : r.holdout_phase_loss_before) {
    lowest = std::min(lowest, v);
    highest = std::max(highest, v);
  }
  // The overall loss is a mean of the phases' losses weighted by their rows.
  EXPECT_GE(r.holdout_loss_before, lowest);
  EXPECT_LE(r.holdout_loss_before, highest);
  EXPECT_NE(format_report(r).find("holdout loss by phase"), std::string::npos);
  EXPECT_EQ(j["warnings"].size(), warnings(r).size());
}

TEST(TuneReportWarnings, NameARisingHoldoutLossInTextAndJson) {
  // The figures of a refit of patterns.cfg's weights on 269,743 positions at --lambda 1e-5.
  TuneReport r;
  r.method = "ridge";
  r.train_positions = 269743;
  r.train_loss_before = 93.053655;
  r.train_loss_after = 67.215909;
  r.holdout_loss_before = 98.862843;
  r.holdout_loss_after = 112.295742;
  ASSERT_EQ(warnings(r).size(), 1U);
  EXPECT_NE(warnings(r)[0].find("98.862843 -> 112.295742"), std::string::npos) << warnings(r)[0];
  EXPECT_NE(format_report(r).find("warning: the holdout loss rose"), std::string::npos);
  EXPECT_EQ(to_json(r)["warnings"].size(), 1U);
  r.holdout_loss_after = 95.0;
  EXPECT_TRUE(warnings(r).empty());
  r.holdout_loss_after = std::numeric_limits<double>::quiet_NaN();  // no holdout games
  EXPECT_TRUE(warnings(r).empty());
}

TEST_F(RunTune, MpcWritesTheStartConfigWithFittedPairsThatAnEngineSearchesWith) {
  const auto log = scratch_.file("othello.jsonl");
  write_log(log, "othello", random_games<othello::Othello>(40, 11));
  TuneOptions o = options(log);
  o.init = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
  o.method = FitMethod::Mpc;
  o.mpc_pairs = "3:1,4:2";
  o.mpc_threshold = 1.2;
  o.max_per_game = 40;
  const TuneReport r = run_tune(o);
  EXPECT_EQ(r.method, "mpc");
  EXPECT_EQ(r.mpc_fits.size(), 2U);
  const core::EngineConfig start = core::load_engine_config(o.init);
  const core::EngineConfig tuned = core::load_engine_config(r.out);
  EXPECT_EQ(tuned.weights, start.weights);
  EXPECT_DOUBLE_EQ(tuned.mpc.threshold, 1.2);
  ASSERT_EQ(tuned.mpc.pairs.size(), 2U);
  EXPECT_EQ(tuned.mpc.pairs[1].depth, 4);
  EXPECT_EQ(tuned.mpc.pairs[1].shallow, 2);
  // Random games reach every stage but the last (stage 12 is the full board, never sampled:
  // 5-1 empties are stage 11); the stages with enough positions are fitted.
  EXPECT_EQ(tuned.mpc.pairs[0].stages.size(), 12U);
  int fitted = 0;
  for (const auto& f : tuned.mpc.pairs[0].stages) fitted += f.sigma > 0 ? 1 : 0;
  EXPECT_GT(fitted, 5);
  std::ifstream in(r.out);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("method mpc: "), std::string::npos);
  EXPECT_NE(text.find(file_hash(log)), std::string::npos);
  // The tuned engine searches with its cuts: fewer nodes than the start at the same depth.
  core::Engine<othello::Othello> plain(start);
  core::Engine<othello::Othello> cut(tuned);
  core::SearchLimits limits;
  limits.depth = 7;
  const auto p = othello::Othello::initial({});
  EXPECT_LT(cut.think(p, limits, 0).nodes, plain.think(p, limits, 0).nodes);
  // A refit from the tuned config replaces its pairs (it appended them: the output named
  // pair_3_1 twice and no engine config loader took it).
  o.init = r.out;
  o.out = scratch_.file("refit.cfg");
  o.mpc_pairs = "5:1";
  const core::EngineConfig refit = core::load_engine_config(run_tune(o).out);
  ASSERT_EQ(refit.mpc.pairs.size(), 1U);
  EXPECT_EQ(refit.mpc.pairs[0].depth, 5);
  // --mpc-selective keeps the start's pairs, searches with them, and adds the fitted ones:
  // 3:1 kept, 4:2 replaced, 5:1 added, in depth order.
  o.init = r.out;
  o.out = scratch_.file("selective.cfg");
  o.mpc_pairs = "5:1,4:2";
  o.mpc_selective = true;
  const TuneReport sr = run_tune(o);
  const core::EngineConfig selective = core::load_engine_config(sr.out);
  ASSERT_EQ(selective.mpc.pairs.size(), 3U);
  EXPECT_EQ(selective.mpc.pairs[0], tuned.mpc.pairs[0]);
  EXPECT_EQ(selective.mpc.pairs[1].depth, 4);
  EXPECT_NE(selective.mpc.pairs[1], tuned.mpc.pairs[1]);  // its shallow values were selective
  EXPECT_EQ(selective.mpc.pairs[2].depth, 5);
  std::ifstream sin(sr.out);
  const std::string stext((std::istreambuf_iterator<char>(sin)), std::istreambuf_iterator<char>());
  EXPECT_NE(stext.find("Multi-ProbCut on: its pairs kept"), std::string::npos);
  o.mpc_selective = false;
  o.mpc_pairs = "3:3";
  EXPECT_THROW((void)run_tune(o), InputError);
}

TEST_F(RunTune, BookWritesAConfigThatPlaysTheBestFirstMoveOfItsGames) {
  // Blokus Duo has no board symmetries here: the start's book moves are the games' first
  // moves, each valued by the mean final score of its games (first player's view).
  const auto games = random_games<blokus_duo::BlokusDuo>(40, 7);
  const auto log = scratch_.file("blokus.jsonl");
  write_log(log, "blokus-duo", games);
  std::map<std::string, std::pair<int, double>> first;  // move -> games, score sum
  for (const auto& g : games) {
    auto& [n, sum] = first[g.moves.front()];
    ++n;
    sum += g.score;
  }
  std::string best;
  double best_mean = -1e9;
  int best_games = 0;
  for (const auto& [move, stats] : first) {  // ties: more games, then notation (map order)
    const double mean = stats.second / stats.first;
    if (mean > best_mean || (mean == best_mean && stats.first > best_games)) {
      best = move;
      best_mean = mean;
      best_games = stats.first;
    }
  }
  TuneOptions o = options(log);
  o.method = FitMethod::Book;
  o.book_plies = 1;
  o.book_games = 1;
  const TuneReport r = run_tune(o);
  EXPECT_EQ(r.method, "book");
  EXPECT_EQ(r.book_positions, 1U);
  EXPECT_EQ(r.book_moves, first.size());
  EXPECT_EQ(r.weights_file, scratch_.file("tuned.book"));
  const core::EngineConfig cfg = core::load_engine_config(r.out);
  EXPECT_EQ(cfg.book_file, scratch_.file("tuned.book"));
  core::Engine<blokus_duo::BlokusDuo> engine(cfg);
  const auto start = blokus_duo::BlokusDuo::initial({});
  const auto played = engine.think(start, {}, 0);
  EXPECT_EQ(blokus_duo::BlokusDuo::format_move(start, played.best), best);
  EXPECT_EQ(played.nodes, 0U);
  EXPECT_EQ(played.score, static_cast<int>(std::lround(100 * best_mean)));
  EXPECT_NE(read_text(r.weights_file).find("method book: 1 positions"), std::string::npos);

  // With --book-depth the leaves are searched by the start config: Othello, two plies.
  const auto olog = scratch_.file("othello.jsonl");
  write_log(olog, "othello", random_games<othello::Othello>(30, 5));
  o.games = {olog};
  o.init = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
  o.out = scratch_.file("searched.cfg");
  o.book_plies = 2;
  o.book_depth = 2;
  const TuneReport s = run_tune(o);
  EXPECT_GT(s.sampling.searched, 0U);
  EXPECT_GT(s.sampling.search_nodes, 0U);
  EXPECT_GE(s.book_positions, 2U);
  core::Engine<othello::Othello> searched(core::load_engine_config(s.out));
  EXPECT_EQ(searched.think(othello::Othello::initial({}), {}, 0).nodes, 0U);

  // Options out of range, and --positions, which a book cannot use.
  for (const auto& bad : {std::pair{&TuneOptions::book_plies, 0}, std::pair{&TuneOptions::book_games, 0},
                          std::pair{&TuneOptions::book_depth, 65}}) {
    TuneOptions b = o;
    b.*bad.first = bad.second;
    EXPECT_THROW((void)run_tune(b), InputError);
  }
  o.positions = {olog};
  EXPECT_THROW((void)run_tune(o), InputError);
}

TEST_F(RunTune, RejectsAFileThatIsNotALogNamingItsLine) {
  const auto bad = scratch_.file("bad.jsonl");
  std::ofstream(bad) << "this is not json\n";
  try {
    (void)run_tune(options(bad));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.jsonl:1"), std::string::npos) << e.what();
  }
}

TEST_F(RunTune, RejectsALogOfAnotherGame) {
  const auto log = scratch_.file("othello.jsonl");
  write_log(log, "othello", random_games<othello::Othello>(2, 3));
  EXPECT_THROW((void)run_tune(options(log)), InputError);
}

TEST_F(RunTune, RejectsTooFewPositionsForTheWeights) {
  TuneOptions o = options(blokus_log());
  o.max_per_game = 1;
  o.holdout = 0.9;
  o.lambda = 0;
  try {
    (void)run_tune(o);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("too few positions"), std::string::npos) << e.what();
  }
}

TEST_F(RunTune, RefitsFittedWeightsOnFewPositions) {
  // With the pull towards fitted start weights the fit is well posed on any number of
  // positions; the start weights are classic's nonzero ones.
  TuneOptions o = options(blokus_log());
  o.max_per_game = 1;
  o.holdout = 0.9;
  const TuneReport r = run_tune(o);
  EXPECT_LT(r.train_positions, r.num_weights);
  EXPECT_TRUE(fs::exists(o.out));
}

TEST_F(RunTune, RejectsUnknownLabelAndMethod) {
  TuneOptions o = options(blokus_log());
  o.label = "score:0.5,bogus:0.5";
  EXPECT_THROW((void)run_tune(o), InputError);
  EXPECT_THROW((void)parse_method("sgd"), InputError);
}

/// Runs `arena tune ARGS`, returning the exit status; stderr goes to `err_file`.
int arena_tune(const std::string& args, const std::string& err_file) {
  const std::string cmd = std::string(ARENA_BINARY) + " tune " + args + " >/dev/null 2>" + err_file;
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST_F(RunTune, CliExitsTwoOnBadInputAndPrintsJson) {
  const auto bad = scratch_.file("bad.jsonl");
  std::ofstream(bad) << "{\"type\":\"game\"}\n";
  const auto err = scratch_.file("err.txt");
  EXPECT_EQ(arena_tune("--games " + bad + " --init " + kBlokusClassic, err), 2);
  EXPECT_NE(read_text(err).find("bad.jsonl:1"), std::string::npos) << read_text(err);
  const auto log = blokus_log();
  EXPECT_EQ(arena_tune("--games " + log + " --init " + kBlokusClassic + " --label bogus", err), 2);
  EXPECT_EQ(arena_tune("--games " + log + " --init " + kBlokusClassic + " --method sgd", err), 2);
  const auto out = scratch_.file("report.json");
  const std::string cmd = std::string(ARENA_BINARY) + " tune --games " + log + " --init " + kBlokusClassic +
                          " --method ridge --label score --skip-plies 2 " + "--out " +
                          scratch_.file("cli.cfg") + " --json >" + out + " 2>" + err;
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read_text(err);
  const auto j = nlohmann::json::parse(read_text(out));
  EXPECT_EQ(j["out"], scratch_.file("cli.cfg"));
  EXPECT_GT(j["positions"].get<int>(), 0);
}

TEST(Label, ParsesMixturesAndNormalisesWeights) {
  const auto terms = parse_label("score:3,search:1");
  ASSERT_EQ(terms.size(), 2U);
  EXPECT_EQ(terms[0].kind, LabelKind::Score);
  EXPECT_DOUBLE_EQ(terms[0].weight, 0.75);
  EXPECT_DOUBLE_EQ(terms[1].weight, 0.25);
  EXPECT_EQ(label_text(terms), "score:0.75,search:0.25");
  EXPECT_THROW((void)parse_label("score:0"), InputError);
  EXPECT_THROW((void)parse_label("score,score"), InputError);
  EXPECT_THROW((void)parse_label(""), InputError);
}

}  // namespace
}  // namespace arena::tune
