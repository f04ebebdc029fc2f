#include "bicycle/simulation.hpp"

#include "carvallo/ad_vector.hpp"
#include "carvallo/errors.hpp"

#include <Eigen/LU>

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <numbers>
#include <string>

namespace carvallo::bicycle {

namespace mi = multibody_index;
using blocks::Mat3;
using blocks::Vec3;

namespace {

template <class S>
Mat3<S> axis_rotation(const Eigen::Vector3d& axis, const S& angle) {
  // Rodrigues: I + sin δ [a]× + (1 − cos δ) [a]×².
  Mat3<double> K;
  K << 0.0, -axis.z(), axis.y(), axis.z(), 0.0, -axis.x(), -axis.y(), axis.x(), 0.0;
  const Mat3<S> Ks = K.cast<S>(), K2 = (K * K).cast<S>();
  return Mat3<S>::Identity() + sin(angle) * Ks + (S(1.0) - cos(angle)) * K2;
}

// ZXY Euler angles of R = R_z(a) R_x(b) R_y(c), |b| < π/2.
template <class S>
Vec3<S> zxy_angles(const Mat3<S>& R) {
  return {atan2(S(-R(0, 1)), R(1, 1)), asin(R(2, 1)), atan2(S(-R(2, 0)), R(2, 2))};
}

Eigen::Vector3d steer_axis(const Parameters& p) { return {std::sin(p.lambda), 0.0, std::cos(p.lambda)}; }

// Reference (upright) positions: rear contact at the origin.
struct Reference {
  Eigen::Vector3d rear_centre, rear_frame, front_frame, front_centre, steer_point;
  explicit Reference(const Parameters& p)
      : rear_centre(0.0, 0.0, -p.rR), rear_frame(p.xB, 0.0, p.zB), front_frame(p.xH, 0.0, p.zH),
        front_centre(p.w, 0.0, -p.rF), steer_point(p.w + p.c, 0.0, 0.0) {}
};

template <class S>
Vec<S> configuration(const MultibodyBicycle& bike, double x, double y, double yaw, double roll, const S& pitch,
                     double steer, double rear_wheel, double front_wheel) {
  const Parameters& p = bike.parameters;
  const Reference ref(p);
  using blocks::elementary_rotation;
  const Mat3<S> RA = elementary_rotation<S>(2, S(yaw)) * elementary_rotation<S>(0, S(roll));
  const Mat3<S> RB = RA * elementary_rotation<S>(1, pitch);
  const Mat3<S> RH = RB * axis_rotation<S>(steer_axis(p), S(steer));
  const Vec3<S> contact(S(x), S(y), S(0.0));
  const Vec3<S> rear_centre = contact - S(p.rR) * Vec3<S>(RA.col(2));
  auto on_B = [&](const Eigen::Vector3d& point) -> Vec3<S> {
    return rear_centre + RB * (point - ref.rear_centre).cast<S>();
  };
  const Vec3<S> steer_point = on_B(ref.steer_point);
  auto on_H = [&](const Eigen::Vector3d& point) -> Vec3<S> {
    return steer_point + RH * (point - ref.steer_point).cast<S>();
  };
  const Vec3<S> h = zxy_angles<S>(RH);
  Vec<S> q(mi::count);
  q.template segment<3>(mi::rear_wheel) = rear_centre;
  q.template segment<3>(mi::rear_wheel + 3) = Vec3<S>(S(yaw), S(roll), pitch + S(rear_wheel));
  q.template segment<3>(mi::rear_frame) = on_B(ref.rear_frame);
  q.template segment<3>(mi::rear_frame + 3) = Vec3<S>(S(yaw), S(roll), pitch);
  q.template segment<3>(mi::front_frame) = on_H(ref.front_frame);
  q.template segment<3>(mi::front_frame + 3) = h;
  q.template segment<3>(mi::front_wheel) = on_H(ref.front_centre);
  q.template segment<3>(mi::front_wheel + 3) = Vec3<S>(h[0], h[1], h[2] + S(front_wheel));
  return q;
}

// Steer: the rotation angle of R_Bᵀ R_H about the steer axis.
template <class S>
S steer_angle(const MultibodyBicycle& bike, const Vec<S>& q) {
  const Mat3<S> Rrel = bike.rear_frame.rotation<S>(q).transpose() * bike.front_frame.rotation<S>(q);
  const Vec3<S> axial(Rrel(2, 1) - Rrel(1, 2), Rrel(0, 2) - Rrel(2, 0), Rrel(1, 0) - Rrel(0, 1));
  const Eigen::Vector3d a = steer_axis(bike.parameters);
  const S s = S(0.5) * (a.x() * axial[0] + a.y() * axial[1] + a.z() * axial[2]);
  const S c = S(0.5) * (Rrel(0, 0) + Rrel(1, 1) + Rrel(2, 2) - S(1.0));
  return atan2(s, c);
}

// Forward speed of the rear contact: heading · d/dt P(q), from a Dual1 seeded with q̇.
template <class S>
S contact_speed(const MultibodyBicycle& bike, const Vec<S>& q) {
  const Vec3<S> P = bike.rear_contact.contact_point<S>(q);
  const auto [t, l] = bike.rear_contact.contact_directions<S>(q);
  (void)l;
  // Only the tangent of P carries the velocity; the heading is taken at the current configuration.
  Vec3<double> heading;
  for (int k = 0; k < 3; ++k) heading[k] = value_of(t[k]);
  return P.dot(heading.cast<S>());
}

Vec<Dual1> seeded(const Eigen::VectorXd& q, const Eigen::VectorXd& dir) {
  Vec<Dual1> out(q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) out[i] = Dual1(q[i], dir[i]);
  return out;
}

}  // namespace

Eigen::VectorXd multibody_configuration(const MultibodyBicycle& bike, const Pose& pose) {
  return configuration<double>(bike, pose.x, pose.y, pose.yaw, pose.roll, pose.pitch, pose.steer, pose.rear_wheel,
                               pose.front_wheel);
}

double solve_pitch(const MultibodyBicycle& bike, Pose pose) {
  Dual1 pitch(pose.pitch, 1.0);
  double residual = 0.0;
  for (int it = 0; it < 50; ++it) {
    const Vec<Dual1> q = configuration<Dual1>(bike, pose.x, pose.y, pose.yaw, pose.roll, pitch, pose.steer,
                                              pose.rear_wheel, pose.front_wheel);
    const Dual1 height = bike.front_contact.contact_point<Dual1>(q)[2];
    residual = height.v;
    if (!std::isfinite(height.v) || !std::isfinite(height.d) || height.d == 0.0) break;
    const double step = height.v / height.d;
    pitch.v -= step;
    if (std::abs(step) < 1e-15 * (1.0 + std::abs(pitch.v)) || std::abs(height.v) < 1e-15) return pitch.v;
    if (std::abs(pitch.v) > 1.5) break;
  }
  throw SolverError(SolverError::Kind::NonConvergence,
                    "no pitch puts the front wheel on the ground at roll " + format_for_message(pose.roll) +
                        " rad and steer " + format_for_message(pose.steer) + " rad",
                    0.0, "front contact", -1, 50, residual);
}

namespace {

// q with its coordinates of `bodies` seeded, in order, in the N tangents of a vector-mode dual
// (ad_vector.hpp): one pass of a function of q then gives its derivatives along all of them. Throws
// SolverError(InvalidArgument) when the bodies do not have N coordinates in all.
template <int N>
Vec<DualVec<N>> seeded_along(const Eigen::VectorXd& q, std::initializer_list<const blocks::RigidBody3D*> bodies) {
  Vec<DualVec<N>> out(q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) out[i] = DualVec<N>(q[i]);
  int k = 0;
  for (const blocks::RigidBody3D* body : bodies)
    for (int j = body->offset; j < body->offset + body->coordinate_count(); ++j, ++k)
      if (k < N) out[j].d[k] = 1.0;
  if (k != N) throw SolverError(SolverError::Kind::InvalidArgument, "bicycle: the bodies' coordinates do not match the derivative pass's width", 0.0);
  return out;
}

// f's tangents (seeded_along's order) into row `r` of `rows`, at their coordinates.
template <int N>
void scatter(const DualVec<N>& f, std::initializer_list<const blocks::RigidBody3D*> bodies,
             Eigen::Matrix<double, 3, Eigen::Dynamic>& rows, int r) {
  int k = 0;
  for (const blocks::RigidBody3D* body : bodies)
    for (int j = body->offset; j < body->offset + body->coordinate_count() && k < N; ++j) rows(r, j) = f.d[k++];
}

// Rows of the three prescribed rates: roll rate, steer rate, rear contact speed (linear in q̇). Each row is
// seeded only along the coordinates its function reads (the steer angle: the two frames'; the speed: the
// rear wheel's), a body's six at once in one vector-mode pass (18 one-direction passes were a fifth of
// `turn --speed 5`; one width of pass for all three keeps the page's code small); the others' derivatives
// are exactly zero.
Eigen::Matrix<double, 3, Eigen::Dynamic> rate_rows(const MultibodyBicycle& bike, const Eigen::VectorXd& q) {
  Eigen::Matrix<double, 3, Eigen::Dynamic> rows = Eigen::MatrixXd::Zero(3, q.size());
  rows(0, mi::rear_frame + mi::roll) = 1.0;
  for (const blocks::RigidBody3D* frame : {&bike.rear_frame, &bike.front_frame})
    scatter(steer_angle<DualVec<6>>(bike, seeded_along<6>(q, {frame})), {frame}, rows, 1);
  const auto wheel = {&bike.rear_contact.body};
  scatter(contact_speed<DualVec<6>>(bike, seeded_along<6>(q, wheel)), wheel, rows, 2);
  return rows;
}

}  // namespace

RateSolver::RateSolver(const Model& model, const MultibodyBicycle& bike, const Eigen::VectorXd& q) {
  Eigen::MatrixXd J;
  model.J(q, Eigen::VectorXd::Zero(q.size()), 0.0, J);
  Eigen::MatrixXd A(J.rows() + 3, q.size());
  A << J, rate_rows(bike, q);
  if (A.rows() != A.cols())
    throw SolverError(SolverError::Kind::InvalidArgument, "bicycle: the constraints do not leave three degrees of freedom", 0.0);
  // Partial pivoting: the condition estimate, not a rank, decides (a zero pivot gives 0 or NaN), at half
  // the cost of full pivoting, which was a quarter of `turn --speed 5`.
  lu_.compute(A);
  // The estimate costs more than the factorization (15 % of `turn --speed 5`), so it runs only where the
  // pivots' spread leaves a singular matrix possible. The estimate follows that spread: over the 150 000
  // rate matrices of `turn --speed 2, 5 and 8` of the six presets it is 1/221 to 1/6 of
  // min |u_ii| / max |u_ii| (and never below 1.4e-6). A spread of 1e-3 is then six orders of magnitude
  // from the limit 1e-12; a zero or NaN pivot falls below it and is estimated.
  const auto pivots = lu_.matrixLU().diagonal().cwiseAbs();
  if (!(pivots.minCoeff() >= 1e-3 * pivots.maxCoeff()) && !(lu_.rcond() >= 1e-12))
    throw SolverError(SolverError::Kind::SingularMatrix,
                      "bicycle: roll rate, steer rate and speed cannot be prescribed independently in this configuration",
                      0.0);
}

Eigen::VectorXd RateSolver::solve(double roll_rate, double steer_rate, double speed) const {
  Eigen::VectorXd b = Eigen::VectorXd::Zero(lu_.rows());
  b.tail<3>() << roll_rate, steer_rate, speed;
  return lu_.solve(b);
}

Eigen::VectorXd multibody_initial_configuration(const MultibodyBicycle& bike, const InitialMotion& motion) {
  for (double v : {motion.speed, motion.roll, motion.steer, motion.roll_rate, motion.steer_rate, motion.yaw})
    if (!std::isfinite(v)) throw SolverError(SolverError::Kind::InvalidArgument, "bicycle: initial motion is not finite", 0.0);
  Pose pose;
  pose.yaw = motion.yaw;
  pose.roll = motion.roll;
  pose.steer = motion.steer;
  pose.pitch = solve_pitch(bike, pose);
  return multibody_configuration(bike, pose);
}

State multibody_initial_state(const Model& model, const MultibodyBicycle& bike, const InitialMotion& motion) {
  State s;
  s.q = multibody_initial_configuration(bike, motion);
  s.qd = RateSolver(model, bike, s.q).solve(motion.roll_rate, motion.steer_rate, motion.speed);
  return s;
}

State multibody_initial_state(const MultibodyBicycle& bike, const InitialMotion& motion) {
  return multibody_initial_state(Model(bike), bike, motion);
}

State with_rates(const MultibodyBicycle& bike, const State& s, double roll_rate, double steer_rate, double speed) {
  State out = s;
  out.qd = RateSolver(Model(bike), bike, s.q).solve(roll_rate, steer_rate, speed);
  return out;
}

Observables observe(const MultibodyBicycle& bike, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  Observables o;
  const Vec<Dual1> qs = seeded(q, qd);
  const Vec3<Dual1> P = bike.rear_contact.contact_point<Dual1>(qs);
  o.x = P[0].v;
  o.y = P[1].v;
  o.yaw = q[mi::rear_frame + mi::yaw];
  o.roll = q[mi::rear_frame + mi::roll];
  o.pitch = q[mi::rear_frame + mi::pitch];
  const Dual1 steer = steer_angle<Dual1>(bike, qs);
  o.steer = steer.v;
  o.steer_rate = steer.d;
  o.rear_wheel = q[mi::rear_wheel + mi::pitch] - q[mi::rear_frame + mi::pitch];
  o.front_wheel = q[mi::front_wheel + mi::pitch] - q[mi::front_frame + mi::pitch];
  o.roll_rate = qd[mi::rear_frame + mi::roll];
  o.speed = contact_speed<Dual1>(bike, qs).d;
  return o;
}

double steer_acceleration(const MultibodyBicycle& bike, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                          const Eigen::VectorXd& qdd) {
  // x(s) = q + s q̇ + s²/2 q̈ with two nested tangents: the mixed part of δ(x) is d²δ/ds².
  Vec<Dual2> x(q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) x[i] = Dual2(Dual1(q[i], qd[i]), Dual1(qd[i], qdd[i]));
  return steer_angle<Dual2>(bike, x).d.d;
}

std::optional<std::string> fall_reason(const MultibodyBicycle& bike, const Eigen::VectorXd& q,
                                       const Observables& obs, const FallCriteria& criteria, double t) {
  // Plain words for students (the playground shows them as they are): the limit and the angle reached,
  // in degrees, and to which side (Meijaard's signs: lean and steer to the right are positive).
  auto degrees = [](double rad) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", std::abs(rad) * 180.0 / std::numbers::pi);
    return std::string(buf);
  };
  auto side = [](double angle) { return angle > 0 ? "right" : "left"; };
  // A kick of 1e6 rad/s had been reported as a fall "past 57 degrees (20527546590 degrees to the left)",
  // exit status 0 (a tester): the step had not followed the motion at all.
  if (std::abs(obs.roll) > std::numbers::pi)
    throw SolverError(SolverError::Kind::NonFinite,
                      "the state diverged: a lean of " + degrees(obs.roll) +
                          " degrees, past lying flat, within one step (a smaller time step or a gentler start)",
                      t);
  if (!(std::abs(obs.roll) <= criteria.roll_limit))
    return "the bicycle fell over: it leaned past " + degrees(criteria.roll_limit) + " degrees (" + degrees(obs.roll) +
           " degrees to the " + side(obs.roll) + ")";
  if (!(std::abs(obs.steer) <= criteria.steer_limit))
    return "the handlebars turned past " + degrees(criteria.steer_limit) + " degrees (" + degrees(obs.steer) +
           " degrees to the " + side(obs.steer) + ")";
  if (!(q[mi::rear_frame + mi::z] < 0.0)) return "the rear frame hit the ground";
  if (!(q[mi::front_frame + mi::z] < 0.0)) return "the front frame hit the ground";
  (void)bike;
  return std::nullopt;
}

