// The stage (stage.hpp): its layout, its one plot, the compact bar and the caption.
#include "panels/stage.hpp"

#include "logic/language.hpp"
#include "logic/method_compare.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/design_panels.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_actions.hpp"
#include "panels/palette_colors.hpp"
#include "panels/panel_parts.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/time_plot.hpp"
#include "panels/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the bar's content height (ImGuiWindow::DC)

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>

namespace carvallo::web {

// The frame padding of a window whose text is drawn `scale` times smaller: the style's scaled, grown to keep
// its buttons whole targets (at least 24 CSS px; target_size.hpp).
ImVec2 scaled_frame_padding(const App& app, float scale) {
  const ImVec2 p = ImGui::GetStyle().FramePadding;
  return target_padding(ImVec2(p.x * scale, p.y * scale), ImGui::GetFontSize() * scale, min_target(app));
}

// A button's height in such a window.
float scaled_frame_height(const App& app, float scale) { return ImGui::GetFontSize() * scale + 2 * scaled_frame_padding(app, scale).y; }

// The window padding, item spacing and smallest window size `scale` times the style's, and the frame padding
// above (for a window whose text is drawn `scale` times smaller); returns how many style variables to pop.
int push_scaled_spacing(const App& app, float scale) {
  const ImGuiStyle& style = ImGui::GetStyle();
  auto scaled = [scale](ImVec2 v) { return ImVec2(v.x * scale, v.y * scale); };
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, scaled(style.WindowPadding));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, scaled_frame_padding(app, scale));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, scaled(style.ItemSpacing));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, scaled(style.WindowMinSize));  // 32 px x the text size: a floor under the bar
  return 4;
}

namespace {

constexpr const char* kStagePlotTitles[] = {translatable("Eigenvalues"),   translatable("Roll and steer"),   translatable("Rider torques"),
                                            translatable("Steady turns"),  translatable("Design map"), translatable("Methods compared"),
                                            translatable("Constraint violations"), translatable("No plot")};
static_assert(std::size(kStagePlotTitles) == std::size(kStagePlotNames));


// The plots this model can show on the stage: the bicycle's all; another model its eigenvalues (when it
// has a steady motion), its probes against time, its violations and the methods compared (with runs).
bool stage_plot_offered(const App& app, const std::string& plot) {
  if (plot == "compare") return !app.state.compare.empty();  // any model, with runs to compare
  // Any model: a methods lecture's one run, unstabilized or with Baumgarte, drifting (only its probes could
  // be shown beside a linkage; a lecturer).
  if (plot == "violations") return true;
  if (has_parameter_table(app)) return true;
  if (plot == "eigenvalues") return has_eigen_panel(app);
  return plot == "roll-steer" || plot == "none";
}

// The caption band's height at a width (0 without a caption), and the font scale its text is drawn at.
// `beside_plot`: a projector's stage with a plot beside the view, where the band is kept lower (below).
float caption_band(const App& app, float width, float* scale_out = nullptr, bool beside_plot = false) {
  const std::string text = tr(app.state.caption);  // a built-in lesson's caption in the page's language
  if (text.empty()) return 0.0f;
  const ImGuiStyle& style = ImGui::GetStyle();
  // At most a sixth of the screen's height: smaller text (and padding) for a long caption at a large text
  // step. Beside a plot at most an eighth at text 1: each line the band takes is taken from the view's height, and
  // the view keeps half of the screen by narrowing the plot (a three-line caption at the largest step left
  // a 1280x720 projector's plot 264 px wide); the caption's text stays larger than the plot's.
  // Beside the panels, never smaller than the text at size 1 (nor 10 device px): in a narrow view a long
  // caption is taller instead (at 1280x720, text 156 %, it was 8 px, unreadable; a tester). The stage's
  // band is as wide as the screen, and its text larger: there it may shrink to 0.4 of the text, but never
  // below what text size 1 draws it at (a larger step drew scene 3's caption smaller than text 1 did).
  //
  // A larger text step gives a projector's caption beside a plot more of the screen, up to a seventh from
  // text 1.14 on: at an eighth, ']' to the largest step had left the caption's letters the size text 1 drew
  // them at while everything else grew, the one text the room reads (a lecturer). A sixth narrowed the
  // plot beside a Dutch ghost's readouts to 205 px tall.
  //
  // A caption too long for that band at text 1's size (a lesson of one's own: four lines of a hundred
  // characters) takes what text 1's size needs, more at a larger step, up to a quarter of the screen,
  // before its letters go below text 1's: they had shrunk to 13 px on a 1280x720 projector at every
  // step (a lecturer).
  //
  // Beside the panels the band may take a third of the height before its text shrinks: over a view as tall
  // as the screen, at a sixth, a larger step had drawn scene 3's caption at text 1's 13 px while the panels'
  // text grew to 16 (a low-vision student at 1366x768).
  const float larger = std::clamp(static_cast<float>(app.state.text_scale), 1.0f, 8.0f / 7.0f);
  float limit = ImGui::GetIO().DisplaySize.y / (beside_plot ? 8.0f / larger : app.stage ? 6.0f : 3.0f);
  const float font = ImGui::GetFontSize();
  const auto band = [&](float scale) {
    const float pad_x = style.WindowPadding.x * scale, pad_y = style.WindowPadding.y * scale, button = scaled_frame_height(app, scale);
    const float inner = std::max(width - 2 * pad_x - button - style.ItemSpacing.x * scale, font * 4 * scale);
    const float text_h = ImGui::CalcTextSize(broken_at_spaces(text.c_str(), inner / scale).c_str()).y * scale;  // "4.29" kept whole
    return std::max(text_h, button) + 2 * pad_y;
  };
  // From `scale` down by tenths to `smallest`, until the band is within the limit.
  const auto fitted = [&](float scale, float smallest) {
    float height = band(scale);
    while (height > limit && scale > smallest) {
      scale = std::max(smallest, scale * 0.9f);
      height = band(scale);
    }
    return std::pair{scale, height};
  };
  const float at_one = std::min(1.0f, std::round(app.text_px_at_one) / font);  // text size 1's font (whole px) at this one's scale
  if (app.stage && band(at_one) > limit)
    limit = std::min(ImGui::GetIO().DisplaySize.y / 4.0f, band(at_one) * std::max(1.0f, static_cast<float>(app.state.text_scale)));
  const float smallest = app.stage ? fitted(at_one, 0.4f * at_one).first
                                   : std::clamp(std::max(10.0f * static_cast<float>(app.pixel_ratio), std::min(font, app.text_px_at_one)) / font, 0.4f, 1.0f);
  const auto [scale, height] = fitted(1.0f, smallest);
  if (scale_out) *scale_out = scale;
  return height;
}

// A projector's or an embed's stage on a screen wider than tall, with a plot beside the view (arrange_stage's
// `strips` with a plot, as this frame laid it out).
bool beside_plot(const App& app) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  return app.stage && !app.compact && d.x >= d.y && app.stage_plot_rect[2] > 0;
}

