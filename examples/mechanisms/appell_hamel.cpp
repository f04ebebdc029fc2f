// 001 Example 1, data and initial conditions after Eq 100: a = 1 m, b = 0.5 m, ρ = 5 m, m = 1 kg,
// M = 5 kg, z0 = 30 m; θ̇ = φ̇ = 1 rad/s, ẋ = 1 m/s, ẏ = 5 m/s, ż = −0.5 m/s, z = 30 m, θ = φ = x = y = 0.
// These satisfy Eqs 57-59 and 101-102 exactly.
//
// Not given by 001: the wheel's moment of inertia I (assumed M a²/2 = 2.5 kg m²), g (9.81 m/s²), the
// integrator for this example (001 used Kutta–Merson for Example 2; we use RK4) and the time span of
// Figs 2-9 (we run 50 s at Δt = 0.01 s). The paper's runs are unstabilized ("none"): the energy integral
// of Eq 103 then drifts, less with the nonlinear constraint (Fig. 9).

#include "mechanisms/appell_hamel.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

ModelInstance make_appell_hamel(const std::string& variant) {
  const std::vector<std::string> variants{"nonlinear", "linear"};
  const std::string v = variant.empty() ? variants[0] : variant;
  if (v != "nonlinear" && v != "linear") unknown_variant("appell-hamel", variant, variants);
  AppellHamel def;
  def.nonlinear = (v == "nonlinear");
  Eigen::VectorXd q0(5), qd0(5);
  q0 << 0.0, 0.0, 0.0, 0.0, 30.0;
  qd0 << 1.0, 1.0, 1.0, 5.0, -0.5;
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
  inst.draw = [def](const Eigen::VectorXd& q) {
    Drawing d;
    d.planar = false;
    const Eigen::Vector3d o = def.wheel_centre(q), p = def.weight_position(q);
    const Eigen::Vector3d axis(-std::sin(q[0]), std::cos(q[0]), 0.0);  // wheel axle ⟂ wheel plane (heading θ)
    d.circles.push_back({o, axis, def.a, 0});
    d.segments.push_back({{o.x(), o.y(), 0.0}, {p.x(), p.y(), 0.0}, 0.02, 1});         // frame
    d.segments.push_back({{p.x(), p.y(), 0.0}, {p.x(), p.y(), def.z0 + 1.0}, 0.02, 1}); // vertical bar
    d.points.push_back({p, "P"});
    return d;
  };
  return inst;
}

}  // namespace carvallo::examples::mechanisms
