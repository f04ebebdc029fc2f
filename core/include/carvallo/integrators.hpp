#pragma once
// Explicit integrators for first-order systems y' = g(t, y) (000 Eqs 39-41 with y = [q; q̇]).
// They know nothing about multibody systems: the Simulation hands them an OdeSystem whose g solves
// the acceleration analysis. Each counts its evaluations of g.
//
//  * AdamsBashforth4 (000 Eq 42): one evaluation per step once running. Its start-up and every restart
//    take three classical RK4 steps to rebuild the history. It restarts by itself when the step size
//    changes; call restart() whenever the state is changed from outside (a correction step, a user edit).
//  * RungeKutta4: classical fourth-order Runge–Kutta, 4 evaluations per step.
//  * DormandPrince45: embedded Runge–Kutta 5(4) with local error control (rtol, atol); step() covers
//    [t, t + h] with as many accepted internal steps as the tolerance needs (FSAL within one call).
//  * KuttaMerson: Merson's five-stage fourth-order Runge–Kutta scheme (001's integrator), 5 evaluations
//    per step, fixed step.
//  * KuttaMersonAdaptive: the same scheme with Merson's embedded third-order estimate controlling the
//    step like DormandPrince45 (rtol, atol); 5 evaluations per accepted and 4 per rejected internal step.
//  * Extrapolation8: Gragg–Bulirsch–Stoer extrapolation of the modified midpoint rule (Hairer et al. §II.9),
//    four columns (2, 4, 6, 8 substeps), order 8, 17 evaluations per step, fixed step. For smooth motions at
//    tight accuracy, where its steps can be ten times RK4's for the same error.
//  * Extrapolation8Adaptive: the same with T₄₄ − T₄₃ controlling the step like DormandPrince45 (rtol,
//    atol); 17 evaluations per accepted or rejected internal step.

#include "carvallo/errors.hpp"

#include <Eigen/Core>

#include <array>
#include <memory>
#include <string>

namespace carvallo {

class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  /// dydt = g(t, y). Must not return non-finite values (throw SolverError instead).
  virtual void rhs(double t, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) = 0;
};

enum class IntegratorMethod { AdamsBashforth4, RungeKutta4, DormandPrince45, KuttaMerson, KuttaMersonAdaptive, Extrapolation8,
                              Extrapolation8Adaptive };
/// Every method, in the order user interfaces list them (the one source of the names: to_string of each).
inline constexpr IntegratorMethod kIntegratorMethods[] = {IntegratorMethod::AdamsBashforth4, IntegratorMethod::RungeKutta4,
                                                          IntegratorMethod::DormandPrince45, IntegratorMethod::KuttaMerson,
                                                          IntegratorMethod::KuttaMersonAdaptive, IntegratorMethod::Extrapolation8,
                                                          IntegratorMethod::Extrapolation8Adaptive};

/// The method's name: "ab4", "rk4", "dopri5", "kutta-merson", "kutta-merson-adaptive", "gbs8",
/// "gbs8-adaptive" ("?" for a value
/// outside the enum). Never throws.
const char* to_string(IntegratorMethod m);
/// The method named by to_string; throws SolverError(InvalidArgument) listing the names otherwise.
IntegratorMethod parse_integrator_method(const std::string& name);
/// Whether the method chooses its own internal steps by an error estimate (AdaptiveOptions' rtol, atol):
/// dopri5, kutta-merson-adaptive, gbs8-adaptive. Never throws.
bool is_adaptive(IntegratorMethod m);

struct AdaptiveOptions {
  double rtol = 1e-10;        ///< relative tolerance of the local error (the adaptive methods)
  double atol = 1e-12;        ///< absolute tolerance
  double h_min = 1e-12;       ///< smallest internal step before giving up [s]
  double h_initial = 0.0;     ///< first internal step; 0 = the step requested by the caller
};

struct IntegratorStats {
  long evaluations = 0;       ///< calls of g
  long steps = 0;             ///< accepted (internal) steps
  long rejected = 0;          ///< rejected internal steps (the adaptive methods)
  long restarts = 0;          ///< history rebuilds (AdamsBashforth4), including the start-up
};

class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual IntegratorMethod method() const = 0;
  /// Order of accuracy of the method (global error O(h^order)).
  virtual int order() const = 0;
  /// Advances y from t to t + h (h > 0). Throws what system.rhs throws; DormandPrince45 and
  /// KuttaMersonAdaptive throw SolverError(NonConvergence) when their internal step falls below h_min or
  /// the resolution of t (RungeKutta4, AdamsBashforth4 and KuttaMerson throw nothing else). The other
  /// members never throw.
  virtual void step(OdeSystem& system, double t, double h, Eigen::VectorXd& y) = 0;
  /// Forgets any history (multistep methods) and cached derivatives. The adaptive methods keep their next
  /// step size: it describes how fast the motion changes, which a correction or a nearby state does not
  /// change, and a step too large for a new state is rejected and shrunk by the error control.
  virtual void restart() {}
  /// The internal step the adaptive methods try next [s]: the error control's choice after the last accepted
  /// or rejected step, so a caller free to choose its steps can take one of this size (the playground does,
  /// web/logic/model_view.hpp). 0 for the fixed-step methods and before the first step. Never throws.
  virtual double next_step() const { return 0.0; }
  const IntegratorStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }

 protected:
  void eval(OdeSystem& system, double t, const Eigen::VectorXd& y, Eigen::VectorXd& dy) {
    ++stats_.evaluations;
    system.rhs(t, y, dy);
  }
  IntegratorStats stats_;
};

/// Throws SolverError(InvalidArgument) for a value outside the enum.
std::unique_ptr<Integrator> make_integrator(IntegratorMethod method, const AdaptiveOptions& options = {});

}  // namespace carvallo
