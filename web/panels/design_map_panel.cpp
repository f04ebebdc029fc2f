// The design window and its heat map: the width of the self-stable speed range (or the weave or capsize
// speed) over two parameters, every other parameter the current bicycle's. The map fills in a few rows
// per frame (DesignMapJob, kMapBudgetMs) so the page never blocks; the current bicycle is marked; hovering
// a cell shows its values; a click (or tap) loads that design (sets the two parameters).
#include "app.hpp"
#include "panels/design_panels.hpp"
#include "panels/number_field.hpp"
#include "logic/state_fields.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/heatmap_texture.hpp"
#include "logic/bike_analysis.hpp"
#include "logic/language.hpp"

#include "bicycle/design_map.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

namespace carvallo::web {

namespace {

constexpr double kPi = 3.141592653589793;

// A sequential scale from dark blue (0) to yellow (vmax): monotone in lightness, readable on a projector.
ImU32 ramp(double t) {
  static constexpr std::array<std::array<float, 3>, 5> stops = {{{0.10f, 0.14f, 0.42f},
                                                                 {0.17f, 0.40f, 0.75f},
                                                                 {0.20f, 0.65f, 0.62f},
                                                                 {0.66f, 0.82f, 0.30f},
                                                                 {0.99f, 0.89f, 0.22f}}};
  t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * 4.0;
  const auto i = std::min<std::size_t>(static_cast<std::size_t>(t), 3);
  const float f = static_cast<float>(t - static_cast<double>(i));
  const auto& a = stops[i];
  const auto& b = stops[i + 1];
  return ImGui::ColorConvertFloat4ToU32(ImVec4(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, 1));
}
const ImU32 kEmptyCell = IM_COL32(255, 255, 255, 255);   // computed, no value: never self-stable, no such speed
const ImU32 kNotBicycle = IM_COL32(140, 140, 140, 255);  // the parameters there are not physical
const ImU32 kPending = IM_COL32(222, 228, 236, 255);     // not computed yet

const char* quantity_title(const std::string& q) {
  if (q == "weave") return tr("weave speed");
  if (q == "capsize") return tr("capsize speed");
  return tr("self-stable speed range width");
}
const char* empty_meaning(const std::string& q) {
  if (q == "weave") return tr("no weave speed up to vmax");
  if (q == "capsize") return tr("no capsize speed up to vmax");
  return tr("never self-stable up to vmax");
}

}  // namespace

// A quantity's name in the menu (the link's word, kMapQuantities, stays the value).
std::string map_quantity_name(const std::string& q) { return q == "width" ? tr("width") : mode_name(q); }

std::string map_axis_label(const std::string& name) {
  const auto* d = bicycle::find_design_input(name);
  if (name == "trail") return tr("trail c [m]");
  if (name == "steer_axis_tilt") return tr("steer-axis tilt lambda [rad]");
  return d ? name + " [" + std::string(d->unit) + "]" : name;
}

namespace {

// A tick's text; a tilt also as the head angle designers think in (90 deg - lambda).
std::string tick_text(const std::string& name, double v) {
  char buf[48];
  const auto* d = bicycle::find_design_input(name);
  if (d && d->name == std::string_view("lambda")) std::snprintf(buf, sizeof buf, "%.3g (%.0f\u00b0)", v, 90.0 - v * 180.0 / kPi);  // the sign, in every language
  else std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// A critical speed, or where the map stopped looking for one (not "none": it may lie above the limit).
std::string speed_text(const std::optional<double>& v, double vmax) {
  if (!v) return trf("none up to %s m/s (the map's limit)", format_shortest(vmax).c_str());
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f m/s", *v);
  return buf;
}

// `shown` gives a choice's text (the choice itself when null): the value stays the link's word.
bool input_combo(const char* id, std::string& value, const std::vector<std::string>& choices, float width,
                 std::string (*shown)(const std::string&) = nullptr) {
  bool changed = false;
  ImGui::SetNextItemWidth(width);
  auto text = [&](const std::string& c) { return shown ? shown(c) : c; };
  combo_rows(choices.size());
  if (ImGui::BeginCombo(id, text(value).c_str())) {
    push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
    for (const auto& c : choices)
      if (ImGui::Selectable((text(c) + "##" + c).c_str(), c == value)) value = c, changed = true;
    ImGui::PopStyleVar();
    ImGui::EndCombo();
  }
  return changed;
}

// A number applied on Enter or when the field loses focus; a non-finite or out-of-range one is refused
// (the map's range in the state keeps its value) and the panel says which value stays, by its `name`.
void map_number(App& app, const char* id, double& value, float width, const char* record, const char* tip, const char* name) {
  double edit = value;
  ImGui::SetNextItemWidth(width);
  NumberField field{id, NumberStyle::input, "%.4g"};
  field.tip = tr(tip);
  field.question = tr(name);
  std::string unreadable;
  const NumberChange change = number_field(field, edit, &unreadable);
  if (change == NumberChange::unreadable)
    app.design.map_problem = trf("%s = '%s' refused: not a number; %s stays %s", tr(name), unreadable.c_str(), tr(name), format_shortest(value).c_str());
  else if (change != NumberChange::none)
    set_map_range_end(app, value, edit, name);
  record_rect(app, record);
}

// Wide enough for the longest choice, its arrow and padding: a truncated "steer_axis_t..." is no choice.
float combo_width(const std::vector<std::string>& choices) {
  float widest = 0;
  for (const auto& c : choices) widest = std::max(widest, ImGui::CalcTextSize(c.c_str()).x);
  return widest + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight();
}

void map_settings(App& app) {
  DesignMapSettings& m = app.state.map;
  const float fw = ImGui::GetFontSize();
  const auto names = map_input_names();
  std::vector<std::string> labels;  // as the axes name them, in the page's language ("trail c [m]")
  for (const auto& n : names) labels.push_back(map_axis_label(n));
  const float name_w = combo_width(labels);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("x");
  ImGui::SameLine();
  input_combo("##mapx", m.x, names, name_w, map_axis_label);
  record_rect(app, "map-x");
  same_line_if_fits(fw * 9);
  map_number(app, "##x from", m.x_lo, fw * 4.5f, "map-xlo", translatable("The map's x range: from"), translatable("x from"));
  ImGui::SameLine();
  map_number(app, "##x to", m.x_hi, fw * 4.5f, "map-xhi", translatable("The map's x range: to"), translatable("x to"));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("y");
  ImGui::SameLine();
  input_combo("##mapy", m.y, names, name_w, map_axis_label);
  record_rect(app, "map-y");
  same_line_if_fits(fw * 9);
  map_number(app, "##y from", m.y_lo, fw * 4.5f, "map-ylo", translatable("The map's y range: from"), translatable("y from"));
  ImGui::SameLine();
  map_number(app, "##y to", m.y_hi, fw * 4.5f, "map-yhi", translatable("The map's y range: to"), translatable("y to"));
  static const std::vector<std::string> quantities = {std::begin(kMapQuantities), std::end(kMapQuantities)};
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("show"));
  ImGui::SameLine();
  std::vector<std::string> quantity_names;
  for (const auto& q : quantities) quantity_names.push_back(map_quantity_name(q));
  input_combo("##mapq", m.quantity, quantities, std::max(fw * 5.5f, combo_width(quantity_names)), map_quantity_name);
  record_rect(app, "map-quantity");
  if (ImGui::IsItemHovered()) tooltipf("%s", tr("width: of the self-stable speed range; weave, capsize: those speeds"));
  same_line_if_fits(fw * 9);
  double n = std::round(std::clamp(m.count, 2.0, 200.0));
  ImGui::SetNextItemWidth(fw * 3.5f);
  NumberField points{"##n", NumberStyle::input, "%.0f"};
  points.tip = tr("Points along each axis (2 to 200)");
  if (number_field(points, n) == NumberChange::typed) set_map_count(app, n);
  record_rect(app, "map-count");
  ImGui::SameLine();
  ImGui::TextUnformatted(tr("pts"));
  same_line_if_fits(fw * 8);
  ImGui::SetNextItemWidth(fw * 3.5f);
  double vmax = m.vmax;
  NumberField top{"##vmax", NumberStyle::input, "%.3g"};
  top.tip = tr("The highest speed the map looks for (0.1 to 100 m/s)");
  if (number_field(top, vmax) == NumberChange::typed) set_map_vmax(app, vmax);
  record_rect(app, "map-vmax");
  ImGui::SameLine();
  ImGui::TextUnformatted(tr("m/s max"));
}

// The colour scale's top: the largest value in the rows done, rounded up to 1, 2 or 5 x 10^k m/s, so the
// scale uses its whole range (a stable width rarely reaches vmax); at most vmax.
double colour_top(const DesignMapJob& job, const std::string& quantity) {
  double largest = 0;
  for (std::size_t iy = 0; iy < job.rows_done(); ++iy)
    for (std::size_t ix = 0; ix < job.x().count; ++ix)
      if (const auto& cell = job.at(ix, iy))
        if (const auto v = map_quantity(*cell, quantity)) largest = std::max(largest, *v);
  if (!(largest > 0)) return job.vmax();
  const double decade = std::pow(10.0, std::floor(std::log10(largest)));
  for (double step : {1.0, 2.0, 5.0, 10.0})
    if (largest <= step * decade) return std::min(step * decade, job.vmax());
  return job.vmax();
}

// Loads the design of cell (ix, iy): the bicycle with the map's two inputs at the cell's values.
void load_cell(App& app, std::size_t ix, std::size_t iy) {
  const auto& job = app.design_map;
  bicycle::Parameters candidate = app.state.bike;
  bicycle::set_design_input(candidate, job.x().name, job.x().value(ix));
  bicycle::set_design_input(candidate, job.y().name, job.y().value(iy));
  const auto problems = bike_problems(candidate);
  if (problems.empty()) {
    app.state.bike = candidate;
    app.design.map_problem.clear();
    return;
  }
  app.design.map_problem = trf("that cell is not a bicycle: %s", bicycle::to_string(problems.front()).c_str());
}

}  // namespace

void set_map_range_end(App& app, double& end, double value, const char* name) {
  // Which end of which range `end` is (one of the state's four), and the range's other end.
  DesignMapSettings& m = app.state.map;
  bool is_lo = false;
  double other = std::nan("");
  for (const auto& r : detail::kMapRanges) {
    if (&end == &(m.*r.lo)) is_lo = true, other = m.*r.hi;
    if (&end == &(m.*r.hi)) other = m.*r.lo;
  }
  if (!(std::isfinite(value) && std::abs(value) <= 1e6)) {
    app.design.map_problem = trf("%s = %s refused: not a finite number within +-1e6; %s stays %s", tr(name), format_shortest(value).c_str(), tr(name),
                                 format_shortest(end).c_str());
  } else if (is_lo ? !(value < other) : !(other < value)) {
    // As the eigenvalue plot's speed range: an empty range is refused, the last good one stays (it had been
    // kept, and the map said "<lo> must be less than <hi>", the command line's words, and never finished).
    app.design.map_problem = trf(is_lo ? "%s = %s refused: from must be below to (%s); %s stays %s" : "%s = %s refused: to must be above from (%s); %s stays %s",
                                 tr(name), format_shortest(value).c_str(), format_shortest(other).c_str(), tr(name), format_shortest(end).c_str());
  } else {
    end = value;
    app.design.map_problem.clear();
  }
}

void set_map_count(App& app, double n) {
  // Refused and said, as the ranges and vmax: 1 000 typed had become 200 without a word (a student).
  DesignMapSettings& m = app.state.map;
  if (std::isfinite(n) && n >= 2 && n <= 200) m.count = std::round(n), app.design.map_problem.clear();
  else app.design.map_problem = trf("pts = %s refused: 2 to 200 points along each axis; pts stays %s", format_shortest(n).c_str(), format_shortest(m.count).c_str());
}

void set_map_vmax(App& app, double vmax) {
  DesignMapSettings& m = app.state.map;
  if (std::isfinite(vmax) && vmax >= 0.1 && vmax <= 100) m.vmax = vmax, app.design.map_problem.clear();
  else app.design.map_problem = trf("vmax = %s m/s refused: 0.1 to 100 m/s; vmax stays %s m/s", format_shortest(vmax).c_str(), format_shortest(m.vmax).c_str());
}

void design_map_view(App& app) {
  DesignMapJob& job = app.design_map;
  {
    const ScopedWork timed(app.work, "map");
    job.sync(app.state.bike, app.state.map);
    job.advance(app.work.budget_ms(kMapBudgetMs));  // at most 25 ms, and within the frame's deadline
  }
  const DesignMapSettings& m = app.state.map;
  if (!app.picture) map_settings(app);
  ImGui::PushTextWrapPos(0.0f);
  for (const auto& issue : job.issues()) wrapped_textf(ImVec4(0.7f, 0, 0, 1), "%s", issue.c_str());
  if (!app.design.map_problem.empty()) wrapped_textf(ImVec4(0.7f, 0, 0, 1), "%s", app.design.map_problem.c_str());
  ImGui::PopTextWrapPos();
  if (!job.issues().empty()) return;
  if (job.done()) ImGui::TextDisabled("%s", trf("%zu x %zu map in %.2f s", job.x().count, job.y().count, job.elapsed_ms() / 1000.0).c_str());
  else ImGui::TextDisabled("%s", trf("computing: %zu of %zu rows", job.rows_done(), job.y().count).c_str());
  record_rect(app, "map-progress");

  // Room: the plot square-ish, with the tick labels left and below and the legend under it.
  const float fw = ImGui::GetFontSize(), line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float left_margin = 0;
  for (int k = 0; k <= 2; ++k)
    left_margin = std::max(left_margin, ImGui::CalcTextSize(tick_text(m.y, job.y().lo + k / 2.0 * (job.y().hi - job.y().lo)).c_str()).x);
  left_margin += fw * 0.6f;
  const float below = 2.2f * line + 5.0f * line;  // ticks and x label; legend title, bar, its numbers, swatches
  const float plot_w = std::max(avail.x - left_margin - fw, fw * 6);
  const float plot_h = std::clamp(avail.y - below - line, fw * 6, plot_w);
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The tilt's ticks also give the head angle in brackets (a tester read "0.7 (50 deg)" as a wrong conversion).
  const auto with_head = [](const std::string& axis) {
    return map_axis_label(axis) + (axis == "steer_axis_tilt" ? std::string(tr(" (head angle)")) : std::string());
  };
  // Wrapped at spaces where the panel is narrower than the label (a phone, a longer language).
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text(("^ " + with_head(m.y)).c_str());
  ImGui::PopTextWrapPos();
  const ImVec2 p0(cursor.x + left_margin, ImGui::GetCursorScreenPos().y), p1(p0.x + plot_w, p0.y + plot_h);
  ImGui::SetCursorScreenPos(p0);
  ImGui::InvisibleButton("##map", ImVec2(plot_w, plot_h));
  record_rect(app, "design-map");
  const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked(0);

  const std::size_t nx = job.x().count, ny = job.y().count;
  const double top = colour_top(job, m.quantity);
  const float cw = plot_w / static_cast<float>(nx), ch = plot_h / static_cast<float>(ny);  // a cell on screen
  // The cells as one texture, rebuilt when the map, its progress, the quantity or the scale changed.
  static HeatmapTexture texture;
  static std::vector<std::uint32_t> pixels;
  static std::tuple<std::size_t, std::size_t, std::string, double> drawn{};
  const auto now = std::make_tuple(job.generation(), job.rows_done(), m.quantity, top);
  if (now != drawn || pixels.size() != nx * ny) {
    pixels.assign(nx * ny, kPending);
    for (std::size_t iy = 0; iy < job.rows_done(); ++iy)
      for (std::size_t ix = 0; ix < nx; ++ix) {
        const auto& cell = job.at(ix, iy);
        ImU32 colour = kNotBicycle;
        if (cell) {
          const auto v = map_quantity(*cell, m.quantity);
          colour = v ? ramp(*v / top) : kEmptyCell;
        }
        pixels[(ny - 1 - iy) * nx + ix] = colour;  // texture row 0 is the top: the largest y
      }
    texture.upload(pixels, static_cast<int>(nx), static_cast<int>(ny));
    drawn = now;
  }
  dl->AddImage(texture.id(), p0, p1);
  dl->AddRect(p0, p1, IM_COL32(60, 60, 60, 255));
  // Ticks: both ends and the middle.
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  for (int k = 0; k <= 2; ++k) {
    const double f = k / 2.0;
    const std::string xt = tick_text(m.x, job.x().lo + f * (job.x().hi - job.x().lo));
    const float xs = p0.x + static_cast<float>(f) * plot_w, tw = ImGui::CalcTextSize(xt.c_str()).x;
    dl->AddLine(ImVec2(xs, p1.y), ImVec2(xs, p1.y + fw * 0.3f), text);
    dl->AddText(ImVec2(std::clamp(xs - tw * 0.5f, p0.x - left_margin, p1.x - tw), p1.y + fw * 0.3f), text, xt.c_str());
    const std::string yt = tick_text(m.y, job.y().lo + f * (job.y().hi - job.y().lo));
    const float ys = p1.y - static_cast<float>(f) * plot_h, th = ImGui::GetFontSize();
    dl->AddLine(ImVec2(p0.x - fw * 0.3f, ys), ImVec2(p0.x, ys), text);
    dl->AddText(ImVec2(p0.x - fw * 0.4f - ImGui::CalcTextSize(yt.c_str()).x, std::clamp(ys - th * 0.5f, p0.y, p1.y - th)), text, yt.c_str());
  }
  const std::string xl = with_head(m.x) + " >";
  dl->AddText(ImVec2(p1.x - ImGui::CalcTextSize(xl.c_str()).x, p1.y + fw * 0.3f + line), text, xl.c_str());

  // The current bicycle: a red ring (hollow and at the edge when outside the map's range).
  const auto* dx = bicycle::find_design_input(job.x().name);
  const auto* dy = bicycle::find_design_input(job.y().name);
  if (dx && dy) {
    const double bx = app.state.bike.*(dx->member), by = app.state.bike.*(dy->member);
    const double fx = (bx - job.x().lo) / (job.x().hi - job.x().lo), fy = (by - job.y().lo) / (job.y().hi - job.y().lo);
    const bool inside = fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1;
    const ImVec2 c(p0.x + static_cast<float>(std::clamp(fx, 0.0, 1.0)) * plot_w, p1.y - static_cast<float>(std::clamp(fy, 0.0, 1.0)) * plot_h);
    const float r = fw * 0.45f;
    dl->AddCircle(c, r + 1.5f, IM_COL32(255, 255, 255, 255), 24, 3.0f);
    dl->AddCircle(c, r, IM_COL32(220, 20, 20, 255), 24, 2.5f);
    if (inside) dl->AddCircleFilled(c, r * 0.35f, IM_COL32(220, 20, 20, 255));
  }

  // Hover: the cell's values; click or tap: load it.
  app.design.hover_ix.reset();
  app.design.hover_iy.reset();
  if (hovered || clicked) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const auto ix = static_cast<std::size_t>(std::clamp((mouse.x - p0.x) / cw, 0.0f, static_cast<float>(nx) - 0.5f));
    const auto iy = static_cast<std::size_t>(std::clamp((p1.y - mouse.y) / ch, 0.0f, static_cast<float>(ny) - 0.5f));
    app.design.hover_ix = ix;
    app.design.hover_iy = iy;
    const float x0 = p0.x + cw * static_cast<float>(ix), y1 = p1.y - ch * static_cast<float>(iy);
    dl->AddRect(ImVec2(x0 - 1, y1 - ch - 1), ImVec2(x0 + cw + 1, y1 + 1), IM_COL32(0, 0, 0, 255), 0, 0, 2.0f);
    if (clicked && job.computed(iy)) load_cell(app, ix, iy);
    begin_tooltip();
    ImGui::Text("%s = %.6g", job.x().name.c_str(), job.x().value(ix));
    ImGui::Text("%s = %.6g", job.y().name.c_str(), job.y().value(iy));
    if (!job.computed(iy)) ImGui::TextDisabled("%s", tr("not computed yet"));
    else if (const auto& cell = job.at(ix, iy)) {
      ImGui::TextUnformatted(trf("weave speed %s", speed_text(cell->weave_speed, job.vmax()).c_str()).c_str());
      ImGui::TextUnformatted(trf("capsize speed %s", speed_text(cell->capsize_speed, job.vmax()).c_str()).c_str());
      ImGui::TextUnformatted(trf("self-stable width %.4f m/s", cell->stable_width).c_str());
      ImGui::TextDisabled("%s", tr("click: load this design"));
    } else {
      ImGui::TextColored(ImVec4(0.6f, 0, 0, 1), "%s", tr("not a physical bicycle"));
    }
    ImGui::EndTooltip();
  }

