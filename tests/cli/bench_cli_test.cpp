// `arena bench` end to end: the node signature of the shipped bench lists equals the one
// stored in bench/signature.txt, per game and in total; the first three Othello positions give
// the 61114 nodes quoted in commit 1fb4615 (measured then by bench/search_bench.cpp) and the
// Blokus Duo position of that benchmark its 5923; a bad list line is exit 2 naming FILE:LINE.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/command.hpp"

namespace {

using arena::test::CommandRun;
using arena::test::run_arena;

namespace fs = std::filesystem;

/// bench/signature.txt: "NAME NODES" lines (games, then `signature`), # comments.
std::map<std::string, std::uint64_t> stored_signature() {
  std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/bench/signature.txt");
  std::map<std::string, std::uint64_t> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string name;
    std::uint64_t nodes = 0;
    if (words >> name >> nodes) out[name] = nodes;
  }
  return out;
}

fs::path write_list(const std::string& name, const std::string& text) {
  const fs::path file = fs::temp_directory_path() / (name + std::to_string(::getpid()) + ".txt");
  std::ofstream(file) << text;
  return file;
}

TEST(BenchCli, SignatureMatchesTheStoredOne) {
  const auto stored = stored_signature();
  ASSERT_EQ(stored.size(), 3U) << "bench/signature.txt: two games and the signature";
  const CommandRun r = run_arena("bench --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc.at("signature").get<std::uint64_t>(), stored.at("signature"));
  EXPECT_GT(doc.at("nodes_per_second").get<double>(), 0.0);
  ASSERT_EQ(doc.at("games").size(), 2U);
  for (const auto& g : doc.at("games")) {
    const auto game = g.at("game").get<std::string>();
    ASSERT_EQ(stored.count(game), 1U) << game;
    EXPECT_EQ(g.at("nodes").get<std::uint64_t>(), stored.at(game)) << game;
  }
}

TEST(BenchCli, SearchBenchPositionsGiveTheQuotedNodes) {
  const fs::path othello = write_list(
      "bench_othello_",
      "start\n--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n"
      "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7\n");
  CommandRun r = run_arena("bench --game othello --json --positions " + othello.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("signature").get<std::uint64_t>(), 61114U);
  const fs::path blokus = write_list("bench_blokus_", "56u0 9Au0  # search_bench's position\n");
  r = run_arena("bench --game blokus-duo --json --positions " + blokus.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("signature").get<std::uint64_t>(), 5923U);
  fs::remove(othello);
  fs::remove(blokus);
}

TEST(BenchCli, BadPositionLineExits2NamingFileAndLine) {
  const fs::path bad = write_list("bench_bad_", "# a comment\nstart\nf5 zz\n");
  const CommandRun r = run_arena("bench --game othello --positions " + bad.string(), true);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find(bad.string() + ":3:"), std::string::npos) << r.out;
  EXPECT_EQ(run_arena("bench --positions " + bad.string()).status, 2);  // needs one --game
  fs::remove(bad);
}

}  // namespace
