#include "carvallo/integrators.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo {

namespace {

using Eigen::VectorXd;

class RungeKutta4 final : public Integrator {
 public:
  IntegratorMethod method() const override { return IntegratorMethod::RungeKutta4; }
  int order() const override { return 4; }
  void step(OdeSystem& sys, double t, double h, VectorXd& y) override {
    eval(sys, t, y, k1_);
    rk4_after_k1(sys, t, h, y);
  }
  /// RK4 step with k1 = g(t, y) already in k1_ (used by the AB4 start-up).
  void rk4_after_k1(OdeSystem& sys, double t, double h, VectorXd& y) {
    tmp_ = y + 0.5 * h * k1_;
    eval(sys, t + 0.5 * h, tmp_, k2_);
    tmp_ = y + 0.5 * h * k2_;
    eval(sys, t + 0.5 * h, tmp_, k3_);
    tmp_ = y + h * k3_;
    eval(sys, t + h, tmp_, k4_);
    y += (h / 6.0) * (k1_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
    ++stats_.steps;
  }
  VectorXd k1_, k2_, k3_, k4_, tmp_;
};

// 000 Eq 42: Y_{n+4} = Y_{n+3} + Δt/24 (55 g_{n+3} − 59 g_{n+2} + 37 g_{n+1} − 9 g_n).
class AdamsBashforth4 final : public Integrator {
 public:
  IntegratorMethod method() const override { return IntegratorMethod::AdamsBashforth4; }
  int order() const override { return 4; }
  void restart() override { count_ = 0; }
  void step(OdeSystem& sys, double t, double h, VectorXd& y) override {
    if (count_ > 0 && h != h_) count_ = 0;  // equal spacing is required: restart on a new step size
    if (count_ == 0) ++stats_.restarts;
    h_ = h;
    // g at the current point goes into the ring buffer (newest at head_).
    head_ = (head_ + 1) % 4;
    eval(sys, t, y, g_[static_cast<std::size_t>(head_)]);
    if (count_ < 3) {
      // Start-up: classical RK4, reusing the evaluation just made as its k1.
      rk_.k1_ = g_[static_cast<std::size_t>(head_)];
      const long before = rk_.stats().evaluations;
      rk_.rk4_after_k1(sys, t, h, y);
      stats_.evaluations += rk_.stats().evaluations - before;
      ++count_;
      ++stats_.steps;
      return;
    }
    const VectorXd& g3 = g_[static_cast<std::size_t>(head_)];
    const VectorXd& g2 = g_[static_cast<std::size_t>((head_ + 3) % 4)];
    const VectorXd& g1 = g_[static_cast<std::size_t>((head_ + 2) % 4)];
    const VectorXd& g0 = g_[static_cast<std::size_t>((head_ + 1) % 4)];
    y += (h / 24.0) * (55.0 * g3 - 59.0 * g2 + 37.0 * g1 - 9.0 * g0);
    ++stats_.steps;
  }

 private:
  RungeKutta4 rk_;
  std::array<VectorXd, 4> g_;
  int head_ = 0;
  int count_ = 0;  // number of consecutive equally spaced past points available
  double h_ = 0.0;
};

// Dormand & Prince (1980) RK5(4)7M coefficients (Hairer, Nørsett & Wanner, Solving ODEs I, Table 5.2).
class DormandPrince45 final : public Integrator {
 public:
  explicit DormandPrince45(const AdaptiveOptions& o) : opt_(o) {}
  IntegratorMethod method() const override { return IntegratorMethod::DormandPrince45; }
  int order() const override { return 5; }
  void restart() override { h_try_ = 0.0; }

