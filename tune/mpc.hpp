// `arena tune --method mpc`: fits the Multi-ProbCut regressions (engine/core/mpc.hpp) of the
// --init config's own search. Positions are sampled from the games as for weight fits
// (--skip-plies, --max-per-game, --seed; no holdout); each is searched with a full window at
// every depth 0..D (D the deepest of --mpc-pairs) by the start config with Multi-ProbCut and
// the exact solver off, its table kept between depths as iterative deepening keeps it; then,
// per depth pair and stage (G::mpc_stage of the position), deep values are regressed on
// shallow ones (tune/mpc_fit.hpp). The output is the start config with an [mpc] section of
// the fits and --mpc-threshold, under the provenance comments of every tuned config.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/text_file.hpp"
#include "tune/dataset.hpp"
#include "tune/mpc_fit.hpp"
#include "tune/options.hpp"
#include "tune/report.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

/// Fewer positions than this in a (stage, pair) leave that stage without a check (sigma 0).
inline constexpr std::size_t kMinMpcPositions = 30;

/// The [mpc] fits of `init`'s search on the positions of `games` (see the file comment),
/// written with o.out as `init` plus [mpc] (a weights file is referred to relative to o.out's
/// folder). Fills report (method "mpc", positions, seconds, one line per pair in mpc_fits).
/// Throws InputError for bad options, no positions, or an unwritable output.
template <core::Game G>
void tune_mpc(const TuneOptions& o, const core::EngineConfig& init,
              const std::vector<TrainingGame>& games, TuneReport& report,
              const Progress& progress) {
  using Clock = std::chrono::steady_clock;
  check_tune_options(o);
  const std::vector<DepthPair> pairs = parse_mpc_pairs(o.mpc_pairs);
  int max_depth = 0;
  for (const DepthPair& d : pairs) max_depth = std::max(max_depth, d.deep);
  report.game = std::string(G::kName);
  report.init = o.init;
  report.features = init.features;
  report.method = "mpc";
  report.name = o.name.empty() ? init.name + "-mpc" : o.name;

  // Step 1. Positions: all games are training games here.
  auto t = Clock::now();
  SampleOptions so;
  so.skip_plies = o.skip_plies;
  so.max_per_game = o.max_per_game;
  so.holdout = 0.0;
  so.seed = o.seed;
  const auto samples = sample_positions<G>(games, so, report.sampling, progress);
  if (samples.empty()) {
    throw InputError("--games: no positions to fit (lower --skip-plies or add games)");
  }
  report.train_positions = samples.size();

  // Step 2. Values at depths 0..max_depth (0: the evaluation), one engine per thread, its table cleared before
  // each position (results do not depend on threads).
  core::EngineConfig cfg = init;
  cfg.mpc = core::MpcSettings{};
  cfg.exact = 0;
  const std::size_t width = static_cast<std::size_t>(max_depth) + 1;
  std::vector<int> values(samples.size() * width, 0);
  tbb::enumerable_thread_specific<std::unique_ptr<core::Engine<G>>> engines;
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<std::size_t> done{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, samples.size(), 4),
                    [&](const tbb::blocked_range<std::size_t>& range) {
    auto& engine = engines.local();
    if (!engine) engine = std::make_unique<core::Engine<G>>(cfg);
    std::uint64_t local = 0;
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      engine->new_game();
      for (int d = 0; d <= max_depth; ++d) {
        values[i * width + static_cast<std::size_t>(d)] =
            engine->search_value(samples[i].position, d, local);
      }
    }
    nodes.fetch_add(local);
    const std::size_t total = done.fetch_add(range.size()) + range.size();
    if (progress && total % 200 < range.size()) {
      progress("tune: searched " + std::to_string(total) + "/" + std::to_string(samples.size()) +
               " positions to depths 0-" + std::to_string(max_depth));
    }
  });
  report.sampling.searched = samples.size();
  report.sampling.search_nodes = nodes.load();
  report.sample_seconds = detail::seconds_since(t);

  // Step 3. One line per (pair, stage).
  t = Clock::now();
  int stages = 1;
  std::vector<int> stage_of(samples.size(), 0);
  if constexpr (core::HasMpcStage<G>) {
    for (std::size_t i = 0; i < samples.size(); ++i) {
      stage_of[i] = std::max(0, G::mpc_stage(samples[i].position));
      stages = std::max(stages, stage_of[i] + 1);
    }
  }
  core::EngineConfig out = init;
  out.name = report.name;
  out.mpc.threshold = o.mpc_threshold;
  for (const DepthPair& d : pairs) {
    core::MpcPair pair{d.deep, d.shallow, {}};
    std::string line = std::to_string(d.deep) + ":" + std::to_string(d.shallow) +
                       " (stage positions slope intercept sigma):";
    for (int s = 0; s < stages; ++s) {
      std::vector<double> x;
      std::vector<double> y;
      for (std::size_t i = 0; i < samples.size(); ++i) {
        if (stage_of[i] != s) continue;
        x.push_back(values[i * width + static_cast<std::size_t>(d.shallow)]);
        y.push_back(values[i * width + static_cast<std::size_t>(d.deep)]);
      }
      const core::MpcFit f = fit_mpc_line(x, y, kMinMpcPositions);
      pair.stages.push_back({std::round(f.slope * 1e4) / 1e4, std::round(f.intercept * 10) / 10,
                             std::round(f.sigma * 10) / 10});
      char buf[96];
      std::snprintf(buf, sizeof buf, " %d %zu %.3f %.1f %.1f;", s, x.size(), f.slope, f.intercept,
                    f.sigma);
      line += buf;
    }
    line.pop_back();
    report.mpc_fits.push_back(line);
    out.mpc.pairs.push_back(std::move(pair));
  }
  report.fit_seconds = detail::seconds_since(t);
  if (o.out.empty()) return;

  // Step 4. The config, its weights file named relative to the output's folder.
  namespace fs = std::filesystem;
  if (!out.weights_file.empty()) {
    const fs::path folder = fs::absolute(fs::path(o.out)).parent_path();
    out.weights_file = fs::path(out.weights_file).lexically_relative(folder).string();
  }
  std::vector<std::string> comments;
  comments.push_back("method mpc: " + std::to_string(samples.size()) + " positions (seed " +
                     std::to_string(o.seed) + ", skip " + std::to_string(o.skip_plies) +
                     " plies, max " + std::to_string(o.max_per_game) +
                     " per game) searched to depths 0-" + std::to_string(max_depth) +
                     " by the start config (Multi-ProbCut and exact solver off), " +
                     std::to_string(report.sampling.search_nodes) + " nodes; a stage with under " +
                     std::to_string(kMinMpcPositions) + " positions gets no check (sigma 0)");
  for (const auto& l : report.mpc_fits) comments.push_back("fit " + l);
  core::write_text_file(o.out, core::format_engine_config(
                             out, provenance_comments(o, init, report, std::move(comments))));
  report.out = o.out;
}

}  // namespace arena::tune
