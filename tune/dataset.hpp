// From games to fitting problems, for any game G: replay each game, pick training positions
// (skip the opening plies, drop duplicates by G::hash, cap per game, optionally balance the
// phases), split train/holdout BY GAME, label the positions (result, score, search, exact,
// line) and compute their feature rows with the same feature-set declaration the engine uses.
// Positions without a recorded search score (real games, logs made without --record-evals)
// can get one from the tuner itself: a fixed-depth search of the starting config
// (distillation of the search into the static evaluation).
//
// Labelled positions (tune/positions.hpp) join the games' samples after them, in file order,
// with their label in every label column; they are split into train and holdout by position
// hash. A label cache supplies exact or search labels computed by an earlier run.
//
// Determinism: the split and the per-game choice depend only on the seed and each game's
// moves (a content hash), never on threads, so the same inputs give the same problem. The
// duplicate filter keeps a position's first occurrence in input order.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/features.hpp"
#include "engine/core/game.hpp"
#include "tune/engine_pool.hpp"
#include "tune/fit.hpp"
#include "tune/inputs.hpp"
#include "tune/options.hpp"
#include "tune/positions.hpp"

namespace arena::tune {

/// How positions are chosen (see TuneOptions for the meaning of each field).
struct SampleOptions {
  int skip_plies = 8;
  int max_per_game = 0;
  double balance = 0.0;
  double holdout = 0.1;
  std::uint64_t seed = 1;
  bool need_search = false;  ///< keep only positions with a recorded search score
  bool need_exact = false;   ///< solve positions with <= exact_empties empties
  int exact_empties = 12;
  /// > 0: positions without a recorded search score get one from `search_config` searched to
  /// this depth (plies); 0 = such positions have none.
  int search_depth = 0;
  /// With search_depth: search at most this many such positions (chosen by position hash),
  /// drop the rest; 0 = all.
  std::size_t search_max = 0;
  core::EngineConfig search_config;  ///< the engine that labels (the tuning's --init config)
  /// Exact labels computed earlier; new ones are added. nullptr = none.
  LabelCache* exact_cache = nullptr;
  /// Search labels (search_depth, search_config) computed earlier; new ones are added.
  LabelCache* search_cache = nullptr;
};

/// Counts of the sampling stage.
struct SampleStats {
  std::size_t games = 0;
  std::size_t train_games = 0;
  std::size_t holdout_games = 0;
  std::size_t candidates = 0;     ///< positions past skip_plies with the labels needed
  std::size_t no_search = 0;      ///< positions dropped for lack of a recorded search score
  std::size_t duplicates = 0;     ///< dropped: seen before (same hash)
  std::size_t capped = 0;         ///< dropped by max_per_game
  std::size_t balanced_out = 0;   ///< dropped by balance
  std::size_t exact_solved = 0;   ///< positions labelled by the exact solver
  std::uint64_t exact_nodes = 0;
  std::size_t searched = 0;       ///< positions labelled by the tuner's own search
  std::size_t search_capped = 0;  ///< dropped: no recorded score and past search_max
  std::uint64_t search_nodes = 0;
  std::size_t labelled = 0;       ///< positions read with their label (--positions)
  std::size_t cached = 0;         ///< exact or search labels taken from the label cache
};

/// splitmix64's finaliser (Steele, Lea & Flood 2014): a cheap, well-mixed 64-bit hash.
[[nodiscard]] inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// A chosen position: where it comes from and its exact label when solved.
template <class Position>
struct Sample {
  Position position;
  std::uint64_t hash = 0;
  std::uint32_t game = 0;     ///< index into the games
  std::uint16_t ply = 0;      ///< plies before this position in its game
  bool holdout = false;
  bool has_exact = false;
  bool exact_cached = false;  ///< `exact` came from the label cache
  int exact = 0;              ///< exact final score, mover's view, game units
  bool has_line = false;      ///< unsolved, but a later position of its game was solved
  int line = 0;               ///< that game's first solved score, this sample's mover's view
  bool searched = false;      ///< `search` holds the tuner's own search score
  int search = 0;             ///< that score: mover's view, centi-units
  bool labelled = false;      ///< from a positions file: `label` is every label, `game` unused
  int label = 0;              ///< that label: mover's view, centi-units
};

/// Label columns of a Dataset row.
enum LabelColumn : int { kResultColumn = 0, kScoreColumn, kSearchColumn, kExactColumn,
                         kLineColumn, kLabelColumns };

/// Feature rows per phase with every label of every row; targets are filled by the caller
/// from `labels` (see mix_targets).
struct Dataset {
  FitProblem problem;
  /// Per phase, rows x kLabelColumns: result for the side to move (1, 1/2, 0), final score
  /// (centi-units, mover's view), recorded search score (centi-units; NaN when none), exact
  /// score (centi-units; the final score where not solved).
  std::vector<Eigen::MatrixXd> labels;
};

/// Whether sample s of `games` has a recorded search score.
template <class Position>
bool has_recorded_search(const Sample<Position>& s, const std::vector<TrainingGame>& games) {
  if (s.labelled) return true;
  const auto& evals = games[s.game].evals;
  return s.ply < evals.size() && evals[s.ply].has_value();
}

namespace detail {

/// label_by_search's step 1: the indices of the samples without a recorded search score, in
/// order; beyond o.search_max of them only the o.search_max with the lowest hash-derived keys
/// are kept and the other samples are dropped from `samples` (the indices follow).
template <class Position>
std::vector<std::size_t> samples_to_search(const std::vector<TrainingGame>& games,
                                           const SampleOptions& o, SampleStats& stats,
                                           std::vector<Sample<Position>>& samples) {
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!has_recorded_search(samples[i], games)) todo.push_back(i);
  }
  if (o.search_max == 0 || todo.size() <= o.search_max) return todo;
  const std::uint64_t salt = mix64(o.seed ^ 0x5EA4C4ULL);
  const auto key = [&](std::size_t i) { return mix64(samples[i].hash ^ salt); };
  std::nth_element(todo.begin(), todo.begin() + static_cast<std::ptrdiff_t>(o.search_max),
                   todo.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  std::vector<bool> drop(samples.size(), false);
  for (std::size_t k = o.search_max; k < todo.size(); ++k) drop[todo[k]] = true;
  stats.search_capped += todo.size() - o.search_max;
  todo.resize(o.search_max);
  std::sort(todo.begin(), todo.end());
  std::size_t w = 0;
  std::vector<std::size_t> remap(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    remap[i] = w;
    if (!drop[i]) samples[w++] = samples[i];
  }
  samples.resize(w);
  for (auto& i : todo) i = remap[i];
  return todo;
}

/// label_by_search's step 2: the search labels `cache` has, given to their samples; `todo`
/// keeps the samples still to search.
template <class Position>
void take_cached_searches(LabelCache& cache, SampleStats& stats,
                          std::vector<Sample<Position>>& samples, std::vector<std::size_t>& todo) {
  std::size_t w = 0;
  for (const std::size_t i : todo) {
    const auto hit = cache.labels.find(samples[i].hash);
    if (hit == cache.labels.end()) {
      todo[w++] = i;
    } else {
      samples[i].search = hit->second;
      samples[i].searched = true;
      ++cache.hits;
      ++stats.cached;
    }
  }
  todo.resize(w);
}

/// Samples labelled between two writes of the label cache: a few seconds of exact solves or
/// searches on a few cores.
inline constexpr std::size_t kLabelChunk = 4096;

/// label_by_search's step 3: the searches of samples[todo[begin..end)] by o.search_config to
/// o.search_depth, in parallel; a small table, cleared before every position.
template <core::Game G>
void run_searches(const SampleOptions& o, SampleStats& stats, const Progress& progress,
                  const std::vector<std::size_t>& todo, std::size_t begin, std::size_t end,
                  std::vector<Sample<typename G::Position>>& samples) {
  core::EngineConfig cfg = o.search_config;
  cfg.tt_mb = 1;
  core::SearchLimits limits;
  limits.depth = o.search_depth;
  const auto search = [&](core::Engine<G>& engine, std::size_t k) {
    auto& s = samples[todo[k]];
    const auto r = engine.think(s.position, limits, 0);
    s.search = r.score;
    s.searched = true;
    return r.nodes;
  };
  const auto report = [&](std::size_t done, std::size_t chunk) {
    const std::size_t total = begin + done;
    if (progress && total % 5000 < chunk) {
      progress("tune: searched " + std::to_string(total) + "/" + std::to_string(todo.size()) +
               " positions to depth " + std::to_string(o.search_depth));
    }
  };
  stats.search_nodes += search_each<G>(cfg, begin, end, 16, search, report);
  stats.searched += end - begin;
}

}  // namespace detail

