// Fitters for linear evaluations with one weight vector per game phase, on plain matrices:
// they know nothing about games, so tests can check them on synthetic data with known weights.
//
// A problem is a list of phases; phase p holds a sparse matrix X_p (one row per position, one
// column per feature) and a target per row. The evaluation of row r of phase p is
// X_p.row(r) . W.col(p), where W is num_features x num_phases. Both fitters shrink towards the
// start weights (plain ridge when they are zero) and may tie neighbouring phases together:
//
//   J(W) = L(W) + c * ( lambda * sum_p |w_p - s_p|^2 + tie * sum_p |w_{p+1} - w_p|^2 )
//
// where L is the mean loss over all N rows and c is the loss's curvature per unit feature at
// eval 0 (1 for squared error, 1/(4 K^2) for the logistic losses), so that lambda = 1e-4 means
// the same pull in both: that of 1e-4 * N rows whose feature value is 1.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "analysis/eigen.hpp"
#include "tune/options.hpp"

namespace arena::tune {

/// Row-major sparse feature matrix: one row per position, one column per feature.
using SparseRows = Eigen::SparseMatrix<double, Eigen::RowMajor>;

/// Weights: num_features x num_phases, column p is phase p's weight vector.
using Weights = Eigen::MatrixXd;

/// Receives progress lines (no trailing newline) during long fits; may be empty.
using Progress = std::function<void(const std::string&)>;

/// The rows of one phase and their targets (same number of rows).
struct PhaseData {
  SparseRows features;
  Eigen::VectorXd target;
};

/// A fitting problem: `phases[p].features` has `num_features` columns for every p.
struct FitProblem {
  int num_features = 0;
  std::vector<PhaseData> phases;

  /// Total number of rows over all phases.
  [[nodiscard]] std::size_t rows() const;
  /// num_features * number of phases.
  [[nodiscard]] std::size_t num_weights() const;
};

/// The L2 terms of J (see the file comment). Both must be >= 0.
struct Regularization {
  double lambda = 1e-4;  ///< pull towards the start weights, as a fraction of N unit rows
  double tie = 0.0;      ///< pull between neighbouring phases, same units
};

/// Options of fit_ridge.
struct RidgeOptions {
  Regularization reg;
  Solver solver = Solver::Auto;
  std::size_t direct_limit = 3000;  ///< largest dense system for Solver::Auto
  int max_iterations = 2000;        ///< conjugate gradient iterations (Iterative)
  double tolerance = 1e-10;         ///< relative residual of the normal equations (Iterative)
};

/// Options of fit_logistic. Direct = damped (Gauss-)Newton with dense LDLT steps; Iterative =
/// full-batch Adam (Kingma & Ba 2015, default betas 0.9 / 0.999) with step `learning_rate` in
/// weight units.
struct LogisticOptions {
  Regularization reg;
  LogisticLoss loss = LogisticLoss::Mse;
  Solver solver = Solver::Auto;
  std::size_t direct_limit = 3000;
  int max_iterations = 400;      ///< Adam steps, or Newton steps (capped at 100)
  double learning_rate = 2.0;    ///< Adam step size, weight units (centi-units for evals)
  double tolerance = 1e-10;      ///< stop when J changes by less than this (relative) over 10 steps
  /// L-BFGS (LBFGSpp, Debian's liblbfgspp-dev) instead of Newton/Adam, whatever `solver` says;
  /// max_iterations caps its iterations.
  bool lbfgs = false;
};

/// What a fit returns.
struct FitOutcome {
  Weights weights;
  int iterations = 0;      ///< solver iterations (0 for a direct ridge solve)
  std::string solver;      ///< "ldlt", "cg", "newton", "adam" or "lbfgs"
};

/// Evaluations of every row of `phase` under weight vector w (length num_features).
[[nodiscard]] Eigen::VectorXd evaluate(const PhaseData& phase, const Eigen::VectorXd& w);

/// Mean squared error between evaluation and target over all rows (target units squared);
/// 0 for an empty problem.
[[nodiscard]] double squared_error(const FitProblem& problem, const Weights& w);

/// Mean logistic loss between target and sigmoid(eval / scale) over all rows.
[[nodiscard]] double logistic_error(const FitProblem& problem, const Weights& w, double scale,
                                    LogisticLoss loss);

/// The two losses above per phase (phase p's mean over its own rows; NaN for an empty phase):
/// where a fit gains, e.g. in phases an engine that solves the endgame never evaluates.
[[nodiscard]] std::vector<double> squared_error_by_phase(const FitProblem& problem,
                                                         const Weights& w);
[[nodiscard]] std::vector<double> logistic_error_by_phase(const FitProblem& problem,
                                                          const Weights& w, double scale,
                                                          LogisticLoss loss);

/// Ridge regression: minimises J with L = squared_error. Direct: normal equations
/// (X^T X + N c R) w = X^T y + N c lambda s assembled dense and solved with LDLT; Iterative:
/// the same system by conjugate gradient (Eigen::ConjugateGradient, Jacobi preconditioner) with
/// X^T X applied matrix-free, so memory stays at the size of X. With lambda = 0, a feature that
/// never occurs gets weight 0 (LDLT treats zero pivots as zero). Throws std::invalid_argument on
/// shape mismatches or negative lambda / tie.
[[nodiscard]] FitOutcome fit_ridge(const FitProblem& problem, const Weights& start,
                                   const RidgeOptions& options, const Progress& progress = {});

/// Texel's scale: the K > 0 minimising logistic_error(problem, w, K, loss), by Brent's
/// minimiser (Boost.Math) on log K over [1, 1e6]. When every evaluation is 0 the loss does not depend on K and
/// `fallback` is returned.
[[nodiscard]] double fit_logistic_scale(const FitProblem& problem, const Weights& w,
                                        LogisticLoss loss, double fallback = 400.0);

/// Logistic (Texel) fit at a fixed scale K: minimises J with L = logistic_error(., ., scale,
/// options.loss), starting from `start`. Targets must lie in [0, 1].
[[nodiscard]] FitOutcome fit_logistic(const FitProblem& problem, const Weights& start,
                                      double scale, const LogisticOptions& options,
                                      const Progress& progress = {});

}  // namespace arena::tune
