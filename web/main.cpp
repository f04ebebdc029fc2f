// Carvallo playground: the browser application (Emscripten + GLFW + WebGL 2 + Dear ImGui 1.86).
// The frame loop: input (camera, shortcuts), the simulation clock, the panels, the 3D scene, the link.
#include "app.hpp"
#include "panels/timeline.hpp"
#include "panels/push_input.hpp"
#include "logic/scene_mesh.hpp"
#include "logic/state_link.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_actions.hpp"
#include "panels/blank_screen.hpp"
#include "panels/qr_overlay.hpp"
#include "panels/target_size.hpp"
#include "panels/view_scene.hpp"
#include "platform/access_bridge.hpp"
#include "platform/browser.hpp"
#include "logic/frame_pace.hpp"
#include "logic/language.hpp"
#include "platform/frame_digest.hpp"
#include "platform/heatmap_texture.hpp"
#include "platform/grid_renderer.hpp"
#include "platform/page_language.hpp"
#include "platform/scene_renderer.hpp"
#include "platform/ui_font.hpp"
#include "platform/video.hpp"
#include "platform/view_target.hpp"

#include "carvallo/version.hpp"

#include <Eigen/Geometry>
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // ClosePopupToLevel: Escape closes an open menu; OpenPopupStack: a swipe scrolls it; ImTextCharFromUtf8: a paste

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

namespace carvallo::web {
App::App() = default;
App::~App() = default;
}  // namespace carvallo::web

