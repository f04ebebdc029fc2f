#pragma once
// The playground's whole state in one struct, and its two serializations: the share link (the URL hash)
// and the JSON of window.carvallo.getState()/setState(). Both go through one table of fields
// (ui_state.cpp), so nothing can be in the state and missing from the link.
//
// Pure C++: no Emscripten, GL or ImGui include, so it can be unit-tested natively.
//
// Link format: "v=<version>&model=bicycle&preset=benchmark&<param>=<value>...&speed=5&vmin=0&vmax=10&..."
// - the version comes first; then the preset and only the bicycle parameters that differ from it;
// - numbers are printed with the fewest digits that read back to the same double;
// - parsing never evaluates anything: keys are matched against the table, values are parsed as numbers
//   or matched against fixed word lists. Every field that cannot be used is reported and keeps its default.

#include "logic/camera.hpp"

#include "bicycle/parameters.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// Simulation settings shown in the simulation panel (and saved in the link).
struct SimulationSettings {
  std::string integrator = "ab4";          ///< to_string of one of carvallo::kIntegratorMethods (core/include/carvallo/integrators.hpp)
  double time_step = 0.005;                ///< s
  std::string solver = "augmented";        ///< acceleration solver: "augmented", "udwadia-kalaba"
  std::string stabilization = "rgcpa";     ///< "rgcpa", "selective", "direct", "baumgarte", "none"
  double time_scale = 1.0;                 ///< simulated seconds per real second
  double roll0 = 0.0, steer0 = 0.0;        ///< rad, initial roll and steer
  double roll_rate0 = 0.5, steer_rate0 = 0.0;  ///< rad/s, initial rates
  double kick = 0.5;                       ///< rad/s of roll rate added by a kick
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
inline constexpr const char* kPanelNames[] = {"view", "parameters", "eigenvalues", "simulation", "design"};

struct UiState {
  std::string model = "bicycle";     ///< "bicycle" or a registered model's name (examples/registry.hpp)
  std::string variant;               ///< registered models: one of the entry's variants ("" = the first)
  std::string preset = "benchmark";
  bicycle::Parameters bike = bicycle::benchmark_parameters();  ///< always a valid (physical) set
  double speed = 5.0;                       ///< m/s: the eigenvalue marker and the simulation's forward speed
  double sweep_min = 0.0, sweep_max = 10.0;  ///< m/s, the eigenvalue plot's range
  bool show_imaginary = false;              ///< eigenvalue plot: also draw Im s
  bool root_locus = false;                  ///< eigenvalue plot: Im s against Re s instead of against speed
  bool show_inertia = false;                ///< 3D view: inertia ellipsoids
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
  // The rider (web/logic/rider_state.hpp): scripted torques as `carvallo simulate --steer-torque` reads
  // them ("" = none), the torque a held arrow key or button applies, and the steady turn a run starts on.
  std::string steer_torque, roll_torque;    ///< canonical specs, e.g. "pulse:2@0.5:0.1"
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

  bool operator==(const UiState&) const;
};

/// The link format's version: the playground's version (carvallo::kVersion).
const char* link_version();

/// The share link's hash text (without '#').
std::string to_link(const UiState& state);

struct LinkReadResult {
  UiState state;
  std::vector<std::string> ignored;  ///< one line per field that could not be used, naming key and reason
  std::vector<std::string> refused;  ///< the keys of the table's fields the link gave but that could not be used
  bool unread = false;  ///< the link was not read at all (too long): `state` is the defaults, not the link's
  bool names_camera = false;  ///< the link gives the camera (yaw, pitch, dist, tx, ty or tz)
};

/// The fields of the link and of getState that hold the camera.
bool is_camera_key(const std::string& key);

/// Reads a hash (with or without the leading '#'). Starts from `defaults`; fields absent from the link
/// keep their defaults, fields that cannot be used are listed in `ignored` and keep their defaults.
/// Never throws.
LinkReadResult read_link(std::string_view hash, const UiState& defaults = UiState{});

/// Copies the fields named in `keys` (read_link's `refused`; keys that are not the table's fields, such
/// as the bicycle's parameters, are skipped) from `from` onto `to`: a hand edit of the link that breaks a
/// field keeps the value on screen for it, and every field the link does not name stays as read.
/// Never throws.
void keep_fields(const UiState& from, UiState& to, const std::vector<std::string>& keys);

/// {"version", "model", "preset", "bike": {w, c, ...all 26}, "speed", "sweep": [min, max], ...}: the
/// same fields as the link, as JSON (every parameter, not only those differing from the preset).
nlohmann::json to_json(const UiState& state);

/// Applies a partial JSON object (any subset of the fields of to_json) onto `state`. Unknown keys,
/// wrong types and out-of-range values are listed in `ignored` and leave the field unchanged. A "preset"
/// without "bike" loads the preset's parameters; "bike" values apply on top. A bicycle that would not be
/// physical is not applied (the issues are listed). Never throws.
std::vector<std::string> apply_json(UiState& state, const nlohmann::json& partial);

/// Brings every number field back into its accepted range (a non-finite one to its default), e.g. after
/// a value typed into a slider; returns the keys that were changed.
std::vector<std::string> sanitize(UiState& state);

/// A plain decimal number (as in links: no hex, inf or nan, no trailing text), surrounding spaces allowed.
std::optional<double> parse_plain_number(std::string_view text);

/// Shortest decimal text that reads back (strtod) to exactly `value`; "0" for non-finite input.
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

/// Known model names (examples::models(), the bicycle first); the models menu and the link share this list.
std::vector<std::string> model_names();

/// Switches to a model the way the models menu does: its first variant and its paper's methods
/// (integrator, solver, stabilization, step); the bicycle gets the playground's defaults. Returns why
/// the paper's methods could not be read (empty when they were). Does nothing if `name` is current.
std::string select_model(UiState& state, const std::string& name);

/// Replaces many "<key>: unknown field" lines by one line with their count and the first few keys.
void summarize_unknown_fields(std::vector<std::string>& ignored);

}  // namespace carvallo::web
