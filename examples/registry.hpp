#pragma once
// The model registry: one list of every example model, read by the CLI (`carvallo models`,
// `carvallo simulate --model <name>`) and by the playground's model menu. See docs/examples.md.
//
// A model registers itself with one line in examples/registry.cpp:
//
//   {"four-bar", "Four-bar linkage", "002 §6: ...", {"nacf", "angles"}, &by_variant<&mechanisms::make_four_bar>},
//
// (The list lives in registry.cpp rather than in static objects of each model file because the models
// are linked from a static library, where an object file that nothing references is dropped together
// with its static initializers; one explicit table avoids that and fixes the menu order.)
//
// make(setup) builds the model and everything needed to run it the way its paper did: the
// `carvallo::Model`, a consistent initial state, the paper's method, step and duration, probes (named
// scalar outputs such as an energy integral), its bodies and the geoms attached to them (scene.hpp), and
// optionally an end condition (the bicycle's fall) and a push. An empty variant means the first
// (default) variant. Unknown variants throw carvallo::SolverError(InvalidArgument).
//
// Front ends (the CLI's `simulate`, the playground, the tests) run every model, the bicycle included,
// through this interface and examples/model_run.hpp: nothing outside a model's own files knows which
// model it is.

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/model.hpp"
#include "carvallo/simulation.hpp"
#include "carvallo/stability/sweep.hpp"
#include "carvallo/state.hpp"
#include "input_signal.hpp"
#include "scene.hpp"

#include <Eigen/Core>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::examples {

/// How the paper ran the model. Names match the engine's and the CLI's option values.
struct SimulationDefaults {
  AccelerationMethod acceleration = AccelerationMethod::UdwadiaKalaba;
  /// Constraint stabilizer, by the engine's name (carvallo/stabilization.hpp): "none", "baumgarte",
  /// "direct" (direct correction, 002 Eqs 78-79), "rgcpa" or "selective".
  std::string stabilizer = "none";
  BaumgarteGains baumgarte;                ///< the paper's gains when stabilizer == "baumgarte"
  IntegratorMethod integrator = IntegratorMethod::AdamsBashforth4;
  double step = 1e-3;                      ///< Δt [s]
  double duration = 5.0;                   ///< simulated time span [s]
  double tolerance = 1e-12;                ///< position/velocity tolerance of the correction steps
  /// Direct correction applied at every step regardless of the residual (002's practice, Table 11).
  bool correct_every_step = false;
  /// Independent coordinates for selective partitioning (004 §3.2) and for building consistent initial
  /// conditions; empty = let the DOF analysis choose.
  std::vector<std::string> independent_coordinates;
  /// Independent velocities (nonholonomic systems have fewer than coordinates); empty = choose.
  std::vector<std::string> independent_velocities;
  /// RGCPA / selective partitioning analyse a level only when it is violated
  /// (StabilizationOptions::analyse_only_when_violated).
  bool analyse_only_when_violated = false;
};

/// A named scalar computed from the state, reported by the CLI beside the constraint violations
/// (e.g. "energy" for 001 Eq 103, "y_G2" for 002 Fig. 6).
struct Probe {
  std::string name;
  std::string unit;
  std::function<double(const Model&, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd)> value;
};

/// A path drawn on the ground (or in space) behind a moving point, e.g. a wheel's contact point.
struct Trace {
  std::string name;
  Rgba color;
  std::function<Eigen::Vector3d(const Model&, const Eigen::VectorXd& q)> point;  ///< world coordinates
};

/// A joint or contact the view labels beside the bodies (the playground's View > Body names): its name and
/// where it is at q, world coordinates [m].
struct JointMark {
  std::string name;
  std::function<Eigen::Vector3d(const Model&, const Eigen::VectorXd& q)> point;
};

/// The joint `name` at `local` (body axes [m]) of body `body` of `poses` (ModelInstance::body_poses).
JointMark body_joint(std::string name, std::function<std::vector<BodyPose>(const Eigen::VectorXd& q)> poses, int body,
                     const Eigen::Vector3d& local = Eigen::Vector3d::Zero());
/// The joint `name` where `trace` is (a contact point the ground's path follows).
JointMark trace_joint(std::string name, const Trace& trace);

/// A disturbance a user can apply while the model runs (the bicycle: a lateral push adding roll rate).
struct Push {
  std::string label;   ///< e.g. "kick"
  std::string unit;    ///< unit of the amount, e.g. "rad/s"
  std::string description;
  /// The state after the push (consistent with the constraints); `probes` are the probe values at `s`.
  std::function<State(const Model&, const State& s, const std::vector<double>& probes, double amount)> apply;
};

