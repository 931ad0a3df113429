// Ridge and logistic fitters (see fit.hpp for the objective). Work is split over phases with
// oneTBB: every row belongs to exactly one phase, so the per-phase blocks of gradients and
// Gram matrices are independent; only the phase-tie term couples neighbouring blocks.
#include "tune/fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include <boost/math/tools/minima.hpp>
#include <LBFGS.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

namespace arena::tune {
namespace {

/// Emits a progress line at most every two seconds (and never when no sink is given).
class Throttle {
  using Clock = std::chrono::steady_clock;

 public:
  explicit Throttle(const Progress& sink) : sink_(sink), last_(Clock::now()) {}
  void operator()(const std::string& line, bool force = false) {
    if (!sink_) return;
    const auto now = Clock::now();
    if (force || now - last_ >= std::chrono::seconds(2)) {
      last_ = now;
      sink_(line);
    }
  }

 private:
  const Progress& sink_;
  Clock::time_point last_;
};

int num_phases(const FitProblem& pb) { return static_cast<int>(pb.phases.size()); }

void check_shapes(const FitProblem& pb, const Weights& w) {
  if (w.rows() != pb.num_features || w.cols() != num_phases(pb)) {
    throw std::invalid_argument("weights are " + std::to_string(w.rows()) + "x" +
                                std::to_string(w.cols()) + ", problem needs " +
                                std::to_string(pb.num_features) + "x" +
                                std::to_string(num_phases(pb)));
  }
  for (const auto& ph : pb.phases) {
    if (ph.features.cols() != pb.num_features || ph.features.rows() != ph.target.size()) {
      throw std::invalid_argument("phase matrix and targets do not match the problem");
    }
  }
}

/// Sum over phases of f(p), in parallel.
template <class F>
double sum_over_phases(const FitProblem& pb, F&& f) {
  return tbb::parallel_reduce(
      tbb::blocked_range<int>(0, num_phases(pb)), 0.0,
      [&](const tbb::blocked_range<int>& r, double acc) {
        for (int p = r.begin(); p != r.end(); ++p) acc += f(p);
        return acc;
      },
      std::plus<>());
}

// ---- regularisation ----------------------------------------------------------------------
// R(W) = lambda |W - S|^2 + tie sum_p |w_{p+1} - w_p|^2 (scaled by c by the caller).

double penalty(const Weights& w, const Weights& start, const Regularization& reg) {
  double r = reg.lambda * (w - start).squaredNorm();
  for (Eigen::Index p = 0; p + 1 < w.cols(); ++p) {
    r += reg.tie * (w.col(p + 1) - w.col(p)).squaredNorm();
  }
  return r;
}

/// Adds scale * gradient of R to grad.
void add_penalty_gradient(const Weights& w, const Weights& start, const Regularization& reg,
                          double scale, Weights& grad) {
  grad += 2.0 * scale * reg.lambda * (w - start);
  for (Eigen::Index p = 0; p + 1 < w.cols(); ++p) {
    const Eigen::VectorXd d = 2.0 * scale * reg.tie * (w.col(p + 1) - w.col(p));
    grad.col(p + 1) += d;
    grad.col(p) -= d;
  }
}

/// Adds scale * Hessian of R to the dense (F*P)^2 matrix h (index p*F + f).
void add_penalty_hessian(int f_count, int p_count, const Regularization& reg, double scale,
                         Eigen::MatrixXd& h) {
  h.diagonal().array() += 2.0 * scale * reg.lambda;
  const double t = 2.0 * scale * reg.tie;
  for (int p = 0; p + 1 < p_count; ++p) {
    for (int f = 0; f < f_count; ++f) {
      const int i = p * f_count + f;
      const int j = i + f_count;
      h(i, i) += t;
      h(j, j) += t;
      h(i, j) -= t;
      h(j, i) -= t;
    }
  }
}

/// block += sum_r weight_r x_r x_r^T over the rows of x (weight 1 when weights is null).
void add_gram(const SparseRows& x, const Eigen::VectorXd* weights,
              Eigen::Block<Eigen::MatrixXd> block) {
  for (Eigen::Index r = 0; r < x.outerSize(); ++r) {
    const double wr = weights != nullptr ? (*weights)[r] : 1.0;
    if (wr == 0.0) continue;
    for (SparseRows::InnerIterator a(x, r); a; ++a) {
      const double va = wr * a.value();
      for (SparseRows::InnerIterator b(x, r); b; ++b) block(a.col(), b.col()) += va * b.value();
    }
  }
}

// ---- matrix-free normal equations for conjugate gradient ---------------------------------

/// The ridge normal matrix A = X^T X + N lambda I + N tie L (L the path Laplacian over phases),
/// applied without forming it: each product costs two passes over the non-zeros of X.
class NormalOperator;

}  // namespace
}  // namespace arena::tune

