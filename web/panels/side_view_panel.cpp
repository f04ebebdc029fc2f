// The dimensioned side view of the bicycle's geometry: wheels, frame lines, the steer axis, the wheelbase,
// trail, head angle and fork offset with their values, the four bodies' mass centres and their inertia
// ellipses in the x-z plane (bicycle/designer_geometry.hpp: xz_inertia_ellipse). Drawn from the 26
// parameters every frame, so it follows every change at once. Meijaard 2007's frame: x forward, z down,
// rear contact at the origin; the screen's y is down too, so z maps to the screen without a flip.
#include "app.hpp"
#include "panels/design_panels.hpp"
#include "panels/palette_colors.hpp"
#include "panels/wrapped_text.hpp"
#include "logic/language.hpp"

#include "bicycle/designer_geometry.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <vector>
#include <cmath>
#include <cstdio>

namespace carvallo::web {

namespace {

struct Body {
  const char* name;
  double x, z, m, Ixx, Ixz, Izz;
  ImU32 colour;
};

// Whether the segment a-b passes through the box lo-hi (Liang and Barsky's clipping, one axis at a time).
bool segment_meets_box(ImVec2 a, ImVec2 b, ImVec2 lo, ImVec2 hi) {
  float t0 = 0, t1 = 1;
  const std::array<float, 2> from{a.x, a.y}, step{b.x - a.x, b.y - a.y}, low{lo.x, lo.y}, high{hi.x, hi.y};
  for (int k = 0; k < 2; ++k) {
    if (step[k] == 0) {
      if (from[k] < low[k] || from[k] > high[k]) return false;
      continue;
    }
    float ta = (low[k] - from[k]) / step[k], tb = (high[k] - from[k]) / step[k];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta), t1 = std::min(t1, tb);
    if (t0 > t1) return false;
  }
  return true;
}

bool boxes_meet(const std::array<ImVec2, 2>& a, const std::array<ImVec2, 2>& b) {
  return a[0].x < b[1].x && b[0].x < a[1].x && a[0].y < b[1].y && b[0].y < a[1].y;
}

}  // namespace

