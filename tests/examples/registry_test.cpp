// examples/registry: every mechanism of the papers (002 §6, 001 Examples 1-2, 004 §4) is registered,
// builds in every variant with a consistent initial state, and unknown names/variants fail with a typed
// error.
#include "registry.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stabilization.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>

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
