// `arena analyze` end to end (the built executable): direct counts against worked-examples.md
// (T1, P1, S3), logs written line by line here and counted by hand, torn/unknown/non-log
// inputs (exit 2 or a warning naming file:line), and plots through gnuplot.
#include <filesystem>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/analysis/worked_examples.hpp"
#include "tests/support/command.hpp"

namespace arena::analysis {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;
using test::read_file;

/// `arena analyze`'s exit status, stdout and stderr.
struct AnalyzeRun {
  int status = -1;
  std::string out;
  std::string err;
};

/// A file of this test process's scratch folder, which goes away when the process ends (ctest
/// runs every test as its own process; the files used to stay in /tmp, 21 a run).
std::string temp_path(const std::string& name) {
  struct Scratch {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("arena_analyze_" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  };
  static const Scratch scratch;
  return (scratch.dir / name).string();
}

/// Runs `arena analyze <options>` with an optional environment prefix (e.g. "env PATH=/x").
AnalyzeRun analyze(const std::string& options, const std::string& env = "") {
  const std::string err_path = temp_path("stderr.txt");
  const test::CommandRun r = test::run_command((env.empty() ? "" : env + " ") +
                                               test::arena_command("analyze " + options) +
                                               " 2>'" + err_path + "'");
  AnalyzeRun a{r.status, r.out, read_file(err_path)};
  std::filesystem::remove(err_path);
  return a;
}

json run_record(const std::vector<std::string>& engines, const std::string& sprt = "") {
  json list = json::array();
  for (const auto& e : engines) {
    list.push_back({{"name", e}, {"hash", "0123456789abcdef"}, {"config", "name = " + e + "\n"}, {"path", ""}});
  }
  return {{"type", "run"},           {"format_version", 1},
          {"game", "othello"},       {"rules", ""},
          {"engines", list},         {"seed", 1},
          {"limits", {{"depth", 1}, {"nodes", 0}, {"movetime", 0}, {"tc", ""}}},
          {"openings", "random:2"},  {"opening_order", "sequential"},
          {"format", "round-robin"}, {"games", 100},
          {"shard", {{"index", 0}, {"count", 1}}},
          {"sprt", sprt},            {"temperature", 0},
          {"temperature_plies", 0},  {"record_evals", false},
          {"command_line", {"arena", "selfplay"}}, {"arena_version", "0"},
          {"arena_revision", "test"}, {"start_time", "2026-01-01T00:00:00Z"}};
}

/// A game line: `score` from the first player's view decides the result. The games stop after
/// four plies (legal ones: analyze replays every game), so they are adjudicated by default.
json game_line(int id, const std::string& first, const std::string& second, int score,
               const std::string& termination = "adjudicated", const std::string& opening = "f5") {
  const std::string result = score > 0 ? "1-0" : score < 0 ? "0-1" : "1/2-1/2";
  return {{"type", "game"},      {"id", id},
          {"pair", id / 2},      {"opening", {opening}},
          {"first", first},      {"second", second},
          {"moves", opening == "d3" ? json{"c5", "f6", "f5"} : json{"d6", "c3", "d3"}},
          {"score", score},
          {"result", result},    {"termination", termination},
          {"reason", termination == "normal" ? "" : "test"},
          {"ms", 1.0},           {"seed", 7}};
}

/// Seven games of "new" against "base"; by hand, from new's view:
/// id 0 W, 1 L (pair 0: WL), 2 D, 3 W (pair 1: WD), 4 L, 5 L (pair 2: LL), 6 W (pair 3 incomplete).
std::vector<json> two_engine_games() {
  return {game_line(0, "new", "base", 10),  game_line(1, "base", "new", 4),
          game_line(2, "new", "base", 0),   game_line(3, "base", "new", -6, "adjudicated", "d3"),
          game_line(4, "new", "base", -2),  game_line(5, "base", "new", 64, "timeout"),
          game_line(6, "new", "base", 2)};
}

std::string write_log(const std::string& name, const json& run, const std::vector<json>& games,
                      const std::string& tail = "") {
  const std::string path = temp_path(name);
  std::ofstream out(path);
  out << run.dump() << "\n";
  for (const auto& g : games) out << g.dump() << "\n";
  out << tail;
  return path;
}

TEST(AnalyzeCli, WdlT1Json) {
  ASSERT_TRUE(testing::quoted("score 0.558; Elo 40.70 ± 30.43; nElo 49.77 ± 36.77; LOS 99.60 %"));
  const AnalyzeRun r = analyze("--wdl 136,111,96 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["games"], 343);
  EXPECT_EQ(j["wins"], 136);
  EXPECT_EQ(j["draws"], 111);
  EXPECT_EQ(j["losses"], 96);
  EXPECT_DIGITS(j["score"].get<double>(), "0.558");
  EXPECT_DIGITS(j["elo"].get<double>(), "40.70");
  EXPECT_DIGITS(j["elo_ci95"].get<double>(), "30.43");
  EXPECT_LT(j["elo_interval"][0].get<double>(), 40.70);
  EXPECT_GT(j["elo_interval"][1].get<double>(), 40.70);
  EXPECT_EQ(j["elo_unit"], "Elo");
  EXPECT_DIGITS(j["nelo"].get<double>(), "49.77");
  EXPECT_DIGITS(j["nelo_ci95"].get<double>(), "36.77");
  EXPECT_EQ(j["nelo_unit"], "nElo");
  EXPECT_DIGITS(100 * j["los"].get<double>(), "99.60");
  EXPECT_TRUE(j.contains("draw_ratio"));
  EXPECT_TRUE(j["sprt"].is_null());
}

TEST(AnalyzeCli, WdlText) {
  const AnalyzeRun r = analyze("--wdl 136,111,96");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Elo 40.70 +- 30.43"));
  EXPECT_THAT(r.out, HasSubstr("nElo 49.77 +- 36.77"));
  EXPECT_THAT(r.out, HasSubstr("LOS 99.60 %"));
}

TEST(AnalyzeCli, PentanomialP1Json) {
  ASSERT_TRUE(testing::quoted("score 0.579; Elo 55.58 ± 27.65; nElo 57.94 ± 28.28; LOS 100 %"));
  const AnalyzeRun r = analyze("--pentanomial 34,54,63,64,75 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["pairs"], 290);
  EXPECT_EQ(j["pentanomial"], json({34, 54, 63, 64, 75}));
  EXPECT_DIGITS(j["elo"].get<double>(), "55.58");
  EXPECT_DIGITS(j["elo_ci95"].get<double>(), "27.65");
  EXPECT_DIGITS(j["nelo"].get<double>(), "57.94");
  EXPECT_DIGITS(j["nelo_ci95"].get<double>(), "28.28");
}

TEST(AnalyzeCli, SprtS3BayesElo) {
  ASSERT_TRUE(testing::quoted("LLR 2.52; bounds +-4.60"));
  const AnalyzeRun r = analyze("--wdl 1477,2942,1351 --sprt elo0=0,elo1=10,alpha=0.01,beta=0.01,model=bayeselo --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json s = json::parse(r.out)["sprt"];
  EXPECT_DIGITS(s["llr"].get<double>(), "2.52");
  EXPECT_DIGITS(s["upper"].get<double>(), "4.60");
  EXPECT_DIGITS(s["lower"].get<double>(), "-4.60");
  EXPECT_EQ(s["model"], "bayeselo");
  EXPECT_EQ(s["unit"], "Elo");
  EXPECT_EQ(s["state"], "continue");
  for (const char* key : {"elo0", "elo1", "alpha", "beta"}) EXPECT_TRUE(s.contains(key)) << key;
}

TEST(AnalyzeCli, SprtS1NormalizedPentanomial) {
  const AnalyzeRun r = analyze("--pentanomial 365,16618,36229,16974,390 --sprt elo0=0,elo1=2,model=normalized --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json s = json::parse(r.out)["sprt"];
  EXPECT_DIGITS(s["llr"].get<double>(), "2.25");
  EXPECT_EQ(s["unit"], "nElo");
}

TEST(AnalyzeCli, MalformedCountsNameTheOption) {
  for (const char* options : {"--wdl 1,2", "--wdl a,b,c", "--wdl 1,-2,3", "--pentanomial 1,2,3,4"}) {
    const AnalyzeRun r = analyze(options);
    EXPECT_EQ(r.status, 2) << options;
    EXPECT_THAT(r.err, HasSubstr(std::string(options).substr(0, std::string(options).find(' ')))) << options;
  }
  for (const char* spec : {"elo0=0", "elo0=x,elo1=5", "elo0=0,elo1=5,model=odd", "elo0=0,elo1=5,alpha=2"}) {
    const AnalyzeRun r = analyze(std::string("--wdl 1,2,3 --sprt ") + spec);
    EXPECT_EQ(r.status, 2) << spec;
    EXPECT_THAT(r.err, HasSubstr("--sprt")) << spec;
  }
}

TEST(AnalyzeCli, LogCountsMatchHandCount) {
  const std::string log = write_log("two.jsonl", run_record({"new", "base"}), two_engine_games());
  const AnalyzeRun r = analyze(log + " --json --by-opening");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["games"], 7);
  ASSERT_EQ(j["pairs"].size(), 1U);
  const json& p = j["pairs"][0];
  EXPECT_EQ(p["first"], "new");
  EXPECT_EQ(p["second"], "base");
  EXPECT_EQ(p["wins"], 3);
  EXPECT_EQ(p["draws"], 1);
  EXPECT_EQ(p["losses"], 3);
  EXPECT_EQ(p["pentanomial"], json({1, 0, 1, 1, 0}));
  EXPECT_EQ(p["incomplete_pairs"], 1);
  for (const char* key : {"score", "elo", "elo_ci95", "los", "llr", "nelo", "draw_ratio"}) {
    EXPECT_TRUE(p.contains(key)) << key;
  }
  EXPECT_TRUE(p["llr"].is_null());
  EXPECT_TRUE(j["ratings"].is_null());
  // First player: W W D L L W W.
  EXPECT_EQ(j["first_player"]["wins"], 4);
  EXPECT_EQ(j["first_player"]["draws"], 1);
  EXPECT_EQ(j["first_player"]["losses"], 2);
  EXPECT_DOUBLE_EQ(j["average_plies"].get<double>(), 4.0);
  EXPECT_EQ(j["terminations"], json({{"adjudicated", 6}, {"timeout", 1}}));
  ASSERT_EQ(j["openings"].size(), 2U);
  EXPECT_EQ(j["openings"][0]["opening"], "d3");
  EXPECT_EQ(j["openings"][0]["games"], 1);

  const AnalyzeRun text = analyze(log);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("new vs base: 7 games (W 3, D 1, L 3)"));
  EXPECT_THAT(text.out, HasSubstr("timeout 1"));
}

TEST(AnalyzeCli, SelfplayLogMatchesACountOfItsGameLines) {
  // A real log from `arena selfplay` (random players, fast), counted line by line here.
  std::vector<std::string> configs;
  for (const char* name : {"one", "two"}) {
    configs.push_back(temp_path(std::string(name) + ".cfg"));
    std::ofstream(configs.back()) << "name = " << name << "\ngame = blokus-duo\nplayer = random\n[eval]\nfeatures = classic\n";
  }
  const std::string log = temp_path("selfplay.jsonl");
  std::filesystem::remove(log);
  const std::string cmd = std::string(ARENA_BINARY) + " selfplay --engine " + configs[0] + " --engine " + configs[1] +
                          " --games 24 --seed 5 --quiet --out " + log + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;

  std::ifstream in(log);
  std::string line;
  std::getline(in, line);
  ASSERT_EQ(json::parse(line)["type"], "run");
  int wins = 0, draws = 0, losses = 0;
  std::map<std::int64_t, std::vector<double>> pair_points;  // "one"'s points per pair
  while (std::getline(in, line)) {
    const json g = json::parse(line);
    const double first = g["result"] == "1-0" ? 1.0 : g["result"] == "0-1" ? 0.0 : 0.5;
    const double one = g["first"] == "one" ? first : 1.0 - first;
    (one == 1.0 ? wins : one == 0.0 ? losses : draws)++;
    pair_points[g["pair"].get<std::int64_t>()].push_back(one);
  }
  std::vector<int> penta(5, 0);
  for (const auto& [pair, points] : pair_points) {
    if (points.size() == 2) ++penta[static_cast<std::size_t>(std::lround(2 * (points[0] + points[1])))];
  }
  const AnalyzeRun r = analyze(log + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json p = json::parse(r.out)["pairs"][0];
  EXPECT_EQ(p["first"], "one");
  EXPECT_EQ(p["wins"], wins);
  EXPECT_EQ(p["draws"], draws);
  EXPECT_EQ(p["losses"], losses);
  EXPECT_EQ(p["games"], 24);
  EXPECT_EQ(p["pentanomial"], json(penta));
}

TEST(AnalyzeCli, SprtRunAndThreeEngineRatings) {
  auto games = two_engine_games();
  const std::string sprt_log =
      write_log("sprt.jsonl", run_record({"new", "base"}, "elo0=0,elo1=10,alpha=0.05,beta=0.05"), games);
  const AnalyzeRun r = analyze(sprt_log + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json p = json::parse(r.out)["pairs"][0];
  ASSERT_TRUE(p["llr"].is_number());
  EXPECT_EQ(p["sprt"]["model"], "logistic");
  EXPECT_EQ(p["sprt"]["over"], "pairs");

  games.push_back(game_line(7, "new", "old", 2));
  games.push_back(game_line(8, "old", "base", -2));
  games.push_back(game_line(9, "base", "old", 0));
  games.push_back(game_line(10, "old", "new", 2));
  const std::string three = write_log("three.jsonl", run_record({"new", "base", "old"}), games);
  const AnalyzeRun t = analyze(three + " --json");
  ASSERT_EQ(t.status, 0) << t.err;
  const json j = json::parse(t.out);
  EXPECT_EQ(j["pairs"].size(), 3U);
  ASSERT_EQ(j["ratings"].size(), 3U);
  EXPECT_EQ(j["ratings"][2]["name"], "old");
  EXPECT_EQ(j["rating_list"]["unit"], "Elo");
}

/// two_engine_games() with "new" called "classic".
std::vector<json> classic_games() {
  auto games = two_engine_games();
  for (auto& g : games) {
    for (const char* seat : {"first", "second"}) {
      if (g[seat] == "new") g[seat] = "classic";
    }
  }
  return games;
}

/// `record` with its game set to `game` and engine `index`'s config hash to `hash`.
json with_identity(json record, const std::string& game, std::size_t index, const std::string& hash) {
  record["game"] = game;
  record["engines"][index]["hash"] = hash;
  return record;
}

// Regression (issue: an Othello log and a Blokus Duo log, each with an engine `classic`, were
// merged into one engine in the rating list, game lengths and first-player scores mixed).
TEST(AnalyzeCli, LogsOfDifferentGamesWithSameNamedEnginesAreAnalysedApart) {
  const std::string othello =
      write_log("othello.jsonl", run_record({"classic", "base"}), classic_games());
  // A real Blokus Duo log (the report fixture) with its engines renamed classic and base.
  std::ifstream fixture(std::string(ARENA_TEST_DATA) + "/report/blokus-gpcc.jsonl");
  std::string line;
  std::getline(fixture, line);
  json blokus_run = json::parse(line);
  blokus_run["engines"][0]["name"] = "classic";
  blokus_run["engines"][1]["name"] = "base";
  std::vector<json> blokus_games;
  while (std::getline(fixture, line)) {
    json g = json::parse(line);
    for (const char* seat : {"first", "second"}) g[seat] = g[seat] == "X" ? "classic" : "base";
    blokus_games.push_back(std::move(g));
  }
  const std::string blokus = write_log("blokus.jsonl", blokus_run, blokus_games);
  const AnalyzeRun r = analyze(othello + " " + blokus + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["by_game"].size(), 2U) << r.out;
  const json& o = j["by_game"][0];
  const json& b = j["by_game"][1];
  EXPECT_EQ(o["game"], "othello");
  EXPECT_EQ(o["files"], json({othello}));
  EXPECT_EQ(o["games"], 7);
  EXPECT_DOUBLE_EQ(o["average_plies"].get<double>(), 4.0);
  EXPECT_EQ(o["pairs"][0]["games"], 7);
  EXPECT_EQ(b["game"], "blokus-duo");
  EXPECT_EQ(b["games"], 2);
  EXPECT_DOUBLE_EQ(b["average_plies"].get<double>(), 25.0);
  EXPECT_EQ(b["pairs"][0]["first"], "classic");
  EXPECT_EQ(b["pairs"][0]["games"], 2);
  EXPECT_EQ(b["pairs"][0]["wins"], 1);  // the fixture's X won one game and lost one
  EXPECT_EQ(b["pairs"][0]["losses"], 1);
  EXPECT_THAT(r.err, HasSubstr("2 games"));
  const AnalyzeRun text = analyze(othello + " " + blokus);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("== othello"));
  EXPECT_THAT(text.out, HasSubstr("== blokus-duo"));
}

TEST(AnalyzeCli, OneNameWithTwoConfigsIsTwoEngines) {
  const std::string a = write_log("a.jsonl", run_record({"classic", "base"}), classic_games());
  const std::string b = write_log(
      "b.jsonl", with_identity(run_record({"classic", "base"}), "othello", 0, "fedcba9876543210"),
      classic_games());
  const AnalyzeRun r = analyze(a + " " + b + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["engines"], json({"classic@0123", "base", "classic@fedc"}));
  ASSERT_EQ(j["pairs"].size(), 2U);
  EXPECT_EQ(j["pairs"][0]["games"], 7);
  EXPECT_EQ(j["pairs"][1]["games"], 7);
  ASSERT_EQ(j["ratings"].size(), 3U);
}

TEST(AnalyzeCli, TornLastLineIsAWarningNamingFileAndLine) {
  const std::string log = write_log("torn.jsonl", run_record({"new", "base"}), two_engine_games(),
                                    R"({"type":"game","id":7,"pa)");
  const AnalyzeRun r = analyze(log + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr(log + ":9"));
  EXPECT_EQ(json::parse(r.out)["games"], 7);
}

TEST(AnalyzeCli, UnknownEngineExits2NamingFileAndLine) {
  auto games = two_engine_games();
  games[1] = game_line(1, "ghost", "new", 4);
  const std::string log = write_log("ghost.jsonl", run_record({"new", "base"}), games);
  const AnalyzeRun r = analyze(log);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr(log + ":3:"));
  EXPECT_THAT(r.err, HasSubstr("ghost"));
}

TEST(AnalyzeCli, NonLogFileExits2NamingFileAndLine) {
  const std::string path = temp_path("notes.txt");
  std::ofstream(path) << "these are not games\n";
  const AnalyzeRun r = analyze(path);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr(path + ":1"));
  const AnalyzeRun missing = analyze(temp_path("missing.jsonl"));
  EXPECT_EQ(missing.status, 2);
}

TEST(AnalyzeCli, PlotsAreValidSvgAndPng) {
  auto games = two_engine_games();
  games.push_back(game_line(7, "new", "old", 2));
  games.push_back(game_line(8, "old", "base", -2));
  games.push_back(game_line(9, "base", "old", 0));
  games.push_back(game_line(10, "old", "new", 2));
  const std::string log = write_log("plot.jsonl", run_record({"new", "base", "old"}), games);
  const std::string svg = temp_path("ratings.svg");
  const AnalyzeRun r = analyze(log + " --plot " + svg);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_file(svg);
  EXPECT_THAT(text, HasSubstr("<svg"));
  EXPECT_THAT(text, HasSubstr("</svg>"));

  const std::string sprt_log =
      write_log("sprt_plot.jsonl", run_record({"new", "base"}, "elo0=0,elo1=10,alpha=0.05,beta=0.05"),
                two_engine_games());
  const std::string png = temp_path("llr.png");
  const AnalyzeRun p = analyze(sprt_log + " --plot " + png);
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(read_file(png).substr(0, 4), "\x89PNG");

  const AnalyzeRun two = analyze(write_log("plot2.jsonl", run_record({"new", "base"}), two_engine_games()) +
                                 " --plot " + temp_path("two.svg"));
  EXPECT_EQ(two.status, 0) << two.err;

  const AnalyzeRun bad = analyze(log + " --plot " + temp_path("r.pdf"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.err, HasSubstr("--plot"));
}

TEST(AnalyzeCli, PlotWithoutGnuplotExits2) {
  const std::string log = write_log("nognuplot.jsonl", run_record({"new", "base"}), two_engine_games());
  const AnalyzeRun r = analyze(log + " --plot " + temp_path("x.svg"), "env PATH=/nonexistent");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("gnuplot"));
}

TEST(AnalyzeCli, GzipAndZstdLogsGiveThePlainLogsResult) {
  const std::string log = write_log("packed.jsonl", run_record({"new", "base"}), two_engine_games());
  // Compressed by the stock tools, not by arena's own writer.
  ASSERT_EQ(std::system(("gzip -c '" + log + "' > '" + log + ".gz'").c_str()), 0);
  ASSERT_EQ(std::system(("zstd -qc '" + log + "' > '" + log + ".zst'").c_str()), 0);
  const AnalyzeRun plain = analyze(log + " --json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  for (const std::string& packed : {log + ".gz", log + ".zst"}) {
    const AnalyzeRun r = analyze(packed + " --json");
    ASSERT_EQ(r.status, 0) << r.err;
    json a = json::parse(r.out);
    json b = json::parse(plain.out);
    EXPECT_EQ(a["files"], json({packed}));
    a.erase("files");  // the only field that names the input
    b.erase("files");
    EXPECT_EQ(a, b) << packed;
    std::filesystem::remove(packed);
  }
}

}  // namespace
}  // namespace arena::analysis
