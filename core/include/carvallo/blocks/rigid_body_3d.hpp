#pragma once
// A rigid body in 3D with absolute coordinates: the global position of its mass centre (x, y, z) followed
// by its orientation, either three Euler angles of a chosen sequence (6 coordinates) or four Euler
// parameters (7 coordinates, plus the normalization constraint pᵀp − 1 = 0 as one holonomic row).
// The body frame's origin is the mass centre; `inertia` is the inertia tensor about the mass centre in
// body axes (tensor elements: products of inertia are −∫xy dm etc.).
//
//   T = ½ m |ṙ|² + ½ ω_bᵀ I ω_b,  ω_b = G_body θ̇ (or 2 Ḡ ṗ)   ->   M = diag(m I₃, G_bodyᵀ I G_body)
//
// add_quadratic_velocity() adds Q_v = ½ ∂(q̇ᵀMq̇)/∂q − Ṁ q̇ (Lagrange) for the body's own coordinates by
// AD (carvallo/lagrange.hpp does the same for a whole model): for double with Euler angles its
// Newton–Euler form −Gᵀ(I Ġθ̇ + ω × Iω) (Ġ by one AD pass), with Euler parameters one vector-mode
// evaluation of the 4 × 4 block with 5 tangents, for dual scalars 4–5 nested single-direction ones.
// Nothing is differentiated by hand.
//
// A body with offset < 0 is the ground: at rest at the origin, axes global (for joints to the ground).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/ad.hpp"
#include "carvallo/ad_vector.hpp"
#include "carvallo/blocks/rotation.hpp"
#include "carvallo/model_definition.hpp"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <string>
#include <type_traits>
#include <vector>

namespace carvallo::blocks {

enum class Orientation { EulerAngles, EulerParameters };

struct RigidBody3D {
  int offset = 0;  ///< index of x in q; < 0: the ground
  Orientation kind = Orientation::EulerAngles;
  EulerSequence seq = EulerSequence::ZXY;
  double mass = 0.0;
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  ///< about the mass centre, body axes

  static RigidBody3D ground() {
    RigidBody3D g;
    g.offset = -1;
    return g;
  }
  bool is_ground() const { return offset < 0; }

  /// Number of coordinates: 6 (Euler angles), 7 (Euler parameters), 0 (ground).
  int coordinate_count() const { return is_ground() ? 0 : (kind == Orientation::EulerAngles ? 6 : 7); }
  /// Holonomic rows the body itself needs: 1 (normalization) for Euler parameters, else 0.
  int constraint_count() const { return !is_ground() && kind == Orientation::EulerParameters ? 1 : 0; }

  /// Coordinate names "<prefix> x", "<prefix> y", "<prefix> z", then the orientation: `angle_names` if
  /// given (3 for Euler angles), else "<prefix> <axis><k>" (e.g. "rear wheel Z1") or "<prefix> e0".."e3".
  std::vector<std::string> coordinate_names(const std::string& prefix,
                                            const std::vector<std::string>& angle_names = {}) const {
    std::vector<std::string> out;
    if (is_ground()) return out;
    for (const char* c : {" x", " y", " z"}) out.push_back(prefix + c);
    if (kind == Orientation::EulerParameters) {
      for (const char* c : {" e0", " e1", " e2", " e3"}) out.push_back(prefix + c);
      return out;
    }
    const auto ax = euler_axes(seq);
    for (int k = 0; k < 3; ++k) {
      if (static_cast<int>(angle_names.size()) == 3) {
        out.push_back(prefix + " " + angle_names[static_cast<std::size_t>(k)]);
      } else {
        out.push_back(prefix + " " + std::string(1, "XYZ"[ax[static_cast<std::size_t>(k)]]) + std::to_string(k + 1));
      }
    }
    return out;
  }
  /// The normalization constraint's name, "<prefix> normalization" (Euler parameters only).
  std::vector<std::string> constraint_names(const std::string& prefix) const {
    if (constraint_count() == 0) return {};
    return {prefix + " normalization"};
  }

