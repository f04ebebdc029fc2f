// examples/registry: every mechanism of the papers (002 §6, 001 Examples 1-2, 004 §4) is registered,
// builds in every variant with a consistent initial state, and unknown names/variants fail with a typed
// error.
#include "registry.hpp"
#include "model_run.hpp"
#include "bicycle/parameters.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stabilization.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <tuple>

using namespace carvallo;
using namespace carvallo::examples;

TEST_CASE("registry: the issue-6 models are registered once each", "[registry]") {
  std::set<std::string> names;
  for (const auto& e : models()) {
    CHECK(names.insert(e.name).second);  // unique
    CHECK(!e.title.empty());
    CHECK(e.make != nullptr);
  }
  for (const char* n : {"four-bar", "slider-crank", "double-inverted-pendulum", "quick-return", "appell-hamel",
                        "sliding-particle", "epicyclic-gear"})
    CHECK(names.count(n) == 1);
  CHECK(find_model("no-such-model") == nullptr);
  CHECK_THROWS_AS(make_model("no-such-model"), SolverError);
  CHECK_THROWS_AS(make_model("four-bar", "no-such-variant"), SolverError);
}

TEST_CASE("registry: every variant starts consistent with its constraints", "[registry]") {
  // Initial states come from the papers' tables (rounded there; exact here): C, Ċ and D vanish to 1e-12.
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      INFO(e.name << " / " << v);
      REQUIRE(inst.q0.size() == inst.model.nq());
      REQUIRE(inst.qd0.size() == inst.model.nq());
      Eigen::VectorXd r;
      if (inst.model.nch() > 0) {
        inst.model.C(inst.q0, inst.t0, r);
        CHECK(r.lpNorm<Eigen::Infinity>() < 1e-12);
      }
      if (inst.model.nc() > 0) {
        inst.model.velocity_residual(inst.q0, inst.qd0, inst.t0, r);
        CHECK(r.lpNorm<Eigen::Infinity>() < 1e-12);
      }
      CHECK(inst.defaults.step > 0.0);
      CHECK(inst.defaults.duration > inst.defaults.step);
      CHECK_NOTHROW(parse_stabilization_method(inst.defaults.stabilizer));
      for (const auto& p : inst.probes) CHECK(std::isfinite(p.value(inst.model, inst.t0, inst.q0, inst.qd0)));
      // Its look: a pose per named body, finite, and geoms attached to existing bodies only.
      REQUIRE(inst.body_poses);
      const auto poses = inst.body_poses(inst.q0);
      CHECK(poses.size() == inst.body_names.size());
      for (const auto& p : poses) CHECK((p.position.allFinite() && p.rotation.allFinite()));
      for (const auto& p : poses) CHECK((p.rotation.transpose() * p.rotation - Eigen::Matrix3d::Identity()).norm() < 1e-12);
      CHECK(!inst.geoms.empty());
      for (const auto& g : inst.geoms) {
        CHECK(g.body < static_cast<int>(poses.size()));
        CHECK(g.end_body < static_cast<int>(poses.size()));
      }
    }
}

namespace {

const JointMark& joint_named(const ModelInstance& inst, const std::string& name) {
  const auto it = std::find_if(inst.joints.begin(), inst.joints.end(), [&](const JointMark& j) { return j.name == name; });
  REQUIRE(it != inst.joints.end());
  return *it;
}

// The model run for a second from its start with its own methods: a state away from the initial one.
State moved_state(const char* model) {
  ModelRun run(model);
  for (int k = 0; k < 200; ++k) run.step(0.005);
  return run.state();
}

}  // namespace