  // Legend: the colour bar with its unit, and the two special cells.
  ImGui::SetCursorScreenPos(ImVec2(p0.x - left_margin, p1.y + fw * 0.3f + 2.2f * line));
  ImGui::Text("%s [m/s]", quantity_title(m.quantity));
  const ImVec2 b0 = ImGui::GetCursorScreenPos();
  const float bar_w = std::min(plot_w + left_margin, fw * 16), bar_h = fw * 0.8f;
  constexpr int kSteps = 32;
  for (int k = 0; k < kSteps; ++k)
    dl->AddRectFilled(ImVec2(b0.x + bar_w * k / kSteps, b0.y), ImVec2(b0.x + bar_w * (k + 1) / kSteps + 0.5f, b0.y + bar_h),
                      ramp((k + 0.5) / kSteps));
  dl->AddRect(b0, ImVec2(b0.x + bar_w, b0.y + bar_h), IM_COL32(60, 60, 60, 255));
  ImGui::Dummy(ImVec2(bar_w, bar_h));
  record_rect(app, "map-legend");
  char hi[32];
  std::snprintf(hi, sizeof hi, "%.3g", top);
  dl->AddText(ImVec2(b0.x, b0.y + bar_h), text, "0");
  dl->AddText(ImVec2(b0.x + bar_w - ImGui::CalcTextSize(hi).x, b0.y + bar_h), text, hi);
  ImGui::Dummy(ImVec2(bar_w, fw * 0.9f));
  auto swatch = [&](ImU32 colour, const char* label) {
    const ImVec2 s = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(s, ImVec2(s.x + fw, s.y + fw), colour);
    dl->AddRect(s, ImVec2(s.x + fw, s.y + fw), IM_COL32(60, 60, 60, 255));
    ImGui::Dummy(ImVec2(fw, fw));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
  };
  // Each entry on the row while it fits, measured in the page's language.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  swatch(kEmptyCell, empty_meaning(m.quantity));
  same_line_if_fits(fw + spacing + text_width(tr("not a bicycle")));
  swatch(kNotBicycle, tr("not a bicycle"));
  same_line_if_fits(text_width("O") + spacing + text_width(tr("this bicycle")));
  ImGui::TextColored(ImVec4(0.86f, 0.08f, 0.08f, 1), "O");
  ImGui::SameLine();
  ImGui::TextUnformatted(tr("this bicycle"));
}

