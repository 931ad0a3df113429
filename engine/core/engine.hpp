// An engine = search settings + a linear evaluation over a game's feature set, built from an
// EngineConfig (engine_config.hpp); the set's specialised evaluator (specialised_eval.hpp)
// replaces the generic sparse sum when the set offers one. The search is alpha-beta
// (search.hpp) or, with `player = mcts`, Monte Carlo tree search (mcts.hpp) over the same
// evaluation. Game-generic: a template over the
// Game concept. Also the seeded choices self-play needs: a uniformly random legal move and a
// softmax choice among scored root moves. Every random choice uses std::mt19937_64 (fully
// specified by the C++ standard) with our own integer/real mapping, so results depend only on
// the seed, on any platform and standard library.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <new>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "engine/core/linear_eval.hpp"
#include "engine/core/mcts.hpp"
#include "engine/core/opening_book.hpp"
#include "engine/core/search.hpp"
#include "engine/core/search_result.hpp"
#include "engine/core/specialised_eval.hpp"

namespace arena::core {

/// An index uniform in [0, n) from the first outputs of std::mt19937_64(seed), by rejection
/// (no modulo bias). n must be > 0.
[[nodiscard]] inline std::size_t random_index(std::uint64_t seed, std::size_t n) {
  std::mt19937_64 rng(seed);
  const std::uint64_t range = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;  // accept draws below limit
  std::uint64_t draw = rng();
  while (draw >= limit) draw = rng();
  return static_cast<std::size_t>(draw % range);
}

/// Softmax choice among scored moves: P(move) proportional to exp(score / temperature), with
/// score and temperature in the same centi-units (temperature 100 = one disc or square per
/// e-fold). temperature <= 0 picks the best score (first among equals). Deterministic in
/// `seed` (std::mt19937_64, 53-bit uniform). Throws std::invalid_argument on an empty list.
template <class Move>
[[nodiscard]] Move softmax_choice(const std::vector<ScoredMove<Move>>& moves, double temperature,
                                  std::uint64_t seed) {
  if (moves.empty()) throw std::invalid_argument("softmax_choice: no moves");
  const auto best = std::max_element(moves.begin(), moves.end(), [](const auto& a, const auto& b) {
    return a.score < b.score;
  });
  if (temperature <= 0) return best->move;
  std::vector<double> weights;
  weights.reserve(moves.size());
  double total = 0;
  for (const auto& m : moves) {
    weights.push_back(std::exp((m.score - best->score) / temperature));
    total += weights.back();
  }
  std::mt19937_64 rng(seed);
  double u = static_cast<double>(rng() >> 11U) * 0x1.0p-53 * total;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (u < weights[i]) return moves[i].move;
    u -= weights[i];
  }
  return moves.back().move;  // rounding left u at the end of the last interval
}

/// A playing engine. Not thread-safe: one instance per thread (the transposition table is
/// private). Construction throws InputError (naming the config file and key) when the config
/// is for another game, or features, weights or the weights file do not fit the game's
/// feature set.
///
/// Determinism: think() depends on (position, config, limits) and on the table left by earlier
/// calls since the last new_game(); with depth or node limits the same sequence of calls gives
/// the same results. `player = random` depends only on the legal moves and the seed.
/// `player = mcts` depends on the seed too and is deterministic under a playout (node) limit.
template <Game G>
class Engine {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit Engine(const EngineConfig& cfg)
      : cfg_(cfg),
        eval_(std::make_unique<LinearEval<Position>>(make_features(cfg), cfg)),
        specialised_(make_specialised(cfg, *eval_)),
        search_(make_search(cfg, EvalFn{eval_.get(), specialised_.get(), {}})),
        book_(make_book(cfg)) {
    if (cfg.player == "mcts") {
      mcts_ = std::make_unique<Mcts<G, EvalFn>>(EvalFn{eval_.get(), specialised_.get(), {}},
                                                 cfg.mcts);
    }
  }