void side_view(App& app) {
  const bicycle::Parameters& p = app.state.bike;
  const double sl = std::sin(p.lambda), cl = std::cos(p.lambda);
  const double d = bicycle::fork_offset(p);
  // The steer axis: through its ground point (w + c, 0), upward direction (-sin lambda, -cos lambda).
  const double gx = p.w + p.c;
  // The foot of the fork offset on the axis: the point of the axis nearest the front wheel centre.
  const double t_foot = (p.w - gx) * -sl + (-p.rF) * -cl;  // distance up the axis from its ground point
  const double top_z = std::min({p.zB, p.zH, -2 * p.rF, -2 * p.rR}) - 0.1;
  const double t_top = std::max(t_foot + 0.15, -top_z / std::max(cl, 0.2));
  auto axis_point = [&](double t) { return std::array<double, 2>{gx - t * sl, -t * cl}; };

  std::vector<Body> bodies = {
      {"R", 0.0, -p.rR, p.mR, p.IRxx, 0.0, p.IRxx, IM_COL32(40, 110, 200, 255)},
      {"B", p.xB, p.zB, p.mB, p.IBxx, p.IBxz, p.IBzz, IM_COL32(200, 60, 40, 255)},
      {"H", p.xH, p.zH, p.mH, p.IHxx, p.IHxz, p.IHzz, IM_COL32(30, 150, 70, 255)},
      {"F", p.w, -p.rF, p.mF, p.IFxx, 0.0, p.IFxx, IM_COL32(150, 70, 180, 255)},
  };
  // Bounds of the drawing (m), with room below the ground for the dimensions.
  double x_lo = -p.rR - 0.05, x_hi = std::max(p.w + p.rF, gx) + 0.05, z_lo = top_z, z_hi = 0.25;
  for (const auto& b : bodies) {
    const auto e = bicycle::xz_inertia_ellipse(b.Ixx, b.Ixz, b.Izz, b.m);
    x_lo = std::min(x_lo, b.x - e.semi_long), x_hi = std::max(x_hi, b.x + e.semi_long);
    z_lo = std::min(z_lo, b.z - e.semi_long);
  }
  const auto top = axis_point(t_top);
  x_lo = std::min(x_lo, top[0] - 0.05), z_lo = std::min(z_lo, top[1] - 0.05);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float fw = ImGui::GetFontSize();
  const float w_px = std::max(avail.x, fw * 10), h_px = std::max(avail.y - ImGui::GetTextLineHeightWithSpacing() * 4.6f, fw * 8);  // room for the notes
  const double scale = std::min(w_px / (x_hi - x_lo), h_px / (z_hi - z_lo));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##side", ImVec2(w_px, static_cast<float>(scale * (z_hi - z_lo))));
  record_rect(app, "side-view");
  const float ox = origin.x + static_cast<float>((w_px - scale * (x_hi - x_lo)) / 2);
  auto S = [&](double x, double z) { return ImVec2(ox + static_cast<float>((x - x_lo) * scale), origin.y + static_cast<float>((z - z_lo) * scale)); };
  auto len = [&](double metres) { return static_cast<float>(metres * scale); };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 ink = IM_COL32(30, 30, 30, 255), dim = IM_COL32(20, 70, 160, 255), faint = IM_COL32(120, 120, 120, 255);
  const float thin = std::max(1.0f, fw * 0.08f), thick = std::max(2.0f, fw * 0.16f);
  // Text kept inside the drawing: moved left where it would run past the right edge.
  const float right_edge = origin.x + w_px;
  auto label = [&](ImVec2 at, ImU32 colour, const char* str) {
    at.x = std::max(origin.x, std::min(at.x, right_edge - ImGui::CalcTextSize(str).x));
    dl->AddText(at, colour, str);
  };

  // The names and values are placed clear of the lines and of each other: the first of a few places
  // around their point where nothing drawn crosses them (on a phone the frame's lines ran through them).
  std::vector<std::array<ImVec2, 2>> lines, taken;
  auto place = [&](ImVec2 point, std::initializer_list<ImVec2> offsets, ImU32 colour, const char* str) {
    const ImVec2 size = ImGui::CalcTextSize(str);
    const float pad = thick;
    std::array<ImVec2, 2> chosen{};
    bool first = true;
    for (const ImVec2 o : offsets) {
      // An offset's negative x counts from the text's right end: the text to the left of the point.
      ImVec2 at(point.x + (o.x < 0 ? o.x - size.x : o.x), point.y + o.y);
      at.x = std::max(origin.x, std::min(at.x, right_edge - size.x));
      const std::array<ImVec2, 2> box{ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + size.x + pad, at.y + size.y + pad)};
      const bool clear = std::none_of(lines.begin(), lines.end(), [&](const auto& l) { return segment_meets_box(l[0], l[1], box[0], box[1]); }) &&
                         std::none_of(taken.begin(), taken.end(), [&](const auto& t) { return boxes_meet(t, box); });
      if (first || clear) chosen = box;
      first = false;
      if (clear) break;
    }
    taken.push_back(chosen);
    dl->AddText(ImVec2(chosen[0].x + pad, chosen[0].y + pad), colour, str);
  };
  auto line = [&](ImVec2 a, ImVec2 b, ImU32 colour, float width) {
    dl->AddLine(a, b, colour, width);
    lines.push_back({a, b});
  };

  // Ground, wheels, frame lines (rear axle to the axis, the fork from the axle to the axis' top).
  line(S(x_lo, 0), S(x_hi, 0), faint, thin);
  dl->AddCircle(S(0, -p.rR), len(p.rR), ink, 64, thick);
  dl->AddCircle(S(p.w, -p.rF), len(p.rF), ink, 64, thick);
  const auto foot = axis_point(t_foot), head_low = axis_point(std::max(t_foot, t_top - 0.2));
  line(S(0, -p.rR), S(foot[0], foot[1]), ink, thick);
  line(S(0, -p.rR), S(head_low[0], head_low[1]), ink, thick);
  line(S(p.w, -p.rF), S(foot[0], foot[1]), ink, thick);
  line(S(foot[0], foot[1]), S(top[0], top[1]), ink, thick);
  // The steer axis, dashed down to the ground.
  constexpr int kDashes = 24;
  for (int k = 0; k < kDashes; k += 2) {
    const auto a = axis_point(t_top * k / kDashes), b = axis_point(t_top * (k + 1) / kDashes);
    dl->AddLine(S(a[0], a[1]), S(b[0], b[1]), faint, thin);
  }
  lines.push_back({S(gx, 0), S(top[0], top[1])});

  // Inertia ellipses and mass centres; their names once every centre is drawn, clear of them all.
  const float r = fw * 0.42f;
  for (const auto& b : bodies) {
    const auto e = bicycle::xz_inertia_ellipse(b.Ixx, b.Ixz, b.Izz, b.m);
    if (e.semi_long > 0) {
      constexpr int kPoints = 48;
      ImVec2 pts[kPoints];
      const double ca = std::cos(e.angle), sa = std::sin(e.angle);
      for (int k = 0; k < kPoints; ++k) {
        const double t = 2 * 3.141592653589793 * k / kPoints;
        const double u = e.semi_long * std::cos(t), v = e.semi_short * std::sin(t);
        pts[k] = S(b.x + u * ca - v * sa, b.z + u * sa + v * ca);
      }
      dl->AddPolyline(pts, kPoints, (b.colour & 0x00FFFFFF) | 0xC0000000, ImDrawFlags_Closed, thick);
    }
    // The usual mass-centre symbol: a circle with two opposite quarters filled.
    const ImVec2 c = S(b.x, b.z);
    taken.push_back({ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r)});
    dl->AddCircleFilled(c, r, IM_COL32(255, 255, 255, 255), 20);
    dl->PathArcTo(c, r, 0.0f, 1.5707964f);
    dl->PathLineTo(c);
    dl->PathFillConvex(b.colour);
    dl->PathArcTo(c, r, 3.1415927f, 4.712389f);
    dl->PathLineTo(c);
    dl->PathFillConvex(b.colour);
    dl->AddCircle(c, r, b.colour, 20, thin);
  }
  for (const auto& b : bodies) {
    const float h = ImGui::GetTextLineHeight();
    // Above right of the centre first, as drawings put it; then the other corners, then the sides.
    place(S(b.x, b.z), {ImVec2(r, -r - h), ImVec2(-r, -r - h), ImVec2(r, r), ImVec2(-r, r), ImVec2(r * 1.3f, -0.5f * h), ImVec2(-r * 1.3f, -0.5f * h)},
          b.colour, b.name);
  }

  // Dimensions below the ground: wheelbase and trail, with arrows and values.
  char text[64];
  auto dimension = [&](double x0, double x1, double z, const char* value_text, bool label_right) {
    const ImVec2 a = S(x0, z), b = S(x1, z);
    dl->AddLine(S(x0, 0.01), S(x0, z + 0.02), dim, thin);
    dl->AddLine(S(x1, 0.01), S(x1, z + 0.02), dim, thin);
    dl->AddLine(a, b, dim, thin);
    const float h = fw * 0.3f, dir = b.x >= a.x ? 1.0f : -1.0f;
    dl->AddTriangleFilled(a, ImVec2(a.x + dir * h * 1.6f, a.y - h), ImVec2(a.x + dir * h * 1.6f, a.y + h), dim);
    dl->AddTriangleFilled(b, ImVec2(b.x - dir * h * 1.6f, b.y - h), ImVec2(b.x - dir * h * 1.6f, b.y + h), dim);
    const float tw = ImGui::CalcTextSize(value_text).x;
    // A short dimension's value beside it when there is room, else at the right edge on the wheelbase's
    // text row (never over its arrows); a long one's under its middle.
    const bool beside = label_right && std::max(a.x, b.x) + fw * 0.3f + tw <= right_edge;
    if (beside) label(ImVec2(std::max(a.x, b.x) + fw * 0.3f, a.y - fw * 0.5f), dim, value_text);
    else if (label_right) label(ImVec2(right_edge - tw, S(0, 0.17).y + fw * 0.15f), dim, value_text);
    else label(ImVec2(0.5f * (a.x + b.x) - tw * 0.5f, a.y + fw * 0.15f), dim, value_text);
  };
  std::snprintf(text, sizeof text, "w = %.3f m", p.w);
  dimension(0, p.w, 0.17, text, false);
  std::snprintf(text, sizeof text, "c = %.3f m", p.c);
  dimension(p.w, gx, 0.07, text, true);
  // Head angle: the arc between the ground (rearward) and the axis at its ground point, the value at the
  // axis' top; the fork offset below the front axle, clear of the front wheel's mass-centre name above it.
  const ImVec2 g = S(gx, 0);
  dl->PathArcTo(g, fw * 1.8f, -3.1415927f, static_cast<float>(std::atan2(-cl, -sl)), 16);
  dl->PathStroke(dim, 0, thin);
  const ImVec2 t = S(top[0], top[1]);
  label(ImVec2(t.x + fw * 0.5f, t.y - fw * 0.2f), dim, trf("head angle %.1f deg", bicycle::head_angle_deg(p)).c_str());
  const ImVec2 f = S(p.w, -p.rF);
  place(f, {ImVec2(fw * 0.6f, fw * 0.7f), ImVec2(-fw * 0.6f, fw * 0.7f), ImVec2(fw * 0.6f, fw * 1.9f), ImVec2(-fw * 0.6f, fw * 1.9f)}, dim,
        trf("fork offset %.1f mm", d * 1000).c_str());

  ImGui::PushTextWrapPos(0.0f);
  wrapped_textf("%s", trf("wheels %.0f / %.0f mm (rear / front), head angle %.2f deg, fork offset %.1f mm, trail %.1f mm", 2000 * p.rR, 2000 * p.rF,
                          bicycle::head_angle_deg(p), d * 1000, p.c * 1000).c_str());
  record_rect(app, "side-summary");
  wheels_overlap_note(app, p, "side-wheels-overlap");
  wrapped_text_disabled("%s", tr("Mass centres R, B, H, F; ellipses: inertia in the side plane (semi-axes = radii of gyration, long where the mass is spread)."));
  ImGui::PopTextWrapPos();
}

void wheels_overlap_note(App& app, const bicycle::Parameters& p, const char* rect) {
  // The model's wheels touch only the ground: wheels that overlap are no error of its equations, and a map
  // may sweep through them; but no bicycle is built so, and the drawing shows them crossed (a designer read
  // a stable range for wheels 0.15 m into each other, and nothing said so).
  if (!(p.rR + p.rF > p.w)) return;
  ImGui::PushTextWrapPos(0.0f);
  wrapped_textf(color_vec(pal().error_text), "%s",
                trf("The wheels overlap: their radii add up to %.0f mm, the wheelbase is %.0f mm. The model lets them pass through each other.",
                    1000 * (p.rR + p.rF), 1000 * p.w).c_str());
  ImGui::PopTextWrapPos();
  record_rect(app, rect);
}

}  // namespace carvallo::web
