// The fitters on synthetic problems with known weights: targets generated from true weights
// plus noise (ridge) or Bernoulli results drawn from sigmoid(eval / K) (logistic) must be
// fitted back within tolerances derived from the noise, independent of any game.
#include "tune/fit.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace arena::tune {
namespace {

constexpr int kFeatures = 6;
constexpr int kPhases = 3;

/// Rows with a constant feature, three counts in [0, 10] and two sparse 0/1 features (present
/// in about a third of the rows), like mobility/corner features.
SparseRows random_rows(int rows, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> count(0, 10);
  std::bernoulli_distribution present(1.0 / 3.0);
  std::vector<Eigen::Triplet<double>> t;
  for (int r = 0; r < rows; ++r) {
    t.emplace_back(r, 0, 1.0);
    for (int f = 1; f <= 3; ++f) t.emplace_back(r, f, count(rng) - 5.0);
    for (int f = 4; f <= 5; ++f) {
      if (present(rng)) t.emplace_back(r, f, 1.0);
    }
  }
  SparseRows x(rows, kFeatures);
  x.setFromTriplets(t.begin(), t.end());
  return x;
}

Weights true_weights(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-200.0, 200.0);
  Weights w(kFeatures, kPhases);
  for (Eigen::Index i = 0; i < w.size(); ++i) w.data()[i] = u(rng);
  return w;
}

/// Ridge data: target = eval + N(0, noise^2).
FitProblem linear_problem(const Weights& w, int rows_per_phase, double noise,
                          std::mt19937_64& rng) {
  std::normal_distribution<double> eps(0.0, noise);
  FitProblem pb{kFeatures, {}};
  for (int p = 0; p < kPhases; ++p) {
    PhaseData ph{random_rows(rows_per_phase, rng), {}};
    ph.target = evaluate(ph, w.col(p));
    for (Eigen::Index r = 0; r < ph.target.size(); ++r) ph.target[r] += eps(rng);
    pb.phases.push_back(std::move(ph));
  }
  return pb;
}

/// Logistic data: target in {0, 1} drawn with P(1) = sigmoid(eval / scale).
FitProblem result_problem(const Weights& w, int rows_per_phase, double scale,
                          std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  FitProblem pb{kFeatures, {}};
  for (int p = 0; p < kPhases; ++p) {
    PhaseData ph{random_rows(rows_per_phase, rng), {}};
    const Eigen::VectorXd e = evaluate(ph, w.col(p));
    ph.target.resize(e.size());
    for (Eigen::Index r = 0; r < e.size(); ++r) {
      ph.target[r] = u(rng) < 1.0 / (1.0 + std::exp(-e[r] / scale)) ? 1.0 : 0.0;
    }
    pb.phases.push_back(std::move(ph));
  }
  return pb;
}

// With noise sigma = 50 and 20000 rows per phase, each weight's standard error is below
// 50 / sqrt(20000 * 0.22) < 0.8 (the weakest feature: 0/1, present in a third of the rows,
// variance 2/9); 5 centi-units is more than six standard errors.
TEST(Ridge, RecoversKnownWeightsWithBothSolvers) {
  std::mt19937_64 rng(1);
  const Weights truth = true_weights(rng);
  const FitProblem pb = linear_problem(truth, 20000, 50.0, rng);
  const Weights start = Weights::Zero(kFeatures, kPhases);
  for (Solver s : {Solver::Direct, Solver::Iterative}) {
    RidgeOptions o;
    o.reg.lambda = 1e-9;
    o.solver = s;
    const FitOutcome fit = fit_ridge(pb, start, o);
    EXPECT_LT((fit.weights - truth).cwiseAbs().maxCoeff(), 5.0) << fit.solver;
    // The residual is the noise: the mean squared error is close to sigma^2 = 2500.
    EXPECT_NEAR(squared_error(pb, fit.weights), 2500.0, 100.0) << fit.solver;
    EXPECT_LT(squared_error(pb, fit.weights), squared_error(pb, truth)) << fit.solver;
  }
}

