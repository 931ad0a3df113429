// Search kernels: the generic search on fixed positions to a fixed depth. The node counts are
// the bench signature (quote them in commits that change search behaviour on purpose); the
// time per iteration gives nodes per second. Othello runs once with a mobility evaluation (the
// search and move generation alone) and once with its classic feature set through Engine<G>,
// as self-play runs it; Blokus Duo runs its classic feature set.
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/search.hpp"
#include "engine/othello/othello.hpp"

namespace {

using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;

/// Mobility difference in centi-discs: cheap, and sensitive enough to give a real tree.
struct MobilityEval {
  int operator()(const arena::othello::Position& p) const {
    return 100 * (arena::othello::popcount(arena::othello::legal_moves(p.player, p.opponent)) -
                  arena::othello::popcount(arena::othello::legal_moves(p.opponent, p.player)));
  }
};

/// Midgame positions (FFO-style board strings), searched to depth 9.
constexpr const char* kOthelloPositions[] = {
    "",  // the start
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "f5d6c3d3c4f4f6f3e6e7d7c5b6d8c6c7",
};

void BM_OthelloSearchDepth9(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const char* text : kOthelloPositions) {
      arena::core::Searcher<Othello, MobilityEval> search(MobilityEval{}, {.tt_mb = 16});
      arena::core::SearchLimits limits;
      limits.depth = 9;
      nodes += search.search(Othello::parse_position(text, {}), limits).nodes;
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes),
                                             benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_OthelloSearchDepth9)->Unit(benchmark::kMillisecond);

/// Engine<Othello> with the classic feature set (weights as in configs/othello/classic.cfg,
/// shortened), depth 8 on the same positions: the search as self-play runs it.
void BM_OthelloClassicDepth8(benchmark::State& state) {
  const auto cfg = arena::core::parse_engine_config(
      "name = bench\ngame = othello\n[search]\ndepth = 8\n[eval]\nfeatures = classic\n"
      "[weights]\nsq_c = -300 -300 -250 -150 -50 0\nsq_x = -700 -700 -500 -300 -100 0\n"
      "mobility = 150 150 130 110 90 50\nfrontier = -40 -40 -35 -25 -10 0\n"
      "corners = 1500 1500 1300 1100 900 500\nstable = 200\nparity = 0 0 0 50 100 200\n",
      "bench.cfg");
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const char* text : kOthelloPositions) {
      arena::core::Engine<Othello> engine(cfg);
      nodes += engine.think(Othello::parse_position(text, {}), {}, 0).nodes;
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes),
                                             benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_OthelloClassicDepth8)->Unit(benchmark::kMillisecond);

void BM_BlokusDuoClassicDepth2(benchmark::State& state) {
  const auto cfg = arena::core::parse_engine_config(
      "name = bench\ngame = blokus-duo\n[search]\ndepth = 2\n[eval]\nfeatures = classic\n"
      "[weights]\nsquares = 100\nattach_mine = 30\nattach_theirs = -30\n",
      "bench.cfg");
  const auto rules = BlokusDuo::parse_rules("");
  const auto p = BlokusDuo::parse_position("56u0 9Au0", rules);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    arena::core::Engine<BlokusDuo> engine(cfg);
    nodes = engine.think(p, {}, 0).nodes;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes),
                                             benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_BlokusDuoClassicDepth2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