namespace {

using carvallo::web::App;
using carvallo::web::CanvasSize;

const char* get_clipboard(void* user) { return static_cast<App*>(user)->clipboard.c_str(); }

void set_clipboard(void* user, const char* text) {
  auto* app = static_cast<App*>(user);
  app->clipboard = text ? text : "";
  carvallo::web::copy_to_clipboard(app->clipboard);
}

// Emscripten's GLFW has no HiDPI support: size the backing store to CSS size x device pixel ratio by
// hand, and scale ImGui's fonts and style to match (and to the presentation mode's larger text).
void follow_canvas(App& app) {
  const CanvasSize size = carvallo::web::canvas_size();
  int w = 0, h = 0;
  glfwGetWindowSize(app.window, &w, &h);
  if (w != size.backing_width() || h != size.backing_height())
    carvallo::web::set_canvas_backing_size(size.backing_width(), size.backing_height());
  app.pixel_ratio = size.pixel_ratio;
  // Presentation mode is half as large again as the chosen text size (View > Text larger / smaller), for a
  // projector; a screen narrower than 600 CSS px (a phone given a presentation link) keeps its own size, at
  // which the menu bar and the panel tabs fit.
  const bool projector_text = app.state.presentation && size.css_width >= 600;
  app.presentation_text = projector_text;
  const double per_text_scale = size.pixel_ratio * (projector_text ? 1.5 : 1.0) * (app.coarse_pointer ? 1.2 : 1.0);
  double scale = per_text_scale * app.state.text_scale;
  app.text_px_at_one = static_cast<float>(13.0 * per_text_scale);
  // On the stage (presentation, embeds) a line of text is at most a twentieth of the screen's height (36 px
  // on a 720-line projector), so that the model keeps half the screen; a larger text step stops there
  // (set_text_scale) instead of changing nothing.
  // On a phone (its shorter side under 500 CSS px) a line is at most a twentieth of that side: at the
  // largest steps the 3D view of a phone on its side had been a strip 40 px tall and an upright phone's plot
  // 55 px (a student); a larger step says the screen's limit instead.
  app.text_scale_limit = 3.0;
  const double shorter_side = std::min(size.css_width, size.css_height);
  app.text_limit_is_phones = !projector_text && !app.state.embed && shorter_side < 500;
  if (projector_text || app.state.embed || app.text_limit_is_phones) {
    const double side = app.text_limit_is_phones ? shorter_side : size.css_height;
    const double cap = std::max(1.0, size.pixel_ratio * side / 20.0 / 13.0);
    scale = std::min(scale, cap);
    app.text_scale_limit = cap / per_text_scale;
  }
  if (scale != app.ui_scale) {
    const auto font_size = static_cast<float>(std::round(13.0 * scale));
    carvallo::web::build_ui_font(font_size);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    ImGuiStyle style;
    ImGui::StyleColorsLight(&style);
    style.WindowRounding = 4.0f;
    style.FrameRounding = 2.0f;
    carvallo::web::apply_palette(style, carvallo::web::active_palette());  // colours checked for contrast (logic/contrast.hpp)
    style.FrameBorderSize = 1.0f;
    style.ScaleAllSizes(static_cast<float>(scale));
    // Every target at least 24 x 24 CSS px at any text size (WCAG 2.5.8; panels/target_size.hpp).
    carvallo::web::grow_targets(style, font_size, carvallo::web::kMinTargetCss * static_cast<float>(size.pixel_ratio));
    // Fingers are wider than the pointer: widgets take touches a little beyond their edges.
    if (app.coarse_pointer) style.TouchExtraPadding = ImVec2(static_cast<float>(3 * scale), static_cast<float>(3 * scale));
    ImGui::GetStyle() = style;
    app.ui_scale = scale;
    app.stage_bar_scale = 1;  // the bar finds its text size again for the new text (stage.cpp)
    app.layout_dirty = true;
  }
}

// Moves the orbit target in the view plane by (dx, dy) CSS px (pan: the scene follows the pointer).
void pan_camera(App& app, double dx, double dy) {
  auto& cam = app.state.camera;
  const double k = cam.distance * 0.0016;
  const Eigen::Vector3d eye = cam.eye(), f = (cam.target - eye).normalized();
  const Eigen::Vector3d right = f.cross(Eigen::Vector3d(0, 0, -1)).normalized(), up = right.cross(f);
  cam.target += (-right * dx + up * dy) * k;
  // A pan lets go of a model the camera followed, which then rides out of view: said, with the way back
  // (a two-finger pan on a whiteboard left an empty grid and no word why; a teacher).
  if (app.state.follow && app.run && (dx != 0 || dy != 0))
    carvallo::web::set_toast(app, app.coarse_pointer ? carvallo::web::tr("The camera stays here now: Fit (in the bar or the View menu) follows the model again")
                                                     : carvallo::web::tr("The camera stays here now: Fit (V) or F follows the model again"));
  app.state.follow = false;
}

void zoom_camera(App& app, double factor) {
  auto& cam = app.state.camera;
  if (std::isfinite(factor) && factor > 0) cam.distance = std::clamp(cam.distance * factor, 0.3, 60.0);
}

// The pointer as the user moves it: GLFW's mouse, or touch (web/platform/input.js -> TouchInput) once a finger
// has been used; the wheel in steps (web/platform/input.js), replacing GLFW's raw deltas.
void pointer_input(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  const auto r = static_cast<float>(app.pixel_ratio);
  double mx = 0, my = 0;
  glfwGetCursorPos(app.window, &mx, &my);
  if (mx != app.last_cursor_x || my != app.last_cursor_y) app.touch.mouse_moved();
  app.last_cursor_x = mx, app.last_cursor_y = my;
  if (const auto m = app.touch.next_frame(carvallo::web::page_time())) {
    io.MousePos = m->visible ? ImVec2(m->x * r, m->y * r) : ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseDown[0] = m->down;
    io.MouseDown[1] = io.MouseDown[2] = false;
  }
  // Wheel down (positive steps) scrolls content down: ImGui's wheel is positive up.
  io.MouseWheel = static_cast<float>(-app.wheel_steps);
  app.wheel_steps = 0;
  // A vertical swipe on a panel scrolls it: ImGui scrolls 5 lines per wheel step, the content follows the finger.
  const float swipe = app.touch.take_scroll_y();
  if (swipe != 0) io.MouseWheel += swipe * r / (5.0f * std::max(ImGui::GetFontSize(), 1.0f));
}

void camera_input(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  auto& cam = app.state.camera;
  const carvallo::web::OrbitCamera before = cam;
  const double r = app.pixel_ratio;
  const carvallo::web::TouchGesture gesture = app.touch.take_gesture();
  if (gesture.active) {
    zoom_camera(app, gesture.zoom);
    if (gesture.pan_x != 0 || gesture.pan_y != 0) pan_camera(app, gesture.pan_x, gesture.pan_y);
  } else if (carvallo::web::push_input(app)) {
    // a press on a body pushes it: the camera stays
  } else if (!io.WantCaptureMouse) {
    const bool pan = ImGui::IsMouseDragging(1) || (ImGui::IsMouseDragging(0) && io.KeyShift);
    if (pan) {
      pan_camera(app, io.MouseDelta.x / r, io.MouseDelta.y / r);
    } else if (ImGui::IsMouseDragging(0)) {
      cam.yaw -= io.MouseDelta.x * 0.008 / r;
      cam.pitch = std::clamp(cam.pitch + io.MouseDelta.y * 0.008 / r, -0.1, 1.5);
    }
    // One step (a wheel notch) is 10 %; wheel down moves away.
    if (io.MouseWheel != 0) zoom_camera(app, std::pow(1.1, -io.MouseWheel));
  }
  if (!io.WantCaptureKeyboard) {
    const double step = 1.5 * io.DeltaTime;
    // On the bicycle Left/Right are the rider's steer torque (rider_panel.cpp); the mouse and touch still orbit.
    const bool orbit = !carvallo::web::rider_keys_active(app);
    if (orbit && ImGui::IsKeyDown(GLFW_KEY_LEFT)) cam.yaw += step;
    if (orbit && ImGui::IsKeyDown(GLFW_KEY_RIGHT)) cam.yaw -= step;
    if (ImGui::IsKeyDown(GLFW_KEY_UP)) cam.pitch = std::min(1.5, cam.pitch + step);
    if (ImGui::IsKeyDown(GLFW_KEY_DOWN)) cam.pitch = std::max(-0.1, cam.pitch - step);
  }
  cam.yaw = std::remainder(cam.yaw, 2.0 * 3.141592653589793);
  if (cam.pitch != before.pitch || cam.distance != before.distance || cam.target != before.target)
    carvallo::web::keep_above_floor(cam);  // never orbited, zoomed or panned under the floor
}

void shortcuts(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  // A blank screen comes back at any key, which does nothing else (a clicker's PageDown also moves the
  // lesson on, in the key callback, as a slide show's does).
  if (app.blanked) {
    bool pressed = app.escape_pressed || !io.InputQueueCharacters.empty();
    for (int k = 0; k < IM_ARRAYSIZE(io.KeysDown); ++k) pressed = pressed || ImGui::IsKeyPressed(k, false);
    if (pressed) carvallo::web::set_blank(app, false);
    app.escape_pressed = false;
    return;
  }
  if (app.escape_pressed) {  // Escape closes an overlay: the QR code, the shortcut list
    const bool popup = !ImGui::GetCurrentContext()->OpenPopupStack.empty();
    // Else the lesson editor, as a dialog closes, when no text is typed in (the first Escape leaves a box
    // with what was typed; a lecturer had found no key that closed the editor).
    if (!app.show_qr && !app.show_help && !popup && !io.WantTextInput) app.show_lesson_editor = false;
    if (app.show_qr) carvallo::web::toggle_qr(app);
    app.show_help = false;
    if (popup) ImGui::ClosePopupToLevel(0, true);  // a menu
  }
  app.escape_pressed = false;
  if (io.WantTextInput) return;
  // Typing meant for a caption whose box the click missed: the editor's, not the view's (it had set the
  // camera and a torque that the next scene added kept; a lecturer). Said, and nothing done.
  if (carvallo::web::lesson_editor_focused() && !io.InputQueueCharacters.empty()) {
    carvallo::web::set_toast(app, carvallo::web::tr("The lesson editor is chosen: click in a box to type in it, or on the view for its keys"));
    return;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false) && !io.KeyCtrl && !io.KeyAlt && !io.KeySuper)
    carvallo::web::seek_first(app);
  for (const ImWchar ch : io.InputQueueCharacters) {
    // Ctrl, Alt or Meta with a key is the browser's or the system's shortcut (Ctrl+R, Alt+K), never the
    // bicycle's. Ctrl and Alt together is AltGr on many keyboards, which types '[', ']', '+' or '?':
    // those characters still count; a letter, the space bar or '.' (step) with AltGr does not.
    const bool altgr = io.KeyCtrl && io.KeyAlt;
    const bool letter_space_or_step = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == ' ' || ch == '.';
    if ((io.KeyCtrl || io.KeyAlt || io.KeySuper) && (!altgr || io.KeySuper || letter_space_or_step)) continue;
    switch (ch) {
      case ' ':
        carvallo::web::sync_run(app);
        app.playing = !app.playing && app.run && !app.run->run().ended();
        break;
      // A clicker's blank button sends '.' (a slide show's black screen), as some send 'B': in the
      // presentation, the projector's layout, it blanks (it had stepped the run; a lecturer). Elsewhere '.'
      // is the run's step, as a video player's.
      case '.':
        if (app.state.presentation) carvallo::web::set_blank(app, true);
        else carvallo::web::step_run(app);
        break;
      case ',': carvallo::web::step_back(app); break;
      case 'r': case 'R': carvallo::web::reset_run(app); break;
      case 'k': case 'K': carvallo::web::push_run(app); break;
      case '?': app.show_help = !app.show_help; break;
      case 'q': case 'Q': carvallo::web::toggle_qr(app); break;
      case 'b': case 'B': carvallo::web::set_blank(app, true); break;
      case 'p': case 'P': app.state.presentation = !app.state.presentation; app.layout_dirty = true; break;
      case 'f': case 'F': app.state.follow = !app.state.follow; break;
      case 'v': case 'V': carvallo::web::fit_camera(app); break;
      case 'i': case 'I': app.state.show_inertia = !app.state.show_inertia; break;
      case ']': carvallo::web::step_text_scale(app, +1); break;
      case '[': carvallo::web::step_text_scale(app, -1); break;
      case '+': case '=': app.state.camera.distance = std::max(0.3, app.state.camera.distance * 0.9); break;
      case '-': app.state.camera.distance = std::min(60.0, app.state.camera.distance / 0.9); break;
      default: break;
    }
  }
}

