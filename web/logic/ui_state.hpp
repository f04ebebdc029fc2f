#pragma once
// The playground's whole state in one struct, for every registered model: the model, its parameter table
// (the bicycle's 26), its settings and inputs by the names the registry gives them (examples/registry.hpp),
// the methods and the view. Its two serializations, the share link and the JSON of getState/setState,
// are logic/state_link.hpp; the table of the state's other fields and their accepted values is
// logic/state_fields.cpp.
//
// Pure C++: no Emscripten, GL or ImGui include, so it can be unit-tested natively.

#include "logic/camera.hpp"

#include "bicycle/parameters.hpp"
#include "registry.hpp"


#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// Simulation settings shown in the simulation panel (and saved in the link).
struct SimulationSettings {
  std::string integrator = "ab4";          ///< to_string of one of carvallo::kIntegratorMethods (core/include/carvallo/integrators.hpp)
  double time_step = 0.005;                ///< s
  /// The time steps the Methods panel's slider and the parallel DOM's field offer (s); a link may ask for
  /// down to 1e-5 (logic/state_fields.cpp).
  static constexpr double kTimeStepMin = 1e-4, kTimeStepMax = 0.05;
  std::string solver = "augmented";        ///< acceleration solver: "augmented", "udwadia-kalaba"
  std::string stabilization = "rgcpa";     ///< "rgcpa", "selective", "direct", "baumgarte", "none"
  double time_scale = 1.0;                 ///< simulated seconds per real second
  double kick = 0.5;                       ///< the amount of the model's push (ModelInstance::push), in its unit
  /// Baumgarte's C̈ + 2α Ċ + β² C = 0 (examples::baumgarte_gains): α and β in 1/s, 001's 10 and 10 by default.
  double baumgarte_alpha = 10.0, baumgarte_beta = 10.0;
  double tolerance = 1e-10;                ///< the adaptive integrators' relative tolerance (link `tol`)
  double correction_tolerance = 1e-12;     ///< the corrections' position and velocity tolerance (the model's)
  bool operator==(const SimulationSettings&) const = default;
};

/// The design map panel (web/panels/design_map_panel.cpp): two inputs of bicycle/design_map.hpp (a
/// parameter name or the aliases trail, steer_axis_tilt) with their ranges, the grid size per axis, the
/// quantity coloured ("width": the self-stable speed range's width, "weave", "capsize": those speeds)
/// and the highest speed searched. Defaults: the classic chart of docs/plots/make_stability_map.sh.
struct DesignMapSettings {
  std::string x = "trail";
  double x_lo = -0.1, x_hi = 0.3;           ///< SI units of the input
  std::string y = "steer_axis_tilt";
  double y_lo = 0.0, y_hi = 0.7;
  double count = 100;                       ///< points per axis (an integer, 2..200)
  std::string quantity = "width";           ///< kMapQuantities
  double vmax = 10.0;                       ///< m/s
};
inline constexpr const char* kMapQuantities[] = {"width", "weave", "capsize"};
/// The design map's axis choices (DesignMapSettings::x, y; the link's `mapx`, `mapy`): every parameter of
/// the table, then the designer's trail and steer_axis_tilt.
std::vector<std::string> map_input_names();

/// A linear time plot's y-axis (web/panels/time_plot.hpp): fit the data, symmetric about zero, or a fixed
/// range. Link text: "fit", "sym" or "<lo>:<hi>".
struct PlotScale {
  enum class Mode { fit, symmetric, fixed };
  Mode mode = Mode::fit;
  double lo = -1, hi = 1;  ///< the fixed range, in the plot's unit
  bool operator==(const PlotScale&) const = default;
};
/// The eigenvalue plot's speed range spans at least this (m/s): a narrower one has no resolvable grid.
inline constexpr double kMinSweepSpan = 0.01;
/// A fixed range must span at least kMinPlotSpan and stay within +-kMaxPlotValue (plot units).
inline constexpr double kMinPlotSpan = 1e-9, kMaxPlotValue = 1e9;

/// The eigenvalue panel's mode-shape view (web/logic/mode_animation.hpp): "off" shows the simulation in
/// the 3D view, a mode's name animates that mode's eigenvector there instead.
inline constexpr const char* kModeShapeNames[] = {"off", "weave", "capsize", "castering"};
/// What the eigenvalue panel's plot area shows: the eigenvalues or the sensitivity bar chart.
inline constexpr const char* kEigenViewNames[] = {"plot", "sensitivity"};
/// The sensitivity chart's scaling: relative ((dv/v)/(dp/p)) or per SI unit of each parameter (m/s per unit).
inline constexpr const char* kSensitivityScaleNames[] = {"relative", "si"};

