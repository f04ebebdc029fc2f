// The steady turns panel: the families of hands-free steady turns of the bicycle shown (Basu-Mandal,
// Chatterjee & Papadopoulos 2007; examples/bicycle/turns.hpp) continued over lean a few leans per frame,
// plotted as forward speed against lean, coloured by family and by linear stability. Clicking a turn
// starts the simulation on it (as `carvallo simulate --from-turn`), so the 3D view shows the bicycle
// riding that circle.
#include "app.hpp"
#include "panels/stage.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"
#include "logic/language.hpp"
#include "panels/panel_actions.hpp"
#include "panels/palette_colors.hpp"
#include "panels/panel_parts.hpp"  // px

#include <imgui.h>

#include <algorithm>
#include <initializer_list>
#include <cmath>
#include <cstdio>

namespace carvallo::web {

namespace {

// Family colours: dark when stable, lighter when unstable (the palette's, web/logic/contrast.hpp).
ImU32 turn_color(const std::string& family, bool stable) {
  const int k = family == bicycle::kHandlebarForward ? 0 : 1;
  const Rgba c = stable ? pal().turn_stable[k] : pal().turn_unstable[k];
  return IM_COL32(c.r, c.g, c.b, c.a);
}

// A turn's mark: a dot for the forward family, a square of the same area for the reversed, so that the
// families are told apart without their colours (in grey both had been alike, a colour-blind student);
// filled once its stability is known, an outline while it is computed.
// `edge`: a filled mark's rim in that colour (0: none).
void turn_mark(ImDrawList* dl, ImVec2 p, const std::string& family, float radius, ImU32 color, bool filled, ImU32 edge = 0) {
  const float line = std::max(1.0f, ImGui::GetFontSize() * 0.08f);
  const float rim = std::max(1.0f, ImGui::GetFontSize() * 0.06f);
  if (family == bicycle::kHandlebarForward) {
    if (filled) dl->AddCircleFilled(p, radius, color);
    else dl->AddCircle(p, radius, color, 0, line);
    if (filled && edge) dl->AddCircle(p, radius, edge, 0, rim);
    return;
  }
  const float h = 0.886f * radius;  // half the side of a square of the circle's area (sqrt(pi) / 2)
  if (filled) dl->AddRectFilled(ImVec2(p.x - h, p.y - h), ImVec2(p.x + h, p.y + h), color);
  else dl->AddRect(ImVec2(p.x - h, p.y - h), ImVec2(p.x + h, p.y + h), color, 0.0f, 0, line);
  if (filled && edge) dl->AddRect(ImVec2(p.x - h, p.y - h), ImVec2(p.x + h, p.y + h), edge, 0.0f, 0, rim);
}

// A family's name as shown; the family's word (kHandlebarForward, ...) stays the link's value.
std::string family_name(const std::string& family) {
  for (const char* f : {translatable("handlebar-forward"), translatable("handlebar-reversed")})
    if (family == f) return tr(f);
  return family;
}

constexpr double kMaxSpeed = 20.0;  // m/s: the plot's top (the reversed family reaches far higher speeds near upright)

}  // namespace

void ride_steady_turn(App& app, const bicycle::SteadyTurn& turn) {
  app.state.from_turn = turn_request_text({turn.lean, turn.family, turn.steer});
  sync_run(app, true);
  app.playing = app.run && !app.run->run().ended();
  // The whole circle in view, from above and behind its start, with room for the bicycle on it (a camera
  // following the bicycle showed an arc, and a fixed one lost a larger circle off the view's edge). The
  // turn starts at the origin heading along x, its centre to the side it yaws to (z down: +y for a right
  // turn). A circle too large to show the bicycle on it is ridden with the camera following.
  auto& cam = app.state.camera;
  const double distance = fitting_distance(app, 1.1 * (2 * turn.radius + 2));
  app.state.follow = !(std::isfinite(distance) && distance <= 40.0);
  if (app.state.follow) return;
  cam.target = app.display.point(Eigen::Vector3d(0, turn.yaw_rate > 0 ? turn.radius : -turn.radius, 0));
  cam.yaw = -1.5707963267948966;
  cam.pitch = 0.9;
  cam.distance = std::max(distance, 3.0);
}

void leave_steady_turn(App& app) {
  app.state.from_turn.clear();
  app.playing = false;
}

std::string turn_family_name(const std::string& family) { return family_name(family); }

const char* set_by_the_turn_note() {
  return tr("The steady turn sets the initial state; leave the turn to set your own");
}

void say_set_by_the_turn_if_tapped(App& app) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && ImGui::IsMouseClicked(ImGuiMouseButton_Left))
    set_toast(app, set_by_the_turn_note());
}