/// Gives the samples without a recorded search score one from o.search_config searched to
/// o.search_depth plies (one engine per thread, its table cleared before every position, so
/// labels do not depend on threads); beyond o.search_max such samples, those with the lowest
/// hash-derived keys are kept and the rest dropped. Keeps the order of `samples`. Labels in
/// o.search_cache are taken from it, new ones added to it and written every
/// kLabelCacheSaveInterval.
template <core::Game G>
void label_by_search(const std::vector<TrainingGame>& games, const SampleOptions& o,
                     SampleStats& stats, const Progress& progress,
                     std::vector<Sample<typename G::Position>>& samples) {
  std::vector<std::size_t> todo = detail::samples_to_search(games, o, stats, samples);
  LabelCache* cache = o.search_cache;
  if (cache != nullptr) detail::take_cached_searches(*cache, stats, samples, todo);
  // In chunks of kLabelChunk, so that the cache is written as the labels come (a killed run
  // keeps them).
  for (std::size_t begin = 0; begin < todo.size(); begin += detail::kLabelChunk) {
    const std::size_t end = std::min(todo.size(), begin + detail::kLabelChunk);
    detail::run_searches<G>(o, stats, progress, todo, begin, end, samples);
    if (cache == nullptr) continue;
    for (std::size_t k = begin; k < end; ++k) {
      const auto& s = samples[todo[k]];
      add_label(*cache, s.hash, G::format_position(s.position), s.search);
    }
    save_label_cache_if_due(*cache);
  }
}

