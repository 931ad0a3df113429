// `arena loop` over MPI (loop/mpi_stages.hpp): `mpirun -n 2 arena loop` runs one loop whose
// self-play stages both ranks play, with the same results as the one-process loop of the same
// run config (fixed depths and seed): the same games in every stage's log (timing fields
// aside), the same round record and verdict, the same fitted config. A SIGTERM to every rank
// during a stage stops the loop after the games in flight, and the same command resumes it to
// the configured games. Skipped (not passed) without MPI or mpirun.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/selfplay/log_polling.hpp"
#include "tests/selfplay/mpi_jobs.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace t = arena::selfplay::testing;
using nlohmann::json;

/// The check's run config and start config as docs/scaling.md shows them (docs/loop-mpi/):
/// one round of fixed depths, a one-pair match, a final match of 20 games.
const fs::path kRecipe = fs::path(ARENA_SOURCE_DIR) / "docs" / "loop-mpi";

/// The text of `file`.
std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class MpiLoop : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = t::mpi_skip_reason(); !why.empty()) GTEST_SKIP() << why;
    fs::copy_file(kRecipe / "weak.cfg", dir_ / "weak.cfg");
  }

  /// The recipe's run config with `train` training games (40 as shipped).
  void write_config(int train) const {
    std::string text = read_text(kRecipe / "loop.cfg");
    const std::string shipped = "[train]\ngames = 40\n";
    const auto at = text.find(shipped);
    ASSERT_NE(at, std::string::npos) << "docs/loop-mpi/loop.cfg: no [train] games = 40";
    text.replace(at, shipped.size(), "[train]\ngames = " + std::to_string(train) + "\n");
    std::ofstream(dir_ / "loop.cfg") << text;
  }

  /// `arena loop` on the run folder `run` of the test's folder (under `mpirun -n ranks` when
  /// ranks > 0), stdout to `run`.out and stderr to `run`.err there.
  [[nodiscard]] std::string command(const std::string& run, int ranks) const {
    const std::string at = (dir_ / run).string();
    return (ranks > 0 ? t::mpirun(ranks) : std::string()) + "'" + ARENA_BINARY +
           "' loop --config '" + (dir_ / "loop.cfg").string() + "' --run-dir '" + at +
           "' --quiet --json >'" + at + ".out' 2>'" + at + ".err'";
  }
  int loop(const std::string& run, int ranks) const {
    const int rc = std::system(command(run, ranks).c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }

  [[nodiscard]] std::string slurp(const std::string& name) const { return read_text(dir_ / name); }

  arena::test::ScratchDir scratch_{"arena_loop_mpi"};
  const std::filesystem::path& dir_ = scratch_.path();
};

/// The game lines of a log by id, each re-serialised without the fields that record timing
/// (the game's `ms` and `times`, the evals' `ms` and `engine_ms`) and `after_decision`.
std::map<std::int64_t, std::string> games_by_id(const fs::path& log) {
  std::map<std::int64_t, std::string> out;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) {
    json g = json::parse(line);
    if (g.at("type") != "game") continue;
    for (const char* key : {"ms", "times", "cpu", "after_decision"}) g.erase(key);
    if (g.contains("evals")) {
      for (auto& e : g["evals"]) {
        if (e.is_object()) {
          e.erase("ms");
          e.erase("engine_ms");
        }
      }
    }
    const auto id = g.at("id").get<std::int64_t>();
    EXPECT_TRUE(out.emplace(id, g.dump()).second) << log << ": id " << id << " twice";
  }
  return out;
}

/// A JSON file without the keys that record wall time or where it ran.
json record_without(const fs::path& file, const std::vector<std::string>& keys) {
  json j = json::parse(std::ifstream(file));
  for (const auto& k : keys) j.erase(k);
  return j;
}

/// A config file without its comment lines (the tuner's header: date, input hashes, paths).
std::string without_comments(const fs::path& file) {
  std::ifstream in(file);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("#")) out += line + "\n";
  }
  return out;
}