SimulationOptions default_bicycle_simulation_options(const Parameters& p) {
  SimulationOptions o;
  o.acceleration = AccelerationMethod::Augmented;
  o.integrator = IntegratorMethod::AdamsBashforth4;
  o.stabilization = StabilizationMethod::Rgcpa;
  o.stabilizer.tolerances.position = 1e-12;
  o.stabilizer.tolerances.velocity = 1e-12;
  o.diagnostics = true;
  o.stabilizer.analyse_only_when_violated = true;
  auto& iq = o.stabilizer.independent_coordinates;
  iq = {"rear frame x", "rear frame y", "rear frame yaw", "rear frame roll", "front frame yaw"};
  if (p.rR != 0.0) iq.push_back("rear wheel spin");
  if (p.rF != 0.0) iq.push_back("front wheel spin");
  o.stabilizer.independent_velocities = {"rear frame roll", "front frame yaw",
                                         p.rR != 0.0 ? "rear wheel spin" : "rear frame x"};
  return o;
}

BicycleSimulation::BicycleSimulation(const Parameters& p, const InitialMotion& motion)
    : BicycleSimulation(p, motion, default_bicycle_simulation_options(p)) {}

BicycleSimulation::BicycleSimulation(const Parameters& p, const InitialMotion& motion, const SimulationOptions& options,
                                     const FallCriteria& fall)
    : bike_(make_multibody_bicycle(p)), sim_(Model(bike_), options), fall_(fall) {
  // The simulation's own model: its constraint programs are recorded once, for both (Model::recorded).
  sim_.set_state(multibody_initial_state(sim_.model(), bike_, motion));
  report_ = sim_.evaluate();
  update_observables();
}

