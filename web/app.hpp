#pragma once
// The playground application: its one UiState plus what is derived from it (the analysed bicycle, the
// eigenvalue sweep, the running simulation) and the view's bookkeeping. Shared by main.cpp (frame loop,
// input), panels.cpp (the ImGui panels), eigen_plot.cpp and js_api.cpp (window.carvallo).

#include "logic/bike_analysis.hpp"
#include "logic/design_map_job.hpp"
#include "logic/frame_work.hpp"
#include "logic/lesson.hpp"
#include "logic/method_compare.hpp"
#include "logic/model_eigen.hpp"
#include "logic/model_view.hpp"
#include "logic/rider_controls.hpp"
#include "logic/scene_mesh.hpp"
#include "logic/touch_input.hpp"
#include "logic/turn_families.hpp"
#include "logic/ui_state.hpp"
#include "panels/design_panels.hpp"
#include "platform/lecture_browser.hpp"

#include "bicycle/canonical.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace carvallo::web {

class GridRenderer;
class SceneRenderer;

struct PerfStats {
  double frame_ms = 0;     ///< smoothed wall time between frames
  double cpu_ms = 0;       ///< smoothed time spent in the frame function (UI, sweep, simulation, tessellation, GL calls)
  double update_ms = 0;    ///< the part before any drawing: input, simulation, sweep, building the UI
  double sweep_ms = 0;     ///< last eigenvalue sweep
  double step_ms = 0;      ///< smoothed wall time of one simulation step
  double sim_ratio = 0;    ///< simulated seconds per real second (smoothed)
  int vertices = 0;        ///< ImGui vertices drawn last frame
  int max_window_vertices = 0;  ///< largest vertex count of one draw list since the page loaded
  long frames = 0;              ///< frames run (input, run, UI) since the page loaded
  long frames_drawn = 0;        ///< of those, frames whose picture changed and was drawn (frame_digest.hpp)
};

/// A torque spec being typed (web/panels/rider_panel.cpp): the text, why it was not applied, whether it has focus.
struct SpecEdit {
  std::string text, problem;
  bool active = false;
};

struct App {
  App();
  ~App();  // defined where the renderers are complete types
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  GLFWwindow* window = nullptr;
  UiState state;

  // Derived from state.bike and the sweep range (refresh_analysis).
  std::optional<bicycle::CanonicalModel> model;
  EigenSweep sweep;
  ModelEigenSweep model_eigen;  ///< any other model's steady-motion eigenvalues (model_eigen_plot.cpp)
  bicycle::Parameters analysed_bike{};
  double analysed_vmin = -1, analysed_vmax = -1;

  // Parameters panel: the value shown in each field and why it was not applied (empty when applied).
  std::array<double, bicycle::kParameterCount> edit{};
  std::array<std::string, bicycle::kParameterCount> edit_problem;
  bicycle::Parameters edit_base{};

  // Warnings shown in the banner until dismissed (link problems, rejected files, ...).
  std::vector<std::string> messages;
  float messages_bottom = 0;  ///< wide layouts: the lower edge of the messages banner last frame (0: none shown)
  float caption_bottom = 0;   ///< beside the panels: the lower edge of a lesson's caption over the view last frame (0: none)
  bool run_event_in_panel = false;  ///< this frame the Simulation panel showed the run's end (run_event)
  float turns_window_bottom = 0;  ///< beside the panels: the lower edge of the steady turns' window over the view, a ridden turn's line or the families (0: none)
  float compare_table_h = 0;  ///< the stage's table of the methods compared, as tall as last frame (0: not drawn yet)
  std::string toast;  ///< short confirmation ("Link copied"), not a warning
  /// A collapsed section (its ImGui id, after ###) that holds the native control just focused: opened on
  /// the next frame so that the control's widget is on screen for its focus ring (open_focused_section).
  std::string open_section;
  /// The widget names ("a|b", AccessControl::rect) of the native control just focused whose widget is not
  /// on screen: its panel scrolls to it when it is next drawn (record_rect).
  std::string scroll_to;
  double toast_until = 0;
  bool toast_said = true;  ///< whether the live region says the toast (false: its news is said otherwise)

