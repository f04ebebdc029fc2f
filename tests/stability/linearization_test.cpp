// Direct linearization (000 §2.2), the full generalized pencil (Eq 31) and the reduced path, against
// closed-form eigenvalues of mechanisms written in redundant coordinates (tests/stability/test_models.hpp).
#include "carvallo/stability/full_pencil.hpp"
#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/reduced.hpp"
#include "carvallo/stability/bracketed_root.hpp"

#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace carvallo::stability;
using carvallo::Model;
using cplx = std::complex<double>;

namespace {

std::vector<cplx> sorted(std::vector<cplx> v) {
  std::sort(v.begin(), v.end(), [](const cplx& a, const cplx& b) {
    return a.imag() != b.imag() ? a.imag() < b.imag() : a.real() < b.real();
  });
  return v;
}

/// max_k |a_k − b_k| / max(1, max |b|) for sorted lists of equal length.
double relative_distance(const std::vector<cplx>& a, const std::vector<cplx>& b) {
  REQUIRE(a.size() == b.size());
  const auto x = sorted(a), y = sorted(b);
  double scale = 1.0, d = 0.0;
  for (const auto& s : y) scale = std::max(scale, std::abs(s));
  for (std::size_t k = 0; k < x.size(); ++k) d = std::max(d, std::abs(x[k] - y[k]));
  return d / scale;
}

/// The full pencil and the reduced path agree on the dynamic eigenvalues (to `tol` relative), and on the
/// zeros once the cyclic coordinates eliminated by the reduced path are counted.
void check_full_against_reduced(const Linearization& lin, double tol) {
  const ModalAnalysis full = full_pencil_modes(lin);
  const ModalAnalysis red = reduced_modes(lin);
  CHECK(full.n_infinite == 3 * lin.nch + 2 * lin.ncnh);
  CHECK(full.n_dynamic == red.n_dynamic);
  const int cyclic = static_cast<int>(cyclic_coordinates(lin).size());
  CHECK(full.n_zero == red.n_zero + cyclic);
  CHECK(full.n_zero + full.n_dynamic == 2 * lin.nq - 2 * lin.nch - lin.ncnh);
  if (full.n_dynamic == red.n_dynamic)
    CHECK(relative_distance(full.eigenvalues(EigenvalueKind::Dynamic), red.eigenvalues(EigenvalueKind::Dynamic)) < tol);
}

}  // namespace

TEST_CASE("spring chain in redundant coordinates: closed-form frequencies, full pencil and reduced path",
          "[linearization]") {
  // n equal masses m between two walls, n + 1 springs k: w_j = 2 sqrt(k/m) sin(j pi / (2(n + 1))),
  // j = 1..n (standard result for the fixed-fixed chain). Eigenvalues s = +-i w_j.
  carvallo::test_models::SpringChain def;
  def.n = 4;
  const Model model(def);
  const Linearization lin = linearize(model, equilibrium(Eigen::VectorXd::Zero(model.nq())));
  std::vector<cplx> expected;
  for (int j = 1; j <= def.n; ++j) {
    const double w = 2.0 * std::sqrt(def.k / def.m) * std::sin(j * std::numbers::pi / (2.0 * (def.n + 1)));
    expected.push_back({0.0, w});
    expected.push_back({0.0, -w});
  }
  const ModalAnalysis red = reduced_modes(lin);
  const ModalAnalysis full = full_pencil_modes(lin);
  // Tolerances: the reduced path is an orthogonal projection plus a small eigenproblem (~1e-15 relative);
  // QZ on the pencil of size 2 n_q + n_c with its index-3 blocks loses a few more digits.
  CHECK(relative_distance(red.finite_eigenvalues(), expected) < 1e-13);
  CHECK(relative_distance(full.finite_eigenvalues(), expected) < 1e-11);
  CHECK(full.n_infinite == 3 * model.nch());
  check_full_against_reduced(lin, 1e-9);

  // Mode shapes in q: the lowest mode of the fixed chain has x_i proportional to sin(i pi/(n + 1)), no y,
  // and spring elongations equal to the differences.
  const Mode* lowest = nullptr;
  for (const auto& m : red.modes)
    if (m.s.imag() > 0 && (!lowest || m.s.imag() < lowest->s.imag())) lowest = &m;
  REQUIRE(lowest != nullptr);
  REQUIRE(lowest->shape.size() == model.nq());
  const double peak = std::sin(std::numbers::pi * 2.0 / (def.n + 1));  // the largest of sin(i pi / 5), i = 1..4
  for (int i = 1; i <= def.n; ++i) {
    CHECK(std::abs(lowest->shape[i - 1] - std::sin(i * std::numbers::pi / (def.n + 1)) / peak) < 1e-12);
    CHECK(std::abs(lowest->shape[def.n + i - 1]) < 1e-12);
  }
}

