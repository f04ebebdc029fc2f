// The eigenvalue panel: Re (and optionally Im) of the roll/steer eigenvalues against speed, or the root
// locus, drawn with ImDrawList (there is no ImPlot in Debian). Branches come from the core sweep and keep
// their mode label through crossings; the self-stable range is shaded; the critical speeds are printed.
#include "app.hpp"
#include "panels/palette_colors.hpp"
#include "platform/browser.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_actions.hpp"
#include "panels/plot_axes.hpp"
#include "panels/row_layout.hpp"
#include "panels/stage.hpp"
#include "panels/wrapped_text.hpp"

#include "logic/language.hpp"
#include "logic/number_text.hpp"
#include "logic/sensitivity_chart.hpp"
#include "logic/state_link.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the window's font scale (ImGuiWindow::FontWindowScale)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

namespace carvallo::web {
namespace {

ImU32 mode_color(const std::string& label, int alpha = 255) {
  const Palette& p = pal();
  if (label == "weave") return color_u32(p.weave, alpha);
  if (label == "capsize") return color_u32(p.capsize, alpha);
  if (label == "castering") return color_u32(p.castering, alpha);
  return color_u32(p.other_mode, alpha);
}

// The y range: what the branches span, clipped to +-limit (the castering root runs off to large negative
// values that would flatten everything else; Meijaard 2007's eigenvalue figures clip likewise).
void data_range(const EigenSweep& sw, bool re, bool im, double limit, double& lo, double& hi) {
  lo = -1;
  hi = 1;
  for (const auto& b : sw.branches)
    for (const auto& s : b.values) {
      if (re) lo = std::min(lo, s.real()), hi = std::max(hi, s.real());
      if (im) lo = std::min(lo, s.imag()), hi = std::max(hi, s.imag());
    }
  lo = std::max(lo, -limit);
  hi = std::min(hi, limit);
  const double pad = 0.05 * (hi - lo);
  lo -= pad;
  hi += pad;
}

// One row of line samples and names (wraps when the panel is narrow).
void legend_row(const std::vector<std::string>& labels, bool imag) {
  const float fh = ImGui::GetFontSize(), line = fh * 1.6f;
  bool first = true;
  auto entry = [&](const char* text, ImU32 color, bool dotted) {
    if (!first) same_line_if_fits(line + fh * 0.4f + ImGui::CalcTextSize(text).x, fh);
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 a(p.x, p.y + fh * 0.55f), b(p.x + line, p.y + fh * 0.55f);
    if (dotted)
      for (float t = fh * 0.1f; t < line; t += fh * 0.45f) dl->AddCircleFilled(ImVec2(a.x + t, a.y), fh * 0.1f, color, 8);
    else dl->AddLine(a, b, color, fh * 0.2f);
    ImGui::Dummy(ImVec2(line, fh));
    ImGui::SameLine(0, fh * 0.4f);
    ImGui::TextUnformatted(text);
  };
  for (const auto& l : labels) entry(mode_name(l).c_str(), mode_color(l), false);
  if (imag) entry(tr("Im s (dotted)"), IM_COL32(90, 90, 90, 255), true);
}

ImU32 speed_color(double t) {  // t in [0, 1]: blue -> purple -> orange
  t = std::clamp(t, 0.0, 1.0);
  const int r = static_cast<int>(40 + 200 * t), g = static_cast<int>(60 + 90 * t * (1 - t) * 2), b = static_cast<int>(200 - 170 * t);
  return IM_COL32(r, g, b, 255);
}

// The root locus' colour scale (speed along the branches), as a legend entry: a gradient and its range.
void speed_bar_legend(double vmin, double vmax) {
  const float fh = ImGui::GetFontSize();
  const std::string text = trf("speed %.1f .. %.1f m/s", vmin, vmax);
  const float bar = fh * 4.0f;
  same_line_if_fits(bar + fh * 0.4f + ImGui::CalcTextSize(text.c_str()).x, fh);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilledMultiColor(ImVec2(p.x, p.y + fh * 0.25f), ImVec2(p.x + bar, p.y + fh * 0.85f),
                                                      speed_color(0), speed_color(1), speed_color(1), speed_color(0));
  ImGui::Dummy(ImVec2(bar, fh));
  ImGui::SameLine(0, fh * 0.4f);
  ImGui::TextUnformatted(text.c_str());
}

}  // namespace

// Why the last range typed or dragged was refused, while the range it names is still the one in effect.
namespace {
std::string g_range_problem;
std::pair<double, double> g_range_problem_kept;
}  // namespace

const std::string& speed_range_problem() { return g_range_problem; }

void apply_speed_range(App& app, double lo, double hi) {
  UiState& s = app.state;
  if (!(std::isfinite(lo) && std::isfinite(hi) && lo >= 0 && hi <= 100 && lo + kMinSweepSpan <= hi)) {
    g_range_problem = trf("range %s to %s m/s refused: needs 0 <= from and from + 0.01 <= to <= 100 m/s; the range stays %s to %s m/s",
                          format_shortest(lo).c_str(), format_shortest(hi).c_str(), format_shortest(s.sweep_min).c_str(),
                          format_shortest(s.sweep_max).c_str());
    g_range_problem_kept = {s.sweep_min, s.sweep_max};
  } else {
    g_range_problem.clear();
    s.sweep_min = lo;
    s.sweep_max = hi;
  }
}

// The panel's controls above the plot: the speed range, the plot's options, CSV, the sensitivities'
// toggle and the ghost's buttons.
void eigen_controls(App& app) {
  UiState& s = app.state;
  const float fw = ImGui::GetFontSize();
  double lo = s.sweep_min, hi = s.sweep_max;
  ImGui::SetNextItemWidth(fw * 4.5f);
  NumberField from{"##vmin"};
  from.drag_speed = 0.02f;
  from.format = "%.2f";
  from.tip = tr("The sweep's lowest speed (m/s)");
  const bool lo_changed = number_field(from, lo) != NumberChange::none;
  record_rect(app, "vmin");
  same_line_if_fits(text_width(tr("to")) + ImGui::GetStyle().ItemSpacing.x + fw * 4.5f);  // a narrow panel (a phone on its side): below
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("to"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(std::min(fw * 4.5f, ImGui::GetContentRegionAvail().x), fw * 2));  // narrower where the panel is
  NumberField to{"##vmax"};
  to.drag_speed = 0.02f;
  to.format = "%.2f";
  to.tip = tr("The sweep's highest speed (m/s)");
  const bool hi_changed = number_field(to, hi) != NumberChange::none;
  record_rect(app, "vmax");
  same_line_if_fits(text_width("m/s"));
  ImGui::TextUnformatted("m/s");
  if (lo_changed || hi_changed) apply_speed_range(app, lo, hi);
  if (g_range_problem_kept != std::pair<double, double>(s.sweep_min, s.sweep_max)) g_range_problem.clear();  // set since (a link, setState)
  same_line_if_fits(checkbox_width("Im s"));
  ImGui::Checkbox("Im s", &s.show_imaginary);
  record_rect(app, "im-s");
  same_line_if_fits(checkbox_width(tr("root locus")));
  ImGui::Checkbox(fitted_checkbox(tr("root locus")).c_str(), &s.root_locus);
  record_rect(app, "root-locus");
  same_line_if_fits(button_width("CSV"));
  if (ImGui::Button("CSV")) download_sweep_csv(app);
  record_rect(app, "eigen-csv");
  if (ImGui::IsItemHovered())
    tooltipf("%s", s.eigen_view == "sensitivity" ? tr("Download the sensitivities (each parameter's derivatives of the weave and capsize speeds)")
                                                          : tr("Download the sweep (speed, Re and Im of every branch)"));
  {
    // The button's identity stays one across languages and its two faces.
    const char* toggle = s.eigen_view == "sensitivity" ? tr("Eigenvalue plot###eigen-view") : tr("Sensitivities###eigen-view");
    same_line_if_fits(button_width(toggle));
    if (ImGui::Button(fitted_button(toggle).c_str())) s.eigen_view = s.eigen_view == "sensitivity" ? "plot" : "sensitivity";
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("What moves my stable range: the critical speeds' derivatives by parameter"));
    record_rect(app, "eigen-view-toggle");
  }
  ghost_buttons(app);
}

