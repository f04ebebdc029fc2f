// web/logic/body_pick: the bodies' screen boxes and the hit test, against a pinhole camera worked by hand
// (boxes seen face on) and against the bicycle's own mass-centre symbols.
#include "logic/body_pick.hpp"
#include "logic/camera.hpp"

#include "model_run.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;

namespace {

// A camera 5 m from the origin on +x, looking along -x, level: screen right is world -y, screen up is
// world -z (up), 1/tan(fov/2) focal length; a 400 x 400 px screen.
constexpr double kDistance = 5.0, kScreen = 400.0;

web::ScreenProjection face_on_projection() {
  web::OrbitCamera cam;
  cam.target = Eigen::Vector3d::Zero();
  cam.yaw = 0.0;
  cam.pitch = 0.0;
  cam.distance = kDistance;
  cam.shift_x = cam.shift_y = 0.0;
  return {cam.view_projection(1.0), kScreen, kScreen};
}

double focal(const web::ScreenProjection&) { return 1.0 / std::tan(0.5 * web::OrbitCamera{}.fov_y); }

examples::PosedGeom box(int body, Eigen::Vector3d centre, Eigen::Vector3d half) {
  examples::PosedGeom g;
  g.shape = examples::GeomShape::box;
  g.body = body;
  g.position = centre;
  g.size = half;
  return g;
}

const web::ScreenBox kWholeScreen{0, 0, kScreen, kScreen};

}  // namespace

TEST_CASE("body pick: a box seen face on spans its front face's perspective projection", "[body_pick]") {
  const auto p = face_on_projection();
  // Half extents 0.2 m deep (x), 0.5 m wide (y), 0.3 m high (z): the front face is 4.8 m from the eye.
  const web::BodyPicker picker({box(0, Eigen::Vector3d::Zero(), {0.2, 0.5, 0.3})}, web::DisplayFrame{}, false, p);
  const auto b = picker.box(0, kWholeScreen);
  REQUIRE(b);
  const double half_w = focal(p) * 0.5 / 4.8 * kScreen / 2, half_h = focal(p) * 0.3 / 4.8 * kScreen / 2;
  // Single-precision matrices and vertices: a hundredth of a pixel.
  CHECK(b->x == Approx(200 - half_w).margin(0.01));
  CHECK(b->w == Approx(2 * half_w).margin(0.01));
  CHECK(b->y == Approx(200 - half_h).margin(0.01));
  CHECK(b->h == Approx(2 * half_h).margin(0.01));
  // Clipped to the view's rectangle; nothing when the rectangle misses it; nothing for a body with no geom.
  const auto left = picker.box(0, {0, 0, 200, kScreen});
  REQUIRE(left);
  CHECK(left->x + left->w == Approx(200).margin(1e-9));
  CHECK(!picker.box(0, {0, 0, 50, 50}));
  CHECK(!picker.box(1, kWholeScreen));
}

TEST_CASE("camera: a view cut from the canvas is zoomed out to span what the reference view spans", "[body_pick]") {
  // The reference: a view three quarters of the canvas's height (a 1280x720 projector's stage) keeps the
  // plain projection, and so does anything larger; a phone's 390 x 240 view of a 844 px canvas shows
  // across its 240 px what 633 px of the canvas's height show unscaled.
  CHECK(web::view_zoom(805, 540, 720) == 1.0);
  CHECK(web::view_zoom(1920, 1080, 1080) == 1.0);
  CHECK(web::view_zoom(390, 240, 844) == Approx(240.0 / 633.0).epsilon(1e-12));
  CHECK(web::view_zoom(844, 160, 390) == Approx(160.0 / 292.5).epsilon(1e-12));
  CHECK(web::view_zoom(0, 240, 844) == 1.0);  // no view: nothing to scale
  // Zoomed by z, the face-on box's projection is z times as large about the centre.
  auto zoomed = face_on_projection();
  web::OrbitCamera cam;
  cam.target = Eigen::Vector3d::Zero();
  cam.yaw = cam.pitch = cam.shift_x = cam.shift_y = 0.0;
  cam.distance = kDistance;
  cam.zoom = 0.4;
  zoomed.view_projection = cam.view_projection(1.0);
  const auto geom = box(0, Eigen::Vector3d::Zero(), {0.2, 0.5, 0.3});
  const auto plain = web::BodyPicker({geom}, web::DisplayFrame{}, false, face_on_projection()).box(0, kWholeScreen);
  const auto small = web::BodyPicker({geom}, web::DisplayFrame{}, false, zoomed).box(0, kWholeScreen);
  REQUIRE(plain);
  REQUIRE(small);
  CHECK(small->w == Approx(0.4 * plain->w).margin(0.01));
  CHECK(small->h == Approx(0.4 * plain->h).margin(0.01));
  CHECK(small->x + small->w / 2 == Approx(200).margin(0.01));
}

