#include "bicycle/bicycle_model.hpp"

#include "bicycle/simulation.hpp"
#include "bicycle/turns.hpp"
#include "carvallo/errors.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <utility>

namespace carvallo::bicycle {

namespace {

using examples::Geom;
using examples::GeomShape;
using examples::Rgba;
using Eigen::Matrix3d;
using Eigen::Vector3d;
namespace mi = multibody_index;

constexpr Rgba kRearFrame{0.16f, 0.33f, 0.62f, 1};
constexpr Rgba kFrontFrame{0.86f, 0.36f, 0.12f, 1};
constexpr Rgba kTyre{0.13f, 0.13f, 0.14f, 1};
constexpr Rgba kSpoke{0.62f, 0.64f, 0.68f, 1};
constexpr Rgba kAxis{0.95f, 0.75f, 0.05f, 1};
constexpr Rgba kMassLight{0.97f, 0.97f, 0.97f, 1};
constexpr Rgba kMassDark{0.08f, 0.08f, 0.08f, 1};
constexpr Rgba kWheelInertia{0.3f, 0.3f, 0.3f, 1};

// The observables, in the order of the probes (and of `carvallo simulate`'s bicycle CSV columns).
const char* const kObservableNames[] = {"x", "y", "yaw", "roll", "pitch", "steer", "rear_wheel", "front_wheel",
                                        "roll_rate", "steer_rate", "speed"};
const char* const kObservableUnits[] = {"m", "m", "rad", "rad", "rad", "rad", "rad", "rad", "rad/s", "rad/s", "m/s"};

std::vector<double> to_values(const Observables& o) {
  return {o.x, o.y, o.yaw, o.roll, o.pitch, o.steer, o.rear_wheel, o.front_wheel, o.roll_rate, o.steer_rate, o.speed};
}

Observables from_values(const std::vector<double>& v) {
  Observables o;
  if (v.size() < 11) return o;
  o.x = v[0], o.y = v[1], o.yaw = v[2], o.roll = v[3], o.pitch = v[4], o.steer = v[5];
  o.rear_wheel = v[6], o.front_wheel = v[7], o.roll_rate = v[8], o.steer_rate = v[9], o.speed = v[10];
  return o;
}

// Geoms are written in the upright reference configuration (Meijaard's frame, origin at the rear contact)
// and attached to a body by subtracting its mass centre there: every body's axes are the world's in that
// configuration (multibody.hpp), so no rotation is needed.
struct Builder {
  std::vector<Geom> geoms;
  Vector3d centre[4];

