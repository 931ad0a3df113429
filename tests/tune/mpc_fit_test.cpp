// The Multi-ProbCut line fit against data drawn from a known line with Gaussian noise: the fit
// must recover the generating slope, intercept and standard deviation.
#include "tune/mpc_fit.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace arena::tune {
namespace {

TEST(MpcFit, RecoversTheGeneratingLineAndNoise) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> shallow(0.0, 800.0);
  std::normal_distribution<double> noise(0.0, 150.0);
  std::vector<double> x;
  std::vector<double> y;
  for (int i = 0; i < 20000; ++i) {
    x.push_back(shallow(rng));
    y.push_back(1.1 * x.back() - 20.0 + noise(rng));
  }
  const core::MpcFit f = fit_mpc_line(x, y, 30);
  // Standard errors at n = 20000: slope 150 / (800 sqrt n) ~ 0.0013, intercept 150 / sqrt n
  // ~ 1.1, sigma 150 / sqrt(2n) ~ 0.75; the bounds are about 4 of them.
  EXPECT_NEAR(f.slope, 1.1, 0.006);
  EXPECT_NEAR(f.intercept, -20.0, 4.5);
  EXPECT_NEAR(f.sigma, 150.0, 3.0);
}

TEST(MpcFit, AnExactLineHasNoResidual) {
  const std::vector<double> x{-300, -100, 0, 50, 400};
  std::vector<double> y;
  for (const double v : x) y.push_back(0.5 * v + 7.0);
  const core::MpcFit f = fit_mpc_line(x, y, 3);
  EXPECT_NEAR(f.slope, 0.5, 1e-12);
  EXPECT_NEAR(f.intercept, 7.0, 1e-9);
  EXPECT_NEAR(f.sigma, 0.0, 1e-9);
}

TEST(MpcFit, TooFewPointsAConstantShallowValueOrANegativeSlopeGiveNoCheck) {
  EXPECT_EQ(fit_mpc_line({1, 2, 3}, {1, 2, 3}, 30).sigma, 0.0);
  EXPECT_EQ(fit_mpc_line({5, 5, 5, 5}, {1, 2, 3, 4}, 3).sigma, 0.0);
  EXPECT_EQ(fit_mpc_line({1, 2, 3, 4}, {4, 3, 2, 1.5}, 3).sigma, 0.0);
}

}  // namespace
}  // namespace arena::tune