  // ---- kinematics -----------------------------------------------------------------------------
  /// Mass-centre position (global).
  template <class S>
  Vec3<S> position(const Vec<S>& q) const {
    if (is_ground()) return Vec3<S>::Zero();
    return q.template segment<3>(offset);
  }
  /// Rotation matrix body -> global.
  template <class S>
  Mat3<S> rotation(const Vec<S>& q) const {
    if (is_ground()) return Mat3<S>::Identity();
    if (kind == Orientation::EulerAngles) return rotation_euler<S>(q.template segment<3>(offset + 3), seq);
    return rotation_euler_parameters<S>(q.template segment<4>(offset + 3));
  }
  /// Global position of the body point with body coordinates `local` (relative to the mass centre).
  template <class S, class L>
  Vec3<S> point(const Vec<S>& q, const Eigen::MatrixBase<L>& local) const {
    return position<S>(q) + times<S>(rotation<S>(q), local);
  }
  /// Angular velocity, global components. The coordinates may have another scalar type SQ than the
  /// rates S (SQ = double with a dual S seeded along q̇: ω is linear in q̇, so the geometry needs no
  /// tangents; KnifeEdgeWheel::write_nonholonomic passes its SQ on).
  template <class S, class SQ = S>
  Vec3<S> angular_velocity(const Vec<SQ>& q, const Vec<S>& qd) const {
    if (is_ground()) return Vec3<S>::Zero();
    if constexpr (std::is_same_v<S, SQ>) {
      if (kind == Orientation::EulerAngles)
        return angular_velocity_global<S>(Vec3<S>(q.template segment<3>(offset + 3)),
                                          Vec3<S>(qd.template segment<3>(offset + 3)), seq);
      return angular_velocity_global<S>(Vec4<S>(q.template segment<4>(offset + 3)),
                                        Vec4<S>(qd.template segment<4>(offset + 3)));
    } else {
      if (kind == Orientation::EulerAngles)
        return rates_times<S>(euler_rate_matrix_global<SQ>(Vec3<SQ>(q.template segment<3>(offset + 3)), seq), qd);
      return S(2.0) * rates_times<S>(euler_parameter_matrix_global<SQ>(Vec4<SQ>(q.template segment<4>(offset + 3))), qd);
    }
  }
  /// Angular velocity, body components.
  template <class S>
  Vec3<S> angular_velocity_in_body(const Vec<S>& q, const Vec<S>& qd) const {
    if (is_ground()) return Vec3<S>::Zero();
    if (kind == Orientation::EulerAngles)
      return angular_velocity_body<S>(Vec3<S>(q.template segment<3>(offset + 3)),
                                      Vec3<S>(qd.template segment<3>(offset + 3)), seq);
    return angular_velocity_body<S>(Vec4<S>(q.template segment<4>(offset + 3)),
                                    Vec4<S>(qd.template segment<4>(offset + 3)));
  }
  /// Global velocity of the material point with body coordinates `local`: ṙ + ω × (R local).
  template <class S, class L>
  Vec3<S> velocity(const Vec<S>& q, const Vec<S>& qd, const Eigen::MatrixBase<L>& local) const {
    if (is_ground()) return Vec3<S>::Zero();
    const Vec3<S> arm = times<S>(rotation<S>(q), local);
    return Vec3<S>(qd.template segment<3>(offset)) + angular_velocity<S>(q, qd).cross(arm);
  }

  // ---- dynamics -------------------------------------------------------------------------------
  /// Rotational block of the mass matrix for orientation coordinates `o` (3 angles or 4 parameters).
  template <class S, int N>
  Eigen::Matrix<S, N, N> rotational_mass(const Eigen::Matrix<S, N, 1>& o) const {
    if constexpr (N == 3) {
      // Gᵀ I G written out: I is constant (double times S only) and the result symmetric (6 entries).
      // Eigen's generic products would multiply by I's zero tangents and run out of line for duals.
      const Mat3<S> G = euler_rate_matrix_body<S>(o, seq);
      Mat3<S> IG;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) IG(r, c) = inertia(r, 0) * G(0, c) + inertia(r, 1) * G(1, c) + inertia(r, 2) * G(2, c);
      Mat3<S> out;
      for (int i = 0; i < 3; ++i)
        for (int j = i; j < 3; ++j) {
          out(i, j) = G(0, i) * IG(0, j) + G(1, i) * IG(1, j) + G(2, i) * IG(2, j);
          if (j != i) out(j, i) = out(i, j);
        }
      return out;
    } else {
      const Mat3<S> I = inertia.template cast<S>();
      const Eigen::Matrix<S, 3, 4> G = euler_parameter_matrix_body<S>(o);
      return S(4.0) * (G.transpose() * I * G);
    }
  }

