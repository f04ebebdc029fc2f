#pragma once
// Mechanisms for the stability tests, each written in redundant coordinates with the engine's model
// definition concept (docs/engine.md). Only kinematics and energies are written here; every derivative
// (Jacobians, quadratic-velocity terms, linearization terms) comes from the engine's AD.

#include "carvallo/lagrange.hpp"
#include "carvallo/model.hpp"

#include <string>
#include <vector>

namespace carvallo::test_models {

/// n equal masses m on a straight rail joined by springs k. Coordinates: x_i (along the rail, from
/// the equilibrium position), y_i (across the rail, held at 0 by holonomic constraints), and the
/// elongation e_j of every spring (massless, held equal to the difference of the end positions).
/// fixed = true: springs to walls at both ends (n + 1 springs); false: a free chain (n − 1 springs).
struct SpringChain {
  int n = 3;
  double m = 2.0, k = 5.0;
  bool fixed = true;

  int springs() const { return fixed ? n + 1 : n - 1; }
  static std::string numbered(const char* prefix, int i) {
    std::string out(prefix);
    out += std::to_string(i);  // (operator+ on a literal trips GCC 12's -Wrestrict false positive)
    return out;
  }
  Layout layout() const {
    Layout l{fixed ? "fixed spring chain" : "free spring chain", {}, {}, {}};
    for (int i = 0; i < n; ++i) l.coordinates.push_back(numbered("x", i + 1));
    for (int i = 0; i < n; ++i) l.coordinates.push_back(numbered("y", i + 1));
    for (int j = 0; j < springs(); ++j) l.coordinates.push_back(numbered("e", j + 1));
    for (int i = 0; i < n; ++i) l.holonomic.push_back(numbered("rail y", i + 1));
    for (int j = 0; j < springs(); ++j) l.holonomic.push_back(numbered("spring ", j + 1));
    return l;
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    for (int i = 0; i < 2 * n; ++i) M(i, i) = S(m);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>&, const S&, Vec<S>& Q) const {
    for (int j = 0; j < springs(); ++j) Q[2 * n + j] = -k * q[2 * n + j];
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    for (int i = 0; i < n; ++i) C[i] = q[n + i];
    auto x = [&](int i) { return (i < 1 || i > n) ? S(0.0) : S(q[i - 1]); };  // walls at x_0 = x_{n+1} = 0
    for (int j = 0; j < springs(); ++j) {
      const int left = fixed ? j : j + 1;  // spring j joins masses left and left + 1 (1-based)
      C[n + j] = q[2 * n + j] - (x(left + 1) - x(left));
    }
  }
};

/// A point mass m on a massless rod of length L in Cartesian coordinates (x, y), y up, gravity −g ŷ.
struct CartesianPendulum {
  double m = 1.5, L = 0.8, g = 9.81;
  Layout layout() const { return {"cartesian pendulum", {"x", "y"}, {"rod"}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const { Q[1] = S(-m * g); }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[0] * q[0] + q[1] * q[1] - L * L;
  }
};

// ---- the rolling disk ------------------------------------------------------------------------------
// A thin disk (radius r, mass m, inertia I_a about its axle, I_d about a diameter) rolling without
// slipping on the horizontal plane z = 0, z up, gravity −g ẑ. Centre G at (x, y, z). F is the disk's
// "Resal" frame: it leans and yaws with the disk but does not spin; its x axis is horizontal (the line of
// travel), its y axis is the axle. The disk turns relative to F by the spin angle θ about the axle, so
// its angular velocity in F is ω_F + θ̇ ŷ and, by axisymmetry, its inertia in F is diag(I_d, I_a, I_d)
// whatever θ: θ is cyclic, as the analysis of a steady motion requires. The contact point is
// P = G − r F ẑ; rolling: the material point at P has zero velocity, v_G + ω × (P − G) = 0.

template <class S> using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S> using Mat3 = Eigen::Matrix<S, 3, 3>;

/// Rolling constraints and energy terms shared by both coordinate sets, given F, the angular velocity of
/// the disk expressed in F, and the centre velocity.
struct DiskCommon {
  double m = 1.2, r = 0.3, g = 9.81;
  double Ia() const { return 0.5 * m * r * r; }   // uniform disk
  double Id() const { return 0.25 * m * r * r; }