  // The model running (every registered model, the bicycle included).
  std::unique_ptr<ModelView> run;
  std::string run_signature;  ///< the settings the run was built from (ModelView::signature)
  bool playing = false;
  // The motion in the state (web/panels/timeline.hpp): the inputs' log and the moment last written into
  // UiState::input_log and time_shown from the run, or read from them into it (a different value there is a
  // link's or setState's request); the moment a replay goes to (negative: none).
  std::string synced_log;
  double synced_t = 0;
  double replay_to = -1;
  /// The push with the mouse or a finger (web/panels/push_input.cpp): the body grabbed, where (its frame),
  /// the plane the pointer drags in (viewer frame: a point and its normal, the camera's direction at the
  /// grab), when and where the target was last handed to the run, and the target now.
  struct Push {
    bool active = false;
    std::uint64_t run = 0;
    int body = -1;
    Eigen::Vector3d local = Eigen::Vector3d::Zero(), plane_point = Eigen::Vector3d::Zero(), normal = Eigen::Vector3d::UnitX();
    double last_sent = 0;
    Eigen::Vector3d sent = Eigen::Vector3d::Zero(), target = Eigen::Vector3d::Zero();
  } push;
  int pushes = 0;             ///< the model's pushes (the bicycle's kicks) given, by any means: the live region says each
  double sim_debt = 0;        ///< simulated seconds owed to real time
  std::string run_event;      ///< "At t = ... the bicycle fell", build or solver errors
  DisplayFrame display;       ///< the model's world turned into the viewer's frame (set when the model is built)
  std::string fitted_model;   ///< the model (and variant) the camera was last fitted to
  bool camera_given = false;  ///< the link or setState gave the camera: the view keeps it exactly
  std::array<double, 4> camera_checked_for{};  ///< span, heights and run id widen_default_camera last looked at
  double camera_widened_to = 0;  ///< the distance widen_default_camera last set (0: none): still the default camera's
  std::optional<OrbitCamera> camera_framed;  ///< the camera as the page last framed the model (fit_camera, the bicycle's default and its widening)

  std::string analysed_model = kDefaultModel;  ///< the model the layout was made for
  std::string last_link;      ///< last link handed to the page
  bool show_help = false, show_notes = false;
  bool blanked = false;        ///< the screen is blank for the room (blank_screen.hpp)
  bool blank_resumes = false;  ///< the run played when the screen was blanked
  bool escape_pressed = false;  ///< Escape went down since the last frame (a GLFW key callback: press and release can share a frame)
  PerfStats perf;
  FrameWork work;  ///< this frame's deadline for the page's computations, and the recent frames' times by part
  /// The "What am I looking at?" notes drawn this frame, by id ("params", "sim", "eigen", "model-eigen"): their
  /// text in the page's language, which the parallel DOM's twin of each gives as text.
  std::map<std::string, std::string> notes;
  std::map<std::string, std::array<float, 4>> rects;  ///< screen rects (CSS px) of named widgets, for tests
  /// Windows whose content reaches past their right edge with no scroll bar (a label longer than its room):
  /// ImGui name and by how much (CSS px), for the layout tests.
  std::vector<std::pair<std::string, float>> clipped;

  double pixel_ratio = 1;     ///< device pixels per CSS pixel
  bool coarse_pointer = false;  ///< a touch screen: text 1.2 x larger, widgets' touch areas padded
  bool software_renderer = false;  ///< WebGL drawn on the CPU (platform/browser.hpp): the view without multisampling
  double ui_scale = 0;        ///< device pixel ratio x presentation factor the fonts were built for
  bool fonts_presentation = false;
  int layout_w = 0, layout_h = 0;
  double text_scale_limit = 3;  ///< the largest text size (UiState::text_scale) that changes what is shown (main.cpp)
  bool text_limit_is_phones = false;  ///< that limit is a phone's screen's, not a stage's (main.cpp)
  bool presentation_text = false;     ///< the text is half as large again for a projector's presentation (main.cpp)
  float text_px_at_one = 13;    ///< the text's height (device px) at text size 1 on this screen and mode (main.cpp)
  float menu_font_scale = 1;    ///< the menu bar's text scale, made smaller until its menus fit (app_shell.cpp)
  float view_left = 0, view_right = 0;  ///< free horizontal span between the panels (framebuffer px)
  float view_top = 0;                   ///< top of the free area (below the menu bar, and the tabs when compact)
  bool compact = false;                 ///< one panel at a time (phone, or text too large for side by side)
  bool compact_side = false;            ///< compact on a landscape phone: a panel beside the model, not over it (set on the 3D tab too)
  std::array<float, 4> content_rect{};  ///< compact layout: x, y, w, h of the panel shown
  bool panel_shown = false;             ///< this frame, the compact layout shows a panel (not the 3D view)
  bool layout_dirty = true;
  double wheel_steps = 0;     ///< wheel notches (down positive) received since the last frame (web/platform/input.js)
  TouchInput touch;           ///< touch turned into the pointer and two-finger gestures
  double last_cursor_x = 0, last_cursor_y = 0;  ///< GLFW's cursor last frame: a change means a real mouse

