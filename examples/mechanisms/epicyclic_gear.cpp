// 004 §4: epicyclic gear train. Data: Table 1 (masses and principal inertias), Table 2 (joints), Eqs 40-42
// (meshes), module 4 mm, T1 = 127, T2 = 23, T5 = T7 = 52, a torque of 0.1 N m on the arm about its axis,
// 15 s from rest.
//
// Reconstruction (004 gives no coordinates): every gear axis is the global z axis (the arm, sun and ring
// on it; the planets on axes at ±r3 = ±(r2 + r5) = ±0.150 m along x, r = m T / 2). All bodies start
// unrotated (Euler parameters (1, 0, 0, 0)) at rest, which satisfies every constraint. The bodies' mass
// centres are on their axes (the arm's at the origin, each carrier's on its planet axis), in the plane
// z = 0. Gravity is left out: the paper does not mention it, and along the gear axes it only loads the
// bearings. The ring is a body rigidly joined to the ground, as in Table 2.

#include "mechanisms/epicyclic_gear.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/partitioning.hpp"

namespace carvallo::examples::mechanisms {

namespace {
blocks::RigidBody3D body(int index, double m, double Ixx, double Iyy, double Izz) {
  blocks::RigidBody3D b;
  b.offset = 7 * index;
  b.kind = blocks::Orientation::EulerParameters;
  b.mass = m;
  b.inertia = Eigen::Vector3d(Ixx, Iyy, Izz).asDiagonal();
  return b;
}
}  // namespace

EpicyclicGear::EpicyclicGear() {
  // 004 Table 1.
  bodies = {body(0, 6.97, 0.25, 0.255, 0.507),      body(1, 0.85, 0.00064, 0.00064, 0.00087),
            body(2, 5.42, 0.0032, 0.0569, 0.05957), body(3, 0.832, 0.0016, 0.0016, 0.00093),
            body(4, 4.41, 0.013, 0.013, 0.024),     body(5, 0.832, 0.0016, 0.0016, 0.00093),
            body(6, 4.41, 0.013, 0.013, 0.024)};
  const Eigen::VectorXd q0 = reference_q();
  const auto ground = blocks::RigidBody3D::ground();
  const Eigen::Vector3d z = Eigen::Vector3d::UnitZ(), o = Eigen::Vector3d::Zero();
  const Eigen::Vector3d p1(arm_radius(), 0.0, 0.0), p2(-arm_radius(), 0.0, 0.0);
  const auto& [ring, sun, arm, carrier1, planet1, carrier2, planet2] = bodies;
  rigid = {blocks::RigidJoint3D::assemble(ground, ring, q0, o),
           blocks::RigidJoint3D::assemble(arm, carrier1, q0, p1),
           blocks::RigidJoint3D::assemble(arm, carrier2, q0, p2)};
  revolute = {blocks::RevoluteJoint3D::assemble(ground, sun, q0, o, z),
              blocks::RevoluteJoint3D::assemble(ground, arm, q0, o, z),
              blocks::RevoluteJoint3D::assemble(carrier1, planet1, q0, p1, z),
              blocks::RevoluteJoint3D::assemble(carrier2, planet2, q0, p2, z)};
  meshes = {blocks::GearMesh::external(sun, T2, planet1, T5, arm),    // Eq 40
            blocks::GearMesh::internal(ring, T1, planet1, T5, arm),   // Eq 41 (T1 = T2 + 2 T5)
            blocks::GearMesh::external(sun, T2, planet2, T7, arm)};   // Eq 42
}

Eigen::VectorXd EpicyclicGear::reference_q() const {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(49);
  const double x[7] = {0.0, 0.0, 0.0, arm_radius(), arm_radius(), -arm_radius(), -arm_radius()};
  for (int k = 0; k < 7; ++k) {
    q[7 * k] = x[k];
    q[7 * k + 3] = 1.0;  // e0
  }
  return q;
}

Layout EpicyclicGear::layout() const {
  static const char* names[7] = {"ring", "sun", "arm", "carrier1", "planet1", "carrier2", "planet2"};
  Layout l;
  l.name = "epicyclic-gear";
  for (int k = 0; k < 7; ++k)
    for (auto& n : bodies[static_cast<std::size_t>(k)].coordinate_names(names[k])) l.coordinates.push_back(n);
  for (int k = 0; k < 7; ++k)
    for (auto& n : bodies[static_cast<std::size_t>(k)].constraint_names(names[k])) l.holonomic.push_back(n);
  auto add = [&](const std::vector<std::string>& v) { l.holonomic.insert(l.holonomic.end(), v.begin(), v.end()); };
  add(blocks::RigidJoint3D::names("ground-ring"));
  add(blocks::RevoluteJoint3D::names("ground-sun"));
  add(blocks::RevoluteJoint3D::names("ground-arm"));
  add(blocks::RigidJoint3D::names("arm-carrier1"));
  add(blocks::RevoluteJoint3D::names("carrier1-planet1"));
  add(blocks::RigidJoint3D::names("arm-carrier2"));
  add(blocks::RevoluteJoint3D::names("carrier2-planet2"));
  l.nonholonomic = {"mesh sun-planet1 (Eq 40)", "mesh ring-planet1 (Eq 41)", "mesh sun-planet2 (Eq 42)"};
  return l;
}

std::vector<Quantity> epicyclic_gear_settings() {
  return {{"arm_rate", "rad/s", "initial angular velocity of the arm (004: 0, from rest); the sun and planets turn with it through the meshes",
           0.0, -100.0, 100.0}};
}

std::vector<MethodStudy> epicyclic_gear_studies() {
  // 004 §4.2 integrates the train three ways: all 49 coordinates unstabilized (FCI), with full
  // coordinate partitioning (GCPI: RGCPA here) and with its selective partitioning (SCPI).
  return {{"004 §4.2: SCPI beside FCI and GCPI", "selective", "augmented:selective:ab4:dt0.001", "none,rgcpa",
           "004 (MATLAB ode113, 15 s simulated): FCI (none) drifts without bound (Fig. 4) in 216 s of CPU; GCPI "
           "(rgcpa) stays on the constraints (Fig. 6) in 229 s; SCPI (selective) too, in 54.37 s: about 4 times "
           "faster than GCPI."}};
}

ModelInstance make_epicyclic_gear(const ModelSetup& setup) {
  const std::vector<std::string> variants{"selective", "rgcpa", "full"};
  const std::string& variant = setup.variant;
  const std::string v = variant.empty() ? variants[0] : variant;
  if (v != "selective" && v != "rgcpa" && v != "full") unknown_variant("epicyclic-gear", variant, variants);
  if (!setup.parameters.empty())
    throw SolverError(SolverError::Kind::InvalidArgument, "epicyclic-gear has no parameter table", 0.0);
  const double arm_rate = setting_values("epicyclic-gear", epicyclic_gear_settings(), setup)["arm_rate"];
  const EpicyclicGear def;
  ModelInstance inst{Model(def), 0.0, def.reference_q(), Eigen::VectorXd::Zero(49), {}, {}, {}};
  if (arm_rate != 0.0) {
    // Unrotated Euler parameters (1, 0, 0, 0) turning about z at ω have ė3 = ω/2. The arm's is prescribed;
    // the velocity analysis (000 Eqs 66-67) solves the constraints and the meshes for the rest, so the sun
    // turns at (1 + T1/T2) ω and the planets at −(T1 − T5)/T5 ω (the tests check both).
    Eigen::VectorXd qd = inst.qd0;
    qd[7 * 2 + 6] = 0.5 * arm_rate;
    const State s = make_consistent(inst.model, State{0.0, inst.q0, qd},
                                    {{"sun e3", "arm e3", "planet1 e3", "planet2 e3"}, {"arm e3"}});
    inst.q0 = s.q;
    inst.qd0 = s.qd;
  }
  // 004 §4.2 integrates with MATLAB's ode113 (variable-order Adams, tolerances 1e-3) for 15 s. We use AB4
  // at a fixed step; the augmented formulation (the Euler-parameter mass matrix 4ḠᵀIḠ is singular, so
  // Udwadia–Kalaba's M⁻¹ does not exist).
  inst.energy_not_conserved = "the torque on the arm does work";
  inst.defaults.acceleration = AccelerationMethod::Augmented;
  inst.defaults.integrator = IntegratorMethod::AdamsBashforth4;
  inst.defaults.step = 1e-3;
  inst.defaults.duration = 15.0;
  inst.defaults.tolerance = 1e-10;
  inst.defaults.stabilizer = v == "full" ? "none" : v;
  if (v == "selective") {
    // 004 §3.2 / §4.2: one rotational parameter of the sun, arm or planets as the independent velocity; at
    // the position level the 4 holonomic degrees of freedom need one parameter of each rotating gear.
    inst.defaults.independent_coordinates = {"sun e3", "arm e3", "planet1 e3", "planet2 e3"};
    inst.defaults.independent_velocities = {"arm e3"};
    // 004 §3.2's saving is the partitioning of every step; with the fixed choice, a step whose constraints
    // AB4 kept within the tolerance needs neither C_q, J nor the fixed block's condition estimate, so they
    // are computed only in the steps that correct (docs/examples.md: the SCPI/GCPI timing).
    inst.defaults.analyse_only_when_violated = true;
  }
  auto omega = [def](int k) {
    return [def, k](const Model&, double, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
      return def.omega_z(k, q, qd);
    };
  };
  inst.probes = {{"omega_sun", "rad/s", omega(1)},
                 {"omega_arm", "rad/s", omega(2)},
                 {"omega_planet1", "rad/s", omega(4)},
                 {"omega_planet2", "rad/s", omega(6)},
                 {"energy", "J", [](const Model& m, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
                    return m.kinetic_energy(q, qd, t);
                  }}};
  // Drawn in 3D from the seven bodies' poses: the four gears with their teeth in the plane z = 0, the arm
  // above them, the carriers as pins from the arm down to the planets.
  inst.body_names = {"ring", "sun", "arm", "carrier1", "planet1", "carrier2", "planet2"};
  inst.body_poses = [def](const Eigen::VectorXd& q) {
    std::vector<BodyPose> poses;
    for (const auto& b : def.bodies) poses.push_back({b.position<double>(q), b.rotation<double>(q)});
    return poses;
  };
  const double face = 0.012, depth = 2.25 * def.module;
  const Rgba palette[7] = {{0.55f, 0.57f, 0.62f, 1}, {0.84f, 0.35f, 0.12f, 1}, {0.12f, 0.39f, 0.75f, 1}, {0.3f, 0.3f, 0.32f, 1},
                           {0.13f, 0.59f, 0.20f, 1}, {0.3f, 0.3f, 0.32f, 1}, {0.71f, 0.55f, 0.08f, 1}};
  const double teeth[7] = {def.T1, def.T2, 0, 0, def.T5, 0, def.T7};
  for (int k : {0, 1, 4, 6}) {
    Geom gear{GeomShape::gear, k};
    gear.size = Eigen::Vector3d(def.pitch_radius(teeth[k]), face, k == 0 ? -depth : depth);  // the ring's teeth point inwards
    gear.teeth = static_cast<int>(teeth[k]);
    gear.color = palette[k];
    inst.geoms.push_back(gear);
  }
  Geom arm{GeomShape::box, 2, Eigen::Vector3d(0, 0, 3.0 * face), Eigen::Matrix3d::Identity(),
           Eigen::Vector3d(def.arm_radius() + 0.02, 0.015, 0.006)};
  arm.color = palette[2];
  inst.geoms.push_back(arm);
  Geom shaft{GeomShape::cylinder, 1, Eigen::Vector3d(0, 0, 2.0 * face), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.012, 2.5 * face, 0)};
  shaft.color = palette[1];
  inst.geoms.push_back(shaft);
  for (int k : {3, 5}) {
    Geom pin{GeomShape::cylinder, k, Eigen::Vector3d(0, 0, 1.5 * face), Eigen::Matrix3d::Identity(), Eigen::Vector3d(0.01, 1.8 * face, 0)};
    pin.color = palette[k];
    inst.geoms.push_back(pin);
  }
  // A mark on each gear shows its rotation.
  for (int k : {1, 4, 6}) {
    Geom mark{GeomShape::box, k, Eigen::Vector3d(0.5 * def.pitch_radius(teeth[k]), 0, face), Eigen::Matrix3d::Identity(),
              Eigen::Vector3d(0.45 * def.pitch_radius(teeth[k]), 0.004, 0.002)};
    mark.color = {0.97f, 0.97f, 0.97f, 1};
    inst.geoms.push_back(mark);
  }
  // The joints: the shafts and pins (revolute), and the meshes (004 Eqs 40-41), each at its pitch point on
  // the line of centres.
  inst.joints = {body_joint("central shaft", inst.body_poses, 1, Eigen::Vector3d(0, 0, 2.0 * face)),
                 body_joint("planet1 pin", inst.body_poses, 3, Eigen::Vector3d(0, 0, 1.5 * face)),
                 body_joint("planet2 pin", inst.body_poses, 5, Eigen::Vector3d(0, 0, 1.5 * face))};
  for (int planet : {4, 6}) {
    const std::string name = inst.body_names[static_cast<std::size_t>(planet)];
    // The point `radius` from the central axis (the sun's and the ring's) towards this planet's centre.
    const auto pitch_point = [poses = inst.body_poses, planet](double radius) {
      return [poses, planet, radius](const Model&, const Eigen::VectorXd& q) {
        const auto p = poses(q);
        const Eigen::Vector3d centre = p[1].position, towards = p[static_cast<std::size_t>(planet)].position - centre;
        return Eigen::Vector3d(centre + radius * towards.normalized());
      };
    };
    const double r_ring = def.pitch_radius(def.T1), r_sun = def.pitch_radius(def.T2);
    inst.joints.push_back({"sun-" + name + " mesh", pitch_point(r_sun)});
    inst.joints.push_back({"ring-" + name + " mesh", pitch_point(r_ring)});
  }
  inst.view.up = Eigen::Vector3d::UnitZ();
  inst.view.forward = Eigen::Vector3d::UnitX();
  inst.view.planar = false;
  return inst;
}

}  // namespace carvallo::examples::mechanisms
