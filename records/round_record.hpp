// The loop's run-folder records (loop/loop.hpp): round-N/round.json, one finished round, and
// summary.json, the whole run. `arena loop` writes and resumes from them, `arena report` reads
// them; both go through the one reader and writer here. Layout (JSON objects; a non-finite
// number is written as null and read back as NaN):
//
//   round.json    round, games (training games), positions (fitted), losses {train_before,
//                 train_after, holdout_before, holdout_after, loss (the tuner's loss name)},
//                 match_games, wdl {wins, draws, losses}, elo, elo_ci95 [low, high] (logistic
//                 Elo of the candidate against the best before it, 95 %), pair (the match's pair
//                 statistics as `arena selfplay --json` gives them; optional on read, null in
//                 records written before they were kept), llr, sprt ("H1" | "H0" | "continue" |
//                 "none"), accepted, candidate_config, best_config (best after the round),
//                 seconds
//   summary.json  game, run_dir, start_config, best_config, rounds [round.json objects],
//                 best_vs_start (null when no final match was played) {elo, elo_ci95 [low,
//                 high], games, wdl {wins, draws, losses}, pair}, seconds
//
// Config paths are stored as given: the loop writes them relative to the run folder.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena::records {

/// One finished loop round (round.json).
struct RoundRecord {
  int round = 0;
  std::int64_t train_games = 0;
  std::int64_t positions = 0;          ///< training positions of the fit
  double train_loss_before = 0.0, train_loss_after = 0.0;
  double holdout_loss_before = 0.0, holdout_loss_after = 0.0;
  std::string loss;                    ///< the tuner's loss name
  std::int64_t match_games = 0, wins = 0, draws = 0, losses = 0;
  double elo = 0.0, elo_low = 0.0, elo_high = 0.0;   ///< logistic Elo and its 95% interval
  /// The match's pair statistics as `arena selfplay --json` gives them (analysis::pair_json);
  /// null in a record written before they were kept.
  nlohmann::json pair;
  double llr = 0.0;
  std::string sprt_state;              ///< "H1", "H0", "continue" (games ran out) or "none"
  bool accepted = false;
  std::string candidate_config;
  std::string best_config;             ///< best after this round
  double seconds = 0.0;
};

/// The final match of the best config against the starting one (summary.json's best_vs_start).
struct FinalMatchRecord {
  bool played = false;                 ///< false when no candidate was ever accepted (null)
  std::int64_t games = 0, wins = 0, draws = 0, losses = 0;
  double elo = 0.0, elo_low = 0.0, elo_high = 0.0;
  nlohmann::json pair;                 ///< as RoundRecord::pair
};

/// A whole loop run (summary.json).
struct LoopRecord {
  std::string run_dir;
  std::string game;
  std::string start_config;
  std::string best_config;
  std::vector<RoundRecord> rounds;
  FinalMatchRecord best_vs_start;
  double seconds = 0.0;                ///< wall time of the invocation that finished the run
};

/// The JSON objects of the layout above (nlohmann::json: keys sorted when dumped).
[[nodiscard]] nlohmann::json to_json(const RoundRecord& r);
[[nodiscard]] nlohmann::json to_json(const FinalMatchRecord& f);
[[nodiscard]] nlohmann::json to_json(const LoopRecord& s);

/// Parses a record. Throws InputError prefixed with `where` ("FILE: ") naming the missing or
/// mistyped key (dotted: "wdl.wins", "elo_ci95[1]") and what was expected.
[[nodiscard]] RoundRecord round_record_from_json(const nlohmann::json& j, const std::string& where);
[[nodiscard]] LoopRecord loop_record_from_json(const nlohmann::json& j, const std::string& where);

/// Reads round.json / summary.json. Throws InputError naming the file for an unreadable file,
/// malformed JSON, or (as the parsers above) a missing or mistyped key.
[[nodiscard]] RoundRecord read_round_record(const std::string& path);
[[nodiscard]] LoopRecord read_loop_record(const std::string& path);

}  // namespace arena::records
