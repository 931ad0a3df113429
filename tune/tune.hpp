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
#include <string>
#include <vector>

#include "engine/core/config_provenance.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/linear_eval.hpp"
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

/// Writes `text` to `path` through a temporary file and a rename (parent folders created).
/// Throws InputError when the file cannot be written.
void write_text_file(const std::string& path, const std::string& text);

/// The current UTC time as "YYYY-MM-DDTHH:MM:SSZ".
[[nodiscard]] std::string utc_now();

namespace detail {

/// Seconds since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Weights rounded to 0.1 centi-units (finer than any evaluation resolves: the engine rounds
/// the weighted sum to whole centi-units).
inline Weights rounded(const Weights& w) {
  return w.unaryExpr([](double v) { return std::round(v * 10.0) / 10.0; });
}

}  // namespace detail

/// Tunes the weights of `init` (a config for G) on `games`, fills `report` (the caller sets
/// report.inputs and report.read_seconds) and writes o.out when set. Progress lines go to
/// `progress`. Throws InputError for: an unknown label, method, loss or solver; an unknown
/// feature set; too few training positions for the number of weights; an unwritable output.
/// `labelled` are the --positions files' positions with their labels (centi-units); `cache`
/// (may be null) supplies and collects exact or search labels.
template <core::Game G>
void tune_game(const TuneOptions& o, const core::EngineConfig& init,
               const std::vector<TrainingGame>& games, TuneReport& report,
               const Progress& progress,
               const std::vector<std::pair<typename G::Position, int>>& labelled = {},
               LabelCache* cache = nullptr) {
  using Clock = std::chrono::steady_clock;
  check_tune_options(o);
  const std::vector<LabelTerm> terms = parse_label(o.label);
  const Method method = parse_method(o.method);
  const LogisticLoss loss = o.loss == "cross-entropy" ? LogisticLoss::CrossEntropy
                                                      : LogisticLoss::Mse;
  const Solver solver = o.solver == "direct"      ? Solver::Direct
                        : o.solver == "iterative" ? Solver::Iterative
                                                  : Solver::Auto;
  const auto fs = G::make_feature_set(init.features);
  const int num_features = fs->num_features();
  const int phases = fs->num_phases();
  std::vector<double> start_flat = core::resolve_weights(*fs, init);
  const Weights start = Eigen::Map<const Weights>(start_flat.data(), num_features, phases);

  report.game = std::string(G::kName);
  report.init = o.init;
  report.features = fs->name();
  report.method = o.method;
  report.label = label_text(terms);
  report.name = o.name.empty() ? init.name + "-tuned" : o.name;
  report.num_weights = static_cast<std::size_t>(num_features) * static_cast<std::size_t>(phases);

  // Step 1. Positions and labels.
  auto t = Clock::now();
  SampleOptions so;
  so.skip_plies = o.skip_plies;
  so.max_per_game = o.max_per_game;
  so.balance = o.balance;
  so.holdout = o.holdout;
  so.seed = o.seed;
  so.exact_empties = o.exact_empties;
  so.search_depth = o.search_depth;
  so.search_max = o.search_max;
  so.search_config = init;
  so.cache = cache;
  for (const auto& term : terms) {
    so.need_search = so.need_search || term.kind == LabelKind::Search;
    so.need_exact = so.need_exact || term.kind == LabelKind::Exact;
  }
  const auto samples = sample_positions<G>(games, so, report.sampling, progress, labelled);
  report.sample_seconds = detail::seconds_since(t);

  // Step 2. Feature rows.
  t = Clock::now();
  Dataset train;
  Dataset holdout;
  build_datasets<G>(samples, games, *fs, so, report.sampling, train, holdout);
  report.features_seconds = detail::seconds_since(t);
  report.train_positions = train.problem.rows();
  report.holdout_positions = holdout.problem.rows();
  if (report.train_positions < report.num_weights) {
    throw InputError("too few positions: " + std::to_string(report.train_positions) +
                     " training positions for " + std::to_string(report.num_weights) +
                     " weights (" + std::to_string(num_features) + " features x " +
                     std::to_string(phases) + " phases of set '" + fs->name() +
                     "'); add games, lower --skip-plies or raise --max-per-game");
  }
  if (progress) {
    progress("tune: " + std::to_string(report.train_positions) + " training and " +
             std::to_string(report.holdout_positions) + " holdout positions");
  }

  // Step 3. Texel's K on the start weights against game results (targets are still the
  // result column), then the label mixture.
  t = Clock::now();
  report.scale = fit_logistic_scale(train.problem, start,
                                    method == Method::Logistic ? loss : LogisticLoss::Mse);
  mix_targets(train, terms, method, report.scale);
  mix_targets(holdout, terms, method, report.scale);
  auto loss_of = [&](const FitProblem& pb, const Weights& w) {
    if (pb.rows() == 0) return std::nan("");
    return method == Method::Ridge ? squared_error(pb, w) / 1e4
                                   : logistic_error(pb, w, report.scale, loss);
  };
  report.loss = method == Method::Ridge ? "mse-units2"
                : loss == LogisticLoss::Mse ? "mse"
                                            : "cross-entropy";
  report.train_loss_before = loss_of(train.problem, start);
  report.holdout_loss_before = loss_of(holdout.problem, start);

  // Step 4. The fit.
  FitOutcome fit;
  if (method == Method::Ridge) {
    RidgeOptions ro;
    ro.reg = {o.lambda, o.tie};
    ro.solver = solver;
    if (o.iterations > 0) ro.max_iterations = o.iterations;
    fit = fit_ridge(train.problem, start, ro, progress);
  } else {
    LogisticOptions lo;
    lo.reg = {o.lambda, o.tie};
    lo.loss = loss;
    lo.solver = solver;
    lo.learning_rate = o.learning_rate;
    lo.lbfgs = o.method == "lbfgs";
    if (o.iterations > 0) lo.max_iterations = o.iterations;
    fit = fit_logistic(train.problem, start, report.scale, lo, progress);
  }
  report.fit_seconds = detail::seconds_since(t);
  report.solver = fit.solver;
  report.iterations = fit.iterations;
  const Weights tuned = detail::rounded(fit.weights);
  report.train_loss_after = loss_of(train.problem, tuned);
  report.holdout_loss_after = loss_of(holdout.problem, tuned);
  auto phase_loss_of = [&](const Weights& w) {
    auto v = method == Method::Ridge ? squared_error_by_phase(holdout.problem, w)
                                     : logistic_error_by_phase(holdout.problem, w, report.scale, loss);
    if (method == Method::Ridge) {
      for (double& x : v) x /= 1e4;
    }
    return v;
  };
  report.holdout_phase_loss_before = phase_loss_of(start);
  report.holdout_phase_loss_after = phase_loss_of(tuned);
  if (o.out.empty()) return;

  // Step 5. The tuned config: same format and feature set, new name and weights, provenance.
  core::EngineConfig out = init;
  out.name = report.name;
  const std::vector<double> flat(tuned.data(), tuned.data() + tuned.size());
  if (fs->uses_weights_file()) {
    const std::filesystem::path side = std::filesystem::path(o.out).replace_extension(".weights");
    std::filesystem::create_directories(
        std::filesystem::absolute(side).parent_path());
    core::write_weights_file(side.string(), core::weights_header(*fs), flat);
    out.weights_file = side.filename().string();
    out.weights.clear();
    report.weights_file = side.string();
  } else {
    out.weights = core::weights_to_entries(*fs, flat);
  }
  std::vector<std::string> comments;
  comments.push_back("tuned by arena tune " + std::string(kVersion) + " (" + kRevision +
                     ") on " + utc_now());
  comments.push_back(core::tuning_start_comment({o.init, init.name, file_hash(o.init)}));
  for (const auto& in : report.inputs) {
    comments.push_back("input: " + in.path + " (" + in.kind + ", fnv1a64 " + in.hash + ", " +
                       std::to_string(in.games) + " games)");
  }
  // K matters only where a sigmoid is involved: logistic fits and result labels.
  const bool uses_scale = method == Method::Logistic ||
                          std::any_of(terms.begin(), terms.end(), [](const LabelTerm& term) {
                            return term.kind == LabelKind::Result;
                          });
  comments.push_back("label " + report.label + "; method " + report.method + " (" +
                     report.solver + ", " + std::to_string(report.iterations) + " iterations" +
                     (uses_scale ? ", K " + std::to_string(report.scale) : std::string()) +
                     ", lambda " + std::to_string(o.lambda) + ", tie " + std::to_string(o.tie) +
                     ")");
  if (o.search_depth > 0) {
    comments.push_back("search labels of positions without a recorded score: " +
                       std::to_string(report.sampling.searched) + " positions searched " +
                       std::to_string(o.search_depth) + " plies deep by the start config");
  }
  comments.push_back("positions: " + std::to_string(report.train_positions) + " train / " +
                     std::to_string(report.holdout_positions) + " holdout (seed " +
                     std::to_string(o.seed) + ", holdout " + std::to_string(o.holdout) +
                     " of games, skip " + std::to_string(o.skip_plies) + " plies, max " +
                     std::to_string(o.max_per_game) + " per game)");
  comments.push_back("loss (" + report.loss + "): train " +
                     std::to_string(report.train_loss_before) + " -> " +
                     std::to_string(report.train_loss_after) + ", holdout " +
                     std::to_string(report.holdout_loss_before) + " -> " +
                     std::to_string(report.holdout_loss_after));
  if (!o.command_line.empty()) {
    std::string cmd;
    for (const auto& w : o.command_line) cmd += (cmd.empty() ? "" : " ") + w;
    comments.push_back("command: " + cmd);
  }
  write_text_file(o.out, core::format_engine_config(out, comments));
  report.out = o.out;

  // The written file must read back to exactly the tuned weights (the round trip the format
  // promises); anything else is a bug, not bad input.
  const auto reread = core::resolve_weights(*fs, core::load_engine_config(o.out));
  if (reread != flat) throw std::logic_error("tuned config " + o.out + " does not read back");
}

}  // namespace arena::tune
