#include "carvallo/integrators.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

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

// The step-size control shared by the embedded pairs: step() covers [t, t + h] with as many accepted
// internal steps as the error estimate allows. A pair supplies its stages (attempt) and says whether the
// derivative at the accepted point is already known (FSAL), so that g is never evaluated twice at a point.
class EmbeddedRungeKutta : public Integrator {
 public:
  explicit EmbeddedRungeKutta(const AdaptiveOptions& o) : opt_(o) {}

  void step(OdeSystem& sys, double t, double h, VectorXd& y) override {
    const double t_end = t + h;
    if (h_try_ <= 0.0) h_try_ = opt_.h_initial > 0.0 ? opt_.h_initial : h;
    bool have_k1 = false;  // the state may have been corrected since the last call: g at t is not known
    while (t < t_end) {
      double hs = std::min(h_try_, t_end - t);
      if (t_end - (t + hs) < 1e-12 * std::abs(t_end)) hs = t_end - t;  // do not leave a sliver
      if (!(t + hs > t))  // a step below the resolution of t would never end the loop
        throw SolverError(SolverError::Kind::NonConvergence,
                          std::string(name()) + " step " + format_for_message(hs) + " s is below the resolution of t = " +
                              format_for_message(t) + " s", t);
      if (!have_k1) eval(sys, t, y, k1_);
      have_k1 = true;
      attempt(sys, t, hs, y);
      // Scaled RMS norm of the error estimate (Hairer et al. Eq II.4.11).
      double err = 0.0;
      for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double sc = opt_.atol + opt_.rtol * std::max(std::abs(y[i]), std::abs(ynew_[i]));
        const double e = err_[i] / sc;
        err += e * e;
      }
      err = std::sqrt(err / static_cast<double>(std::max<Eigen::Index>(1, y.size())));
      if (!std::isfinite(err)) err = 1e10;
      // The estimate is O(h^q) with q = error_order(): aim at err = 1 with a safety factor of 0.9.
      const double factor =
          std::clamp(0.9 * std::pow(std::max(err, 1e-10), -1.0 / error_order()), 0.2, 5.0);
      if (err <= 1.0) {
        t += hs;
        y = ynew_;
        have_k1 = derivative_at_new_point(k1_);
        ++stats_.steps;
        // A step the caller cut short (to end on t + h) may only raise the next step: the error of a short
        // step says nothing against the longer one tried before.
        h_try_ = factor < 1.0 ? hs * factor : std::max(h_try_, hs * factor);
      } else {
        ++stats_.rejected;
        h_try_ = hs * std::min(1.0, factor);
        if (h_try_ < opt_.h_min)
          throw SolverError(SolverError::Kind::NonConvergence,
                            std::string(name()) + " step size fell below h_min = " + format_for_message(opt_.h_min) +
                                " s (error " + format_for_message(err) + ")",
                            t);
      }
    }
  }

  double next_step() const override { return h_try_; }

 protected:
  virtual const char* name() const = 0;
  /// Order q of the local error estimate (err ~ h^q), which sets the step-size exponent −1/q.
  virtual double error_order() const = 0;
  /// One step of size h from (t, y) with g(t, y) in k1_: fills ynew_ and the error estimate err_.
  virtual void attempt(OdeSystem& sys, double t, double h, const VectorXd& y) = 0;
  /// After an accepted step: writes g at the new point into k1 and returns true if the pair computed it
  /// (first same as last), else returns false and g is evaluated when needed.
  virtual bool derivative_at_new_point(VectorXd& k1) = 0;

  AdaptiveOptions opt_;
  VectorXd k1_, tmp_, ynew_, err_;
  double h_try_ = 0.0;
};

// Dormand & Prince (1980) RK5(4)7M coefficients (Hairer, Nørsett & Wanner, Solving ODEs I, Table 5.2).
class DormandPrince45 final : public EmbeddedRungeKutta {
 public:
  using EmbeddedRungeKutta::EmbeddedRungeKutta;
  IntegratorMethod method() const override { return IntegratorMethod::DormandPrince45; }
  int order() const override { return 5; }