namespace Eigen::internal {
// NormalOperator looks like a sparse matrix to Eigen's iterative solvers (the matrix-free
// pattern of Eigen's documentation, "Matrix-free solvers").
template <>
struct traits<arena::tune::NormalOperator> : traits<Eigen::SparseMatrix<double>> {};
}  // namespace Eigen::internal

namespace arena::tune {
namespace {

class NormalOperator : public Eigen::EigenBase<NormalOperator> {
 public:
  using Scalar = double;
  using RealScalar = double;
  using StorageIndex = int;
  enum { ColsAtCompileTime = Eigen::Dynamic, MaxColsAtCompileTime = Eigen::Dynamic,
         IsRowMajor = false };

  NormalOperator(const FitProblem& pb, double n_lambda, double n_tie, Throttle& progress)
      : pb_(&pb), n_lambda_(n_lambda), n_tie_(n_tie), progress_(&progress) {}

  [[nodiscard]] Eigen::Index rows() const {
    return static_cast<Eigen::Index>(pb_->num_weights());
  }
  [[nodiscard]] Eigen::Index cols() const { return rows(); }

  template <class Rhs>
  Eigen::Product<NormalOperator, Rhs, Eigen::AliasFreeProduct> operator*(
      const Eigen::MatrixBase<Rhs>& x) const {
    return Eigen::Product<NormalOperator, Rhs, Eigen::AliasFreeProduct>(*this, x.derived());
  }

  /// dst += A v.
  template <class Dst, class Src>
  void apply(Dst& dst, const Src& v) const {
    const int f = pb_->num_features;
    const int pc = num_phases(*pb_);
    const Eigen::VectorXd vv = v;
    tbb::parallel_for(0, pc, [&](int p) {
      const auto& x = pb_->phases[p].features;
      const auto seg = vv.segment(static_cast<Eigen::Index>(p) * f, f);
      Eigen::VectorXd out = x.transpose() * (x * seg) + n_lambda_ * seg;
      if (p > 0) out += n_tie_ * (seg - vv.segment(static_cast<Eigen::Index>(p - 1) * f, f));
      if (p + 1 < pc) out += n_tie_ * (seg - vv.segment(static_cast<Eigen::Index>(p + 1) * f, f));
      dst.segment(static_cast<Eigen::Index>(p) * f, f) += out;
    });
    ++products_;
    (*progress_)("ridge: conjugate gradient iteration " + std::to_string(products_));
  }

  /// The diagonal of A (for the Jacobi preconditioner).
  [[nodiscard]] Eigen::VectorXd diagonal() const {
    const int f = pb_->num_features;
    const int pc = num_phases(*pb_);
    Eigen::VectorXd d = Eigen::VectorXd::Constant(rows(), n_lambda_);
    for (int p = 0; p < pc; ++p) {
      const auto& x = pb_->phases[p].features;
      for (Eigen::Index r = 0; r < x.outerSize(); ++r) {
        for (SparseRows::InnerIterator it(x, r); it; ++it) {
          d[static_cast<Eigen::Index>(p) * f + it.col()] += it.value() * it.value();
        }
      }
      const int degree = (p > 0 ? 1 : 0) + (p + 1 < pc ? 1 : 0);
      d.segment(static_cast<Eigen::Index>(p) * f, f).array() += n_tie_ * degree;
    }
    return d;
  }