// `picture`: for a picture (capture.cpp), without the plot's scale menu.
void time_plot(App& app, const std::string& plot, bool picture = false) {
  const bool torques = plot == "torques";
  constexpr double deg = 180.0 / 3.141592653589793;
  UiState& s = app.state;
  const auto& h = app.run->history();
  const auto& run = app.run->run();
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  const float height = std::max(ImGui::GetContentRegionAvail().y, ImGui::GetFontSize() * 8);
  if (torques) {
    const std::function<double(std::size_t, const RunSample&)> torque = [](std::size_t k, const RunSample& m) {
      return k < m.inputs.size() ? m.inputs[k] : 0.0;
    };
    std::vector<std::string> names;
    for (const auto& c : run.input_channels()) {  // "steer_torque" shown as the table's "steer torque"
      std::string words = c.name;
      std::replace(words.begin(), words.end(), '_', ' ');
      names.push_back(tr(words));
    }
    draw_time_plot({"stage-torques", tr("rider torques (right positive)"), "N m", false, 1.0, 0.0, !picture},
                   collect_plot(h, names, torque, shown_plot_window(app), columns, false), nullptr, height);
    return;
  }
  if (plot == "violations") {
    violations_plot(app, "stage-violations", height);
    return;
  }
  const int roll = run.probe_index("roll"), steer = run.probe_index("steer");
  if (roll >= 0 && steer >= 0) {
    const std::function<double(std::size_t, const RunSample&)> angles = [&](std::size_t k, const RunSample& m) {
      const auto i = static_cast<std::size_t>(k == 0 ? roll : steer);
      return i < m.probes.size() ? m.probes[i] * deg : 0.0;
    };
    draw_time_plot({"stage-angles", tr("roll and steer"), tr("deg"), false, 2.0, 0.0, !picture},
                   collect_plot(h, {tr("roll"), tr("steer")}, angles, shown_plot_window(app), columns, false), &s.angles_axis, height);
    return;
  }
  probes_plot(app, "stage-probes", height);  // another model: its probes, as its simulation panel shows them
}

}  // namespace