namespace detail {

/// A position of a game that may become a sample: where it is and its hash.
template <class Position>
struct Candidate {
  Position position;
  std::uint64_t hash;
  std::uint16_t ply;
};

/// sample_positions' step 1: replays every game in parallel, keeping the positions past the
/// skipped plies (those without a recorded search when one is needed and none is run are only
/// counted); `keys` gets each game's fnv1a64 of its moves. Throws InputError (SOURCE: ply N)
/// for a move the rules reject.
template <core::Game G>
std::vector<std::vector<Candidate<typename G::Position>>> replay_candidates(
    const std::vector<TrainingGame>& games, const SampleOptions& o, SampleStats& stats,
    std::vector<std::uint64_t>& keys) {
  using Position = typename G::Position;
  std::vector<std::vector<Candidate<Position>>> per_game(games.size());
  keys.assign(games.size(), 0);
  std::atomic<std::size_t> no_search{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, games.size(), 64),
                    [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t gi = range.begin(); gi != range.end(); ++gi) {
      const TrainingGame& g = games[gi];
      Position p = G::initial(G::parse_rules(g.rules));
      std::string joined;
      for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (static_cast<int>(i) >= o.skip_plies && !G::is_terminal(p)) {
          const bool has_search = i < g.evals.size() && g.evals[i].has_value();
          if (o.need_search && !has_search && o.search_depth == 0) {
            no_search.fetch_add(1, std::memory_order_relaxed);
          } else {
            per_game[gi].push_back({p, G::hash(p), static_cast<std::uint16_t>(i)});
          }
        }
        try {
          p = G::play(p, G::parse_move(p, g.moves[i]));
        } catch (const InputError& e) {
          throw InputError(g.source + ": ply " + std::to_string(i + 1) + ": " + e.what());
        }
        joined += g.moves[i];
        joined += ' ';
      }
      keys[gi] = core::fnv1a64(joined);
    }
  });
  stats.no_search += no_search.load();
  return per_game;
}

