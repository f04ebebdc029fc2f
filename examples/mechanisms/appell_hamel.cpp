// 001 Example 1, data and initial conditions after Eq 100: a = 1 m, b = 0.5 m, ρ = 5 m, m = 1 kg,
// M = 5 kg, z0 = 30 m; θ̇ = φ̇ = 1 rad/s, ẋ = 1 m/s, ẏ = 5 m/s, ż = −0.5 m/s, z = 30 m, θ = φ = x = y = 0.
// These satisfy Eqs 57-59 and 101-102 exactly.
//
// Not given by 001: the wheel's moment of inertia I (assumed M a²/2 = 2.5 kg m²), g (9.81 m/s²), the
// integrator for this example (001 used Kutta–Merson for Example 2; we use RK4) and the time span of
// Figs 2-9 (we run 50 s at Δt = 0.01 s). The paper's runs are unstabilized ("none"): the energy integral
// of Eq 103 then drifts, less with the nonlinear constraint (Fig. 9).

#include "mechanisms/appell_hamel.hpp"

#include "carvallo/errors.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

std::vector<Quantity> appell_hamel_settings() {
  return {{"theta_dot", "rad/s", "initial heading rate of the wheel (001: 1 rad/s); the weight's velocity follows from rolling", 1.0, -10.0, 10.0},
          {"phi_dot", "rad/s", "initial rolling rate of the wheel (001: 1 rad/s); the thread lowers the weight by b per radian", 1.0, -10.0, 10.0}};
}

