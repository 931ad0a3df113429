// `arena tune --method mpc`: fits the Multi-ProbCut regressions (engine/core/mpc.hpp) of the
// --init config's own search. Positions are sampled from the games as for weight fits
// (--skip-plies, --max-per-game, --seed; no holdout); each is searched with a full window at
// every depth 0..D (D the deepest of --mpc-pairs) by the start config with the exact solver
// off and Multi-ProbCut off (with --mpc-selective: its own pairs on, as the search that will
// run deeper checks sees its shallower ones), its table kept between depths as iterative
// deepening keeps it; then, per depth pair and stage (G::mpc_stage of the position), deep
// values are regressed on shallow ones (tune/mpc_fit.hpp). The output is the start config
// with an [mpc] section of the fits (with --mpc-selective, added to the start config's pairs)
// and --mpc-threshold, under the provenance comments of every tuned config.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "tune/dataset.hpp"
#include "tune/mpc_fit.hpp"
#include "tune/options.hpp"
#include "tune/report.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

/// Fewer positions than this in a (stage, pair) leave that stage without a check (sigma 0).
inline constexpr std::size_t kMinMpcPositions = 30;

/// The searched values of the sampled positions and their stages.
struct MpcValues {
  std::size_t width = 0;      ///< depths per position: 0..max_depth
  std::vector<int> values;    ///< position i's value at depth d: values[i * width + d]
  std::vector<int> stage_of;  ///< per position, its G::mpc_stage (0 for a game without stages)
  int stages = 1;             ///< 1 + the largest stage

  /// Position i's value at depth d.
  [[nodiscard]] int at(std::size_t i, int d) const {
    return values[i * width + static_cast<std::size_t>(d)];
  }
};

/// tune_mpc's start (mpc.cpp): checks `o`, parses --mpc-pairs and fills report's identity
/// (game `game`, method "mpc", name). Throws InputError for bad options.
[[nodiscard]] std::vector<DepthPair> start_mpc_fit(const TuneOptions& o,
                                                   const core::EngineConfig& init,
                                                   std::string_view game, TuneReport& report);

/// The deepest depth of `pairs`.
[[nodiscard]] int deepest(const std::vector<DepthPair>& pairs);

/// tune_mpc's step 3 (mpc.cpp): per pair, one line per stage, deep values regressed on
/// shallow ones (fit_mpc_line, kMinMpcPositions), rounded as the config keeps them; each pair's
/// fits as one line of report.mpc_fits.
[[nodiscard]] std::vector<core::MpcPair> fit_mpc_pairs(const std::vector<DepthPair>& pairs,
                                                       const MpcValues& v, TuneReport& report);

/// The pairs of `kept` whose depth no pair of `fitted` has, then `fitted`, ordered by depth
/// (stable: the order within a depth is kept), as --mpc-selective writes them.
[[nodiscard]] std::vector<core::MpcPair> merge_mpc_pairs(const std::vector<core::MpcPair>& kept,
                                                         std::vector<core::MpcPair> fitted);

/// tune_mpc's step 4 (mpc.cpp): writes `out` to o.out, its weights file named relative to the
/// output's folder, under the provenance comments and one comment per fit. `positions` and
/// `max_depth` are for the comment. Throws InputError when o.out cannot be written.
void write_mpc_config(const TuneOptions& o, const core::EngineConfig& init,
                      core::EngineConfig out, TuneReport& report, std::size_t positions,
                      int max_depth);

/// tune_mpc's step 1: positions sampled from `games`, all of them training positions (no
/// holdout). Throws InputError when there are none.
template <core::Game G>
[[nodiscard]] std::vector<Sample<typename G::Position>> mpc_samples(
    const TuneOptions& o, const std::vector<TrainingGame>& games, TuneReport& report,
    const Progress& progress) {
  SampleOptions so;
  so.skip_plies = o.skip_plies;
  so.max_per_game = o.max_per_game;
  so.holdout = 0.0;
  so.seed = o.seed;
  auto samples = sample_positions<G>(games, so, report.sampling, progress);
  if (samples.empty()) {
    throw InputError("--games: no positions to fit (lower --skip-plies or add games)");
  }
  report.train_positions = samples.size();
  return samples;
}