/// sample_positions' step 2: in input order, each game to train or holdout (by its key and the
/// seed), duplicates dropped (the first occurrence kept), at most o.max_per_game per game
/// (a seeded shuffle; positions past the cap stay available to later games). Frees
/// `per_game` as it goes.
template <class Position>
std::vector<Sample<Position>> select_samples(std::vector<std::vector<Candidate<Position>>>& per_game,
                                             const std::vector<std::uint64_t>& keys,
                                             const SampleOptions& o, SampleStats& stats,
                                             std::unordered_set<std::uint64_t>& seen) {
  std::vector<Sample<Position>> out;
  std::vector<std::size_t> fresh;
  for (std::size_t gi = 0; gi < per_game.size(); ++gi) {
    const std::uint64_t key = mix64(keys[gi] ^ mix64(o.seed));
    const bool holdout =
        static_cast<double>(key >> 11) * 0x1.0p-53 < o.holdout;  // uniform in [0, 1)
    ++stats.games;
    ++(holdout ? stats.holdout_games : stats.train_games);
    const auto& cands = per_game[gi];
    stats.candidates += cands.size();
    fresh.clear();
    for (std::size_t k = 0; k < cands.size(); ++k) {
      if (seen.insert(cands[k].hash).second) {
        fresh.push_back(k);
      } else {
        ++stats.duplicates;
      }
    }
    if (o.max_per_game > 0 && fresh.size() > static_cast<std::size_t>(o.max_per_game)) {
      std::mt19937_64 rng(key);
      std::shuffle(fresh.begin(), fresh.end(), rng);
      stats.capped += fresh.size() - static_cast<std::size_t>(o.max_per_game);
      // Positions past the cap were never used: let a later game contribute them.
      for (std::size_t k = static_cast<std::size_t>(o.max_per_game); k < fresh.size(); ++k) {
        seen.erase(cands[fresh[k]].hash);
      }
      fresh.resize(static_cast<std::size_t>(o.max_per_game));
      std::sort(fresh.begin(), fresh.end());
    }
    for (const std::size_t k : fresh) {
      Sample<Position> s;
      s.position = cands[k].position;
      s.hash = cands[k].hash;
      s.game = static_cast<std::uint32_t>(gi);
      s.ply = cands[k].ply;
      s.holdout = holdout;
      out.push_back(s);
    }
    std::vector<Candidate<Position>>().swap(per_game[gi]);
  }
  return out;
}

/// sample_positions' step 2, positions file: each labelled position not seen before, to train
/// or holdout by its hash and the seed.
template <core::Game G>
void add_labelled(const std::vector<std::pair<typename G::Position, int>>& labelled,
                  const SampleOptions& o, SampleStats& stats,
                  std::unordered_set<std::uint64_t>& seen,
                  std::vector<Sample<typename G::Position>>& out) {
  for (const auto& [position, label] : labelled) {
    Sample<typename G::Position> s;
    s.position = position;
    s.hash = G::hash(position);
    if (!seen.insert(s.hash).second) {
      ++stats.duplicates;
      continue;
    }
    s.holdout = static_cast<double>(mix64(s.hash ^ mix64(o.seed)) >> 11) * 0x1.0p-53 < o.holdout;
    s.labelled = true;
    s.label = label;
    ++stats.labelled;
    out.push_back(s);
  }
}

/// label_exact's step for out[begin..end): the exact solves (in parallel; cached labels read),
/// counted into `solved` and `nodes`, then the new labels added to o.exact_cache, which is written
/// when due.
template <core::Game G>
void label_exact_chunk(const SampleOptions& o, SampleStats& stats, const Progress& progress,
                       std::vector<Sample<typename G::Position>>& out, std::size_t begin,
                       std::size_t end, std::atomic<std::size_t>& solved,
                       std::atomic<std::uint64_t>& nodes) {
  constexpr int kWide = 1'000'000;  // a window wider than any final score
  tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, 16),
                    [&](const tbb::blocked_range<std::size_t>& range) {
    std::uint64_t local_nodes = 0;
    std::size_t local_solved = 0;
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      auto& s = out[i];
      if (s.labelled || !G::exact_threshold_reached(s.position, o.exact_empties)) continue;
      if (o.exact_cache != nullptr) {
        // Only read here: the map is filled after the parallel loop.
        const auto hit = o.exact_cache->labels.find(s.hash);
        if (hit != o.exact_cache->labels.end()) {
          s.exact = hit->second / 100;
          s.has_exact = true;
          s.exact_cached = true;
          continue;
        }
      }
      s.exact = G::solve_exact(s.position, -kWide, kWide, local_nodes, nullptr);
      s.has_exact = true;
      ++local_solved;
    }
    const std::size_t total = solved.fetch_add(local_solved) + local_solved;
    nodes.fetch_add(local_nodes);
    if (progress && local_solved > 0 && total % 20000 < local_solved) {
      progress("tune: solved " + std::to_string(total) + " positions exactly");
    }
  });
  if (o.exact_cache == nullptr) return;
  for (std::size_t i = begin; i < end; ++i) {
    const auto& s = out[i];
    if (!s.has_exact || s.labelled) continue;
    if (s.exact_cached) {
      ++o.exact_cache->hits;
      ++stats.cached;
    } else {
      add_label(*o.exact_cache, s.hash, G::format_position(s.position), 100 * s.exact);
    }
  }
  save_label_cache_if_due(*o.exact_cache);
}

