// Counting games per engine pair. A pentanomial sample is the two games that share a pair id
// (the same opening with colours swapped) between the same two engines; a pair id seen once
// (the run stopped mid-pair) or more than twice is counted as incomplete and only its games'
// W/D/L count.
#include "analysis/pairs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <unordered_map>

namespace arena::analysis {

namespace {

/// Index of `name` in `engines`, appending it when new.
std::size_t engine_index(std::vector<std::string>& engines, const std::string& name) {
  const auto it = std::find(engines.begin(), engines.end(), name);
  if (it != engines.end()) return static_cast<std::size_t>(it - engines.begin());
  engines.push_back(name);
  return engines.size() - 1;
}

void add_result(WdlCounts& counts, double points) {
  if (points == 1.0) {
    ++counts.wins;
  } else if (points == 0.0) {
    ++counts.losses;
  } else {
    ++counts.draws;
  }
}

/// Adds `delta` (+1 or -1) pairs with `points` in {0, 1/2, 1, 3/2, 2} (sum of two games' points).
void add_pair(PentanomialCounts& counts, double points, std::int64_t delta) {
  switch (static_cast<int>(std::lround(points * 2.0))) {
    case 0: counts.ll += delta; break;
    case 1: counts.ld += delta; break;
    case 2: counts.wl_dd += delta; break;
    case 3: counts.wd += delta; break;
    default: counts.ww += delta; break;
  }
}

}  // namespace

std::optional<GameResult> parse_game_result(std::string_view text) {
  if (text == "1-0") return GameResult::FirstWins;
  if (text == "0-1") return GameResult::SecondWins;
  if (text == "1/2-1/2") return GameResult::Draw;
  return std::nullopt;
}

double first_player_points(GameResult result) {
  switch (result) {
    case GameResult::FirstWins: return 1.0;
    case GameResult::Draw: return 0.5;
    case GameResult::SecondWins: return 0.0;
  }
  return 0.5;
}

GamesTally::GamesTally(std::vector<std::string> engine_order) { summary_.engines = std::move(engine_order); }

bool GamesTally::add(const GameOutcome& g) {
  // Step 1: what every game counts in.
  const double first_points = first_player_points(g.result);
  add_result(summary_.first_player, first_points);
  add_result(openings_[g.opening], first_points);
  ++summary_.games;
  plies_ += g.plies;
  if (g.termination != "normal") ++summary_.terminations[g.termination];

  // Step 2: each side's time, then the engine pair, from the view of the engine earlier in
  // the order.
  const std::size_t i = engine_index(summary_.engines, g.first);
  const std::size_t j = engine_index(summary_.engines, g.second);
  if (g.times) {
    time_use_.resize(summary_.engines.size());
    for (const std::size_t side : {0U, 1U}) {
      TimeUse& t = time_use_[side == 0 ? i : j];
      if (side == 0 || i != j) ++t.games;  // an engine against itself: one game, both sides' moves
      const SideTime& own = (*g.times)[side];
      t.moves += own.moves;
      t.ms += own.ms;
      t.longest_ms = std::max(t.longest_ms, own.longest_ms);
      if (own.cpu_ms) {
        if (side == 0 || i != j) ++t.cpu_games;
        t.cpu_moves += own.moves;
        t.cpu_ms += *own.cpu_ms;
      }
    }
  }
  if (i == j) return false;
  const std::pair<std::size_t, std::size_t> key = std::minmax(i, j);
  auto it = pairs_.find(key);
  if (it == pairs_.end()) {
    it = pairs_.emplace(key, Pair{}).first;
    it->second.counts.a = summary_.engines[key.first];
    it->second.counts.b = summary_.engines[key.second];
  }
  Pair& p = it->second;
  const bool a_first = i == key.first;
  const double a_points = a_first ? first_points : 1.0 - first_points;
  add_result(p.counts.wdl, a_points);
  add_result(a_first ? p.counts.a_first : p.counts.a_second, a_points);

  // Step 3: the pentanomial sample its pair id belongs to.
  if (!g.pair) {
    ++p.counts.unpaired_games;
    return false;
  }
  Pair::Slot& slot = p.slots[*g.pair];
  slot.points += a_points;
  switch (++slot.games) {
    case 1:
      ++p.counts.incomplete_pairs;
      return false;
    case 2:
      --p.counts.incomplete_pairs;
      add_pair(p.counts.pentanomial, slot.points, +1);
      return true;
    case 3:  // a third game: the pair is not a pair after all
      add_pair(p.counts.pentanomial, slot.points - a_points, -1);
      ++p.counts.incomplete_pairs;
      return false;
    default:
      return false;
  }
}

PairCounts GamesTally::counts(const std::string& a, const std::string& b) const {
  const auto index = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(summary_.engines.begin(), summary_.engines.end(), name) -
                                    summary_.engines.begin());
  };
  const auto it = pairs_.find(std::minmax(index(a), index(b)));
  if (it != pairs_.end()) return it->second.counts;
  PairCounts none;
  none.a = a;
  none.b = b;
  return none;
}

GamesSummary GamesTally::summary() const {
  GamesSummary s = summary_;
  for (const auto& [key, pair] : pairs_) s.pairs.push_back(pair.counts);
  for (const auto& [opening, counts] : openings_) s.openings.push_back({opening, counts});
  s.average_plies = s.games > 0 ? plies_ / static_cast<double>(s.games) : std::numeric_limits<double>::quiet_NaN();
  for (std::size_t e = 0; e < time_use_.size(); ++e) {
    if (time_use_[e].games == 0) continue;
    s.time_use.push_back(time_use_[e]);
    s.time_use.back().engine = s.engines[e];
  }
  return s;
}

GamesSummary summarize_games(std::span<const GameOutcome> games, const std::vector<std::string>& engine_order) {
  GamesTally tally(engine_order);
  for (const auto& g : games) tally.add(g);
  return tally.summary();
}

MatchStats pair_stats(const PairCounts& counts) {
  return counts.pentanomial.pairs() > 0 ? match_stats(counts.pentanomial) : match_stats(counts.wdl);
}

SprtResult pair_sprt(const PairCounts& counts, const SprtParams& params) {
  if (counts.pentanomial.pairs() > 0 && params.model != SprtModel::BayesElo) {
    return sprt(counts.pentanomial, params);
  }
  return sprt(counts.wdl, params);
}

std::vector<double> llr_after_each_pair(std::span<const GameOutcome> games, const std::string& a,
                                        const std::string& b, const SprtParams& params) {
  std::vector<double> trajectory;
  GamesTally running({a, b});
  for (const auto& g : games) {
    const bool ab = (g.first == a && g.second == b) || (g.first == b && g.second == a);
    if (ab && running.add(g)) trajectory.push_back(pair_sprt(running.counts(a, b), params).llr);
  }
  return trajectory;
}

std::vector<RatedGame> rated_games(std::span<const GameOutcome> games, const std::vector<std::string>& engines) {
  const auto index = [&](const std::string& name) {
    const auto it = std::find(engines.begin(), engines.end(), name);
    if (it == engines.end()) throw std::invalid_argument("engine '" + name + "' is not in the engine list");
    return static_cast<std::size_t>(it - engines.begin());
  };
  std::vector<RatedGame> rated;
  rated.reserve(games.size());
  for (const auto& g : games) {
    rated.push_back({index(g.first), index(g.second), first_player_points(g.result), true});
  }
  return rated;
}

}  // namespace arena::analysis
