// The reporting layer of a run: the progress line on stderr and the final summary (text or
// JSON). Statistics come from analysis/ (pure functions); this file only formats them.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "analysis/pairs.hpp"
#include "analysis/sprt.hpp"
#include "selfplay/match_tally.hpp"

namespace arena::selfplay {

/// One engine pairing's results (engine `a`'s point of view) with statistics.
struct PairingSummary {
  analysis::PairCounts counts;
  analysis::MatchStats stats;
  /// The SPRT as reported: the recorded verdict once decided, else the test over all games.
  std::optional<analysis::SprtResult> sprt;
  std::optional<analysis::SprtDecision> decision;  ///< when the SPRT has decided
  std::optional<analysis::SprtResult> sprt_all_games;  ///< with a decision: over every game
  TerminationCounts terminations;
};

/// One engine's games by how they ended, its clock use and its time.
struct EngineSummary {
  std::string name;
  TerminationCounts terminations;
  ClockUse clock;
  std::optional<analysis::TimeUse> time;  ///< over its games with recorded move times
};

/// The result of run_selfplay.
struct SelfplaySummary {
  std::string game;
  std::string log_path;
  std::uint64_t seed = 0;            ///< the run seed (given or drawn)
  std::int64_t games_requested = 0;  ///< games of this shard
  std::int64_t games_logged = 0;     ///< game lines in the log at the end
  std::int64_t games_played = 0;     ///< games played by this invocation
  double seconds = 0.0;              ///< wall time of the playing phase
  double games_per_second = 0.0;     ///< games_played / seconds
  bool interrupted = false;          ///< stopped by a signal or the deadline: the same command resumes
  bool sprt_stopped = false;         ///< stopped because the SPRT decided (now or before)
  std::vector<PairingSummary> pairings;
  std::vector<EngineSummary> engines;
  /// Engines that lost every one of their games (at least one) by their own forfeit.
  std::vector<std::string> all_forfeit_engines;
  std::vector<std::string> warnings;  ///< from reading an existing log, forfeits, intervals
};

/// Fills `s.pairings`, `s.engines`, `s.all_forfeit_engines` and adds warnings (most games
/// forfeited; intervals from too few samples; clock overruns, overrun_warning) from the run's
/// counts. The SPRT is `decision`
/// when the run has one, else the test over all games when `sprt` is set.
void fill_results(SelfplaySummary& s, const MatchTally& tally,
                  const std::optional<analysis::SprtParams>& sprt,
                  const std::optional<analysis::SprtDecision>& decision);

/// The --json document: {game, log, seed, games_requested, games_logged, games_played,
/// seconds, games_per_second, interrupted, sprt_stopped, pairs: [the pair statistics of
/// `arena analyze --json` (analysis::pair_json: first, second, games, wins, draws, losses,
/// score, elo, elo_ci95, elo_interval [low, high], elo_bound, pentanomial [LL, LD, WL+DD, WD,
/// WW], incomplete_pairs, sprt {llr, lower, upper, state, model, elo0, elo1, alpha, beta,
/// decided, decision_pairs, decision_games, llr_all_games} | null, ...) and terminations
/// {kind: games, every kind}, forfeits], engines [{name, games, terminations, forfeits,
/// overrun_games, overrun_ms (forgiven clock overruns, ClockUse), time_use
/// (analysis::time_use_json) | null}],
/// all_forfeit_engines, warnings}. No NaN or infinity is printed (null instead).
[[nodiscard]] nlohmann::json summary_json(const SelfplaySummary& s);

/// The human-readable summary, one block per pairing.
[[nodiscard]] std::string summary_text(const SelfplaySummary& s);

/// One progress line (no newline): done/total, W-D-L, score, Elo +- 95%, the SPRT's LLR and
/// bounds, games per second and ETA. W-D-L and Elo are shown when the run has one pairing.
[[nodiscard]] std::string progress_line(const MatchTally& tally, std::int64_t total,
                                        const std::optional<analysis::SprtParams>& sprt,
                                        double games_per_second);

/// Prints progress lines to stderr: a live line rewritten with '\r' on a terminal (at most
/// 5 per second), a plain line every 5 seconds otherwise; nothing when disabled.
class ProgressPrinter {
 public:
  ProgressPrinter(bool enabled, std::int64_t total, std::optional<analysis::SprtParams> sprt);
  /// Reports after a game; `played` counts this invocation's games (for the rate).
  void update(const MatchTally& tally, std::int64_t played, bool force = false);
  /// Prints the final state and ends a live line.
  void finish(const MatchTally& tally, std::int64_t played);

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  bool tty_;
  std::int64_t total_;
  std::optional<analysis::SprtParams> sprt_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_{};
  bool printed_ = false;
};

}  // namespace arena::selfplay
