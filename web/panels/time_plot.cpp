#include "panels/time_plot.hpp"
#include "panels/palette_colors.hpp"
#include "app.hpp"  // app(), record_rect: the banner's messages and the test's widget rectangles
#include "logic/language.hpp"
#include "panels/number_field.hpp"
#include "panels/plot_axes.hpp"  // nice_step, PlacedLabels
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <cstdio>

namespace carvallo::web {

namespace {

ImU32 line_color(std::size_t k) { return color_u32(pal().time_lines[k % 4]); }
const ImU32 kGrid = IM_COL32(228, 231, 238, 255);  // a guide only

std::string tick_text(double v, double step) {
  char buf[32];
  if (std::abs(v) < 1e-9 * step) v = 0;
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// The fixed range's two fields, by the words that also begin the messages about them.
const char* from_word() { return tr("from"); }
const char* to_word() { return tr("to"); }

// The banner's message about this plot's last refused range: replaced by the next attempt, gone once one
// is taken. It begins with the plot's title and the field ("roll and steer: from = "), in the language shown.
void say_range(const PlotSpec& spec, const std::string& text) {
  auto& messages = app().messages;
  const std::string prefix = std::string(spec.title) + ": " + from_word() + " = ", prefix_to = std::string(spec.title) + ": " + to_word() + " = ";
  std::erase_if(messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0 || m.rfind(prefix_to, 0) == 0; });
  if (!text.empty()) messages.push_back(text);
}

constexpr const char* kScaleNames[] = {translatable("fit"), translatable("symmetric"), translatable("fixed")};

// The scale menu's button: "y: fit" in the page's language.
std::string scale_label(const PlotSpec& spec, const PlotScale& scale) {
  return std::string("y: ") + tr(kScaleNames[static_cast<int>(scale.mode)]) + "##" + spec.id;
}

void scale_menu(const PlotSpec& spec, PlotScale& scale) {
  const int mode = static_cast<int>(scale.mode);
  const std::string label = scale_label(spec, scale);
  if (ImGui::Button(label.c_str())) ImGui::OpenPopup(spec.id);
  record_rect(app(), std::string("yscale:") + spec.id);
  if (ImGui::IsItemHovered())
    tooltipf("%s", trf("y-axis: fit the data (never closer than %g %s), symmetric about zero, or a fixed range", spec.min_span,
                                spec.unit)
                                .c_str());
  if (!ImGui::BeginPopup(spec.id)) return;
  for (int m = 0; m < 3; ++m) {
    ImGui::PushID(m);
    if (ImGui::RadioButton(tr(kScaleNames[m]), mode == m)) scale.mode = static_cast<PlotScale::Mode>(m);
    ImGui::PopID();
  }
  if (scale.mode == PlotScale::Mode::fixed) {
    double lo = scale.lo, hi = scale.hi;
    const std::string from_label = std::string(from_word()) + "##from", to_label = std::string(to_word()) + "##to";
    NumberField from{from_label.c_str()}, to{to_label.c_str()};
    from.drag_speed = to.drag_speed = static_cast<float>(std::max(1e-6, 0.005 * (std::abs(hi) + std::abs(lo))));
    from.tip = tr("The fixed range's lower end");
    to.tip = tr("The fixed range's upper end");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    const bool a = number_field(from, lo) != NumberChange::none;
    record_rect(app(), std::string("yfrom:") + spec.id);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    const bool b = number_field(to, hi) != NumberChange::none;
    record_rect(app(), std::string("yto:") + spec.id);
    if (a || b) set_plot_range(spec, scale, lo, hi, a);
    ImGui::TextDisabled("%s", spec.unit);
  }
  ImGui::EndPopup();
}

}  // namespace

const char* plot_scale_name(PlotScale::Mode mode) { return tr(kScaleNames[static_cast<int>(mode)]); }

void set_plot_range(const PlotSpec& spec, PlotScale& scale, double lo, double hi, bool from_changed) {
  // Only an ordered, finite, representable-on-screen range is taken (sanitize() enforces the same); a
  // refused one leaves the range in effect, in the fields too, and the message says which stays.
  std::string why;
  if (!std::isfinite(lo) || !std::isfinite(hi)) why = tr("not a finite number");
  else if (std::abs(lo) > kMaxPlotValue || std::abs(hi) > kMaxPlotValue) why = trf("beyond +-%s", format_shortest(kMaxPlotValue).c_str());
  else if (!(lo < hi) || hi - lo < kMinPlotSpan) why = tr("from must be below to");
  const std::string what = std::string(spec.title) + ": " + (from_changed ? from_word() + std::string(" = ") + format_shortest(lo)
                                                                          : to_word() + std::string(" = ") + format_shortest(hi));
  say_range(spec, why.empty() ? "" : what + " " + spec.unit + " " +
                                         trf("refused: %s; the range stays %s to %s %s", why.c_str(), format_shortest(scale.lo).c_str(),
                                             format_shortest(scale.hi).c_str(), spec.unit));
  if (why.empty()) scale.lo = lo, scale.hi = hi;
}

double shown_plot_window(const App& app) {
  if (!app.run || !app.run->run().ended() || app.run->history().empty()) return app.state.plot_window;
  const auto& h = app.run->history();
  return ended_run_window(app.state.plot_window, h.back().t - h.front().t);
}

float readable_plot_height() {
  return static_cast<float>(kMinPlotHeight * app().pixel_ratio) + ImGui::GetFrameHeightWithSpacing() +
         2.0f * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
}

// The time plots share what is left of the panel's height, so they stay on screen when it is short
// (a projector's 720 lines); below a readable minimum the panel scrolls instead.
std::vector<float> plot_heights(std::initializer_list<float> shares, float text_lines_below, float rows_below, bool first_in_view) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float fh = ImGui::GetFontSize();
  // Each block is its title and legend and the plot (draw_time_plot splits it).
  const float below = text_lines_below * ImGui::GetTextLineHeightWithSpacing() + rows_below * ImGui::GetFrameHeightWithSpacing();
  const float free = ImGui::GetContentRegionAvail().y - below - static_cast<float>(shares.size()) * style.ItemSpacing.y;
  // A floor that keeps a plot readable: its plot area at least kMinPlotHeight CSS px under the title (with
  // its scale button) and up to two lines of legend (a projector's 720 lines squeezed four plots to 40 px
  // each), and 5.5 lines where there is room; the blocks above the floor give back what the floor took.
  const float readable = readable_plot_height();
  const float floor = std::max(readable, std::min(free / static_cast<float>(shares.size()), fh * 5.5f));
  std::vector<float> out;
  float total = 0, flexible = 0;
  for (float share : shares) {
    out.push_back(std::max(floor, free * share));
    total += out.back();
    if (out.back() > floor) flexible += out.back() - floor;
  }
  if (total > free && flexible > 0) {
    const float keep = std::max(0.0f, 1.0f - (total - free) / flexible);
    for (float& h : out)
      if (h > floor) h = floor + (h - floor) * keep;
  }
  // To the window's bottom edge, into half its padding: a projector's 720 lines left the plot a pixel short
  // of kMinPlotHeight with the padding kept whole.
  const float room = ImGui::GetContentRegionAvail().y - style.ItemSpacing.y + 0.5f * style.WindowPadding.y;
  const float least = ImGui::GetFrameHeightWithSpacing() + static_cast<float>(kMinPlotHeight * app().pixel_ratio);
  if (first_in_view && out.front() > room && room >= least) out.front() = room;
  return out;
}