TEST_CASE("body pick: the nearest body drawn at a point wins, the world hides what is behind it", "[body_pick]") {
  const auto p = face_on_projection();
  const auto back = box(0, Eigen::Vector3d::Zero(), {0.2, 0.5, 0.3});
  const auto front = box(1, Eigen::Vector3d(1.0, 0, 0), {0.1, 0.1, 0.1});  // 1 m nearer, small
  for (const auto& geoms : {std::vector<examples::PosedGeom>{back, front}, std::vector<examples::PosedGeom>{front, back}}) {
    const web::BodyPicker picker(geoms, web::DisplayFrame{}, false, p);
    CHECK(picker.at(200, 200) == 1);
    // 0.8 of the back box's half width to the right: outside the front box (its half width there is about
    // 0.1 / 3.9 of the focal length, a quarter of the back box's).
    const double half_w = focal(p) * 0.5 / 4.8 * kScreen / 2;
    CHECK(picker.at(200 + 0.8 * half_w, 200) == 0);
    CHECK(!picker.at(10, 10));
    CHECK(!picker.at(NAN, 200));
    // A point on the back box away from the front one, where at() finds it.
    const auto q = picker.point(0, kWholeScreen);
    REQUIRE(q);
    const double front_half = focal(p) * 0.1 / 3.9 * kScreen / 2;
    CHECK((std::abs(q->x() - 200) > front_half || std::abs(q->y() - 200) > front_half));
    // ... and a pixel away in every direction (a pointer's whole-pixel position).
    for (double dx : {-1.0, 0.0, 1.0})
      for (double dy : {-1.0, 0.0, 1.0}) CHECK(picker.at(q->x() + dx, q->y() + dy) == 0);
  }
  // A world geom (body -1) in front of both hides them.
  const web::BodyPicker walled({back, front, box(-1, Eigen::Vector3d(2.0, 0, 0), {0.05, 0.3, 0.3})}, web::DisplayFrame{}, false, p);
  CHECK(!walled.at(200, 200));
  // Behind the camera (the eye is at x = 5): neither a box nor a hit.
  const web::BodyPicker behind({box(0, Eigen::Vector3d(7.0, 0, 0), {0.2, 0.2, 0.2})}, web::DisplayFrame{}, false, p);
  CHECK(!behind.box(0, kWholeScreen));
  CHECK(!behind.at(200, 200));
}

TEST_CASE("body pick: the bicycle's frames are found at their mass-centre symbols", "[body_pick]") {
  examples::ModelRun bike("bicycle");
  const auto scene = bike.scene();
  const web::DisplayFrame frame = web::display_frame(bike.instance().view, scene);
  const web::OrbitCamera cam;  // the playground's default: from the side, a little above
  const web::ScreenProjection p{cam.view_projection(1280.0 / 720.0), 1280, 720};
  const web::BodyPicker picker(scene, frame, false, p);
  const auto poses = bike.body_poses();
  const auto& names = bike.instance().body_names;
  for (const std::string name : {"rear_frame", "front_frame"}) {
    INFO(name);
    const auto k = static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
    REQUIRE(k < static_cast<int>(names.size()));
    // Each frame's mass centre (the body's origin) is drawn as a ball of that body.
    const Eigen::Vector3d c = frame.point(poses[static_cast<std::size_t>(k)].position);
    const Eigen::Vector4f clip = p.view_projection * Eigen::Vector4f(c.cast<float>().x(), c.cast<float>().y(), c.cast<float>().z(), 1);
    const double x = (clip.x() / clip.w() + 1) * 640, y = (1 - clip.y() / clip.w()) * 360;
    CHECK(picker.at(x, y) == k);
    const auto b = picker.box(k, {0, 0, 1280, 720});
    REQUIRE(b);
    CHECK((x > b->x && x < b->x + b->w && y > b->y && y < b->y + b->h));
    const auto q = picker.point(k, {0, 0, 1280, 720});
    REQUIRE(q);
    CHECK(picker.at(q->x(), q->y()) == k);
  }
}