  void tube(int body, const Vector3d& a, const Vector3d& b, double radius, Rgba color) {
    Geom g;
    g.shape = GeomShape::line;
    g.body = g.end_body = body;
    g.position = a - centre[body];
    g.end = b - centre[body];
    g.size.x() = radius;
    g.color = color;
    geoms.push_back(g);
  }
  void ball(int body, const Vector3d& c, const Vector3d& semi_axes, Rgba color, std::string layer = {}) {
    Geom g;
    g.shape = GeomShape::ellipsoid;
    g.body = body;
    g.position = c - centre[body];
    g.size = semi_axes;
    g.color = color;
    g.layer = std::move(layer);
    geoms.push_back(g);
  }
  // The usual black-and-white mass-centre symbol, approximated by a dark ball with a light band.
  void mass_centre(int body, const Vector3d& c, double r) {
    ball(body, c, Vector3d::Constant(r), kMassDark);
    ball(body, c, Vector3d(r * 1.04, r * 1.04, r * 0.35), kMassLight);
  }
  // Solid ellipsoid of uniform density with the body's mass and inertia about its mass centre (principal
  // moments I1, I2, I3 give semi-axes a1^2 = 5 (I2 + I3 - I1) / (2 m)).
  void inertia_ellipsoid(int body, const Matrix3d& inertia, double mass, Rgba color) {
    if (!(mass > 0)) return;
    Eigen::SelfAdjointEigenSolver<Matrix3d> eig(inertia);
    Matrix3d axes = eig.eigenvectors();
    if (axes.determinant() < 0) axes.col(2) = -axes.col(2);
    Vector3d semi;
    for (int k = 0; k < 3; ++k) semi(k) = std::sqrt(std::max(5.0 * (eig.eigenvalues().sum() - 2.0 * eig.eigenvalues()(k)) / (2.0 * mass), 2.5e-5));
    Geom g;
    g.shape = GeomShape::ellipsoid;
    g.body = body;
    g.rotation = axes;
    g.size = semi;
    color.a = 0.33f;
    g.color = color;
    g.layer = "inertia";
    geoms.push_back(g);
  }
  // A wheel about the body's y axis: tyre, rim, 12 spokes and the hub. The spokes turn with the body.
  void wheel(int body, double r) {
    if (!(r > 0)) {
      ball(body, centre[body], Vector3d::Constant(0.02), kTyre);  // a skate: a wheel of no size
      return;
    }
    const double tyre = std::clamp(0.08 * r, 0.006, 0.03);
    const Matrix3d about_y = examples::z_towards(Vector3d::UnitY());
    Geom t;
    t.shape = GeomShape::torus;
    t.body = body;
    t.rotation = about_y;
    t.size = Vector3d(r - tyre, tyre, 0);
    t.color = kTyre;
    geoms.push_back(t);
    t.size = Vector3d(r - 2.2 * tyre, 0.35 * tyre, 0);
    t.color = kSpoke;
    geoms.push_back(t);
    const Vector3d hub = centre[body];
    for (int k = 0; k < 12; ++k) {
      const double a = 2.0 * std::numbers::pi * k / 12;
      const Vector3d dir(-std::sin(a), 0, -std::cos(a));
      const Vector3d side = Vector3d::UnitY() * (k % 2 ? 0.03 : -0.03) * std::min(1.0, r / 0.3);
      tube(body, hub + side, hub + dir * (r - 2.4 * tyre), 0.0018, kSpoke);
    }
    tube(body, hub - Vector3d::UnitY() * 0.045, hub + Vector3d::UnitY() * 0.045, 0.012, kSpoke);
  }
};

}  // namespace

Parameters parameters_from_values(const std::vector<double>& values) {
  if (values.size() != kParameterCount)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "the bicycle has " + std::to_string(kParameterCount) + " parameters, not " + std::to_string(values.size()), 0.0);
  Parameters p = benchmark_parameters();
  for (std::size_t k = 0; k < kParameterCount; ++k) p.*(kParameterTable[k].member) = values[k];
  return p;
}

std::vector<double> parameter_values(const Parameters& p) {
  std::vector<double> v;
  for (const auto& d : kParameterTable) v.push_back(p.*(d.member));
  return v;
}

std::vector<examples::Quantity> bicycle_parameter_quantities() {
  const Parameters b = benchmark_parameters();
  std::vector<examples::Quantity> q;
  for (const auto& d : kParameterTable)
    q.push_back({std::string(d.name), std::string(d.unit), std::string(d.description), b.*(d.member),
                 d.zero_allowed ? std::min(0.0, d.plausible_min) : d.plausible_min, d.plausible_max});
  return q;
}

void ride_turn_settings(const SteadyTurn& turn, std::map<std::string, double>& settings) {
  settings["speed"] = turn.speed;
  settings["roll"] = turn.lean;
  settings["steer"] = 0.0;
  if (turn.family == kHandlebarReversed) settings["fall_steer"] = 4.0;
  for (const examples::Quantity& q : bicycle_settings()) {
    if (q.name != "fall_roll") continue;
    const auto it = settings.find(q.name);
    const double asked = it != settings.end() ? it->second : q.value;
    const double needed = std::min(std::abs(turn.lean) + 0.2, q.max);
    if (asked < needed) settings[q.name] = needed;
  }
}

std::vector<examples::Quantity> bicycle_settings() {
  return {{"speed", "m/s", "forward speed of the rear contact point", 5.0, -100.0, 100.0},
          {"roll", "rad", "initial roll angle (pitch is solved from the contact)", 0.0, -1.5, 1.5},
          {"steer", "rad", "initial steer angle", 0.0, -1.5, 1.5},
          {"roll_rate", "rad/s", "initial roll rate", 0.0, -1e6, 1e6},
          {"steer_rate", "rad/s", "initial steer rate", 0.0, -1e6, 1e6},
          {"fall_roll", "rad", "roll beyond which the bicycle has fallen", 1.0, 1e-9, 1.5},
          {"fall_steer", "rad", "steer beyond which the run ends (above pi: never, for a reversed handlebar)",
           1.5707963267948966, 1e-9, 4.0}};
}

