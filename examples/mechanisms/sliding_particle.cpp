// 001 Example 2: a particle sliding without friction on y = l0 − x²/l0 under gravity (+y), released at
// rest from x(0) = 1 m (so y(0) = 0). The defaults are the paper's: the Kutta–Merson scheme (001 text
// after Eq 122) at a fixed Δt = 1e-3 s for 500 s (Figs 12, 14, 15). Fig. 16 compares y after 1 h at
// Δt = 0.1 s (run with --dt 0.1 --t 3600).

#include "mechanisms/sliding_particle.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/lagrange.hpp"

namespace carvallo::examples::mechanisms {

namespace {

// The particle as a ball on the surface y = l0 − x²/l0, drawn as a profile curve; gravity is +y (001
// Example 2), so "up" is −y and the valley is at the bottom of the view.
void add_particle_look(ModelInstance& inst, double l0) {
  inst.body_names = {"particle"};
  Geom ball{GeomShape::sphere, 0};
  ball.size.x() = 0.05 * l0;
  ball.color = {0.84f, 0.35f, 0.12f, 1};
  inst.geoms.push_back(ball);
  Geom surface{GeomShape::curve, -1};
  for (int k = 0; k <= 60; ++k) {
    const double x = -1.5 * l0 + 3.0 * l0 * k / 60;
    surface.points.emplace_back(x, l0 - x * x / l0 + 0.05 * l0, 0.0);  // under the ball's centre by its radius
  }
  surface.size.x() = 0.02 * l0;
  surface.color = {0.45f, 0.45f, 0.48f, 1};
  inst.geoms.push_back(surface);
  inst.view.up = Eigen::Vector3d(0, -1, 0);
  inst.view.forward = Eigen::Vector3d::UnitX();
}

}  // namespace

std::vector<Quantity> sliding_particle_settings() {
  return {{"x", "m", "initial horizontal position on the surface (001: released from 1 m, at the height of the rim y = 0)", 1.0, -1.4, 1.4},
          {"x_velocity", "m/s", "initial horizontal velocity (001: 0, released from rest); the vertical one keeps the particle on the surface",
           0.0, -10.0, 10.0}};
}

std::vector<MethodStudy> sliding_particle_studies() {
  // 001 Figs 12 and 15: the same Kutta–Merson run without stabilization and with Baumgarte's
  // Γ1 = −20 s⁻¹, Γ2 = −100 s⁻² (α = β = 10 s⁻¹ in C̈ + 2α Ċ + β² C = 0).
  return {{"001 Example 2: unstabilized beside Baumgarte (Figs 12, 15)", "nonminimal", "augmented:none:kutta-merson:dt0.001",
           "baumgarte:alpha10:beta10",
           "001 (Kutta-Merson, 1 ms): unstabilized, the violation |C| grows with time (Fig. 12); with Baumgarte "
           "(gains -20, -100) it stays below 2.0e-11 m over 500 s (text after Fig. 14)."}};
}

ModelInstance make_sliding_particle(const ModelSetup& setup) {
  const std::vector<std::string> variants{"nonminimal", "baumgarte", "minimal"};
  const std::string& variant = setup.variant;
  const std::string v = variant.empty() ? variants[0] : variant;
  if (v != "nonminimal" && v != "baumgarte" && v != "minimal") unknown_variant("sliding-particle", variant, variants);
  if (!setup.parameters.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "sliding-particle has no parameter table", 0.0);
  auto start = setting_values("sliding-particle", sliding_particle_settings(), setup);
  const double x0 = start["x"], xd0 = start["x_velocity"];
  SimulationDefaults d;
  d.acceleration = AccelerationMethod::Augmented;  // 001 solves T u̇ = V (Eq 110), the augmented system
  d.integrator = IntegratorMethod::KuttaMerson;  // 001 text after Eq 122
  d.step = 1e-3;
  d.duration = 500.0;
  auto energy = Probe{"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                        return m.energy(q, qd, t);  // 001 Eq 123
                      }};
  if (v == "nonminimal" || v == "baumgarte") {
    const SlidingParticle def;
    // On the surface y = l0 − x²/l0 (Eq 114) and moving along it: ẏ = −2 x ẋ / l0.
    ModelInstance inst{Model(def), 0.0, Eigen::Vector2d(x0, def.l0 - x0 * x0 / def.l0),
                       Eigen::Vector2d(xd0, -2.0 * x0 * xd0 / def.l0), d, {}, {}};
    if (v == "baumgarte") {
      inst.defaults.stabilizer = "baumgarte";
      inst.defaults.baumgarte = {-20.0, -100.0, 0.0};  // 001 text after Eq 126 / Fig. 15
    }
    inst.probes = {{"y", "m", [](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) { return q[1]; }},
                   energy};
    inst.body_poses = [](const Eigen::VectorXd& q) {
      return std::vector<BodyPose>{{Eigen::Vector3d(q[0], q[1], 0.0), Eigen::Matrix3d::Identity()}};
    };
    add_particle_look(inst, def.l0);
    return inst;
  }
  if (v == "minimal") {
    const SlidingParticleMinimal def;
    ModelInstance inst{Model(def), 0.0, Eigen::VectorXd::Constant(1, x0), Eigen::VectorXd::Constant(1, xd0), d, {}, {}};
    inst.probes = {{"y", "m",
                    [l0 = def.l0](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) {
                      return l0 - q[0] * q[0] / l0;
                    }},
                   energy};
    inst.body_poses = [l0 = def.l0](const Eigen::VectorXd& q) {
      return std::vector<BodyPose>{{Eigen::Vector3d(q[0], l0 - q[0] * q[0] / l0, 0.0), Eigen::Matrix3d::Identity()}};
    };
    add_particle_look(inst, def.l0);
    return inst;
  }
  unknown_variant("sliding-particle", variant, variants);  // not reached: checked above
}

}  // namespace carvallo::examples::mechanisms
