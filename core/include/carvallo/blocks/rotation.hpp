#pragma once
// Rotations in 3D for building blocks: Euler angles (all 12 sequences) and Euler parameters, and the
// angular velocity from the coordinate rates. Scalar templates (double, every Dual and Recorded), no allocation.
//
// Conventions. A rotation matrix R maps body components to global components: r_global = R r_body.
// Euler angles (θ1, θ2, θ3) of sequence "abc" are intrinsic rotations: first about the global axis a by
// θ1, then about the once-rotated axis b by θ2, then about the twice-rotated axis c by θ3, so
//   R = R_a(θ1) R_b(θ2) R_c(θ3),
// with R_x, R_y, R_z the elementary active rotations. Example: ZXY = heading, then lean, then pitch/spin:
// the last angle spins the body about its own y axis, the first turns it about the global z axis.
// The angular velocity is
//   ω_global = θ̇1 e_a + θ̇2 R_a e_b + θ̇3 R_a R_b e_c,   ω_body = Rᵀ ω_global = G_body(θ) θ̇.
// Tait–Bryan sequences (three different axes) are singular where cos θ2 = 0; proper Euler sequences
// (first axis = last axis) where sin θ2 = 0: there G_body is singular.
//
// Euler parameters p = (e0, e1, e2, e3) with pᵀp = 1 (unit quaternion, e0 scalar part):
//   R = (2 e0² − 1) I + 2 (e eᵀ + e0 ẽ),   ω_global = 2 G ṗ, ω_body = 2 Ḡ ṗ,
//   G = [−e, ẽ + e0 I],  Ḡ = [−e, −ẽ + e0 I]   (3 × 4; ẽ the cross-product matrix of e).
// These hold on pᵀp = 1 (and pᵀṗ = 0), which a model enforces with the normalization constraint of
// rigid_body_3d.hpp.
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/ad.hpp"
#include "carvallo/ad_vector.hpp"
#include "carvallo/expression_graph.hpp"

#include <Eigen/Core>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace carvallo::blocks {

template <class S> using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S> using Mat3 = Eigen::Matrix<S, 3, 3>;
template <class S> using Vec4 = Eigen::Matrix<S, 4, 1>;

/// The 12 Euler-angle sequences: 6 Tait–Bryan (three different axes) and 6 proper Euler.
enum class EulerSequence { XYZ, XZY, YXZ, YZX, ZXY, ZYX, XYX, XZX, YXY, YZY, ZXZ, ZYZ };

inline constexpr std::array<EulerSequence, 12> kAllEulerSequences = {
    EulerSequence::XYZ, EulerSequence::XZY, EulerSequence::YXZ, EulerSequence::YZX,
    EulerSequence::ZXY, EulerSequence::ZYX, EulerSequence::XYX, EulerSequence::XZX,
    EulerSequence::YXY, EulerSequence::YZY, EulerSequence::ZXZ, EulerSequence::ZYZ};

/// The axes (0 = x, 1 = y, 2 = z) of a sequence, in the order of the angles.
constexpr std::array<int, 3> euler_axes(EulerSequence seq) {
  switch (seq) {
    case EulerSequence::XYZ: return {0, 1, 2};
    case EulerSequence::XZY: return {0, 2, 1};
    case EulerSequence::YXZ: return {1, 0, 2};
    case EulerSequence::YZX: return {1, 2, 0};
    case EulerSequence::ZXY: return {2, 0, 1};
    case EulerSequence::ZYX: return {2, 1, 0};
    case EulerSequence::XYX: return {0, 1, 0};
    case EulerSequence::XZX: return {0, 2, 0};
    case EulerSequence::YXY: return {1, 0, 1};
    case EulerSequence::YZY: return {1, 2, 1};
    case EulerSequence::ZXZ: return {2, 0, 2};
    case EulerSequence::ZYZ: return {2, 1, 2};
  }
  return {0, 1, 2};
}

/// "ZXY" etc.
constexpr std::string_view euler_sequence_name(EulerSequence seq) {
  switch (seq) {
    case EulerSequence::XYZ: return "XYZ";
    case EulerSequence::XZY: return "XZY";
    case EulerSequence::YXZ: return "YXZ";
    case EulerSequence::YZX: return "YZX";
    case EulerSequence::ZXY: return "ZXY";
    case EulerSequence::ZYX: return "ZYX";
    case EulerSequence::XYX: return "XYX";
    case EulerSequence::XZX: return "XZX";
    case EulerSequence::YXY: return "YXY";
    case EulerSequence::YZY: return "YZY";
    case EulerSequence::ZXZ: return "ZXZ";
    case EulerSequence::ZYZ: return "ZYZ";
  }
  return "";
}

