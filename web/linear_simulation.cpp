#include "linear_simulation.hpp"

#include "carvallo/errors.hpp"

#include <Eigen/LU>

#include <cmath>

namespace carvallo::web {

// y' for the linearized equations: M q'' = -(v C1 q' + (g K0 + v^2 K2) q) (Meijaard et al. 2007, Eq. (A1)
// without applied torques), and the linearized heading psi' = (v delta + c delta') cos(lambda) / w (Eq. (A3)).
class LinearSimulation::System : public OdeSystem {
 public:
  explicit System(const LinearSimulationSetup& s) : s_(s) {
    const auto& m = s.model.matrices;
    const double v = s.speed;
    Minv_ = m.M.inverse();
    K_ = s.model.g * m.K0 + v * v * m.K2;
    C_ = v * m.C1;
  }
  void rhs(double t, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) override {
    const Eigen::Vector2d q = y.segment<2>(0), qd = y.segment<2>(2);
    const Eigen::Vector2d qdd = -Minv_ * (C_ * qd + K_ * q);
    dydt.resize(7);
    dydt.segment<2>(0) = qd;
    dydt.segment<2>(2) = qdd;
    const double psi = y(4);
    dydt(4) = (s_.speed * y(1) + s_.c * y(3)) * std::cos(s_.lambda) / s_.w;
    dydt(5) = s_.speed * std::cos(psi);
    dydt(6) = s_.speed * std::sin(psi);
    if (!dydt.allFinite()) throw SolverError(SolverError::Kind::NonFinite, "the state diverged", t);
  }

 private:
  LinearSimulationSetup s_;
  Eigen::Matrix2d Minv_, K_, C_;
};

LinearSimulation::LinearSimulation(const LinearSimulationSetup& setup)
    : setup_(setup),
      system_(std::make_unique<System>(setup)),
      integrator_(make_integrator(parse_integrator_method(setup.integrator))),
      y_(Eigen::VectorXd::Zero(7)) {
  y_ << setup.roll0, setup.steer0, setup.roll_rate0, setup.steer_rate0, 0.0, 0.0, 0.0;
  record();
}

LinearSimulation::~LinearSimulation() = default;

void LinearSimulation::step(int n) {
  for (int i = 0; i < n && !fallen_; ++i) {
    integrator_->step(*system_, t_, setup_.time_step, y_);
    t_ += setup_.time_step;
    if (std::abs(y_(0)) > kFallRoll) fallen_ = true;
    record();
  }
}

void LinearSimulation::kick(double roll_rate) {
  if (fallen_) return;
  y_(2) += roll_rate;
  integrator_->restart();  // multistep history no longer matches the state
}

void LinearSimulation::record() {
  // Bounded memory for long runs: drop the older half.
  constexpr std::size_t kMax = 40000;
  if (history_.size() >= kMax) history_.erase(history_.begin(), history_.begin() + kMax / 2);
  if (rear_track_.size() >= kMax) {
    rear_track_.erase(rear_track_.begin(), rear_track_.begin() + kMax / 2);
    front_track_.erase(front_track_.begin(), front_track_.begin() + kMax / 2);
  }
  history_.push_back({t_, y_(0), y_(1), setup_.speed});
  const double psi = y_(4);
  const Eigen::Vector2d rear(y_(5), y_(6)), ahead(std::cos(psi), std::sin(psi)), right(-std::sin(psi), std::cos(psi));
  rear_track_.push_back(rear);
  // The front contact sits behind the steer axis by the trail: steering right moves it left.
  front_track_.push_back(rear + setup_.w * ahead - setup_.c * std::cos(setup_.lambda) * y_(1) * right);
}

}  // namespace carvallo::web
