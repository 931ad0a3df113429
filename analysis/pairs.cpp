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

/// A's points in one game between a and b, given who moved first.
double points_of(const GameOutcome& g, const std::string& a) {
  const double first = first_player_points(g.result);
  return g.first == a ? first : 1.0 - first;
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

PairTally::PairTally(std::string a, std::string b) {
  counts_.a = std::move(a);
  counts_.b = std::move(b);
}

bool PairTally::add(double a_points, bool a_first, std::optional<std::int64_t> pair) {
  add_result(counts_.wdl, a_points);
  add_result(a_first ? counts_.a_first : counts_.a_second, a_points);
  if (!pair) {
    ++counts_.unpaired_games;
    return false;
  }
  Slot& slot = slots_[*pair];
  slot.points += a_points;
  switch (++slot.games) {
    case 1:
      ++counts_.incomplete_pairs;
      return false;
    case 2:
      --counts_.incomplete_pairs;
      add_pair(counts_.pentanomial, slot.points, +1);
      return true;
    case 3:  // a third game: the pair is not a pair after all
      add_pair(counts_.pentanomial, slot.points - a_points, -1);
      ++counts_.incomplete_pairs;
      return false;
    default:
      return false;
  }
}

GamesSummary summarize_games(std::span<const GameOutcome> games, const std::vector<std::string>& engine_order) {
  GamesSummary summary;
  summary.engines = engine_order;
  std::map<std::pair<std::size_t, std::size_t>, PairTally> pairs;
  std::map<std::string, WdlCounts> openings;
  double plies = 0.0;
  for (const auto& g : games) {
    const double first_points = first_player_points(g.result);
    add_result(summary.first_player, first_points);
    add_result(openings[g.opening], first_points);
    ++summary.games;
    plies += g.plies;
    if (g.termination != "normal") ++summary.terminations[g.termination];

    const std::size_t i = engine_index(summary.engines, g.first);
    const std::size_t j = engine_index(summary.engines, g.second);
    if (i == j) continue;
    const std::pair<std::size_t, std::size_t> key = std::minmax(i, j);
    auto it = pairs.find(key);
    if (it == pairs.end()) {
      it = pairs.emplace(key, PairTally(summary.engines[key.first], summary.engines[key.second])).first;
    }
    const std::string& a = it->second.counts().a;
    it->second.add(points_of(g, a), g.first == a, g.pair);
  }
  for (auto& [key, tally] : pairs) summary.pairs.push_back(tally.counts());
  for (const auto& [opening, counts] : openings) summary.openings.push_back({opening, counts});
  summary.average_plies = summary.games > 0 ? plies / static_cast<double>(summary.games)
                                            : std::numeric_limits<double>::quiet_NaN();
  return summary;
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
  PairTally running(a, b);
  for (const auto& g : games) {
    const bool ab = (g.first == a && g.second == b) || (g.first == b && g.second == a);
    if (!ab) continue;
    if (running.add(points_of(g, a), g.first == a, g.pair)) {
      trajectory.push_back(pair_sprt(running.counts(), params).llr);
    }
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