TEST(Ridge, DirectAndIterativeAgreeWithPenaltyAndTie) {
  std::mt19937_64 rng(2);
  const Weights truth = true_weights(rng);
  const FitProblem pb = linear_problem(truth, 3000, 100.0, rng);
  const Weights start = Weights::Constant(kFeatures, kPhases, 10.0);
  RidgeOptions o;
  o.reg = {0.05, 0.5};
  o.solver = Solver::Direct;
  const Weights direct = fit_ridge(pb, start, o).weights;
  o.solver = Solver::Iterative;
  o.tolerance = 1e-14;
  const Weights iterative = fit_ridge(pb, start, o).weights;
  EXPECT_LT((direct - iterative).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(Ridge, StrongPenaltyKeepsStartWeightsAndStrongTieEqualisesPhases) {
  std::mt19937_64 rng(3);
  const Weights truth = true_weights(rng);
  const FitProblem pb = linear_problem(truth, 2000, 10.0, rng);
  const Weights start = Weights::Constant(kFeatures, kPhases, 7.0);
  RidgeOptions o;
  o.reg = {1e6, 0.0};
  EXPECT_LT((fit_ridge(pb, start, o).weights - start).cwiseAbs().maxCoeff(), 0.1);
  o.reg = {1e-9, 1e6};
  const Weights tied = fit_ridge(pb, start, o).weights;
  for (int p = 1; p < kPhases; ++p) {
    EXPECT_LT((tied.col(p) - tied.col(0)).cwiseAbs().maxCoeff(), 0.1);
  }
}

TEST(Ridge, FeatureThatNeverOccursKeepsItsStartWeight) {
  std::mt19937_64 rng(4);
  const Weights truth = true_weights(rng);
  FitProblem pb = linear_problem(truth, 2000, 10.0, rng);
  pb.num_features = kFeatures + 1;
  for (auto& ph : pb.phases) ph.features.conservativeResize(ph.features.rows(), kFeatures + 1);
  Weights start = Weights::Zero(kFeatures + 1, kPhases);
  start.row(kFeatures).setConstant(42.0);
  const Weights fit = fit_ridge(pb, start, RidgeOptions{}).weights;
  EXPECT_NEAR(fit(kFeatures, 0), 42.0, 1e-9);
}

TEST(Ridge, RejectsMismatchedShapes) {
  std::mt19937_64 rng(5);
  const FitProblem pb = linear_problem(true_weights(rng), 10, 1.0, rng);
  EXPECT_THROW((void)fit_ridge(pb, Weights::Zero(kFeatures, kPhases + 1), RidgeOptions{}),
               std::invalid_argument);
}

// Texel's scale: with the true weights and results drawn at K = 300, the fitted K is the
// maximum-likelihood scale; 60000 rows pin it to a few percent.
TEST(Logistic, ScaleFitRecoversTheGeneratingScale) {
  std::mt19937_64 rng(6);
  const Weights truth = true_weights(rng) * 0.5;
  const FitProblem pb = result_problem(truth, 20000, 300.0, rng);
  const double k = fit_logistic_scale(pb, truth, LogisticLoss::CrossEntropy);
  EXPECT_NEAR(k, 300.0, 20.0);
  EXPECT_EQ(fit_logistic_scale(pb, Weights::Zero(kFeatures, kPhases), LogisticLoss::Mse, 123.0),
            123.0);
}

// Maximum-likelihood weights from 20000 Bernoulli rows per phase at K = 300: the standard
// error of the weakest weight is about K / sqrt(20000 * 0.22 * 0.2) = 10 centi-units (0.2 a
// lower bound of s(1-s) at these evals), so 50 is five standard errors.
TEST(Logistic, NewtonAndAdamRecoverKnownWeights) {
  std::mt19937_64 rng(7);
  const double scale = 300.0;
  const Weights truth = true_weights(rng) * 0.5;
  const FitProblem pb = result_problem(truth, 20000, scale, rng);
  const Weights start = Weights::Zero(kFeatures, kPhases);
  for (LogisticLoss loss : {LogisticLoss::CrossEntropy, LogisticLoss::Mse}) {
    for (Solver s : {Solver::Direct, Solver::Iterative}) {
      LogisticOptions o;
      o.reg.lambda = 1e-9;
      o.loss = loss;
      o.solver = s;
      o.max_iterations = 3000;
      o.learning_rate = 2.0;
      o.tolerance = 1e-12;
      const FitOutcome fit = fit_logistic(pb, start, scale, o);
      EXPECT_LT((fit.weights - truth).cwiseAbs().maxCoeff(), 50.0) << fit.solver;
      EXPECT_LT(logistic_error(pb, fit.weights, scale, loss),
                logistic_error(pb, start, scale, loss))
          << fit.solver;
    }
  }
}

// L-BFGS minimises the same objective as Newton: the same rows give the same weights within
// the sampling error above, and its objective is no worse than Newton's beyond 1e-9.
TEST(Logistic, LbfgsReachesNewtonsMinimum) {
  std::mt19937_64 rng(8);
  const double scale = 300.0;
  const Weights truth = true_weights(rng) * 0.5;
  const FitProblem pb = result_problem(truth, 20000, scale, rng);
  const Weights start = Weights::Zero(kFeatures, kPhases);
  LogisticOptions o;
  o.reg.lambda = 1e-9;
  o.loss = LogisticLoss::CrossEntropy;
  o.max_iterations = 1000;
  o.tolerance = 1e-12;
  o.solver = Solver::Direct;
  const FitOutcome newton = fit_logistic(pb, start, scale, o);
  o.lbfgs = true;
  const FitOutcome lbfgs = fit_logistic(pb, start, scale, o);
  EXPECT_EQ(lbfgs.solver, "lbfgs");
  EXPECT_LT((lbfgs.weights - truth).cwiseAbs().maxCoeff(), 50.0);
  EXPECT_LT(logistic_error(pb, lbfgs.weights, scale, o.loss),
            logistic_error(pb, newton.weights, scale, o.loss) + 1e-9);
}

TEST(Logistic, RejectsTargetsOutsideTheUnitInterval) {
  std::mt19937_64 rng(8);
  FitProblem pb = result_problem(true_weights(rng), 10, 300.0, rng);
  pb.phases[0].target[0] = 2.0;
  EXPECT_THROW((void)fit_logistic(pb, Weights::Zero(kFeatures, kPhases), 300.0, {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace arena::tune
