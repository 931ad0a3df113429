// Othello evaluation kernels: evaluations per second of the `patterns` feature set (through the
// generic sparse LinearEval path and through PatternEvaluator, the engine's 16-bit path) next to
// the `classic` set, on positions along fixed pseudo-random games. Weights are arbitrary (the
// cost does not depend on their values). Two access patterns: every position of the games in
// turn (each evaluation's ~90 weight reads mostly miss the caches: 13 stages x 334 KB), and
// every child of each position (as a search's leaves come: siblings share most pattern
// configurations, so their weights stay cached).
#include <cstdint>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/core/linear_eval.hpp"
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

void run_linear(benchmark::State& state, const char* set) {
  const auto positions = bench_positions();
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

void BM_ClassicLinearEval(benchmark::State& state) { run_linear(state, "classic"); }
BENCHMARK(BM_ClassicLinearEval);

void BM_PatternsLinearEval(benchmark::State& state) { run_linear(state, "patterns"); }
BENCHMARK(BM_PatternsLinearEval);

void BM_PatternsEvaluator(benchmark::State& state) {
  const auto positions = bench_positions();
  const arena::othello::PatternEvaluator eval(some_weights(*arena::othello::make_pattern_set()));
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (const Position& p : positions) sum += eval.evaluate(p);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_PatternsEvaluator);

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

void BM_ClassicLinearEvalChildren(benchmark::State& state) {
  const auto positions = bench_children();
  auto fs = Othello::make_feature_set("classic");
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
BENCHMARK(BM_ClassicLinearEvalChildren);

void BM_PatternsEvaluatorChildren(benchmark::State& state) {
  const auto positions = bench_children();
  const arena::othello::PatternEvaluator eval(some_weights(*arena::othello::make_pattern_set()));
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (const Position& p : positions) sum += eval.evaluate(p);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_PatternsEvaluatorChildren);

}  // namespace

BENCHMARK_MAIN();