  void step(OdeSystem& sys, double t, double h, VectorXd& y) override {
    const double t_end = t + h;
    if (h_try_ <= 0.0) h_try_ = opt_.h_initial > 0.0 ? opt_.h_initial : h;
    eval(sys, t, y, k_[0]);
    while (t < t_end) {
      double hs = std::min(h_try_, t_end - t);
      if (t_end - (t + hs) < 1e-12 * std::abs(t_end)) hs = t_end - t;  // do not leave a sliver
      if (!(t + hs > t))  // a step below the resolution of t would never end the loop
        throw SolverError(SolverError::Kind::NonConvergence,
                          "Dormand-Prince step " + format_number(hs) + " s is below the resolution of t = " +
                              format_number(t) + " s", t);
      stage(sys, t, hs, y);
      // Scaled RMS norm of the error estimate (Hairer et al. Eq II.4.11).
      double err = 0.0;
      for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double sc = opt_.atol + opt_.rtol * std::max(std::abs(y[i]), std::abs(ynew_[i]));
        const double e = err_[i] / sc;
        err += e * e;
      }
      err = std::sqrt(err / static_cast<double>(std::max<Eigen::Index>(1, y.size())));
      if (!std::isfinite(err)) err = 1e10;
      const double factor = std::clamp(0.9 * std::pow(std::max(err, 1e-10), -0.2), 0.2, 5.0);
      if (err <= 1.0) {
        t += hs;
        y = ynew_;
        k_[0] = k_[6];  // FSAL: g at the new point
        ++stats_.steps;
        // Keep the caller's step as a cap so that the next call starts sensibly.
        if (hs == h_try_ || factor < 1.0) h_try_ = hs * factor;
      } else {
        ++stats_.rejected;
        h_try_ = hs * std::min(1.0, factor);
        if (h_try_ < opt_.h_min)
          throw SolverError(SolverError::Kind::NonConvergence,
                            "Dormand-Prince step size fell below h_min = " + format_number(opt_.h_min) +
                                " s (error " + format_number(err) + ")",
                            t);
      }
    }
  }

 private:
  void stage(OdeSystem& sys, double t, double h, const VectorXd& y) {
    constexpr double a21 = 1.0 / 5;
    constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
    constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
    constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
    constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                     a65 = -5103.0 / 18656;
    constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
    constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                     e6 = 22.0 / 525, e7 = -1.0 / 40;
    tmp_ = y + h * a21 * k_[0];
    eval(sys, t + h / 5, tmp_, k_[1]);
    tmp_ = y + h * (a31 * k_[0] + a32 * k_[1]);
    eval(sys, t + 3 * h / 10, tmp_, k_[2]);
    tmp_ = y + h * (a41 * k_[0] + a42 * k_[1] + a43 * k_[2]);
    eval(sys, t + 4 * h / 5, tmp_, k_[3]);
    tmp_ = y + h * (a51 * k_[0] + a52 * k_[1] + a53 * k_[2] + a54 * k_[3]);
    eval(sys, t + 8 * h / 9, tmp_, k_[4]);
    tmp_ = y + h * (a61 * k_[0] + a62 * k_[1] + a63 * k_[2] + a64 * k_[3] + a65 * k_[4]);
    eval(sys, t + h, tmp_, k_[5]);
    ynew_ = y + h * (b1 * k_[0] + b3 * k_[2] + b4 * k_[3] + b5 * k_[4] + b6 * k_[5]);
    eval(sys, t + h, ynew_, k_[6]);
    err_ = h * (e1 * k_[0] + e3 * k_[2] + e4 * k_[3] + e5 * k_[4] + e6 * k_[5] + e7 * k_[6]);
  }

  AdaptiveOptions opt_;
  std::array<VectorXd, 7> k_;
  VectorXd tmp_, ynew_, err_;
  double h_try_ = 0.0;
};

}  // namespace

const char* to_string(IntegratorMethod m) {
  switch (m) {
    case IntegratorMethod::AdamsBashforth4: return "ab4";
    case IntegratorMethod::RungeKutta4: return "rk4";
    case IntegratorMethod::DormandPrince45: return "dopri5";
  }
  return "?";
}

IntegratorMethod parse_integrator_method(const std::string& name) {
  if (name == "ab4") return IntegratorMethod::AdamsBashforth4;
  if (name == "rk4") return IntegratorMethod::RungeKutta4;
  if (name == "dopri5") return IntegratorMethod::DormandPrince45;
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown integrator '" + name + "' (ab4, rk4, dopri5)", 0.0);
}

std::unique_ptr<Integrator> make_integrator(IntegratorMethod method, const AdaptiveOptions& options) {
  switch (method) {
    case IntegratorMethod::AdamsBashforth4: return std::make_unique<AdamsBashforth4>();
    case IntegratorMethod::RungeKutta4: return std::make_unique<RungeKutta4>();
    case IntegratorMethod::DormandPrince45: return std::make_unique<DormandPrince45>(options);
  }
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown integrator", 0.0);
}

}  // namespace carvallo