TEST_CASE("free spring chain: the rigid translation is a double zero eigenvalue", "[linearization]") {
  // Free-free chain of n masses: w_j = 2 sqrt(k/m) sin(j pi / (2n)), j = 0..n-1; j = 0 gives s^2 = 0.
  carvallo::test_models::SpringChain def;
  def.n = 3;
  def.fixed = false;
  const Model model(def);
  const Linearization lin = linearize(model, equilibrium(Eigen::VectorXd::Zero(model.nq())));
  std::vector<cplx> expected;
  for (int j = 1; j < def.n; ++j) {
    const double w = 2.0 * std::sqrt(def.k / def.m) * std::sin(j * std::numbers::pi / (2.0 * def.n));
    expected.push_back({0.0, w});
    expected.push_back({0.0, -w});
  }
  for (const ModalAnalysis& a : {reduced_modes(lin), full_pencil_modes(lin)}) {
    CHECK(a.n_zero == 2);
    CHECK(relative_distance(a.eigenvalues(EigenvalueKind::Dynamic), expected) < 1e-11);
  }
  check_full_against_reduced(lin, 1e-9);
}

TEST_CASE("Cartesian pendulum: +-i sqrt(g/L) below, +-sqrt(g/L) above", "[linearization]") {
  // Small oscillations of a simple pendulum about the lower equilibrium: theta'' + (g/L) theta = 0; about
  // the upper one: theta'' - (g/L) theta = 0. In Cartesian coordinates the restoring stiffness comes
  // entirely from d(J^T nu)/dq with the rod tension nu = m g / (2L) (below) and -m g / (2L) (above).
  carvallo::test_models::CartesianPendulum def;
  const Model model(def);
  const double w = std::sqrt(def.g / def.L);
  Eigen::VectorXd down(2), up(2);
  down << 0.0, -def.L;
  up << 0.0, def.L;

  const Linearization lo = linearize(model, equilibrium(down));
  // C_q = [2x, 2y] = [0, -2L]; m g = -C_q^T nu  =>  nu = m g / (2L)... sign: M qdd = Q_b - J^T nu = 0 in y:
  // -m g - (-2L) nu = 0  =>  nu = m g / (2L).
  CHECK(lo.nu[0] == Approx(def.m * def.g / (2.0 * def.L)).epsilon(1e-14));
  for (const auto& s : {reduced_eigenvalues(lo), full_pencil_modes(lo).finite_eigenvalues()})
    CHECK(relative_distance(s, {cplx(0.0, w), cplx(0.0, -w)}) < 1e-12);
  check_full_against_reduced(lo, 1e-9);

  const Linearization hi = linearize(model, equilibrium(up));
  for (const auto& s : {reduced_eigenvalues(hi), full_pencil_modes(hi).finite_eigenvalues()})
    CHECK(relative_distance(s, {cplx(w, 0.0), cplx(-w, 0.0)}) < 1e-12);
  check_full_against_reduced(hi, 1e-9);

  // Mode shape: the swing is horizontal (x) at both equilibria.
  const ModalAnalysis m = reduced_modes(lo);
  REQUIRE(m.modes.size() == 2);
  CHECK(std::abs(m.modes[0].shape[0] - 1.0) < 1e-12);
  CHECK(std::abs(m.modes[0].shape[1]) < 1e-12);
}

