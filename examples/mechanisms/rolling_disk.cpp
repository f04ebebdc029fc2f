// The upright rolling disk (rolling_disk.hpp). Closed forms: docs/examples.md, "Rolling disk".
#include "mechanisms/rolling_disk.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/partitioning.hpp"
#include "carvallo/stability/reduced.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

RollingDisk::RollingDisk() {
  wheel.body.offset = 0;
  wheel.body.kind = blocks::Orientation::EulerAngles;
  wheel.body.seq = blocks::EulerSequence::ZXY;  // yaw, lean, spin: spin last keeps the steady motion time-invariant
  wheel.body.mass = m;
  wheel.body.inertia = Eigen::Vector3d(diametral_inertia(), axial_inertia(), diametral_inertia()).asDiagonal();
  wheel.radius = r;
  wheel.axis = Eigen::Vector3d::UnitY();
  wheel.down = -1.0;  // z up
}

Layout RollingDisk::layout() const {
  return {"rolling disk", wheel.body.coordinate_names("disk", {"yaw", "lean", "spin"}),
          wheel.holonomic_names("ground"), wheel.nonholonomic_names("rolling")};
}

void rolling_disk_steady_state(const RollingDisk& disk, double v, Eigen::VectorXd& q, Eigen::VectorXd& qd) {
  q = Eigen::VectorXd::Zero(6);
  qd = Eigen::VectorXd::Zero(6);
  q[2] = disk.r;
  qd[0] = v;
  qd[5] = v / disk.r;  // rolling: ω × (−r ẑ) = −v x̂ with ω = (v/r) ŷ
}

std::vector<std::complex<double>> rolling_disk_lean_eigenvalues(const RollingDisk& disk, double v) {
  const double Ia = disk.axial_inertia(), Id = disk.diametral_inertia(), m = disk.m, r = disk.r;
  // Lean φ and heading rate ψ̇ linearized about upright rolling at spin rate Ω = v/r:
  //   (I_d + m r²) φ̈ = m g r φ − (I_a + m r²) Ω ψ̇,   I_d ψ̈ = I_a Ω φ̇
  // (angular momentum about the contact line and about the vertical; derivation in docs/examples.md), so
  // with ψ̇ = (I_a Ω / I_d) φ: s² = σ below.
  const double sigma = (m * disk.g * r - (Ia + m * r * r) * Ia * v * v / (Id * r * r)) / (Id + m * r * r);
  if (sigma >= 0) return {std::sqrt(sigma), -std::sqrt(sigma)};
  return {{0.0, std::sqrt(-sigma)}, {0.0, -std::sqrt(-sigma)}};
}

double rolling_disk_critical_speed(const RollingDisk& disk) {
  const double Ia = disk.axial_inertia(), Id = disk.diametral_inertia(), m = disk.m, r = disk.r;
  return std::sqrt(m * disk.g * r * Id * r * r / ((Ia + m * r * r) * Ia));
}

std::vector<Quantity> rolling_disk_settings() {
  return {{"speed", "m/s", "forward speed of the centre (critical speed sqrt(g r / 3) = 0.990 m/s)", 2.0, -100.0, 100.0},
          {"lean", "rad", "initial lean angle (a disturbance of the upright rolling)", 0.05, -1.2, 1.2},
          {"lean_rate", "rad/s", "initial lean rate", 0.0, -100.0, 100.0},
          {"yaw_rate", "rad/s", "initial turning (heading) rate; the centre's velocity follows from rolling", 0.0, -100.0, 100.0}};
}

namespace {

// Which coordinates are cyclic depends on the speed (at rest more are), so their exact zeros are kept and
// dropped with the others: the eigenvalue count is then the same at every speed, as a sweep needs.
const stability::ReducedOptions kKeepCyclic{false};

// The upright rolling's linearization has six zero eigenvalues besides the lean pair: the cyclic x, y and
// spin angle, the heading, the turning rate of the neighbouring steady turns and the spin rate (the
// family of speeds).
constexpr int kStructuralZeros = 6;

stability::EigenvalueFunction disk_eigenvalues(const ModelSetup& setup, const std::string& parameter) {
  setting_values("rolling-disk", rolling_disk_settings(), setup);  // throws for a bad setup
  if (parameter != "speed")
    throw SolverError(SolverError::Kind::InvalidArgument, "rolling-disk: cannot sweep '" + parameter + "' (speed)", 0.0);
  const RollingDisk disk;
  return stability::reduced_eigenvalue_function(
      Model(disk),
      [disk](double v) {
        stability::Reference ref;
        rolling_disk_steady_state(disk, v, ref.q, ref.qd);
        ref.qdd = Eigen::VectorXd::Zero(6);
        return ref;
      },
      kStructuralZeros, kKeepCyclic);
}

}  // namespace

SteadyMotion rolling_disk_steady_motion() {
  SteadyMotion m{"upright, straight rolling at the speed setting", {"speed"}, 0.0, 6.0, kStructuralZeros, &disk_eigenvalues};
  // The thin disk's lean pair is λ² = (4/5)(g/r − 3v²/r²) (from I = m r²/4, J = m r²/2): at 0.49 m/s λ = ±4.4 1/s.
  m.nonlinear_note =
      "Below the critical speed the upright rolling is unstable (at 0.49 m/s the lean grows as e^(4.4 t) while it is "
      "small), yet the disk does not fall: as it leans it turns, and the turning's centrifugal and gyroscopic "
      "moments right it. Its lean settles into a bounded wobble about a steady leaning turn, kept within bounds by "
      "the conserved energy and the disk's two further integrals of motion (the rolling disk is integrable). "
      "Instability of the upright motion means leaving it, not falling.";
  return m;
}

