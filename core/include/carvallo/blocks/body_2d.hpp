#pragma once
// Planar rigid bodies for model definitions (header-only scalar templates, see docs/engine.md,
// "Building blocks"). Three body descriptions share one interface so that joints and forces
// (planar_joints.hpp) are written once for all of them:
//
//  * NaturalBody2D: natural absolute coordinates of 002 §2, e = [R; α; β] (6 coordinates: the reference
//    point and the two unit vectors of direction cosines, Eqs 1-10). The reference point is the centre
//    of mass and the axes are principal (as in all of 002's examples), so the mass matrix is the constant
//    diagonal matrix of Eq 57 with the second moments of Eq 58; there are no quadratic-velocity inertia
//    terms (Eq 60). Three intrinsic constraints (Eq 20): αᵀα − 1, βᵀβ − 1, αᵀβ.
//  * AngleBody2D: plain absolute coordinates (x, y, θ) of the centre of mass; constant mass matrix
//    diag(m, m, I_zz); no intrinsic constraints.
//  * Ground2D: the fixed frame (no coordinates).
//
// Interface shared by the three (q is the model's full coordinate vector; `local` is a point or
// direction in body axes [m]):
//   point<S>(q, local)      world position of a body-fixed point (002 Eq 14 for NaturalBody2D)
//   direction<S>(q, local)  world components of a body-fixed vector (Eq 43)
//   add_mass<S>(M)          adds the body's block to M (+=)
//   add_gravity<S>(Q, g)    adds the weight m·g (g: world gravity vector [m/s²]) acting at the centre of mass
//   intrinsic<S>(q, C, row) writes the intrinsic constraints at rows row.. (intrinsic_rows of them)
//   offset                  index of the body's first coordinate in q (-1 for the ground)
// Names for the model's Layout come from coordinate_names(prefix) and intrinsic_names(prefix).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/ad.hpp"
#include "carvallo/model_definition.hpp"

#include <Eigen/Core>

#include <cmath>
#include <string>
#include <vector>

namespace carvallo::blocks {

template <class S> using Vec2 = Eigen::Matrix<S, 2, 1>;

/// Natural absolute coordinates (002 §2): q[offset..offset+5] = R₁, R₂, α₁, α₂, β₁, β₂.
struct NaturalBody2D {
  static constexpr int coordinates = 6;
  static constexpr int intrinsic_rows = 3;

  int offset = 0;
  double mass = 0.0;  ///< m [kg]
  double Jxx = 0.0;   ///< ∫ρ x̄² dA about the centre of mass along the body x̄ axis [kg m²] (002 Eq 58)
  double Jyy = 0.0;   ///< ∫ρ ȳ² dA [kg m²]

  /// From the principal moments of inertia about the centre of mass as tabulated in 002 Tables 1-4
  /// (I_xx, I_yy, I_zz), by 002 Eq 58: J_xx = ½(I_yy + I_zz − I_xx), J_yy = ½(I_zz + I_xx − I_yy).
  static NaturalBody2D from_inertia(int offset, double m, double Ixx, double Iyy, double Izz) {
    return {offset, m, 0.5 * (Iyy + Izz - Ixx), 0.5 * (Izz + Ixx - Iyy)};
  }
  /// Polar moment of inertia about the centre of mass, I_zz = J_xx + J_yy.
  double Izz() const { return Jxx + Jyy; }

  static std::vector<std::string> coordinate_names(const std::string& p) {
    return {p + ".x", p + ".y", p + ".alpha1", p + ".alpha2", p + ".beta1", p + ".beta2"};
  }
  static std::vector<std::string> intrinsic_names(const std::string& p) {
    return {p + ".|alpha|=1", p + ".|beta|=1", p + ".alpha.beta=0"};
  }

  template <class S> Vec2<S> R(const Vec<S>& q) const { return {q[offset], q[offset + 1]}; }
  template <class S> Vec2<S> alpha(const Vec<S>& q) const { return {q[offset + 2], q[offset + 3]}; }
  template <class S> Vec2<S> beta(const Vec<S>& q) const { return {q[offset + 4], q[offset + 5]}; }