ModelInstance make_appell_hamel(const ModelSetup& setup) {
  const std::vector<std::string> variants{"nonlinear", "linear"};
  const std::string v = setup.variant.empty() ? variants[0] : setup.variant;
  if (v != "nonlinear" && v != "linear") unknown_variant("appell-hamel", setup.variant, variants);
  if (!setup.parameters.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "appell-hamel has no parameter table", 0.0);
  auto rates = setting_values("appell-hamel", appell_hamel_settings(), setup);
  AppellHamel def;
  def.nonlinear = (v == "nonlinear");
  // At θ = φ = 0 the rolling constraints (Eqs 101-102, and Eqs 57-58 with the same sign of φ̇) give the
  // weight's velocity ẋ = a φ̇, ẏ = ρ θ̇, and the thread (Eq 59) ż = −b φ̇: 001's (1, 5, −0.5) m/s at
  // θ̇ = φ̇ = 1 rad/s.
  const double theta_dot = rates["theta_dot"], phi_dot = rates["phi_dot"];
  Eigen::VectorXd q0(5), qd0(5);
  q0 << 0.0, 0.0, 0.0, 0.0, def.z0;
  qd0 << theta_dot, phi_dot, def.a * phi_dot, def.rho * theta_dot, -def.b * phi_dot;
  ModelInstance inst{Model(def), 0.0, q0, qd0, {}, {}, {}};
  inst.defaults.acceleration = AccelerationMethod::Augmented;
  inst.defaults.stabilizer = "none";
  inst.defaults.integrator = IntegratorMethod::RungeKutta4;
  inst.defaults.step = 1e-2;
  inst.defaults.duration = 50.0;
  inst.defaults.independent_velocities = {"theta", "phi"};  // 001 Eq 63: u_I = (θ̇, φ̇)
  auto coord = [](int i) {
    return [i](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) { return q[i]; };
  };
  auto rate = [](int i) {
    return [i](const Model&, double, const Eigen::VectorXd&, const Eigen::VectorXd& qd) { return qd[i]; };
  };
  inst.probes = {{"theta", "rad", coord(0)},
                 {"phi", "rad", coord(1)},
                 {"theta_dot", "rad/s", rate(0)},
                 {"phi_dot", "rad/s", rate(1)},
                 {"x", "m", coord(2)},
                 {"y", "m", coord(3)},
                 {"z", "m", coord(4)},
                 {"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                    return m.energy(q, qd, t);  // 001 Eq 103 (wheel potential M g a instead of the printed ½M g a)
                  }}};
  // Bodies: the wheel (heading θ, rolling angle φ about its axle), the rod carrying the thread from the
  // wheel's centre to the vertical bar (heading only), the weight P.
  inst.body_names = {"wheel", "rod", "weight"};
  inst.body_poses = [def](const Eigen::VectorXd& q) {
    const Eigen::Matrix3d heading = axis_rotation(Eigen::Vector3d::UnitZ(), q[0]);
    const Eigen::Vector3d o = def.wheel_centre(q);
    // Rolling forward along the heading turns the wheel about +y of its frame (φ̇ > 0 moves o forward, Eq 101).
    return std::vector<BodyPose>{{o, heading * axis_rotation(Eigen::Vector3d::UnitY(), q[1])},
                                 {o, heading},
                                 {def.weight_position(q), heading}};
  };
  const Rgba steel{0.55f, 0.57f, 0.62f, 1}, blue{0.12f, 0.39f, 0.75f, 1}, orange{0.84f, 0.35f, 0.12f, 1};
  const Eigen::Matrix3d about_y = z_towards(Eigen::Vector3d::UnitY());
  Geom tyre{GeomShape::torus, 0, Eigen::Vector3d::Zero(), about_y, Eigen::Vector3d(def.a - 0.05, 0.05, 0)};
  tyre.color = {0.13f, 0.13f, 0.14f, 1};
  inst.geoms.push_back(tyre);
  for (int k = 0; k < 8; ++k) {
    const double ang = 2.0 * 3.141592653589793 * k / 8;
    Geom spoke{GeomShape::line, 0, Eigen::Vector3d::Zero()};
    spoke.end_body = 0;
    spoke.end = Eigen::Vector3d(std::cos(ang), 0, std::sin(ang)) * (def.a - 0.08);
    spoke.size.x() = 0.015;
    spoke.color = steel;
    inst.geoms.push_back(spoke);
  }
  Geom axle{GeomShape::cylinder, 0, Eigen::Vector3d::Zero(), about_y, Eigen::Vector3d(0.06, 0.15, 0)};
  axle.color = steel;
  inst.geoms.push_back(axle);
  Geom rod{GeomShape::line, 1, Eigen::Vector3d::Zero()};
  rod.end_body = 1;
  rod.end = Eigen::Vector3d(def.rho, 0, 0);
  rod.size.x() = 0.04;
  rod.color = blue;
  inst.geoms.push_back(rod);
  // The vertical bar P slides along, from the ground to above the thread's start height z0.
  Geom bar{GeomShape::line, 1, Eigen::Vector3d(def.rho, 0, -def.a)};
  bar.end_body = 1;
  bar.end = Eigen::Vector3d(def.rho, 0, def.z0 + 1.0 - def.a);
  bar.size.x() = 0.04;
  bar.color = blue;
  inst.geoms.push_back(bar);
  Geom weight{GeomShape::box, 2, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.3, 0.3, 0.3)};
  weight.color = orange;
  inst.geoms.push_back(weight);
  inst.traces = {{"wheel contact", {0.20f, 0.30f, 0.60f, 1}, [def](const Model&, const Eigen::VectorXd& q) {
                    const Eigen::Vector3d o = def.wheel_centre(q);
                    return Eigen::Vector3d(o.x(), o.y(), 0.0);
                  }}};
  inst.joints = {body_joint("axle", inst.body_poses, 1), body_joint("thread on bar", inst.body_poses, 1, Eigen::Vector3d(def.rho, 0, 0)),
                 trace_joint("rolling contact", inst.traces[0])};
  inst.view.up = Eigen::Vector3d::UnitZ();
  inst.view.forward = Eigen::Vector3d::UnitX();
  inst.view.planar = false;
  return inst;
}

}  // namespace carvallo::examples::mechanisms

template class carvallo::detail::ModelImpl<carvallo::examples::mechanisms::AppellHamel>;
