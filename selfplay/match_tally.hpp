// Live match counts of a run: per engine pairing, W/D/L and pentanomial counts over complete
// pairs, counted by analysis::GamesTally (the tally `arena analyze` uses on a finished log, so
// the progress line, the SPRT stop and the final summary agree with it), per pairing and per
// engine how the games ended (every Termination kind), and per engine the clock overruns its
// margin forgave, one game at a time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/pairs.hpp"
#include "records/game_log.hpp"
#include "selfplay/clock_use.hpp"
#include "selfplay/schedule.hpp"
#include "selfplay/side_settings.hpp"

namespace arena::selfplay {

/// How the games of one engine (or one pairing) ended: counts indexed by Termination.
struct TerminationCounts {
  std::vector<std::int64_t> by_kind = std::vector<std::int64_t>(records::all_terminations().size(), 0);
  std::int64_t games = 0;
  std::int64_t forfeits = 0;  ///< games lost by the engine's own forfeit (is_forfeit); for a
                              ///< pairing: games ended by any forfeit
  [[nodiscard]] std::int64_t of(records::Termination t) const {
    return by_kind[static_cast<std::size_t>(t)];
  }
};

class MatchTally {
 public:
  /// `names`: engine names by index; `schedule`: maps a game id to its pairing and seats;
  /// `sides`: each engine's clock by index (PlaySettings::engines: a missing one has none).
  MatchTally(std::vector<std::string> names, const Schedule& schedule,
             std::vector<SideSettings> sides = {});

  /// Counts a finished game. Returns true when it completed a pair.
  bool add(const records::GameRecord& g);

  [[nodiscard]] std::int64_t games() const { return games_; }
  /// Counts of pairing i (Schedule::pairings() order), from engine `a`'s point of view.
  [[nodiscard]] analysis::PairCounts counts(int pairing) const;
  [[nodiscard]] int pairings() const { return static_cast<int>(schedule_.pairings().size()); }
  /// How pairing i's games ended.
  [[nodiscard]] const TerminationCounts& pairing_terminations(int pairing) const {
    return pairing_ends_[static_cast<std::size_t>(pairing)];
  }
  /// How engine e's games ended (its forfeits: the games it lost by a forfeit).
  [[nodiscard]] const TerminationCounts& engine_terminations(int engine) const {
    return engine_ends_[static_cast<std::size_t>(engine)];
  }
  /// Engine e's clock use (zeros when it never played on a clock).
  [[nodiscard]] const ClockUse& clock_use(int engine) const {
    return clock_use_[static_cast<std::size_t>(engine)];
  }
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
  /// Each engine's time over its games with recorded move times (analysis::GamesSummary).
  [[nodiscard]] std::vector<analysis::TimeUse> time_use() const { return tally_.summary().time_use; }

 private:
  /// Adds game g's forgiven overruns and clock time to its two engines' ClockUse.
  void add_clock_use(const records::GameRecord& g, const Seats& seats);

  const Schedule& schedule_;
  std::vector<std::string> names_;
  std::vector<SideSettings> sides_;
  std::vector<ClockUse> clock_use_;
  analysis::GamesTally tally_;
  std::vector<TerminationCounts> pairing_ends_;
  std::vector<TerminationCounts> engine_ends_;
  std::int64_t games_ = 0;
};

}  // namespace arena::selfplay