TEST_CASE("registry: the labelled joints are where the bodies they join meet, as the motion goes on", "[registry][joints]") {
  // The four-bar (002 §6.1): bars 4 m long joined end to end by pins A-D; A and D on the ground.
  {
    const ModelInstance inst = make_model("four-bar");
    for (const Eigen::VectorXd& q : {Eigen::VectorXd(inst.q0), moved_state("four-bar").q}) {
      const auto poses = inst.body_poses(q);
      const auto at = [&](const char* name) { return Eigen::Vector2d(joint_named(inst, name).point(inst.model, q).head<2>()); };
      const auto centre = [&](int body) { return Eigen::Vector2d(poses[static_cast<std::size_t>(body)].position.head<2>()); };
      CHECK(at("pin A").norm() < 1e-9);
      for (auto [pin, a, b] : {std::tuple{"pin B", 0, 1}, std::tuple{"pin C", 1, 2}}) {
        CHECK((at(pin) - centre(a)).norm() == Approx(2.0).epsilon(1e-9));
        CHECK((at(pin) - centre(b)).norm() == Approx(2.0).epsilon(1e-9));
      }
      CHECK((at("pin D") - centre(2)).norm() == Approx(2.0).epsilon(1e-9));
    }
  }
  // The bicycle: each contact on the ground, a wheel radius below its hub; the steer axis's point is fixed in
  // the rear frame as well as in the front frame it is labelled on (the hinge), however far it steered.
  {
    const ModelInstance inst = make_model("bicycle");
    const bicycle::Parameters p = bicycle::benchmark_parameters();
    const Eigen::Vector3d head0 = joint_named(inst, "steer axis").point(inst.model, inst.q0);
    const auto pose0 = inst.body_poses(inst.q0)[1];
    const Eigen::Vector3d in_rear_frame = pose0.rotation.transpose() * (head0 - pose0.position);
    ModelSetup steering;
    steering.settings = {{"steer", 0.6}, {"roll_rate", 0.5}};
    ModelRun run("bicycle", steering);
    for (int k = 0; k < 100; ++k) run.step(0.005);
    const Eigen::VectorXd& q = run.state().q;
    const auto point = [&](const char* name) { return joint_named(inst, name).point(inst.model, q); };
    CHECK(std::abs(run.probes()[static_cast<std::size_t>(run.probe_index("steer"))]) > 0.05);
    CHECK(std::abs(point("rear contact").z()) < 1e-9);
    CHECK(std::abs(point("front contact").z()) < 1e-9);
    CHECK((point("rear hub") - point("rear contact")).norm() == Approx(p.rR).epsilon(1e-9));
    CHECK((point("front hub") - point("front contact")).norm() == Approx(p.rF).epsilon(1e-9));
    const auto rear = inst.body_poses(q)[1];
    CHECK((rear.position + rear.rotation * in_rear_frame - point("steer axis")).norm() < 1e-9);
  }
  // The gear train (004 §4.1): each mesh's pitch point is a pitch radius from both gears' centres.
  {
    const ModelInstance inst = make_model("epicyclic-gear");
    const Eigen::VectorXd q = moved_state("epicyclic-gear").q;
    const auto poses = inst.body_poses(q);
    const double module = 0.004, r_planet = 0.5 * module * 52;
    for (auto [mesh, planet] : {std::tuple{"sun-planet1 mesh", 4}, std::tuple{"ring-planet1 mesh", 4}, std::tuple{"sun-planet2 mesh", 6},
                                std::tuple{"ring-planet2 mesh", 6}}) {
      const Eigen::Vector3d at = joint_named(inst, mesh).point(inst.model, q);
      CHECK((at - poses[static_cast<std::size_t>(planet)].position).head<2>().norm() == Approx(r_planet).epsilon(1e-6));
    }
  }
  // Every model's labels are finite points at its start.
  for (const auto& entry : models()) {
    const ModelInstance inst = entry.make({});
    for (const auto& j : inst.joints) {
      INFO(entry.name << ": " << j.name);
      CHECK(j.point(inst.model, inst.q0).allFinite());
    }
  }
}

TEST_CASE("registry: a model says its energy is not conserved exactly where it changes by itself", "[registry][energy]") {
  // Each model run 1 s from its start with its own methods: where nothing is declared (the bicycle, the
  // rolling disk, the sleighs, the frictionless particle) the energy stays at its start's to the methods'
  // accuracy; where a spring-damper or a driving torque is declared, it changes by far more than that.
  for (const auto& e : models()) {
    ModelRun run(e);
    const double e0 = run.energy();
    const double scale = std::max(std::abs(e0), 1.0);
    double largest = 0.0;
    const double h = run.instance().defaults.step;
    for (int k = 0; k * h < 1.0 && !run.ended(); ++k) {
      run.step(h);
      largest = std::max(largest, std::abs(run.energy() - e0) / scale);
    }
    INFO(e.name << ": largest |E - E0| / max(|E0|, 1 J) " << largest << ", declared '" << run.instance().energy_not_conserved << "'");
    if (run.instance().energy_not_conserved.empty()) CHECK(largest < 1e-6);
    else CHECK(largest > 1e-3);
    CHECK(run.energy_not_conserved() == run.instance().energy_not_conserved);  // no input driven
    // An input driven (a constant torque of 1 in its own unit) does work, and the run says so.
    if (run.input_channels().empty() || !run.instance().energy_not_conserved.empty()) continue;
    ModelRun driven(e);
    driven.set_input(0, InputSignal::constant(1.0));
    CHECK(driven.energy_not_conserved() == ModelRun::kInputsDoWork);
    for (int k = 0; k * h < 1.0 && !driven.ended(); ++k) driven.step(h);
    CHECK(std::abs(driven.energy() - e0) / scale > 1e-5);
  }
}