// The model as drawn: its geoms posed by its own kinematics at the current state, in the viewer's frame,
// with the traced paths on the ground.
// The camera's follow and lens shift for this frame, and the model's mesh to draw.
void prepare_scene(App& app, int fb_w, int fb_h, carvallo::web::Mesh& mesh) {
  carvallo::web::view_mesh(app, mesh);
  // The bodies as drawn: the run's, or a mode shape's, which performs in place at the start (chosen once the
  // bicycle had ridden 10 m, it had left the camera over the empty ground there; a student).
  const carvallo::examples::ModelRun* mode_run = carvallo::web::mode_display_run(app);
  const carvallo::examples::ModelRun* drawn = mode_run ? mode_run : app.run ? &app.run->run() : nullptr;
  if (drawn && app.state.follow) {
    // Follow the bodies' mean position, on the ground below it (the bicycle: between its wheels).
    const auto poses = drawn->body_poses();
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const auto& p : poses) mean += app.display.point(p.position);
    if (!poses.empty() && mean.allFinite()) {
      mean /= static_cast<double>(poses.size());
      const Eigen::Vector3d over(mean.x(), mean.y(), app.state.camera.target.z());
      // A mode shape is watched from a camera that stays: it comes to the bicycle performing it when it is
      // more than a metre away, and does not sway with the mode's own motion (nor does a link of it move).
      if (!mode_run || (over - app.state.camera.target).norm() > 1.0) app.state.camera.target = over;
    }
  }
  if (fb_w > 0 && app.view_right > app.view_left)
    app.state.camera.shift_x = (app.view_left + app.view_right) / fb_w - 1.0;
  // Beside the panels a lesson's caption and the steady turns' window (a ridden turn's line, or the
  // families) stand over the view's top: the model is centred and fitted below them, as the stage's view is
  // below its caption (at 1093x614 the ridden turn's bicycle passed under both each lap, a student at home;
  // at 1920x1080 under the families' window, a designer), while that leaves 40 % of the view.
  float top = app.stage ? app.view_top : std::max(app.view_top, app.caption_bottom);
  float bottom = app.view_bottom;
  if (!app.stage && app.turns_window_bottom > top && bottom - app.turns_window_bottom >= 0.4f * (bottom - top)) top = app.turns_window_bottom;
  // On the stage, below a message and above the timeline over the view, while they leave it 40 % of its
  // height: a phone on its side's fall message had covered the fallen bicycle, and the timeline the
  // two-mass-skate's wheels (a tester).
  if (app.stage) {
    const float below = std::max(top, app.messages_bottom), above = app.timeline_top > below ? std::min(bottom, app.timeline_top) : bottom;
    if (above - below >= 0.4f * (bottom - top)) top = below, bottom = above;
  }
  if (fb_h > 0 && bottom > top) app.state.camera.shift_y = 1.0 - (top + bottom) / fb_h;
  app.state.camera.zoom = carvallo::web::view_zoom(app.view_right - app.view_left, bottom - top, fb_h);
}

