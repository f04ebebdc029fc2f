// web/logic/capture_frame: the picture's size limits and the crop that shows in a picture what the view
// shows on screen (NDC values worked by hand).
#include "logic/capture_frame.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;

TEST_CASE("capture frame: sizes outside 1..7680 whole pixels are refused with a message", "[capture_frame]") {
  CHECK(web::capture_size_problem(640, 360).empty());
  CHECK(web::capture_size_problem(3840, 2160).empty());
  CHECK(web::capture_size_problem(1, 7680).empty());
  for (const auto& [w, h] : std::vector<std::pair<double, double>>{
           {NAN, 360}, {640, INFINITY}, {0, 360}, {640, -1}, {7681, 360}, {640.5, 360}, {1e300, 1e300}}) {
    INFO(w << " x " << h);
    const std::string m = web::capture_size_problem(w, h);
    CHECK(m.rfind("capture: ", 0) == 0);
  }
  CHECK(web::capture_size_problem(7681, 10).find("7680") != std::string::npos);
}

TEST_CASE("capture frame: the crop maps the free view onto the picture, widened to its aspect", "[capture_frame]") {
  // An 800 x 600 canvas whose free view is x 100..500, y 50..350 (px, y down): NDC x -0.75..0.25, y -1/6..5/6.
  const web::NdcRect shown = web::ndc_rect(100, 50, 500, 350, 800, 600);
  CHECK(shown.x0 == Approx(-0.75));
  CHECK(shown.x1 == Approx(0.25));
  CHECK(shown.y0 == Approx(-1.0 / 6));
  CHECK(shown.y1 == Approx(5.0 / 6));
  // A projection that is the identity: clip = viewer point (w = 1), so the crop's output is read directly.
  const Eigen::Matrix4f identity = Eigen::Matrix4f::Identity();
  auto ndc = [](const Eigen::Matrix4f& m, double x, double y) {
    const Eigen::Vector4f c = m * Eigen::Vector4f(static_cast<float>(x), static_cast<float>(y), 0, 1);
    return Eigen::Vector2d(c.x() / c.w(), c.y() / c.w());
  };
  // The free view's own aspect (400 / 300): its corners become the picture's.
  const Eigen::Matrix4f same = web::crop_projection(identity, shown, 800, 600, 400.0 / 300.0);
  CHECK(ndc(same, -0.75, -1.0 / 6).isApprox(Eigen::Vector2d(-1, -1), 1e-6));
  CHECK(ndc(same, 0.25, 5.0 / 6).isApprox(Eigen::Vector2d(1, 1), 1e-6));
  // A wider picture (2:1): the full height, the width widened about the centre (400 px of 600 shown).
  const Eigen::Matrix4f wide = web::crop_projection(identity, shown, 800, 600, 2.0);
  CHECK(ndc(wide, -0.75, -1.0 / 6).isApprox(Eigen::Vector2d(-2.0 / 3, -1), 1e-6));
  CHECK(ndc(wide, 0.25, 5.0 / 6).isApprox(Eigen::Vector2d(2.0 / 3, 1), 1e-6));
  // A taller picture (1:1): the full width, the height grown (300 px of 400 shown).
  const Eigen::Matrix4f square = web::crop_projection(identity, shown, 800, 600, 1.0);
  CHECK(ndc(square, -0.75, -1.0 / 6).isApprox(Eigen::Vector2d(-1, -0.75), 1e-6));
  // An empty rectangle is the whole canvas; a useless aspect leaves the projection as it is.
  const web::NdcRect whole = web::ndc_rect(0, 0, 0, 0, 800, 600);
  CHECK((whole.x0 == -1 && whole.x1 == 1 && whole.y0 == -1 && whole.y1 == 1));
  CHECK(web::crop_projection(identity, shown, 800, 600, NAN) == identity);
}

TEST_CASE("capture frame: a picture of both gives the view three fifths of the width", "[capture_frame]") {
  CHECK(web::both_view_width(1000) == 600);
  CHECK(web::both_view_width(3840) == 2304);
  CHECK(web::both_view_width(2) == 1);
}