TEST_CASE("Eq 31 as written is singular; the full pencil drops exactly its zero rows and columns",
          "[linearization]") {
  carvallo::test_models::CartesianPendulum def;
  const Model model(def);
  Eigen::VectorXd down(2);
  down << 0.0, -def.L;
  const Linearization lin = linearize(model, equilibrium(down));
  const Pencil eq31 = state_space_pencil_eq31(lin);
  REQUIRE(eq31.U.rows() == 2 * lin.nx());
  // The nu-dot column (last) and the nu row of the second block row (last) vanish in both matrices.
  CHECK(eq31.U.col(2 * lin.nx() - 1).isZero(0.0));
  CHECK(eq31.V.col(2 * lin.nx() - 1).isZero(0.0));
  CHECK(eq31.U.row(2 * lin.nx() - 1).isZero(0.0));
  CHECK(eq31.V.row(2 * lin.nx() - 1).isZero(0.0));
  const Pencil p = full_pencil(lin);
  CHECK(p.U.rows() == 2 * lin.nq + lin.nc());
  // Blocks of 000 Eqs 24-28 for the pendulum: M = m I, K11 = d(J^T nu)/dq = 2 nu I, J^T = [0; -2L].
  CHECK(lin.K11().isApprox(2.0 * lin.nu[0] * Eigen::MatrixXd::Identity(2, 2), 1e-14));
  CHECK(lin.JT()(1, 0) == Approx(-2.0 * def.L).epsilon(1e-15));
  CHECK(lin.R11().isZero(0.0));
}

namespace {

using carvallo::test_models::RollingDiskEuler;
using carvallo::test_models::RollingDiskQuaternion;
using carvallo::test_models::RollingDiskBodyQuaternion;

Reference disk_euler_reference(const RollingDiskEuler& d, double v, double t) {
  const double W = v / d.r;  // spin rate; rolling gives x' = r theta'
  Reference ref;
  ref.q = Eigen::VectorXd::Zero(6);
  ref.q << v * t, 0.0, d.r, 0.0, 0.0, W * t;
  ref.qd = Eigen::VectorXd::Zero(6);
  ref.qd << v, 0.0, 0.0, 0.0, 0.0, W;
  ref.qdd = Eigen::VectorXd::Zero(6);
  ref.t = t;
  return ref;
}

Reference disk_quaternion_reference(const RollingDiskQuaternion& d, double v, double t) {
  const double W = v / d.r;
  Reference ref;
  ref.q = Eigen::VectorXd::Zero(8);
  ref.q << v * t, 0.0, d.r, 1.0, 0.0, 0.0, 0.0, W * t;
  ref.qd = Eigen::VectorXd::Zero(8);
  ref.qd << v, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, W;
  ref.qdd = Eigen::VectorXd::Zero(8);
  ref.t = t;
  return ref;
}

// Upright uniform disk rolling straight at speed v = r W (closed-form linearization).
// Lean phi (about the line of travel), yaw psi, axle inertia Ia = m r^2/2, diametral Id = m r^2/4.
// Yaw: when upright the contact forces act on the vertical through G, so they have no moment about the
//   vertical; the vertical angular momentum Id psi' - Ia W phi (the spin momentum Ia W tilted by the lean)
//   is conserved to first order: Id psi'' = Ia W phi'.
// Lean, moments about the line of contact: (Id + m r^2) phi'' = m g r phi - (Ia + m r^2) W psi', where
//   Ia W psi' is the gyroscopic moment of the spin momentum turned at the yaw rate and m r^2 W psi' =
//   m v psi' r is the moment of the centripetal force m v psi' acting at height r.
// With (phi, phi', psi') as state the characteristic polynomial is s (s^2 - a + b c), a = m g r/(Id + m r^2),
// b = (Ia + m r^2) W/(Id + m r^2), c = Ia W / Id:
//   s^2 = [m g r - (Ia + m r^2) Ia W^2 / Id] / (Id + m r^2) = (4/5)(g - 3 v^2 / r) / r   (uniform disk),
// stable (s = +-i w) iff v^2 > g r / 3. The other eigenvalues are zero: x, y, spin (cyclic), heading,
// steady turning (the s = 0 root above) and the speed.
double disk_s_squared(const carvallo::test_models::DiskCommon& d, double v) {
  const double W = v / d.r, m = d.m, r = d.r;
  return (m * d.g * r - (d.Ia() + m * r * r) * d.Ia() * W * W / d.Id()) / (d.Id() + m * r * r);
}

std::vector<cplx> lean_pair(double s2) {
  const double a = std::sqrt(std::abs(s2));
  return s2 > 0 ? std::vector<cplx>{{a, 0.0}, {-a, 0.0}} : std::vector<cplx>{{0.0, a}, {0.0, -a}};
}

}  // namespace