/// An input a user or a script applies while the model runs (the bicycle: the rider's torques). Its
/// name is also its output column (the CLI's CSV), its value a signal of time (input_signal.hpp).
struct InputChannel {
  std::string name;  ///< e.g. "steer_torque"
  std::string unit;  ///< e.g. "N m"
  std::string description;
};

/// Everything a front end needs to run and show one model.
struct ModelInstance {
  Model model;
  double t0 = 0.0;               ///< initial time [s]
  Eigen::VectorXd q0, qd0;       ///< initial state, consistent with the constraints (checked by the tests)
  SimulationDefaults defaults;
  std::vector<Probe> probes;
  /// All probe values at once, same order as `probes` (optional: a model whose probes share work, such
  /// as the bicycle's observables from one AD pass, sets it; else each Probe::value is called).
  std::function<std::vector<double>(const Model&, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd)>
      probe_values;
  /// What changes the model's energy by itself, as a phrase ("a spring-damper dissipates energy"); empty when
  /// its energy is conserved. Then the energy's change from the start or the last push is not the
  /// integration's error (the page and the CLI call it a change, not a drift, and say why).
  std::string energy_not_conserved;
  /// Whether output tables (the CLI's CSV) list the coordinates before the probes (the bicycle lists only
  /// its observables: they are the rider's coordinates).
  bool coordinates_in_output = true;

  // ---- what it looks like (examples/scene.hpp) ----------------------------------------------------------
  std::vector<std::string> body_names;
  /// Each body's pose from q, by the model's own kinematics, in body_names' order.
  std::function<std::vector<BodyPose>(const Eigen::VectorXd& q)> body_poses;
  std::vector<Geom> geoms;       ///< attached to the bodies (or to the world)
  std::vector<Trace> traces;
  std::vector<JointMark> joints;  ///< joints and contacts worth a label, by the names the model's docs use
  ViewHints view;

  // ---- events and inputs --------------------------------------------------------------------------------
  /// Why the run is over in state `s` (the bicycle has fallen), or nothing; `probes` are the probe values
  /// at `s`. Empty function: the model runs until its duration.
  std::function<std::optional<std::string>(const State& s, const std::vector<double>& probes)> ended;
  std::optional<Push> push;
  /// Inputs (may be empty). With inputs, `model_with_inputs` builds the model with each input's current
  /// smooth piece acting (in `inputs`' order); `model` is the model with every input zero.
  std::vector<InputChannel> inputs;
  std::function<Model(const std::vector<SignalPiece>& pieces)> model_with_inputs;
  /// The engine's options when they are not those of simulation_options(defaults) (the bicycle's: its
  /// selective-partitioning coordinates and lazy analysis depend on its parameters).
  std::optional<SimulationOptions> engine_options;
};

/// A named number a model is built from: a parameter of its table or a setting (an initial condition).
struct Quantity {
  std::string name;
  std::string unit;
  std::string description;
  double value = 0.0;                ///< default
  double min = -1e300, max = 1e300;  ///< accepted range (a typical range for sliders is the model's panel's business)
};

/// What a model instance is built from. Implicit from a variant name, so `entry.make("linear")` reads well.
struct ModelSetup {
  ModelSetup() = default;
  ModelSetup(std::string v) : variant(std::move(v)) {}  // NOLINT(google-explicit-constructor)
  ModelSetup(const char* v) : variant(v) {}             // NOLINT(google-explicit-constructor)
  std::string variant;                    ///< "" = the first
  std::vector<double> parameters;         ///< in the order of ModelEntry::parameters; empty = the defaults
  std::map<std::string, double> settings;  ///< by name (ModelEntry::settings); absent = default
};

/// An equilibrium or steady motion of a model (the bicycle's upright straight run, the disk's upright
/// rolling, the sleigh's straight glide) and how its linearization's eigenvalues depend on the model's
/// quantities. Front ends sweep it through examples/steady_motion.hpp (`carvallo eig --model`, the
/// playground's eigenvalue panel); nothing outside the model's own files knows which model it is.
struct SteadyMotion {
  std::string description;              ///< e.g. "upright, straight rolling at the speed setting"
  /// Names of the quantities (ModelEntry::settings or ::parameters) that may be swept; the first is the
  /// default of front ends.
  std::vector<std::string> parameters;
  double plot_min = 0.0, plot_max = 1.0;  ///< a telling range of the first parameter (the playground's default)
  /// How many structural zero eigenvalues (symmetries: heading, position along the path, the speed of a
  /// steady family) were removed from each eigenvalue list, for the record (docs and JSON).
  int structural_zeros_removed = 0;
  /// For `setup` and the swept quantity `parameter` (one of `parameters`): the function value ->
  /// eigenvalues (1/s) of the linearization about the steady motion with the quantity at that value, the
  /// same count at every value, any order. Building it throws carvallo::Error (a setup the model cannot be
  /// built from); the function throws carvallo::Error (stability::LinearizationError, SolverError) when
  /// the linearization fails at a value.
  std::function<stability::EigenvalueFunction(const ModelSetup& setup, const std::string& parameter)> eigenvalues;
  /// Where the linearization and the nonlinear run seem to disagree (a linearly unstable motion whose
  /// disturbance stays bounded), why: shown with the eigenvalue plot's help. Empty: nothing to say.
  std::string nonlinear_note;
};