 private:
  const char* name() const override { return "Dormand-Prince"; }
  double error_order() const override { return 5.0; }
  bool derivative_at_new_point(VectorXd& k1) override {
    k1.swap(k_[5]);  // FSAL: the last stage is g at the accepted point
    return true;
  }
  void attempt(OdeSystem& sys, double t, double h, const VectorXd& y) override {
    constexpr double a21 = 1.0 / 5;
    constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
    constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
    constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
    constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                     a65 = -5103.0 / 18656;
    constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
    constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                     e6 = 22.0 / 525, e7 = -1.0 / 40;
    // k_[0..5] are stages 2..7 (stage 1 is k1_).
    tmp_ = y + h * a21 * k1_;
    eval(sys, t + h / 5, tmp_, k_[0]);
    tmp_ = y + h * (a31 * k1_ + a32 * k_[0]);
    eval(sys, t + 3 * h / 10, tmp_, k_[1]);
    tmp_ = y + h * (a41 * k1_ + a42 * k_[0] + a43 * k_[1]);
    eval(sys, t + 4 * h / 5, tmp_, k_[2]);
    tmp_ = y + h * (a51 * k1_ + a52 * k_[0] + a53 * k_[1] + a54 * k_[2]);
    eval(sys, t + 8 * h / 9, tmp_, k_[3]);
    tmp_ = y + h * (a61 * k1_ + a62 * k_[0] + a63 * k_[1] + a64 * k_[2] + a65 * k_[3]);
    eval(sys, t + h, tmp_, k_[4]);
    ynew_ = y + h * (b1 * k1_ + b3 * k_[1] + b4 * k_[2] + b5 * k_[3] + b6 * k_[4]);
    eval(sys, t + h, ynew_, k_[5]);
    err_ = h * (e1 * k1_ + e3 * k_[1] + e4 * k_[2] + e5 * k_[3] + e6 * k_[4] + e7 * k_[5]);
  }

  std::array<VectorXd, 6> k_;
};

// Merson's 5-stage scheme (Merson 1957; Hairer et al. Solving ODEs I §II.4), 001's integrator:
//   k1 = g(t, y)                 k2 = g(t + h/3, y + h/3 k1)      k3 = g(t + h/3, y + h/6 (k1 + k2))
//   k4 = g(t + h/2, y + h/8 (k1 + 3 k3))                           k5 = g(t + h, y + h/2 (k1 − 3 k3 + 4 k4))
//   y1 = y + h/6 (k1 + 4 k4 + k5)                                  (order 4: the solution)
//   ŷ1 = y + h/10 (k1 + 3 k3 + 4 k4 + 2 k5)                       (order 3; order 5 on linear problems)
//   error estimate y1 − ŷ1 = h/30 (2 k1 − 9 k3 + 8 k4 − k5)
// Both variants advance with y1; the adaptive one controls h with the estimate. `g(t, y, dydt)` evaluates
// the system (the owner's counting eval); k1 = g(t, y) is given.
struct MersonStages {
  VectorXd k2, k3, k4, k5, tmp;

  template <class G>
  void step(G&& g, double t, double h, const VectorXd& y, const VectorXd& k1, VectorXd& y1, VectorXd* error) {
    tmp = y + (h / 3) * k1;
    g(t + h / 3, tmp, k2);
    tmp = y + (h / 6) * (k1 + k2);
    g(t + h / 3, tmp, k3);
    tmp = y + (h / 8) * (k1 + 3.0 * k3);
    g(t + h / 2, tmp, k4);
    tmp = y + (h / 2) * (k1 - 3.0 * k3 + 4.0 * k4);
    g(t + h, tmp, k5);
    y1 = y + (h / 6) * (k1 + 4.0 * k4 + k5);
    if (error) *error = (h / 30) * (2.0 * k1 - 9.0 * k3 + 8.0 * k4 - k5);
  }
};