TEST_F(MpiLoop, TwoRanksRunOneLoopEqualToTheOneProcessLoop) {
  constexpr int kTrain = 40;
  write_config(kTrain);
  ASSERT_EQ(loop("one", 0), 0) << slurp("one.err");
  ASSERT_EQ(loop("mpi", 2), 0) << slurp("mpi.err");
  // One loop: rank 0's summary, once (K independent loops would print K, or be refused).
  const json summary = json::parse(slurp("mpi.out"));
  ASSERT_EQ(summary.at("rounds").size(), 1U);
  EXPECT_EQ(summary["rounds"][0].at("games"), kTrain);

  const fs::path one = dir_ / "one";
  const fs::path mpi = dir_ / "mpi";
  for (const char* log : {"round-1/train.jsonl", "round-1/match.jsonl", "final.jsonl"}) {
    const auto want = games_by_id(one / log);
    EXPECT_FALSE(want.empty()) << log;
    EXPECT_EQ(games_by_id(mpi / log), want) << log;
  }
  EXPECT_EQ(games_by_id(one / "round-1/train.jsonl").size(), static_cast<std::size_t>(kTrain));
  EXPECT_EQ(games_by_id(one / "final.jsonl").size(), 20U);
  EXPECT_EQ(record_without(mpi / "round-1/round.json", {"seconds"}),
            record_without(one / "round-1/round.json", {"seconds"}));
  EXPECT_EQ(without_comments(mpi / "round-1/candidate.cfg"),
            without_comments(one / "round-1/candidate.cfg"));
  json mpi_summary = record_without(mpi / "summary.json", {"seconds", "run_dir"});
  json one_summary = record_without(one / "summary.json", {"seconds", "run_dir"});
  mpi_summary["rounds"][0].erase("seconds");
  one_summary["rounds"][0].erase("seconds");
  EXPECT_EQ(mpi_summary, one_summary);
  // The config is meant to accept its candidate, so that the final match is compared too.
  EXPECT_TRUE(json::parse(std::ifstream(one / "round-1/round.json")).at("accepted").get<bool>())
      << "the candidate was not accepted: the final match was not played";
}

// A scheduler's scancel or time limit sends SIGTERM to every task: the loop stops after the
// games in flight of its stage (exit 130, the training log of whole lines), and the same
// command resumes it to exactly the configured games, as the one-process loop would play them.
TEST_F(MpiLoop, SigtermToEveryRankStopsTheLoopAndTheSameCommandResumesIt) {
  constexpr int kTrain = arena::test::by_build(300, 50);
  write_config(kTrain);
  const fs::path train = dir_ / "mpi" / "round-1" / "train.jsonl";
  const pid_t job = t::start_job("env " + command("mpi", 2));
  ASSERT_GT(job, 0);
  t::wait_for_logged_games(train, 10);
  const std::string tag = (dir_ / "mpi").string();  // in this job's command line only
  const pid_t ranks[2] = {t::find_rank(0, tag), t::find_rank(1, tag)};
  if (ranks[0] > 0 && ranks[1] > 0) {
    for (const pid_t p : ranks) ::kill(p, SIGTERM);
  }
  const int status = t::wait_status(job);
  if (status == 0) GTEST_SKIP() << "the loop finished before the signal";
  ASSERT_GT(ranks[0], 0) << slurp("mpi.err");
  ASSERT_GT(ranks[1], 0) << slurp("mpi.err");
  EXPECT_EQ(status, 130) << slurp("mpi.err");
  const std::string err = slurp("mpi.err");
  EXPECT_NE(err.find("SIGTERM on rank"), std::string::npos) << err;
  EXPECT_NE(err.find("rerun the same command"), std::string::npos) << err;
  const int logged = t::logged_games(train);
  EXPECT_LT(logged, kTrain);
  EXPECT_EQ(games_by_id(train).size(), static_cast<std::size_t>(logged));  // whole lines only
  EXPECT_FALSE(fs::exists(dir_ / "mpi" / "round-1" / "round.json"));

  ASSERT_EQ(loop("mpi", 2), 0) << slurp("mpi.err");
  ASSERT_EQ(loop("one", 0), 0) << slurp("one.err");
  EXPECT_EQ(games_by_id(train), games_by_id(dir_ / "one" / "round-1" / "train.jsonl"));
  EXPECT_EQ(record_without(dir_ / "mpi" / "round-1" / "round.json", {"seconds"}),
            record_without(dir_ / "one" / "round-1" / "round.json", {"seconds"}));
}

}  // namespace