void draw_time_plot(const PlotSpec& spec, const PlotData& data, PlotScale* scale, float block_height) {
  const float fh = ImGui::GetFontSize();
  const float block_top = ImGui::GetCursorScreenPos().y;
  ImGui::PushID(spec.id);
  // Title, scale menu and legend (with the newest values) above the plot, wrapping as needed.
  const std::string title = *spec.unit ? std::string(spec.title) + " (" + spec.unit + ")" : std::string(spec.title);
  // The scale menu's button beside the title where both fit (a longer language's button, on its own line).
  const float menu_w = scale && spec.scale_menu ? ImGui::GetStyle().ItemSpacing.x + button_width(scale_label(spec, *scale).c_str()) : 0.0f;
  const bool one_line = text_width(title.c_str()) + menu_w <= ImGui::GetContentRegionAvail().x;
  wrapped_text(title.c_str());  // a narrow stage plot at large text: in lines, not past the edge
  if (scale && spec.scale_menu) {
    if (one_line) ImGui::SameLine();
    scale_menu(spec, *scale);
  }
  for (std::size_t k = 0; spec.legend && k < data.series.size(); ++k) {
    const auto& s = data.series[k];
    char buf[96];
    // A linear plot's newest value to its fourth decimal: a settled bicycle's roll read "8.19e-08" degrees
    // to a class (a teacher); a log plot (the violations) keeps every decade.
    const double latest = !spec.log_scale && std::abs(s.latest) < 5e-5 ? 0.0 : s.latest;
    if (s.has_latest) std::snprintf(buf, sizeof buf, "%s %.4g", s.name.c_str(), latest);
    else std::snprintf(buf, sizeof buf, "%s -", s.name.c_str());
    same_line_if_fits(ImGui::CalcTextSize(buf).x, fh);
    wrapped_text(ImGui::ColorConvertU32ToFloat4(line_color(k)), buf);  // a narrow stage plot: in lines, not cut
  }

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  // What the title and legend left of the block (at least four lines for the plot itself).
  const float height = std::max(fh * 4.0f, block_height - (origin.y - block_top) - ImGui::GetStyle().ItemSpacing.y);
  ImGui::InvisibleButton("##area", ImVec2(std::max(width, 1.0f), height));  // never wider than the panel
  {  // The whole drawing area, also where the panel has scrolled it out of sight (the tests' readable height).
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const auto r = static_cast<float>(app().pixel_ratio);
    app().rects[std::string("plot:") + spec.id] = {a.x / r, a.y / r, (b.x - a.x) / r, (b.y - a.y) / r};
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Data range over the window.
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& s : data.series)
    for (std::size_t c = 0; c < s.lo.size(); ++c)
      if (!std::isnan(s.lo[c])) lo = std::min(lo, static_cast<double>(s.lo[c])), hi = std::max(hi, static_cast<double>(s.hi[c]));
  double ylo = -1, yhi = 1;
  if (spec.log_scale && spec.log_hi > spec.log_lo) {
    ylo = spec.log_lo;
    yhi = spec.log_hi;
  } else if (spec.log_scale) {
    ylo = std::isfinite(lo) ? std::floor(lo) : -16.0;
    yhi = std::isfinite(hi) ? std::max(std::ceil(hi), ylo + 1) : ylo + 1;
  } else if (scale && (std::isfinite(lo) || scale->mode == PlotScale::Mode::fixed)) {
    plot_y_range(*scale, spec.min_span, spec.rel_span, std::isfinite(lo) ? lo : 0, std::isfinite(hi) ? hi : 0, ylo, yhi);
  } else if (std::isfinite(lo)) {
    plot_y_range(PlotScale{}, spec.min_span, spec.rel_span, lo, hi, ylo, yhi);
  }

  // Tick labels decide the margins.
  std::vector<std::pair<double, std::string>> yticks;
  if (spec.log_scale) {
    const int decades = static_cast<int>(yhi - ylo);
    const int fit = std::max(1, static_cast<int>(height / (fh * 1.4f)));  // labels that fit without overlapping
    const int every = std::max(1, (decades + fit - 1) / fit);
    for (int e = static_cast<int>(ylo); e <= static_cast<int>(yhi); ++e)
      if ((e - static_cast<int>(ylo)) % every == 0) yticks.emplace_back(e, "1e" + std::to_string(e));
  } else {
    const double step = nice_step(yhi - ylo, std::max(2, static_cast<int>(height / (fh * 2.2f))));
    for (double v = std::ceil(ylo / step) * step; v <= yhi + 1e-9 * step && yticks.size() < 50; v += step)
      yticks.emplace_back(v, tick_text(v, step));
  }
  float label_w = 0;
  for (const auto& t : yticks) label_w = std::max(label_w, ImGui::CalcTextSize(t.second.c_str()).x);
  const ImVec2 p0(origin.x + label_w + fh * 0.6f, origin.y + fh * 0.3f);
  const ImVec2 p1(origin.x + std::max(width, 1.0f) - fh * 0.3f, origin.y + height - fh * 1.3f);
  if (!(p1.x > p0.x + 4 && p1.y > p0.y + 4)) {
    ImGui::PopID();
    return;
  }
  dl->AddRectFilled(p0, p1, color_u32(pal().plot_bg));
  auto Y = [&](double v) { return p1.y - static_cast<float>((v - ylo) / (yhi - ylo)) * (p1.y - p0.y); };
  for (const auto& [v, text] : yticks) {
    const float y = Y(v);
    const bool zero = !spec.log_scale && std::abs(v) < 1e-9 * (yhi - ylo);
    dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), zero ? color_u32(pal().plot_zero) : kGrid, zero ? 1.5f : 1.0f);
    dl->AddText(ImVec2(p0.x - ImGui::CalcTextSize(text.c_str()).x - fh * 0.3f, y - fh * 0.5f), color_u32(pal().plot_text), text.c_str());
  }
  // Time axis: seconds since the start of the run, the window filling from the left.
  const double t0 = data.t0, t1 = data.t1 > data.t0 ? data.t1 : data.t0 + 1;
  auto X = [&](double t) { return p0.x + static_cast<float>((t - t0) / (t1 - t0)) * (p1.x - p0.x); };
  {
    const double step = nice_step(t1 - t0, std::max(2, static_cast<int>((p1.x - p0.x) / (fh * 4.5f))));
    for (double t = std::ceil(t0 / step) * step; t <= t1 + 1e-9 * step; t += step) {
      if (t < 0) continue;
      const float x = X(t);
      dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), kGrid);
      const std::string text = tick_text(t, step);
      const float tw = ImGui::CalcTextSize(text.c_str()).x;
      // Centred under its line, but never left of the frame: there it would run into the lowest y label
      // ("1e-17" and "0" read as "1e-170").
      const float left = std::max(x - tw * 0.5f, p0.x + fh * 0.15f);
      if (left + tw < p1.x - ImGui::CalcTextSize("t (s)").x - fh) dl->AddText(ImVec2(left, p1.y + 1), color_u32(pal().plot_text), text.c_str());
    }
    dl->AddText(ImVec2(p1.x - ImGui::CalcTextSize("t (s)").x, p1.y + 1), color_u32(pal().plot_text), "t (s)");
  }
  dl->AddRect(p0, p1, color_u32(pal().plot_frame));

  // Curves: each series' polyline (logic/plot_data.hpp), across the columns without a sample (the step's
  // spacing, not a gap in the run: a fall's second over a whole plot had drawn its curves dashed).
  dl->PushClipRect(p0, p1, true);
  const float thick = std::max(1.0f, fh * 0.11f);
  std::vector<ImVec2> points;
  // Each curve's name at its newest point: the curves are told apart without their colours (a colour-blind
  // student saw the methods compared's four lines in two colours, in grey all alike).
  struct EndLabel {
    ImVec2 at;
    float w;
    std::size_t k;
  };
  std::vector<EndLabel> labels;
  for (std::size_t k = 0; k < data.series.size(); ++k) {
    const auto& s = data.series[k];
    const auto columns = static_cast<double>(s.first.size());
    points.clear();
    // A point within a pixel of the last one kept is left out: a curve at rest wobbling by a fraction of a
    // pixel made a thick line's joins into spikes many pixels tall (ImGui mitres every join; a student saw a
    // row of them on a flat speed).
    const auto polyline = series_polyline(s);
    for (std::size_t i = 0; i < polyline.size(); ++i) {
      const ImVec2 p(X(t0 + polyline[i].column / columns * (t1 - t0)), Y(polyline[i].value));
      const bool near = !points.empty() && std::abs(p.x - points.back().x) < 1.0f && std::abs(p.y - points.back().y) < 1.0f;
      if (near && i + 1 < polyline.size()) continue;
      if (near) points.back() = p;  // the curve's last point is where it ends
      else points.push_back(p);
    }
    if (points.size() >= 2) dl->AddPolyline(points.data(), static_cast<int>(points.size()), line_color(k), ImDrawFlags_None, thick);
    if (points.empty() || s.name.empty() || data.series.size() < 2) continue;  // one curve needs no telling apart
    // Above and right of the newest point, inside the frame (left of it where the history fills the plot).
    const float w = ImGui::CalcTextSize(s.name.c_str()).x;
    const ImVec2 end = points.back();
    labels.push_back({ImVec2(std::min(end.x + fh * 0.3f, p1.x - w - fh * 0.2f), std::clamp(end.y - fh * 1.1f, p0.y, p1.y - fh)), w, k});
  }
  // Labels that would overlap are stacked downwards, in the order of their heights; one that finds no room
  // in the frame is left out (the legend or the table names every curve).
  std::sort(labels.begin(), labels.end(), [](const EndLabel& a, const EndLabel& b) { return a.at.y < b.at.y; });
  PlacedLabels placed;
  for (const EndLabel& label : labels) {
    bool clear = false;
    const ImVec2 a = placed.place(label.at, ImVec2(label.w, fh), 0.0f, p1.y, &clear), b(a.x + label.w, a.y + fh);
    if (!clear) continue;
    dl->AddRectFilled(ImVec2(a.x - 1, a.y), ImVec2(b.x + 1, b.y), color_u32(pal().plot_bg, 208));
    dl->AddText(a, line_color(label.k), data.series[label.k].name.c_str());
    const auto r = static_cast<float>(app().pixel_ratio);
    app().rects[std::string("plot-label:") + spec.id + ":" + data.series[label.k].name] = {a.x / r, a.y / r, (b.x - a.x) / r, fh / r};
  }
  dl->PopClipRect();
  if (data.samples == 0) dl->AddText(ImVec2(p0.x + fh * 0.4f, p0.y + fh * 0.2f), color_u32(pal().plot_text), tr("no data yet"));
  ImGui::PopID();
}

}  // namespace carvallo::web