  /// The move to play in p (a game that is over gives no move and its final score). `limits`
  /// replace the config's limits when limits.any() (no limit in either: depth 1). The seed
  /// is used by `player = random` and `player = mcts` (its playouts); alpha-beta is
  /// deterministic without it. `stop` (optional) interrupts the search. `player = mcts` hands
  /// a root past the config's `exact` threshold to the alpha-beta search, which solves it.
  /// A position in the config's opening book gets the book's move at once (depth 0, no
  /// nodes, score = 100 x its VALUE), for every player but `random`.
  SearchResult<Move> think(const Position& p, const SearchLimits& limits, std::uint64_t seed,
                           const std::atomic<bool>* stop = nullptr) {
    if (cfg_.player == "random") {
      SearchResult<Move> result;
      MoveListOf<G> moves;
      G::generate_moves(p, moves);
      if (moves.empty()) {
        const int first = G::final_score(p);
        result.score = 100 * (G::side_to_move(p) == 0 ? first : -first);
        result.exact = true;
        return result;
      }
      result.best = moves[random_index(seed, moves.size())];
      result.pv = {result.best};
      return result;
    }
    if (book_ != nullptr) {
      if (const auto hit = book_->probe(p)) {
        SearchResult<Move> result;
        result.best = hit->move;
        result.score = static_cast<int>(std::lround(100.0 * hit->value));
        result.pv = {result.best};
        return result;
      }
    }
    if (mcts_ != nullptr && !exact_root(p)) return mcts_->search(p, effective(limits), seed, stop);
    return search_.search(p, effective(limits), stop);
  }

  /// Every legal move of p (generation order) with the score of a fixed-depth search: the
  /// child searched to depth - 1, where depth is the effective limits' depth (1 when only
  /// nodes or time are set). `player = random` scores every move 0. For softmax openings.
  std::vector<ScoredMove<Move>> score_root_moves(const Position& p, const SearchLimits& limits,
                                                 std::uint64_t /*seed*/) {
    MoveListOf<G> moves;
    G::generate_moves(p, moves);
    std::vector<ScoredMove<Move>> out;
    out.reserve(moves.size());
    const int depth = std::max(effective(limits).depth, 1);
    search_.new_search();
    std::uint64_t nodes = 0;
    for (const Move& m : moves) {
      const int score =
          cfg_.player == "random" ? 0 : -search_.value(G::play(p, m), depth - 1, nodes);
      out.push_back({m, score});
    }
    return out;
  }

  /// The alpha-beta value of p searched to exactly `depth` plies with a full window (side to
  /// move's view, centi-units), adding the nodes searched to `nodes`; no limits apply and the
  /// table is kept (new_game() forgets it). For fits of search behaviour (tune/mpc.hpp).
  [[nodiscard]] int search_value(const Position& p, int depth, std::uint64_t& nodes) {
    return search_.value(p, depth, nodes);
  }

  /// Clears the transposition table and the MCTS tree (call between games for reproducible
  /// games).
  void new_game() {
    search_.clear();
    if (mcts_ != nullptr) mcts_->clear();
  }

  /// The static evaluation of p: centi-units, side to move's view (not clamped, no search);
  /// the feature set's specialised evaluator when it offers one, as in the search.
  [[nodiscard]] int evaluate(const Position& p) const {
    return specialised_ != nullptr ? specialised_->evaluate(p) : eval_->evaluate(p, scratch_);
  }

  [[nodiscard]] const EngineConfig& config() const { return cfg_; }
  [[nodiscard]] const LinearEval<Position>& linear_eval() const { return *eval_; }

 private:
  /// The search's evaluation: the feature set's specialised evaluator when there is one, else
  /// the linear evaluation with its own scratch buffer.
  struct EvalFn {
    const LinearEval<Position>* eval;
    const SpecialisedEval<Position>* specialised;
    SparseFeatures scratch;
    int operator()(const Position& p) {
      return specialised != nullptr ? specialised->evaluate(p) : eval->evaluate(p, scratch);
    }
  };

