// carvallo/blocks/knife_edge_wheel.hpp: a thin disk rolling on z = 0 (z down).
// Kinematics against closed forms: a disk leaned by φ has its centre at height r cos φ, the contact point
// lies on the rim below the centre; a motion that rolls (ċ = −ω × (P − c)) satisfies every row; a slip
// along the wheel's heading shows up in the longitudinal row only.
// Dynamics against the classic upright rolling disk (uniform thin disk, A = m r²/4 diametral, C = m r²/2
// axial): linearizing Euler's equations about the contact point gives
//   (A + m r²) φ̈ − (C + m r²) Ω ψ̇ − m g r φ = 0,   A ψ̈ + C Ω φ̇ = 0,   Ω = v / r,
// so the lean oscillates with ω² = [(C + m r²) C Ω² / A − m g r] / (A + m r²) = 4 (3 v² − g r) / (5 r²)
// (stable above v² = g r / 3), and at rest s = ±√(4 g / (5 r)). Tolerance 1e-9 relative: the other 5
// eigenvalues are structural zeros (position, heading, speed; partly defective, hence only ~1e-8 small)
// that do not disturb the simple lean pair beyond round-off.
#include "carvallo/blocks/knife_edge_wheel.hpp"
#include "carvallo/blocks/forces.hpp"
#include "carvallo/model.hpp"
#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/reduced.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {

constexpr double kDiskGravity = 9.81;

struct RollingDisk {
  KnifeEdgeWheel wheel;
  Layout layout() const {
    return {"rolling disk", wheel.body.coordinate_names("disk", {"yaw", "lean", "spin"}), wheel.holonomic_names("disk"),
            wheel.nonholonomic_names("disk")};
  }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const { wheel.body.add_mass<S>(q, M); }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    wheel.body.add_quadratic_velocity<S>(q, qd, Q);
    add_gravity<S>(wheel.body, Eigen::Vector3d(0, 0, kDiskGravity), Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const { wheel.write_holonomic<S>(q, C, 0); }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    wheel.write_nonholonomic<S>(q, qd, D, 0);
  }
};

RollingDisk disk(double m, double r) {
  RollingDisk d;
  d.wheel.body.seq = EulerSequence::ZXY;
  d.wheel.body.mass = m;
  d.wheel.body.inertia = Eigen::Vector3d(m * r * r / 4, m * r * r / 2, m * r * r / 4).asDiagonal();
  d.wheel.radius = r;
  return d;
}

}  // namespace

TEST_CASE("knife-edge wheel: contact geometry of a leaned disk", "[blocks][knife_edge_wheel]") {
  const double r = 0.35, lean = 0.4;
  const RollingDisk d = disk(2.0, r);
  Eigen::VectorXd q(6);
  q << 1.0, -2.0, -r * std::cos(lean), 0.7, lean, 1.9;  // centre at height r cos φ, any heading and spin
  Vec<double> C(1);
  d.wheel.write_holonomic<double>(q, C, 0);
  CHECK(C[0] == Approx(0.0).margin(1e-15));
  const Eigen::Vector3d P = d.wheel.contact_point<double>(q), c = q.head<3>();
  CHECK((P - c).norm() == Approx(r).epsilon(1e-15));                                       // on the rim
  CHECK((P - c).dot(d.wheel.spin_axis<double>(q)) == Approx(0.0).margin(1e-15));           // in the wheel plane
  CHECK(P[2] == Approx(0.0).margin(1e-15));                                                // on the ground
  CHECK(d.wheel.holonomic_names("rear") == std::vector<std::string>{"rear contact"});
  CHECK(d.wheel.nonholonomic_names("rear") == std::vector<std::string>{"rear longitudinal", "rear lateral"});
}

TEST_CASE("knife-edge wheel: rolling satisfies every row, slip violates the right one", "[blocks][knife_edge_wheel]") {
  const double r = 0.35, lean = -0.3;
  const Model model(disk(2.0, r));
  const RollingDisk d = disk(2.0, r);
  Eigen::VectorXd q(6), qd(6);
  q << 1.0, -2.0, -r * std::cos(lean), 0.7, lean, 1.9;
  qd << 0, 0, 0, 0.8, -1.1, 5.0;  // yaw, lean and spin rates
  // The centre moves so that the material contact point is at rest: ċ = −ω × (P − c).
  const Eigen::Vector3d w = d.wheel.body.angular_velocity<double>(q, qd);
  qd.head<3>() = -w.cross(d.wheel.contact_point<double>(q) - q.head<3>());
  Eigen::VectorXd D, Cd;
  model.D(q, qd, 0.0, D);
  model.C_dot(q, qd, 0.0, Cd);
  CHECK(D.lpNorm<Eigen::Infinity>() < 1e-14);
  CHECK(Cd.lpNorm<Eigen::Infinity>() < 1e-14);  // the height of the lowest point changes at the material point's rate
  // Slip by 0.25 m/s along the wheel's heading (yaw 0.7): longitudinal row 0.25, lateral 0.
  qd.head<3>() += 0.25 * Eigen::Vector3d(std::cos(0.7), std::sin(0.7), 0.0);
  model.D(q, qd, 0.0, D);
  CHECK(D[0] == Approx(0.25).epsilon(1e-14));
  CHECK(D[1] == Approx(0.0).margin(1e-14));
}