std::vector<examples::InputChannel> bicycle_inputs() {
  return {{"steer_torque", "N m",
           "rider's steer torque T_delta between rear and front frame about the steer axis (right positive)"},
          {"roll_torque", "N m", "roll torque T_phi on the rear frame about the forward axis (lean right positive)"}};
}

const std::vector<std::string>& bicycle_body_names() {
  static const std::vector<std::string> names = {"rear_wheel", "rear_frame", "front_frame", "front_wheel"};
  return names;
}

std::vector<examples::BodyPose> bicycle_body_poses(const MultibodyBicycle& bike, const Eigen::VectorXd& q) {
  std::vector<examples::BodyPose> poses;
  for (const auto* b : bike.bodies()) poses.push_back({b->position<double>(q), b->rotation<double>(q)});
  return poses;
}

std::vector<Geom> bicycle_geoms(const Parameters& p) {
  Builder s;
  const Eigen::VectorXd q0 = multibody_upright_configuration(p);
  for (int k = 0; k < 4; ++k) s.centre[k] = q0.segment<3>(6 * k);
  constexpr int kRearWheel = 0, kRearFrameBody = 1, kFrontFrameBody = 2, kFrontWheel = 3;

  // Steer axis: meets the ground the trail c ahead of the front contact, tilted back by lambda.
  const double sl = std::sin(p.lambda), cl = std::cos(p.lambda);
  const Vector3d A(p.w + p.c, 0, 0), up(-sl, 0, -cl);
  const Vector3d rear_hub(0, 0, -p.rR), front_hub(p.w, 0, -p.rF);
  const double t_hub = (front_hub - A).dot(up);
  const double blade = std::max(0.12, 0.85 * std::max(p.rF, 0.15));
  const double t_crown = t_hub + blade;
  const double crown_height = -(A + t_crown * up).z();
  const double top_height = std::max(crown_height + 0.12, std::max(-p.zH, 0.5) + 0.18);
  const double t_top = t_crown + (top_height - crown_height) / std::max(cl, 0.2);
  const Vector3d crown = A + t_crown * up, head_top = A + t_top * up;

  // The steer axis, from the ground up past the handlebar, fixed in the rear frame (the head tube).
  s.tube(kRearFrameBody, A, A + (t_top + 0.12) * up, 0.004, kAxis);

  // Front frame: fork blade parallel to the axis from the hub, crown, head tube, stem and handlebar.
  const Vector3d blade_top = front_hub + blade * up;
  const double fr = 0.014;
  s.tube(kFrontFrameBody, front_hub, blade_top, fr, kFrontFrame);
  s.tube(kFrontFrameBody, blade_top, crown, fr, kFrontFrame);
  s.tube(kFrontFrameBody, crown, head_top, fr * 1.5, kFrontFrame);
  const Vector3d stem = head_top + Vector3d(-0.08, 0, -0.02);
  s.tube(kFrontFrameBody, head_top, stem, fr, kFrontFrame);
  s.tube(kFrontFrameBody, stem + Vector3d(0, -0.24, 0), stem + Vector3d(0, 0.24, 0), fr, kFrontFrame);
  s.ball(kFrontFrameBody, head_top, Vector3d::Constant(fr * 1.5), kFrontFrame);
  s.ball(kFrontFrameBody, crown, Vector3d::Constant(fr * 1.5), kFrontFrame);
  // The front frame's mass centre, tied to the axis.
  const Vector3d H(p.xH, 0, p.zH);
  const Vector3d H_axis = A + (H - A).dot(up) * up;
  if ((H - H_axis).norm() > 0.03) s.tube(kFrontFrameBody, H_axis, H, 0.005, kFrontFrame);

  // Rear frame: diamond through the bottom bracket, the seat at the rear frame's mass centre (frame and
  // rider) and the head tube.
  const double low = std::min(p.rR, p.rF);
  const Vector3d B(p.xB, 0, p.zB);
  const Vector3d bracket(std::clamp(p.xB, 0.2 * p.w, 0.6 * p.w), 0, -std::max(0.08, 0.8 * low));
  const Vector3d head_low = crown + 0.03 * up, head_high = head_top - 0.05 * up;
  const double rr = 0.015;
  for (double side : {-0.05, 0.05}) {
    s.tube(kRearFrameBody, rear_hub + Vector3d(0, side, 0), bracket, rr * 0.7, kRearFrame);
    s.tube(kRearFrameBody, rear_hub + Vector3d(0, side, 0), B, rr * 0.6, kRearFrame);
  }
  s.tube(kRearFrameBody, bracket, B, rr, kRearFrame);
  s.tube(kRearFrameBody, B, head_high, rr, kRearFrame);
  s.tube(kRearFrameBody, bracket, head_low, rr * 1.2, kRearFrame);
  for (const Vector3d& j : {bracket, B, head_low, head_high}) s.ball(kRearFrameBody, j, Vector3d::Constant(rr * 1.2), kRearFrame);

  s.wheel(kRearWheel, p.rR);
  s.wheel(kFrontWheel, p.rF);

  // Mass centres of the four bodies (the wheels' beside the hub, where they are not hidden by it).
  const double mc = 0.035;
  s.mass_centre(kRearFrameBody, B, mc * 1.3);
  s.mass_centre(kFrontFrameBody, H, mc);
  s.mass_centre(kRearWheel, s.centre[kRearWheel] + Vector3d(0, -0.07, 0), mc * 0.7);
  s.mass_centre(kFrontWheel, s.centre[kFrontWheel] + Vector3d(0, -0.07, 0), mc * 0.7);

  Matrix3d IB, IH;
  IB << p.IBxx, 0, p.IBxz, 0, p.IByy, 0, p.IBxz, 0, p.IBzz;
  IH << p.IHxx, 0, p.IHxz, 0, p.IHyy, 0, p.IHxz, 0, p.IHzz;
  s.inertia_ellipsoid(kRearFrameBody, IB, p.mB, kRearFrame);
  s.inertia_ellipsoid(kFrontFrameBody, IH, p.mH, kFrontFrame);
  s.inertia_ellipsoid(kRearWheel, Vector3d(p.IRxx, p.IRyy, p.IRxx).asDiagonal(), p.mR, kWheelInertia);
  s.inertia_ellipsoid(kFrontWheel, Vector3d(p.IFxx, p.IFyy, p.IFxx).asDiagonal(), p.mF, kWheelInertia);
  return s.geoms;
}