  /// Adds the body's mass matrix to M (+=).
  template <class S>
  void add_mass(const Vec<S>& q, Mat<S>& M) const {
    if (is_ground()) return;
    for (int k = 0; k < 3; ++k) M(offset + k, offset + k) += S(mass);
    if (kind == Orientation::EulerAngles) {
      const Eigen::Matrix<S, 3, 1> o = q.template segment<3>(offset + 3);
      M.template block<3, 3>(offset + 3, offset + 3) += rotational_mass<S, 3>(o);
    } else {
      const Eigen::Matrix<S, 4, 1> o = q.template segment<4>(offset + 3);
      M.template block<4, 4>(offset + 3, offset + 3) += rotational_mass<S, 4>(o);
    }
  }

  /// Adds the quadratic-velocity vector Q_v = ½ ∂(q̇ᵀMq̇)/∂q − Ṁ q̇ of the body (nested AD) to Q.
  template <class S>
  void add_quadratic_velocity(const Vec<S>& q, const Vec<S>& qd, Vec<S>& Q) const {
    if (is_ground()) return;
    if (kind == Orientation::EulerAngles) add_qv<S, 3>(q, qd, Q);
    else add_qv<S, 4>(q, qd, Q);
  }

  /// Kinetic energy ½ m |ṙ|² + ½ ω_bᵀ I ω_b.
  template <class S>
  S kinetic_energy(const Vec<S>& q, const Vec<S>& qd) const {
    if (is_ground()) return S(0.0);
    const Vec3<S> v = qd.template segment<3>(offset);
    const Vec3<S> w = angular_velocity_in_body<S>(q, qd);
    return S(0.5) * (S(mass) * v.dot(v) + w.dot(inertia.template cast<S>() * w));
  }

  /// Euler-parameter normalization pᵀp − 1 (one holonomic row; 0 for Euler angles).
  template <class S>
  S normalization(const Vec<S>& q) const {
    if (constraint_count() == 0) return S(0.0);
    const Eigen::Matrix<S, 4, 1> p = q.template segment<4>(offset + 3);
    return p.dot(p) - S(1.0);
  }
  /// Writes the body's own holonomic rows (normalization) at `row`.
  template <class S>
  void write_constraints(const Vec<S>& q, Vec<S>& C, int row) const {
    if (constraint_count() == 1) C[row] = normalization<S>(q);
  }

  /// Orientation coordinates for a rotation matrix (Euler parameters: any R; Euler angles: only the
  /// identity is supported here, used for reference configurations aligned with the global axes).
  static Eigen::Vector4d euler_parameters_of(const Eigen::Matrix3d& R) {
    Eigen::Quaterniond qt(R);
    return {qt.w(), qt.x(), qt.y(), qt.z()};
  }

 private:
  // G θ̇ (or G ṗ) for a rate matrix G of another scalar type than the rates.
  template <class S, class G>
  Vec3<S> rates_times(const G& g, const Vec<S>& qd) const {
    Vec3<S> out;
    for (int r = 0; r < 3; ++r) {
      out[r] = g(r, 0) * qd[offset + 3];
      for (int k = 1; k < G::ColsAtCompileTime; ++k) out[r] += g(r, k) * qd[offset + 3 + k];
    }
    return out;
  }