// A fixed-step method made of a stage scheme with a step(g, t, h, y, k1, y1, error) member (MersonStages,
// ExtrapolationTableau): g(t, y), the stages, y ← y1.
template <class Stages>
class FixedStepScheme final : public Integrator {
 public:
  FixedStepScheme(IntegratorMethod method, int order, Stages stages)
      : method_(method), order_(order), stages_(std::move(stages)) {}
  IntegratorMethod method() const override { return method_; }
  int order() const override { return order_; }
  void step(OdeSystem& sys, double t, double h, VectorXd& y) override {
    eval(sys, t, y, k1_);
    stages_.step([&](double ts, const VectorXd& ys, VectorXd& dy) { eval(sys, ts, ys, dy); }, t, h, y, k1_, y1_,
                 nullptr);
    y.swap(y1_);
    ++stats_.steps;
  }

 private:
  IntegratorMethod method_;
  int order_;
  Stages stages_;
  VectorXd k1_, y1_;
};

class KuttaMersonAdaptive final : public EmbeddedRungeKutta {
 public:
  using EmbeddedRungeKutta::EmbeddedRungeKutta;
  IntegratorMethod method() const override { return IntegratorMethod::KuttaMersonAdaptive; }
  int order() const override { return 4; }

 private:
  const char* name() const override { return "Kutta-Merson"; }
  // ŷ1 is of order 3, so the estimate y1 − ŷ1 is O(h⁴) in general (Hairer et al. §II.4): the step-size
  // exponent is −1/4. On smooth problems the estimate overstates the error of y1 (order 4, local error
  // O(h⁵)), which only makes the steps smaller than needed.
  double error_order() const override { return 4.0; }
  bool derivative_at_new_point(VectorXd&) override { return false; }
  void attempt(OdeSystem& sys, double t, double h, const VectorXd& y) override {
    stages_.step([&](double ts, const VectorXd& ys, VectorXd& dy) { eval(sys, ts, ys, dy); }, t, h, y, k1_, ynew_,
                 &err_);
  }

  MersonStages stages_;
};

// Gragg–Bulirsch–Stoer extrapolation of order 2k (Hairer et al. §II.9): the modified midpoint rule with
// n_j = 2j substeps (the sequence 2, 4, 6, ...),
//   z₀ = y,  z₁ = z₀ + (h/n) g(t, z₀),  z_{i+1} = z_{i−1} + 2 (h/n) g(t + i h/n, z_i),  i = 1 .. n − 1,
// whose error has an expansion in even powers of h/n for even n (Gragg 1965), so that extrapolating
// T_{j,1} = z_n to h → 0 by the Aitken–Neville scheme in h² (Bulirsch & Stoer 1966; Hairer et al. §II.9),
//   T_{j,m+1} = T_{j,m} + (T_{j,m} − T_{j−1,m}) / ((n_j / n_{j−m})² − 1),
// gives T_{k,k} of order 2k, and T_{k,k} − T_{k,k−1} estimates the error of T_{k,k−1} (order 2k − 2), a
// cautious estimate for T_{k,k}. g(t, y) = k1 is shared by the k midpoint sequences: 1 + k² evaluations
// per step. No smoothing step. `g(t, y, dydt)` evaluates the system (the owner's counting eval).
struct ExtrapolationTableau {
  explicit ExtrapolationTableau(int columns)
      : k(columns), previous(static_cast<std::size_t>(columns)), current(static_cast<std::size_t>(columns)) {}
  int k;
  std::vector<VectorXd> previous, current;
  VectorXd g, z0, z1;

  template <class G>
  void step(G&& eval, double t, double h, const VectorXd& y, const VectorXd& k1, VectorXd& y1, VectorXd* error) {
    for (int j = 1; j <= k; ++j) {
      const int n = 2 * j;
      const double hs = h / n;
      z0 = y;
      z1 = y + hs * k1;
      for (int i = 1; i < n; ++i) {
        eval(t + i * hs, z1, g);
        z0 += (2.0 * hs) * g;  // z_{i+1} = z_{i−1} + 2 hs g(z_i), written over z_{i−1}
        z0.swap(z1);
      }
      // Row j of the tableau from row j − 1 (previous[m] = T_{j−1,m+1}): current[m] = T_{j,m+1}.
      current[0].swap(z1);
      for (int m = 1; m < j; ++m) {
        const double ratio = static_cast<double>(j) / (j - m);  // n_j / n_{j−m}
        const auto um = static_cast<std::size_t>(m);
        current[um] = current[um - 1] + (current[um - 1] - previous[um - 1]) / (ratio * ratio - 1.0);
      }
      previous.swap(current);
    }
    const auto last = static_cast<std::size_t>(k - 1);
    y1 = previous[last];
    if (error) *error = previous[last] - previous[last - 1];
  }
};

