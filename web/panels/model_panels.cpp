// The run of whichever model is shown (sync, advance, step, push, fit the camera, the run buttons), and the
// panel of a model without a parameter table: its description, formulation and sizes.
#include "app.hpp"
#include "logic/language.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/panel_actions.hpp"
#include "panels/time_plot.hpp"
#include "panels/timeline.hpp"
#include "platform/browser.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/integrators.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

namespace carvallo::web {

bool has_parameter_table(const App& app) {
  const examples::ModelEntry* e = examples::find_model(app.state.model);
  return e && !e->parameters.empty();
}

bool has_eigen_panel(const App& app) {
  const examples::ModelEntry* e = examples::find_model(app.state.model);
  return e && (!e->parameters.empty() || e->steady_motion.has_value());
}

void select_model(App& app, const std::string& name) {
  if (name == app.state.model) return;
  app.playing = false;
  app.layout_dirty = true;
  app.messages.clear();  // about the previous model's fields: none applies to this one
  app.camera_given = false;  // the menu's model gets a camera that frames it
  // A lesson scene's caption leaves with its model: over the model chosen it told of what is not shown (a
  // student who picked the four-bar mid-lesson). The lesson stays open; its arrows show the scene again.
  if (scene_caption_shown(app)) app.state.caption.clear();
  if (auto why = select_model(app.state, name); !why.empty()) app.run_event = why;
}

void sync_run(App& app, bool force) {
  const std::string sig = ModelView::signature(app.state);
  // A link or setState that gives a motion (inputs=, t=) is a replay: of this run, within what it keeps,
  // a seek (timeline.cpp); otherwise a new run that replays the log.
  const bool replay = replay_requested(app);
  if (replay && !force && app.run && sig == app.run_signature && seek_requested(app)) return;
  if (!force && !replay && app.run && sig == app.run_signature) return;
  if (has_parameter_table(app)) refresh_analysis(app);
  const ScopedWork timed(app.work, "run");
  // A run that had ended (a fall) made anew by a change (the speed, the design): the new one plays, as Reset
  // after a fall does; it was left paused at t = 0 with an empty plot, and nothing said to press Play.
  const bool after_fall = app.run && app.run->run().ended() && !replay;
  app.run_signature = sig;
  app.run_event.clear();
  app.sim_debt = 0;
  app.run.reset();
  try {
    app.run = std::make_unique<ModelView>(app.state);
    // A turn asked for by its steer (a point clicked) that this bicycle has a little elsewhere (the design
    // changed while riding it): the request follows the turn ridden, so that the link, the plot's ring and
    // the riding line say what is ridden. The same run: its signature follows too.
    const auto request = turn_request(app.state.from_turn);
    const auto& ridden = app.run->ridden_turn();
    if (request && request->steer && ridden && std::abs(*request->steer - *ridden->steer) > 1e-12) {
      app.state.from_turn = turn_request_text(*ridden);
      app.run_signature = ModelView::signature(app.state);
    }
    const std::string fitted = app.state.model + "|" + app.state.variant;
    if (fitted != app.fitted_model) {
      // A new model (not a new run of the same one): its frame and a camera that shows it.
      app.display = display_frame(app.run->run().instance().view, app.run->run().scene());
      app.fitted_model = fitted;
      // A camera the link or setState gave is kept exactly (yaw -2.53 stays -2.53); else one that frames it:
      // the bicycle's is the default, which widen_default_camera fits to the layout (the four-bar's camera,
      // kept, showed the bicycle chosen after it 40 px wide; a tester).
      if (!app.camera_given) {
        if (has_parameter_table(app)) app.state.camera = app.camera_framed.emplace();
        else fit_camera(app);
      }
    }
    // A new run starts with no inputs, at its start; or replays the motion a link gives.
    if (replay) load_replay(app);
    else forget_motion(app);
    if (after_fall && !app.run->run().ended()) app.playing = true;
  } catch (const std::exception& e) {
    if (!app.state.from_turn.empty()) {
      // A steady turn the link or setState asks for that this bicycle does not have (a lean of 1e-308):
      // refuse that field and ride upright with the rest, rather than show no bicycle at all.
      app.messages.push_back("from_turn=" + app.state.from_turn + ": " + trf("%s; riding upright instead", e.what()));
      app.state.from_turn.clear();
      sync_run(app, force);  // once more: from_turn is empty now
      return;
    }
    app.run_event = e.what();
    app.playing = false;
  }
}

void step_run(App& app) {
  sync_run(app);
  app.playing = false;
  app.replay_to = -1;
  if (!app.run) return;
  try {
    app.run->step(1);
  } catch (...) {
    stop_run_on_error(app);
  }
}

void stop_run_on_error(App& app) {
  app.run_event = stopped_run_text(app.run ? app.run->time() : 0.0, app.run ? app.run->time_step() : 0.0,
                                   app.run && !app.run->history().empty() ? app.run->history().back().C : 0.0, app.state.sim.stabilization);
  if (app.run_event.rfind("At t = ", 0) == 0) app.run_event += std::string(" ") + reset_hint(app);
  app.playing = false;
}

// A touch screen has no R key to press (a phone following a lecture).
const char* reset_hint(const App& app) {
  return app.coarse_pointer ? "Tap Reset to start again." : "Press R (Reset) to start again.";
}

std::string ended_run_text(const App& app) {
  if (!app.run) return "";
  char at[64];
  std::snprintf(at, sizeof at, "At t = %.2f s ", app.run->time());
  std::string text = at + app.run->run().end_reason() + ".";
  // A steady turn is stable against small disturbances only: a kick of the page's 0.5 rad/s throws a turn
  // the panel calls stable out of its basin (a student concluded the page was wrong; the lesson's scene
  // kicks it with 0.1).
  const auto& log = app.run->log();
  const bool kicked = std::any_of(log.begin(), log.end(), [](const InputEvent& e) { return e.kind == InputEvent::Kind::push; });
  if (!app.state.from_turn.empty() && kicked)
    text += std::string(" ") + translatable("A stable steady turn holds against small disturbances only: a smaller kick "
                                            "(Initial state, settings, inputs) dies out.");
  return text + " " + reset_hint(app);
}

namespace {

// A run that has ended (a fall, a solver failure) takes no play and no push: said, so that a press is
// never met with silence.
bool say_if_ended(App& app) {
  if (!app.run || !app.run->run().ended()) return false;
  // A phone has no R key (a student tapped Kick after a fall and read of a key).
  set_toast(app, app.coarse_pointer ? tr("The run has ended: tap Reset to start it again") : tr("The run has ended: Reset (R) starts it again"));
  return true;
}

}  // namespace

void push_run(App& app) {
  sync_run(app);
  if (!app.run || say_if_ended(app)) return;
  try {
    app.replay_to = -1;  // an input ends a replay on its way to a link's moment: the user takes over
    app.run->push(app.state.sim.kick);
    ++app.pushes;
    // Paused, a kick waits for the run to play: said, or the press seemed to do nothing (a student).
    if (!app.playing) {
      char t[32];
      std::snprintf(t, sizeof t, "%.2f", app.run->time());
      set_toast(app, trf(app.coarse_pointer ? "Paused: the push at t = %s s acts when the run plays (tap Play)"
                                            : "Paused: the push at t = %s s acts when the run plays (Play, Space)", t),
                false);  // the live region says the push with it
    }
  } catch (...) {
    stop_run_on_error(app);
  }
}

void fit_camera(App& app) {
  if (!app.run) return;
  const auto [lo, hi] = examples::bounds(app.run->run().scene());
  Eigen::Vector3d a = app.display.point(lo), b = app.display.point(hi);
  const Eigen::Vector3d centre = 0.5 * (a + b);
  const double size = std::max((a - b).cwiseAbs().maxCoeff(), 1e-3);
  auto& cam = app.state.camera;
  cam.target = centre;
  // A model that travels (a steady motion: the rolling disk, the sleigh; or a traced path behind it: the
  // Appell-Hamel wheel) rolls away at metres per second: framed and left, it is off screen within seconds.
  // The camera follows it; a mechanism in place stays framed.
  const examples::ModelEntry* entry = examples::find_model(app.state.model);
  app.state.follow = (entry && entry->steady_motion.has_value()) || !app.run->run().instance().traces.empty();
  // Far enough for the model and the room it moves in to fit the free view: about twice its size, with
  // room for the bodies' and joints' labels beside it between the panels. On a stage (a projector, an
  // embed, a phone's 3D tab) a mechanism in place, whose links swing within about half its size more, is
  // the picture: nearer (at 3.2 sizes a projector's four-bar was 150 px wide in a 730 px view; a lecturer).
  const bool picture = app.stage && !app.state.follow;
  cam.distance = std::clamp(fitting_distance(app, (picture ? 2.2 : 3.2) * size), 0.3, 60.0);
  const bool planar = app.run->run().instance().view.planar;
  // A planar model is seen from the side its papers draw it: from the viewer's +y, looking along -y, its
  // forward (examples/scene.hpp ViewHints) runs left to right (from -y the slider-crank of 002 Fig. 3 stood
  // mirrored, its slider left of its crank). Others keep the view from the bicycle's side, as its camera.
  cam.yaw = planar ? 1.5707963267948966 : -1.5707963267948966;
  cam.pitch = planar ? 0.12 : 0.5;
  app.camera_framed = cam;
}

bool camera_framed_by_page(const App& app) {
  if (app.camera_given || !app.camera_framed) return false;
  const OrbitCamera& now = app.state.camera;
  const OrbitCamera& framed = *app.camera_framed;
  // The target of a camera that follows the model is the run's, not a choice.
  return (app.state.follow || now.target == framed.target) && now.distance == framed.distance && now.yaw == framed.yaw &&
         now.pitch == framed.pitch && now.fov_y == framed.fov_y;
}

double fitting_distance(const App& app, double extent) {
  // The vertical field spans the whole frame, of which the view between the panels, caption and bar is a
  // part, scaled by the view's zoom (view_zoom).
  const ImVec2 frame = ImGui::GetIO().DisplaySize;
  const double free_w = app.view_right - app.view_left, free_h = app.view_bottom - app.view_top;
  const double shrink = free_w > 0 && free_h > 0
                            ? std::max({1.0, frame.y / free_h, frame.y / free_w}) * view_zoom(free_w, free_h, frame.y)
                            : 1.0;
  return 0.5 * extent * shrink / std::tan(0.5 * app.state.camera.fov_y);
}

void widen_default_camera(App& app, float frame_height) {
  const OrbitCamera defaults;
  auto& cam = app.state.camera;
  // A camera the user moved, or a link or setState gave (even at the default values: a link restores
  // exactly what it says), is theirs. The target is the run's while the camera follows it. One this
  // function moved back is still the default's, measured again for another layout (a phone turned on its
  // side kept the distance fitted upright, and the steady turn's circle ran under the timeline).
  const bool widened = app.camera_widened_to > 0 && cam.distance == app.camera_widened_to;
  if (!app.run || app.camera_given || (!app.state.follow && cam.target != defaults.target) || cam.yaw != defaults.yaw ||
      cam.pitch != defaults.pitch || (cam.distance != defaults.distance && !widened) || cam.fov_y != defaults.fov_y) {
    app.camera_widened_to = 0;
    return;
  }
  const float span = app.view_right - app.view_left, free_height = app.view_bottom - app.view_top;
  if (!(span > 0 && frame_height > 0 && free_height > 0)) return;
  // Once per layout and run, not every frame: the scene is posed and measured below.
  const std::array<double, 4> layout{span, frame_height, free_height, static_cast<double>(app.run->id())};
  if (layout == app.camera_checked_for) return;
  app.camera_checked_for = layout;
  // The model's extent across the view (along the camera's right vector; exact per shape, `support`), and
  // the distance at which it takes 90 % of the free span: the vertical field of view spans the frame height.
  const Eigen::Vector3d f = (cam.target - cam.eye()).normalized();
  const Eigen::Vector3d right = f.cross(Eigen::Vector3d(0, 0, -1)).normalized();
  const Eigen::Vector3d across = app.display.rotation.transpose() * right;  // in the model's world frame
  const Eigen::Vector3d up = app.display.rotation.transpose() * right.cross(f);
  double reach = -INFINITY, back = -INFINITY, top = -INFINITY, bottom = -INFINITY;
  for (const auto& g : app.run->run().scene()) {
    reach = std::max(reach, examples::support(g, across));
    back = std::max(back, examples::support(g, -across));
    top = std::max(top, examples::support(g, up));
    bottom = std::max(bottom, examples::support(g, -up));
  }
  // A steady turn's whole circle, which the run will ride (a phone on its side showed its near half under
  // the timeline): its support along d is the centre's plus the radius times d's length along the ground.
  if (const auto& circle = app.run->ridden_circle()) {
    const auto support = [&](const Eigen::Vector3d& d) { return circle->centre.dot(d) + circle->radius * std::hypot(d.x(), d.y()); };
    reach = std::max(reach, support(across));
    back = std::max(back, support(-across));
    top = std::max(top, support(up));
    bottom = std::max(bottom, support(-up));
  }
  // Across the free span, and up the free height (below a caption, above the stage's bar), at the view's zoom.
  const double tan_half = std::tan(0.5 * cam.fov_y);
  const double zoom = view_zoom(span, free_height, frame_height);
  const double needed = zoom * std::max((reach + back) * frame_height / (2 * tan_half * 0.9 * span),
                                        (top + bottom) * frame_height / (2 * tan_half * 0.8 * free_height));
  // Only where the default clearly cuts the model (a presentation's or a phone's narrow view): a desktop
  // keeps the default, and with it the links made there.
  cam.distance = std::isfinite(needed) && needed > 1.05 * defaults.distance ? std::min(needed, 60.0) : defaults.distance;
  app.camera_widened_to = cam.distance == defaults.distance ? 0 : cam.distance;
  app.camera_framed = cam;
}

namespace {

void advance_shown_run(App& app, double real_dt) {
  if (app.run && advance_replay(app)) return;  // a link's motion on its way to the moment it names
  if (!app.playing || !app.run) {
    app.perf.sim_ratio = 0;
    return;
  }
  const double h = app.run->time_step();
  app.sim_debt += std::min(real_dt, 0.1) * app.state.sim.time_scale;
  const int steps = static_cast<int>(app.sim_debt / h);
  const auto start = std::chrono::steady_clock::now();
  const double t0 = app.run->time();
  int done = 0;
  try {
    // Eight steps a call: the run times its calls (ModelView::work) with a clock coarser than a step.
    while (done < steps && !app.run->run().ended()) {
      const long before = app.run->step_index();
      app.run->step(std::min(8, steps - done));
      done += static_cast<int>(app.run->step_index() - before);
      if (done < steps && std::chrono::steady_clock::now() - start > std::chrono::milliseconds(8)) {
        app.sim_debt = 0;  // cannot keep up: run slower than asked rather than freeze the page
        break;
      }
    }
  } catch (...) {
    stop_run_on_error(app);
  }
  // An adaptive integrator's step may go past the time owed: the next frames owe less.
  app.sim_debt = std::max(-kLongestAdaptiveStep, app.sim_debt - done * h);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (done > 0) app.perf.step_ms = 0.9 * app.perf.step_ms + 0.1 * ms / done;
  const double ratio = real_dt > 0 ? (app.run->time() - t0) / real_dt : 0;
  app.perf.sim_ratio = 0.9 * app.perf.sim_ratio + 0.1 * ratio;
  if (app.run->run().ended() && app.run_event.empty()) {
    app.run_event = ended_run_text(app);
    app.playing = false;
  }
}

}  // namespace

void advance_run(App& app, double real_dt) {
  sync_run(app);
  const ScopedWork timed(app.work, "simulation");
  advance_shown_run(app, real_dt);
  // The compared runs catch up with the moment shown: a few ms a frame, so a long replay never holds the page.
  if (app.run && !app.state.compare.empty()) app.comparison.follow(app.state, *app.run, 6.0);
  else app.comparison.clear();
}

void use_papers_methods(App& app) {
  try {
    const auto d = examples::make_model(app.state.model, examples::ModelSetup(app.state.variant)).defaults;
    app.state.sim.integrator = to_string(d.integrator);
    app.state.sim.solver = to_string(d.acceleration);
    app.state.sim.stabilization = d.stabilizer;
    app.state.sim.time_step = d.step;
  } catch (const std::exception& e) {
    app.run_event = e.what();
  }
}

void model_panel(App& app) {
  if (!begin_panel(app, "Parameters")) return;
  const auto* entry = examples::find_model(app.state.model);
  if (!entry) {
    ImGui::TextUnformatted(tr("Unknown model."));
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(tr(entry->title).c_str());
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text_disabled("%s", tr(entry->description).c_str());
  // Said here rather than shown as an empty eigenvalue plot.
  if (!entry->steady_motion) wrapped_text_disabled("%s", tr("No equilibrium or steady motion declared: no eigenvalue plot."));
  ImGui::PopTextWrapPos();
  if (!entry->variants.empty()) {
    // The label in the page's language keeps its room beside the combo (ImGui's default width leaves it 35 %).
    const char* label = tr("formulation");
    const float room = ImGui::GetContentRegionAvail().x - text_width(label) - ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 6, std::min(room, ImGui::CalcItemWidth())));
    combo_rows(entry->variants.size());
    if (ImGui::BeginCombo(label, app.state.variant.c_str())) {
      push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
      for (const auto& v : entry->variants)
        if (ImGui::Selectable(v.c_str(), v == app.state.variant)) app.state.variant = v;
      ImGui::PopStyleVar();
      ImGui::EndCombo();
    }
    record_rect(app, "variant");
  }
  if (ImGui::Button(tr("Paper's methods"))) use_papers_methods(app);
  record_rect(app, "papers-methods");
  if (ImGui::IsItemHovered()) tooltipf("%s", tr("Integrator, solver, stabilization and step as in the paper"));
  if (app.run) {
    const auto& m = app.run->run().model();
    ImGui::Separator();
    ImGui::TextWrapped("%s", trf("%d coordinates, %d holonomic + %d nonholonomic constraints", m.nq(), m.nch(), m.ncnh()).c_str());
  }
  ImGui::End();
}