  // 002 Eq 14: r = R + x̄ α + ȳ β (linear in the coordinates).
  template <class S> Vec2<S> point(const Vec<S>& q, const Eigen::Vector2d& local) const {
    return R(q) + local.x() * alpha(q) + local.y() * beta(q);
  }
  template <class S> Vec2<S> direction(const Vec<S>& q, const Eigen::Vector2d& local) const {
    return local.x() * alpha(q) + local.y() * beta(q);
  }
  // 002 Eq 57 (reference point at the centre of mass, principal axes).
  template <class S> void add_mass(Mat<S>& M) const {
    const double d[6] = {mass, mass, Jxx, Jxx, Jyy, Jyy};
    for (int k = 0; k < 6; ++k) M(offset + k, offset + k) += S(d[k]);
  }
  // 002 Eq 62 with f = ρg: Q_e = ∫Sᵀρg dA = [m g; m x̄_G g; m ȳ_G g] = [m g; 0; 0] at the centre of mass.
  template <class S> void add_gravity(Vec<S>& Q, const Eigen::Vector2d& g) const {
    Q[offset] += S(mass * g.x());
    Q[offset + 1] += S(mass * g.y());
  }
  // 002 Eq 20.
  template <class S> void intrinsic(const Vec<S>& q, Vec<S>& C, int row) const {
    const Vec2<S> a = alpha(q), b = beta(q);
    C[row] = a.dot(a) - 1.0;
    C[row + 1] = b.dot(b) - 1.0;
    C[row + 2] = a.dot(b);
  }
  /// Writes the coordinates of the pose (centre of mass x, y, angle θ counter-clockwise) by 002 Eq 8.
  void set_pose(Eigen::VectorXd& q, double x, double y, double theta) const {
    q.segment(offset, 6) << x, y, std::cos(theta), std::sin(theta), -std::sin(theta), std::cos(theta);
  }
  /// Angle of the body x̄ axis (atan2 of α), for output.
  double angle(const Eigen::VectorXd& q) const { return std::atan2(q[offset + 3], q[offset + 2]); }
};

/// Plain absolute coordinates: q[offset..offset+2] = x, y of the centre of mass and the angle θ.
struct AngleBody2D {
  static constexpr int coordinates = 3;
  static constexpr int intrinsic_rows = 0;

  int offset = 0;
  double mass = 0.0;  ///< m [kg]
  double Izz = 0.0;   ///< polar moment of inertia about the centre of mass [kg m²]

  static std::vector<std::string> coordinate_names(const std::string& p) {
    return {p + ".x", p + ".y", p + ".theta"};
  }
  static std::vector<std::string> intrinsic_names(const std::string&) { return {}; }

  template <class S> Vec2<S> direction(const Vec<S>& q, const Eigen::Vector2d& local) const {
    const S c = cos(q[offset + 2]), s = sin(q[offset + 2]);
    return {c * local.x() - s * local.y(), s * local.x() + c * local.y()};
  }
  template <class S> Vec2<S> point(const Vec<S>& q, const Eigen::Vector2d& local) const {
    return Vec2<S>(q[offset], q[offset + 1]) + direction(q, local);
  }
  template <class S> void add_mass(Mat<S>& M) const {
    M(offset, offset) += S(mass);
    M(offset + 1, offset + 1) += S(mass);
    M(offset + 2, offset + 2) += S(Izz);
  }
  template <class S> void add_gravity(Vec<S>& Q, const Eigen::Vector2d& g) const {
    Q[offset] += S(mass * g.x());
    Q[offset + 1] += S(mass * g.y());
  }
  template <class S> void intrinsic(const Vec<S>&, Vec<S>&, int) const {}
  void set_pose(Eigen::VectorXd& q, double x, double y, double theta) const {
    q.segment(offset, 3) << x, y, theta;
  }
  double angle(const Eigen::VectorXd& q) const { return q[offset + 2]; }
};

/// The fixed frame: body-fixed points are world points.
struct Ground2D {
  static constexpr int coordinates = 0;
  static constexpr int intrinsic_rows = 0;
  int offset = -1;

  template <class S> Vec2<S> point(const Vec<S>&, const Eigen::Vector2d& local) const {
    return {S(local.x()), S(local.y())};
  }
  template <class S> Vec2<S> direction(const Vec<S>&, const Eigen::Vector2d& local) const {
    return {S(local.x()), S(local.y())};
  }
};

}  // namespace carvallo::blocks
