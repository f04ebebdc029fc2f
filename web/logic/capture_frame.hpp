#pragma once
// Pictures for slides (web/platform/capture.cpp): what part of the 3D view an image shows, and which image
// sizes are accepted. Pure C++ (no GL), tested natively.

#include <Eigen/Core>

#include <string>

namespace carvallo::web {

/// The largest side of a picture, px (8K UHD's width): a 7680 x 7680 RGBA image is already 236 MB to read back.
constexpr int kMaxCaptureSide = 7680;

/// Why a picture of width x height px cannot be made ("" when it can): not finite, not whole, under 1 px
/// or over kMaxCaptureSide on a side. The message names the API call and the limit.
std::string capture_size_problem(double width, double height);

/// A rectangle in normalized device coordinates of the whole canvas (x right, y up, each in [-1, 1]).
struct NdcRect {
  double x0 = -1, y0 = -1, x1 = 1, y1 = 1;
};

/// The rectangle of the canvas (fb_w x fb_h px) from `left`..`right`, `top`..`bottom` (px, y down) in NDC;
/// the whole canvas when the rectangle is empty.
NdcRect ndc_rect(double left, double top, double right, double bottom, double fb_w, double fb_h);

/// The projection showing in an image of `aspect` (width / height) what `view_projection` (the canvas's,
/// fb_w x fb_h px) shows inside `shown`: the same centre, the same scale (a rectangle of the picture's
/// aspect shows exactly `shown`); a picture of another aspect widens or heightens the rectangle about
/// its centre, so nothing shown is cut off.
Eigen::Matrix4f crop_projection(const Eigen::Matrix4f& view_projection, const NdcRect& shown, double fb_w, double fb_h,
                                double aspect);

/// "both": the 3D view's share of the picture's width (the plot has the rest, on the right), px.
int both_view_width(int width);

}  // namespace carvallo::web
