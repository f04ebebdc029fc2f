// Comparing two designs: "Pin as ghost" keeps the current bicycle's parameters in the state (and so in
// the link); its eigenvalue curves are drawn faded and dashed under the live ones and both designs'
// critical speeds are listed side by side, until "Clear ghost".
#include "app.hpp"
#include "panels/palette_colors.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/plot_axes.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include "logic/ghost.hpp"
#include "logic/language.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>

namespace carvallo::web {
namespace {

GhostAnalysis& analysis() {
  static GhostAnalysis a;
  return a;
}

ImU32 faded(const std::string& label) {
  // Lighter tones at full opacity, dashed: told from the live curves by style, and 3:1 on the plot (contrast.hpp).
  const Palette& p = pal();
  if (label == "weave") return color_u32(p.weave_ghost);
  if (label == "capsize") return color_u32(p.capsize_ghost);
  if (label == "castering") return color_u32(p.castering_ghost);
  return color_u32(p.other_ghost);
}

std::string speed_text(const std::optional<double>& v, int decimals = 6) {
  if (!v) return tr("none");
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, *v);
  return buf;
}

}  // namespace

const EigenSweep* ghost_sweep(App& app) {
  const ScopedWork timed(app.work, "ghost");
  return analysis().sweep(app.state.ghost, app.state.sweep_min, app.state.sweep_max);
}

void ghost_buttons(App& app) {
  same_line_if_fits(button_width(tr("Pin as ghost")));
  if (ImGui::Button(fitted_button(tr("Pin as ghost")).c_str())) app.state.ghost = app.state.bike;
  if (ImGui::IsItemHovered()) tooltipf("%s", tr("Keep this bicycle's curves, faded, to compare with the next design"));
  record_rect(app, "ghost-pin");
  if (app.state.ghost) {
    same_line_if_fits(button_width(tr("Clear ghost")));
    if (ImGui::Button(fitted_button(tr("Clear ghost")).c_str())) app.state.ghost.reset();
    record_rect(app, "ghost-clear");
  }
}

void ghost_comparison(App& app, bool ghost_only) {
  const EigenSweep* ghost = ghost_sweep(app);
  if (!ghost) return;
  if (ghost_only) {  // to 4 decimals, as the stability line above
    // A self-stable band as the stability line above says the live one, "ghost (dashed): 4.2924 < v <
    // 6.0243 m/s", one line where that one is: the critical speeds' words took two on a phone on its side,
    // and left the plot 45 px tall (a tester). A ghost with no one bounded band: its critical speeds.
    const auto& bands = ghost->stable_all;
    if (bands.size() == 1 && bands[0].lo > 0 && bands[0].hi < ghost->search_max)
      wrapped_text(trf("%s: %.4f < v < %.4f m/s", tr("ghost (dashed)"), bands[0].lo, bands[0].hi).c_str());
    else
      wrapped_text(trf("%s: weave %s m/s, capsize %s m/s", tr("ghost (dashed)"), speed_text(ghost->weave, 4).c_str(),
                       speed_text(ghost->capsize, 4).c_str()).c_str());
    record_rect(app, "ghost-compare");
    record_whole_rect(app, "ghost-compare");
    return;
  }
  const EigenSweep& live = app.sweep;
  const char* headers[] = {tr("design"), tr("weave (m/s)"), tr("capsize (m/s)")};
  const std::pair<const char*, const EigenSweep*> rows[] = {{tr("live"), &live}, {tr("ghost (dashed)"), ghost}};
  // As a table where its columns fit the panel; else (a narrow stage panel at large text, a longer
  // language) a line per design, wrapped, so that no number is cut off.
  float needed = 0;
  for (int c = 0; c < 3; ++c) {
    float w = text_width(headers[c]);
    for (const auto& [name, sw] : rows)
      w = std::max(w, text_width(c == 0 ? name : speed_text(c == 1 ? sw->weave : sw->capsize).c_str()));
    needed += w + 2 * ImGui::GetStyle().CellPadding.x;
  }
  if (needed > ImGui::GetContentRegionAvail().x) {
    ImGui::BeginGroup();
    for (const auto& [name, sw] : rows)
      wrapped_text(trf("%s: weave %s m/s, capsize %s m/s", name, speed_text(sw->weave).c_str(), speed_text(sw->capsize).c_str()).c_str());
    ImGui::EndGroup();
    record_rect(app, "ghost-compare");
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("ghost-compare", 3, flags)) {
    for (const char* h : headers) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& [name, sw] : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(speed_text(sw->weave).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(speed_text(sw->capsize).c_str());
    }
    ImGui::EndTable();
    record_rect(app, "ghost-compare");
  }
}

void draw_ghost_curves(App& app, ImDrawList* dl, const Axis& x, const Axis& y, bool root_locus) {
  const EigenSweep* ghost = ghost_sweep(app);
  if (!ghost || !(x.hi > x.lo) || !(y.hi > y.lo)) return;
  const float thick = std::max(1.5f, ImGui::GetFontSize() * 0.14f);
  auto point = [&](std::size_t k, const std::complex<double>& s) {
    return root_locus ? ImVec2(x(s.real()), y(s.imag())) : ImVec2(x(ghost->speeds[k]), y(s.real()));
  };
  // Dashes of about a character along the curve, whatever the samples' spacing: two samples drawn and two
  // left out had made dots of a plot narrower than its 201 speeds, under a caption that says "dashed" (a
  // lecturer).
  const float dash = ImGui::GetFontSize() * 0.6f, period = dash + ImGui::GetFontSize() * 0.4f;
  for (const auto& b : ghost->branches) {
    float along = 0.0f;  // px along the branch
    for (std::size_t k = 0; k + 1 < b.values.size() && k + 1 < ghost->speeds.size(); ++k) {
      const auto a = b.values[k], c = b.values[k + 1];
      if (!std::isfinite(a.real()) || !std::isfinite(c.real()) || !std::isfinite(a.imag()) || !std::isfinite(c.imag())) continue;
      const ImVec2 p = point(k, a), q = point(k + 1, c);
      const float len = std::hypot(q.x - p.x, q.y - p.y);
      if (!(len > 0.0f) || !std::isfinite(len)) continue;
      if (len > 4096.0f) {  // a segment running far off the plot: drawn whole (the plot clips it), not cut in dashes
        dl->AddLine(p, q, faded(b.label), thick);
        along += len;
        continue;
      }
      const auto at = [&](float t) { return ImVec2(p.x + (q.x - p.x) * t / len, p.y + (q.y - p.y) * t / len); };
      for (float t = 0.0f; t < len;) {
        const float phase = std::fmod(along + t, period);
        const bool on = phase < dash;
        const float step = std::max(0.01f, std::min(len - t, (on ? dash : period) - phase));
        if (on) dl->AddLine(at(t), at(std::min(t + step, len)), faded(b.label), thick);
        t += step;
      }
      along += len;
    }
  }
}

}  // namespace carvallo::web
