// Blokus Duo kernels: perft from the empty board (the speed goal: depth 3 under 1 s on
// one thread; Pentobi's rules library takes 0.55-0.86 s CPU), move generation and the classic
// feature extraction over positions from random playouts, and the territory_sealed extraction
// (the best config's evaluation) over every child of those positions in turn, the order in
// which a search evaluates them (its placement censuses come from the CensusCache).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/perft.hpp"

namespace arena::blokus_duo {
namespace {

/// Every position of 20 random games from a fixed seed.
std::vector<Position> playout_positions() {
  std::mt19937_64 rng(42);
  std::vector<Position> out;
  MoveList list;
  for (int game = 0; game < 20; ++game) {
    Position p = initial_position({});
    while (!is_terminal(p)) {
      out.push_back(p);
      generate_moves(p, list);
      p = play(p, list[static_cast<std::size_t>(rng() % list.size())]);
    }
  }
  return out;
}

void BM_Perft(benchmark::State& state) {
  const Position start = initial_position({});
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves = core::perft<BlokusDuo>(start, depth).back();
  state.counters["leaves"] = static_cast<double>(leaves);
  state.counters["leaves_per_s"] = benchmark::Counter(static_cast<double>(leaves),
                                                      benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Perft)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

void BM_GenerateMoves(benchmark::State& state) {
  const std::vector<Position> positions = playout_positions();
  MoveList list;
  std::size_t i = 0;
  for (auto _ : state) {
    generate_moves(positions[i], list);
    benchmark::DoNotOptimize(list.size());
    i = (i + 1) % positions.size();
  }
}
BENCHMARK(BM_GenerateMoves);

void BM_ClassicFeatures(benchmark::State& state) {
  const std::vector<Position> positions = playout_positions();
  const auto features = make_feature_set("classic");
  core::SparseFeatures out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    features->extract(positions[i], out);
    benchmark::DoNotOptimize(out.data());
    i = (i + 1) % positions.size();
  }
}
BENCHMARK(BM_ClassicFeatures);

void BM_SealedFeaturesOfChildren(benchmark::State& state) {
  const std::vector<Position> positions = playout_positions();
  const auto features = make_feature_set("territory_sealed");
  core::SparseFeatures out;
  MoveList list;
  std::size_t evaluated = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    generate_moves(positions[i], list);
    for (const Move m : list) {
      out.clear();
      features->extract(play(positions[i], m), out);
      benchmark::DoNotOptimize(out.data());
    }
    evaluated += list.size();
    i = (i + 1) % positions.size();
  }
  state.counters["children_per_s"] =
      benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SealedFeaturesOfChildren);

}  // namespace
}  // namespace arena::blokus_duo

BENCHMARK_MAIN();
