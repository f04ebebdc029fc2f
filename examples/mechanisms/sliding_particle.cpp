// 001 Example 2: a particle sliding without friction on y = l0 − x²/l0 under gravity (+y), released at
// rest from x(0) = 1 m (so y(0) = 0). The paper integrates with Kutta–Merson, which Carvallo does not
// have; the defaults use classical RK4 at Δt = 1e-3 s for 500 s (Figs 12, 14, 15). Fig. 16 compares y
// after 1 h at Δt = 0.1 s (run with --step 0.1 --duration 3600).

#include "mechanisms/sliding_particle.hpp"

#include "carvallo/lagrange.hpp"

namespace carvallo::examples::mechanisms {

ModelInstance make_sliding_particle(const std::string& variant) {
  const std::vector<std::string> variants{"nonminimal", "baumgarte", "minimal"};
  const std::string v = variant.empty() ? variants[0] : variant;
  SimulationDefaults d;
  d.acceleration = AccelerationMethod::Augmented;  // 001 solves T u̇ = V (Eq 110), the augmented system
  d.integrator = IntegratorMethod::RungeKutta4;
  d.step = 1e-3;
  d.duration = 500.0;
  auto energy = Probe{"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                        return m.energy(q, qd, t);  // 001 Eq 123
                      }};
  if (v == "nonminimal" || v == "baumgarte") {
    const SlidingParticle def;
    ModelInstance inst{Model(def), 0.0, Eigen::Vector2d(1.0, 0.0), Eigen::Vector2d::Zero(), d, {}, {}};
    if (v == "baumgarte") {
      inst.defaults.stabilizer = "baumgarte";
      inst.defaults.baumgarte = {-20.0, -100.0, 0.0};  // 001 text after Eq 126 / Fig. 15
    }
    inst.probes = {{"y", "m", [](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) { return q[1]; }},
                   energy};
    const double l0 = def.l0;
    inst.draw = [l0](const Eigen::VectorXd& q) {
      Drawing dr;
      // The surface, y pointing down: drawn with −y so that the valley is at the bottom.
      for (int k = 0; k < 40; ++k) {
        const double x0 = -1.5 * l0 + 3.0 * l0 * k / 40, x1 = -1.5 * l0 + 3.0 * l0 * (k + 1) / 40;
        dr.segments.push_back({{x0, -(l0 - x0 * x0 / l0), 0.0}, {x1, -(l0 - x1 * x1 / l0), 0.0}, 0.0, -1});
      }
      dr.circles.push_back({{q[0], -q[1], 0.0}, Eigen::Vector3d::UnitZ(), 0.05, 0});
      return dr;
    };
    return inst;
  }
  if (v == "minimal") {
    const SlidingParticleMinimal def;
    ModelInstance inst{Model(def), 0.0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1), d, {}, {}};
    inst.probes = {{"y", "m",
                    [l0 = def.l0](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd&) {
                      return l0 - q[0] * q[0] / l0;
                    }},
                   energy};
    return inst;
  }
  unknown_variant("sliding-particle", variant, variants);
}

}  // namespace carvallo::examples::mechanisms