const char* stage_title(const App& app, const std::string& plot) {
  // Another model's "roll-steer" plot is its probes against time.
  if (plot == "roll-steer" && !has_parameter_table(app)) return tr("Probes against time");
  for (std::size_t i = 0; i < std::size(kStagePlotNames); ++i)
    if (plot == kStagePlotNames[i]) return tr(kStagePlotTitles[i]);
  return tr(kStagePlotTitles[0]);
}

bool stage_shown(const App& app) { return app.stage; }

std::string shown_stage_plot(const App& app) {
  const std::string& chosen = app.state.stage;
  if (stage_plot_offered(app, chosen)) return chosen;
  // A model without the plot chosen: its comparison of methods when it has one (the four-bar's drift beside
  // its cures on the default stage=eigenvalues showed only its probes), else its probes against time.
  if (stage_plot_offered(app, "compare")) return "compare";
  return stage_plot_offered(app, "roll-steer") ? "roll-steer" : "none";
}

void arrange_stage(App& app, float top) {
  const ImGuiIO& io = ImGui::GetIO();
  const float W = io.DisplaySize.x, H = io.DisplaySize.y;
  const float m = px(app, 6);
  const std::string plot = shown_stage_plot(app);
  bool with_plot = plot != "none";
  // The bar's height as drawn last frame (it wraps at large text); a first guess before that.
  const float bar_h = app.stage_bar_h > 0 ? app.stage_bar_h : 2.6f * ImGui::GetFrameHeightWithSpacing();
  const bool portrait = W < H;
  float view_w = W, plot_x = W, plot_y = top, plot_w = 0, plot_h = H - top, caption_h = 0;
  // A projector or an embed (not a phone's 3D tab): the caption above and the bar below span the whole
  // screen, the view and the plot side by side between them. Across the screen the caption and the bar
  // wrap into fewer rows than across the view alone, and the view, taller, keeps its half of the screen
  // with less width: the plot beside it gets that width, which its labels need at a large text step (a
  // full-height plot beside a caption and a bar as narrow as the view was left 264 px of 1280 at the
  // largest step). Neither band's width depends on the plot's, so the bar's measured height and the
  // layout cannot take turns.
  // A phone on its side too: its bar spans the screen in one row of touch-sized buttons where across the
  // view alone it took three.
  const bool strips = !portrait;
  for (int attempt = 0; attempt < 2; ++attempt) {
    // The caption's band depends on the view's width (its wrapping, and the smaller text a long caption
    // gets), the view's width on the band: a few passes, keeping the tallest band seen, so the view that
    // results is never smaller than the one the plot was sized for.
    for (int pass = 0; pass < 3; ++pass) {
      caption_h = std::max(caption_h, caption_band(app, strips ? W : with_plot && !portrait && pass == 0 ? W * 0.58f : view_w, nullptr,
                                                   strips && with_plot && !app.compact));
      if (with_plot && portrait) {
        // A phone upright: the model above its plot, the plot about 45 % of what the bar and caption leave;
        // 60 % for the methods compared, whose table is under their plot (the plot had been 40 px tall
        // under a linkage drawn in a third of the screen).
        const float free_h = H - top - caption_h - bar_h;
        plot_h = std::clamp(free_h * (plot == "compare" ? 0.6f : 0.45f), std::min(ImGui::GetFontSize() * 9, free_h * 0.5f), std::max(free_h - ImGui::GetFontSize() * 4, 1.0f));
        plot_x = 0, plot_w = W;
        plot_y = H - bar_h - plot_h;
      } else if (with_plot) {
        // The plot beside the view, never so wide that the view (above the bar, below the caption) is under
        // half of the canvas; on a phone on its side, whose tabs and bar leave a short view, under half of
        // its width (half of its area left no room for a plot, and the student only the tab's).
        // The methods compared are the lesson where they are shown (a mechanism's drift is in their plot and
        // table, not in the linkage drawn): half the screen's width, the view at least a third of it (at
        // a projector's larger text steps the caption and the bar left the plot 235x100 px, its text smaller
        // than at text 1, beside a view of empty sky; a lecturer). A run's violations likewise.
        const bool methods = plot == "compare" || plot == "violations";
        const float view_share = methods ? 1.0f / 3.0f : 0.5f;
        const float view_h = std::max(H - top - caption_h - bar_h, 1.0f);
        const float widest = app.compact ? 0.5f * W - m
                                         : W - m - view_share * W * H / std::max(view_h - 2.0f, 1.0f) - 2.0f;  // 2 px for rounding
        // Yet never narrower than its text fits at text size 1 (16 characters, the methods compared 30; see
        // fit_stage_window_text) where half the screen allows: on an 800x600 projector the view's half had
        // left the eigenvalues 193 px, their legend broken inside words and their curves 45x30 px (a
        // lecturer). The view then keeps less than half.
        const float readable = app.compact ? 0.0f : std::min(0.5f * W, (methods ? 30.0f : 16.0f) * app.text_px_at_one);
        plot_w = std::clamp(W * (methods ? 0.5f : 0.42f), std::min(px(app, 240), W * 0.15f), std::max({widest, W * 0.15f, readable}));
        plot_x = W - plot_w;
        view_w = plot_x - m;
        plot_y = top;
        plot_h = H - top;
        if (strips) {
          // Between the caption and the bar, which span the screen: the plot is as tall as the view.
          plot_y = top + caption_h;
          plot_h = std::max(H - bar_h - plot_y, 1.0f);
        }
      }
    }
    // An embed upright in a course page's column (356 x 400 CSS px on a phone) whose caption and bar leave
    // under 18 lines for the model and its plot: the plot is left out, for the model drawn in what remains
    // (they had been an 85 px strip and a 15 px plot, its labels on each other; a student). A phone's own
    // stage has the plot's tab.
    if (with_plot && portrait && !app.compact && H - top - caption_h - bar_h < ImGui::GetFontSize() * 18) {
      with_plot = false;
      view_w = W, plot_x = W, plot_y = top, plot_w = 0, plot_h = H - top, caption_h = 0;
      continue;
    }
    // On a phone on its side, whose view the tabs and the bar leave short, a plot beside the view would
    // be narrower than a readable one: it is left out, and its panel's tab shows it whole.
    if (!with_plot || portrait || !app.compact || plot_w >= px(app, 240)) break;
    with_plot = false;
    view_w = W, plot_x = W, plot_y = top, plot_w = 0, plot_h = H - top, caption_h = 0;
  }
  app.caption_h = caption_h;
  app.view_left = 0;
  app.view_right = view_w;
  // Whole pixels, as ImGui places windows: the view's edges never reach under the caption or the bar.
  app.view_top = std::ceil(top + caption_h);
  app.view_bottom = std::floor(portrait && with_plot ? plot_y - m : H - bar_h);
  const float band_w = strips ? W : view_w;
  app.caption_rect = {0, top, band_w, caption_h};
  app.bar_rect = {0, portrait && with_plot ? H - bar_h : app.view_bottom, band_w, bar_h};
  app.stage_plot_rect = with_plot ? std::array<float, 4>{plot_x, plot_y, plot_w, plot_h} : std::array<float, 4>{};
  const auto r = static_cast<float>(app.pixel_ratio);
  app.rects["view:free"] = {app.view_left / r, app.view_top / r, (app.view_right - app.view_left) / r, (app.view_bottom - app.view_top) / r};
}

