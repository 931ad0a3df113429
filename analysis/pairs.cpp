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

/// Adds a pair with `points` in {0, 1/2, 1, 3/2, 2} (sum of two games' points).
void add_pair(PentanomialCounts& counts, double points) {
  switch (static_cast<int>(std::lround(points * 2.0))) {
    case 0: ++counts.ll; break;
    case 1: ++counts.ld; break;
    case 2: ++counts.wl_dd; break;
    case 3: ++counts.wd; break;
    default: ++counts.ww; break;
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

GamesSummary summarize_games(std::span<const GameOutcome> games, const std::vector<std::string>& engine_order) {
  GamesSummary summary;
  summary.engines = engine_order;
  std::map<std::pair<std::size_t, std::size_t>, PairCounts> pairs;
  // Pair id -> a's points so far and games seen, per engine pair.
  std::map<std::tuple<std::size_t, std::size_t, std::int64_t>, std::pair<double, int>> pending;
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
    PairCounts& pc = pairs[key];
    pc.a = summary.engines[key.first];
    pc.b = summary.engines[key.second];
    const double a_points = points_of(g, pc.a);
    add_result(pc.wdl, a_points);
    add_result(g.first == pc.a ? pc.a_first : pc.a_second, a_points);
    if (!g.pair) {
      ++pc.unpaired_games;
      continue;
    }
    auto& slot = pending[{key.first, key.second, *g.pair}];
    slot.first += a_points;
    ++slot.second;
  }
  for (const auto& [key, slot] : pending) {
    PairCounts& pc = pairs[{std::get<0>(key), std::get<1>(key)}];
    if (slot.second == 2) {
      add_pair(pc.pentanomial, slot.first);
    } else {
      ++pc.incomplete_pairs;
    }
  }
  for (auto& [key, pc] : pairs) summary.pairs.push_back(std::move(pc));
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
  PairCounts running;
  std::unordered_map<std::int64_t, std::pair<double, int>> pending;
  for (const auto& g : games) {
    const bool ab = (g.first == a && g.second == b) || (g.first == b && g.second == a);
    if (!ab) continue;
    const double a_points = points_of(g, a);
    add_result(running.wdl, a_points);
    if (!g.pair) continue;
    auto& slot = pending[*g.pair];
    slot.first += a_points;
    if (++slot.second != 2) continue;
    add_pair(running.pentanomial, slot.first);
    trajectory.push_back(pair_sprt(running, params).llr);
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