/// A comparison of methods a paper made on this model, offered as a one-click preset (the playground's
/// "Methods compared", docs/playground.md): the shown run's methods and the compared runs in the link's
/// compare= grammar (web/logic/method_compare.hpp: parts such as "udwadia-kalaba:direct:ab4:dt0.001"), the
/// variant it needs, and what the paper published for those runs, shown beside the live figures.
struct MethodStudy {
  std::string title;      ///< e.g. "002 Table 11: direct correction beside none, Baumgarte and RGCPA"
  std::string variant;    ///< the formulation it runs ("" = the one chosen)
  std::string shown;      ///< the shown run's methods, one run of the grammar
  std::string compare;    ///< the compared runs, e.g. "none,baumgarte,rgcpa"
  std::string published;  ///< the paper's figures for these runs, in words and numbers with units
};

struct ModelEntry {
  std::string name;                    ///< CLI / URL name, e.g. "four-bar"
  std::string title;                   ///< menu label, e.g. "Four-bar linkage"
  std::string description;             ///< one or two sentences with the paper reference
  std::vector<std::string> variants;   ///< alternative formulations; the first is the default (none: one formulation)
  /// Builds the model. Throws carvallo::Error: SolverError(InvalidArgument) for an unknown variant or a
  /// parameter/initial condition out of range, ModelError for a parameter set that is not physical.
  ModelInstance (*make)(const ModelSetup& setup);
  std::vector<Quantity> parameters;           ///< its parameter table, where it has one (the bicycle's 26)
  std::vector<Quantity> settings;             ///< initial conditions and run settings a user may set (the bicycle's speed, roll, ...)
  /// Its equilibrium or steady motion whose eigenvalues front ends plot against a quantity (none: the
  /// model has no such analysis, e.g. a driven mechanism).
  std::optional<SteadyMotion> steady_motion;
  /// The comparisons of methods its paper made (none: a model whose paper compared none).
  std::vector<MethodStudy> studies;
};

/// Adapts a factory of the form ModelInstance(const std::string& variant) for ModelEntry::make; throws
/// what the factory throws.
template <ModelInstance (*Factory)(const std::string&)>
ModelInstance by_variant(const ModelSetup& setup) {
  return Factory(setup.variant);
}

/// The values of `settings` for `setup`: each setting's default, overridden by setup.settings. Throws
/// SolverError(InvalidArgument) naming `model` for an unknown setting or a value outside [min, max] or
/// not finite.
std::map<std::string, double> setting_values(const std::string& model, const std::vector<Quantity>& settings,
                                             const ModelSetup& setup);

/// Every registered model, in menu order. Never throws.
const std::vector<ModelEntry>& models();

/// The engine's options for running a model the way its paper did (its SimulationDefaults); the paper's
/// Baumgarte gains only when Baumgarte is its method (else the engine's defaults stay, for a user who
/// switches to Baumgarte). Throws SolverError(InvalidArgument) for an unknown stabilizer name.
SimulationOptions simulation_options(const SimulationDefaults& d);

/// The entry named `name`, or nullptr. Never throws.
const ModelEntry* find_model(std::string_view name);

/// Shorthand: find_model(name)->make(setup); throws SolverError(InvalidArgument) for an unknown name,
/// and what ModelEntry::make throws.
ModelInstance make_model(std::string_view name, const ModelSetup& setup = {});

/// The engine's options for an instance: its engine_options when set, else simulation_options(defaults);
/// throws as that.
SimulationOptions simulation_options(const ModelInstance& instance);

/// For factories: throws SolverError(InvalidArgument) naming the model and its variants.
[[noreturn]] void unknown_variant(const std::string& model, const std::string& variant,
                                  const std::vector<std::string>& variants);

}  // namespace carvallo::examples
