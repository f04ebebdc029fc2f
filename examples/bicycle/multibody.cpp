#include "bicycle/multibody.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stability/full_pencil.hpp"
#include "carvallo/stability/sweep.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <string>

namespace carvallo::bicycle {

namespace mi = multibody_index;
using blocks::RigidBody3D;

namespace {

RigidBody3D make_body(int offset, double mass, const Eigen::Matrix3d& inertia) {
  RigidBody3D b;
  b.offset = offset;
  b.kind = blocks::Orientation::EulerAngles;
  b.seq = blocks::EulerSequence::ZXY;  // yaw, roll, then pitch/spin about the body's y axis
  b.mass = mass;
  b.inertia = inertia;
  return b;
}

Eigen::Matrix3d frame_inertia(double Ixx, double Iyy, double Izz, double Ixz) {
  Eigen::Matrix3d I;
  I << Ixx, 0.0, Ixz, 0.0, Iyy, 0.0, Ixz, 0.0, Izz;
  return I;
}

// Mass-centre positions in the upright reference configuration (global = body axes there).
Eigen::Vector3d rear_wheel_centre(const Parameters& p) { return {0.0, 0.0, -p.rR}; }
Eigen::Vector3d front_wheel_centre(const Parameters& p) { return {p.w, 0.0, -p.rF}; }

void check_physical(const Parameters& p) {
  const auto issues = validate(p);
  if (issues.empty()) return;
  std::string msg = "multibody bicycle: unphysical parameters: ";
  for (std::size_t i = 0; i < issues.size(); ++i) msg += (i ? "; " : "") + to_string(issues[i]);
  throw ModelError(msg);
}

std::vector<std::string> append(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

Eigen::VectorXd multibody_upright_configuration(const Parameters& p) {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(mi::count);
  q.segment<3>(mi::rear_wheel) = rear_wheel_centre(p);
  q.segment<3>(mi::rear_frame) = Eigen::Vector3d(p.xB, 0.0, p.zB);
  q.segment<3>(mi::front_frame) = Eigen::Vector3d(p.xH, 0.0, p.zH);
  q.segment<3>(mi::front_wheel) = front_wheel_centre(p);
  return q;
}

MultibodyBicycle make_multibody_bicycle(const Parameters& p) {
  check_physical(p);
  MultibodyBicycle b;
  b.parameters = p;
  b.rear_wheel = make_body(mi::rear_wheel, p.mR, frame_inertia(p.IRxx, p.IRyy, p.IRxx, 0.0));
  b.rear_frame = make_body(mi::rear_frame, p.mB, frame_inertia(p.IBxx, p.IByy, p.IBzz, p.IBxz));
  b.front_frame = make_body(mi::front_frame, p.mH, frame_inertia(p.IHxx, p.IHyy, p.IHzz, p.IHxz));
  b.front_wheel = make_body(mi::front_wheel, p.mF, frame_inertia(p.IFxx, p.IFyy, p.IFxx, 0.0));
  const Eigen::VectorXd q0 = multibody_upright_configuration(p);
  const Eigen::Vector3d ey = Eigen::Vector3d::UnitY();
  // The steer axis meets the ground at the trail c ahead of the front contact and leans back by lambda:
  // pointing down it is (sin lambda, 0, cos lambda).
  const Eigen::Vector3d steer_point(p.w + p.c, 0.0, 0.0);
  const Eigen::Vector3d steer_axis(std::sin(p.lambda), 0.0, std::cos(p.lambda));
  b.rear_skate = p.rR == 0.0;
  b.front_skate = p.rF == 0.0;
  if (b.rear_skate) b.rear_skate_mount = blocks::RigidJoint3D::assemble(b.rear_frame, b.rear_wheel, q0, rear_wheel_centre(p));
  else b.rear_hub = blocks::RevoluteJoint3D::assemble(b.rear_frame, b.rear_wheel, q0, rear_wheel_centre(p), ey);
  b.steer = blocks::RevoluteJoint3D::assemble(b.rear_frame, b.front_frame, q0, steer_point, steer_axis);
  if (b.front_skate)
    b.front_skate_mount = blocks::RigidJoint3D::assemble(b.front_frame, b.front_wheel, q0, front_wheel_centre(p));
  else b.front_hub = blocks::RevoluteJoint3D::assemble(b.front_frame, b.front_wheel, q0, front_wheel_centre(p), ey);
  b.rear_contact.body = b.rear_wheel;
  b.rear_contact.radius = p.rR;
  b.rear_contact.longitudinal = !b.rear_skate;
  b.front_contact.body = b.front_wheel;
  b.front_contact.radius = p.rF;
  b.front_contact.longitudinal = !b.front_skate;
  b.gravity = Eigen::Vector3d(0.0, 0.0, p.g);  // z down
  b.steer_axis = steer_axis;
  return b;
}

MultibodyBicycle make_multibody_bicycle(const Parameters& p, const RiderTorques& rider) {
  MultibodyBicycle b = make_multibody_bicycle(p);
  b.rider = rider;
  return b;
}

Layout MultibodyBicycle::layout() const {
  Layout l;
  l.name = "Whipple-Carvallo bicycle (multibody)";
  const std::vector<std::string> wheel_angles = {"yaw", "roll", "spin"}, frame_angles = {"yaw", "roll", "pitch"};
  l.coordinates = rear_wheel.coordinate_names("rear wheel", wheel_angles);
  l.coordinates = append(l.coordinates, rear_frame.coordinate_names("rear frame", frame_angles));
  l.coordinates = append(l.coordinates, front_frame.coordinate_names("front frame", frame_angles));
  l.coordinates = append(l.coordinates, front_wheel.coordinate_names("front wheel", wheel_angles));
  l.holonomic = rear_skate ? blocks::RigidJoint3D::names("rear skate mount") : blocks::RevoluteJoint3D::names("rear hub");
  l.holonomic = append(l.holonomic, blocks::RevoluteJoint3D::names("steer"));
  l.holonomic = append(l.holonomic, front_skate ? blocks::RigidJoint3D::names("front skate mount")
                                                : blocks::RevoluteJoint3D::names("front hub"));
  l.holonomic = append(l.holonomic, rear_contact.holonomic_names("rear"));
  l.holonomic = append(l.holonomic, front_contact.holonomic_names("front"));
  l.nonholonomic = append(rear_contact.nonholonomic_names("rear"), front_contact.nonholonomic_names("front"));
  return l;
}

stability::Reference multibody_steady_reference(const Parameters& p, double v, double t) {
  stability::Reference ref;
  ref.t = t;
  ref.q = multibody_upright_configuration(p);
  ref.qd = Eigen::VectorXd::Zero(mi::count);
  ref.qdd = Eigen::VectorXd::Zero(mi::count);
  for (int body : {mi::rear_wheel, mi::rear_frame, mi::front_frame, mi::front_wheel}) ref.qd[body + mi::x] = v;
  // Rolling: the contact point of a wheel spinning at rate θ̇ about +y has velocity v + θ̇ r (x forward,
  // z down), so θ̇ = −v / r.
  if (p.rR != 0.0) ref.qd[mi::rear_wheel + mi::pitch] = -v / p.rR;
  if (p.rF != 0.0) ref.qd[mi::front_wheel + mi::pitch] = -v / p.rF;
  ref.q += t * ref.qd;
  return ref;
}

// ---- stability ---------------------------------------------------------------------------------------

MultibodyStability::MultibodyStability(const Parameters& p)
    : parameters_(p), model_(make_multibody_bicycle(p)), qd_unit_(multibody_steady_reference(p, 1.0).qd) {
  // Quadratic dependence on v (see the header): samples at v = -1, 0, 1.
  base_ = linearize(0.0);
  const stability::Linearization plus = linearize(1.0), minus = linearize(-1.0);
  R1_ = 0.5 * (plus.Rbar - minus.Rbar);
  R2_ = 0.5 * (plus.Rbar + minus.Rbar) - base_.Rbar;
  K1_ = 0.5 * (plus.Kbar - minus.Kbar);
  K2_ = 0.5 * (plus.Kbar + minus.Kbar) - base_.Kbar;
  nu1_ = 0.5 * (plus.nu - minus.nu);
  nu2_ = 0.5 * (plus.nu + minus.nu) - base_.nu;
}

stability::Linearization MultibodyStability::linearize(double v) const {
  return stability::linearize(model_, reference(v));
}

stability::Linearization MultibodyStability::interpolated_linearization(double v) const {
  stability::Linearization lin = base_;
  lin.reference = reference(v);
  lin.Rbar += v * R1_ + (v * v) * R2_;
  lin.Kbar += v * K1_ + (v * v) * K2_;
  lin.nu += v * nu1_ + (v * v) * nu2_;
  return lin;
}

namespace {

Eigen::VectorXd least_squares(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, double& residual) {
  const Eigen::VectorXd x = A.colPivHouseholderQr().solve(b);
  residual = (A * x - b).norm() / (1.0 + b.norm());
  return x;
}

}  // namespace

Eigenvalues MultibodyStability::roll_steer_eigenvalues(const stability::Linearization& lin) const {
  const stability::ReducedSystem sys = stability::reduce(lin);
  const Eigen::MatrixXd& A = sys.A;
  const Eigen::Index n = A.rows();
  const Eigen::Index m = sys.Nh.cols();
  const Eigen::Index ncyc = sys.cyclic_eliminated ? static_cast<Eigen::Index>(sys.cyclic.size()) : 0;
  constexpr int kStructural = 4;
  if (n != 4 + kStructural)
    throw stability::LinearizationError("multibody bicycle: the reduced system has " + std::to_string(n) +
                                        " states, expected 8 (4 roll/steer + 4 structural)");

  // The structural motions (a, ȧ) in q: translations, heading, forward speed (see the header).
  const Eigen::VectorXd& q = lin.reference.q;
  const double v = lin.reference.qd[mi::rear_frame + mi::x];
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(mi::count, kStructural), ad = a;
  for (int body : {mi::rear_wheel, mi::rear_frame, mi::front_frame, mi::front_wheel}) {
    a(body + mi::x, 0) = 1.0;
    a(body + mi::y, 1) = 1.0;
    a(body + mi::yaw, 2) = 1.0;
    a(body + mi::y, 2) = q[body + mi::x];
    ad(body + mi::y, 2) = v;
  }
  ad.col(3) = qd_unit_;

  // Into the reduced state y = [p (without cyclic entries); u]: a = N_h p, ȧ = N_h ṗ, ṗ = A_p p + N_v u.
  Eigen::MatrixXd Y(n, kStructural);
  double worst = 0.0, r = 0.0;
  for (int k = 0; k < kStructural; ++k) {
    const Eigen::VectorXd p = least_squares(sys.Nh, a.col(k), r);
    worst = std::max(worst, r);
    const Eigen::VectorXd pd = least_squares(sys.Nh, ad.col(k), r);
    worst = std::max(worst, r);
    const Eigen::VectorXd u = least_squares(sys.Nv, pd - sys.Ap * p, r);
    worst = std::max(worst, r);
    Y.col(k) << p.tail(m - ncyc), u;
  }
  Eigen::HouseholderQR<Eigen::MatrixXd> qr(Y);
  const Eigen::MatrixXd Q = qr.householderQ();
  const Eigen::MatrixXd W = Q.rightCols(n - kStructural), Yq = Q.leftCols(kStructural);
  const double scale = 1.0 + A.lpNorm<Eigen::Infinity>();
  const double leak = (W.transpose() * A * Yq).lpNorm<Eigen::Infinity>() / scale;
  if (!(worst <= 1e-9) || !(leak <= 1e-9))
    throw stability::LinearizationError(
        "multibody bicycle: the structural modes (translations, heading, forward speed) are not an invariant "
        "subspace of the reduced system (residual " + std::to_string(std::max(worst, leak)) + ")");
  const Eigen::Matrix4d B = W.transpose() * A * W;
  Eigen::EigenSolver<Eigen::Matrix4d> es(B, false);
  if (es.info() != Eigen::Success)
    throw stability::LinearizationError("multibody bicycle: the eigenvalue iteration did not converge");
  Eigenvalues out;
  for (int i = 0; i < 4; ++i) out[static_cast<std::size_t>(i)] = es.eigenvalues()(i);
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.real() != y.real() ? x.real() < y.real() : x.imag() < y.imag();
  });
  return out;
}

Eigenvalues MultibodyStability::roll_steer_eigenvalues(double v) const {
  return roll_steer_eigenvalues(interpolated_linearization(v));
}

std::vector<Eigenvalues> MultibodyStability::roll_steer_eigenvalues(const std::vector<double>& speeds) const {
  std::vector<Eigenvalues> out;
  out.reserve(speeds.size());
  for (double v : speeds) out.push_back(roll_steer_eigenvalues(v));
  return out;
}

std::vector<std::complex<double>> MultibodyStability::reduced_eigenvalues(double v) const {
  return stability::reduced_eigenvalues(interpolated_linearization(v));
}

stability::ModalAnalysis MultibodyStability::full_pencil_modes(double v, const stability::ModalOptions& options) const {
  return stability::full_pencil_modes(linearize(v), options);
}

stability::EigenvalueFunction MultibodyStability::eigenvalue_function() const {
  return [self = *this](double v) {
    const Eigenvalues e = self.roll_steer_eigenvalues(v);
    return std::vector<std::complex<double>>(e.begin(), e.end());
  };
}

MultibodyCriticalSpeeds multibody_critical_speeds(const MultibodyStability& stab, double vmax, std::size_t grid) {
  namespace cs = carvallo::stability;
  const cs::EigenvalueFunction f = [&stab](double v) {
    const Eigenvalues e = stab.roll_steer_eigenvalues(v);
    return std::vector<std::complex<double>>(e.begin(), e.end());
  };
  const cs::SweepResult r = cs::sweep_eigenvalues(f, cs::linspace(0.0, vmax, grid));
  MultibodyCriticalSpeeds out;
  for (const auto& b : r.boundaries) {
    if (b.parameter <= 0.0) continue;
    const bool complex_pair = b.branches.size() == 2;
    if (complex_pair && !b.destabilizing && !out.weave_speed) out.weave_speed = b.parameter;
    if (!complex_pair && b.destabilizing && !out.capsize_speed) out.capsize_speed = b.parameter;
  }
  return out;
}

std::vector<Eigenvalues> multibody_roll_steer_eigenvalues(const Parameters& p, const std::vector<double>& speeds) {
  return MultibodyStability(p).roll_steer_eigenvalues(speeds);
}

MultibodyCriticalSpeeds multibody_critical_speeds(const Parameters& p, double vmax, std::size_t grid) {
  return multibody_critical_speeds(MultibodyStability(p), vmax, grid);
}

}  // namespace carvallo::bicycle