void toggle_design_window(App& app) {
  app.state.show_design = !app.state.show_design;
  if (app.state.show_design) app.state.stage = "design-map";
  else if (app.state.stage == "design-map") app.state.stage = "eigenvalues";
}

void draw_design_panel(App& app) {
  static bool was_shown = false;
  if (!has_parameter_table(app)) return;
  if (app.stage || app.compact) {
    was_shown = false;
    if (!begin_panel(app, "Design")) return;
  } else {
    if (!app.state.show_design) {
      was_shown = false;
      return;
    }
    // Wide layouts: over the 3D view (and in presentation mode the simulation panel's place too, which
    // is not drawn then), placed when opened and when the layout changes; the user may move it.
    // Below the messages banner, if any: what a message asks to fix (the map's ranges) stays reachable; and
    // below a lesson's caption (last frame's), whose x had covered the window's own (a student closing the
    // map closed the caption).
    // Below the steady turns' window too, where it leaves the map 14 lines: each had covered the other's
    // half (a designer).
    static std::array<float, 6> placed_for{};
    const ImGuiIO& io = ImGui::GetIO();
    const std::array<float, 6> layout{io.DisplaySize.x, io.DisplaySize.y, app.state.presentation ? 1.0f : 0.0f, app.messages_bottom, app.caption_bottom,
                                      app.turns_window_bottom};
    const float m = 8 * static_cast<float>(app.ui_scale);
    float top = std::max({ImGui::GetFrameHeight(), app.messages_bottom, app.caption_bottom}) + m;
    if (app.turns_window_bottom + m > top && io.DisplaySize.y - app.turns_window_bottom - 2 * m >= 14 * ImGui::GetFontSize()) top = app.turns_window_bottom + m;
    if (layout != placed_for || !was_shown) {
      const float left = app.state.presentation ? m : app.view_left + m;
      const float right = std::max(app.view_right - m, left + 200);
      ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
      ImGui::SetNextWindowSize(ImVec2(right - left, io.DisplaySize.y - top - m), ImGuiCond_Always);
      ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
      placed_for = layout;
    }
    was_shown = true;
    bool open = true;
    // Sized to the free view, not by hand: ImGui's resize grips are smaller than a target may be (WCAG 2.5.8).
    ImGui::Begin(window_title("Design").c_str(), &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
    if (!open) toggle_design_window(app);
    record_window_rect(app, "panel:design");
  }
  // The tab follows the state; a change from the link or setState selects its tab (ImGui needs a frame
  // or two for that, during which the tabs do not write the state back).
  static std::string shown_tab;
  static int settling = 0;
  if (shown_tab != app.state.design_tab) settling = 2, shown_tab = app.state.design_tab;
  auto flags = [&](const char* tab) { return settling > 0 && app.state.design_tab == tab ? ImGuiTabItemFlags_SetSelected : 0; };
  if (ImGui::BeginTabBar("##design-tabs")) {
    // "###": the tab chosen stays chosen when the language changes.
    const bool map_open = ImGui::BeginTabItem(tr("Heat map###design-map"), nullptr, flags("map"));
    record_rect(app, "tab:design-map");
    if (map_open) {
      if (settling == 0) app.state.design_tab = "map";
      design_map_view(app);
      ImGui::EndTabItem();
    }
    const bool side_open = ImGui::BeginTabItem(tr("Side view###design-side"), nullptr, flags("side"));
    record_rect(app, "tab:design-side");
    if (side_open) {
      if (settling == 0) app.state.design_tab = "side";
      side_view(app);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  if (settling > 0) --settling;
  shown_tab = app.state.design_tab;
  ImGui::End();
}

}  // namespace carvallo::web