  template <class S> static Vec3<S> cross(const Vec3<S>& a, const Vec3<S>& b) {
    return Vec3<S>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
  }
  /// Horizontal velocity of the material contact point (the two nonholonomic constraints).
  template <class S>
  void rolling(const Mat3<S>& F, const Vec3<S>& omega_in_F, const Vec3<S>& vG, Vec<S>& D, int row) const {
    const Vec3<S> rGP = F.col(2) * S(-r);
    const Vec3<S> vP = vG + cross<S>(F * omega_in_F, rGP);
    D[row] = vP[0];
    D[row + 1] = vP[1];
  }
};

/// Coordinates q = [x, y, z, ψ (yaw), φ (lean), θ (spin)], F = R_z(ψ) R_x(φ): Euler angles, spin last.
struct RollingDiskEuler : DiskCommon {
  Layout layout() const {
    return {"rolling disk (Euler angles)", {"x", "y", "z", "yaw", "lean", "spin"}, {"contact height"},
            {"rolling x", "rolling y"}};
  }
  /// ω_disk in F = W(φ) [ψ̇, φ̇, θ̇]: R_xᵀ ψ̇ ẑ + φ̇ x̂ + θ̇ ŷ.
  template <class S> Mat3<S> W(const Vec<S>& q) const {
    Mat3<S> w = Mat3<S>::Zero();
    w(0, 1) = S(1.0);
    w(1, 0) = sin(q[4]);
    w(1, 2) = S(1.0);
    w(2, 0) = cos(q[4]);
    return w;
  }
  template <class S> Mat3<S> F(const Vec<S>& q) const {
    const S cy = cos(q[3]), sy = sin(q[3]), cl = cos(q[4]), sl = sin(q[4]);
    Mat3<S> Rz, Rx;
    Rz << cy, -sy, S(0.0), sy, cy, S(0.0), S(0.0), S(0.0), S(1.0);
    Rx << S(1.0), S(0.0), S(0.0), S(0.0), cl, -sl, S(0.0), sl, cl;
    return Rz * Rx;
  }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    for (int i = 0; i < 3; ++i) M(i, i) = S(m);
    const Mat3<S> w = W(q);
    const Vec3<S> I{S(Id()), S(Ia()), S(Id())};
    M.template block<3, 3>(3, 3) = w.transpose() * I.asDiagonal() * w;
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const {
    Q[2] = S(-m * g);
    add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[2] - r * F(q)(2, 2);
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    const Vec3<S> rates(qd[3], qd[4], qd[5]);
    rolling<S>(F(q), W(q) * rates, Vec3<S>(qd[0], qd[1], qd[2]), D, 0);
  }
};

/// Quaternion e = (e0, e1, e2, e3) helpers: rotation matrix and the body angular velocity ω = 2 Ḡ(e) ė.
template <class S> Mat3<S> quaternion_rotation(const S& e0, const S& e1, const S& e2, const S& e3) {
  Mat3<S> R;
  R << e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3, 2.0 * (e1 * e2 - e0 * e3), 2.0 * (e1 * e3 + e0 * e2),
      2.0 * (e1 * e2 + e0 * e3), e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3, 2.0 * (e2 * e3 - e0 * e1),
      2.0 * (e1 * e3 - e0 * e2), 2.0 * (e2 * e3 + e0 * e1), e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3;
  return R;
}
template <class S> Eigen::Matrix<S, 3, 4> quaternion_Gbar(const S& e0, const S& e1, const S& e2, const S& e3) {
  Eigen::Matrix<S, 3, 4> G;
  G << -e1, e0, e3, -e2, -e2, -e3, e0, e1, -e3, e2, -e1, e0;
  return G;
}

/// Coordinates q = [x, y, z, e0, e1, e2, e3, θ]: Euler parameters of the Resal frame F, spin last.
/// Holonomic: unit quaternion, F's x axis horizontal (F has yaw and lean only), contact height.
struct RollingDiskQuaternion : DiskCommon {
  Layout layout() const {
    return {"rolling disk (Euler parameters)", {"x", "y", "z", "e0", "e1", "e2", "e3", "spin"},
            {"unit quaternion", "frame x horizontal", "contact height"}, {"rolling x", "rolling y"}};
  }
  /// ω_disk in F = W(e) [ė; θ̇] = 2 Ḡ ė + θ̇ ŷ.
  template <class S> Eigen::Matrix<S, 3, 5> W(const Vec<S>& q) const {
    Eigen::Matrix<S, 3, 5> w = Eigen::Matrix<S, 3, 5>::Zero();
    w.template leftCols<4>() = quaternion_Gbar<S>(q[3], q[4], q[5], q[6]) * S(2.0);
    w(1, 4) = S(1.0);
    return w;
  }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    for (int i = 0; i < 3; ++i) M(i, i) = S(m);
    const Eigen::Matrix<S, 3, 5> w = W(q);
    const Vec3<S> I{S(Id()), S(Ia()), S(Id())};
    M.template block<5, 5>(3, 3) = w.transpose() * I.asDiagonal() * w;
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const {
    Q[2] = S(-m * g);
    add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    const Mat3<S> F = quaternion_rotation<S>(q[3], q[4], q[5], q[6]);
    C[0] = q[3] * q[3] + q[4] * q[4] + q[5] * q[5] + q[6] * q[6] - 1.0;
    C[1] = F(2, 0);
    C[2] = q[2] - r * F(2, 2);
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    Eigen::Matrix<S, 5, 1> rates;
    rates << qd[3], qd[4], qd[5], qd[6], qd[7];
    rolling<S>(quaternion_rotation<S>(q[3], q[4], q[5], q[6]), W(q) * rates, Vec3<S>(qd[0], qd[1], qd[2]), D, 0);
  }
};

/// A deliberately poor choice for a steady motion: Euler parameters of the spinning disk itself,
/// q = [x, y, z, e0, e1, e2, e3]. The spin changes e along the reference and e enters M, so the
/// linearization depends on t0. Holonomic: unit quaternion, contact height (lowest point of the rim).
struct RollingDiskBodyQuaternion : DiskCommon {
  Layout layout() const {
    return {"rolling disk (body Euler parameters)", {"x", "y", "z", "e0", "e1", "e2", "e3"},
            {"unit quaternion", "contact height"}, {"rolling x", "rolling y"}};
  }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    for (int i = 0; i < 3; ++i) M(i, i) = S(m);
    const Eigen::Matrix<S, 3, 4> G = quaternion_Gbar<S>(q[3], q[4], q[5], q[6]) * S(2.0);
    const Vec3<S> I{S(Id()), S(Ia()), S(Id())};
    M.template block<4, 4>(3, 3) = G.transpose() * I.asDiagonal() * G;
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const {
    Q[2] = S(-m * g);
    add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
  /// Unit vector from G to the lowest point of the rim: −(ẑ − (ẑ·a) a)/|…|, a = axle.
  template <class S> Vec3<S> down(const Mat3<S>& R) const {
    const Vec3<S> a = R.col(1);
    Vec3<S> d = Vec3<S>(S(0.0), S(0.0), S(1.0)) - a * a[2];
    return d / S(-sqrt(d.dot(d)));
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    const Mat3<S> R = quaternion_rotation<S>(q[3], q[4], q[5], q[6]);
    C[0] = q[3] * q[3] + q[4] * q[4] + q[5] * q[5] + q[6] * q[6] - 1.0;
    C[1] = q[2] + r * down(R)[2];
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    const Mat3<S> R = quaternion_rotation<S>(q[3], q[4], q[5], q[6]);
    Eigen::Matrix<S, 4, 1> ed(qd[3], qd[4], qd[5], qd[6]);
    const Vec3<S> omega_world = R * (quaternion_Gbar<S>(q[3], q[4], q[5], q[6]) * ed * S(2.0));
    const Vec3<S> vP = Vec3<S>(qd[0], qd[1], qd[2]) + cross<S>(omega_world, down(R) * S(r));
    D[0] = vP[0];
    D[1] = vP[1];
  }
};

}  // namespace carvallo::test_models