  [[nodiscard]] int products() const { return products_; }

 private:
  const FitProblem* pb_;
  double n_lambda_;
  double n_tie_;
  Throttle* progress_;
  mutable int products_ = 0;
};

/// Jacobi preconditioner for NormalOperator (Eigen's DiagonalPreconditioner reads the
/// coefficients of a stored matrix, which the operator does not have).
class JacobiPreconditioner {
 public:
  JacobiPreconditioner() = default;
  template <class M>
  JacobiPreconditioner& analyzePattern(const M& /*m*/) { return *this; }
  template <class M>
  JacobiPreconditioner& factorize(const M& m) {
    inverse_ = m.diagonal().unaryExpr([](double d) { return d > 0.0 ? 1.0 / d : 1.0; });
    return *this;
  }
  template <class M>
  JacobiPreconditioner& compute(const M& m) { return factorize(m); }
  template <class Rhs>
  [[nodiscard]] Eigen::VectorXd solve(const Rhs& b) const { return inverse_.cwiseProduct(b); }
  [[nodiscard]] Eigen::ComputationInfo info() const { return Eigen::Success; }

 private:
  Eigen::VectorXd inverse_;
};

}  // namespace
}  // namespace arena::tune

namespace Eigen::internal {
template <class Rhs>
struct generic_product_impl<arena::tune::NormalOperator, Rhs, SparseShape, DenseShape,
                            GemvProduct>
    : generic_product_impl_base<arena::tune::NormalOperator, Rhs,
                                generic_product_impl<arena::tune::NormalOperator, Rhs>> {
  using Scalar = typename Product<arena::tune::NormalOperator, Rhs>::Scalar;
  template <class Dest>
  static void scaleAndAddTo(Dest& dst, const arena::tune::NormalOperator& lhs, const Rhs& rhs,
                            const Scalar& alpha) {
    // Iterative solvers only ever ask for alpha = 1.
    if (alpha == Scalar(1)) {
      lhs.apply(dst, rhs);
    } else {
      Eigen::VectorXd tmp = Eigen::VectorXd::Zero(dst.size());
      lhs.apply(tmp, rhs);
      dst += alpha * tmp;
    }
  }
};
}  // namespace Eigen::internal

namespace arena::tune {
namespace {

// ---- logistic loss -----------------------------------------------------------------------

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

/// log(1 + e^x) without overflow.
double softplus(double x) { return std::max(x, 0.0) + std::log1p(std::exp(-std::abs(x))); }

/// Loss of one row at z = eval / K.
double row_loss(double t, double z, LogisticLoss loss) {
  if (loss == LogisticLoss::Mse) {
    const double d = t - sigmoid(z);
    return d * d;
  }
  return t * softplus(-z) + (1.0 - t) * softplus(z);
}

/// First derivative of the row loss with respect to the eval, and a non-negative curvature
/// (exact for cross-entropy, Gauss-Newton for squared error).
struct RowDerivatives {
  double d1;
  double d2;
};

RowDerivatives row_derivatives(double t, double eval, double scale, LogisticLoss loss) {
  const double s = sigmoid(eval / scale);
  const double ds = s * (1.0 - s) / scale;  // d sigmoid(eval / K) / d eval
  if (loss == LogisticLoss::Mse) return {-2.0 * (t - s) * ds, 2.0 * ds * ds};
  return {(s - t) / scale, ds / scale};
}

/// Mean logistic loss of precomputed evaluations.
double mean_logistic(const FitProblem& pb, const std::vector<Eigen::VectorXd>& evals,
                     double scale, LogisticLoss loss) {
  const auto n = static_cast<double>(pb.rows());
  if (n == 0) return 0.0;
  return sum_over_phases(pb, [&](int p) {
           const auto& t = pb.phases[p].target;
           double acc = 0.0;
           for (Eigen::Index r = 0; r < t.size(); ++r) {
             acc += row_loss(t[r], evals[p][r] / scale, loss);
           }
           return acc;
         }) / n;
}

std::vector<Eigen::VectorXd> evaluate_all(const FitProblem& pb, const Weights& w) {
  std::vector<Eigen::VectorXd> out(pb.phases.size());
  tbb::parallel_for(0, num_phases(pb), [&](int p) { out[p] = evaluate(pb.phases[p], w.col(p)); });
  return out;
}

/// The logistic objective J and its pieces at w.
class LogisticObjective {
 public:
  LogisticObjective(const FitProblem& pb, const Weights& start, double scale,
                    const LogisticOptions& o)
      : pb_(pb), start_(start), scale_(scale), o_(o),
        c_(1.0 / (4.0 * scale * scale)), n_(static_cast<double>(pb.rows())) {}

