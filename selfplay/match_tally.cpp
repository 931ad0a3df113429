// Incremental per-pairing counts (see match_tally.hpp).
#include "selfplay/match_tally.hpp"

#include <utility>

namespace arena::selfplay {

namespace {

void add_points(analysis::WdlCounts& wdl, double points) {
  if (points == 1.0) {
    ++wdl.wins;
  } else if (points == 0.0) {
    ++wdl.losses;
  } else {
    ++wdl.draws;
  }
}

void add_termination(TerminationCounts& t, Termination kind, bool forfeit) {
  ++t.games;
  ++t.by_kind[static_cast<std::size_t>(kind)];
  if (forfeit) ++t.forfeits;
}

}  // namespace

MatchTally::MatchTally(std::vector<std::string> names, const Schedule& schedule)
    : schedule_(schedule), names_(std::move(names)), engine_ends_(names_.size()) {
  for (const auto& p : schedule.pairings()) {
    analysis::PairCounts c;
    c.a = names_[static_cast<std::size_t>(p.a)];
    c.b = names_[static_cast<std::size_t>(p.b)];
    counts_.push_back(std::move(c));
  }
  pairing_ends_.resize(counts_.size());
}

bool MatchTally::add(const GameRecord& g) {
  ++games_;
  const Seats seats = schedule_.seats(g.id);
  analysis::PairCounts& c = counts_[static_cast<std::size_t>(seats.pairing)];
  const bool a_first = g.id % 2 == 0;
  const double first_points = g.score > 0 ? 1.0 : g.score < 0 ? 0.0 : 0.5;
  const double a_points = a_first ? first_points : 1.0 - first_points;
  add_points(c.wdl, a_points);
  add_points(a_first ? c.a_first : c.a_second, a_points);
  const bool forfeit = is_forfeit(g.termination);
  add_termination(pairing_ends_[static_cast<std::size_t>(seats.pairing)], g.termination, forfeit);
  const int loser = g.score < 0 ? seats.first : seats.second;
  for (const int engine : {seats.first, seats.second}) {
    add_termination(engine_ends_[static_cast<std::size_t>(engine)], g.termination,
                    forfeit && engine == loser);
  }

  // A pair completes when its second game arrives; until then it is incomplete.
  const auto it = half_pairs_.find(g.pair);
  if (it == half_pairs_.end()) {
    half_pairs_.emplace(g.pair, a_points);
    ++c.incomplete_pairs;
    return false;
  }
  const double pair_points = it->second + a_points;
  half_pairs_.erase(it);
  --c.incomplete_pairs;
  auto& p = c.pentanomial;
  if (pair_points == 0.0) {
    ++p.ll;
  } else if (pair_points == 0.5) {
    ++p.ld;
  } else if (pair_points == 1.0) {
    ++p.wl_dd;
  } else if (pair_points == 1.5) {
    ++p.wd;
  } else {
    ++p.ww;
  }
  return true;
}

}  // namespace arena::selfplay