TEST_CASE("knife-edge wheel: upright rolling disk, lean eigenvalues in closed form", "[blocks][knife_edge_wheel]") {
  const double m = 1.2, r = 0.3;
  const Model model(disk(m, r));
  for (double v : {0.0, 1.0, 3.0}) {
    INFO("v = " << v);
    stability::Reference ref;
    ref.q = Eigen::VectorXd::Zero(6);
    ref.q[2] = -r;
    ref.qd = Eigen::VectorXd::Zero(6);
    ref.qd[0] = v;
    ref.qd[5] = -v / r;  // spin about +y rolls forward for x forward, z down
    ref.qdd = Eigen::VectorXd::Zero(6);
    const auto s = stability::reduced_eigenvalues(stability::linearize(model, ref));
    std::vector<std::complex<double>> big = s;
    std::sort(big.begin(), big.end(), [](auto a, auto b) { return std::abs(a) > std::abs(b); });
    const double w2 = 4.0 * (3.0 * v * v - kDiskGravity * r) / (5.0 * r * r);
    const std::complex<double> expected = std::sqrt(std::complex<double>(-w2, 0.0));  // s² = −ω²
    const double scale = std::abs(expected);
    CHECK(std::abs(big[2]) < 1e-7 * scale);  // only two nonzero eigenvalues
    const bool match = (std::abs(big[0] - expected) < 1e-9 * scale && std::abs(big[1] + expected) < 1e-9 * scale) ||
                       (std::abs(big[1] - expected) < 1e-9 * scale && std::abs(big[0] + expected) < 1e-9 * scale);
    CHECK(match);
  }
}

TEST_CASE("knife-edge wheel: D_q̇ with the geometry in double equals the all-dual evaluation", "[blocks][knife_edge_wheel]") {
  // write_nonholonomic<S, double> (q without tangents, as Model::D_q̇ uses it) against the uniform
  // write_nonholonomic<S> and against one single-direction dual pass per column, for both orientation
  // parametrizations.
  for (auto kind : {Orientation::EulerAngles, Orientation::EulerParameters}) {
    RollingDisk d = disk(2.0, 0.35);
    d.wheel.body.kind = kind;
    const int n = d.wheel.body.coordinate_count();
    Eigen::VectorXd q(n), qd(n);
    if (kind == Orientation::EulerAngles) {
      q << 1.0, -2.0, -0.3, 0.7, -0.3, 1.9;
      qd << 0.4, -0.6, 0.1, 0.8, -1.1, 5.0;
    } else {
      const Eigen::Vector4d p = Eigen::Vector4d(0.9, 0.2, -0.3, 0.25).normalized();
      q << 1.0, -2.0, -0.3, p;
      qd << 0.4, -0.6, 0.1, 0.3, -0.5, 0.2, 0.7;
    }
    Vec<DualVec<8>> qc(n), qdc(n), Dm(2), Du(2);
    for (int j = 0; j < n; ++j) {
      qc[j] = DualVec<8>(q[j]);
      qdc[j] = DualVec<8>(qd[j]);
      qdc[j].d[static_cast<std::size_t>(j)] = 1.0;
    }
    Dm.setZero();
    Du.setZero();
    d.wheel.write_nonholonomic<DualVec<8>, double>(q, qdc, Dm, 0);
    d.wheel.write_nonholonomic<DualVec<8>>(qc, qdc, Du, 0);
    Vec<double> D0(2);
    D0.setZero();
    d.wheel.write_nonholonomic<double>(q, qd, D0, 0);
    for (int i = 0; i < 2; ++i) {
      CHECK(std::abs(Dm[i].v - D0[i]) <= 1e-15 * (1.0 + std::abs(D0[i])));
      for (int j = 0; j < n; ++j) {
        Vec<Dual1> q1(n), qd1(n), D1(2);
        for (int k = 0; k < n; ++k) {
          q1[k] = Dual1(q[k]);
          qd1[k] = Dual1(qd[k], k == j ? 1.0 : 0.0);
        }
        D1.setZero();
        d.wheel.write_nonholonomic<Dual1>(q1, qd1, D1, 0);
        CAPTURE(i, j);
        CHECK(std::abs(Dm[i].d[static_cast<std::size_t>(j)] - D1[i].d) <= 1e-14);
        CHECK(std::abs(Du[i].d[static_cast<std::size_t>(j)] - D1[i].d) <= 1e-14);
      }
    }
  }
}