  [[nodiscard]] double value(const Weights& w) const {
    return mean_logistic(pb_, evaluate_all(pb_, w), scale_, o_.loss) +
           c_ * penalty(w, start_, o_.reg);
  }

  /// J and its gradient at w (grad resized to w's shape).
  double gradient(const Weights& w, Weights& grad) const {
    grad = Weights::Zero(w.rows(), w.cols());
    const double loss = sum_over_phases(pb_, [&](int p) {
      const auto& ph = pb_.phases[p];
      const Eigen::VectorXd e = evaluate(ph, w.col(p));
      Eigen::VectorXd d1(e.size());
      double acc = 0.0;
      for (Eigen::Index r = 0; r < e.size(); ++r) {
        acc += row_loss(ph.target[r], e[r] / scale_, o_.loss);
        d1[r] = row_derivatives(ph.target[r], e[r], scale_, o_.loss).d1;
      }
      grad.col(p) = ph.features.transpose() * d1 / n_;
      return acc;
    });
    add_penalty_gradient(w, start_, o_.reg, c_, grad);
    return loss / n_ + c_ * penalty(w, start_, o_.reg);
  }

  /// The (Gauss-)Newton matrix at w, dense, index p*F + f.
  [[nodiscard]] Eigen::MatrixXd hessian(const Weights& w) const {
    const int f = pb_.num_features;
    const int pc = num_phases(pb_);
    Eigen::MatrixXd h = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(f) * pc,
                                              static_cast<Eigen::Index>(f) * pc);
    tbb::parallel_for(0, pc, [&](int p) {
      const auto& ph = pb_.phases[p];
      const Eigen::VectorXd e = evaluate(ph, w.col(p));
      Eigen::VectorXd d2(e.size());
      for (Eigen::Index r = 0; r < e.size(); ++r) {
        d2[r] = row_derivatives(ph.target[r], e[r], scale_, o_.loss).d2 / n_;
      }
      add_gram(ph.features, &d2, h.block(static_cast<Eigen::Index>(p) * f,
                                         static_cast<Eigen::Index>(p) * f, f, f));
    });
    add_penalty_hessian(f, pc, o_.reg, c_, h);
    return h;
  }

