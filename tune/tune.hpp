// One tuning run for a game G: positions and labels from the games (tune/dataset.hpp), the fit
// (tune/fit.hpp), losses before and after on train and holdout, and the tuned config written in
// exactly the format the engine reads, with its provenance in comments.
//
// Units: weights and evaluations are centi-units (100 = one disc / square) from the side to
// move's view, as in the engine; written weights are rounded to 0.1 centi-units, and the
// reported "after" losses are those of the rounded weights the config holds.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/linear_eval.hpp"
#include "engine/core/text_file.hpp"
#include "engine/core/version.hpp"
#include "engine/core/weights_file.hpp"
#include "tune/dataset.hpp"
#include "tune/fit.hpp"
#include "tune/inputs.hpp"
#include "tune/options.hpp"
#include "tune/report.hpp"

namespace arena::tune {

/// Throws InputError naming the option when a numeric option is out of range.
void check_tune_options(const TuneOptions& o);

/// The normalised label text, e.g. "score:0.5,search:0.5" ("result" for a single term).
[[nodiscard]] std::string label_text(const std::vector<LabelTerm>& terms);

/// Step 1's options: the sampling settings of `o` with `init` as the labelling engine and
/// the labels `terms` need, reading and filling the caches of `caches` that have a path
/// (nullptr = none).
[[nodiscard]] SampleOptions sample_options(const TuneOptions& o, const core::EngineConfig& init,
                                           const std::vector<LabelTerm>& terms,
                                           LabelCaches* caches);

/// Steps 3 and 4 on feature rows: Texel's K on the start weights against game results, the
/// label mixture as targets, the fit, and the train/holdout losses before and after (of the
/// rounded weights) into `report`. Returns the tuned weights rounded to 0.1 centi-units.
[[nodiscard]] Weights fit_datasets(const TuneOptions& o, const std::vector<LabelTerm>& terms,
                                   Dataset& train, Dataset& holdout, const Weights& start,
                                   TuneReport& report, const Progress& progress);

/// The provenance comments every tuned config carries, around its method's own lines: what
/// tuned it (version, revision, UTC time), the start config and the inputs (with their hashes)
/// first, then `method_lines`, then the command line when known.
[[nodiscard]] std::vector<std::string> provenance_comments(const TuneOptions& o,
                                                           const core::EngineConfig& init,
                                                           const TuneReport& report,
                                                           std::vector<std::string> method_lines);

/// The provenance comments of a tuned config: what tuned it, from what, how, with what result.
[[nodiscard]] std::vector<std::string> tuned_config_provenance(const TuneOptions& o, const core::EngineConfig& init,
                                                               const std::vector<LabelTerm>& terms,
                                                               const TuneReport& report);

/// `cfg` with its weights file and book file named relative to the folder of `out` (the
/// config about to be written there), so the written config and its side files can move
/// together.
[[nodiscard]] core::EngineConfig relative_side_files(core::EngineConfig cfg, const std::string& out);

namespace detail {

/// Seconds since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace detail

/// Step 5: writes the tuned config to o.out in the format the engine reads (same feature set,
/// new name and weights, a side weights file when the set uses one) with its provenance as
/// comments, and checks that it reads back to `tuned`. Throws InputError when unwritable.
template <class FS>
void write_tuned_config(const TuneOptions& o, const core::EngineConfig& init, const FS& fs,
                        const Weights& tuned, const std::vector<LabelTerm>& terms, TuneReport& report) {
  core::EngineConfig out = relative_side_files(init, o.out);
  out.name = report.name;
  const std::vector<double> flat(tuned.data(), tuned.data() + tuned.size());
  if (fs.uses_weights_file()) {
    const std::filesystem::path side = std::filesystem::path(o.out).replace_extension(".weights");
    std::filesystem::create_directories(std::filesystem::absolute(side).parent_path());
    core::write_weights_file(side.string(), core::weights_header(fs), flat);
    out.weights_file = side.filename().string();
    out.weights.clear();
    report.weights_file = side.string();
  } else {
    out.weights = core::weights_to_entries(fs, flat);
  }
  core::write_text_file(o.out, core::format_engine_config(out, tuned_config_provenance(o, init, terms, report)));
  report.out = o.out;

  // The written file must read back to exactly the tuned weights (the round trip the format
  // promises); anything else is a bug, not bad input.
  const auto reread = core::resolve_weights(fs, core::load_engine_config(o.out));
  if (reread != flat) throw std::logic_error("tuned config " + o.out + " does not read back");
}

/// Tunes the weights of `init` (a config for G) on `games`, fills `report` (the caller sets
/// report.inputs and report.read_seconds) and writes o.out when set. Progress lines go to
/// `progress`. Throws InputError for: an unknown label, method, loss or solver; an unknown
/// feature set; no training positions, or fewer than weights unless it refits nonzero start
/// weights with a pull towards them (lambda > 0); an unwritable output.
/// `labelled` are the --positions files' positions with their labels (centi-units); `caches`
/// (may be null) supply and collect the exact and the search labels.
template <core::Game G>
void tune_game(const TuneOptions& o, const core::EngineConfig& init,
               const std::vector<TrainingGame>& games, TuneReport& report,
               const Progress& progress,
               const std::vector<std::pair<typename G::Position, int>>& labelled = {},
               LabelCaches* caches = nullptr) {
  using Clock = std::chrono::steady_clock;
  check_tune_options(o);
  const std::vector<LabelTerm> terms = parse_label(o.label);
  const auto fs = G::make_feature_set(init.features);
  const int num_features = fs->num_features();
  const int phases = fs->num_phases();
  std::vector<double> start_flat = core::resolve_weights(*fs, init);
  const Weights start = Eigen::Map<const Weights>(start_flat.data(), num_features, phases);

  report.game = std::string(G::kName);
  report.init = o.init;
  report.features = fs->name();
  report.method = method_name(o.method);
  report.label = label_text(terms);
  report.name = o.name.empty() ? init.name + "-tuned" : o.name;
  report.num_weights = static_cast<std::size_t>(num_features) * static_cast<std::size_t>(phases);

  // Fewer positions than weights leave a fit from scratch underdetermined; a refit of fitted
  // weights is not: the pull towards them (--lambda) keeps the weights the data cannot reach.
  const bool refit = o.lambda > 0 && !start.isZero(0.0);
  const auto check_enough = [&](std::size_t train_positions) {
    if (train_positions > 0 && (train_positions >= report.num_weights || refit)) return;
    throw InputError("too few positions: " + std::to_string(train_positions) +
                     " training positions for " + std::to_string(report.num_weights) +
                     " weights (" + std::to_string(num_features) + " features x " +
                     std::to_string(phases) + " phases of set '" + fs->name() +
                     "'); add games, lower --skip-plies or raise --max-per-game, or refit a "
                     "config with fitted weights and --lambda above 0");
  };

  // Step 1. Positions and labels; the picked positions are checked before they are labelled
  // (a large fit's labels take most of its time), the rows again after --balance.
  auto t = Clock::now();
  const SampleOptions so = sample_options(o, init, terms, caches);
  const auto samples =
      sample_positions<G>(games, so, report.sampling, progress, labelled, check_enough);
  report.sample_seconds = detail::seconds_since(t);

  // Step 2. Feature rows.
  t = Clock::now();
  Dataset train;
  Dataset holdout;
  build_datasets<G>(samples, games, *fs, so, report.sampling, train, holdout);
  report.features_seconds = detail::seconds_since(t);
  report.train_positions = train.problem.rows();
  report.holdout_positions = holdout.problem.rows();
  check_enough(report.train_positions);
  if (progress) {
    progress("tune: " + std::to_string(report.train_positions) + " training and " +
             std::to_string(report.holdout_positions) + " holdout positions");
  }

  // Steps 3 and 4. K, targets, the fit.
  const Weights tuned = fit_datasets(o, terms, train, holdout, start, report, progress);
  if (o.out.empty()) return;

  // Step 5. The tuned config.
  write_tuned_config(o, init, *fs, tuned, terms, report);
}

}  // namespace arena::tune