/// The panels of the compact (phone, large text) layout, one at a time: the 3D view or one panel.
inline constexpr const char* kPanelNames[] = {"view", "parameters", "eigenvalues", "simulation", "design", "turns"};

/// The stage's one plot beside the 3D view (presentation mode and embeds): link field `stage`.
/// "roll-steer" is the bicycle's roll and steer against time (another model's probes), "torques" the
/// rider's torques, "turns" the steady turns, "design-map" the design map, "compare" the methods compared,
/// "violations" the shown run's constraint violations against time (any model).
inline constexpr const char* kContrastProfiles[] = {"normal", "high"};
inline constexpr const char* kStagePlotNames[] = {"eigenvalues", "roll-steer", "torques", "turns", "design-map", "compare", "violations", "none"};
/// A scene's caption: at most this many characters (Unicode code points), plain text.
inline constexpr std::size_t kMaxCaptionChars = 280;

/// The model the playground opens with.
inline constexpr const char* kDefaultModel = "bicycle";

/// The values `model`'s settings start with in the playground: the registry's defaults (ModelEntry::settings),
/// except a roll rate of 0.5 rad/s where the model has one, so the bicycle a page opens on visibly wobbles
/// and settles. Empty for an unknown model. Never throws.
std::map<std::string, double> start_settings(const std::string& model);

struct UiState {
  std::string model = kDefaultModel;  ///< a registered model's name (examples/registry.hpp)
  std::string variant;               ///< registered models: one of the entry's variants ("" = the first)
  std::string preset = "benchmark";
  bicycle::Parameters bike = bicycle::benchmark_parameters();  ///< always a valid (physical) set
  /// The model's settings (ModelEntry::settings: initial conditions, run settings) by their names, every
  /// one of them and each within its range (the bicycle's "speed" is also its eigenvalue plot's marker).
  std::map<std::string, double> settings = start_settings(kDefaultModel);
  /// The model's inputs (ModelInstance::inputs, the bicycle's torques) by name: a script in the form of
  /// `carvallo simulate --input` (rider_state.hpp's canonical spelling); absent or "" = none.
  std::map<std::string, std::string> inputs;
  double sweep_min = 0.0, sweep_max = 10.0;  ///< m/s, the eigenvalue plot's range
  bool show_imaginary = false;              ///< eigenvalue plot: also draw Im s
  bool root_locus = false;                  ///< eigenvalue plot: Im s against Re s instead of against speed
  bool show_inertia = false;                ///< 3D view: inertia ellipsoids
  bool show_labels = false;                 ///< 3D view: each body's name (the registry's, as the probes use them)
  bool follow = true;                       ///< 3D view: the camera follows the bicycle
  bool presentation = false;                ///< large fonts, secondary panels hidden
  double text_scale = 1.0;                  ///< text size relative to the default (presentation: x 1.5 on top)
  std::string panel = "view";               ///< compact layout: what fills the screen (kPanelNames)
  bool show_perf = false;                   ///< the performance overlay
  double plot_window = 10.0;                ///< s of history shown in the time plots
  PlotScale angles_axis{PlotScale::Mode::fit, -10, 10};  ///< roll and steer plot (deg)
  PlotScale speed_axis{PlotScale::Mode::fit, 0, 10};     ///< speed plot (m/s)
  PlotScale probes_axis{};                               ///< a registered model's probes (their unit)
  SimulationSettings sim;
  bool show_design = false;                 ///< the design window (heat map and side view) in the wide layouts
  std::string design_tab = "map";           ///< "map" or "side": the design window's tab
  bool front_moves = true;                  ///< designer inputs: the front assembly moves with the wheelbase
  DesignMapSettings map;
  // The rider (web/logic/rider_state.hpp): the torque a held arrow key or button applies, and the steady
  // turn a run starts on.
  double hold_torque = 1.0;                 ///< N m while a torque key or button is held
  std::string from_turn;                    ///< "lean=<rad>,family=<name>" (simulate --from-turn), "" = none
  bool show_turns = false;                  ///< the steady-turns panel
  OrbitCamera camera;
  std::string mode_shape = "off";           ///< kModeShapeNames: the mode animated in the 3D view at `speed`
  double mode_amplitude = 5.0;              ///< deg: the animated mode's largest roll or steer angle
  double mode_time_scale = 1.0;             ///< animation seconds per real second (1 real time, 0.25 slowed)
  std::string eigen_view = "plot";          ///< kEigenViewNames
  std::string sensitivity_scale = "relative";  ///< kSensitivityScaleNames
  std::optional<bicycle::Parameters> ghost;  ///< a pinned design drawn faded under the live curves (always physical)
  // The lecture (web/panels/stage.cpp, lesson_panel.cpp).
  std::string stage = "eigenvalues";        ///< kStagePlotNames: the plot beside the 3D view on the stage
  std::string caption;                      ///< the scene's caption, shown over the view until dismissed ("" = none)
  bool embed = false;                       ///< only the stage: no menu bar, no panels (an iframe in slides)
  bool locked = false;                      ///< the model and the bicycle's parameters are read-only (students play, kick)
  std::string contrast = "normal";          ///< kContrastProfiles: the canvas's colours (logic/contrast.hpp)
  std::string lang = "auto";                ///< "auto" (the browser's) or a language_codes() code (logic/language.hpp)
  // The motion (web/panels/timeline.cpp): the run's inputs so far as a log (input_log.hpp) and the moment
  // shown while paused (0 while playing). A link that gives them replays the run to that moment and stops.
  std::string input_log;                    ///< the inputs' log up to the moment shown ("" = none)
  double time_shown = 0.0;                  ///< s, the moment shown while paused (0: the run from its start)
  /// The run waits at its start until Play (a lesson's scene where the lecturer says "watch this" first;
  /// its first PageDown plays it). A property of the scene, as its caption: playing leaves it set.
  bool paused = false;
  /// Runs beside the shown one with other methods (logic/method_compare.hpp: "none,baumgarte,rgcpa"; "" = none).
  std::string compare;

