// web/scene_mesh: every model's posed scene turns into finite triangles in the viewer's frame, standing
// on the ground; the bicycle's frame is the identity (Meijaard's frame is the viewer's).
#include "logic/scene_mesh.hpp"

#include "model_run.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;

TEST_CASE("scene mesh: every model tessellates into finite triangles standing on the ground", "[scene_mesh]") {
  for (const auto& e : examples::models()) {
    INFO(e.name);
    examples::ModelRun run(e);
    const auto scene = run.scene();
    const web::DisplayFrame frame = web::display_frame(run.instance().view, scene);
    CHECK(std::abs(frame.rotation.determinant() - 1.0) < 1e-12);
    web::Mesh mesh;
    web::tessellate(scene, frame, true, mesh);
    REQUIRE(!mesh.opaque.empty());
    CHECK(mesh.opaque.size() % 3 == 0);
    CHECK(mesh.transparent.size() % 3 == 0);
    float lowest = -INFINITY;
    for (const auto& v : mesh.opaque) {
      for (float x : v.position) REQUIRE(std::isfinite(x));
      lowest = std::max(lowest, v.position[2]);
    }
    // z is down: nothing below the ground (beyond the tessellation's inscribed polygons), and the model not
    // floating (a spring's coil narrows at its anchor, which the frame's exact-for-solids bound counts whole).
    // A linkage that swings below where it starts floats by its floor_drop above the floor.
    const float drop = static_cast<float>(run.instance().view.floor_drop);
    CHECK(lowest < 0.02f - drop);
    CHECK(lowest > -0.1f - drop);
    // "up" of the model is the viewer's -z.
    CHECK((frame.direction(run.instance().view.up) - Eigen::Vector3d(0, 0, -1)).norm() < 1e-12);
  }
  examples::ModelRun bicycle("bicycle");
  const auto frame = web::display_frame(bicycle.instance().view, bicycle.scene());
  CHECK(frame.rotation == Eigen::Matrix3d::Identity());
  CHECK(frame.offset == Eigen::Vector3d::Zero());
}

TEST_CASE("scene mesh: the hanging four-bar swings above the floor for its paper's 5 s", "[scene_mesh]") {
  examples::MethodChoice rk4;
  rk4.integrator = IntegratorMethod::RungeKutta4;  // 10 ms steps: the swing, cheaply (the path is the same to the eye)
  examples::ModelRun run("four-bar", {}, rk4);
  const web::DisplayFrame frame = web::display_frame(run.instance().view, run.scene());
  const Eigen::Vector3d down = frame.rotation.transpose() * Eigen::Vector3d::UnitZ();  // the viewer's down, in the world
  double deepest = -INFINITY;
  for (int i = 0; i < 500; ++i) {
    run.step(0.01);
    for (const auto& g : run.scene()) deepest = std::max(deepest, examples::support(g, down) + frame.offset.z());
  }
  INFO("deepest point " << deepest << " m (z down; the floor is z = 0)");
  CHECK(deepest < 0.0);
}

TEST_CASE("scene mesh: the inertia layer is drawn only when asked", "[scene_mesh]") {
  examples::ModelRun bicycle("bicycle");
  const auto frame = web::display_frame(bicycle.instance().view, bicycle.scene());
  web::Mesh without, with;
  web::tessellate(bicycle.scene(), frame, false, without);
  web::tessellate(bicycle.scene(), frame, true, with);
  CHECK(without.transparent.empty());
  CHECK(with.transparent.size() > 0);
}