examples::ModelInstance make_bicycle_model(const examples::ModelSetup& setup) {
  if (!setup.variant.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "the bicycle has no variant '" + setup.variant + "' (it has one formulation)", 0.0);
  const Parameters p = setup.parameters.empty() ? benchmark_parameters() : parameters_from_values(setup.parameters);

  std::map<std::string, double> v;
  for (const auto& q : bicycle_settings()) v[q.name] = q.value;
  for (const auto& [name, value] : setup.settings) {
    if (v.count(name) == 0)
      throw SolverError(SolverError::Kind::InvalidArgument, "the bicycle has no setting '" + name + "'", 0.0);
    v[name] = value;
  }
  for (const auto& q : bicycle_settings())
    if (!(v[q.name] >= q.min && v[q.name] <= q.max))
      throw SolverError(SolverError::Kind::InvalidArgument,
                        q.name + " = " + std::to_string(v[q.name]) + " " + q.unit + " is out of range", 0.0);

  const MultibodyBicycle bike = make_multibody_bicycle(p);  // throws ModelError when not physical
  InitialMotion motion;
  motion.speed = v["speed"];
  motion.roll = v["roll"];
  motion.steer = v["steer"];
  motion.roll_rate = v["roll_rate"];
  motion.steer_rate = v["steer_rate"];
  FallCriteria fall;
  fall.roll_limit = v["fall_roll"];
  fall.steer_limit = v["fall_steer"];
  Model model(bike);
  const State s0 = multibody_initial_state(model, bike, motion);

  examples::ModelInstance inst{std::move(model), s0.t, s0.q, s0.qd, {}, {}, {}};
  inst.defaults.acceleration = AccelerationMethod::Augmented;
  inst.defaults.integrator = IntegratorMethod::AdamsBashforth4;
  inst.defaults.stabilizer = "rgcpa";
  inst.defaults.step = 0.005;
  inst.defaults.duration = 10.0;
  inst.defaults.tolerance = 1e-12;
  inst.engine_options = default_bicycle_simulation_options(p);

  // The functions below share one copy of the bicycle: captured by value, each std::function held its own
  // and compiled its own copy of it (52 kB of the page's WebAssembly, 2026-12-04).
  const auto shared = std::make_shared<const MultibodyBicycle>(bike);
  for (std::size_t k = 0; k < 11; ++k)
    inst.probes.push_back({kObservableNames[k], kObservableUnits[k],
                           [shared, k](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                             return to_values(observe(*shared, q, qd))[k];
                           }});
  inst.probe_values = [shared](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    return to_values(observe(*shared, q, qd));
  };
  inst.coordinates_in_output = false;

  inst.body_names = bicycle_body_names();
  inst.body_poses = [shared](const Eigen::VectorXd& q) { return bicycle_body_poses(*shared, q); };
  inst.geoms = bicycle_geoms(p);
  inst.traces = {{"rear contact", {0.20f, 0.30f, 0.60f, 1}, [shared](const Model&, const Eigen::VectorXd& q) {
                    return Vector3d(shared->rear_contact.contact_point<double>(q));
                  }},
                 {"front contact", {0.85f, 0.35f, 0.15f, 1}, [shared](const Model&, const Eigen::VectorXd& q) {
                    return Vector3d(shared->front_contact.contact_point<double>(q));
                  }}};
  {
    // The hubs, the steer axis (a point of it a wheel radius above the front hub, fixed in the front frame
    // as the frame turns about it) and the contacts. Body axes are parallel to the world's upright (the
    // geoms' convention, bicycle_geoms).
    const Eigen::VectorXd q0 = multibody_upright_configuration(p);
    const double sl = std::sin(p.lambda), cl = std::cos(p.lambda);
    const Vector3d A(p.w + p.c, 0, 0), up(-sl, 0, -cl), rear_hub(0, 0, -p.rR), front_hub(p.w, 0, -p.rF);
    const Vector3d head = A + ((front_hub - A).dot(up) + p.rF) * up;
    const auto local = [&](int body, const Vector3d& world) { return Vector3d(world - q0.segment<3>(6 * body)); };
    using examples::body_joint, examples::trace_joint;
    inst.joints = {body_joint("rear hub", inst.body_poses, 0, local(0, rear_hub)),
                   body_joint("steer axis", inst.body_poses, 2, local(2, head)),
                   body_joint("front hub", inst.body_poses, 3, local(3, front_hub)),
                   trace_joint("rear contact", inst.traces[0]), trace_joint("front contact", inst.traces[1])};
  }
  inst.view.up = Vector3d(0, 0, -1);  // Meijaard's z points down
  inst.view.forward = Vector3d::UnitX();
  inst.view.planar = false;

  inst.ended = [shared, fall](const State& s, const std::vector<double>& probes) {
    return fall_reason(*shared, s.q, from_values(probes), fall, s.t);
  };
  // The rider's torques (multibody.hpp, RiderTorques): inputs in the order steer, roll.
  inst.inputs = bicycle_inputs();
  inst.model_with_inputs = [shared](const std::vector<examples::SignalPiece>& pieces) {
    MultibodyBicycle b = *shared;
    b.rider.steer = pieces.size() > 0 ? pieces[0] : examples::SignalPiece{};
    b.rider.roll = pieces.size() > 1 ? pieces[1] : examples::SignalPiece{};
    return Model(b);
  };
  inst.push = examples::Push{"kick", "rad/s", "lateral disturbance: adds this to the roll rate",
                             [shared](const Model&, const State& s, const std::vector<double>& probes, double amount) {
                               const Observables o = from_values(probes);
                               return with_rates(*shared, s, o.roll_rate + amount, o.steer_rate, o.speed);
                             }};
  return inst;
}

}  // namespace carvallo::bicycle