TEST_CASE("rolling disk (Euler angles, spin last): closed-form lean mode and critical speed sqrt(g r / 3)",
          "[linearization]") {
  const RollingDiskEuler def;
  const Model model(def);
  for (double v : {0.3, 0.8, 1.5, 4.0}) {
    INFO("v = " << v);
    const Linearization lin = linearize(model, disk_euler_reference(def, v, 0.7));
    // The normal force: mu, lambda = contact multipliers; lambda balances gravity (C_q row for z is +1).
    CHECK(lin.nu[0] == Approx(-def.m * def.g).epsilon(1e-13));
    const ModalAnalysis red = reduced_modes(lin);
    CHECK(red.n_dynamic == 2);
    CHECK(red.n_zero == 3);  // heading, steady turning, speed (x, y, spin eliminated as cyclic)
    CHECK(relative_distance(red.eigenvalues(EigenvalueKind::Dynamic), lean_pair(disk_s_squared(def, v))) < 1e-12);
    check_full_against_reduced(lin, 1e-9);
    const ModalAnalysis full = full_pencil_modes(lin);
    CHECK(full.n_zero == 6);
    // The lean mode leans (phi) and yaws; the height z = r cos(phi) does not change at first order.
    const Mode& lean = red.modes.front();
    CHECK(std::abs(lean.shape[4]) > 0.1);
    CHECK(std::abs(lean.shape[2]) < 1e-12);
  }
  const auto cyc = cyclic_coordinates(linearize(model, disk_euler_reference(def, 1.0, 0.0)));
  CHECK(cyc == std::vector<int>{0, 1, 5});  // x, y, spin

  // Critical speed: the lean pair's s^2 = trace(A^2)/2 of the reduced system (every other eigenvalue is
  // exactly zero, so the trace needs no eigen-decomposition near the multiple root at v_c).
  auto s2 = [&](double v) {
    const ReducedSystem sys = reduce(linearize(model, disk_euler_reference(def, v, 0.0)));
    return (sys.A * sys.A).trace() / 2.0;
  };
  CHECK(s2(2.0) == Approx(disk_s_squared(def, 2.0)).epsilon(1e-12));
  const auto root = find_bracketed_root(s2, 0.5, 2.0, s2(0.5), s2(2.0), 1e-12);
  CHECK(std::abs(root.root - std::sqrt(def.g * def.r / 3.0)) < 1e-10);
}

TEST_CASE("rolling disk: Euler angles and Euler parameters give the same eigenvalues", "[linearization]") {
  const RollingDiskEuler euler_def;
  RollingDiskQuaternion quat_def;
  quat_def.m = euler_def.m;
  quat_def.r = euler_def.r;
  const Model euler(euler_def), quat(quat_def);
  for (double v : {0.5, 1.2, 3.0}) {
    INFO("v = " << v);
    const Linearization le = linearize(euler, disk_euler_reference(euler_def, v, 0.3));
    const Linearization lq = linearize(quat, disk_quaternion_reference(quat_def, v, 0.3));
    const ModalAnalysis a = reduced_modes(le), b = reduced_modes(lq);
    CHECK(a.n_dynamic == 2);
    CHECK(b.n_dynamic == 2);
    CHECK(a.n_zero == b.n_zero);
    CHECK(relative_distance(a.eigenvalues(EigenvalueKind::Dynamic), b.eigenvalues(EigenvalueKind::Dynamic)) < 1e-12);
    CHECK(relative_distance(b.eigenvalues(EigenvalueKind::Dynamic), lean_pair(disk_s_squared(quat_def, v))) < 1e-12);
    check_full_against_reduced(lq, 1e-9);
  }
}