namespace detail {

/// std::sin and std::cos of x, remembered per thread for the last angle values seen (64 slots, keyed by
/// the bits of x, so −0 and +0 are distinct and a NaN is never found). One simulation step evaluates the
/// same body rotations in up to ten scalar types (double and duals of several kinds for M, Q_b, C_q, Q_d,
/// the stabilizer's checks, the energy), all at the same angle values: they share one sin/cos each.
inline void sincos_memo(double x, double& s, double& c) {
  struct Table {
    std::array<std::uint64_t, 64> key;
    std::array<double, 64> sin_of, cos_of;
    Table() {
      double nan = std::nan("");
      std::uint64_t nan_bits = 0;
      std::memcpy(&nan_bits, &nan, sizeof nan);
      key.fill(nan_bits);  // a NaN argument is never stored, so no key matches this
    }
  };
  thread_local Table t;
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof x);
  const std::size_t i = (bits ^ (bits >> 23) ^ (bits >> 41)) & 63u;
  if (t.key[i] == bits) {
    s = t.sin_of[i];
    c = t.cos_of[i];
    return;
  }
  s = std::sin(x);
  c = std::cos(x);
  if (x == x) {
    t.key[i] = bits;
    t.sin_of[i] = s;
    t.cos_of[i] = c;
  }
}

/// sin and cos of a scalar of any supported type, the primal values from sincos_memo.
inline void sin_cos(double a, double& s, double& c) { sincos_memo(a, s, c); }
inline void sin_cos(const Recorded& a, Recorded& s, Recorded& c) {
  s = sin(a);
  c = cos(a);
}
template <class T>
void sin_cos(const Dual<T>& a, Dual<T>& s, Dual<T>& c) {
  T sv, cv;
  sin_cos(a.v, sv, cv);
  s = Dual<T>(sv, a.d * cv);  // as carvallo::sin(Dual) and cos(Dual)
  c = Dual<T>(cv, -a.d * sv);
}
template <int N>
void sin_cos(const DualVec<N>& a, DualVec<N>& s, DualVec<N>& c) {
  double sv = 0.0, cv = 0.0;
  sincos_memo(a.v, sv, cv);
  s = carvallo::detail::chain(a, sv, cv);
  c = carvallo::detail::chain(a, cv, -sv);
}

}  // namespace detail

/// Elementary active rotation by `angle` about coordinate axis `axis` (0, 1, 2).
template <class S>
Mat3<S> elementary_rotation(int axis, const S& angle) {
  S c, s;
  detail::sin_cos(angle, s, c);
  const int i = (axis + 1) % 3, j = (axis + 2) % 3;  // (i, j, axis) is a right-handed cyclic triple
  Mat3<S> R = Mat3<S>::Zero();
  R(axis, axis) = S(1.0);
  R(i, i) = c;
  R(j, j) = c;
  R(i, j) = -s;
  R(j, i) = s;
  return R;
}

/// M ← M R_axis(angle), touching only the two columns that change (6 entries of 2 terms instead of a
/// full 3 × 3 product: this is the hot path of every Jacobian evaluation with a dual scalar).
template <class S>
void rotate_right(Mat3<S>& M, int axis, const S& angle) {
  S c, s;
  detail::sin_cos(angle, s, c);
  const int i = (axis + 1) % 3, j = (axis + 2) % 3;
  for (int r = 0; r < 3; ++r) {
    const S mi = M(r, i), mj = M(r, j);
    M(r, i) = lin2(mi, c, mj, s);
    M(r, j) = lin2(mj, c, mi, S(-s));
  }
}

/// a · b written out: Eigen's generic reduction calls the scalar functors out of line for dual scalars.
template <class S, class A, class B>
S dot3(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
  return S(a[0]) * S(b[0]) + S(a[1]) * S(b[1]) + S(a[2]) * S(b[2]);
}

/// R v for a constant vector v: scalar-by-double products only (R * v.cast<S>() would multiply by the
/// zero tangents of v too, which with a vector-mode dual is most of the work).
template <class S, class V>
Vec3<S> times(const Mat3<S>& R, const Eigen::MatrixBase<V>& v) {
  Vec3<S> out;
  for (int r = 0; r < 3; ++r) out[r] = R(r, 0) * v[0] + R(r, 1) * v[1] + R(r, 2) * v[2];
  return out;
}

