// The least-squares line of Multi-ProbCut (Buro 1997): deep search values regressed on shallow
// ones, deep = slope * shallow + intercept + e, and the residuals' standard deviation sigma.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/mpc.hpp"

namespace arena::tune {

/// The ordinary least-squares fit of y on x (Eigen, column-pivoting QR of [x 1]) with sigma =
/// sqrt(residual sum of squares / (n - 2)), the unbiased estimate of the residual variance.
/// Units are those of x and y (centi-units in the tuner). Fewer than `min_points` pairs, a
/// constant x or a slope <= 0 (the shallow value says nothing) give the "no check" fit
/// {1, 0, 0}. x and y must have the same size.
[[nodiscard]] core::MpcFit fit_mpc_line(const std::vector<double>& x, const std::vector<double>& y,
                                        std::size_t min_points);

}  // namespace arena::tune
