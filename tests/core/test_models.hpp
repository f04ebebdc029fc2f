#pragma once
// Small models shared by the engine tests (not a test file itself: no _test suffix).

#include "carvallo/model.hpp"
#include "carvallo/state.hpp"

#include <Eigen/LU>

#include <cmath>

namespace carvallo_test {

using carvallo::Mat;
using carvallo::Vec;

// Planar four-bar with massless links and point masses at the moving joints B = (x1, y1), C = (x2, y2);
// fixed pivots A = (0, 0), D = (d, 0); gravity −g along y. Grashof crank-rocker (crank l1 shortest).
// `duplicate` adds a second copy of the coupler joint (scaled by 2): a redundant constraint.
struct FourBar {
  double l1 = 1.0, l2 = 3.0, l3 = 2.5, d = 3.0, mB = 1.0, mC = 2.0, g = 9.81;
  bool duplicate = false;
  carvallo::Layout layout() const {
    carvallo::Layout l{"four-bar", {"x1", "y1", "x2", "y2"}, {"crank", "coupler", "rocker"}, {}};
    if (duplicate) l.holonomic.push_back("coupler (copy)");
    return l;
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(mB);
    M(1, 1) = S(mB);
    M(2, 2) = S(mC);
    M(3, 3) = S(mC);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const {
    Q[1] = S(-mB * g);
    Q[3] = S(-mC * g);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[0] * q[0] + q[1] * q[1] - l1 * l1;
    C[1] = (q[2] - q[0]) * (q[2] - q[0]) + (q[3] - q[1]) * (q[3] - q[1]) - l2 * l2;
    C[2] = (q[2] - d) * (q[2] - d) + q[3] * q[3] - l3 * l3;
    if (duplicate) C[3] = 2.0 * C[1];
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const { return g * (mB * q[1] + mC * q[3]); }

  // A consistent state with the crank at angle `theta` turning at `omega` (upper assembly branch).
  carvallo::State state(double theta, double omega) const {
    const double x1 = l1 * std::cos(theta), y1 = l1 * std::sin(theta);
    // C on circle(B, l2) ∩ circle(D, l3), upper solution.
    const double dx = d - x1, dy = -y1, r = std::hypot(dx, dy);
    const double a = (l2 * l2 - l3 * l3 + r * r) / (2 * r), hh = std::sqrt(l2 * l2 - a * a);
    const double px = x1 + a * dx / r, py = y1 + a * dy / r;
    const double x2 = px - hh * dy / r, y2 = py + hh * dx / r;
    carvallo::State s;
    s.q = Eigen::Vector4d(x1, y1, x2, y2);
    // Velocities: B moves on its circle; C from the two velocity constraints of coupler and rocker.
    const double vx1 = -omega * y1, vy1 = omega * x1;
    Eigen::Matrix2d A;
    A << x2 - x1, y2 - y1, x2 - d, y2;
    const Eigen::Vector2d rhs((x2 - x1) * vx1 + (y2 - y1) * vy1, 0.0);
    const Eigen::Vector2d vc = A.partialPivLu().solve(rhs);
    s.qd = Eigen::Vector4d(vx1, vy1, vc[0], vc[1]);
    return s;
  }
};

// Chaplygin sleigh as a dumbbell: mass m1 at the knife-edge contact P1 = (x1, y1), m2 at P2 = (x2, y2)
// a distance a ahead along the blade; rigid distance (holonomic) and no sideways velocity of P1
// (nonholonomic, Pfaffian). `cubic` writes the same no-slip condition as s + s³ = 0 (non-Pfaffian);
// `duplicate` adds a scaled copy of the no-slip row (redundant nonholonomic constraint).
struct Sleigh {
  double m1 = 1.0, m2 = 3.0, a = 0.8;
  bool cubic = false, duplicate = false;
  carvallo::Layout layout() const {
    carvallo::Layout l{"sleigh", {"x1", "y1", "x2", "y2"}, {"rigid"}, {"no slip"}};
    if (duplicate) l.nonholonomic.push_back("no slip (copy)");
    return l;
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(m1);
    M(1, 1) = S(m1);
    M(2, 2) = S(m2);
    M(3, 3) = S(m2);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = (q[2] - q[0]) * (q[2] - q[0]) + (q[3] - q[1]) * (q[3] - q[1]) - a * a;
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    const S s = (-qd[0] * (q[3] - q[1]) + qd[1] * (q[2] - q[0])) / a;  // sideways velocity of P1 [m/s]
    D[0] = cubic ? s + s * s * s : s;
    if (duplicate) D[1] = -3.0 * s;
  }

  double m() const { return m1 + m2; }
  double b() const { return m2 * a / (m1 + m2); }  // centre of mass ahead of the contact point
  double J() const { return m2 * a * a; }          // inertia about the contact point

  carvallo::State state(double theta, double u, double omega) const {
    const double c = std::cos(theta), s = std::sin(theta);
    carvallo::State st;
    st.q = Eigen::Vector4d(0.0, 0.0, a * c, a * s);
    st.qd = Eigen::Vector4d(u * c, u * s, u * c - a * omega * s, u * s + a * omega * c);
    return st;
  }
  // Forward speed u of the contact point and yaw rate ω from a state.
  static void speeds(const Sleigh& p, const carvallo::State& st, double& u, double& omega) {
    const double dx = st.q[2] - st.q[0], dy = st.q[3] - st.q[1];
    u = (st.qd[0] * dx + st.qd[1] * dy) / p.a;
    omega = (dx * (st.qd[3] - st.qd[1]) - dy * (st.qd[2] - st.qd[0])) / (p.a * p.a);
  }
};

// Vertical disk rolling without slipping on the plane z = 0: centre (x, y, z), heading ψ, spin φ.
// Contact height (holonomic) and rolling (two Pfaffian nonholonomic rows).
struct RollingDisk {
  double m = 2.0, R = 0.3, Id = 0.045, Ia = 0.09, g = 9.81;  // Id about a diameter, Ia about the axle
  carvallo::Layout layout() const {
    return {"rolling disk", {"x", "y", "z", "psi", "phi"}, {"contact height"}, {"roll x", "roll y"}};
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
    M(2, 2) = S(m);
    M(3, 3) = S(Id);
    M(4, 4) = S(Ia);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const { Q[2] = S(-m * g); }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const { C[0] = q[2] - R; }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    using namespace carvallo;
    D[0] = qd[0] - R * qd[4] * cos(q[3]);
    D[1] = qd[1] - R * qd[4] * sin(q[3]);
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const { return m * g * q[2]; }
};

}  // namespace carvallo_test
