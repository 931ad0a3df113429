// The tuner's searches over many positions (search labels, Multi-ProbCut values, book leaves)
// share one pattern: one engine per worker thread, its table cleared before every position, so
// that what a position gets does not depend on the threads or on the order.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"

namespace arena::tune {

/// Calls visit(engine, i) for every i in [begin, end), in parallel chunks of `grain`, with one
/// core::Engine<G> of `cfg` per thread and engine.new_game() before each call; visit returns
/// the nodes it searched. After each chunk, `progress` (optional) gets the positions done so
/// far (counted from begin) and the chunk's size. Returns the nodes of all calls. Throws as
/// Engine's constructor for a bad `cfg`.
template <core::Game G, class Visit>
std::uint64_t search_each(const core::EngineConfig& cfg, std::size_t begin, std::size_t end,
                          std::size_t grain, const Visit& visit,
                          const std::function<void(std::size_t, std::size_t)>& progress = {}) {
  tbb::enumerable_thread_specific<std::unique_ptr<core::Engine<G>>> engines;
  std::atomic<std::size_t> done{0};
  std::atomic<std::uint64_t> nodes{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, grain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
    auto& engine = engines.local();
    if (!engine) engine = std::make_unique<core::Engine<G>>(cfg);
    std::uint64_t local = 0;
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      engine->new_game();
      local += visit(*engine, i);
    }
    nodes.fetch_add(local);
    const std::size_t total = done.fetch_add(range.size()) + range.size();
    if (progress) progress(total, range.size());
  });
  return nodes.load();
}

}  // namespace arena::tune
