// Non-template helpers of a tuning run (see tune.hpp).
#include "tune/tune.hpp"

#include <algorithm>
#include <iterator>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "engine/core/config_provenance.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/core/utc_time.hpp"

namespace arena::tune {

void check_tune_options(const TuneOptions& o) {
  // An unknown method or bad pairs fail before any position is sampled.
  if (o.method == FitMethod::Mpc) {
    (void)parse_mpc_pairs(o.mpc_pairs);
    if (!(o.mpc_threshold >= 0 && o.mpc_threshold <= 1e9)) {
      throw InputError("--mpc-threshold: expected a number of sigmas in [0, 1e9]");
    }
  }
  if (o.book_plies < 1 || o.book_plies > 200) {
    throw InputError("--book-plies: expected 1 to 200 plies, got " + std::to_string(o.book_plies));
  }
  if (o.book_depth < 0 || o.book_depth > 64) {
    throw InputError("--book-depth: expected 0 (off) to 64 plies, got " + std::to_string(o.book_depth));
  }
  if (o.book_games < 1) {
    throw InputError("--book-games: expected >= 1 games, got " + std::to_string(o.book_games));
  }
  if (!(o.holdout >= 0.0 && o.holdout < 1.0)) {
    throw InputError("--holdout: expected a fraction in [0, 1), got " + std::to_string(o.holdout));
  }
  if (o.skip_plies < 0) throw InputError("--skip-plies: expected >= 0");
  if (o.max_per_game < 0) throw InputError("--max-per-game: expected >= 0 (0 = all)");
  if (!(o.balance >= 0.0)) throw InputError("--balance: expected >= 0 (0 = off)");
  if (o.exact_empties < 1) throw InputError("--exact-empties: expected >= 1");
  if (o.search_depth < 0 || o.search_depth > 64) {
    throw InputError("--search-depth: expected 0 (off) to 64 plies");
  }
  if (!(o.lambda >= 0.0)) throw InputError("--lambda: expected >= 0");
  if (!(o.tie >= 0.0)) throw InputError("--tie: expected >= 0");
  if (o.iterations < 0) throw InputError("--iterations: expected >= 0 (0 = default)");
  if (!(o.learning_rate > 0.0)) throw InputError("--learning-rate: expected > 0");
  core::check_threads("--threads (0 = all cores)", o.threads, 0);
}

std::string label_text(const std::vector<LabelTerm>& terms) {
  if (terms.size() == 1) return label_kind_name(terms[0].kind);
  std::string out;
  for (const auto& t : terms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", t.weight);
    out += (out.empty() ? "" : ",") + std::string(label_kind_name(t.kind)) + ":" + buf;
  }
  return out;
}

SampleOptions sample_options(const TuneOptions& o, const core::EngineConfig& init,
                             const std::vector<LabelTerm>& terms, LabelCaches* caches) {
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
  if (caches != nullptr) {
    so.exact_cache = caches->exact.path.empty() ? nullptr : &caches->exact;
    so.search_cache = caches->search.path.empty() ? nullptr : &caches->search;
  }
  for (const auto& term : terms) {
    so.need_search = so.need_search || term.kind == LabelKind::Search;
    so.need_exact = so.need_exact || needs_exact_solves(term.kind);
  }
  return so;
}

namespace {

/// Weights rounded to 0.1 centi-units (finer than any evaluation resolves: the engine rounds
/// the weighted sum to whole centi-units).
Weights rounded(const Weights& w) {
  return w.unaryExpr([](double v) { return std::round(v * 10.0) / 10.0; });
}

}  // namespace

Weights fit_datasets(const TuneOptions& o, const std::vector<LabelTerm>& terms, Dataset& train,
                     Dataset& holdout, const Weights& start, TuneReport& report,
                     const Progress& progress) {
  using Clock = std::chrono::steady_clock;
  const Method method = method_kind(o.method);
  const LogisticLoss loss = o.loss;
  const Solver solver = o.solver;
  // Step 3. Texel's K on the start weights against game results (targets are still the
  // result column), then the label mixture.
  const auto t = Clock::now();
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
    lo.lbfgs = o.method == FitMethod::Lbfgs;
    if (o.iterations > 0) lo.max_iterations = o.iterations;
    fit = fit_logistic(train.problem, start, report.scale, lo, progress);
  }
  report.fit_seconds = detail::seconds_since(t);
  report.solver = fit.solver;
  report.iterations = fit.iterations;
  const Weights tuned = rounded(fit.weights);
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
  return tuned;
}

std::vector<std::string> tuned_config_provenance(const TuneOptions& o, const core::EngineConfig& init,
                                                 const std::vector<LabelTerm>& terms,
                                                 const TuneReport& report) {
  const Method method = method_kind(o.method);
  std::vector<std::string> comments;
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
  return provenance_comments(o, init, report, std::move(comments));
}

core::EngineConfig relative_side_files(core::EngineConfig cfg, const std::string& out) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::absolute(fs::path(out)).parent_path();
  for (std::string* side : {&cfg.weights_file, &cfg.book_file}) {
    if (!side->empty()) *side = fs::path(*side).lexically_relative(folder).string();
  }
  return cfg;
}

std::vector<std::string> provenance_comments(const TuneOptions& o, const core::EngineConfig& init,
                                             const TuneReport& report,
                                             std::vector<std::string> method_lines) {
  std::vector<std::string> comments;
  comments.push_back("tuned by arena tune " + std::string(kVersion) + " (" + kRevision +
                     ") on " + core::utc_iso8601());
  comments.push_back(core::tuning_start_comment({o.init, init.name, file_hash(o.init)}));
  for (const auto& in : report.inputs) {
    comments.push_back("input: " + in.path + " (" + in.kind + ", fnv1a64 " + in.hash + ", " +
                       std::to_string(in.games) + " games)");
  }
  std::move(method_lines.begin(), method_lines.end(), std::back_inserter(comments));
  if (!o.command_line.empty()) {
    std::string cmd;
    for (const auto& w : o.command_line) cmd += (cmd.empty() ? "" : " ") + w;
    comments.push_back("command: " + cmd);
  }
  return comments;
}

}  // namespace arena::tune
