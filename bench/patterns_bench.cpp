// Othello evaluation kernels: evaluations per second of the `patterns` feature set (through the
// generic sparse LinearEval path and through PatternEvaluator, the engine's 16-bit path) next to
// the `classic` set, on positions along fixed pseudo-random games. Weights are arbitrary (the
// cost does not depend on their values). Two access patterns: every position of the games in
// turn (each evaluation's ~90 weight reads mostly miss the caches: 13 stages x 334 KB), and
// every child of each position (as a search's leaves come: siblings share most pattern
// configurations, so their weights stay cached). Then nodes per second of a depth-8 search
// (no exact solver) through each evaluation path: the same integer weights give the same
// evaluations, hence the same tree and node count, on the sparse and the 16-bit path.
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/core/linear_eval.hpp"
#include "engine/core/search.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/patterns.hpp"

namespace {

using arena::othello::Othello;
using arena::othello::Position;

/// Every position along 64 pseudo-random games (seeded, so runs compare).
std::vector<Position> bench_positions() {
  std::mt19937_64 rng(2024);
  std::vector<Position> out;
  for (int g = 0; g < 64; ++g) {
    Position p = Othello::initial();
    while (!Othello::is_terminal(p)) {
      out.push_back(p);
      arena::othello::Bitboard moves = Othello::move_mask(p);
      arena::othello::Move m{};
      if (moves != 0) {
        const auto n = rng() % static_cast<std::uint64_t>(arena::othello::popcount(moves));
        for (std::uint64_t i = 0; i < n; ++i) moves &= moves - 1;
        m.square = static_cast<std::uint8_t>(arena::othello::lowest_square(moves));
      }
      p = Othello::play(p, m);
    }
  }
  return out;
}

std::vector<double> some_weights(const arena::core::FeatureSet<Position>& fs) {
  std::vector<double> w(static_cast<std::size_t>(fs.num_phases()) *
                        static_cast<std::size_t>(fs.num_features()));
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = static_cast<double>(i % 201) - 100.0;
  return w;
}

/// The children of every position (passes and game ends left out), evaluated in turn.
std::vector<Position> bench_children() {
  std::vector<Position> out;
  for (const Position& p : bench_positions()) {
    for (arena::othello::Bitboard moves = Othello::move_mask(p); moves != 0; moves &= moves - 1) {
      arena::othello::Move m{};
      m.square = static_cast<std::uint8_t>(arena::othello::lowest_square(moves));
      out.push_back(Othello::play(p, m));
    }
  }
  return out;
}

/// The positions of one access pattern: along the games, or every child of each position.
enum class Access { Games, Children };

std::vector<Position> positions_for(Access access) {
  return access == Access::Games ? bench_positions() : bench_children();
}

void run_linear(benchmark::State& state, const char* set, Access access) {
  const auto positions = positions_for(access);
  auto fs = Othello::make_feature_set(set);
  auto w = some_weights(*fs);
  const arena::core::LinearEval<Position> eval(std::move(fs), std::move(w));
  arena::core::SparseFeatures scratch;
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (const Position& p : positions) sum += eval.evaluate(p, scratch);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}

void run_patterns(benchmark::State& state, Access access) {
  const auto positions = positions_for(access);
  const arena::othello::PatternEvaluator eval(some_weights(*arena::othello::make_pattern_set()));
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (const Position& p : positions) sum += eval.evaluate(p);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}

BENCHMARK_CAPTURE(run_linear, ClassicLinearEval, "classic", Access::Games);
BENCHMARK_CAPTURE(run_linear, PatternsLinearEval, "patterns", Access::Games);
BENCHMARK_CAPTURE(run_patterns, PatternsEvaluator, Access::Games);
BENCHMARK_CAPTURE(run_linear, ClassicLinearEvalChildren, "classic", Access::Children);
BENCHMARK_CAPTURE(run_patterns, PatternsEvaluatorChildren, Access::Children);

/// Midgame positions (transcripts) searched to depth 8.
constexpr const char* kSearchPositions[] = {
    "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7",
    "f5f6e6f4e3c5c4e7",
    "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1",
};

/// Searches kSearchPositions to depth 8 with `eval`; reports nodes and nodes per second.
template <class Eval>
void run_search(benchmark::State& state, const Eval& eval) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const char* text : kSearchPositions) {
      arena::core::Searcher<Othello, Eval> search(eval, {.tt_mb = 16});
      arena::core::SearchLimits limits;
      limits.depth = 8;
      nodes += search.search(Othello::parse_position(text, {}), limits).nodes;
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes),
                                             benchmark::Counter::kIsIterationInvariantRate);
}

/// The generic path: LinearEval over the sparse features (what Engine used before the hook).
struct SparseEval {
  std::shared_ptr<const arena::core::LinearEval<Position>> eval;
  arena::core::SparseFeatures scratch;
  int operator()(const Position& p) { return eval->evaluate(p, scratch); }
};

SparseEval sparse_eval(const char* set) {
  auto fs = Othello::make_feature_set(set);
  auto w = some_weights(*fs);
  return {std::make_shared<const arena::core::LinearEval<Position>>(std::move(fs), std::move(w)),
          {}};
}

void BM_ClassicSearchDepth8(benchmark::State& state) {
  run_search(state, sparse_eval("classic"));
}
BENCHMARK(BM_ClassicSearchDepth8)->Unit(benchmark::kMillisecond);

void BM_PatternsSparseSearchDepth8(benchmark::State& state) {
  run_search(state, sparse_eval("patterns"));
}
BENCHMARK(BM_PatternsSparseSearchDepth8)->Unit(benchmark::kMillisecond);

/// The engine's path: PatternEvaluator (16-bit weights).
struct FastEval {
  std::shared_ptr<const arena::othello::PatternEvaluator> eval;
  int operator()(const Position& p) const { return eval->evaluate(p); }
};

void BM_PatternsSearchDepth8(benchmark::State& state) {
  run_search(state, FastEval{std::make_shared<const arena::othello::PatternEvaluator>(
                        some_weights(*arena::othello::make_pattern_set()))});
}
BENCHMARK(BM_PatternsSearchDepth8)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