ModelInstance make_rolling_disk(const ModelSetup& setup) {
  if (!setup.variant.empty()) unknown_variant("rolling-disk", setup.variant, {});
  if (!setup.parameters.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "rolling-disk has no parameter table", 0.0);
  auto v = setting_values("rolling-disk", rolling_disk_settings(), setup);
  const RollingDisk disk;
  Eigen::VectorXd q0, qd0;
  rolling_disk_steady_state(disk, v["speed"], q0, qd0);
  // Disturbed: leaning by φ0 about the contact line (the centre moves sideways and down), lean rate φ̇0.
  const double lean = v["lean"], lean_rate = v["lean_rate"];
  q0[4] = lean;
  // Axle a = R_x(φ) ŷ = (0, cos φ, sin φ); the lowest rim point is G + r (0, sin φ, −cos φ), kept at the origin.
  q0[1] = -disk.r * std::sin(lean);
  q0[2] = disk.r * std::cos(lean);
  // The centre's velocity from the rolling constraints at this lean: ω = ψ̇ ẑ + φ̇ x̂ + θ̇ (axle); with ψ̇ = 0,
  // v_G = −ω × (P − G) (the contact point at rest) gives ẏ = −r cos φ φ̇, ż = −r sin φ φ̇, ẋ = r θ̇.
  qd0[4] = lean_rate;
  qd0[1] = -disk.r * std::cos(lean) * lean_rate;
  qd0[2] = -disk.r * std::sin(lean) * lean_rate;
  ModelInstance inst{Model(disk), 0.0, q0, qd0, {}, {}, {}};
  if (const double yaw_rate = v["yaw_rate"]; yaw_rate != 0.0) {
    // A turning rate: yaw, lean and spin rates held, the centre's velocity solved from the rolling
    // constraints (the velocity analysis, 000 Eqs 66-67).
    qd0[3] = yaw_rate;
    const State s = make_consistent(inst.model, State{0.0, q0, qd0}, {{}, {"disk yaw", "disk lean", "disk spin"}});
    inst.q0 = s.q;
    inst.qd0 = s.qd;
  }
  inst.defaults.acceleration = AccelerationMethod::Augmented;
  inst.defaults.integrator = IntegratorMethod::RungeKutta4;
  inst.defaults.stabilizer = "direct";
  inst.defaults.step = 2e-3;
  inst.defaults.duration = 10.0;
  inst.defaults.tolerance = 1e-10;
  inst.defaults.independent_velocities = {"disk yaw", "disk lean", "disk spin"};
  auto coord = [](int i) { return [i](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) { return q[i]; }; };
  auto rate = [](int i) { return [i](const Model&, double, const Eigen::VectorXd&, const Eigen::VectorXd& qd) { return qd[i]; }; };
  inst.probes = {{"lean", "rad", coord(4)},
                 {"yaw", "rad", coord(3)},
                 {"lean_rate", "rad/s", rate(4)},
                 {"yaw_rate", "rad/s", rate(3)},
                 {"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                    return m.energy(q, qd, t);
                  }}};
  inst.body_names = {"disk"};
  inst.body_poses = [disk](const Eigen::VectorXd& q) {
    return std::vector<BodyPose>{{disk.wheel.body.position<double>(q), disk.wheel.body.rotation<double>(q)}};
  };
  const Eigen::Matrix3d about_y = z_towards(Eigen::Vector3d::UnitY());
  Geom face{GeomShape::cylinder, 0, Eigen::Vector3d::Zero(), about_y, Eigen::Vector3d(disk.r, 0.008, 0)};
  face.color = {0.84f, 0.55f, 0.12f, 1};
  inst.geoms.push_back(face);
  Geom rim{GeomShape::torus, 0, Eigen::Vector3d::Zero(), about_y, Eigen::Vector3d(disk.r - 0.01, 0.012, 0)};
  rim.color = {0.25f, 0.25f, 0.28f, 1};
  inst.geoms.push_back(rim);
  // A radial mark shows the spin.
  Geom mark{GeomShape::line, 0, Eigen::Vector3d(0, 0.012, 0)};
  mark.end_body = 0;
  mark.end = Eigen::Vector3d(disk.r - 0.02, 0.012, 0);
  mark.size.x() = 0.02;
  mark.color = {0.12f, 0.39f, 0.75f, 1};
  inst.geoms.push_back(mark);
  inst.traces = {{"contact", {0.20f, 0.30f, 0.60f, 1},
                  [disk](const Model&, const Eigen::VectorXd& q) { return disk.wheel.contact_point<double>(q); }}};
  inst.joints = {trace_joint("rolling contact", inst.traces[0])};
  inst.view.up = Eigen::Vector3d::UnitZ();
  inst.view.forward = Eigen::Vector3d::UnitX();
  inst.view.planar = false;
  return inst;
}

}  // namespace carvallo::examples::mechanisms