void draw_scene(App& app, int fb_w, int fb_h, const carvallo::web::Mesh& mesh) {
  const double aspect = fb_h > 0 ? static_cast<double>(fb_w) / fb_h : 1.0;
  app.grid->draw(app.state.camera, aspect);
  app.scene->draw(mesh, app.state.camera, aspect);
}

// ImGui 1.86 reads io.KeysDown once a frame: a key pressed and released between two frames (Enter typed
// quickly after a number while frames take 100 ms or more) was never seen, and the value was not applied.
// Such a key is held down for one frame, then released, unless the user holds it by then. The keys and
// characters typed since the last frame are kept in order (the key and character callbacks), so that
// characters typed after a Ctrl, Alt or Super shortcut in the same frame (Ctrl+A, then a number, then
// Enter: a fast typist, a slow phone, a test) wait for the next frame, with the keys pressed after them:
// ImGui drops characters typed while Ctrl reads as held, and the shortcut's hold is one frame long.
struct TypedEvent {
  bool is_char;
  unsigned code;  // the character, or the GLFW key
  int action;     // GLFW_PRESS or GLFW_RELEASE (keys)
};
std::vector<TypedEvent> g_typed;            // since the last frame, in order
std::vector<TypedEvent> g_typed_deferred;  // to apply next frame
std::vector<int> g_keys_held_one_frame;    // held down artificially during the last frame
std::vector<TypedEvent> g_typed_applied;   // what this frame applied (replay_typed_into_new_box)

// UTF-8 text typed into the text box open, as its characters (a paste, an input method's text).
void type_characters(const char* text) {
  for (const char* p = text; *p;) {
    unsigned c = 0;
    p += ImTextCharFromUtf8(&c, p, nullptr);
    if (c) g_typed.push_back({true, c, GLFW_PRESS});
  }
}

bool ctrl_alt_or_super(unsigned key) {
  return key == GLFW_KEY_LEFT_CONTROL || key == GLFW_KEY_RIGHT_CONTROL || key == GLFW_KEY_LEFT_ALT ||
         key == GLFW_KEY_RIGHT_ALT || key == GLFW_KEY_LEFT_SUPER || key == GLFW_KEY_RIGHT_SUPER;
}

// Whether Ctrl, Alt or Super is held now.
bool modifier_held(GLFWwindow* window) {
  for (int key : {GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL, GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT, GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER})
    if (glfwGetKey(window, key) == GLFW_PRESS) return true;
  return false;
}

// The keys a text box acts on by themselves (not through the characters they type).
bool editing_key(unsigned key) {
  switch (key) {
    case GLFW_KEY_ENTER: case GLFW_KEY_KP_ENTER: case GLFW_KEY_BACKSPACE: case GLFW_KEY_DELETE: case GLFW_KEY_TAB:
    case GLFW_KEY_LEFT: case GLFW_KEY_RIGHT: case GLFW_KEY_UP: case GLFW_KEY_DOWN: case GLFW_KEY_HOME: case GLFW_KEY_END:
    case GLFW_KEY_PAGE_UP: case GLFW_KEY_PAGE_DOWN: case GLFW_KEY_INSERT: case GLFW_KEY_ESCAPE:
      return true;
    default:
      return false;
  }
}