// The same with T_{4,4} − T_{4,3} controlling the step like DormandPrince45 (rtol, atol): 17 evaluations
// per accepted or rejected internal step.
class GraggBulirschStoerAdaptive final : public EmbeddedRungeKutta {
 public:
  using EmbeddedRungeKutta::EmbeddedRungeKutta;
  IntegratorMethod method() const override { return IntegratorMethod::Extrapolation8Adaptive; }
  int order() const override { return 2 * tableau_.k; }

 private:
  const char* name() const override { return "Gragg-Bulirsch-Stoer"; }
  // The estimate is the local error of T_{4,3}, of order 6 in h (7 locally).
  double error_order() const override { return 2.0 * tableau_.k - 1.0; }
  bool derivative_at_new_point(VectorXd&) override { return false; }
  void attempt(OdeSystem& sys, double t, double h, const VectorXd& y) override {
    tableau_.step([&](double ts, const VectorXd& ys, VectorXd& dy) { eval(sys, ts, ys, dy); }, t, h, y, k1_, ynew_,
                  &err_);
  }

  ExtrapolationTableau tableau_{4};
};

}  // namespace

const char* to_string(IntegratorMethod m) {
  switch (m) {
    case IntegratorMethod::AdamsBashforth4: return "ab4";
    case IntegratorMethod::RungeKutta4: return "rk4";
    case IntegratorMethod::DormandPrince45: return "dopri5";
    case IntegratorMethod::KuttaMerson: return "kutta-merson";
    case IntegratorMethod::KuttaMersonAdaptive: return "kutta-merson-adaptive";
    case IntegratorMethod::Extrapolation8: return "gbs8";
    case IntegratorMethod::Extrapolation8Adaptive: return "gbs8-adaptive";
  }
  return "?";
}

bool is_adaptive(IntegratorMethod m) {
  return m == IntegratorMethod::DormandPrince45 || m == IntegratorMethod::KuttaMersonAdaptive ||
         m == IntegratorMethod::Extrapolation8Adaptive;
}

IntegratorMethod parse_integrator_method(const std::string& name) {
  std::string names;
  for (const auto m : kIntegratorMethods) {
    if (name == to_string(m)) return m;
    names.append(names.empty() ? "" : ", ").append(to_string(m));
  }
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown integrator '" + name + "' (" + names + ")", 0.0);
}

std::unique_ptr<Integrator> make_integrator(IntegratorMethod method, const AdaptiveOptions& options) {
  switch (method) {
    case IntegratorMethod::AdamsBashforth4: return std::make_unique<AdamsBashforth4>();
    case IntegratorMethod::RungeKutta4: return std::make_unique<RungeKutta4>();
    case IntegratorMethod::DormandPrince45: return std::make_unique<DormandPrince45>(options);
    case IntegratorMethod::KuttaMerson: return std::make_unique<FixedStepScheme<MersonStages>>(method, 4, MersonStages{});
    case IntegratorMethod::KuttaMersonAdaptive: return std::make_unique<KuttaMersonAdaptive>(options);
    // Each step independent of the last: a correction between steps needs no restart.
    case IntegratorMethod::Extrapolation8:
      return std::make_unique<FixedStepScheme<ExtrapolationTableau>>(method, 8, ExtrapolationTableau(4));
    case IntegratorMethod::Extrapolation8Adaptive: return std::make_unique<GraggBulirschStoerAdaptive>(options);
  }
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown integrator", 0.0);
}

}  // namespace carvallo