 private:
  const FitProblem& pb_;
  const Weights& start_;
  double scale_;
  const LogisticOptions& o_;
  double c_;
  double n_;
};

bool use_direct(Solver s, std::size_t weights, std::size_t limit) {
  return s == Solver::Direct || (s == Solver::Auto && weights <= limit);
}

std::string format_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

FitOutcome fit_logistic_newton(const FitProblem& pb, const Weights& start, double scale,
                               const LogisticOptions& o, Throttle& progress) {
  const LogisticObjective obj(pb, start, scale, o);
  FitOutcome out{start, 0, "newton"};
  Weights grad;
  double j = obj.gradient(out.weights, grad);
  const int max_steps = std::min(o.max_iterations, 100);
  for (int step = 1; step <= max_steps; ++step) {
    // Step 1. Newton direction from the dense (Gauss-)Newton matrix.
    const Eigen::VectorXd g = grad.reshaped();
    const Eigen::VectorXd delta = obj.hessian(out.weights).ldlt().solve(-g);
    // Step 2. Backtracking line search (Armijo condition), halving the step.
    double t = 1.0;
    Weights trial;
    double j_trial = j;
    bool accepted = false;
    for (int k = 0; k < 30 && !accepted; ++k, t *= 0.5) {
      trial = out.weights + t * delta.reshaped(out.weights.rows(), out.weights.cols());
      j_trial = obj.value(trial);
      accepted = j_trial <= j + 1e-4 * t * g.dot(delta);
    }
    out.iterations = step;
    if (!accepted) break;
    out.weights = trial;
    const double change = j - j_trial;
    j = obj.gradient(out.weights, grad);
    progress("logistic: newton step " + std::to_string(step) + ", objective " + format_double(j));
    if (change <= o.tolerance * std::abs(j)) break;
  }
  return out;
}

FitOutcome fit_logistic_adam(const FitProblem& pb, const Weights& start, double scale,
                             const LogisticOptions& o, Throttle& progress) {
  constexpr double kBeta1 = 0.9;
  constexpr double kBeta2 = 0.999;
  constexpr double kEpsilon = 1e-12;
  const LogisticObjective obj(pb, start, scale, o);
  FitOutcome out{start, 0, "adam"};
  Weights m = Weights::Zero(start.rows(), start.cols());
  Weights v = m;
  Weights grad;
  double b1 = 1.0;
  double b2 = 1.0;
  double j_earlier = std::numeric_limits<double>::infinity();
  for (int step = 1; step <= o.max_iterations; ++step) {
    const double j = obj.gradient(out.weights, grad);
    out.iterations = step;
    if (step % 10 == 0) {
      if (std::abs(j_earlier - j) <= o.tolerance * std::abs(j)) break;
      j_earlier = j;
    }
    m = kBeta1 * m + (1.0 - kBeta1) * grad;
    v = kBeta2 * v + (1.0 - kBeta2) * grad.cwiseProduct(grad);
    b1 *= kBeta1;
    b2 *= kBeta2;
    out.weights.array() -= o.learning_rate * (m.array() / (1.0 - b1)) /
                           ((v.array() / (1.0 - b2)).sqrt() + kEpsilon);
    progress("logistic: adam step " + std::to_string(step) + "/" +
             std::to_string(o.max_iterations) + ", objective " + format_double(j));
  }
  return out;
}

/// L-BFGS (Nocedal 1980; Liu & Nocedal 1989) from LBFGSpp, memory 6, backtracking Armijo line
/// search. Stops when J changes by less than o.tolerance (relative) over 10 iterations, when
/// the gradient norm falls below 1e-8 of its start, or after o.max_iterations. The best point
/// evaluated is kept, so a line search that gives up still returns an improvement.
FitOutcome fit_logistic_lbfgs(const FitProblem& pb, const Weights& start, double scale,
                              const LogisticOptions& o, Throttle& progress) {
  const LogisticObjective obj(pb, start, scale, o);
  FitOutcome out{start, 0, "lbfgs"};
  Weights w = start;
  Weights grad;
  double best = obj.gradient(w, grad);
  const double g0 = grad.norm();
  if (!(g0 > 0.0)) return out;
  int evaluations = 0;
  auto f = [&](const Eigen::VectorXd& x, Eigen::VectorXd& g) {
    w = x.reshaped(start.rows(), start.cols());
    const double j = obj.gradient(w, grad);
    g = grad.reshaped();
    ++evaluations;
    if (j < best) {
      best = j;
      out.weights = w;
    }
    progress("logistic: lbfgs evaluation " + std::to_string(evaluations) + ", objective " +
             format_double(best));
    return j;
  };
  LBFGSpp::LBFGSParam<double> param;
  param.epsilon = 1e-8 * g0;
  param.epsilon_rel = 0.0;
  param.past = 10;
  param.delta = o.tolerance;
  param.max_iterations = o.max_iterations;
  LBFGSpp::LBFGSSolver<double> solver(param);
  Eigen::VectorXd x = start.reshaped();
  double fx = 0.0;
  try {
    out.iterations = solver.minimize(f, x, fx);
  } catch (const std::runtime_error&) {
    // The line search found no Armijo step (at the precision limit): keep the best point.
    out.iterations = evaluations;
  }
  return out;
}

}  // namespace

