// Incremental per-pairing counts (see match_tally.hpp).
#include "selfplay/match_tally.hpp"

#include <utility>

namespace arena::selfplay {

namespace {

void add_termination(TerminationCounts& t, Termination kind, bool forfeit) {
  ++t.games;
  ++t.by_kind[static_cast<std::size_t>(kind)];
  if (forfeit) ++t.forfeits;
}

}  // namespace

MatchTally::MatchTally(std::vector<std::string> names, const Schedule& schedule)
    : schedule_(schedule), names_(std::move(names)), engine_ends_(names_.size()) {
  for (const auto& p : schedule.pairings()) {
    tallies_.emplace_back(names_[static_cast<std::size_t>(p.a)], names_[static_cast<std::size_t>(p.b)]);
  }
  pairing_ends_.resize(tallies_.size());
}

bool MatchTally::add(const GameRecord& g) {
  ++games_;
  const Seats seats = schedule_.seats(g.id);
  const bool a_first = g.id % 2 == 0;
  const double first_points = g.score > 0 ? 1.0 : g.score < 0 ? 0.0 : 0.5;
  const double a_points = a_first ? first_points : 1.0 - first_points;
  const bool forfeit = is_forfeit(g.termination);
  add_termination(pairing_ends_[static_cast<std::size_t>(seats.pairing)], g.termination, forfeit);
  const int loser = g.score < 0 ? seats.first : seats.second;
  for (const int engine : {seats.first, seats.second}) {
    add_termination(engine_ends_[static_cast<std::size_t>(engine)], g.termination,
                    forfeit && engine == loser);
  }
  return tallies_[static_cast<std::size_t>(seats.pairing)].add(a_points, a_first, g.pair);
}

}  // namespace arena::selfplay
