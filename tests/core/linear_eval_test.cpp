// Linear evaluation over a toy feature set: weights from [weights] keys and from a weights
// file, the checks against the feature declaration, and the checksum.
#include "engine/core/linear_eval.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/core/toy_games.hpp"

namespace arena::core {
namespace {

using ::testing::HasSubstr;
using toy::TicTacToe;
using toy::TttFeatures;

EngineConfig weights_config(const std::string& weights, const std::string& extra = "") {
  return parse_engine_config("name = t\ngame = tictactoe\n" + extra + "[weights]\n" + weights,
                             "t.cfg");
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("arena_core_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

TEST(LinearEval, SumsWeightTimesValuePerPhase) {
  const LinearEval<toy::TttPosition> eval(std::make_unique<TttFeatures>(),
                                          weights_config("centre = 50 10\nlines = 3\n"));
  SparseFeatures scratch;
  // X in the centre, O to move: centre -1 for the mover, open lines: X blocks 4 of O's lines.
  const auto p = TicTacToe::parse_position("----X----", {});
  EXPECT_EQ(eval.evaluate(p, scratch), -50 + 3 * -4);
  // Phase 1 (ply >= 4) uses the second centre weight; corners default to 0.
  const auto q = TicTacToe::parse_position("XO--X--O-", {});
  EXPECT_EQ(TttFeatures().phase(q), 1);
  EXPECT_EQ(eval.evaluate(q, scratch), 10 + 3 * 3);  // 5 lines open for X, 2 for O
}

TEST(LinearEval, UnknownFeatureNamesFileLineAndKey) {
  try {
    const LinearEval<toy::TttPosition> eval(std::make_unique<TttFeatures>(),
                                            weights_config("centre = 1\nedges = 2\n"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.cfg:5: key 'weights.edges'"));
    EXPECT_THAT(e.what(), HasSubstr("centre, corners, lines"));
  }
}

TEST(LinearEval, WrongValueCountIsAnError) {
  EXPECT_THROW(LinearEval<toy::TttPosition>(std::make_unique<TttFeatures>(), weights_config("centre = 1 2 3\n")),
               InputError);
}

TEST(LinearEval, EntriesRoundTripThroughResolve) {
  const TttFeatures fs;
  const std::vector<double> w = {1, 2, 3, 1, -2, 3};  // phase-major, 2 phases x 3
  EngineConfig cfg = weights_config("");
  cfg.weights = weights_to_entries(fs, w);
  EXPECT_EQ(cfg.weights[0].second.size(), 1U);
  EXPECT_EQ(cfg.weights[1].second.size(), 2U);
  EXPECT_EQ(resolve_weights(fs, cfg), w);
}

TEST(WeightsFile, WritesReadsAndOverlaysConfigKeys) {
  const TttFeatures fs;
  const std::string path = temp_path("ok.weights");
  write_weights_file(path, weights_header(fs), {1.25, 2, 3, 4, 5, 6e-7});
  EXPECT_EQ(read_weights_file(path, weights_header(fs)), (std::vector<double>{1.25, 2, 3, 4, 5, 6e-7}));
  const EngineConfig cfg = weights_config("lines = 9\n", "[eval]\nweights_file = " + path + "\n");
  EXPECT_EQ(resolve_weights(fs, cfg), (std::vector<double>{1.25, 2, 9, 4, 5, 9}));
  std::remove(path.c_str());
}

TEST(WeightsFile, ChecksumMismatchIsRefused) {
  const TttFeatures fs;
  const std::string path = temp_path("bad.weights");
  write_weights_file(path, weights_header(fs), {1, 2, 3, 4, 5, 6});
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  std::string s = text.str();
  s.replace(s.find("\n4 "), 3, "\n7 ");
  std::ofstream(path, std::ios::trunc) << s;
  try {
    (void)read_weights_file(path, weights_header(fs));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
    EXPECT_THAT(e.what(), HasSubstr("checksum mismatch"));
  }
  std::remove(path.c_str());
}

TEST(WeightsFile, OtherDeclarationIsRefused) {
  const TttFeatures fs;
  const std::string path = temp_path("other.weights");
  WeightsHeader other = weights_header(fs);
  other.declaration_hash ^= 1;
  write_weights_file(path, other, {1, 2, 3, 4, 5, 6});
  try {
    (void)read_weights_file(path, weights_header(fs));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path + ":2:"));
    EXPECT_THAT(e.what(), HasSubstr("written for feature set"));
  }
  std::remove(path.c_str());
  EXPECT_THROW((void)read_weights_file(path, weights_header(fs)), InputError);  // missing now
}

}  // namespace
}  // namespace arena::core