void toggle_play(App& app) {
  sync_run(app);
  if (!app.playing && say_if_ended(app)) return;
  app.playing = !app.playing && app.run;
}

void reset_run(App& app) {
  // The run starts again from its start as it was going: a playing run plays on from t = 0, a paused one
  // waits there, and one that ended (a fall: "Press R (Reset) to start again") plays, so a lecturer's one
  // key replays the scene (a playing run had stopped at t = 0, the room watching a frozen bicycle; a
  // lecturer). A state that starts paused (a scene's "watch this") waits at its start for Play or the
  // clicker (it had fallen again at once while the lecturer still spoke; a tester).
  const bool again = app.run && (app.playing || app.run->run().ended());
  sync_run(app, true);
  app.playing = again && app.run && !app.run->run().ended() && !app.state.paused;
}

void run_buttons(App& app, bool with_time) {
  sync_run(app);
  // As wide as the longer of its two words: what follows keeps its place as a run pauses (in Spanish
  // "Pausa" became "Reproducir" when a scene's bicycle fell, and the scene's ">" moved from under a finger).
  const float play_width = std::max(button_width(tr("Play")), button_width(tr("Pause")));
  // A scene that waits at its start: Play lit, as the one thing to press (a lecturer saw no sign of it).
  const bool waiting = scene_waiting(app);
  if (waiting) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button((std::string(app.playing ? tr("Pause") : tr("Play")) + "###play").c_str(), ImVec2(play_width, 0))) toggle_play(app);
  if (waiting) ImGui::PopStyleColor();
  record_rect(app, "play");
  if (waiting && ImGui::IsItemHovered()) tooltipf("%s", tr("This scene waits at its start: Play, Space or the clicker's PageDown plays it"));
  ImGui::SameLine();
  if (ImGui::Button(tr("Step"))) step_run(app);
  record_rect(app, "step");
  ImGui::SameLine();
  if (ImGui::Button(tr("Reset"))) reset_run(app);
  record_rect(app, "reset");
  if (app.run && app.run->run().instance().push) {
    const auto& push = *app.run->run().instance().push;
    ImGui::SameLine();
    const std::string word = tr(push.label.empty() ? std::string("push") : push.label);
    const std::string label = std::string(1, static_cast<char>(std::toupper(word[0]))) + word.substr(1);
    if (ImGui::Button(label.c_str())) push_run(app);
    record_rect(app, "kick");
    if (ImGui::IsItemHovered()) tooltipf("%s: %.2f %s (K)", tr(push.description).c_str(), app.state.sim.kick, push.unit.c_str());
  }
  if (app.run && with_time) {
    char t[32];
    std::snprintf(t, sizeof t, "t = %.3f s", app.run->time());
    same_line_if_fits(text_width(t));  // last on its row: nothing after it moves as the time grows
    ImGui::TextUnformatted(t);
  }
}

}  // namespace carvallo::web
