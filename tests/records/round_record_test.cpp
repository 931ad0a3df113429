// The loop's run-folder records (records/round_record.hpp) against a run folder written by
// tests/data/report/make_fixtures.py (Python's json module, not this reader's writer): every
// field read as written, the writer giving the same document back, and a damaged record named
// by file and key.
#include "records/round_record.hpp"

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "tests/support/scratch_dir.hpp"

namespace arena::records {
namespace {

namespace fs = std::filesystem;

const std::string kSummary = std::string(ARENA_TEST_DATA) + "/report/loop-run/summary.json";

nlohmann::json parsed(const std::string& path) { return nlohmann::json::parse(std::ifstream(path)); }

std::string error_of(const std::string& path) {
  try {
    (void)read_round_record(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(RoundRecord, FixtureSummaryReadsAsWritten) {
  const nlohmann::json j = parsed(kSummary);
  const LoopRecord s = read_loop_record(kSummary);
  EXPECT_EQ(s.game, "othello");
  EXPECT_EQ(s.start_config, j["start_config"]);
  ASSERT_EQ(s.rounds.size(), j["rounds"].size());
  for (std::size_t i = 0; i < s.rounds.size(); ++i) {
    const auto& r = s.rounds[i];
    const auto& w = j["rounds"][i];
    EXPECT_EQ(r.round, w["round"]);
    EXPECT_EQ(r.train_games, w["games"]);
    EXPECT_EQ(r.wins, w["wdl"]["wins"]);
    EXPECT_EQ(r.losses, w["wdl"]["losses"]);
    EXPECT_DOUBLE_EQ(r.holdout_loss_after, w["losses"]["holdout_after"].get<double>());
    EXPECT_DOUBLE_EQ(r.elo_high, w["elo_ci95"][1].get<double>());
    EXPECT_EQ(r.sprt_state, w["sprt"]);
    EXPECT_EQ(r.pair, w["pair"]);
    EXPECT_EQ(r.candidate_config, w["candidate_config"]);
  }
  EXPECT_EQ(s.best_vs_start.played, !j["best_vs_start"].is_null());
  // The writer gives back the document the fixture's script wrote.
  EXPECT_EQ(to_json(s), j);
}

class RoundRecordFile : public ::testing::Test {
 protected:
  /// The fixture's first round with `edit` applied, written to round.json.
  std::string round_with(const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json r = parsed(kSummary)["rounds"][0];
    edit(r);
    const std::string path = (dir_ / "round.json").string();
    std::ofstream(path) << r.dump(2);
    return path;
  }
  arena::test::ScratchDir scratch_{"arena_round_record"};
  const std::filesystem::path& dir_ = scratch_.path();
};

TEST_F(RoundRecordFile, NullNumbersReadAsNanAndPairIsOptional) {
  const auto path = round_with([](nlohmann::json& r) {
    r["elo"] = nullptr;
    r["elo_ci95"][1] = nullptr;
    r.erase("pair");
  });
  const RoundRecord r = read_round_record(path);
  EXPECT_TRUE(std::isnan(r.elo));
  EXPECT_TRUE(std::isnan(r.elo_high));
  EXPECT_FALSE(std::isnan(r.elo_low));
  EXPECT_TRUE(r.pair.is_null());
  EXPECT_TRUE(to_json(r)["elo"].is_null());
}

TEST_F(RoundRecordFile, DamagedRecordNamesFileAndKey) {
  const auto wrong = round_with([](nlohmann::json& r) { r["wdl"]["wins"] = "six"; });
  EXPECT_EQ(error_of(wrong), wrong + ": key 'wdl.wins': expected an integer, got \"six\"");
  const auto missing = round_with([](nlohmann::json& r) { r["losses"].erase("train_after"); });
  EXPECT_EQ(error_of(missing), missing + ": missing key 'losses.train_after'");
  const auto interval = round_with([](nlohmann::json& r) { r["elo_ci95"][0] = "low"; });
  EXPECT_EQ(error_of(interval), interval + ": key 'elo_ci95[0]': expected a number or null, got \"low\"");
  const std::string torn = (dir_ / "torn.json").string();
  std::ofstream(torn) << "{\"round\": 1,";
  EXPECT_NE(error_of(torn).find(torn + ": malformed JSON in the round record"), std::string::npos);
  EXPECT_NE(error_of((dir_ / "absent.json").string()).find("absent.json"), std::string::npos);
}

}  // namespace
}  // namespace arena::records