std::size_t FitProblem::rows() const {
  std::size_t n = 0;
  for (const auto& p : phases) n += static_cast<std::size_t>(p.features.rows());
  return n;
}

std::size_t FitProblem::num_weights() const {
  return static_cast<std::size_t>(num_features) * phases.size();
}

Eigen::VectorXd evaluate(const PhaseData& phase, const Eigen::VectorXd& w) {
  return phase.features * w;
}

double squared_error(const FitProblem& problem, const Weights& w) {
  check_shapes(problem, w);
  const auto n = static_cast<double>(problem.rows());
  if (n == 0) return 0.0;
  return sum_over_phases(problem, [&](int p) {
           return (evaluate(problem.phases[p], w.col(p)) - problem.phases[p].target)
               .squaredNorm();
         }) / n;
}

double logistic_error(const FitProblem& problem, const Weights& w, double scale,
                      LogisticLoss loss) {
  check_shapes(problem, w);
  return mean_logistic(problem, evaluate_all(problem, w), scale, loss);
}

std::vector<double> squared_error_by_phase(const FitProblem& problem, const Weights& w) {
  check_shapes(problem, w);
  std::vector<double> out(problem.phases.size());
  for (int p = 0; p < num_phases(problem); ++p) {
    const auto& ph = problem.phases[p];
    out[p] = ph.target.size() == 0
                 ? std::nan("")
                 : (evaluate(ph, w.col(p)) - ph.target).squaredNorm() /
                       static_cast<double>(ph.target.size());
  }
  return out;
}

std::vector<double> logistic_error_by_phase(const FitProblem& problem, const Weights& w,
                                            double scale, LogisticLoss loss) {
  check_shapes(problem, w);
  std::vector<double> out(problem.phases.size());
  for (int p = 0; p < num_phases(problem); ++p) {
    const auto& ph = problem.phases[p];
    const Eigen::VectorXd e = evaluate(ph, w.col(p));
    double acc = 0.0;
    for (Eigen::Index r = 0; r < e.size(); ++r) acc += row_loss(ph.target[r], e[r] / scale, loss);
    out[p] = e.size() == 0 ? std::nan("") : acc / static_cast<double>(e.size());
  }
  return out;
}

