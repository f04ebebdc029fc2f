#include "logic/capture_frame.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace carvallo::web {

std::string capture_size_problem(double width, double height) {
  for (const double v : {width, height}) {
    if (!std::isfinite(v)) return "capture: width and height must be finite numbers of pixels";
    if (v != std::floor(v)) return "capture: width and height must be whole numbers of pixels";
    if (v < 1 || v > kMaxCaptureSide)
      return "capture: width and height must be between 1 and " + std::to_string(kMaxCaptureSide) + " px (asked " +
             std::to_string(static_cast<long long>(std::clamp(v, -1e15, 1e15))) + ")";
  }
  return {};
}

NdcRect ndc_rect(double left, double top, double right, double bottom, double fb_w, double fb_h) {
  if (!(fb_w > 0 && fb_h > 0 && right > left && bottom > top)) return {};
  return {2 * left / fb_w - 1, 1 - 2 * bottom / fb_h, 2 * right / fb_w - 1, 1 - 2 * top / fb_h};
}

Eigen::Matrix4f crop_projection(const Eigen::Matrix4f& view_projection, const NdcRect& shown, double fb_w, double fb_h,
                                double aspect) {
  const double cx = 0.5 * (shown.x0 + shown.x1), cy = 0.5 * (shown.y0 + shown.y1);
  double hx = 0.5 * (shown.x1 - shown.x0), hy = 0.5 * (shown.y1 - shown.y0);
  if (!(hx > 0 && hy > 0 && fb_w > 0 && fb_h > 0 && aspect > 0)) return view_projection;
  // The shown rectangle's aspect in pixels; the picture's is `aspect`: grow the side that is short.
  const double shown_aspect = (hx * fb_w) / (hy * fb_h);
  if (aspect > shown_aspect) hx = hy * fb_h * aspect / fb_w;
  else hy = hx * fb_w / (aspect * fb_h);
  // A crop of clip space, rows x and y: x' = (x - cx w) / hx, y' = (y - cy w) / hy, so that NDC cx ± hx maps to ±1.
  const Eigen::Matrix4d vp = view_projection.cast<double>();
  Eigen::Matrix4d out = vp;
  out.row(0) = (vp.row(0) - cx * vp.row(3)) / hx;
  out.row(1) = (vp.row(1) - cy * vp.row(3)) / hy;
  return out.cast<float>();
}

int both_view_width(int width) { return std::clamp(static_cast<int>(std::lround(0.6 * width)), 1, std::max(width - 1, 1)); }

}  // namespace carvallo::web