  DesignMapJob design_map;    ///< the design window's heat map, filled a few rows per frame
  DesignPanelState design;

  // The rider (web/panels/rider_panel.cpp) and the steady turns (web/panels/turns_panel.cpp).
  RiderControls rider;               ///< torques held from keys and buttons
  /// The scenario last started (rider_panel.cpp) and what it set, until it is left (another model or
  /// preset, a changed bicycle, "Leave scenario"): leaving takes away its torques and its camera, as far
  /// as they are still the scenario's, so a link made afterwards does not carry them.
  struct ActiveScenario {
    std::string name;  ///< empty: none
    std::string model, preset;
    bicycle::Parameters bike{};
    std::map<std::string, std::string> inputs;
    OrbitCamera camera, camera_before;
    bool follow_before = false;
  } scenario;
  std::uint64_t rider_run = 0;       ///< ModelView::id() of the run the held torques were last handed to
  unsigned rider_buttons_down = 0;   ///< hold buttons pressed this frame (bit k: button k)
  std::map<std::string, SpecEdit> input_specs;  ///< the inputs' script fields, by input name
  MethodComparison comparison;  ///< the runs of compare= beside the shown one (logic/method_compare.hpp)
  SpecEdit compare_edit;        ///< the compare= field of "Methods compared"
  TurnFamilies turns;
  struct TurnMark {
    std::size_t branch, index;  ///< in turns.branches()
    float x, y;                 ///< CSS px on screen, for tests (window.carvallo.turns())
  };
  std::vector<TurnMark> turn_marks;  ///< the turns drawn in the plot this frame
  bool turns_drawn = false;          ///< the turns' window (or the stage's turns plot) was drawn this frame
  bool turn_marks_located = false;   ///< turn_marks were drawn with every turn found (not a slice before)
  bool turn_marks_done = false;      ///< and with the families done

  // The lecture (web/panels/stage.cpp, lesson_panel.cpp, qr_overlay.cpp).
  bool stage = false;                   ///< this frame is laid out as the stage (stage.hpp)
  /// A picture's plot is being drawn (capture.cpp): the panels draw their plot, legend and figures into
  /// picture_rect (x, y, w, h, the picture's px), not their controls.
  bool picture = false;
  std::array<float, 4> picture_rect{};
  float view_bottom = 0;                ///< bottom of the free view (framebuffer px)
  float timeline_top = 0;               ///< top of the timeline over the view this frame (framebuffer px; 0: none)
  std::array<float, 4> stage_plot_rect{}, caption_rect{}, bar_rect{};  ///< the stage's parts: x, y, w, h (framebuffer px)
  float stage_bar_h = 0, caption_h = 0;  ///< the bar's and the caption band's heights as drawn last frame
  float stage_bar_scale = 1;            ///< the bar's text, smaller than the rest where its rows would crowd the view
  std::array<float, 6> stage_bar_key{};  ///< what stage_bar_h was measured for (stage.cpp)
  int stage_bar_frames = 0;              ///< frames the bar has been drawn for stage_bar_key
  std::optional<Lesson> lesson;         ///< the lesson open, if any
  int scene_index = 0;                  ///< its scene shown (0-based)
  int scenes_shown = 0;                 ///< scenes shown so far (goto_scene): the panels start each at their top
  std::string lesson_encoded;           ///< a lesson of our own: its compressed form for `lesson=` ("" while computing)
  int lesson_generation = 0;            ///< counts the lesson's edits: a compression that finishes late is dropped
  std::vector<std::string> lesson_link_notes;  ///< what a link's lesson fields could not give, said once its lesson opens or is refused
  bool show_lesson_editor = false;
  /// The scene deleted last in the lesson editor and where it was, until it is brought back or another is
  /// deleted (lesson_panel.cpp, undo_delete_scene).
  std::optional<std::pair<int, Scene>> deleted_scene;
  /// A lesson of one's own closed (Close lesson, its last scene deleted, another lesson opened) and its scene,
  /// until Lesson > Reopen lesson brings it back or another is closed (lesson_panel.cpp, reopen_lesson).
  std::optional<std::pair<Lesson, int>> closed_lesson;
  bool show_qr = false;                 ///< the QR code of the link over the view (View menu, Q)
  std::string qr_text;                  ///< what the QR code shown encodes
  QrCode qr;                            ///< its modules (or why there are none yet)

