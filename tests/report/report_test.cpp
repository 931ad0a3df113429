// Tests of `arena report`: the page's numbers against outside values (worked-examples.md T1 and
// P1) and against `arena analyze --json` of the same logs, broken inputs (torn line, unknown
// game), a loop run folder, the viewer's frames text and the weight tables. The browser side
// is tests/browser/report_browser.mjs.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>  // getpid

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/engine_config.hpp"
#include "engine/registry/board_views.hpp"
#include "report/games.hpp"
#include "report/page.hpp"
#include "report/report.hpp"
#include "report/weights.hpp"
#include "tests/support/command.hpp"

namespace arena::report {
namespace {

using arena::test::read_file;
using arena::test::run_command;

const std::string kData = std::string(ARENA_TEST_DATA) + "/report/";

ReportOptions options_for(std::vector<std::string> inputs) {
  ReportOptions o;
  o.inputs = std::move(inputs);
  o.known_games = {"othello", "blokus-duo"};
  o.command = "arena report (test)";
  o.boards = board_views();
  return o;
}

const nlohmann::json* find_pair(const nlohmann::json& analysis, const std::string& a,
                                const std::string& b) {
  for (const auto& p : analysis["pairs"]) {
    if (p["first"] == a && p["second"] == b) return &p;
  }
  return nullptr;
}

TEST(Report, NumbersMatchTheWorkedExamples) {
  const Report r = build_report(options_for({kData + "othello-match.jsonl", kData + "blokus-gpcc.jsonl"}));
  const auto& analysis = r.summary["analysis"];
  // T1: W=136, D=111, L=96 -> Elo 40.70 +- 30.43.
  const auto* ab = find_pair(analysis, "A", "B");
  ASSERT_NE(ab, nullptr) << analysis.dump(1);
  EXPECT_EQ((*ab)["wins"], 136);
  EXPECT_EQ((*ab)["draws"], 111);
  EXPECT_EQ((*ab)["losses"], 96);
  EXPECT_NEAR((*ab)["elo"].get<double>(), 40.70, 0.005);
  EXPECT_NEAR((*ab)["elo_ci95"].get<double>(), 30.43, 0.005);
  // P1: pairs LL=34, LD=54, WL+DD=63, WD=64, WW=75 -> Elo 55.58 +- 27.65.
  const auto* cb = find_pair(analysis, "C", "B");
  ASSERT_NE(cb, nullptr);
  EXPECT_EQ((*cb)["pentanomial"], nlohmann::json({34, 54, 63, 64, 75}));
  EXPECT_NEAR((*cb)["elo"].get<double>(), 55.58, 0.005);
  EXPECT_NEAR((*cb)["elo_ci95"].get<double>(), 27.65, 0.005);
  // The Blokus Duo log is another game's: listed, never counted with the Othello logs.
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_NE(r.problems[0].find("blokus-gpcc.jsonl: a blokus-duo log, not counted"), std::string::npos)
      << r.problems[0];
  EXPECT_EQ(analysis["games"], 923);
  // The page shows the same, rounded.
  EXPECT_NE(r.html.find("data-k=\"elo\" data-v=\"40.7"), std::string::npos);
  EXPECT_NE(r.html.find(">40.70</td>"), std::string::npos);
  EXPECT_NE(r.html.find(">30.43</td>"), std::string::npos);
  EXPECT_NE(r.html.find(">55.58</td>"), std::string::npos);
}

/// `arena analyze --json` of `logs` (the "files" key dropped; for logs of several games, the
/// first game's entry, which is what the report counts), or null when it fails.
nlohmann::json analyze_json(const std::vector<std::string>& logs) {
  std::string command = std::string(ARENA_BINARY) + " analyze";
  for (const auto& log : logs) command += " " + log;
  const auto r = run_command(command + " --json 2>/dev/null");
  if (r.status != 0) return nullptr;
  auto doc = nlohmann::json::parse(r.out);
  if (doc.contains("by_game")) {
    doc = doc["by_game"][0];
    doc.erase("game");
  }
  doc.erase("files");
  return doc;
}

/// The JSON document in the page's <script id="arena-analysis">.
nlohmann::json embedded_analysis(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"arena-analysis\">";
  const auto at = html.find(open);
  if (at == std::string::npos) return nullptr;
  const auto end = html.find("</script>", at);
  return nlohmann::json::parse(html.substr(at + open.size(), end - at - open.size()));
}

TEST(Report, PageEqualsAnalyzeJson) {
  const std::vector<std::string> logs = {kData + "othello-match.jsonl", kData + "blokus-gpcc.jsonl"};
  for (const auto& inputs : {logs, std::vector<std::string>{logs[0]}}) {
    const auto expected = analyze_json(inputs);
    ASSERT_FALSE(expected.is_null()) << "arena analyze --json failed";
    const Report r = build_report(options_for(inputs));
    EXPECT_EQ(embedded_analysis(r.html), expected);
    EXPECT_EQ(r.summary["analysis"], expected);
  }
}

TEST(Report, LoopPageEqualsAnalyzeJsonOfItsMatches) {
  const std::string run = kData + "loop-run/";
  const Report r = build_report(options_for({run}));
  // The matches together, in the page's order (round, then path), and each on its own; the
  // training games (round-N/train.jsonl) are in neither.
  const auto matches = analyze_json({run + "round-1/match.jsonl", run + "round-2/match.jsonl"});
  ASSERT_FALSE(matches.is_null());
  EXPECT_EQ(embedded_analysis(r.html), matches);
  ASSERT_EQ(r.summary["by_log"].size(), 2U);
  for (int round : {1, 2}) {
    const auto& per_log = r.summary["by_log"][round - 1];
    EXPECT_EQ(per_log["log"], "round-" + std::to_string(round) + "/match.jsonl");
    EXPECT_EQ(per_log["round"], round);
    EXPECT_EQ(per_log["analysis"], analyze_json({run + "round-" + std::to_string(round) + "/match.jsonl"}));
  }
}

// Regression (a loop folder's training games, best against a copy of itself, were counted in
// the pair table and the rating list): they have their own section and count nowhere else.
TEST(Report, LoopTrainingGamesHaveTheirOwnSection) {
  const std::string run = kData + "loop-run/";
  const Report r = build_report(options_for({run}));
  const auto& training = r.summary["training"];
  ASSERT_EQ(training.size(), 2U);
  for (int round : {1, 2}) {
    EXPECT_EQ(training[round - 1]["log"], "round-" + std::to_string(round) + "/train.jsonl");
    EXPECT_EQ(training[round - 1]["round"], round);
    // The fixture's training logs hold 8 games each (tests/data/report/make_fixtures.py).
    EXPECT_EQ(training[round - 1]["games"], 8);
  }
  EXPECT_NE(r.html.find("id=\"training-table\""), std::string::npos);
  // Counted: the two matches' 16 + 16 games only.
  EXPECT_EQ(r.summary["analysis"]["games"], 32);
  for (const auto& run_entry : r.summary["runs"]) {
    const bool train = run_entry["log"].get<std::string>().ends_with("train.jsonl");
    EXPECT_EQ(run_entry["training"], train);
    EXPECT_EQ(run_entry["counted"], !train);
  }
}

// The headline box of a match says who is stronger with the numbers `arena analyze` prints:
// T1 of worked-examples.md (W=136 D=111 L=96: Elo 40.70 +- 30.43, LOS 99.60 %).
TEST(Report, VerdictBoxLeadsWithTheAnalyzeFigures) {
  const std::string log = kData + "othello-match.jsonl";
  const Report r = build_report(options_for({log}));
  const nlohmann::json* ab = nullptr;
  for (const auto& v : r.summary["verdicts"]) {
    if (v["elo"].get<std::string>().starts_with("Elo of A against B: ")) ab = &v;
  }
  ASSERT_NE(ab, nullptr) << r.summary["verdicts"].dump(1);
  EXPECT_EQ((*ab)["winner"], "A");
  EXPECT_EQ((*ab)["headline"], "A is stronger than B");
  const std::string elo = (*ab)["elo"];
  EXPECT_NE(elo.find("40.70 +- 30.43 ["), std::string::npos) << elo;
  EXPECT_NE((*ab)["los"].get<std::string>().find("LOS 99.60 %"), std::string::npos) << (*ab)["los"];
  // The same text in `arena analyze LOG`, and the box first in the page's body.
  const auto text = run_command(std::string(ARENA_BINARY) + " analyze " + log + " 2>/dev/null");
  const std::string figure = elo.substr(elo.find(": ") + 2, elo.find(" (95%") - elo.find(": ") - 2);
  EXPECT_NE(text.out.find("Elo " + figure + " (95%)"), std::string::npos) << figure << "\n" << text.out;
  EXPECT_NE(text.out.find("LOS 99.60 %"), std::string::npos);
  const auto verdicts = r.html.find("id=\"verdicts\"");
  ASSERT_NE(verdicts, std::string::npos);
  EXPECT_LT(verdicts, r.html.find("id=\"runs\""));
  EXPECT_NE(r.html.find("<div class=\"verdict-headline\">A is stronger than B</div>"), std::string::npos);
}

TEST(Report, LoopVerdictsNameEachMatch) {
  const Report r = build_report(options_for({kData + "loop-run"}));
  const auto& verdicts = r.summary["verdicts"];
  ASSERT_EQ(verdicts.size(), 2U);
  EXPECT_EQ(verdicts[0]["match"], "round 1 match: candidate vs best");
  EXPECT_EQ(verdicts[1]["match"], "round 2 match: candidate vs best");
  // Round 1: W-D-L 6-1-9 over 16 games, an interval holding 0, an undecided SPRT.
  EXPECT_EQ(verdicts[0]["winner"], "");
  EXPECT_NE(verdicts[0]["sprt"].get<std::string>().find("SPRT: "), std::string::npos);
}

TEST(Report, TornLineAndUnknownGameStillGiveAPage) {
  const Report r = build_report(options_for({kData + "torn.jsonl", kData + "unknown-game.jsonl"}));
  ASSERT_EQ(r.problems.size(), 2U);
  EXPECT_NE(r.problems[0].find("torn.jsonl:4: "), std::string::npos) << r.problems[0];
  EXPECT_NE(r.problems[1].find("unknown game 'chess'"), std::string::npos) << r.problems[1];
  EXPECT_NE(r.html.find("<ul id=\"problems\""), std::string::npos);
  EXPECT_NE(r.html.find(html_escape(r.problems[1])), std::string::npos);
  // The intact games of the torn log are counted; the chess game is listed, not counted.
  EXPECT_EQ(r.summary["analysis"]["games"], 2);
  EXPECT_EQ(r.summary["viewer_games"], 3);
}

TEST(Report, CommandWritesThePageAndWarnsOnStderr) {
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("arena_report_test_" + std::to_string(getpid()) + ".html")).string();
  const auto r = run_command(std::string(ARENA_BINARY) + " report " + kData + "torn.jsonl " + kData +
                     "unknown-game.jsonl --out " + out + " 2>&1 >/dev/null");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("incomplete last line"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unknown game 'chess'"), std::string::npos) << r.out;
  EXPECT_NE(read_file(out).find("id=\"problems\""), std::string::npos);
  std::filesystem::remove(out);
  EXPECT_EQ(run_command(std::string(ARENA_BINARY) + " report /nonexistent.jsonl --out " + out + " 2>/dev/null").status, 2);
}

/// The number in the `key` cell of `html`'s table row for `engine` in the table `table_id`
/// (its data-v), NaN when there is no such cell.
double row_value(const std::string& html, const std::string& table_id, const std::string& engine,
                 const std::string& key) {
  const auto table = html.find("id=\"" + table_id + "\"");
  if (table == std::string::npos) return NAN;
  const auto row = html.find("<tr data-engine=\"" + engine + "\">", table);
  const auto row_end = html.find("</tr>", row);
  const std::string cell = "data-k=\"" + key + "\" data-v=\"";
  const auto at = html.find(cell, row);
  if (row == std::string::npos || at == std::string::npos || at > row_end) return NAN;
  return std::stod(html.substr(at + cell.size()));
}

// Why: the page showed each engine's time only inside its embedded JSON. Two games of the
// fixture with 100 ms of wall time a move, the first also 40 ms of CPU a move: the table shows
// those per-move figures, and the same numbers as `arena analyze --json`.
TEST(Report, TimeTableShowsEachEnginesWallAndCpuTimeAsAnalyzeDoes) {
  std::ifstream in(kData + "othello-match.jsonl");
  std::string line;
  std::getline(in, line);
  std::string log = line + "\n";
  for (int g = 0; g < 2 && std::getline(in, line); ++g) {
    auto game = nlohmann::json::parse(line);
    const std::size_t moves = game["moves"].size();
    game["times"] = std::vector<int>(moves, 100);
    if (g == 0) game["cpu"] = std::vector<int>(moves, 40);
    log += game.dump() + "\n";
  }
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("arena_report_time_" + std::to_string(getpid()) + ".jsonl")).string();
  std::ofstream(path) << log;
  const Report r = build_report(options_for({path}));
  const auto analysis = analyze_json({path});
  std::filesystem::remove(path);
  ASSERT_FALSE(analysis.is_null());
  ASSERT_EQ(analysis["time_use"].size(), 2U);
  for (const auto& t : analysis["time_use"]) {
    const std::string engine = t["engine"];
    EXPECT_DOUBLE_EQ(row_value(r.html, "time-table", engine, "ms_per_move"), 100.0) << engine;
    EXPECT_DOUBLE_EQ(row_value(r.html, "time-table", engine, "cpu_ms_per_move"), 40.0) << engine;
    EXPECT_EQ(row_value(r.html, "time-table", engine, "cpu_games"), 1.0) << engine;
    for (const char* key : {"seconds_per_game", "ms_per_move", "cpu_seconds_per_game",
                            "cpu_ms_per_move", "games", "moves", "longest_move_ms"}) {
      EXPECT_DOUBLE_EQ(row_value(r.html, "time-table", engine, key), t[key].get<double>())
          << engine << " " << key;
    }
  }
}

TEST(Report, PageIsSelfContained) {
  const Report r = build_report(options_for({kData + "othello-match.jsonl"}));
  EXPECT_EQ(r.html.find("<script src"), std::string::npos);
  EXPECT_EQ(r.html.find("<link"), std::string::npos);
  EXPECT_EQ(r.html.find("sourceMappingURL"), std::string::npos);
  EXPECT_NE(r.html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  for (const char* slot : {"@@TITLE@@", "@@STYLE@@", "@@BODY@@", "@@GAMES@@", "@@CHARTLIB@@", "@@VIEWER@@"}) {
    EXPECT_EQ(r.html.find(slot), std::string::npos) << slot;
  }
}

TEST(Report, LoopRunFolder) {
  const Report r = build_report(options_for({kData + "loop-run"}));
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  ASSERT_EQ(r.summary["runs"].size(), 4U);
  EXPECT_EQ(r.summary["runs"][0]["round"], 1);
  EXPECT_EQ(r.summary["runs"][3]["round"], 2);
  EXPECT_NE(r.html.find("id=\"loop-table\""), std::string::npos);
  // No candidate was kept, so the loop played no final match; the weights section compares
  // start.cfg with the last round's candidate.
  EXPECT_EQ(r.html.find("id=\"best-vs-start\""), std::string::npos);
  EXPECT_NE(r.html.find("(last round&#39;s candidate; no candidate was accepted)"), std::string::npos);
  EXPECT_NE(r.html.find("class=\"heat\""), std::string::npos);
  EXPECT_NE(r.html.find("id=\"weight-changes\""), std::string::npos);
}

// Regression (the fixture's summary.json said Elo +65.9 for a round its match log scores
// 6-1-9): each round's match figures are `arena analyze` of its match log, as the loop writes
// them (tests/data/report/make_fixtures.py regenerates the folder with arena's commands).
TEST(Report, LoopFixtureSummaryAgreesWithItsLogs) {
  const std::string run = kData + "loop-run/";
  const auto summary = nlohmann::json::parse(read_file(run + "summary.json"));
  ASSERT_EQ(summary["rounds"].size(), 2U);
  for (const auto& round : summary["rounds"]) {
    const auto analysis = analyze_json({run + "round-" + std::to_string(round["round"].get<int>()) + "/match.jsonl"});
    ASSERT_FALSE(analysis.is_null());
    const auto& pair = analysis["pairs"][0];
    EXPECT_EQ(round["wdl"]["wins"], pair["wins"]);
    EXPECT_EQ(round["wdl"]["draws"], pair["draws"]);
    EXPECT_EQ(round["wdl"]["losses"], pair["losses"]);
    EXPECT_DOUBLE_EQ(round["elo"].get<double>(), pair["elo"].get<double>());
    EXPECT_DOUBLE_EQ(round["llr"].get<double>(), pair["llr"].get<double>());
    EXPECT_EQ(round["sprt"], pair["sprt"]["state"]);
    EXPECT_EQ(round["accepted"], pair["sprt"]["state"] == "H1");
  }
}

// The frames text of games.hpp, written out by hand from its layout for a 3 x 1 board.
TEST(ReportViewer, BoardTextFollowsItsLayout) {
  Replay replay;
  BoardFrame start;
  start.cells = {0, 0, 3};
  start.reserve = {std::vector<int>{0, 1}, std::vector<int>{2}};
  replay.frames.push_back(start);
  BoardFrame placed = start;  // the first player puts piece 1 on cells 0 and 1
  placed.cells = {1, 1, 3};
  placed.marked = {0, 1};
  placed.to_move = 1;
  placed.counts = {2, 0};
  placed.reserve[0] = {0};
  replay.frames.push_back(placed);
  BoardFrame passed = placed;  // the second player passes; cell 2 marked, unchanged; game over
  passed.marked = {2};
  passed.pass = true;
  passed.to_move = -1;
  passed.counts = {2, 4095};
  replay.frames.push_back(passed);
  // state, counts "00" "00", cells "003", reserve toggles (0, 0) (0, 1) (1, 2);
  // state 1, counts 2 and 0, cells 0 and 1 (one digit: at most 64 cells) now 1 and marked
  // (1 + 32 = 'x'), toggle (0, 1);
  // state 2 + 3, counts 2 and 4095 ("//"), cell 2 marked with its own value (3 + 32 = 'z').
  EXPECT_EQ(board_text(replay), "00000003,000112 102000x1x,01 502//2z");
  // On a board of more than 64 cells the indices take two digits.
  for (auto& f : replay.frames) f.cells.resize(65, 0);
  EXPECT_EQ(board_text(replay).substr(board_text(replay).find(' ')), " 1020000x01x,01 502//02z");
}

TEST(ReportViewer, GamesAreWholeTranscripts) {
  const Report r = build_report(options_for({kData + "blokus-gpcc.jsonl"}));
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  // 25 plies in the game's notation, the passes as "----".
  const std::string gpcc = "65u0 AAu0 88l2 A7s0 7Bj0 8Co0 83t1 A3j0 48q0 BCr2 43f3 D9t1 26o4 D6m5 29r3 EDl0 41a0 "
                           "E2q3 71b2 89a0 5Dp0 ---- 12d0 ---- 1Cc0";
  EXPECT_NE(r.html.find("\"" + gpcc + "\""), std::string::npos);
}

// A move the game rejects ends the viewer's replay there, named on the page.
TEST(ReportViewer, IllegalMoveStopsTheReplay) {
  const std::string log = (std::filesystem::temp_directory_path() /
                           ("arena_report_illegal_" + std::to_string(getpid()) + ".jsonl")).string();
  std::string text = read_file(kData + "blokus-gpcc.jsonl");
  text = text.substr(0, text.find('\n') + 1) + R"({"type":"game","id":0,"pair":0,"opening":[],"first":"X","second":"Y","moves":["65u0","65u0"],"score":0,"result":"1/2-1/2","termination":"normal","reason":"","ms":1.0,"seed":0})" "\n";
  std::ofstream(log) << text;
  const Report r = build_report(options_for({log}));
  std::filesystem::remove(log);
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_NE(r.problems[0].find(": game 0: ply 2: "), std::string::npos) << r.problems[0];
  EXPECT_NE(r.problems[0].find("(the viewer stops there)"), std::string::npos) << r.problems[0];
}

TEST(ReportWeights, LargestChangesFirst) {
  const auto before = core::parse_engine_config("name = a\ngame = othello\n[weights]\nx = 1 2\ny = 5\n", "a");
  const auto after = core::parse_engine_config("name = b\ngame = othello\n[weights]\nx = 1 9\ny = 4\nz = -3\n", "b");
  const auto changes = largest_changes(before, after, 10);
  ASSERT_EQ(changes.size(), 3U);  // x phase 1 (+7), z (-3, all phases), y (-1, all phases)
  EXPECT_EQ(changes[0].feature, "x");
  EXPECT_EQ(changes[0].phase, 1U);
  EXPECT_DOUBLE_EQ(changes[0].after - changes[0].before, 7.0);
  EXPECT_EQ(changes[1].feature, "z");
  EXPECT_EQ(largest_changes(before, after, 2).size(), 2U);
}

// Regression (the weights section said "classic-tuned -> classic" when the tuned engine was
// listed first): before and after come from the tuned config's "# start:" comment, which names
// configs/othello/classic.cfg by its config hash, whatever the engines' order.
TEST(ReportWeights, BeforeAndAfterFromTheTunedConfigsProvenance) {
  const std::string configs = std::string(ARENA_SOURCE_DIR) + "/configs/othello/";
  const std::string log = (std::filesystem::temp_directory_path() /
                           ("arena_report_weights_" + std::to_string(getpid()) + ".jsonl")).string();
  for (const auto& [first, second] : {std::pair{"classic-tuned", "classic"}, std::pair{"classic", "classic-tuned"}}) {
    std::filesystem::remove(log);
    const auto played = run_command(std::string(ARENA_BINARY) + " selfplay --engine " + configs + first +
                            ".cfg --engine " + configs + second + ".cfg --games 2 --depth 1 --quiet --out " +
                            log + " >/dev/null 2>&1");
    ASSERT_EQ(played.status, 0);
    const Report r = build_report(options_for({log}));
    EXPECT_NE(r.html.find("before: <b>classic (" + configs + "classic.cfg)</b> &rarr; after: <b>classic-tuned ("),
              std::string::npos) << first << " first";
    EXPECT_EQ(r.html.find("neither config records the other"), std::string::npos);
  }
  std::filesystem::remove(log);
}

TEST(ReportWeights, SquareTableFollowsTheBoardSymmetries) {
  // The classic set's square classes: corner (a1), C (b1), A (c1), B (d1), X (b2), centre (d4).
  const auto cfg = core::parse_engine_config(
      "name = a\ngame = othello\n[eval]\nfeatures = classic\n[weights]\nsq_corner = 100 90\n"
      "sq_c = -20\nsq_x = -50\nsq_centre = 1\nmobility = 7\n", "a");
  const auto table = GameBoard<othello::Othello>::square_table(cfg, 0);
  ASSERT_TRUE(table.has_value());
  for (const int corner : {0, 7, 56, 63}) EXPECT_EQ((*table)[corner], 100) << corner;
  for (const int x_square : {9, 14, 49, 54}) EXPECT_EQ((*table)[x_square], -50) << x_square;
  for (const int c_square : {1, 8, 6, 15, 48, 57, 55, 62}) EXPECT_EQ((*table)[c_square], -20) << c_square;
  for (const int centre : {27, 28, 35, 36}) EXPECT_EQ((*table)[centre], 1) << centre;
  EXPECT_EQ((*table)[2], 0);  // an A-square: no weight given
  EXPECT_EQ((*GameBoard<othello::Othello>::square_table(cfg, 1))[0], 90);
  const auto unknown = core::parse_engine_config("name = a\ngame = othello\n[eval]\nfeatures = nope\n", "a");
  EXPECT_FALSE(GameBoard<othello::Othello>::square_table(unknown, 0).has_value());
}

}  // namespace
}  // namespace arena::report