/// Rotation matrix of Euler angles (θ1, θ2, θ3) of sequence `seq`: R = R_a(θ1) R_b(θ2) R_c(θ3).
template <class S>
Mat3<S> rotation_euler(const Vec3<S>& angles, EulerSequence seq) {
  const auto ax = euler_axes(seq);
  Mat3<S> R = elementary_rotation<S>(ax[0], angles[0]);
  rotate_right<S>(R, ax[1], angles[1]);
  rotate_right<S>(R, ax[2], angles[2]);
  return R;
}

/// G_body(θ): ω_body = G_body θ̇. Columns: (R_b R_c)ᵀ e_a, R_cᵀ e_b, e_c.
template <class S>
Mat3<S> euler_rate_matrix_body(const Vec3<S>& angles, EulerSequence seq) {
  const auto ax = euler_axes(seq);
  const Mat3<S> Rc = elementary_rotation<S>(ax[2], angles[2]);
  Mat3<S> Rbc = elementary_rotation<S>(ax[1], angles[1]);
  rotate_right<S>(Rbc, ax[2], angles[2]);
  Mat3<S> G;
  G.col(0) = Rbc.row(ax[0]).transpose();  // (R_b R_c)ᵀ e_a is row a of R_b R_c
  G.col(1) = Rc.row(ax[1]).transpose();
  G.col(2) = Vec3<S>::Unit(ax[2]);
  return G;
}

/// G_global(θ): ω_global = G_global θ̇. Columns: e_a, R_a e_b, R_a R_b e_c.
template <class S>
Mat3<S> euler_rate_matrix_global(const Vec3<S>& angles, EulerSequence seq) {
  const auto ax = euler_axes(seq);
  Mat3<S> Rab = elementary_rotation<S>(ax[0], angles[0]);
  Mat3<S> G;
  G.col(0) = Vec3<S>::Unit(ax[0]);
  G.col(1) = Rab.col(ax[1]);
  rotate_right<S>(Rab, ax[1], angles[1]);
  G.col(2) = Rab.col(ax[2]);
  return G;
}

/// Angular velocity in body components from Euler angles and their rates.
template <class S>
Vec3<S> angular_velocity_body(const Vec3<S>& angles, const Vec3<S>& rates, EulerSequence seq) {
  return euler_rate_matrix_body<S>(angles, seq) * rates;
}

/// Angular velocity in global components from Euler angles and their rates.
template <class S>
Vec3<S> angular_velocity_global(const Vec3<S>& angles, const Vec3<S>& rates, EulerSequence seq) {
  return euler_rate_matrix_global<S>(angles, seq) * rates;
}

/// Cross-product matrix: skew(a) b = a × b.
template <class S>
Mat3<S> skew(const Vec3<S>& a) {
  Mat3<S> K;
  K << S(0.0), -a[2], a[1], a[2], S(0.0), -a[0], -a[1], a[0], S(0.0);
  return K;
}

/// Rotation matrix of Euler parameters p = (e0, e1, e2, e3) (assumes pᵀp = 1).
template <class S>
Mat3<S> rotation_euler_parameters(const Vec4<S>& p) {
  const S e0 = p[0];
  const Vec3<S> e = p.template tail<3>();
  Mat3<S> R = (S(2.0) * e0 * e0 - S(1.0)) * Mat3<S>::Identity();
  R += S(2.0) * (e * e.transpose() + e0 * skew<S>(e));
  return R;
}

/// Ḡ(p) (3 × 4): ω_body = 2 Ḡ ṗ.
template <class S>
Eigen::Matrix<S, 3, 4> euler_parameter_matrix_body(const Vec4<S>& p) {
  Eigen::Matrix<S, 3, 4> G;
  const Vec3<S> e = p.template tail<3>();
  G.col(0) = -e;
  G.template rightCols<3>() = -skew<S>(e) + p[0] * Mat3<S>::Identity();
  return G;
}

/// G(p) (3 × 4): ω_global = 2 G ṗ.
template <class S>
Eigen::Matrix<S, 3, 4> euler_parameter_matrix_global(const Vec4<S>& p) {
  Eigen::Matrix<S, 3, 4> G;
  const Vec3<S> e = p.template tail<3>();
  G.col(0) = -e;
  G.template rightCols<3>() = skew<S>(e) + p[0] * Mat3<S>::Identity();
  return G;
}

template <class S>
Vec3<S> angular_velocity_body(const Vec4<S>& p, const Vec4<S>& pdot) {
  return S(2.0) * (euler_parameter_matrix_body<S>(p) * pdot);
}

template <class S>
Vec3<S> angular_velocity_global(const Vec4<S>& p, const Vec4<S>& pdot) {
  return S(2.0) * (euler_parameter_matrix_global<S>(p) * pdot);
}

}  // namespace carvallo::blocks
