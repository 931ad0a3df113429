// Live match counts of a run: per engine pairing, W/D/L and pentanomial counts over complete
// pairs, updated one game at a time (O(1) per game) and counted exactly as
// analysis::summarize_games counts a finished log, so the progress line, the SPRT stop and the
// final summary agree with `arena analyze`.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/pairs.hpp"
#include "selfplay/game_log.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

class MatchTally {
 public:
  /// `names`: engine names by index; `schedule`: maps a game id to its pairing and seats.
  MatchTally(std::vector<std::string> names, const Schedule& schedule);

  /// Counts a finished game. Returns true when it completed a pair.
  bool add(const GameRecord& g);

  [[nodiscard]] std::int64_t games() const { return games_; }
  /// Counts of pairing i (Schedule::pairings() order), from engine `a`'s point of view.
  [[nodiscard]] const analysis::PairCounts& counts(int pairing) const {
    return counts_[static_cast<std::size_t>(pairing)];
  }
  [[nodiscard]] int pairings() const { return static_cast<int>(counts_.size()); }

 private:
  const Schedule& schedule_;
  std::vector<analysis::PairCounts> counts_;
  std::unordered_map<std::int64_t, double> half_pairs_;  ///< pair id -> a's points in its game
  std::int64_t games_ = 0;
};

}  // namespace arena::selfplay