void hold_tapped_keys(ImGuiIO& io) {
  std::vector<TypedEvent> events = std::move(g_typed_deferred);
  events.insert(events.end(), g_typed.begin(), g_typed.end());
  g_typed.clear();
  g_typed_deferred.clear();
  // This frame takes the events up to the first character after a shortcut's modifier was released, and
  // up to the first character after an editing key: ImGui's text box takes a frame's characters before
  // its keys, so "over." Enter "Watch" typed within one frame became "over.W", a new line, "atch" (a
  // lecturer's caption). A second editing key, or an editing or shortcut key held for a tap last frame
  // (released in this one), waits likewise: ImGui sees one press of a key a frame.
  std::size_t cut = events.size();
  bool shortcut_done = false, edited = false;
  for (std::size_t i = 0; i < events.size() && cut == events.size(); ++i) {
    const TypedEvent& e = events[i];
    if (!e.is_char && e.action == GLFW_RELEASE && ctrl_alt_or_super(e.code)) {
      shortcut_done = true;
    } else if (e.is_char && (shortcut_done || edited)) {
      cut = i;
    } else if (!e.is_char && e.action == GLFW_PRESS) {
      // A key that types (its character is what a box reads) never waits: "1000" typed a key a frame lost
      // no frame. A shortcut's keys do (a Ctrl+V given again to a box a click opened).
      const bool held_last_frame = std::find(g_keys_held_one_frame.begin(), g_keys_held_one_frame.end(), static_cast<int>(e.code)) != g_keys_held_one_frame.end();
      const bool shortcut = ctrl_alt_or_super(e.code) || modifier_held(carvallo::web::app().window);
      if ((held_last_frame && (editing_key(e.code) || shortcut)) || (edited && editing_key(e.code))) cut = i;
      edited = edited || editing_key(e.code);
    }
  }
  g_typed_deferred.assign(events.begin() + static_cast<std::ptrdiff_t>(cut), events.end());
  g_typed_applied.assign(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(cut));

  // A key held for a tap is released, unless the user still holds it. A second tap of it waiting for the
  // next frame releases it in this one whatever GLFW holds, so that ImGui sees two presses: held through,
  // the two Backspaces of "rolll" typed within a frame erased one character (a test under load).
  const auto waiting = [](unsigned key) {
    return std::any_of(g_typed_deferred.begin(), g_typed_deferred.end(),
                       [key](const TypedEvent& e) { return !e.is_char && e.action == GLFW_PRESS && e.code == key; });
  };
  for (int k : g_keys_held_one_frame)
    io.KeysDown[k] = !waiting(static_cast<unsigned>(k)) && glfwGetKey(carvallo::web::app().window, k) == GLFW_PRESS;
  g_keys_held_one_frame.clear();
  // A key whose press waits is up in this frame, whatever the backend's key callback set (it follows every
  // press and release as they come): a second tap still held when the frame came ([press, release, press]
  // between two frames) had kept the key down into the frame of its own press, which ImGui then did not see.
  for (const TypedEvent& e : g_typed_deferred)
    if (!e.is_char && e.action == GLFW_PRESS) io.KeysDown[e.code] = false;
  io.InputQueueCharacters.resize(0);
  for (std::size_t i = 0; i < cut; ++i) {
    const TypedEvent& e = events[i];
    if (e.is_char) {
      io.AddInputCharacter(e.code);
    } else if (e.action == GLFW_PRESS) {
      // Held for this frame and released in the next unless the user holds it then: whatever the key
      // showed before (the backend's callback shows a press at once), this press is the one ImGui sees.
      if (std::find(g_keys_held_one_frame.begin(), g_keys_held_one_frame.end(), static_cast<int>(e.code)) == g_keys_held_one_frame.end())
        g_keys_held_one_frame.push_back(static_cast<int>(e.code));
      io.KeysDown[e.code] = true;
    }
  }
  // The modifiers follow the keys as held this frame (the GLFW backend sets them only in its key callback).
  io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

// A text box opened by a click takes no key or character in the frame it opens (ImGui 1.86's InputText reads
// them only once not ActiveIdIsJustActivated): what was typed in the click's frame is given again next
// frame. A Ctrl+V the moment after the click that opens a caption's box pasted nothing one run in a few (a
// test under load). Opened from the keyboard (Tab), its keys were the ones that moved there: not again.
void replay_typed_into_new_box() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool opened_by_click = g.ActiveId != 0 && g.ActiveIdIsJustActivated && g.ActiveIdSource == ImGuiInputSource_Mouse &&
                               g.InputTextState.ID == g.ActiveId;
  if (opened_by_click && !g_typed_applied.empty())
    g_typed_deferred.insert(g_typed_deferred.begin(), g_typed_applied.begin(), g_typed_applied.end());
  g_typed_applied.clear();
}

// The mouse buttons likewise: the backend shows a button down in a frame where it was pressed, so a press,
// a release and a press between two frames read as one long press, and a double-click (to type into a
// field) within two slow frames was missed half the time (a tester, frames of 60-100 ms). Each frame takes
// one change of each button, in order; the rest wait for the next frames.
struct ButtonEvent {
  int button;
  bool down;
};
std::vector<ButtonEvent> g_button_events;  // since the last frame took them, in order

void trickle_mouse_buttons(ImGuiIO& io) {
  for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown); ++b) {
    const auto first = std::find_if(g_button_events.begin(), g_button_events.end(), [b](const ButtonEvent& e) { return e.button == b; });
    if (first == g_button_events.end()) continue;  // no change waiting: as the backend read it
    io.MouseDown[b] = first->down;
    g_button_events.erase(first);
  }
}

// The loop's pace (logic/frame_pace.hpp): every animation frame, or every kIdlePeriodMs when the page is
// left alone. The slow loop runs on a timer, so no animation frame is asked of the browser.
carvallo::web::FramePace g_pace;
// Input the page's own listeners saw since the last frame that built its picture (web/platform/input.js):
// a frame that only computes must not pass over it (FramePace::compute_only).
bool g_input_seen = false;

// On the stage a tooltip waits for the pointer: one left up by a pointer at rest on the bar after a drag
// covered the plot's axis and readouts through a lecturer's clicks (a fresh-eyed tester). It is hidden
// once a key comes after the pointer's last move, or the pointer has rested 4 s. The tooltip shown is
// widgetRect('tooltip').
void stage_tooltips(App& app, double now) {
  static double moved_at = -1e9, key_at = -1e9;
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) moved_at = now;
  for (float held : io.KeysDownDuration)
    if (held == 0.0f) key_at = now;
  // Under a finger that taps or drags (not one held still for a reading, TouchInput::long_press) a hover's
  // tooltip is noise: scrubbing the timeline on a phone showed its mouse-and-keys help, cut at the
  // screen's edge, over the plot (a student).
  const bool finger = app.touch.engaged() && io.MouseDown[0] && !app.touch.long_press();
  const bool hide = finger || (app.stage && (key_at >= moved_at || now - moved_at > 4.0));
  app.rects.erase("tooltip");
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!(w->Flags & ImGuiWindowFlags_Tooltip) || !w->Active) continue;
    if (hide) w->Hidden = true;
    else if (!w->Hidden) {
      const auto r = static_cast<float>(app.pixel_ratio);
      app.rects["tooltip"] = {w->Pos.x / r, w->Pos.y / r, w->Size.x / r, w->Size.y / r};
    }
  }
}