  std::unique_ptr<GridRenderer> grid;
  std::unique_ptr<SceneRenderer> scene;
  std::string clipboard;
  bool first_frame_done = false;
};

App& app();

bool same_bike(const bicycle::Parameters& a, const bicycle::Parameters& b);
/// Recomputes the canonical model and the sweep when the bicycle or the range changed.
void refresh_analysis(App& app);
/// Rebuilds the run from the state when its settings changed (or always with force).
void sync_run(App& app, bool force = false);
/// Advances the run by real_dt x time scale (within a frame budget).
void advance_run(App& app, double real_dt);
/// Applies the model's push (the bicycle's kick) with the state's amount.
void push_run(App& app);
/// One step of the run, stopping play (the Step button, '.').
void step_run(App& app);
/// Within the catch block of a step of the run that threw: says why the run stopped (stopped_run_text, and
/// how to start again) and stops play.
void stop_run_on_error(App& app);
/// How to start a run again that has ended, as a sentence for this screen (a phone has no R key).
const char* reset_hint(const App& app);
/// The run's end, as the page says it (in English; translated sentence by sentence where shown): "At t =
/// 0.93 s <the run's end reason>.", and, for a steady turn thrown over by a kick, that a stable turn holds
/// against small disturbances only, then how to start again (model_panels.cpp): the same after a run
/// played, a moment replayed (a scene shown again by Back) and the API's steps.
std::string ended_run_text(const App& app);
/// The model has a parameter table (the bicycle's 26): its parameters and eigenvalue panels are shown.
bool has_parameter_table(const App& app);
/// Points the camera at the model: its initial scene fills the free view, seen from the side.
void fit_camera(App& app);
/// The camera distance at which a span of `extent` m fills the free view's shorter side (between the
/// panels, the caption and the bar; at the view's zoom, view_zoom).
double fitting_distance(const App& app, double extent);
/// With the default camera only: moves it back until the model fits the free span between the panels (a
/// presentation's or a phone's narrow view); a camera the user or a link moved is left alone.
void widen_default_camera(App& app, float frame_height);
/// The camera is as the page framed the model for this screen (no link, setState or user moved it since):
/// a scene made of the view names no camera, so each screen frames the model for itself.
bool camera_framed_by_page(const App& app);
/// Replaces the state by the one in the link; problems become messages.
void apply_link(App& app, std::string_view hash);
/// Removes the messages of an earlier link or setState (a later one that succeeds makes them stale).
void clear_link_messages(App& app);
/// What the user is currently warned about: the banner's messages and every rejected parameter.
std::vector<std::string> current_messages(const App& app, bool with_simulation_events = true);
/// current_messages as the page shows and announces them: in the page's language (logic/language.hpp).
std::vector<std::string> shown_messages(const App& app, bool with_simulation_events = true);
/// A run event that says its own moment ("At t = ...") is shown as it is, without the name of its source.
bool names_its_moment(const std::string& run_event);
/// Records a widget's rect under `name` (the last ImGui item), in CSS pixels.
void record_rect(App& app, const std::string& name);
/// The last item's whole rectangle, drawn or not, as `name` + ":whole" (a text cut at its window's edge has
/// a visible rectangle that still lies within the window; this one does not).
void record_whole_rect(App& app, const std::string& name);