bool place_stage_window(App& app, std::string_view plot) {
  if (!app.stage || shown_stage_plot(app) != plot || app.stage_plot_rect[2] <= 0) return false;
  const auto& rc = app.stage_plot_rect;
  ImGui::SetNextWindowPos(ImVec2(rc[0], rc[1]), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(rc[2], rc[3]), ImGuiCond_Always);
  ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);
  return true;
}

void fit_stage_window_text(const App& app, bool on_stage, float across, float down) {
  // The window keeps the scale set on it: measured at 1, then set every frame.
  ImGui::SetWindowFontScale(1.0f);
  if (!on_stage) return;
  const float font = ImGui::GetFontSize();
  // Across: `across` characters; down: `down` lines (the title, the legend, the axes' labels and ticks,
  // the readouts and the plot's own height): a phone upright at the largest text had drawn its eigenvalues'
  // curves 40 CSS px tall under labels piled on each other (a student).
  const float fits = std::min(ImGui::GetWindowWidth() / (across * font), ImGui::GetWindowHeight() / (down * font));
  const float at_one = std::min(1.0f, app.text_px_at_one / font);
  ImGui::SetWindowFontScale(std::clamp(fits, at_one, 1.0f));
}

void stage_plot(App& app) {
  if (!app.stage) return;
  const std::string plot = shown_stage_plot(app);
  if (plot != "roll-steer" && plot != "torques" && plot != "compare" && plot != "violations") return;  // the others are their own panels, placed on the stage
  if (!place_stage_window(app, plot)) return;
  ImGui::Begin(stage_title(app, plot), nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  // The methods compared have a table beside their plot: five columns of numbers need about 30 characters
  // across (at the largest text step the table kept two columns and two of its rows; a tester).
  fit_stage_window_text(app, true, plot == "compare" ? 30.0f : 16.0f);
  record_window_rect(app, "stage-plot");
  sync_run(app);
  if (app.run && plot == "compare") comparison_view(app, ImGui::GetFontSize() * 6);
  else if (app.run) time_plot(app, plot);
  ImGui::End();
}

std::string picture_plot(const App& app) {
  const std::string chosen = shown_stage_plot(app);
  if (chosen == "eigenvalues" || chosen == "turns" || chosen == "design-map" || chosen == "compare" || chosen == "violations") return chosen;
  const bool has_inputs = app.run && !app.run->run().input_channels().empty();
  return chosen == "torques" && has_inputs ? "torques" : "roll-steer";
}

void draw_picture_plot(App& app, const std::string& plot, const std::array<float, 4>& rect) {
  app.picture = true;
  app.picture_rect = rect;
  if (plot == "eigenvalues") {
    if (has_parameter_table(app)) draw_eigen_panel(app);
    else draw_model_eigen_panel(app);
  } else if (plot == "turns") {
    turns_panel(app);
  } else {
    begin_picture_window(app, "##picture-plot");
    if (plot == "design-map") {
      design_map_view(app);
    } else if (plot == "compare") {
      sync_run(app);
      if (app.run) comparison_view(app, ImGui::GetFontSize() * 6);
    } else {
      sync_run(app);
      if (app.run) time_plot(app, plot, true);
    }
    ImGui::End();
  }
  app.picture = false;
}

void stage_plot_menu(App& app) {
  for (std::size_t i = 0; i < std::size(kStagePlotNames); ++i) {
    const std::string name = kStagePlotNames[i];
    if (!stage_plot_offered(app, name)) continue;
    if (ImGui::MenuItem(stage_title(app, name), nullptr, shown_stage_plot(app) == name)) {
      app.state.stage = name;
      if (name == "turns") app.state.show_turns = true;
      if (name == "design-map") app.state.design_tab = "map";
    }
    record_rect(app, "stage:" + name);
  }
  // With no comparison set, the methods compared by their presets (a paper's study or a general one): in
  // presentation they had been reached only by leaving it for the Simulation panel's last section (a
  // lecturer in an old hall).
  const auto studies = studies_for(app.state.model);
  if (!app.state.compare.empty() || studies.empty()) return;
  const bool open = begin_menu(tr("Methods compared"));
  record_rect(app, "stage:compare-studies");
  if (!open) return;
  for (std::size_t k = 0; k < studies.size(); ++k) {
    ImGui::PushID(static_cast<int>(k));
    if (ImGui::MenuItem(tr(studies[k].title).c_str())) choose_study(app, studies[k]);
    ImGui::PopID();
    record_rect(app, "stage:compare:" + std::to_string(k));
  }
  ImGui::EndMenu();
}

void stage_bar(App& app) {
  if (!app.stage) return;
  const auto& rc = app.bar_rect;
  ImGui::SetNextWindowPos(ImVec2(rc[0], rc[1]), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(rc[2], 0), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.97f);
  // At the largest text steps the bar's rows would take the model's room: its text and spacing are made
  // smaller until the bar is at most a sixth of the screen (kept, and grown back, from frame to frame), but
  // never smaller than at text size 1 (below).
  int styles = push_scaled_spacing(app, app.stage_bar_scale);
  // Its controls stand closer than a panel's, each still a target of at least 24 px, so that its one row
  // holds in Dutch and Spanish too: on a phone on its side a second row took 29 of the view's 210 px, and on
  // a projector at the largest text it took the view's height and with it the plot's width. A phone leaves
  // Fit to the View menu (upright, in Spanish, it took a row of its own).
  {
    const ImGuiStyle& style = ImGui::GetStyle();  // as pushed above
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0.5f * style.ItemSpacing.x, style.ItemSpacing.y));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.5f * style.WindowPadding.x, style.WindowPadding.y));
    styles += 2;
    // A phone's buttons keep 24 px and more at three quarters of their padding; a projector's "Fit" at
    // the smallest text would not.
    if (app.compact_side) {
      ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0.75f * style.FramePadding.x, style.FramePadding.y));
      ++styles;
    }
  }
  ImGui::Begin("##stage-bar", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::SetWindowFontScale(app.stage_bar_scale);
  // The time is the timeline's, just above the bar ("t = 1.26 of 1.26 s"): not twice, and the bar keeps the
  // room for one row beside a plot (at a projector's largest text its second row took the plot's width).
  run_buttons(app, false);
  if (!app.compact) {
    same_line_if_fits(button_width(tr("Fit")));
    if (ImGui::Button(tr("Fit"))) fit_camera(app);
    record_rect(app, "fit");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("Fit the model in the view (V)"));
  }
  // An embed's way out to the whole playground, its panels and menus (a course page's reader had none:
  // Copy link was a keyboard-only control there, and kept embed=1).
  if (app.state.embed) {
    same_line_if_fits(button_width(tr("Open in Carvallo")));
    if (ImGui::Button(tr("Open in Carvallo"))) open_in_playground(app);
    record_rect(app, "open-in-playground");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("This scene in the whole playground, with its panels and menus, in a new tab"));
  }
  rider_buttons(app, true);  // beside the run's buttons on a wide screen: a row less, a taller view and plot
  // The speed, where the model has one (the bicycle's forward speed, the disk's rolling speed).
  if (const auto* entry = examples::find_model(app.state.model)) {
    for (const auto& q : entry->settings) {
      if (q.name != "speed") continue;
      // A phone on its side: narrower, so that the scene's arrows share the row (two rows took a quarter
      // of the view there); wide enough for its value beside the grab at mid-range ("5.00" touched the grab
      // at 5 em).
      const float w = ImGui::GetFontSize() * (app.compact_side ? 5.5f : 7.0f);
      same_line_if_fits(labelled_width(w, "m/s"));
      ImGui::SetNextItemWidth(w);
      // Riding a steady turn, the turn sets the speed: shown, not to be changed (leave the turn first).
      const bool by_turn = !app.state.from_turn.empty();
      double v = setting_in_effect(app, "speed", q.value);
      const double lo = std::max(q.min, 0.0), hi = std::min(q.max, 10.0);
      ImGui::BeginDisabled(app.state.locked || by_turn);
      // As every number: a drag applies as it moves, a typed value on Enter (number_field.hpp).
      NumberField field{"m/s", NumberStyle::slider, "%.2f"};
      field.min = &lo, field.max = &hi, field.own_tooltip = true;
      field.question = tr("Forward speed (m/s)");
      // A typed speed past the slider's ends within the model's range is applied; past that, or no number,
      // it is refused by a message that says which speed stays (as the simulation panel's field).
      std::string unreadable;
      const NumberChange change = number_field(field, v, &unreadable);
      if (change == NumberChange::dragged && std::isfinite(v)) set_setting(app.state, "speed", v);
      else if (change == NumberChange::typed || change == NumberChange::unreadable) apply_setting_value(app, "speed", v, unreadable);
      ImGui::EndDisabled();
      record_rect(app, "stage-speed");
      if (by_turn) say_set_by_the_turn_if_tapped(app);
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !ImGui::IsItemActive()) {
        if (by_turn) tooltipf("%s", set_by_the_turn_note());
        else tooltipf("%s\n%s", tr("Forward speed"), number_field_hint(NumberStyle::slider));
      }
    }
  }
  if (has_parameter_table(app) && !app.state.locked) {
    same_line_if_fits(button_width(tr("Design...")));
    if (ImGui::Button(tr("Design..."))) ImGui::OpenPopup("stage-design");
    record_rect(app, "stage-design");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("Head angle, fork offset, wheels and wheelbase, in degrees and mm"));
    // Above the bar, within the screen, its inputs shown at once: it had opened down from the pointer, off a
    // projector's bottom edge, and on a phone with the inputs' header closed, which a tap did not open (a
    // student; testers).
    const ImVec2 button_min = ImGui::GetItemRectMin();
    const float margin = px(app, 6);
    ImGui::SetNextWindowPos(ImVec2(std::max(margin, std::min(button_min.x, ImGui::GetIO().DisplaySize.x - ImGui::GetFontSize() * 18)), button_min.y - margin),
                            ImGuiCond_Always, ImVec2(0.0f, 1.0f));  // each frame: its first frame's size is not its own
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(ImGui::GetIO().DisplaySize.x - 2 * margin, std::max(button_min.y - 2 * margin, ImGui::GetFontSize() * 6)));
    if (ImGui::BeginPopup("stage-design")) {
      ImGui::Dummy(ImVec2(ImGui::GetFontSize() * 16, 0));  // room for the inputs' column in a window that fits its contents
      designer_inputs(app, false);
      record_window_rect(app, "stage-design-popup");
      ImGui::EndPopup();
    }
  }
  scene_navigation(app);
  record_window_rect(app, "stage-bar");
  record_window_rect(app, "view-controls");
  // The bar's height feeds the layout, whose width feeds the bar's wrapping: the height kept is the largest
  // seen for this screen, text size, bar text, plot and model, so the two settle instead of taking turns. The
  // model's controls are the bar's (a lesson's four-bar scene had kept the bicycle's three rows, its arrows
  // 80 px above a phone's edge, where a thumb missed them).
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const auto model = static_cast<float>(std::hash<std::string>{}(app.state.model) % 65536);
  const std::array<float, 6> key{display.x, display.y, ImGui::GetFontSize(), app.stage_bar_scale, app.stage_plot_rect[2] > 0 ? 1.0f : 0.0f, model};
  // Measured from its contents, as this frame wrapped them: the window's own size fits them a frame late
  // (ImGui's auto-resize), and its first frame is a bare 48 px, which the layout took for one row (a
  // projector's plot laid out for a one-row bar, then shrunk a frame later).
  const ImGuiWindow* bar = ImGui::GetCurrentWindow();
  const float measured = bar->DC.CursorMaxPos.y - bar->Pos.y + ImGui::GetStyle().WindowPadding.y;
  app.stage_bar_frames = key == app.stage_bar_key ? app.stage_bar_frames + 1 : 0;
  app.stage_bar_h = app.stage_bar_frames >= 2 ? std::max(app.stage_bar_h, measured) : measured;
  app.stage_bar_key = key;
  // Beside a plot at most an eighth, as the caption: each row is taken from the view's height, and the plot
  // beside the view from its width (a second row at text 1.56 left a 1280x720 projector's plot 292 px wide,
  // narrower than at the largest step, whose smaller bar text fitted one row).
  const float limit = display.y / (beside_plot(app) ? 8.0f : 6.0f);
  // Never below the text at text size 1 (nor 10 CSS px): a larger text step must not make the bar's text
  // smaller than the step before did, and the rows keep their 24 px targets (and a phone its 44 px hold
  // buttons) however small their text. Past that the bar wraps into more rows.
  const float text = ImGui::GetFontSize() / app.stage_bar_scale;  // the text's height unscaled (the window's scale is set)
  const float floor_px = std::max(10.0f * static_cast<float>(app.pixel_ratio), std::min(text, app.text_px_at_one));
  const float smallest = std::clamp(floor_px / text, 0.3f, 1.0f);
  if (measured > limit && app.stage_bar_scale > smallest) app.stage_bar_scale = std::max(smallest, app.stage_bar_scale * std::max(0.5f, 0.95f * limit / measured));
  else if (measured < 0.4f * limit && app.stage_bar_scale < 1.0f) app.stage_bar_scale = std::min(1.0f, app.stage_bar_scale / 0.9f);
  ImGui::End();
  ImGui::PopStyleVar(styles);
}