void frame() {
  App& app = carvallo::web::app();
  static double last = 0;
  const double now = carvallo::web::page_time();
  const double real_dt = last > 0 ? now - last : 0;
  last = now;
  // The time between frames is the animation frames' (a slow loop's quarter seconds would pass for a slow
  // machine: the steady turns size their slices by it).
  static carvallo::web::FramePace::Pace pace = carvallo::web::FramePace::Pace::Animation;
  if (real_dt > 0 && pace != carvallo::web::FramePace::Pace::Idle) app.perf.frame_ms = app.perf.frame_ms > 0 ? 0.95 * app.perf.frame_ms + 0.05 * real_dt * 1000 : real_dt * 1000;

  // Catching up with nothing acting on the page and no picture due: this frame only computes the next slice
  // of the steady turns; the panels, the parallel DOM and the scene wait for the next picture
  // (FramePace::compute_only). A changed link (an API call's setState) builds the frame as usual.
  // Only while the turns are the one computation: the design map's rows and the other sweeps advance in the
  // panels that show them.
  static std::uint64_t last_picture = 0, last_link = 0;
  static bool others_computing = true;
  const bool only_turns = !others_computing && app.turns.started() && !app.turns.done();
  const bool must_build = app.playing || carvallo::web::video_recording() || !only_turns;
  // The link is built only when all else allows a frame that only computes (not on every frame).
  const bool may_only_compute = g_pace.pace() == carvallo::web::FramePace::Pace::CatchUp && !must_build && !g_input_seen;
  if (may_only_compute && g_pace.compute_only(now * 1000.0, carvallo::web::page_link(app) != app.last_link, false)) {
    const auto start = std::chrono::steady_clock::now();
    app.work.begin_frame(now * 1000.0, start);
    ++app.perf.frames;
    carvallo::web::advance_turns(app);
    const double compute_ms = app.work.compute_ms();
    app.work.end_compute_only_frame(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    g_pace.after_frame(last_picture, last_link, compute_ms, false);
    if (g_pace.pace() != pace) carvallo::web::set_frame_pace(g_pace.pace());
    pace = g_pace.pace();
    return;
  }
  const bool input_seen = g_input_seen;
  g_input_seen = false;

  const auto cpu_start = std::chrono::steady_clock::now();
  app.work.begin_frame(now * 1000.0, cpu_start);
  ++app.perf.frames;
  follow_canvas(app);
  glfwPollEvents();

  ImGuiIO& io = ImGui::GetIO();
  hold_tapped_keys(io);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  trickle_mouse_buttons(io);
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);  // 1.86 asserts DeltaTime > 0; browser timers can repeat
  pointer_input(app);
  carvallo::web::language_frame(app);  // before anything draws text (logic/language.hpp)
  ImGui::NewFrame();
  // Whether the user acts this frame (a pointer, a wheel, a key or a typed character): the frame's
  // computations then leave it more of the frame, and a changed picture is drawn at once (frame_pace.hpp).
  bool input = input_seen || io.MouseWheel != 0.0f || io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f ||
               !io.InputQueueCharacters.empty();
  for (bool down : io.MouseDown) input = input || down;
  for (bool down : io.KeysDown) input = input || down;
  if (input) app.work.yield_to_input();
  shortcuts(app);
  camera_input(app);
  carvallo::web::apply_rider_input(app);
  // A video being recorded drives the run itself (toward its t1, at its rate).
  if (!carvallo::web::advance_video(app, real_dt)) carvallo::web::advance_run(app, real_dt);
  carvallo::web::advance_mode_view(app, real_dt);
  carvallo::web::draw_ui(app);
  carvallo::web::access_frame(app, input);  // the parallel DOM, the live region, the focus ring
  carvallo::web::finish_rider_buttons(app);
  stage_tooltips(app, now);
  replay_typed_into_new_box();
  ImGui::Render();
  // Text that comes with no key press reaches a canvas text box through input.js's hidden field, kept
  // focused at the box's cursor (where an input method shows its candidates) while one is open.
  static bool text_box_was_open = false;
  if (const bool open = ImGui::GetIO().WantTextInput; open || text_box_was_open) {
    const ImVec2 at = GImGui->PlatformImePos;
    const auto r = static_cast<float>(app.pixel_ratio);
    carvallo::web::text_box_focus(open, at.x / r, at.y / r);
    text_box_was_open = open;
  }
  const double update = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpu_start).count();
  app.perf.update_ms = app.perf.update_ms > 0 ? 0.95 * app.perf.update_ms + 0.05 * update : update;

  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(app.window, &fb_w, &fb_h);
  // The compact layout's panels are opaque and fill the screen: no 3D scene behind them (phones).
  static carvallo::web::Mesh mesh;
  const bool view = carvallo::web::view_drawn(app);
  if (view) prepare_scene(app, fb_w, fb_h, mesh);
  ImDrawData* draw_data = ImGui::GetDrawData();
  app.perf.vertices = draw_data->TotalVtxCount;
  for (int i = 0; i < draw_data->CmdListsCount; ++i)
    app.perf.max_window_vertices = std::max(app.perf.max_window_vertices, draw_data->CmdLists[i]->VtxBuffer.Size);
  // Draw only a picture that differs from the one shown (frame_digest.hpp), and every frame of a video;
  // while the loop runs every animation frame, also at least once a second (not when it is slowed: a page
  // left alone draws nothing).
  carvallo::web::FrameDigest digest;
  digest.add(fb_w);
  digest.add(fb_h);
  digest.add(view ? 1.0 : 0.0);
  digest.add(static_cast<double>(carvallo::web::HeatmapTexture::uploads()));
  if (view) {
    digest.add(mesh);
    digest.add(app.state.camera);
  }
  digest.add(*draw_data);
  static std::uint64_t drawn_digest = 0;
  static double drawn_at = -1e300;
  const auto gl_start = std::chrono::steady_clock::now();
  // While the page computes and drawing is slow, a changed picture waits (logic/frame_pace.hpp), unless
  // the user acts.
  const double compute_ms = app.work.compute_ms();  // every computation of the frame is done by now
  const bool changed = digest.value() != drawn_digest && g_pace.draw_changed(now * 1000.0, compute_ms, input);
  const bool drawing = changed || (!g_pace.slow() && now - drawn_at >= 1.0) || carvallo::web::video_recording();
  if (drawing) {
    drawn_digest = digest.value();
    drawn_at = now;
    ++app.perf.frames_drawn;
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.80f, 0.86f, 0.93f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    static carvallo::web::ViewTarget view_target;
    if (view)
      view_target.draw(fb_w, fb_h, app.view_left, app.view_top, app.view_right, app.view_bottom,
                       carvallo::web::view_samples(app.pixel_ratio, app.software_renderer), [&] { draw_scene(app, fb_w, fb_h, mesh); });
    glDisable(GL_DEPTH_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(draw_data);
  }
  carvallo::web::video_frame(app);  // the frame just drawn, without the UI, to the page's recorder

  const auto cpu_end = std::chrono::steady_clock::now();
  const double cpu = std::chrono::duration<double, std::milli>(cpu_end - cpu_start).count();
  app.perf.cpu_ms = app.perf.cpu_ms > 0 ? 0.95 * app.perf.cpu_ms + 0.05 * cpu : cpu;
  const double gl = std::chrono::duration<double, std::milli>(cpu_end - gl_start).count();
  app.work.end_frame(update, cpu - update - gl, gl);
  double others_ms = 0.0;
  for (const auto& part : app.work.frames().back().parts)
    if (part.name.rfind("turns", 0) != 0) others_ms += part.ms;
  others_computing = !(others_ms <= carvallo::web::FramePace::kBusyComputeMs);
  if (drawing) g_pace.drawn(now * 1000.0, gl);
  carvallo::web::note_motion(app);
  const std::string link = carvallo::web::page_link(app);
  if (link != app.last_link) {
    app.last_link = link;
    carvallo::web::publish_link(link);
  }
  if (!app.first_frame_done) {
    app.first_frame_done = true;
    carvallo::web::signal_ready(carvallo::kVersion);
  }
  last_picture = digest.value();
  last_link = std::hash<std::string>{}(link);
  g_pace.after_frame(last_picture, last_link, compute_ms, carvallo::web::video_recording(), input);
  if (g_pace.pace() != pace) carvallo::web::set_frame_pace(g_pace.pace());
  pace = g_pace.pace();
}

}  // namespace