const StepReport& BicycleSimulation::step(double h) {
  if (fallen()) return report_;
  const std::vector<examples::InputSignal> signals = {input_.steer, input_.roll};
  examples::step_through_changes(
      signals, sim_.state().t, h, [&](double dt) { report_ = sim_.step(dt); },
      [&](const std::vector<examples::SignalPiece>& p) { apply_pieces(p); });
  update_observables();
  return report_;
}

void BicycleSimulation::apply_pieces(const std::vector<examples::SignalPiece>& pieces) {
  if (pieces[0] == bike_.rider.steer && pieces[1] == bike_.rider.roll) return;
  bike_.rider.steer = pieces[0];
  bike_.rider.roll = pieces[1];
  // A new piece is a new smooth right-hand side: a fresh simulation (no multistep history across the jump).
  const State s = sim_.state();
  sim_ = Simulation(Model(bike_), sim_.options());
  sim_.set_state(s);
  report_ = sim_.evaluate();
}

void BicycleSimulation::set_rider_input(const RiderInput& input) {
  input_ = input;
  apply_pieces({input_.steer.piece(sim_.state().t), input_.roll.piece(sim_.state().t)});
}

void BicycleSimulation::set_state(const State& s) {
  sim_.set_state(s);
  apply_pieces({input_.steer.piece(s.t), input_.roll.piece(s.t)});  // the torques acting at the new time
  report_ = sim_.evaluate();
  fell_at_.reset();
  fall_reason_.clear();
  update_observables();
}

void BicycleSimulation::kick(double roll_rate) {
  if (fallen()) return;
  const Observables& o = observables_;
  sim_.set_state(with_rates(bike_, sim_.state(), o.roll_rate + roll_rate, o.steer_rate, o.speed));
  report_ = sim_.evaluate();
  update_observables();
}

double BicycleSimulation::energy() const {
  const State& s = sim_.state();
  return sim_.model().energy(s.q, s.qd, s.t);
}

void BicycleSimulation::update_observables() {
  const State& s = sim_.state();
  observables_ = observe(bike_, s.q, s.qd);
  if (auto why = bicycle::fall_reason(bike_, s.q, observables_, fall_, s.t)) {
    fell_at_ = s.t;
    fall_reason_ = *why;
  }
}

}  // namespace carvallo::bicycle
