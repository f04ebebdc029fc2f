#include "bicycle/turns.hpp"

#include "bicycle/simulation.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/stability/bracketed_root.hpp"
#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/reduced.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>

#include <algorithm>
#include <array>
#include <limits>
#include <cmath>
#include <numbers>
#include <string>

namespace carvallo::bicycle {

namespace mi = multibody_index;
constexpr std::array<int, 4> kBodies = {mi::rear_wheel, mi::rear_frame, mi::front_frame, mi::front_wheel};

double TurnResidual::max_abs() const {
  return std::max({std::abs(lean), std::abs(steer), std::abs(pitch), std::abs(yaw)});
}

TurnSolver::TurnSolver(const Parameters& p, double steer_torque)
    : parameters_(p), bike_(make_multibody_bicycle(p)), model_(bike_), steer_torque_(steer_torque),
      solver_(make_acceleration_solver(AccelerationMethod::Augmented)) {
  if (steer_torque != 0.0) {
    bike_.rider.steer.constant = steer_torque;
    model_ = Model(bike_);
  }
}

State TurnSolver::state(double lean, double steer, double speed) const {
  InitialMotion m;
  m.speed = speed;
  m.roll = lean;
  m.steer = steer;
  return multibody_initial_state(model_, bike_, m);
}

Eigen::VectorXd TurnSolver::accelerations(const State& s) const {
  AccelerationResult r;
  solver_->solve(model_, s.t, s.q, s.qd, BaumgarteGains{}, r);
  return r.qdd;
}

TurnResidual TurnSolver::residual(double lean, double steer, double speed) const {
  return residual_at(state(lean, steer, speed));
}

TurnResidual TurnSolver::residual_at(const State& s) const { return residual_from(s, accelerations(s)); }

TurnResidual TurnSolver::residual_from(const State& s, const Eigen::VectorXd& qdd) const {
  TurnResidual r;
  r.lean = qdd[mi::rear_frame + mi::roll];
  r.pitch = qdd[mi::rear_frame + mi::pitch];
  r.yaw = qdd[mi::rear_frame + mi::yaw];
  r.steer = steer_acceleration(bike_, s.q, s.qd, qdd);
  return r;
}

TurnSolver::Ab TurnSolver::shape_terms(double lean, double steer) const {
  // F(δ, v) = a + v² b exactly (see the header): two acceleration solves, at v = 0 and v = 1.
  Ab out;
  try {
    // One configuration (the pitch does not depend on the speed), one factorization of the rate equations
    // for both speeds, and one of the equations of motion (AccelerationSolver::solve_pair).
    InitialMotion m;
    m.roll = lean;
    m.steer = steer;
    State still, moving;
    still.q = moving.q = multibody_initial_configuration(bike_, m);
    const RateSolver rates(model_, bike_, still.q);
    still.qd = rates.solve(0.0, 0.0, 0.0);
    moving.qd = rates.solve(0.0, 0.0, 1.0);
    AccelerationResult at_rest, at_speed;
    solver_->solve_pair(model_, 0.0, still.q, still.qd, moving.qd, at_rest, at_speed);
    const TurnResidual r0 = residual_from(still, at_rest.qdd);
    const TurnResidual r1 = residual_from(moving, at_speed.qdd);
    out.a = {r0.lean, r0.steer};
    out.b = Eigen::Vector2d(r1.lean, r1.steer) - out.a;
    out.ok = out.a.allFinite() && out.b.allFinite();
  } catch (const Error&) {
    out.ok = false;  // no contact or singular rates at this steer: not a turn, skip the interval
  }
  return out;
}

namespace {

double cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

}  // namespace

std::optional<SteadyTurn> TurnSolver::make_turn(double lean, double steer, const TurnOptions& options) const {
  const Ab t = shape_terms(lean, steer);
  if (!t.ok || !(t.b.squaredNorm() > 0.0)) return std::nullopt;
  const double u = -t.a.dot(t.b) / t.b.squaredNorm();
  // Antiparallel only: parallel a and b (u < 0) would need an imaginary speed.
  if (!(u > 0.0)) return std::nullopt;
  const double v = std::sqrt(u);
  SteadyTurn turn;
  turn.lean = lean;
  turn.steer = steer;
  turn.speed = v;
  turn.steer_torque = steer_torque_;
  turn.family = std::abs(steer) < 0.5 * std::numbers::pi ? kHandlebarForward : kHandlebarReversed;
  try {
    turn.state = state(lean, steer, v);
  } catch (const Error&) {
    return std::nullopt;
  }
  turn.accelerations = accelerations(turn.state);
  // A sign change of a × b where a or b jumps (a fold of the contact geometry) is no zero of F.
  const TurnResidual r = residual(lean, steer, v);
  const double scale = 1.0 + t.a.norm() + u * t.b.norm();
  if (!(r.max_abs() <= 1e-6 * scale)) return std::nullopt;
  turn.pitch = turn.state.q[mi::rear_frame + mi::pitch];
  turn.yaw_rate = turn.state.qd[mi::rear_frame + mi::yaw];
  turn.radius = std::abs(turn.yaw_rate) > 0.0 ? v / std::abs(turn.yaw_rate) : std::numeric_limits<double>::infinity();
  if (options.stability) add_stability(turn);
  return turn;
}

void TurnSolver::add_stability(SteadyTurn& turn) const {
  turn.eigenvalues = eigenvalues(turn);
  turn.stable = std::all_of(turn.eigenvalues.begin(), turn.eigenvalues.end(),
                            [](const std::complex<double>& s) { return s.real() < 0.0; });
}

std::optional<SteadyTurn> TurnSolver::in_bracket(double lean, double lo, double hi, const TurnOptions& options) const {
  auto g = [&](double steer) {
    const Ab t = shape_terms(lean, steer);
    if (!t.ok) throw stability::RootFindingError("no state");
    // Normalized so that the magnitude of a and b (which grow with the lean) does not matter.
    return cross(t.a, t.b) / (1e-300 + t.a.norm() * t.b.norm());
  };
  try {
    const double glo = g(lo), ghi = g(hi);
    if (glo * ghi > 0.0) return std::nullopt;
    const auto root = stability::find_bracketed_root(g, lo, hi, glo, ghi, options.steer_tolerance, 400);
    return make_turn(lean, root.root, options);
  } catch (const stability::RootFindingError&) {
    return std::nullopt;
  }
}

std::vector<SteadyTurn> TurnSolver::at_lean(double lean, const TurnOptions& options) const {
  LeanScan scan(*this, lean, options);
  while (!scan.done()) scan.step(1 << 30);
  return scan.turns();
}

std::vector<double> steer_grid(double lean, int samples, double local_span) {
  std::vector<double> steer;
  const int n0 = std::max(samples, 16);
  const double pi = std::numbers::pi;
  for (int k = 0; k < n0; ++k) steer.push_back(-pi + 2.0 * pi * (k + 0.5) / n0);  // never exactly ±π/2 or π
  // Near upright, a × b is a quadratic form in (φ, δ): for small φ it has two zeros δ = O(φ) (the turn
  // bifurcating from the capsize speed and a spurious one with v² < 0), closer together than the grid.
  // A local grid of spacing at most φ/20 over |δ| ≤ local_span |φ| (at most 0.5 rad) separates them.
  // (Only below |φ| = 1/60 before: at φ = 0.02, the playground's first lean, a wheelbase of 0.6 m lost
  // the capsize family, its two zeros 0.002 rad apart.)
  // Likewise about δ = ±π, the handlebar reversed, from whose straight running the reversed family
  // bifurcates: at φ = 0.01 its turn (δ = −π + 0.0016) and the spurious zero beside it fell between two
  // samples, and `turn --lean 0.01` lost the family that --leans found (a tester).
  if (std::abs(lean) < 0.05) {
    const double span = std::min(local_span * std::abs(lean), 0.5);
    const int half = static_cast<int>(std::lround(20.0 * std::max(local_span, 0.0)));  // spacing ≤ |φ|/20
    for (int k = -half; k <= half; ++k) {
      const double d = span * (k + 0.5) / (half + 0.5);
      steer.push_back(d);
      steer.push_back(d > 0 ? d - pi : d + pi);  // π + d, wrapped into (−π, π)
    }
  }
  std::sort(steer.begin(), steer.end());
  return steer;
}

TurnSolver::Condition TurnSolver::condition(double lean, double steer) const {
  const Ab t = shape_terms(lean, steer);
  Condition c;
  if (!t.ok || !(t.b.squaredNorm() > 0.0) || !(t.a.squaredNorm() > 0.0)) return c;
  c.g = cross(t.a, t.b) / (t.a.norm() * t.b.norm());
  c.speed_squared = -t.a.dot(t.b) / t.b.squaredNorm();
  c.ok = std::isfinite(c.g) && std::isfinite(c.speed_squared);
  return c;
}

LeanScan::LeanScan(const TurnSolver& solver, double lean, const TurnOptions& options)
    : solver_(solver), lean_(lean), options_(options) {
  if (!(std::abs(lean) < 0.5 * std::numbers::pi))
    throw SolverError(SolverError::Kind::InvalidArgument, "steady turns: the lean must be within +-pi/2 rad", 0.0);
  steer_ = steer_grid(lean, options.steer_samples);
  g_.assign(steer_.size(), 0.0);
  ok_.assign(steer_.size(), false);
}

void LeanScan::step(int work) {
  constexpr int kRefineCost = 40;
  const double pi = std::numbers::pi;
  while (work > 0 && next_sample_ < steer_.size()) {
    const auto k = next_sample_++;
    const TurnSolver::Ab t = solver_.shape_terms(lean_, steer_[k]);
    ok_[k] = t.ok;
    g_[k] = t.ok ? cross(t.a, t.b) / (1e-300 + t.a.norm() * t.b.norm()) : 0.0;
    --work;
    if (next_sample_ < steer_.size()) continue;
    // The scan is complete: the sign changes of a × b, the last one across ±π.
    const std::size_t n = steer_.size();
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = (i + 1) % n;
      if (!ok_[i] || !ok_[j] || g_[i] * g_[j] > 0.0) continue;
      if (g_[i] == 0.0 && g_[j] == 0.0) continue;
      brackets_.emplace_back(steer_[i], j == 0 ? steer_[j] + 2.0 * pi : steer_[j]);
    }
  }
  while (work > 0 && next_bracket_ < brackets_.size()) {
    const auto [lo, hi] = brackets_[next_bracket_++];
    work -= kRefineCost;
    auto turn = solver_.in_bracket(lean_, lo, hi, options_);
    if (!turn) continue;
    if (turn->steer > pi) turn->steer -= 2.0 * pi;
    const bool duplicate = std::any_of(turns_.begin(), turns_.end(), [&](const SteadyTurn& o) {
      return std::abs(o.steer - turn->steer) < 1e-9;
    });
    if (duplicate) continue;
    turns_.push_back(std::move(*turn));
    std::sort(turns_.begin(), turns_.end(), [](const SteadyTurn& x, const SteadyTurn& y) { return x.steer < y.steer; });
  }
}

