// The Multi-ProbCut line fit (see mpc_fit.hpp).
#include "tune/mpc_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "analysis/eigen.hpp"

namespace arena::tune {

core::MpcFit fit_mpc_line(const std::vector<double>& x, const std::vector<double>& y,
                          std::size_t min_points) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_mpc_line: x and y differ in size");
  const std::size_t n = x.size();
  if (n < std::max<std::size_t>(min_points, 3) ||
      std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); })) {
    return {};
  }
  Eigen::MatrixXd a(static_cast<Eigen::Index>(n), 2);
  Eigen::VectorXd b(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) {
    const auto r = static_cast<Eigen::Index>(i);
    a(r, 0) = x[i];
    a(r, 1) = 1.0;
    b(r) = y[i];
  }
  const Eigen::Vector2d line = a.colPivHouseholderQr().solve(b);
  if (!(line(0) > 0)) return {};
  const double rss = (a * line - b).squaredNorm();
  return {line(0), line(1), std::sqrt(rss / static_cast<double>(n - 2))};
}

}  // namespace arena::tune