TEST_CASE("steady motions: linearization is checked for independence of t0", "[linearization]") {
  const RollingDiskEuler euler_def;
  const Model euler(euler_def);
  const auto good = check_reference_invariance(
      euler, [&](double t) { return disk_euler_reference(euler_def, 1.3, t); }, 0.0, 2.9);
  CHECK(good.invariant);
  CHECK(good.max_relative_difference < 1e-14);

  // The body's own Euler parameters change with the spin and enter M: the matrices depend on t0.
  const RollingDiskBodyQuaternion body_def;
  const Model body(body_def);
  const double v = 1.3, W = v / body_def.r;
  auto reference = [&](double t) {
    Reference ref;  // rotation W t about the axle (y): e = (cos(W t/2), 0, sin(W t/2), 0)
    const double c = std::cos(0.5 * W * t), s = std::sin(0.5 * W * t);
    ref.q = Eigen::VectorXd(7);
    ref.q << v * t, 0.0, body_def.r, c, 0.0, s, 0.0;
    ref.qd = Eigen::VectorXd(7);
    ref.qd << v, 0.0, 0.0, -0.5 * W * s, 0.0, 0.5 * W * c, 0.0;
    ref.qdd = Eigen::VectorXd(7);
    ref.qdd << 0.0, 0.0, 0.0, -0.25 * W * W * c, 0.0, -0.25 * W * W * s, 0.0;
    ref.t = t;
    return ref;
  };
  const auto bad = check_reference_invariance(body, reference, 0.0, 0.4);
  CHECK_FALSE(bad.invariant);
  CHECK(bad.max_relative_difference > 1e-3);
  CHECK(bad.worst.find("e") != std::string::npos);
}

TEST_CASE("linearization rejects references that are not solutions", "[linearization]") {
  carvallo::test_models::CartesianPendulum def;
  const Model model(def);
  Eigen::VectorXd q(2);
  q << def.L * std::sin(0.3), -def.L * std::cos(0.3);  // on the circle but not an equilibrium
  CHECK_THROWS_AS(linearize(model, equilibrium(q)), LinearizationError);
  q << 0.0, -1.1 * def.L;  // off the circle
  CHECK_THROWS_AS(linearize(model, equilibrium(q)), LinearizationError);
  CHECK_THROWS_AS(linearize(model, equilibrium(Eigen::VectorXd::Zero(3))), LinearizationError);
}

#include "carvallo/stability/quadratic_family.hpp"

TEST_CASE("quadratic family: interpolated linearizations equal direct ones; other families are rejected",
          "[linearization]") {
  // Steady rolling of the disk: q̇0 ∝ v, q̈0 = 0, Q_b quadratic and D linear in q̇, so M̄, R̄, K̄ and ν are
  // polynomials of degree <= 2 in v and the interpolation is exact up to round-off (tolerance 1e-11).
  const RollingDiskEuler def;
  const Model model(def);
  const QuadraticLinearizationFamily family(model, [&](double v) { return disk_euler_reference(def, v, 0.0); });
  CHECK(family.verification_residual() < 1e-12);
  for (double v : {0.4, 3.3, 7.0}) {
    const Linearization direct = linearize(model, disk_euler_reference(def, v, 0.0));
    const Linearization interp = family.at(v);
    CHECK((interp.Kbar - direct.Kbar).lpNorm<Eigen::Infinity>() <= 1e-11 * (1.0 + direct.Kbar.lpNorm<Eigen::Infinity>()));
    CHECK((interp.Rbar - direct.Rbar).lpNorm<Eigen::Infinity>() <= 1e-11 * (1.0 + direct.Rbar.lpNorm<Eigen::Infinity>()));
    CHECK(relative_distance(reduced_eigenvalues(interp), reduced_eigenvalues(direct)) < 1e-10);
  }
  // The pendulum about its lower equilibrium rotated by an angle p: q0 is not polynomial in p (and not an
  // equilibrium either unless p = 0; use the equilibrium family of a pendulum with gravity along the rod
  // direction instead): here the rod tension stays m g/(2L) but C_q rotates with cos p, sin p.
  carvallo::test_models::CartesianPendulum pend;
  pend.g = 0.0;  // no gravity: every point of the circle is an equilibrium, nu = 0, C_q = 2 q0 rotates
  const Model pendulum(pend);
  auto circle = [&](double p) {
    Eigen::VectorXd q(2);
    q << pend.L * std::sin(p), -pend.L * std::cos(p);
    return equilibrium(q);
  };
  CHECK_THROWS_AS(QuadraticLinearizationFamily(pendulum, circle, 0.5, 1.3), LinearizationError);
}