/// tune_mpc's step 2: each sample's values at depths 0..max_depth (0: the evaluation) by
/// `init` with the exact solver off and Multi-ProbCut off unless `selective`, one engine per
/// thread, its table cleared before each position (results do not depend on threads); the
/// nodes in report.
template <core::Game G>
[[nodiscard]] MpcValues search_mpc_values(const core::EngineConfig& init,
                                          const std::vector<Sample<typename G::Position>>& samples,
                                          int max_depth, bool selective, TuneReport& report,
                                          const Progress& progress) {
  core::EngineConfig cfg = init;
  if (!selective) cfg.mpc = core::MpcSettings{};
  cfg.exact = 0;
  MpcValues v;
  v.width = static_cast<std::size_t>(max_depth) + 1;
  v.values.assign(samples.size() * v.width, 0);
  const auto search = [&](core::Engine<G>& engine, std::size_t i) {
    std::uint64_t nodes = 0;
    for (int d = 0; d <= max_depth; ++d) {
      v.values[i * v.width + static_cast<std::size_t>(d)] =
          engine.search_value(samples[i].position, d, nodes);
    }
    return nodes;
  };
  const auto done = [&](std::size_t total, std::size_t chunk) {
    if (progress && total % 200 < chunk) {
      progress("tune: searched " + std::to_string(total) + "/" + std::to_string(samples.size()) +
               " positions to depths 0-" + std::to_string(max_depth));
    }
  };
  report.sampling.search_nodes = search_each<G>(cfg, 0, samples.size(), 4, search, done);
  report.sampling.searched = samples.size();
  return v;
}

/// The stage of every sample (G::mpc_stage, at least 0) into v; all 0 for a game without
/// stages.
template <core::Game G>
void mpc_stages(const std::vector<Sample<typename G::Position>>& samples, MpcValues& v) {
  v.stages = 1;
  v.stage_of.assign(samples.size(), 0);
  if constexpr (core::HasMpcStage<G>) {
    for (std::size_t i = 0; i < samples.size(); ++i) {
      v.stage_of[i] = std::max(0, G::mpc_stage(samples[i].position));
      v.stages = std::max(v.stages, v.stage_of[i] + 1);
    }
  }
}

/// The [mpc] fits of `init`'s search on the positions of `games` (see the file comment),
/// written with o.out as `init` with its [mpc] replaced by the fits (a weights file is referred
/// to relative to o.out's folder). Fills report (method "mpc", positions, seconds, one line
/// per pair in mpc_fits).
/// Throws InputError for bad options, no positions, or an unwritable output.
template <core::Game G>
void tune_mpc(const TuneOptions& o, const core::EngineConfig& init,
              const std::vector<TrainingGame>& games, TuneReport& report,
              const Progress& progress) {
  using Clock = std::chrono::steady_clock;
  const std::vector<DepthPair> pairs = start_mpc_fit(o, init, G::kName, report);
  const int max_depth = deepest(pairs);
  // Step 1. Positions: all games are training games here.
  auto t = Clock::now();
  const auto samples = mpc_samples<G>(o, games, report, progress);
  // Step 2. Values at depths 0..max_depth.
  MpcValues v = search_mpc_values<G>(init, samples, max_depth, o.mpc_selective, report, progress);
  report.sample_seconds = detail::seconds_since(t);
  // Step 3. One line per (pair, stage).
  t = Clock::now();
  mpc_stages<G>(samples, v);
  core::EngineConfig out = init;
  out.name = report.name;
  out.mpc.threshold = o.mpc_threshold;
  out.mpc.pairs = fit_mpc_pairs(pairs, v, report);
  if (o.mpc_selective) out.mpc.pairs = merge_mpc_pairs(init.mpc.pairs, std::move(out.mpc.pairs));
  report.fit_seconds = detail::seconds_since(t);
  if (o.out.empty()) return;
  // Step 4. The config.
  write_mpc_config(o, init, std::move(out), report, samples.size(), max_depth);
}

}  // namespace arena::tune