/// sample_positions' step 3: exact labels for the samples at or below o.exact_empties (the
/// game's exact solver, in parallel), read from and added to o.exact_cache when set, in chunks of
/// kLabelChunk so that the cache is written as the labels come (a killed run keeps them).
/// Throws InputError when the game has no exact solver.
template <core::Game G>
void label_exact(const SampleOptions& o, SampleStats& stats, const Progress& progress,
                 std::vector<Sample<typename G::Position>>& out) {
  if constexpr (core::HasExactSolver<G>) {
    std::atomic<std::size_t> solved{0};
    std::atomic<std::uint64_t> nodes{0};
    for (std::size_t begin = 0; begin < out.size(); begin += kLabelChunk) {
      const std::size_t end = std::min(out.size(), begin + kLabelChunk);
      label_exact_chunk<G>(o, stats, progress, out, begin, end, solved, nodes);
    }
    stats.exact_solved = solved.load();
    stats.exact_nodes = nodes.load();
  } else {
    (void)o;
    (void)stats;
    (void)progress;
    (void)out;
    throw InputError(std::string("--label exact: game '") + std::string(G::kName) +
                     "' has no exact solver");
  }
}

/// sample_positions' step 4: each unsolved sample of a game gets the exact score of its game's
/// first solved sample (the smallest ply), turned to the sample's mover's view. Samples of one
/// game are contiguous and in ply order (select_samples), so one pass per game suffices.
template <core::Game G>
void label_lines(std::vector<Sample<typename G::Position>>& out) {
  for (std::size_t begin = 0; begin < out.size();) {
    std::size_t end = begin + 1;
    while (end < out.size() && !out[end].labelled && out[end].game == out[begin].game) ++end;
    if (!out[begin].labelled) {
      const auto solved = std::find_if(out.begin() + static_cast<std::ptrdiff_t>(begin),
                                       out.begin() + static_cast<std::ptrdiff_t>(end),
                                       [](const auto& s) { return s.has_exact; });
      if (solved != out.begin() + static_cast<std::ptrdiff_t>(end)) {
        const int first_view = G::side_to_move(solved->position) == 0 ? solved->exact
                                                                       : -solved->exact;
        for (std::size_t i = begin; i < end; ++i) {
          if (out[i].has_exact) continue;
          out[i].has_line = true;
          out[i].line = G::side_to_move(out[i].position) == 0 ? first_view : -first_view;
        }
      }
    }
    begin = end;
  }
}

}  // namespace detail

/// Replays `games` and picks positions (see the file comment). Throws InputError naming the
/// game's source and ply for a move that does not parse or is illegal.
/// `labelled` (positions with their label, centi-units) join after the games' samples.
/// `picked` (when set) gets the number of training samples once they are picked and before
/// any is labelled, so a caller can refuse them before the solves and searches (it throws).
template <core::Game G>
std::vector<Sample<typename G::Position>> sample_positions(
    const std::vector<TrainingGame>& games, const SampleOptions& o, SampleStats& stats,
    const Progress& progress,
    const std::vector<std::pair<typename G::Position, int>>& labelled = {},
    const std::function<void(std::size_t)>& picked = {}) {
  std::vector<std::uint64_t> keys;
  auto per_game = detail::replay_candidates<G>(games, o, stats, keys);
  if (progress) progress("tune: replayed " + std::to_string(games.size()) + " games");
  std::unordered_set<std::uint64_t> seen;
  auto out = detail::select_samples(per_game, keys, o, stats, seen);
  detail::add_labelled<G>(labelled, o, stats, seen, out);
  if (picked) {
    picked(static_cast<std::size_t>(
        std::count_if(out.begin(), out.end(), [](const auto& s) { return !s.holdout; })));
  }
  if (o.need_search && o.search_depth > 0) label_by_search<G>(games, o, stats, progress, out);
  if (o.need_exact) {
    detail::label_exact<G>(o, stats, progress, out);
    detail::label_lines<G>(out);
  }
  return out;
}