  template <class S, int N>
  void add_qv(const Vec<S>& q, const Vec<S>& qd, Vec<S>& Q) const {
    const int o = offset + 3;
    const Eigen::Matrix<S, N, 1> rates = qd.template segment<N>(o);
    if constexpr ((std::is_same_v<S, double> || std::is_same_v<S, Recorded>) && N == 3) {
      // Euler angles are minimal coordinates, so Lagrange's Q_v of the rotational block is the Newton–Euler
      // one: M θ̈ − Q_v = Gᵀ(I ω̇ + ω × Iω) with ω = G θ̇ (body axes) and ω̇ = G θ̈ + Ġ θ̇, hence
      // Q_v = −Gᵀ(I Ġθ̇ + ω × Iω). A body's inertia is constant in its own frame: this needs G and Ġθ̇ (one
      // first-order pass of G along θ̇) instead of the derivatives of the whole GᵀIG block, and equals
      // the AD of M(θ) to round-off (tests/core/blocks_rigid_body_3d_test.cpp compares the two).
      // (Recorded, for the recorded dynamics program, takes the same steps.)
      using D = Dual<S>;
      Vec3<D> angles;
      for (int k = 0; k < 3; ++k) angles[k] = D(q[o + k], rates[k]);
      const Mat3<D> G = euler_rate_matrix_body<D>(angles, seq);
      Vec3<S> w, gdot_rates;  // ω = G θ̇ and Ġ θ̇
      for (int r = 0; r < 3; ++r) {
        w[r] = G(r, 0).v * rates[0] + G(r, 1).v * rates[1] + G(r, 2).v * rates[2];
        gdot_rates[r] = G(r, 0).d * rates[0] + G(r, 1).d * rates[1] + G(r, 2).d * rates[2];
      }
      const auto inertia_times = [&](const Vec3<S>& v) -> Vec3<S> {
        if constexpr (std::is_same_v<S, double>) {
          return inertia * v;
        } else {  // constant times recorded only: Eigen's product would record products with I's zeros
          Vec3<S> out;
          for (int r = 0; r < 3; ++r) out[r] = inertia(r, 0) * v[0] + inertia(r, 1) * v[1] + inertia(r, 2) * v[2];
          return out;
        }
      };
      const Vec3<S> f = inertia_times(gdot_rates) + w.cross(inertia_times(w));
      for (int j = 0; j < 3; ++j) Q[o + j] -= G(0, j).v * f[0] + G(1, j).v * f[1] + G(2, j).v * f[2];
    } else if constexpr (std::is_same_v<S, double>) {
      // One vector-mode pass (ad_vector.hpp): tangent 0 along the rates gives Ṁ, tangent 1 + j along
      // θ_j gives ∂M/∂θ_j, so the block's sines and cosines are evaluated once instead of N + 1 times.
      using V = DualVec<N + 1>;
      Eigen::Matrix<V, N, 1> a;
      for (int k = 0; k < N; ++k) {
        a[k] = V(q[o + k]);
        a[k].d[0] = rates[k];
        a[k].d[static_cast<std::size_t>(1 + k)] = 1.0;
      }
      const Eigen::Matrix<V, N, N> Mv = rotational_mass<V, N>(a);
      for (int i = 0; i < N; ++i) {
        double s = 0.0;
        for (int k = 0; k < N; ++k) s += Mv(i, k).d[0] * rates[k];
        Q[o + i] -= s;  // Ṁ_rot q̇_rot
      }
      for (int j = 0; j < N; ++j) {
        double s = 0.0;
        for (int i = 0; i < N; ++i)
          for (int k = 0; k < N; ++k) s += rates[i] * Mv(i, k).d[static_cast<std::size_t>(1 + j)] * rates[k];
        Q[o + j] += 0.5 * s;  // ½ q̇ᵀ (∂M/∂θ_j) q̇
      }
    } else {
      // Nested single-direction duals for the other scalar types (linearization).
      using D = Dual<S>;
      // Ṁ_rot q̇_rot: one pass along the rates.
      Eigen::Matrix<D, N, 1> a;
      for (int k = 0; k < N; ++k) a[k] = D(q[o + k], rates[k]);
      const Eigen::Matrix<D, N, N> Md = rotational_mass<D, N>(a);
      for (int i = 0; i < N; ++i) {
        S s(0.0);
        for (int k = 0; k < N; ++k) s += Md(i, k).d * rates[k];
        Q[o + i] -= s;
      }
      // ½ q̇ᵀ (∂M/∂θ_j) q̇: one pass per orientation coordinate.
      for (int k = 0; k < N; ++k) a[k] = D(q[o + k], S(0.0));
      for (int j = 0; j < N; ++j) {
        a[j].d = S(1.0);
        const Eigen::Matrix<D, N, N> Mj = rotational_mass<D, N>(a);
        S s(0.0);
        for (int i = 0; i < N; ++i)
          for (int k = 0; k < N; ++k) s += rates[i] * Mj(i, k).d * rates[k];
        Q[o + j] += S(0.5) * s;
        a[j].d = S(0.0);
      }
    }
  }
};

}  // namespace carvallo::blocks