void download_sweep_csv(App& app) {
  refresh_analysis(app);
  // In the Sensitivities view its table (the button had given the eigenvalues there too; a tester).
  if (app.state.eigen_view == "sensitivity") {
    if (const SensitivityChart* chart = current_sensitivity_chart(app))
      download("carvallo-sensitivities.csv", "text/csv", sensitivity_csv(*chart, to_link(app.state)));
    return;
  }
  download("carvallo-eigenvalues.csv", "text/csv", sweep_csv(app.sweep, app.state.bike, to_link(app.state)));
}

void draw_eigen_panel(App& app) {
  refresh_analysis(app);
  UiState& s = app.state;
  const EigenSweep& sw = app.sweep;
  if (!begin_panel(app, "Eigenvalues")) return;
  // Only the plot where the panel is a picture, or a stage too short for its controls and the plot too (a
  // phone's, large projector text): the Eigenvalues tab or panel has the rest.
  const float fw = ImGui::GetFontSize();
  // On the stage the plot comes first: alone where the panel is shorter than 28 lines or narrower than 15
  // characters (a projector's large text leaves the plot a narrow strip beside the view).
  const bool plot_only = app.picture || (stage_shown(app) && (ImGui::GetWindowHeight() < fw * 28 || ImGui::GetWindowWidth() < fw * 15));
  // The stage (a projector, an embed, a phone's 3D tab) is there for the room to read the plot: the legend
  // and the plot first, the readouts under it, and the expert tool rows (range, Im s, root locus, CSV,
  // sensitivities, ghost) last, below the fold where the panel is short (the panel's scroll bar or the
  // wheel reach them; a lesson's scene sets them). Above the plot, those rows and readouts left a
  // projector's plot 110-130 px tall, and a longer language's below the panel's bottom.
  // A phone's Eigenvalues tab likewise: on its side the rows above left the plot below the tab's bottom.
  // And a desk's panel shorter than 26 lines (a 1366x768 laptop at 125 %, 1093x614: the tool rows left
  // the plot's speed axis below the fold, in Spanish the plot 102 px of a 320 px panel; a student).
  const bool plot_first = (stage_shown(app) || app.compact || ImGui::GetWindowHeight() < fw * 26) && !app.picture;
  if (!s.presentation && !stage_shown(app) && !plot_only) {
    const char* text = tr(
        "Each curve is one eigenvalue of the bicycle's upright, straight-ahead motion, against forward speed. "
        "A positive real part means that motion grows (unstable), negative means it dies out. Weave (blue) is "
        "the oscillation of steer and lean, capsize (red) the slow fall to one side, castering (green) the "
        "steering settling like a shopping-cart wheel. Where all real parts are negative (shaded) the bicycle "
        "balances itself without a rider. Click or drag in the plot to choose the speed.");
    app.notes["eigen"] = text;
    const bool open = ImGui::TreeNodeEx(fitted_tree_node(tr("What am I looking at?###eigen-note")).c_str(), ImGuiTreeNodeFlags_FramePadding);
    record_rect(app, "note:eigen");
    if (open) {
      ImGui::PushTextWrapPos(0.0f);
      wrapped_text(text);
      ImGui::PopTextWrapPos();
      ImGui::TreePop();
    }
  }
  // The range, the plot's options, CSV, and a range refused.
  auto tools = [&] {
    if (plot_only) return;
    eigen_controls(app);
    ImGui::PushTextWrapPos(0.0f);
    if (!g_range_problem.empty()) wrapped_textf(color_vec(pal().error_text), "%s", g_range_problem.c_str());
    ImGui::PopTextWrapPos();
  };
  if (!plot_first) tools();
  refresh_analysis(app);
  ImGui::PushTextWrapPos(0.0f);


  if (!sw.error.empty()) {
    wrapped_textf(color_vec(pal().error_text), "%s", trf("The sweep failed: %s", tr(sw.error).c_str()).c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  ImGui::PopTextWrapPos();
  // The critical speeds, to 6 decimals; where the plot alone has the room, and on the stage, the stability
  // line says them (to 4) and the plot's dashed lines mark them. A phone's tab has them under the plot.
  auto critical_speeds = [&] {
    const std::string weave_text = sw.weave ? trf("weave speed %.6f m/s", *sw.weave) : tr("weave speed: none");
    const std::string capsize_text = sw.capsize ? trf("capsize speed %.6f m/s", *sw.capsize) : tr("capsize speed: none");
    ImGui::PushTextWrapPos(0.0f);
    wrapped_textf(color_vec(pal().weave), "%s", weave_text.c_str());
    record_rect(app, "weave-speed");
    same_line_if_fits(text_width(capsize_text.c_str()) + fw);
    wrapped_textf(color_vec(pal().capsize), "%s", capsize_text.c_str());
    ImGui::PopTextWrapPos();
  };
  if (!plot_only && !plot_first) critical_speeds();
  auto summary_and_ghost = [&] {
    const std::string summary = shown_stability_summary(sw);
    ImGui::PushTextWrapPos(0.0f);
    if (sw.stable_all.empty()) wrapped_text_disabled("%s", summary.c_str());
    else wrapped_textf(color_vec(pal().stable_text), "%s", summary.c_str());
    ImGui::PopTextWrapPos();
    record_rect(app, "stability-summary");
    // Riding a steady turn, the stage's marker is still upright running's at the set speed (the panel's
    // readouts, below the stage's fold, said so; the room saw 5 m/s marked under a turn at 5.85).
    if (plot_first && stage_shown(app) && !s.from_turn.empty()) {
      wrapped_text_disabled("%s", trf("Marked: upright running at %.2f m/s, not the turn ridden", setting(s, "speed")).c_str());
      record_rect(app, "stage-not-the-turn");
    }
    if (plot_first && !stage_shown(app) && !plot_only) critical_speeds();
    ghost_comparison(app, plot_first && stage_shown(app));
  };
  if (!plot_first || s.eigen_view == "sensitivity") summary_and_ghost();
  if (s.eigen_view == "sensitivity") {
    sensitivity_chart_view(app);
    if (plot_first) tools();
    ImGui::End();
    return;
  }

  // The legend, above the plot so that it never covers a curve.
  std::vector<std::string> labels;
  for (const char* mode : {"weave", "capsize", "castering"})
    for (const auto& b : sw.branches)
      if (b.label == mode) {
        labels.push_back(mode);
        break;
      }
  // On a short stage (a phone upright at a larger text step) the curves' own labels name them: the
  // legend's lines go to the plot, which had been a strip 25 px tall (a student). Not with the dashed
  // imaginary parts or the locus' colours, which only the legend explains.
  const bool short_stage = plot_first && stage_shown(app) && !s.root_locus && !s.show_imaginary &&
                           ImGui::GetContentRegionAvail().y < ImGui::GetFontSize() * 14;
  if (!short_stage) {
    ImGui::PushTextWrapPos(0.0f);  // a name longer than a narrow panel wraps
    legend_row(labels, s.show_imaginary && !s.root_locus);
    if (s.root_locus) speed_bar_legend(sw.vmin, sw.vmax);  // the locus' colour scale, in the legend, off the curves
    ImGui::PopTextWrapPos();
    record_rect(app, "legend");
  }
  // The plot.
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Under the plot: the eigenvalues at the current speed and the mode section (not in a picture).
  // Plot first: what the readouts under it took last frame, and never under 70 % of the panel's room
  // (the ghost's two wrapped lines at a large text step would take half of it; they scroll). On the stage
  // the readouts are the stability line and the ghost's line: the plot ends where they leave it, so that
  // the eigenvalues at the speed and the tools start below the fold, whole rows (a row half cut at the
  // panel's bottom showed at text size 1).
  static float readouts_below_h = 0;
  // On the stage the readouts' text is made smaller first (below); only once it is at its smallest do they
  // take more than 30 %, up to half (in Dutch at a projector's largest text the ghost's "m/s" was cut at
  // the panel's bottom edge).
  const bool on_stage = plot_first && stage_shown(app);
  static float readout_scale = 1.0f;
  static std::string readout_key;
  const std::string key = std::to_string(ImGui::GetIO().DisplaySize.x) + "x" + std::to_string(ImGui::GetIO().DisplaySize.y) + "@" +
                          std::to_string(ImGui::GetFontSize()) + language() + (s.ghost ? "+ghost" : "");
  if (key != readout_key) readout_key = key, readout_scale = 1.0f;
  const float smallest_readout = std::min(1.0f, app.text_px_at_one / ImGui::GetFontSize());
  const float plot_share = on_stage && readout_scale <= smallest_readout + 1e-4f ? 0.5f : 0.7f;
  const float plot_h = plot_first ? std::max({avail.y - readouts_below_h, avail.y * plot_share, fw * 4})
                       : plot_only  ? std::max(avail.y, fw * 4)
                                    // At least 15 lines: with a ghost's table and a mode's section open a 1280x720 desk's
                                    // plot had 75 px (a tester); what is below it then scrolls.
                                    : std::max(fw * 15.0f, avail.y - (3.4f + mode_section_lines(app)) * line_h);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // As wide as the panel and never wider (large text on a projector leaves a narrow panel).
  const float plot_w = std::max(avail.x, 1.0f);
  ImGui::InvisibleButton("plot", ImVec2(plot_w, plot_h));
  record_rect(app, "plot");
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0(origin.x + fw * 3.2f, origin.y + fw * 1.3f);  // a line above for the y label
  const ImVec2 p1(std::max(origin.x + plot_w - fw * 0.5f, p0.x + 1), origin.y + plot_h - fw * 2.6f);
  dl->AddRectFilled(p0, p1, color_u32(pal().plot_bg));
  const auto current = labelled_eigenvalues(*app.model, setting(s, "speed"), sw);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float thick = std::max(1.5f, fw * 0.16f);

  if (!s.root_locus) {
    Axis x{sw.vmin, sw.vmax, p0.x, p1.x};
    double ylo, yhi;
    data_range(sw, true, s.show_imaginary, 10.0, ylo, yhi);
    Axis y{ylo, yhi, p1.y, p0.y};
    // Self-stable ranges.
    for (const auto& r : sw.stable)
      dl->AddRectFilled(ImVec2(x(r.lo), p0.y), ImVec2(x(r.hi), p1.y), IM_COL32(120, 200, 120, 60));
    const char* y_label = s.show_imaginary ? "Re s, Im s (1/s)" : "Re s (1/s)";
    axes_and_grid(dl, x, y, p0, p1, tr("speed v (m/s)"), y_label);
    dl->PushClipRect(p0, p1, true);
    draw_ghost_curves(app, dl, x, y, false);  // under the live curves
    // Critical speeds. Their names and the branches' are placed clear of the ones placed before: each moves
    // down a line while it would cover one (v_w and v_c are close at 4.3 and 6.0 m/s on a narrow plot).
    PlacedLabels placed;
    // "v_w v_c", never "v_wv_c".
    auto clear_of_placed = [&](ImVec2 at, ImVec2 size) { return placed.place(at, size, fw * 0.4f, p1.y); };
    // The markers at the current speed, drawn later and on top, are placed first: a label moved down off
    // another must not land under a marker (v_c hid behind the capsize marker at 5 m/s on a narrow plot).
    if (setting(s, "speed") >= sw.vmin && setting(s, "speed") <= sw.vmax)
      for (const auto& e : current) {
        const float X = x(setting(s, "speed")), Y = y(e.value.real()), r = fw * 0.35f;
        placed.keep_clear(ImVec2(X - r, Y - r), ImVec2(X + r, Y + r));
      }
    // The critical speeds' names stand in the line above the plot, right of the y axis's label, where no
    // curve runs (inside, at a projector's largest text, v_w sat on the weave branch and v_c on the
    // capsize one); inside only where that line has no room for them.
    float above_from = p0.x - fw * 2.6f + ImGui::CalcTextSize(y_label).x + fw * 0.6f;
    std::vector<std::tuple<ImVec2, const char*, ImU32>> above;
    for (const auto& [v, name, col] : {std::tuple{sw.weave, "v_w", mode_color("weave")}, std::tuple{sw.capsize, "v_c", mode_color("capsize")}}) {
      if (!v || *v < sw.vmin || *v > sw.vmax) continue;
      dashed_line(dl, ImVec2(x(*v), p0.y), ImVec2(x(*v), p1.y), col, 1.0f, fw * 0.3f);
      const ImVec2 size = ImGui::CalcTextSize(name);
      // The band's lower end named left of its line, the upper right of its own: the names frame the band
      // (v_w and v_c, both right of their lines, touched across a narrow band on a projector; a tester).
      const bool lower_end = name == std::string_view("v_w") && sw.capsize && *v < *sw.capsize;
      const float left = x(*v) - 3 - size.x;
      const float ax = lower_end && left >= above_from ? left : std::max(x(*v) + 3, above_from);
      // Where the name and its line are (CSS px), for tests.
      const auto ratio = static_cast<float>(app.pixel_ratio);
      const float line_x = x(*v);
      const std::string id = name;  // (a structured binding is not captured by clang 14's lambdas)
      const auto record = [&](ImVec2 at) {
        app.rects["critical:" + id] = {at.x / ratio, at.y / ratio, size.x / ratio, size.y / ratio};
        app.rects["critical-line:" + id] = {line_x / ratio, p0.y / ratio, 0.0f, (p1.y - p0.y) / ratio};
      };
      if (ax + size.x <= p1.x && ax - x(*v) < fw * 2.5f) {
        above.emplace_back(ImVec2(ax, p0.y - fw * 1.15f), name, col);
        record(std::get<0>(above.back()));
        above_from = ax + size.x + fw * 0.4f;  // "v_w v_c", never "v_wv_c"
        continue;
      }
      // On the plot's ground, as the branches' names: moved down off a marker or the other name, it may
      // land on a curve, and stays readable there.
      const ImVec2 at = clear_of_placed(ImVec2(x(*v) + 3, p0.y + fw * 1.2f), size);
      dl->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), color_u32(pal().plot_bg, 210));
      dl->AddText(at, col, name);
      record(at);
    }
    // Im s dotted, a dot every half character along the curve: a ghost's Re s is dashed, and the two dashed
    // alike had been told apart by colour alone (a colour-blind student).
    const float dot_gap = fw * 0.45f;
    for (const auto& b : sw.branches) {
      const ImU32 col = mode_color(b.label);
      float along = 0.0f;  // px along the imaginary part since its last dot
      for (std::size_t k = 0; k + 1 < b.values.size(); ++k) {
        const auto a = b.values[k], c = b.values[k + 1];
        if (!std::isfinite(a.real()) || !std::isfinite(c.real())) continue;
        dl->AddLine(ImVec2(x(sw.speeds[k]), y(a.real())), ImVec2(x(sw.speeds[k + 1]), y(c.real())), col, thick);
        if (!s.show_imaginary || (a.imag() == 0 && c.imag() == 0) || !std::isfinite(a.imag()) || !std::isfinite(c.imag())) continue;
        const ImVec2 p(x(sw.speeds[k]), y(a.imag())), q(x(sw.speeds[k + 1]), y(c.imag()));
        const float len = std::hypot(q.x - p.x, q.y - p.y);
        if (!(len > 0.0f) || len > 4096.0f) continue;  // a jump off the plot: no dots along it
        for (float t = dot_gap - along; t <= len; t += dot_gap)
          dl->AddCircleFilled(ImVec2(p.x + (q.x - p.x) * t / len, p.y + (q.y - p.y) * t / len), thick * 0.75f, col, 8);
        along = std::fmod(along + len, dot_gap);
      }
    }
    // Each branch is named at its right end as well as coloured: no information by colour alone.
    std::set<std::string> named;
    for (const auto& b : sw.branches) {
      if (b.label.empty() || named.count(b.label)) continue;
      for (std::size_t k = std::min(b.values.size(), sw.speeds.size()); k-- > 0;) {
        const double re = b.values[k].real();
        if (!std::isfinite(re) || re < ylo || re > yhi) continue;
        const std::string name = mode_name(b.label);
        const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
        const ImVec2 at = clear_of_placed(ImVec2(std::max(p0.x + 2, x(sw.speeds[k]) - ts.x - fw * 0.3f),
                                                 std::clamp(y(re) - ts.y - 2, p0.y + 1, std::max(p0.y + 1, p1.y - ts.y - 1))), ts);
        dl->AddRectFilled(at, ImVec2(at.x + ts.x, at.y + ts.y), color_u32(pal().plot_bg, 210));
        dl->AddText(at, mode_color(b.label), name.c_str());
        named.insert(b.label);
        break;
      }
    }
    // The current speed.
    if (setting(s, "speed") >= sw.vmin && setting(s, "speed") <= sw.vmax) {
      const float X = x(setting(s, "speed"));
      dl->AddLine(ImVec2(X, p0.y), ImVec2(X, p1.y), IM_COL32(30, 30, 30, 200), 1.5f);
      const auto ratio = static_cast<float>(app.pixel_ratio);
      for (const auto& e : current) {
        dl->AddCircleFilled(ImVec2(X, y(e.value.real())), fw * 0.35f, mode_color(e.label));
        dl->AddCircle(ImVec2(X, y(e.value.real())), fw * 0.35f, IM_COL32(0, 0, 0, 255));
        // Where each branch crosses the current speed (CSS px), for tests and tutorials that click it.
        if (y(e.value.real()) >= p0.y && y(e.value.real()) <= p1.y)
          app.rects["marker:" + e.label] = {(X - fw * 0.35f) / ratio, (y(e.value.real()) - fw * 0.35f) / ratio, fw * 0.7f / ratio, fw * 0.7f / ratio};
      }
    }
    dl->PopClipRect();
    for (const auto& [at, name, col] : above) dl->AddText(at, col, name);
    if ((hovered || active) && mouse.x >= p0.x && mouse.x <= p1.x) {
      const double v = std::clamp(x.inverse(mouse.x), sw.vmin, sw.vmax);
      if (active && !s.locked) set_setting(s, "speed", std::clamp(v, 0.0, 50.0));  // lock=1: the scene's speed stays
      // A click on (or within a finger's width of) a branch picks that mode for the 3D view.
      if (ImGui::IsItemClicked(0)) {
        float best = fw * 0.9f;
        std::string picked;
        for (const auto& e : labelled_eigenvalues(*app.model, v, sw))
          if (const float d = std::abs(y(e.value.real()) - mouse.y); d < best) best = d, picked = e.label;
        if (!picked.empty()) select_mode_shape(app, picked);
      }
      dl->AddLine(ImVec2(mouse.x, p0.y), ImVec2(mouse.x, p1.y), IM_COL32(0, 0, 0, 90));
      if (hovered) {
        begin_tooltip();
        ImGui::Text("v = %.3f m/s", v);
        for (const auto& e : labelled_eigenvalues(*app.model, v, sw))
          ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(mode_color(e.label)), "%-10s %s", mode_name(e.label).c_str(), complex_text(e.value).c_str());
        ImGui::EndTooltip();
      }
    }
  } else {
    double xlo, xhi, ylo, yhi;
    data_range(sw, true, false, 10.0, xlo, xhi);
    data_range(sw, false, true, 12.0, ylo, yhi);
    Axis x{xlo, xhi, p0.x, p1.x};
    Axis y{ylo, yhi, p1.y, p0.y};
    axes_and_grid(dl, x, y, p0, p1, "Re s (1/s)", "Im s (1/s)");
    dl->PushClipRect(p0, p1, true);
    dl->AddLine(ImVec2(x(0), p0.y), ImVec2(x(0), p1.y), IM_COL32(120, 120, 130, 255));
    draw_ghost_curves(app, dl, x, y, true);  // under the live curves
    const double span = std::max(sw.vmax - sw.vmin, 1e-9);
    for (const auto& b : sw.branches)
      for (std::size_t k = 0; k + 1 < b.values.size(); ++k)
        dl->AddLine(ImVec2(x(b.values[k].real()), y(b.values[k].imag())), ImVec2(x(b.values[k + 1].real()), y(b.values[k + 1].imag())),
                    speed_color((sw.speeds[k] - sw.vmin) / span), thick);
    // The modes named at the current speed's markers, as the plot against speed names its branches: the
    // legend's mode colours were one grey too. Placed first, the speeds' numbers keep clear of them.
    PlacedLabels placed;
    const auto ratio = static_cast<float>(app.pixel_ratio);
    for (const auto& e : current) {
      const ImVec2 at(x(e.value.real()), y(e.value.imag()));
      placed.keep_clear(ImVec2(at.x - fw * 0.35f, at.y - fw * 0.35f), ImVec2(at.x + fw * 0.35f, at.y + fw * 0.35f));
    }
    for (const auto& e : current) {
      if (e.value.imag() < -1e-9) continue;  // the upper one of a pair
      const std::string name = mode_name(e.label);
      const ImVec2 size = ImGui::CalcTextSize(name.c_str()), at(x(e.value.real()), y(e.value.imag()));
      bool clear = false;
      // Above the marker, to its left where the right has no room; never moved down onto another.
      const float left = at.x + fw * 0.4f + size.x > p1.x ? at.x - fw * 0.4f - size.x : at.x + fw * 0.4f;
      const ImVec2 where = placed.place(ImVec2(left, at.y - fw * 0.35f - size.y), size, fw * 0.2f, 0.0f, &clear);
      if (!clear || where.x < p0.x || where.y < p0.y) continue;
      dl->AddRectFilled(where, ImVec2(where.x + size.x, where.y + size.y), color_u32(pal().plot_bg, 210));
      dl->AddText(where, mode_color(e.label), name.c_str());
      app.rects["locus-mode:" + e.label] = {where.x / ratio, where.y / ratio, size.x / ratio, size.y / ratio};
    }
    // The speed marked along the branches at round values, as a root locus marks its gain: the colours alone
    // were one grey to a student who sees none (a tester in achromatopsia). Numbers where they find room,
    // on the upper half-plane's branches (the lower one mirrors them).
    const double step = nice_step(sw.vmax - sw.vmin, 5);
    for (const auto& b : sw.branches)
      for (std::size_t k = 0; k + 1 < b.values.size() && k + 1 < sw.speeds.size(); ++k) {
        const double v0 = sw.speeds[k], v1 = sw.speeds[k + 1];
        const double mark = std::ceil(v0 / step) * step;
        if (!(mark <= v1) || (mark == v1 && k + 2 < sw.speeds.size()) || !(v1 > v0)) continue;  // each mark once
        const double f = (mark - v0) / (v1 - v0);
        const std::complex<double> s_at = b.values[k] + f * (b.values[k + 1] - b.values[k]);
        if (!std::isfinite(s_at.real()) || !std::isfinite(s_at.imag())) continue;
        const ImVec2 at(x(s_at.real()), y(s_at.imag()));
        dl->AddCircleFilled(at, thick * 1.6f, speed_color((mark - sw.vmin) / span), 12);
        dl->AddCircle(at, thick * 1.6f, color_u32(pal().plot_text), 12);
        if (s_at.imag() < -1e-9) continue;
        char text[24];
        std::snprintf(text, sizeof text, "%g", mark);
        const ImVec2 size = ImGui::CalcTextSize(text);
        bool clear = false;
        // Where its own place is free, never moved down a line: moved, the real axis's numbers had piled up
        // under each other, none telling which dot it named (a tester).
        const ImVec2 where = placed.place(ImVec2(at.x + thick * 2.0f, at.y - size.y - thick), size, fw * 0.2f, 0.0f, &clear);
        if (clear && where.x >= p0.x && where.x + size.x <= p1.x && where.y >= p0.y) {
          dl->AddText(where, color_u32(pal().plot_text), text);
          app.rects.try_emplace(std::string("locus-speed:") + text, std::array<float, 4>{where.x / ratio, where.y / ratio, size.x / ratio, size.y / ratio});
        }
      }
    for (const auto& e : current) {
      dl->AddCircleFilled(ImVec2(x(e.value.real()), y(e.value.imag())), fw * 0.35f, mode_color(e.label));
      dl->AddCircle(ImVec2(x(e.value.real()), y(e.value.imag())), fw * 0.35f, IM_COL32(0, 0, 0, 255));
    }
    dl->PopClipRect();
    if (hovered) {
      // Nearest sampled point.
      double best = 1e30;
      std::size_t bk = 0, bb = 0;
      for (std::size_t i = 0; i < sw.branches.size(); ++i)
        for (std::size_t k = 0; k < sw.branches[i].values.size(); ++k) {
          const auto& v = sw.branches[i].values[k];
          const double d = std::hypot(x(v.real()) - mouse.x, y(v.imag()) - mouse.y);
          if (d < best) best = d, bk = k, bb = i;
        }
      if (best < fw * 2) {
        begin_tooltip();
        ImGui::Text("v = %.3f m/s", sw.speeds[bk]);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(mode_color(sw.branches[bb].label)), "%s %s", mode_name(sw.branches[bb].label).c_str(),
                           complex_text(sw.branches[bb].values[bk]).c_str());
        ImGui::EndTooltip();
      }
    }
  }
  const float below_plot = ImGui::GetCursorPosY();
  // On the stage the readouts may need more than the 30 % the plot leaves them (the ghost's line at the
  // largest text step in Dutch and Spanish was cut at the panel's edge): their text is made smaller, down
  // to text size 1's, for this screen, text size, language and ghost; never grown back within those, so
  // that a line's wrapping cannot make the two take turns.
  if (on_stage) {
    const float window_scale = ImGui::GetCurrentWindow()->FontWindowScale;
    ImGui::SetWindowFontScale(window_scale * readout_scale);
    summary_and_ghost();
    ImGui::SetWindowFontScale(window_scale);
  } else if (plot_first) {
    summary_and_ghost();
  }
  if (on_stage) {
    readouts_below_h = ImGui::GetCursorPosY() - below_plot;
    if (readouts_below_h > avail.y - plot_h + 0.5f && readout_scale > smallest_readout)
      readout_scale = std::max(smallest_readout, readout_scale * 0.9f);
    // What follows starts at the window's bottom edge as laid out unscrolled: whole rows below the fold,
    // reached with the wheel (the window draws into half its padding, where a row starting at the content's
    // end still showed, cut, at text size 1).
    const float edge = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
    const float at = ImGui::GetCursorScreenPos().y + ImGui::GetScrollY();
    if (at < edge) ImGui::Dummy(ImVec2(0, edge - at));
  }
  if (plot_only) {
    if (plot_first && !on_stage) readouts_below_h = ImGui::GetCursorPosY() - below_plot;
    ImGui::End();
    return;
  }
  // The eigenvalues at the current speed.
  ImGui::PushTextWrapPos(0.0f);
  // The plot is of upright running: riding a steady turn, these are not the turn's eigenvalues.
  const double v = setting(s, "speed");
  wrapped_textf("%s", (app.state.from_turn.empty() ? trf("At v = %.3f m/s:", v) : trf("Upright running at v = %.3f m/s (not the turn ridden):", v)).c_str());
  ImGui::PopTextWrapPos();
  for (const auto& e : current) {
    if (e.value.imag() < 0 && std::abs(e.value.imag()) > 5e-7) continue;  // conjugate shown once with +-
    const std::string one_line = mode_name(e.label) + " " + (std::abs(e.value.imag()) > 5e-7 ? conjugate_pair_text(e.value) : complex_text(e.value));
    same_line_if_fits(button_width(one_line.c_str()), fw);
    const std::string t = fitted_button(one_line.c_str());  // in lines where the panel is narrow for one
    // Each entry picks its mode for the 3D view (the marker list).
    const bool shown = s.mode_shape == e.label;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(mode_color(e.label)));
    // The mode shown: a pale fill of its own colour and a frame, so its coloured text stays readable.
    if (shown) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(mode_color(e.label, 60)));
    ImGui::PushID(static_cast<int>(&e - current.data()));  // stable across frames (the vector is rebuilt each frame)
    if (ImGui::Button(t.c_str())) select_mode_shape(app, shown ? "off" : e.label);
    ImGui::PopID();
    if (shown) {
      ImGui::PopStyleColor();
      ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), mode_color(e.label), 2.0f, 0, 2.0f);
    }
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) tooltipf("%s", shown ? tr("Back to the simulation") : tr("Animate this mode on the 3D bicycle"));
    record_rect(app, "mode:" + e.label);
  }
  record_rect(app, "current-eigenvalues");
  mode_section(app);
  if (plot_first) {
    if (!on_stage) readouts_below_h = ImGui::GetCursorPosY() - below_plot;
    ImGui::Separator();
    tools();
  }
  ImGui::End();
}

}  // namespace carvallo::web