/// The label row of sample s (see Dataset::labels); a labelled position's label fills every
/// column (the result column with its sign).
template <core::Game G>
Eigen::Matrix<double, 1, kLabelColumns> sample_labels(const Sample<typename G::Position>& s,
                                                      const std::vector<TrainingGame>& games) {
  Eigen::Matrix<double, 1, kLabelColumns> row;
  if (s.labelled) {
    row.setConstant(static_cast<double>(s.label));
    row[kResultColumn] = s.label > 0 ? 1.0 : s.label < 0 ? 0.0 : 0.5;
    return row;
  }
  const TrainingGame& g = games[s.game];
  const int mover_score = G::side_to_move(s.position) == 0 ? g.score : -g.score;
  row[kResultColumn] = mover_score > 0 ? 1.0 : mover_score < 0 ? 0.0 : 0.5;
  row[kScoreColumn] = 100.0 * mover_score;
  row[kSearchColumn] = s.searched ? static_cast<double>(s.search)
                       : s.ply < g.evals.size() && g.evals[s.ply].has_value()
                           ? static_cast<double>(*g.evals[s.ply])
                           : std::numeric_limits<double>::quiet_NaN();
  row[kExactColumn] = s.has_exact ? 100.0 * s.exact : row[kScoreColumn];
  row[kLineColumn] = s.has_line ? 100.0 * s.line : row[kExactColumn];
  return row;
}

namespace detail {

/// build_datasets' step 1: the sample indices of each phase, [0] training, [1] holdout.
template <class Position>
std::array<std::vector<std::vector<std::size_t>>, 2> rows_by_phase(
    const std::vector<Sample<Position>>& samples, const core::FeatureSet<Position>& fs) {
  std::vector<int> phase_of(samples.size());
  tbb::parallel_for(std::size_t{0}, samples.size(),
                    [&](std::size_t i) { phase_of[i] = fs.phase(samples[i].position); });
  std::array<std::vector<std::vector<std::size_t>>, 2> rows;
  rows[0].resize(static_cast<std::size_t>(fs.num_phases()));
  rows[1].resize(static_cast<std::size_t>(fs.num_phases()));
  for (std::size_t i = 0; i < samples.size(); ++i) {
    rows[samples[i].holdout ? 1 : 0][static_cast<std::size_t>(phase_of[i])].push_back(i);
  }
  return rows;
}

/// build_datasets' step 2: each training phase cut to ceil(o.balance x mean phase size) rows,
/// those with the lowest hash-derived keys, in order.
template <class Position>
void balance_phases(const std::vector<Sample<Position>>& samples, const SampleOptions& o,
                    SampleStats& stats, std::vector<std::vector<std::size_t>>& rows) {
  std::size_t filled = 0;
  std::size_t total = 0;
  for (const auto& r : rows) {
    filled += r.empty() ? 0 : 1;
    total += r.size();
  }
  const auto cap = static_cast<std::size_t>(
      std::ceil(o.balance * static_cast<double>(total) / static_cast<double>(std::max<std::size_t>(filled, 1))));
  for (auto& r : rows) {
    if (r.size() <= cap) continue;
    const std::uint64_t salt = mix64(o.seed ^ 0xBA1A9CEULL);
    std::nth_element(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(cap), r.end(),
                     [&](std::size_t a, std::size_t b) {
                       return mix64(samples[a].hash ^ salt) < mix64(samples[b].hash ^ salt);
                     });
    stats.balanced_out += r.size() - cap;
    r.resize(cap);
    std::sort(r.begin(), r.end());
  }
}

/// The features of p, sorted by index, repeated indices summed, into f.
template <class Position>
void canonical_features(const core::FeatureSet<Position>& fs, const Position& p,
                        core::SparseFeatures& f) {
  f.clear();
  fs.extract(p, f);
  std::sort(f.begin(), f.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  std::size_t w = 0;
  for (std::size_t r = 0; r < f.size(); ++r) {
    if (w > 0 && f[w - 1].index == f[r].index) {
      f[w - 1].value += f[r].value;
    } else {
      f[w++] = f[r];
    }
  }
  f.resize(w);
}

/// build_datasets' step 3 for one phase: the feature rows of samples[idx] in compressed row
/// storage (count, then fill: two extraction passes keep memory at the final size) and their
/// label rows; the target is the result column.
template <core::Game G>
void fill_phase(const std::vector<Sample<typename G::Position>>& samples,
                const std::vector<TrainingGame>& games,
                const core::FeatureSet<typename G::Position>& fs,
                const std::vector<std::size_t>& idx, PhaseData& phase, Eigen::MatrixXd& labels) {
  const auto n = static_cast<Eigen::Index>(idx.size());
  SparseRows& x = phase.features;
  x.resize(n, fs.num_features());
  auto* outer = x.outerIndexPtr();
  tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, n, 256),
                    [&](const tbb::blocked_range<Eigen::Index>& range) {
    core::SparseFeatures f;
    for (Eigen::Index r = range.begin(); r != range.end(); ++r) {
      canonical_features(fs, samples[idx[static_cast<std::size_t>(r)]].position, f);
      outer[r + 1] = static_cast<int>(f.size());
    }
  });
  for (Eigen::Index r = 0; r < n; ++r) outer[r + 1] += outer[r];
  x.resizeNonZeros(outer[n]);
  auto* inner = x.innerIndexPtr();
  auto* values = x.valuePtr();
  labels.resize(n, kLabelColumns);
  tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, n, 256),
                    [&](const tbb::blocked_range<Eigen::Index>& range) {
    core::SparseFeatures f;
    for (Eigen::Index r = range.begin(); r != range.end(); ++r) {
      const auto& s = samples[idx[static_cast<std::size_t>(r)]];
      canonical_features(fs, s.position, f);
      for (std::size_t k = 0; k < f.size(); ++k) {
        inner[outer[r] + static_cast<Eigen::Index>(k)] = static_cast<int>(f[k].index);
        values[outer[r] + static_cast<Eigen::Index>(k)] = f[k].value;
      }
      labels.row(r) = sample_labels<G>(s, games);
    }
  });
  phase.target = labels.col(kResultColumn);
}

}  // namespace detail