bool advance_turns(App& app) {
  if (!app.turns.started() || app.turns.done()) return false;
  const ScopedWork timed(app.work, "turns");
  app.turns.advance(app.work.budget_ms(1000.0 * TurnFamilies::frame_budget_seconds(app.perf.frame_ms)) / 1000.0);
  return true;
}

void turns_panel(App& app) {
  app.turn_marks.clear();
  app.turns_drawn = false;
  app.turns_window_bottom = 0;
  if (!has_parameter_table(app)) return;
  // The stage shows the turns as its plot (stage=turns), in the plot's place; elsewhere the window is
  // opened from the menu, over the view.
  const bool on_stage = app.picture || place_stage_window(app, "turns");
  // A phone's Turns tab (panels_of): the panel's place, beside the bicycle on a phone on its side.
  const bool in_tab = !on_stage && app.compact && !app.stage && app.state.panel == "turns";
  if (!on_stage && !in_tab && (app.stage || !app.state.show_turns)) return;
  if (app.compact && app.state.panel != "view" && !on_stage && !in_tab) return;
  // Part of each frame (slices of 16 evaluations), within what the frame's other computations left (the
  // design map's rows come first): the page stays responsive while the families are traced.
  {
    const ScopedWork timed(app.work, "turns-start");
    app.turns.reset(app.state.bike);
  }
  advance_turns(app);

  const ImGuiIO& io = ImGui::GetIO();
  const float m = ImGui::GetFontSize() * 0.5f;
  // Within the free span between the panels (no panel's header under it), below the messages and a
  // lesson's caption (it covered the caption's text and its scene arrows). A narrow span (presentation at
  // 1280x720) gets the whole height instead of half, so the plot stays readable.
  const float left = app.view_left + m, right = std::max(app.view_right - m, left + ImGui::GetFontSize() * 12);
  const float top = std::max({app.view_top, app.messages_bottom, app.caption_bottom}) + m;
  const bool narrow = right - left < ImGui::GetFontSize() * 24;
  const float height = narrow ? io.DisplaySize.y - top - m
                              : std::clamp((io.DisplaySize.y - top) * 0.5f, ImGui::GetFontSize() * 14, io.DisplaySize.y - top - m);
  // Riding a turn in a narrow view (presentation, phone, the span between a 1280 px desk's panels), the
  // window keeps only the ride's line and its button, so that the bicycle on its circle is seen (at a desk
  // the families hid it for most of each lap; a tester); "Leave the turn" brings the families back.
  const bool ride_only = (narrow || right - left < px(app, 600)) && !on_stage && !in_tab && !app.state.from_turn.empty();
  if (!on_stage && !in_tab) {
    ImGui::SetNextWindowPos(ImVec2(left, top), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(right - left, ride_only ? 0.0f : height), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.96f);
  }
  bool open = true;
  app.turns_drawn = true;
  app.turn_marks_located = app.turns.located();
  app.turn_marks_done = app.turns.done();
  if (app.picture) begin_picture_window(app, "Steady turns");
  else if (in_tab) begin_panel(app, "Steady turns");  // the tab's place, with the messages at its top
  else ImGui::Begin(window_title("Steady turns").c_str(), on_stage ? nullptr : &open, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  // Down: its legend's two rows, the ridden turn's line and Leave the turn besides a plot's (a phone's
  // turns had been a strip 25 px tall at text 1.25).
  if (!app.picture && !in_tab) fit_stage_window_text(app, on_stage, 16.0f, 18.0f);
  record_window_rect(app, "turns");
  if (on_stage) record_window_rect(app, "stage-plot");
  if (!open) toggle_steady_turns(app);  // the stage's plot the eigenvalues again, as the menu's Hide does

  const auto request = turn_request(app.state.from_turn);
  const std::optional<TurnRequest> ridden = request && app.run ? app.run->ridden_turn() : std::nullopt;
  auto ride_text = [&](const TurnRequest& r) {
    // A phone's short line, with "Leave the turn" beside it: the two rows under an upright phone's plot
    // left it 80 px tall (and, in Dutch and Spanish, no room for the legend above it).
    if (app.compact)
      return trf("riding %s, lean %s rad", tr(r.family == bicycle::kHandlebarForward ? "forward" : "reversed"), format_shortest(r.lean).c_str());
    return trf("riding: %s turn at lean %s rad", family_name(r.family).c_str(), format_shortest(r.lean).c_str());
  };
  auto ride_line = [&] {
    if (!request || app.picture) return;
    ImGui::PushTextWrapPos(0.0f);
    wrapped_textf("%s", ride_text(*request).c_str());
    ImGui::PopTextWrapPos();
    same_line_if_fits(button_width(tr("Leave the turn")));
    if (ImGui::Button(tr("Leave the turn"))) leave_steady_turn(app);
    record_rect(app, "leave-turn");
  };
  if (ride_only) {
    ride_line();
    app.turns_window_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
    ImGui::End();
    return;
  }
  const auto& turns = app.turns;
  if (!turns.error().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_textf(ImVec4(0.75f, 0.1f, 0.0f, 1), "%s", turns.error().c_str());
    ImGui::PopTextWrapPos();
  }
  // Legend (above the plot, never over a point): the family by its colour, the stability by the dot's size
  // and shade, four entries in a row or two (the four combinations took four rows beside a projector's
  // view at the largest text, and two of a phone's, out of the plot's height).
  const float fw = ImGui::GetFontSize();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The stability by a pair of marks, one of each family, as the plot draws them: large and dark, small and
  // light (one grey dot read as a third colour the plot never draws, a tester found).
  // At the legend's own text size (it may be smaller than the window's: below).
  auto legend = [&](const char* text, std::initializer_list<const char*> families, bool stable, bool first) {
    const float lw = ImGui::GetFontSize();
    const float marker = lw * (0.1f + 0.8f * static_cast<float>(families.size()));
    if (!first) same_line_if_fits(text_width(text) + marker + lw * 0.2f, lw * 0.8f);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    float x = p.x + lw * 0.4f;
    for (const char* family : families)
      turn_mark(dl, ImVec2(x, p.y + lw * 0.55f), family, stable ? lw * 0.32f : lw * 0.18f, turn_color(family, stable), true), x += lw * 0.8f;
    ImGui::Dummy(ImVec2(marker, lw));
    ImGui::SameLine(0, lw * 0.2f);
    // Wrapped where a label is wider than the window (large text on a narrow stage), not cut.
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextWrapped("%s", text);
    ImGui::PopTextWrapPos();
  };
  // Riding a turn, a line and its "Leave the turn" button go under the plot: room for both, the button on
  // its own line when the line is too narrow for it. The room is kept whether or not a turn is ridden, so
  // that the plot does not move under the pointer that has just clicked a turn.
  // (A narrow view off the stage shows the ride in a window of its own instead: no room needed there; on
  // the stage, a phone's, the line and the button are under the plot however narrow.)
  // The room is that of a line for a turn of the reversed family at lean 0.75 rad, or of the line ridden if it
  // takes more, as it wraps at this width, with the button beside it where it fits on one line, else under it.
  auto ride_room_for = [&](const TurnRequest& r) {
    const std::string line = ride_text(r);
    const float width = ImGui::GetContentRegionAvail().x, spacing = ImGui::GetStyle().ItemSpacing.y;
    // Wrapped as wrapped_textf draws it: at spaces, each line an item of its own, spaced as items are (ImGui's
    // own wrapping, measured before, left the button a few px past a projector's window at the largest
    // text, which then scrolled).
    const std::string broken = broken_at_spaces(line.c_str(), width);
    const auto lines = static_cast<float>(1 + std::count(broken.begin(), broken.end(), '\n'));
    const float text_h = lines * ImGui::GetTextLineHeight() + (lines - 1) * spacing;
    const bool beside = lines == 1 && text_width(line.c_str()) + ImGui::GetStyle().ItemSpacing.x + button_width(tr("Leave the turn")) <= width;
    return beside ? std::max(text_h, ImGui::GetFrameHeight()) + 2 * spacing : text_h + spacing + ImGui::GetFrameHeightWithSpacing();
  };
  auto ride_room = [&] {
    const float sample = ride_room_for(TurnRequest{0.75, std::string(bicycle::kHandlebarReversed), {}});
    return request ? std::max(sample, ride_room_for(*request)) : sample;
  };
  const float below = (narrow && !on_stage && !in_tab) || app.picture ? ImGui::GetTextLineHeightWithSpacing() * 0.2f : ride_room();
  // The legend where it leaves the plot's curves six lines of height under its rows, five under one row: a
  // phone on its side, under a lesson's caption, had kept an 18 px strip of plot under it (a student); the
  // tooltip and the riding line name a turn's family and stability there. One row where the four entries
  // fit across (an upright phone's: two rows had left it no legend at all; a tester).
  // Its text down to 0.8 of the window's for one row on a stage or a tab (the Dutch and Spanish words are
  // longer: an upright phone showed them no legend; a tester).
  float row_w = 3 * fw * 0.8f;
  for (const auto& [text, marks] : {std::pair{tr("forward"), 1}, {tr("reversed"), 1}, {tr("stable"), 2}, {tr("unstable"), 2}})
    row_w += fw * (0.1f + 0.8f * static_cast<float>(marks)) + fw * 0.2f + text_width(text);
  const float room_x = ImGui::GetContentRegionAvail().x;
  const float legend_scale = (on_stage || in_tab) && row_w > room_x && row_w * 0.8f <= room_x ? room_x / row_w * 0.99f : 1.0f;
  const bool one_row = row_w * legend_scale <= room_x;
  const float legend_h = (one_row ? 1 : 2) * (ImGui::GetTextLineHeight() * legend_scale + ImGui::GetStyle().ItemSpacing.y);
  if (!(on_stage || in_tab) ||
      ImGui::GetContentRegionAvail().y - legend_h - below - ImGui::GetTextLineHeightWithSpacing() - fw * 2.8f >= fw * (one_row ? 5 : 6)) {
    const char* forward = bicycle::kHandlebarForward;
    const char* reversed = bicycle::kHandlebarReversed;
    const float window_scale = ImGui::GetCurrentWindow()->FontWindowScale;
    ImGui::SetWindowFontScale(window_scale * legend_scale);
    legend(tr("forward"), {forward}, true, true);
    legend(tr("reversed"), {reversed}, true, false);
    legend(tr("stable"), {forward, reversed}, true, false);
    legend(tr("unstable"), {forward, reversed}, false, false);
    ImGui::SetWindowFontScale(window_scale);
    record_rect(app, "turns-legend");
  }
  {
    // The hint once done; before, what is being computed (the turns are plotted as soon as every one is
    // found, as rings, their stability filled in after), in the same room, so that the plot does not
    // move under the pointer when the computation ends.
    const char* hint = app.picture          ? tr("hands-free, right lean (mirror-symmetric)")
                       : app.coarse_pointer ? tr("hands-free, right lean (mirror-symmetric); tap a turn to ride it, hold it to read it")
                                            : tr("hands-free, right lean (mirror-symmetric); click a turn to ride it");
    const float width = ImGui::GetContentRegionAvail().x;
    const float hint_h = ImGui::CalcTextSize(hint, nullptr, false, width).y;
    // The hint only where it leaves the plot ten lines of height: at large text steps, or in a phone's
    // window, it would squeeze the plot to a strip or push the riding line out of the window.
    const bool room = ImGui::GetContentRegionAvail().y - hint_h - ImGui::GetStyle().ItemSpacing.y - below >= fw * 10;
    const float line_top = ImGui::GetCursorPosY();
    ImGui::PushTextWrapPos(0.0f);
    if (!turns.done()) {
      if (turns.located()) wrapped_textf("%s", trf("turns found (rings); checking their stability: %.0f %% done", 100 * turns.progress()).c_str());
      else wrapped_textf("%s", trf("computing the families: %.0f %%", 100 * turns.progress()).c_str());
    } else if (room) {
      wrapped_text_disabled("%s", hint);
    }
    ImGui::PopTextWrapPos();
    if (room) ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), line_top + hint_h + ImGui::GetStyle().ItemSpacing.y));
  }

  // The plot: speed against lean. On the stage it takes the height left, so nothing runs past the window;
  // elsewhere at least six lines (the window scrolls).
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plot_h = on_stage || in_tab ? std::max(fw * 3, avail.y - below) : std::max(fw * 6, avail.y - below);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // A turn is ridden when the button comes up over it (a click, a tap); a finger held still on the plot
  // (TouchInput's long press) reads the turn under it in the tooltip instead and rides nothing, as a
  // phone has no hover.
  const bool released = ImGui::InvisibleButton("turns-plot", ImVec2(std::max(avail.x, fw * 10), plot_h));
  record_rect(app, "turns-plot");
  const bool clicked = released && !app.touch.long_press();
  const ImVec2 p0(origin.x + fw * 2.6f, origin.y + fw * 0.4f);
  const ImVec2 p1(origin.x + std::max(avail.x, fw * 10) - fw * 0.5f, origin.y + plot_h - fw * 2.4f);
  dl->AddRectFilled(p0, p1, ImGui::GetColorU32(color_vec(pal().plot_bg)));
  const double lean_max = TurnFamilies::leans().back();
  // A stable turn's dot (radius 0.3 of the font) at either end of the leans stays inside the frame.
  const float pad = fw * 0.35f;
  auto X = [&](double lean) { return p0.x + pad + static_cast<float>(lean / lean_max) * (p1.x - p0.x - 2 * pad); };
  auto Y = [&](double v) { return p1.y - static_cast<float>(v / kMaxSpeed) * (p1.y - p0.y); };
  const ImU32 grid = IM_COL32(228, 231, 238, 255), text = IM_COL32(70, 70, 80, 255);
  char buf[32];
  // A grid line every 0.2 rad; a label on every line, or every second or fourth when they would touch.
  int label_every = 1;
  while (label_every < 4 && X(0.2 * label_every) - X(0) < ImGui::CalcTextSize("0.0").x + fw * 0.8f) label_every *= 2;
  for (int k = 0; k <= 7; ++k) {
    const double lean = 0.2 * k;
    dl->AddLine(ImVec2(X(lean), p0.y), ImVec2(X(lean), p1.y), grid);
    if (k % label_every != 0) continue;
    std::snprintf(buf, sizeof buf, "%.1f", lean);
    dl->AddText(ImVec2(X(lean) - ImGui::CalcTextSize(buf).x * 0.5f, p1.y + 2), text, buf);
  }
  for (int v = 0; v <= 20; v += 5) {
    dl->AddLine(ImVec2(p0.x, Y(v)), ImVec2(p1.x, Y(v)), grid);
    std::snprintf(buf, sizeof buf, "%d", v);
    dl->AddText(ImVec2(p0.x - ImGui::CalcTextSize(buf).x - 3, Y(v) - fw * 0.5f), text, buf);
  }
  const char* xlabel = tr("lean (rad)");
  dl->AddText(ImVec2(0.5f * (p0.x + p1.x) - ImGui::CalcTextSize(xlabel).x * 0.5f, p1.y + fw * 1.15f), text, xlabel);
  dl->AddText(ImVec2(p0.x + 4, p0.y + 2), text, tr("speed (m/s)"));
  dl->AddRect(p0, p1, IM_COL32(150, 150, 160, 255));

  const ImVec2 mouse = io.MousePos;
  float best = fw * 1.2f;  // a click picks the nearest turn within about a finger's width
  float best_centre = INFINITY;
  int best_pass = -1;
  std::optional<std::pair<std::size_t, std::size_t>> picked;
  dl->PushClipRect(p0, p1, true);
  // Unstable first, the stable ones (the sections a lecture looks for) drawn over them; a turn whose
  // stability is still being computed as a ring in its family's colour.
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t b = 0; b < turns.branches().size(); ++b) {
      const auto& br = turns.branches()[b];
      for (std::size_t k = 0; k < br.turns.size(); ++k) {
        const auto& t = br.turns[k];
        if (t.stable != (pass == 1) || !(t.speed <= kMaxSpeed)) continue;
        const ImVec2 p(X(t.lean), Y(t.speed));
        if (t.eigenvalues.empty()) turn_mark(dl, p, t.family, fw * 0.22f, turn_color(t.family, true), false);
        // A stable mark rimmed in the plot's ground: where the two families' dark marks overlap, each keeps
        // its shape in grey (they had merged into one blob in achromatopsia; a colour-blind student).
        else turn_mark(dl, p, t.family, t.stable ? fw * 0.3f : fw * 0.17f, turn_color(t.family, t.stable), true,
                       t.stable ? color_u32(pal().plot_bg) : 0);
        const auto r = static_cast<float>(app.pixel_ratio);
        app.turn_marks.push_back({b, k, p.x / r, p.y / r});
        // Distance to the dot's edge; a tie (the pointer on several dots) to the one drawn on top (stable
        // over unstable), not a smaller one hidden under it, and among dots alike (1 px apart where a family
        // folds) to the one whose centre is nearest.
        const float centre = std::hypot(p.x - mouse.x, p.y - mouse.y);
        const float d = std::max(0.0f, centre - (t.stable ? fw * 0.3f : fw * 0.17f));
        if (d < best || (d == best && (pass > best_pass || (pass == best_pass && centre <= best_centre))))
          best = d, best_centre = centre, best_pass = pass, picked = std::make_pair(b, k);
        // The turn ridden, by the steer the run started on (a request without one names the family's turn
        // of smallest |steer| at that lean, not every one of them).
        if (ridden && ridden->family == t.family && std::abs(ridden->lean - t.lean) < 1e-9 &&
            std::abs(*ridden->steer - t.steer) < 1e-6)
          dl->AddCircle(p, fw * 0.55f, IM_COL32(0, 0, 0, 255), 0, 2.0f);
      }
    }
  }
  dl->PopClipRect();
  // After a click the turn's tooltip waits for the pointer to move: a lecturer's mouse left still over the
  // turn ridden hid the axis, the riding line and, at a large text step, part of the view.
  // A finger held still reads the turn whatever was tapped there before (a tablet's still finger on the turn
  // it had just ridden read nothing; a student).
  static ImVec2 clicked_at(-1, -1);
  if (clicked) clicked_at = mouse;
  const bool reading = app.touch.long_press();
  if (picked && ImGui::IsItemHovered() && (reading || mouse.x != clicked_at.x || mouse.y != clicked_at.y)) {
    clicked_at = ImVec2(-1, -1);
    const auto& t = turns.branches()[picked->first].turns[picked->second];
    const char* stability = t.eigenvalues.empty() ? tr("stability being computed") : t.stable ? tr("stable") : tr("unstable");
    // Above the finger that holds it, where the hand does not cover it (below it, it did).
    if (reading && mouse.y > ImGui::GetIO().DisplaySize.y * 0.3f)
      ImGui::SetNextWindowPos(ImVec2(mouse.x, mouse.y - fw * 2.5f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    begin_tooltip();
    ImGui::TextUnformatted(trf("%s, %s\nlean %.3f rad, steer %.3f rad\nspeed %.3f m/s, radius %.3f m", family_name(t.family).c_str(),
                               stability, t.lean, t.steer, t.speed, t.radius).c_str());
    record_window_rect(app, "turns-readout");
    ImGui::EndTooltip();
  }
  if (clicked && picked) ride_steady_turn(app, turns.branches()[picked->first].turns[picked->second]);
  ride_line();
  if (!on_stage && !in_tab) app.turns_window_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
  ImGui::End();
}

}  // namespace carvallo::web