FitOutcome fit_ridge(const FitProblem& problem, const Weights& start,
                     const RidgeOptions& options, const Progress& progress) {
  check_shapes(problem, start);
  if (options.reg.lambda < 0 || options.reg.tie < 0) {
    throw std::invalid_argument("lambda and tie must be >= 0");
  }
  Throttle throttle(progress);
  const int f = problem.num_features;
  const int pc = num_phases(problem);
  const auto n = static_cast<double>(std::max<std::size_t>(problem.rows(), 1));
  const double n_lambda = n * options.reg.lambda;
  const double n_tie = n * options.reg.tie;

  // Right-hand side X^T y + N lambda s, one block per phase.
  Eigen::VectorXd rhs(static_cast<Eigen::Index>(problem.num_weights()));
  tbb::parallel_for(0, pc, [&](int p) {
    const auto& ph = problem.phases[p];
    rhs.segment(static_cast<Eigen::Index>(p) * f, f) =
        ph.features.transpose() * ph.target + n_lambda * start.col(p);
  });

  FitOutcome out;
  if (use_direct(options.solver, problem.num_weights(), options.direct_limit)) {
    // Dense normal equations: block-diagonal Gram matrices plus the penalty, then LDLT.
    Eigen::MatrixXd h = Eigen::MatrixXd::Zero(rhs.size(), rhs.size());
    tbb::parallel_for(0, pc, [&](int p) {
      add_gram(problem.phases[p].features, nullptr,
               h.block(static_cast<Eigen::Index>(p) * f, static_cast<Eigen::Index>(p) * f, f, f));
    });
    add_penalty_hessian(f, pc, Regularization{n_lambda, n_tie}, 0.5, h);
    const Eigen::VectorXd w = h.ldlt().solve(rhs);
    out = {w.reshaped(f, pc), 0, "ldlt"};
  } else {
    NormalOperator a(problem, n_lambda, n_tie, throttle);
    Eigen::ConjugateGradient<NormalOperator, Eigen::Lower | Eigen::Upper, JacobiPreconditioner>
        cg;
    cg.setMaxIterations(options.max_iterations);
    cg.setTolerance(options.tolerance);
    cg.compute(a);
    const Eigen::VectorXd guess = start.reshaped();
    const Eigen::VectorXd w = cg.solveWithGuess(rhs, guess);
    out = {w.reshaped(f, pc), static_cast<int>(cg.iterations()), "cg"};
    throttle("ridge: conjugate gradient done after " + std::to_string(cg.iterations()) +
                 " iterations, relative residual " + format_double(cg.error()),
             true);
  }
  if (!out.weights.allFinite()) {
    throw std::runtime_error("ridge fit produced non-finite weights");
  }
  return out;
}

double fit_logistic_scale(const FitProblem& problem, const Weights& w, LogisticLoss loss,
                          double fallback) {
  check_shapes(problem, w);
  const auto evals = evaluate_all(problem, w);
  bool all_zero = true;
  for (const auto& e : evals) all_zero = all_zero && e.isZero(0.0);
  if (all_zero) return fallback;
  // Brent's method (parabolic steps with golden-section fallback; Brent 1973, "Algorithms for
  // Minimization without Derivatives", ch. 5) from Boost.Math on u = ln K over [0, ln 1e6]:
  // the loss is unimodal in K for fixed evaluations in practice (Texel tuning's usual
  // assumption). Half the mantissa is the precision a minimum can be located to.
  auto f = [&](double u) { return mean_logistic(problem, evals, std::exp(u), loss); };
  std::uintmax_t max_iterations = 200;
  const auto minimum = boost::math::tools::brent_find_minima(
      f, 0.0, std::log(1e6), std::numeric_limits<double>::digits / 2, max_iterations);
  return std::exp(minimum.first);
}

FitOutcome fit_logistic(const FitProblem& problem, const Weights& start, double scale,
                        const LogisticOptions& options, const Progress& progress) {
  check_shapes(problem, start);
  if (!(scale > 0)) throw std::invalid_argument("logistic scale must be > 0");
  if (options.reg.lambda < 0 || options.reg.tie < 0) {
    throw std::invalid_argument("lambda and tie must be >= 0");
  }
  for (const auto& ph : problem.phases) {
    if (ph.target.size() > 0 && (ph.target.minCoeff() < 0.0 || ph.target.maxCoeff() > 1.0)) {
      throw std::invalid_argument("logistic targets must lie in [0, 1]");
    }
  }
  Throttle throttle(progress);
  FitOutcome out = options.lbfgs ? fit_logistic_lbfgs(problem, start, scale, options, throttle)
                    : use_direct(options.solver, problem.num_weights(), options.direct_limit)
                        ? fit_logistic_newton(problem, start, scale, options, throttle)
                        : fit_logistic_adam(problem, start, scale, options, throttle);
  if (!out.weights.allFinite()) {
    throw std::runtime_error("logistic fit produced non-finite weights");
  }
  return out;
}

}  // namespace arena::tune
