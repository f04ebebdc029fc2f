#pragma once
// A time plot of several series over the last 10 s of a history of samples (anything with a member t):
// the mechanisms' and the bicycle's simulation panels. Log scale plots log10 |value| with exact zeros on
// a 1e-18 floor (constraint violations).

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace carvallo::web {

// A time plot; log scale plots log10 of positive values (zero or negative values are left out).
template <class Sample>
void series_plot(const char* title, const std::vector<Sample>& h,
                 const std::vector<std::pair<std::string, std::function<double(const Sample&)>>>& series, bool log_scale,
                 float height) {
  static const ImU32 colors[] = {IM_COL32(40, 90, 200, 255), IM_COL32(220, 90, 20, 255), IM_COL32(30, 150, 60, 255), IM_COL32(150, 60, 170, 255)};
  ImGui::TextUnformatted(title);
  // Legend with the latest values, above the plot so it never hides a curve.
  for (std::size_t k = 0; k < series.size() && !h.empty(); ++k) {
    const double last = series[k].second(h.back());
    ImGui::SameLine(0, ImGui::GetFontSize());
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors[k % 4]), "%s %.3g", series[k].first.c_str(), std::isfinite(last) ? last : 0.0);
  }
  const ImVec2 size(ImGui::GetContentRegionAvail().x, height);
  const ImVec2 p0 = ImGui::GetCursorScreenPos(), p1(p0.x + size.x, p0.y + size.y);
  ImGui::InvisibleButton(title, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, p1, IM_COL32(255, 255, 255, 255));
  dl->AddRect(p0, p1, IM_COL32(160, 160, 170, 255));
  if (h.size() < 2) return;
  const double t1 = h.back().t, t0 = std::max(h.front().t, t1 - 10.0);
  auto value = [&](std::size_t k, const Sample& s, bool& ok) {
    const double v = series[k].second(s);
    ok = std::isfinite(v);
    if (!ok) return 0.0;
    return log_scale ? std::log10(std::max(std::abs(v), 1e-18)) : v;  // exact zeros sit on the 1e-18 floor
  };
  double lo = 1e300, hi = -1e300;
  for (const auto& s : h) {
    if (s.t < t0) continue;
    for (std::size_t k = 0; k < series.size(); ++k) {
      bool ok;
      const double v = value(k, s, ok);
      if (ok) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  }
  if (!(lo <= hi)) {
    dl->AddText(ImVec2(p0.x + 4, p0.y + 2), IM_COL32(120, 120, 130, 255), log_scale ? "all zero" : "no data");
    return;
  }
  if (log_scale) lo = std::floor(lo), hi = std::max(std::ceil(hi), lo + 1);
  else {
    const double span = std::max(hi - lo, 1e-9 * (1 + std::abs(hi)));
    lo -= 0.08 * span, hi += 0.08 * span;
  }
  auto X = [&](double t) { return p0.x + static_cast<float>((t - t0) / std::max(t1 - t0, 1e-9)) * size.x; };
  auto Y = [&](double v) { return p1.y - static_cast<float>((v - lo) / (hi - lo)) * size.y; };
  char buf[64];
  if (log_scale) {
    const int step = std::max(1, static_cast<int>((hi - lo) / 4));
    for (int e = static_cast<int>(lo); e <= static_cast<int>(hi); e += step) {
      dl->AddLine(ImVec2(p0.x, Y(e)), ImVec2(p1.x, Y(e)), IM_COL32(225, 228, 235, 255));
      std::snprintf(buf, sizeof buf, "1e%d", e);
      dl->AddText(ImVec2(p1.x - ImGui::CalcTextSize(buf).x - 3, Y(e) - ImGui::GetFontSize()), IM_COL32(120, 120, 130, 255), buf);
    }
  }
  dl->PushClipRect(p0, p1, true);
  const std::size_t stride = std::max<std::size_t>(1, h.size() / 1200);
  for (std::size_t k = 0; k < series.size(); ++k) {
    ImVec2 prev(-1, -1);
    for (std::size_t i = 0; i < h.size(); i += stride) {
      if (h[i].t < t0) continue;
      bool ok;
      const double v = value(k, h[i], ok);
      if (!ok) {
        prev = ImVec2(-1, -1);
        continue;
      }
      const ImVec2 q(X(h[i].t), Y(v));
      if (prev.x >= 0) dl->AddLine(prev, q, colors[k % 4], 1.5f);
      prev = q;
    }
  }
  dl->PopClipRect();
}

}  // namespace carvallo::web
