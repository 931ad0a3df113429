// Incremental per-pairing counts (see match_tally.hpp).
#include "selfplay/match_tally.hpp"

#include <utility>

#include "selfplay/outcomes.hpp"

namespace arena::selfplay {

namespace {

void add_termination(TerminationCounts& t, records::Termination kind, bool forfeit) {
  ++t.games;
  ++t.by_kind[static_cast<std::size_t>(kind)];
  if (forfeit) ++t.forfeits;
}

}  // namespace

MatchTally::MatchTally(std::vector<std::string> names, const Schedule& schedule,
                       std::vector<SideSettings> sides)
    : schedule_(schedule),
      names_(std::move(names)),
      sides_(std::move(sides)),
      clock_use_(names_.size()),
      tally_(names_),
      pairing_ends_(schedule.pairings().size()),
      engine_ends_(names_.size()) {}

bool MatchTally::add(const records::GameRecord& g) {
  ++games_;
  const Seats seats = schedule_.seats(g.id);
  const bool forfeit = records::is_forfeit(g.termination);
  add_termination(pairing_ends_[static_cast<std::size_t>(seats.pairing)], g.termination, forfeit);
  const int loser = g.score < 0 ? seats.first : seats.second;
  for (const int engine : {seats.first, seats.second}) {
    add_termination(engine_ends_[static_cast<std::size_t>(engine)], g.termination,
                    forfeit && engine == loser);
  }
  add_clock_use(g, seats);
  analysis::GameOutcome o = outcome_of(g);
  o.first = names_[static_cast<std::size_t>(seats.first)];  // the schedule's seats, as the run has them
  o.second = names_[static_cast<std::size_t>(seats.second)];
  return tally_.add(o);
}

void MatchTally::add_clock_use(const records::GameRecord& g, const Seats& seats) {
  const auto side = [&](int engine) {
    const auto i = static_cast<std::size_t>(engine);
    return i < sides_.size() ? sides_[i] : SideSettings{};
  };
  selfplay::add_clock_use(g, side(seats.first), side(seats.second),
                          clock_use_[static_cast<std::size_t>(seats.first)],
                          clock_use_[static_cast<std::size_t>(seats.second)]);
}

analysis::PairCounts MatchTally::counts(int pairing) const {
  const Pairing& p = schedule_.pairings()[static_cast<std::size_t>(pairing)];
  return tally_.counts(names_[static_cast<std::size_t>(p.a)], names_[static_cast<std::size_t>(p.b)]);
}

}  // namespace arena::selfplay