void caption_overlay(App& app) {
  app.caption_bottom = 0;
  const std::string text = tr(app.state.caption);  // a built-in lesson's caption in the page's language
  // A phone's panel tab fills the screen: the caption waits for the 3D tab (or stands beside the panel, on
  // its side; not beside the Turns tab, whose view shows the turn ridden: the caption's five lines hid the
  // circle's far half and the bicycle on it, a tester found).
  const bool view_shown = !app.compact || app.stage || (app.compact_side && app.state.panel != "turns");
  // A lesson beside the panels has no stage bar: its scene's arrows and counter stand in the caption, left
  // of the x (a desktop page showed a lesson's caption with no way on but a key nothing mentioned); a
  // scene with no caption yet keeps them, in a band of their own (scenes just added had no way between
  // them on screen; a lecturer).
  const bool with_scenes = app.lesson && !app.stage;
  if (!view_shown || (text.empty() && !with_scenes)) return;
  const ImGuiStyle& style = ImGui::GetStyle();
  // The stage: the band arrange_stage made above the view. Other layouts: over the top of the free view.
  const float m = px(app, 6);
  const float scenes_w = with_scenes ? scene_navigation_width(app) + style.ItemSpacing.x : 0.0f;
  const float right = app.stage ? app.caption_rect[0] + app.caption_rect[2] : std::max(app.view_right - m, app.view_left + m + px(app, 160));
  const float left = app.stage ? app.caption_rect[0]
                     : text.empty() ? right - scenes_w - 2 * style.WindowPadding.x + style.ItemSpacing.x
                                    : app.view_left + m;
  // Beside the panels, at the view's top whatever messages come: the messages stand below it (a fall's,
  // shown above it, had moved the scene's arrows 80 px down under a pointer clicking on; a TA).
  const float top = app.stage ? app.caption_rect[1] : app.view_top + m;
  const float width = right - left;
  float scale = 1.0f;
  const float fitted = text.empty() ? ImGui::GetFrameHeight() + 2 * style.WindowPadding.y
                                    : caption_band(app, width - scenes_w, &scale, beside_plot(app));
  const float height = app.stage ? std::max(app.caption_rect[3], fitted) : fitted;  // the stage: its whole band
  const float pad_x = style.WindowPadding.x * scale, pad_y = style.WindowPadding.y * scale, button = scaled_frame_height(app, scale);
  const float inner = width - scenes_w - 2 * pad_x - button - style.ItemSpacing.x * scale;
  ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.10f, 0.12f, 0.18f, 0.96f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  const int styles = push_scaled_spacing(app, scale);
  ImGui::Begin("##caption", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::SetWindowFontScale(scale);
  if (!text.empty()) {
    ImGui::TextUnformatted(broken_at_spaces(text.c_str(), inner).c_str());  // at spaces only: "4.29" stays whole
    record_rect(app, "caption-text");
  }
  if (with_scenes) {
    ImGui::SetCursorScreenPos(ImVec2(text.empty() ? left + pad_x : left + width - pad_x - button - scenes_w, top + pad_y));
    scene_navigation(app, true);
  }
  if (text.empty()) {  // nothing to dismiss
    record_window_rect(app, "caption");
    app.caption_bottom = top + height;
    ImGui::End();
    ImGui::PopStyleVar(styles);
    ImGui::PopStyleColor(2);
    return;
  }
  ImGui::SetCursorScreenPos(ImVec2(left + width - pad_x - button, top + pad_y));
  ImGui::PushStyleColor(ImGuiCol_Text, color_vec(pal().text));
  if (ImGui::Button("x##caption-close", ImVec2(button, button))) app.state.caption.clear();
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  record_rect(app, "caption-close");
  if (ImGui::IsItemHovered()) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_vec(pal().text));  // the tooltip's own light face, not the caption's white
    tooltipf("%s", tr("Dismiss the caption"));
    ImGui::PopStyleColor();
  }
  record_window_rect(app, "caption");
  if (!app.stage) app.caption_bottom = top + height;  // the turns' window stands below it (turns_panel)
  ImGui::End();
  ImGui::PopStyleVar(styles);
  ImGui::PopStyleColor(2);
  // The scene changed since it began (another turn ridden, another speed): under the caption, over the
  // view's top, a line says so and shows the scene again as it began. Over the view, not in the caption's
  // band: a band a line taller moved the plot beside it under the pointer that had just ridden a turn.
  std::string note = scene_changed_note(app);
  if (note.empty()) return;
  // Over a short view (a phone on its side) in a line's words: its two lines under a fall's message covered
  // most of a 194 px view and the fallen bicycle in it (a tester). Its native twin keeps the whole sentence.
  if (app.view_bottom - app.view_top < ImGui::GetFontSize() * 16) note = tr("Changed: show the scene as it began");
  const float note_top = (app.stage ? std::max(app.view_top, app.messages_bottom) : top + height) + m;
  const float note_w = std::min(app.view_right - app.view_left - 2 * m, ImGui::CalcTextSize(note.c_str()).x + 2 * style.WindowPadding.x);
  const std::string lines = broken_at_spaces(note.c_str(), note_w - 2 * style.WindowPadding.x);
  ImGui::SetNextWindowPos(ImVec2(app.view_left + m, note_top), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(note_w, 0), ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.10f, 0.12f, 0.18f, 0.92f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.82f, 0.45f, 1));
  ImGui::Begin("##scene-changed", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing |
                                               ImGuiWindowFlags_AlwaysAutoResize);
  const ImVec2 from = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::CalcTextSize(lines.c_str());
  if (ImGui::InvisibleButton("##caption-scene-again", size)) goto_scene(app, app.scene_index);
  const bool hovered = ImGui::IsItemHovered();
  ImGui::GetWindowDrawList()->AddText(from, ImGui::GetColorU32(ImGuiCol_Text), lines.c_str());
  // Underlined as a link, every line of it: a phone has no hover to show that a tap acts (a student).
  float y = from.y;
  for (std::size_t start = 0; start <= lines.size();) {
    const std::size_t end = std::min(lines.find('\n', start), lines.size());
    const float w = ImGui::CalcTextSize(lines.c_str() + start, lines.c_str() + end).x;
    y += ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(from.x, y - 1), ImVec2(from.x + w, y - 1), ImGui::GetColorU32(ImGuiCol_Text), hovered ? 2.0f : 1.0f);
    start = end + 1;
  }
  record_rect(app, "caption-scene-again");
  if (!app.stage) app.caption_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
  ImGui::End();
  ImGui::PopStyleColor(2);
}

}  // namespace carvallo::web
