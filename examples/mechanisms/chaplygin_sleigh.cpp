// The Chaplygin sleigh (chaplygin_sleigh.hpp). Closed form: docs/examples.md, "Chaplygin sleigh".
#include "mechanisms/chaplygin_sleigh.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stability/reduced.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

double chaplygin_sleigh_eigenvalue(const ChaplyginSleigh& sleigh, double v) {
  // Body-frame equations (forward speed u of G, turning rate ω; the blade's side force acts at P):
  //   u̇ = a ω²,   (I + m a²) ω̇ = −m a u ω   (Neimark & Fufaev Ch. III; derived in docs/examples.md),
  // so about ω = 0, u = v: δω̇ = −m a v / (I + m a²) δω, and δu̇ = 0.
  return -sleigh.m * sleigh.a * v / (sleigh.I + sleigh.m * sleigh.a * sleigh.a);
}

std::vector<Quantity> chaplygin_sleigh_settings() {
  return {{"speed", "m/s", "speed of the mass centre along the blade (> 0: blade trailing, stable)", 1.0, -100.0, 100.0},
          {"yaw_rate", "rad/s", "initial turning rate (a disturbance of the straight glide)", 0.5, -100.0, 100.0}};
}

namespace {

// Which coordinates are cyclic depends on the speed (at rest more are), so their exact zeros are kept and
// dropped with the others: the eigenvalue count is then the same at every speed, as a sweep needs.
const stability::ReducedOptions kKeepCyclic{false};

// Straight gliding along +x: four zero eigenvalues besides λ: the cyclic x and y, the heading and the
// speed (the family of glides).
constexpr int kStructuralZeros = 4;

stability::EigenvalueFunction sleigh_eigenvalues(const ModelSetup& setup, const std::string& parameter) {
  setting_values("chaplygin-sleigh", chaplygin_sleigh_settings(), setup);  // throws for a bad setup
  if (parameter != "speed")
    throw SolverError(SolverError::Kind::InvalidArgument, "chaplygin-sleigh: cannot sweep '" + parameter + "' (speed)", 0.0);
  const ChaplyginSleigh sleigh;
  return stability::reduced_eigenvalue_function(
      Model(sleigh),
      [](double v) {
        stability::Reference ref;
        ref.q = Eigen::VectorXd::Zero(3);
        ref.qd = Eigen::Vector3d(v, 0.0, 0.0);
        ref.qdd = Eigen::VectorXd::Zero(3);
        return ref;
      },
      kStructuralZeros, kKeepCyclic);
}

}  // namespace

SteadyMotion chaplygin_sleigh_steady_motion() {
  return {"straight gliding at the speed setting", {"speed"}, -6.0, 6.0, kStructuralZeros, &sleigh_eigenvalues};
}

ModelInstance make_chaplygin_sleigh(const ModelSetup& setup) {
  if (!setup.variant.empty()) unknown_variant("chaplygin-sleigh", setup.variant, {});
  if (!setup.parameters.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "chaplygin-sleigh has no parameter table", 0.0);
  auto v = setting_values("chaplygin-sleigh", chaplygin_sleigh_settings(), setup);
  const ChaplyginSleigh sleigh;
  // Heading 0, G at the origin; the blade row at θ = 0 is ẏ = a θ̇.
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(3), qd0(3);
  qd0 << v["speed"], sleigh.a * v["yaw_rate"], v["yaw_rate"];
  ModelInstance inst{Model(sleigh), 0.0, q0, qd0, {}, {}, {}};
  inst.defaults.acceleration = AccelerationMethod::Augmented;
  inst.defaults.integrator = IntegratorMethod::RungeKutta4;
  inst.defaults.stabilizer = "none";
  inst.defaults.step = 2e-3;
  inst.defaults.duration = 10.0;
  inst.defaults.independent_velocities = {"sleigh.x", "sleigh.theta"};
  auto rate = [](int i) { return [i](const Model&, double, const Eigen::VectorXd&, const Eigen::VectorXd& qd) { return qd[i]; }; };
  inst.probes = {{"heading", "rad", [](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) { return q[2]; }},
                 {"yaw_rate", "rad/s", rate(2)},
                 {"forward_speed", "m/s", [](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                    return std::cos(q[2]) * qd[0] + std::sin(q[2]) * qd[1];  // of G along the blade
                  }},
                 {"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                    return m.energy(q, qd, t);
                  }}};
  inst.body_names = {"sleigh"};
  inst.body_poses = [](const Eigen::VectorXd& q) {
    return std::vector<BodyPose>{{Eigen::Vector3d(q[0], q[1], 0.05), axis_rotation(Eigen::Vector3d::UnitZ(), q[2])}};
  };
  // A flat board from the blade to ahead of G, the blade under it, a mass at G.
  Geom board{GeomShape::box, 0, Eigen::Vector3d(-0.05, 0, 0), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.4, 0.15, 0.015)};
  board.color = {0.55f, 0.40f, 0.25f, 1};
  inst.geoms.push_back(board);
  Geom blade{GeomShape::box, 0, Eigen::Vector3d(-sleigh.a, 0, -0.025), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.08, 0.004, 0.025)};
  blade.color = {0.30f, 0.32f, 0.36f, 1};
  inst.geoms.push_back(blade);
  Geom weight{GeomShape::sphere, 0, Eigen::Vector3d(0, 0, 0.06), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.06, 0, 0)};
  weight.color = {0.84f, 0.35f, 0.12f, 1};
  inst.geoms.push_back(weight);
  inst.traces = {{"blade", {0.20f, 0.30f, 0.60f, 1}, [sleigh](const Model&, const Eigen::VectorXd& q) {
                    return Eigen::Vector3d(q[0] - sleigh.a * std::cos(q[2]), q[1] - sleigh.a * std::sin(q[2]), 0.0);
                  }}};
  inst.joints = {trace_joint("knife edge", inst.traces[0])};
  inst.view.up = Eigen::Vector3d::UnitZ();
  inst.view.forward = Eigen::Vector3d::UnitX();
  inst.view.planar = false;
  return inst;
}

}  // namespace carvallo::examples::mechanisms