  bool operator==(const UiState&) const;
};

/// Brings every number field back into its accepted range (a non-finite one to its default), e.g. after
/// a value typed into a slider, and the settings to exactly the model's, each within the registry's range;
/// returns the keys that were changed.
std::vector<std::string> sanitize(UiState& state);

/// Why `text` cannot be a caption (more than kMaxCaptionChars characters, not UTF-8, control characters
/// other than a line break), or nothing; `canonical` receives it with surrounding spaces trimmed.
std::optional<std::string> check_caption(std::string_view text, std::string& canonical);
/// `text`'s first kMaxCaptionChars characters (UTF-8 code points, a character never split): what a caption
/// typed past the limit keeps.
std::string_view caption_head(std::string_view text);

/// A plain decimal number (as in links: no hex, inf or nan, no trailing text), surrounding spaces allowed.
std::optional<double> parse_plain_number(std::string_view text);
/// Whether `text` is a number too large for a double ("1e999", "-1e400"): refused as such, not as no
/// number at all (a tester). "inf" and "nan" are words, refused as not a number.
bool too_large_number(std::string_view text);

/// Shortest decimal text that reads back (strtod) to exactly `value`, the sign of zero included ("-0": a
/// link restores the very bits); "0" for non-finite input.
std::string format_shortest(double value);

/// The preset's parameters (exact), or the benchmark's if there is no preset of that name.
bicycle::Parameters preset_parameters(std::string_view preset);

/// Why `bike` cannot be shown and analysed (empty when it can): the physical conditions of
/// bicycle::validate() and the solvability of the linearized equations (make_canonical_model).
std::vector<bicycle::ParameterIssue> bike_problems(const bicycle::Parameters& bike);

/// The engine's method names (carvallo::to_string of kIntegratorMethods, kAccelerationMethods,
/// kStabilizationMethods): the panels' menus and the link's accepted words.
std::vector<std::string> integrator_names();
std::vector<std::string> acceleration_method_names();
std::vector<std::string> stabilization_method_names();
/// A method's name in words for the menus and a screen reader ("rk4": "Runge-Kutta 4", "direct": "Direct
/// correction"), in English (pass it to tr); a name it does not know is returned as it is.
std::string method_title(std::string_view name);

/// Known model names (examples::models(), the bicycle first); the models menu and the link share this list.
std::vector<std::string> model_names();

/// Switches to a model the way the models menu does: its first variant and its paper's methods
/// (integrator, solver, stabilization, step), its settings start_settings(name), no input scripts. Returns
/// why the paper's methods could not be read (empty when they were). Does nothing if `name` is current.
std::string select_model(UiState& state, const std::string& name);

/// The current model's setting `name`, or `fallback` when it has none. Never throws.
double setting(const UiState& state, const std::string& name, double fallback = 0.0);

/// Why `value` cannot be `model`'s setting `name` (not one of its settings, outside its range, not finite),
/// in the registry's words (examples::setting_values); nothing when it can. Never throws.
std::optional<std::string> setting_problem(const std::string& model, const std::string& name, double value);

/// Sets the current model's setting `name`, or says why not (setting_problem); the state is unchanged then.
std::optional<std::string> set_setting(UiState& state, const std::string& name, double value);

/// The inputs of `model` (ModelInstance::inputs; built once per model and kept). Empty for an unknown
/// model or one without inputs. Never throws.
const std::vector<examples::InputChannel>& model_inputs(const std::string& model);

/// The current model's script for input `name` ("" = none).
std::string input_spec(const UiState& state, const std::string& name);

}  // namespace carvallo::web
