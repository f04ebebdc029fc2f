#pragma once
// The Appell–Hamel mechanism of 001 Example 1 (registered as "appell-hamel").
#include "registry.hpp"

#include "carvallo/blocks/point_mass.hpp"
#include "carvallo/lagrange.hpp"
#include "carvallo/model.hpp"

namespace carvallo::examples::mechanisms {

/// Coordinates q = (θ, φ, x, y, z) of 001 (Fig. 1): θ the heading of the wheel plane, φ its rolling angle,
/// (x, y, z) the weight P. The wheel centre o is at (x − ρ cos θ, y − ρ sin θ, a) (integrating 001 Eqs
/// 53-54). Kinetic energy: wheel translation ½M|ȯ|², wheel rotation ½I(θ̇² + φ̇²) (equal axial and polar
/// moments, 001), particle ½m|Ṗ|² — the terms of Eq 103; the mass matrix (Eq 99) and the quadratic-velocity
/// vector (Eq 100) follow by AD. Thread: z + bφ − z0 = 0 (Eq 59). Rolling without slip:
///   nonlinear = true:  Eq 57 (|ȯ|² − a²φ̇² = 0, nonlinear in the velocities) and Eq 58;
///   nonlinear = false: the linear pair Eqs 101-102.
struct AppellHamel {
  double a = 1.0, b = 0.5, rho = 5.0, m = 1.0, M = 5.0, z0 = 30.0, g = 9.81;  // 001 after Eq 100 (g assumed 9.81)
  double I = 2.5;  ///< wheel moment of inertia [kg m²]: not given in 001; M a²/2 assumed (see appell_hamel.cpp)
  bool nonlinear = true;

  Layout layout() const {
    if (nonlinear) return {"appell-hamel", {"theta", "phi", "x", "y", "z"}, {"thread"}, {"rolling (Eq 57)", "no side slip (Eq 58)"}};
    return {"appell-hamel", {"theta", "phi", "x", "y", "z"}, {"thread"}, {"rolling x (Eq 101)", "rolling y (Eq 102)"}};
  }
  template <class T> Eigen::Matrix<T, 3, 1> wheel_centre(const Vec<T>& q) const {
    return {q[2] - rho * cos(q[0]), q[3] - rho * sin(q[0]), T(a)};
  }
  template <class T> Eigen::Matrix<T, 3, 1> weight_position(const Vec<T>& q) const { return {q[2], q[3], q[4]}; }

  template <class S> void mass(const Vec<S>& q, const S& t, Mat<S>& Mm) const {
    blocks::add_point_mass<3>(q, t, M, [&](const auto& qq, const auto&) { return wheel_centre(qq); }, Mm);
    blocks::add_point_mass<3>(q, t, m, [&](const auto& qq, const auto&) { return weight_position(qq); }, Mm);
    Mm(0, 0) += S(I);
    Mm(1, 1) += S(I);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const {
    const Eigen::Matrix<S, 3, 1> weight(S(0.0), S(0.0), S(-m * g));
    blocks::add_point_force<3>(q, t, weight, [&](const auto& qq, const auto&) { return weight_position(qq); }, Q);
    add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[4] + b * q[1] - z0;  // Eq 59
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    const S s = sin(q[0]), c = cos(q[0]);
    if (nonlinear) {
      const S xo = qd[2] + rho * qd[0] * s, yo = qd[3] - rho * qd[0] * c;
      D[0] = xo * xo + yo * yo - a * a * qd[1] * qd[1];  // Eq 57
      D[1] = qd[2] * s - qd[3] * c + rho * qd[0];        // Eq 58
    } else {
      D[0] = a * qd[1] * c - qd[2] - rho * qd[0] * s;    // Eq 101
      D[1] = a * qd[1] * s - qd[3] + rho * qd[0] * c;    // Eq 102
    }
  }
  /// Potential of Eq 103: wheel centre at height a, weight at z (datum: the x–y plane).
  template <class S> S potential_energy(const Vec<S>& q, const S&) const { return M * g * a + m * g * q[4]; }
};

/// Its initial conditions: the wheel's heading and rolling rates (θ̇, φ̇), 001's 1 rad/s each by default.
std::vector<Quantity> appell_hamel_settings();
/// Variants "nonlinear" (Eqs 57-58) and "linear" (Eqs 101-102); settings appell_hamel_settings().
/// Throws SolverError(InvalidArgument) for an unknown variant, a parameter table or a setting out of range.
ModelInstance make_appell_hamel(const ModelSetup& setup);

}  // namespace carvallo::examples::mechanisms

// Model(AppellHamel) is compiled once, in appell_hamel.cpp, not again in each file that builds one.
extern template class carvallo::detail::ModelImpl<carvallo::examples::mechanisms::AppellHamel>;