// web/platform/input.js forwards wheel and touch here (steps; CSS px relative to the canvas).
extern "C" {
EMSCRIPTEN_KEEPALIVE void carvallo_input_wheel(double steps_x, double steps_y, double, double) {
  (void)steps_x;  // horizontal wheels and trackpad sideways swipes do nothing in the playground
  if (std::isfinite(steps_y)) carvallo::web::app().wheel_steps = std::clamp(carvallo::web::app().wheel_steps + steps_y, -10.0, 10.0);
}
// web/platform/input.js: the page lost focus or was hidden; no key-up will come, so no torque may stay held.
EMSCRIPTEN_KEEPALIVE void carvallo_input_release_all() { carvallo::web::release_rider_input(carvallo::web::app()); }
// web/platform/pre.js and input.js: an API call or input while the loop is slow (logic/frame_pace.hpp).
// web/platform/input.js: any input event, before GLFW's and the page's handlers see it.
EMSCRIPTEN_KEEPALIVE void carvallo_input_seen() { g_input_seen = true; }
EMSCRIPTEN_KEEPALIVE void carvallo_wake() {
  if (g_pace.wake()) carvallo::web::set_frame_pace(carvallo::web::FramePace::Pace::Animation, true);
}
// web/platform/input.js: text pasted while a text box of the canvas is open (a caption, a title). A page
// reads the clipboard only in a paste event, and GLFW has none: the text becomes ImGui's clipboard, which
// the Ctrl+V it reads next frame pastes; pasted without Ctrl (the browser's menu, Cmd+V on a Mac, where
// ImGui reads no Ctrl) it is typed in. Returns whether the canvas took it (else the page's own does).
EMSCRIPTEN_KEEPALIVE int carvallo_input_paste(const char* text) {
  if (!text || !ImGui::GetCurrentContext()) return 0;
  App& app = carvallo::web::app();
  // Kept even while no box is open: a box clicked a moment before opens on the next frame, when ImGui reads
  // this Ctrl+V (a paste 50-150 ms after the click was lost one time in two; a tester).
  app.clipboard = text;
  if (!ImGui::GetIO().WantTextInput) return 0;
  if (glfwGetKey(app.window, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS || glfwGetKey(app.window, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS) return 1;
  type_characters(text);
  return 1;
}
// input.js: text inserted with no key press while a text box of the canvas is open (an input method's
// composition, a dead key's letter, a character picker's), typed into the box. Returns whether it was.
EMSCRIPTEN_KEEPALIVE int carvallo_input_text(const char* text) {
  if (!text || !ImGui::GetCurrentContext() || !ImGui::GetIO().WantTextInput) return 0;
  type_characters(text);
  return 1;
}
EMSCRIPTEN_KEEPALIVE void carvallo_input_touch(int kind, int fingers, double x0, double y0, double x1, double y1,
                                               double lift_x, double lift_y) {
  auto f = [](double v) { return static_cast<float>(v); };
  carvallo::web::app().touch.on_event(kind, fingers, f(x0), f(y0), f(x1), f(y1), f(lift_x), f(lift_y), carvallo::web::page_time());
}
}

int main() {
  if (!glfwInit()) {
    std::fprintf(stderr, "carvallo: GLFW initialisation failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_SAMPLES, 0);  // no multisampling of the canvas: the 3D view has its own (view_target.hpp)
  const CanvasSize size = carvallo::web::canvas_size();
  App& app = carvallo::web::app();
  app.coarse_pointer = carvallo::web::coarse_pointer();
  app.window = glfwCreateWindow(size.backing_width(), size.backing_height(), "Carvallo", nullptr, nullptr);
  if (!app.window) {
    std::fprintf(stderr, "carvallo: could not create a WebGL 2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(app.window);
  app.software_renderer = carvallo::web::software_renderer();

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // state lives in the share link, not in a file
  // A double-click's two presses within half a second of the page's frames (the systems' usual default;
  // ImGui's 0.3 s, counted in frames that take 100 ms on a slow phone, missed a user's double-clicks).
  io.MouseDoubleClickTime = 0.5f;
  // A key repeats after half a second held (the systems' usual default): with ImGui's 0.275 s, counted in
  // frames that take 300 ms under load, a Backspace held across one frame erased two characters.
  io.KeyRepeatDelay = 0.5f;
  // ImGui polls keys once a frame, so a press and release between two frames (a quick tap, or a slow
  // frame) never shows as pressed: Escape is recorded by a callback, which ImGui's backend chains.
  // The rider's keys likewise: a torque acts for as long as its key is held, however short.
  glfwSetKeyCallback(app.window, [](GLFWwindow*, int key, int, int action, int mods) {
    if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) carvallo::web::app().escape_pressed = true;
    if ((action == GLFW_PRESS || action == GLFW_RELEASE) && key >= 0 && key < IM_ARRAYSIZE(ImGuiIO::KeysDown))
      g_typed.push_back({false, static_cast<unsigned>(key), action});
    // A clicker's keys move the lesson open (and are then not the rider's steer keys); never while typing.
    App& app = carvallo::web::app();
    const bool typing = ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput;
    // On a blank screen a key is no torque: the lesson's keys still move it (and show the screen again).
    if (app.blanked) {
      if (action == GLFW_PRESS || action == GLFW_REPEAT) carvallo::web::lesson_key(app, key);
      return;
    }
    if (!typing && (action == GLFW_PRESS || action == GLFW_REPEAT) && carvallo::web::lesson_key(app, key)) return;
    // A clicker's PageDown / PageUp in a one-line box (a number being typed, the lesson's title) still moves
    // the lesson, the box's text dropped with the scene it was typed in (a double-click had left the speed's
    // box open, and the clicker did nothing until Escape; a lecturer). A caption's lines keep both keys.
    if (typing && app.lesson && action == GLFW_PRESS && (key == GLFW_KEY_PAGE_UP || key == GLFW_KEY_PAGE_DOWN) &&
        carvallo::web::leave_one_line_entry()) {
      carvallo::web::lesson_key(app, key);
      return;
    }
    if (app.lesson && (key == GLFW_KEY_LEFT || key == GLFW_KEY_RIGHT || key == GLFW_KEY_PAGE_UP || key == GLFW_KEY_PAGE_DOWN)) return;
    carvallo::web::rider_key(app, key, action, mods);
  });
  glfwSetCharCallback(app.window, [](GLFWwindow*, unsigned c) { g_typed.push_back({true, c, GLFW_PRESS}); });
  // Before the backend, which calls it from its own.
  glfwSetMouseButtonCallback(app.window, [](GLFWwindow*, int button, int action, int) {
    if (button >= 0 && button < IM_ARRAYSIZE(ImGuiIO::MouseDown) && (action == GLFW_PRESS || action == GLFW_RELEASE) && g_button_events.size() < 64)
      g_button_events.push_back({button, action == GLFW_PRESS});
  });
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // After the backend, which sets GLFW's clipboard, empty in the browser: Ctrl+C copied nothing from a text
  // box of the canvas, and Ctrl+V pasted nothing into one.
  io.ClipboardUserData = &app;
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;

  // A vertical swipe scrolls where a panel (or the messages, or the shortcut list) was last drawn.
  app.touch.set_hold_area([&app](float x, float y) { return carvallo::web::hold_button_at(app, x, y); });
  app.touch.set_scroll_area([&app](float x, float y) {
    for (const auto& [name, r] : app.rects) {
      const bool scrolls = name.rfind("panel:", 0) == 0 || name == "messages" || name == "help";
      if (scrolls && x >= r[0] && x <= r[0] + r[2] && y >= r[1] && y <= r[1] + r[3]) return true;
    }
    // An open menu: the View menu's rows of 24 CSS px are taller than a phone on its side.
    const auto ratio = static_cast<float>(app.pixel_ratio);
    for (const ImGuiPopupData& popup : ImGui::GetCurrentContext()->OpenPopupStack)
      if (popup.Window && popup.Window->Rect().Contains(ImVec2(x * ratio, y * ratio))) return true;
    return false;
  });
  app.grid = std::make_unique<carvallo::web::GridRenderer>();
  if (!app.grid->error().empty()) std::fprintf(stderr, "carvallo: %s\n", app.grid->error().c_str());
  app.scene = std::make_unique<carvallo::web::SceneRenderer>();
  if (!app.scene->error().empty()) std::fprintf(stderr, "carvallo: %s\n", app.scene->error().c_str());


  // The state comes from the link when there is one.
  const std::string hash = carvallo::web::location_hash();
  if (!hash.empty()) carvallo::web::apply_link(app, hash);
  carvallo::web::refresh_analysis(app);
  carvallo::web::sync_run(app);

  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