// ---- stability --------------------------------------------------------------------------------------

namespace {

Eigen::VectorXd least_squares(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, double& residual) {
  const Eigen::VectorXd x = A.colPivHouseholderQr().solve(b);
  residual = (A * x - b).norm() / (1.0 + b.norm());
  return x;
}

// G: the rotation generator about the vertical on every body's (x, y); G e_x = e_y, G e_y = −e_x.
Eigen::MatrixXd rotation_generator(int nq) {
  Eigen::MatrixXd G = Eigen::MatrixXd::Zero(nq, nq);
  for (int body : kBodies) {
    G(body + mi::y, body + mi::x) = 1.0;
    G(body + mi::x, body + mi::y) = -1.0;
  }
  return G;
}

}  // namespace

std::vector<std::complex<double>> TurnSolver::eigenvalues(const SteadyTurn& turn) const {
  const State& s = turn.state;
  const int nq = model_.nq();
  const double omega = turn.yaw_rate;
  stability::Linearization lin = stability::linearize(model_, stability::Reference{s.q, s.qd, turn.accelerations, s.t});

  // Co-rotating variables z = Pᵀ δq (see the header).
  const Eigen::MatrixXd G = rotation_generator(nq);
  const Eigen::MatrixXd M = lin.M(), R11 = lin.R11(), Eqd = lin.E_qd();
  lin.Rbar.topLeftCorner(nq, nq) += 2.0 * omega * M * G;
  lin.Kbar.topLeftCorner(nq, nq) += omega * R11 * G + omega * omega * M * G * G;
  lin.Kbar.bottomLeftCorner(lin.nc(), nq) += omega * Eqd * G;

  const stability::ReducedSystem sys = stability::reduce(lin);
  const Eigen::MatrixXd& A = sys.A;
  const Eigen::Index n = A.rows(), m = sys.Nh.cols();
  const Eigen::Index ncyc = sys.cyclic_eliminated ? static_cast<Eigen::Index>(sys.cyclic.size()) : 0;
  constexpr int kGroup = 3;
  if (n != 4 + kGroup + 1)
    throw stability::LinearizationError(std::string("steady turn: the reduced system has ") + std::to_string(n) +
                                        " states, expected 8 (4 roll/steer + 4 structural)");

  // Structural motions (z, ż): translations x and y, rotation about the vertical through the origin.
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(nq, kGroup), ad = a;
  Eigen::VectorXd qpos = Eigen::VectorXd::Zero(nq), qdpos = Eigen::VectorXd::Zero(nq);
  for (int body : kBodies) {
    a(body + mi::x, 0) = 1.0;
    ad(body + mi::y, 0) = -omega;
    a(body + mi::y, 1) = 1.0;
    ad(body + mi::x, 1) = omega;
    a(body + mi::yaw, 2) = 1.0;
    for (int k : {mi::x, mi::y}) {
      qpos[body + k] = s.q[body + k];
      qdpos[body + k] = s.qd[body + k];
    }
  }
  a.col(2) += G * qpos;
  ad.col(2) = G * qdpos - omega * (G * (G * qpos));

  Eigen::MatrixXd Y(n, kGroup);
  double worst = 0.0, r = 0.0;
  for (int k = 0; k < kGroup; ++k) {
    const Eigen::VectorXd p = least_squares(sys.Nh, a.col(k), r);
    worst = std::max(worst, r);
    const Eigen::VectorXd pd = least_squares(sys.Nh, ad.col(k), r);
    worst = std::max(worst, r);
    const Eigen::VectorXd u = least_squares(sys.Nv, pd - sys.Ap * p, r);
    worst = std::max(worst, r);
    Y.col(k) << p.tail(m - ncyc), u;
  }

  // Energy (less the work of the constant steer torque) is conserved: its gradient ℓ is a left null
  // vector of A. In (z, ż): ℓ_z = ∂E/∂q + Ω ∂E/∂q̇ G, ℓ_ż = ∂E/∂q̇, with ∂T/∂q = ½ q̇ᵀ ∂(M q̇)/∂q,
  // ∂T/∂q̇ = (M q̇)ᵀ, and ∂(V − T_δ δ)/∂q = −Q_b(q, 0) (gravity and the torque at rest).
  Eigen::MatrixXd Mqd_q;
  model_.Ma_q(s.q, s.t, s.qd, Mqd_q);
  Eigen::VectorXd Qrest;
  model_.Q_b(s.q, Eigen::VectorXd::Zero(nq), s.t, Qrest);
  const Eigen::RowVectorXd l_qd = (M * s.qd).transpose();
  const Eigen::RowVectorXd l_z = 0.5 * s.qd.transpose() * Mqd_q - Qrest.transpose() + omega * l_qd * G;
  // The reduced state y = [p (cyclic entries removed); u] as (z, ż): z = N_h p, ż = N_h (A_p p + N_v u).
  Eigen::RowVectorXd ell(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    Eigen::VectorXd p = Eigen::VectorXd::Zero(m), u = Eigen::VectorXd::Zero(sys.Nv.cols());
    if (k < m - ncyc) p[ncyc + k] = 1.0;
    else u[k - (m - ncyc)] = 1.0;
    const Eigen::VectorXd z = sys.Nh * p, zd = sys.Nh * (sys.Ap * p + sys.Nv * u);
    ell[k] = l_z.dot(z) + l_qd.dot(zd);
  }

  // Basis [Y, W, n]: Y the group motions, [Y, W] = ker ℓ, n ∉ ker ℓ. In it A is block upper triangular
  // with diagonal blocks (group, roll/steer, 0).
  const Eigen::VectorXd ell_t = ell.transpose();
  Eigen::HouseholderQR<Eigen::MatrixXd> qr_l(ell_t);
  const Eigen::MatrixXd Ql = qr_l.householderQ();
  const Eigen::MatrixXd K = Ql.rightCols(n - 1);  // orthonormal basis of ker ℓ
  const Eigen::MatrixXd c = K.transpose() * Y;
  Eigen::HouseholderQR<Eigen::MatrixXd> qr_c(c);
  const Eigen::MatrixXd Qc = qr_c.householderQ();
  const Eigen::MatrixXd W = K * Qc.rightCols(n - 1 - kGroup);
  Eigen::MatrixXd B(n, n);
  B << Y, W, ell_t / ell_t.norm();
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(B);
  const Eigen::MatrixXd C = lu.solve(A * B);
  const double scale = 1.0 + A.lpNorm<Eigen::Infinity>();
  const double leak_group = C.block(kGroup, 0, n - kGroup, kGroup).lpNorm<Eigen::Infinity>() / scale;
  const double leak_energy = C.row(n - 1).lpNorm<Eigen::Infinity>() / scale;
  const double in_kernel = (ell * Y).lpNorm<Eigen::Infinity>() / (1.0 + ell.norm());
  const double bad = std::max({worst, leak_group, leak_energy, in_kernel});
  if (!(bad <= 1e-7))
    throw stability::LinearizationError(
        std::string("steady turn: the structural modes (translations, rotation, energy) do not separate (residual ") +
        std::to_string(bad) + ")");
  Eigen::EigenSolver<Eigen::MatrixXd> es(C.block(kGroup, kGroup, 4, 4), false);
  if (es.info() != Eigen::Success)
    throw stability::LinearizationError("steady turn: the eigenvalue iteration did not converge");
  std::vector<std::complex<double>> out;
  for (int i = 0; i < 4; ++i) out.push_back(es.eigenvalues()(i));
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.real() != y.real() ? x.real() < y.real() : x.imag() < y.imag();
  });
  return out;
}

}  // namespace carvallo::bicycle