  /// The feature set's specialised evaluator for the resolved weights (nullptr: none), with
  /// its errors (weights outside its storage) tied to the config.
  static std::unique_ptr<SpecialisedEval<Position>> make_specialised(
      const EngineConfig& cfg, const LinearEval<Position>& eval) {
    try {
      return eval.features().make_specialised_eval(eval.weights());
    } catch (const InputError& e) {
      throw InputError(config_key_where(cfg, "eval.weights_file") + e.what());
    }
  }

  /// The search with its transposition table of cfg.tt_mb MiB. A table larger than the
  /// machine's memory, or one the allocator refuses, is an InputError naming search.tt_mb
  /// (rather than std::bad_alloc, an internal error, or the kernel's OOM killer later).
  static Searcher<G, EvalFn> make_search(const EngineConfig& cfg, EvalFn eval) {
    const auto bad = [&](const std::string& why) {
      return InputError(config_key_where(cfg, "search.tt_mb") + "cannot allocate a " +
                        std::to_string(cfg.tt_mb) + " MiB transposition table (" + why +
                        "; lower tt_mb)");
    };
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0 &&
        (static_cast<std::uint64_t>(cfg.tt_mb) << 20U) >
            static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size)) {
      throw bad("the machine has " +
                std::to_string(static_cast<std::uint64_t>(pages) *
                               static_cast<std::uint64_t>(page_size) >> 20U) +
                " MiB of memory");
    }
    try {
      return Searcher<G, EvalFn>(std::move(eval),
                                 SearchSettings{cfg.tt_mb, cfg.exact, cfg.move_cap, cfg.mpc,
                                                cfg.order_depth, cfg.order_weight,
                                                cfg.probable, cfg.killers, cfg.root_sort,
                                                cfg.aspiration});
    } catch (const std::bad_alloc&) {
      throw bad("out of memory");
    }
  }

  /// The config's feature set, after checking that the config is for this game.
  static std::unique_ptr<FeatureSet<Position>> make_features(const EngineConfig& cfg) {
    if (cfg.game != G::kName) {
      throw InputError(config_key_where(cfg, "game") + "this engine plays '" +
                       std::string(G::kName) + "', the config says '" + cfg.game + "'");
    }
    try {
      return G::make_feature_set(cfg.features);
    } catch (const InputError& e) {
      throw InputError(config_key_where(cfg, "eval.features") + e.what());
    }
  }

  /// The config's opening book (nullptr: none), its errors tied to the config's book.file.
  static std::unique_ptr<const OpeningBook<G>> make_book(const EngineConfig& cfg) {
    if (cfg.book_file.empty()) return nullptr;
    try {
      return std::make_unique<const OpeningBook<G>>(OpeningBook<G>::load(cfg.book_file));
    } catch (const InputError& e) {
      throw InputError(config_key_where(cfg, "book.file") + e.what());
    }
  }

  /// Whether the root is past the config's exact threshold (alpha-beta then solves it).
  [[nodiscard]] bool exact_root(const Position& p) const {
    if constexpr (HasExactSolver<G>) {
      return cfg_.exact > 0 && G::exact_threshold_reached(p, cfg_.exact);
    }
    return false;
  }

  [[nodiscard]] const SearchLimits& effective(const SearchLimits& limits) const {
    return limits.any() ? limits : cfg_.limits;
  }

  EngineConfig cfg_;
  std::unique_ptr<LinearEval<Position>> eval_;
  std::unique_ptr<SpecialisedEval<Position>> specialised_;
  Searcher<G, EvalFn> search_;
  std::unique_ptr<const OpeningBook<G>> book_;  ///< [book] file; nullptr: none
  std::unique_ptr<Mcts<G, EvalFn>> mcts_;  ///< `player = mcts` only
  mutable SparseFeatures scratch_;
};

}  // namespace arena::core