/// Builds the train and holdout datasets: per phase, one feature row per sample (features
/// sorted by index, repeated indices summed) and its labels. With balance > 0, each phase of
/// the training set keeps at most ceil(balance x mean phase size) rows, chosen by hash.
template <core::Game G>
void build_datasets(const std::vector<Sample<typename G::Position>>& samples,
                    const std::vector<TrainingGame>& games,
                    const core::FeatureSet<typename G::Position>& fs, const SampleOptions& o,
                    SampleStats& stats, Dataset& train, Dataset& holdout) {
  const auto phases = static_cast<std::size_t>(fs.num_phases());
  // Step 1. Sample indices per (set, phase).
  auto rows = detail::rows_by_phase(samples, fs);
  // Step 2. Balance the training phases.
  if (o.balance > 0) detail::balance_phases(samples, o, stats, rows[0]);
  // Step 3. Feature rows and labels.
  for (int set = 0; set < 2; ++set) {
    Dataset& d = set == 0 ? train : holdout;
    d.problem.num_features = fs.num_features();
    d.problem.phases.assign(phases, PhaseData{});
    d.labels.assign(phases, Eigen::MatrixXd());
    for (std::size_t p = 0; p < phases; ++p) {
      detail::fill_phase<G>(samples, games, fs, rows[static_cast<std::size_t>(set)][p],
                            d.problem.phases[p], d.labels[p]);
    }
  }
}

/// Fills every phase's target with the label mixture: in centi-units for ridge (a result r
/// becomes K * logit(r) with r clamped to [0.05, 0.95], so a win reads as about 3 K), in
/// probabilities for logistic (a centi-unit label x becomes sigmoid(x / K)). `scale` is K.
inline void mix_targets(Dataset& d, const std::vector<LabelTerm>& terms, Method method,
                        double scale) {
  constexpr double kClamp = 0.05;
  for (std::size_t p = 0; p < d.problem.phases.size(); ++p) {
    const Eigen::MatrixXd& l = d.labels[p];
    Eigen::VectorXd t = Eigen::VectorXd::Zero(l.rows());
    for (const auto& term : terms) {
      const int col = static_cast<int>(term.kind);
      for (Eigen::Index r = 0; r < l.rows(); ++r) {
        const double v = l(r, col);
        double target = 0.0;
        if (term.kind == LabelKind::Result) {
          const double c = std::clamp(v, kClamp, 1.0 - kClamp);
          target = method == Method::Ridge ? scale * std::log(c / (1.0 - c)) : v;
        } else {
          target = method == Method::Ridge ? v : 1.0 / (1.0 + std::exp(-v / scale));
        }
        t[r] += term.weight * target;
      }
    }
    d.problem.phases[p].target = std::move(t);
  }
}

}  // namespace arena::tune