/// A model without a parameter table: its description, formulation and sizes.
void model_panel(App& app);
/// Selects a model from the menu, with its paper's methods.
void select_model(App& app, const std::string& name);

void draw_ui(App& app);
/// Begins the panel titled "Parameters", "Eigenvalues" or "Simulation" placed for the current layout;
/// false when the compact layout shows another one (then nothing was begun and End must not be called).
/// While a picture's plot is drawn (App::picture): the window fills the picture's rect, without decoration.
bool begin_panel(App& app, const char* title);
/// A panel window's ImGui title: its English title in the page's language, its identity the English
/// ("Parametros###Parameters"), so its place and state do not change with the language.
std::string window_title(const char* english);
/// Begins the window `title` on App::picture_rect, without decoration or input (a picture's plot).
void begin_picture_window(App& app, const char* title);
/// Records the current window's rect under `name` (CSS px), for tests.
void record_window_rect(App& app, const std::string& name);
/// Play, step, reset (and the model's push, if it has one), with the time unless the timeline shows it (the
/// stage): the simulation panel's first row.
void run_buttons(App& app, bool with_time = true);
void draw_eigen_panel(App& app);
/// The model has an eigenvalue panel: the bicycle's, or any model's steady motion (model_eigen_plot.cpp).
bool has_eigen_panel(const App& app);
/// Any model's eigenvalue panel (models with a steady motion; the others are told there is none).
void draw_model_eigen_panel(App& app);
/// Starts or continues the model's eigenvalue sweep (a frame's budget); the JS API's modelEigen uses it.
void update_model_eigen(App& app);
/// The current value of the swept quantity (the setting as the run uses it), NaN without a steady motion.
double current_sweep_value(const App& app);

// The rider (web/panels/rider_panel.cpp) and the steady turns (web/panels/turns_panel.cpp).
/// A key went down (GLFW_PRESS, GLFW_REPEAT) or up: Left/Right steer, A/D lean; never with Ctrl, Alt or
/// Meta in `mods` (GLFW_MOD_*): that is a shortcut.
void rider_key(App& app, int key, int action, int mods);
/// Every held torque let go (the page lost focus or was hidden).
void release_rider_input(App& app);
/// The arrow keys drive the rider (the bicycle) rather than the camera.
bool rider_keys_active(const App& app);
/// Hands the held torques' changes to the run, at the step it is at (call before advance_run).
void apply_rider_input(App& app);
/// The hold-to-push buttons (steer and lean, left and right); `same_row`: on the row of the item before,
/// where all four fit beside it.
void rider_buttons(App& app, bool same_row = false);
/// After the panels: the hold buttons' state this frame becomes presses and releases.
void finish_rider_buttons(App& app);
/// The torques held, named large over the view's foot ("steer torque 1.00 N m >"), for a room that sees
/// the bicycle react and not the key or button pressed; the widget "held-torque".
void held_torque_overlay(App& app);
/// The rider's hold button at (x, y) CSS px as drawn last frame (its index, the bit of
/// rider_buttons_down), or -1.
int hold_button_at(const App& app, float x, float y);
/// The simulation panel's rider section (its hold buttons are drawn apart): held torque, scripted torques,
/// scenarios, steady turns.
void rider_section(App& app);
/// Shows or hides the steady turns (Scenarios menu, the rider section's button); laid out as the stage, the
/// stage's plot shows them.
void toggle_steady_turns(App& app);
/// The menu bar's "Scenarios" menu.
void scenarios_menu(App& app);
/// Ends the scenario started last (App::scenario): its torques and camera go, where still the scenario's.
void leave_scenario(App& app);
/// The steady turns panel (when UiState::show_turns), computing the families a little each frame.
void turns_panel(App& app);
void set_toast(App& app, std::string text, bool said = true);
/// The text size (UiState::text_scale), kept within 0.5 to 3.
constexpr double kTextScaleMin = 0.5, kTextScaleMax = 3.0, kTextScaleStep = 1.25;
void set_text_scale(App& app, double scale);
/// View > Text larger / smaller and the ] [ keys: a step of 1.25 from the size shown, never past the
/// largest the stage shows (App::text_scale_limit); a step that would change nothing says so in a toast.
void step_text_scale(App& app, int direction);

}  // namespace carvallo::web
