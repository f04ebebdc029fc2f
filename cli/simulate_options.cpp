// `carvallo simulate`'s options: every problem named at once (exit 2, nothing run), the rest gathered into
// one SimulateRequest. The model's capabilities come from the registry: its settings (ModelEntry::settings)
// take --set and their short options, its parameter table (ModelEntry::parameters: the bicycle's 26) takes
// --bike, its inputs (ModelInstance::inputs) take --input and their short options.
#include "cli/simulate_options.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "bicycle/bicycle_model.hpp"
#include "bicycle/parameters.hpp"
#include "bicycle/scenarios.hpp"
#include "bicycle/turns.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <ostream>
#include <utility>

namespace carvallo::cli {

namespace {

std::string simulate_usage() {
  std::string models;
  for (const auto& m : examples::models()) models += (models.empty() ? "" : ", ") + m.name;
  // The method names come from the engine (one source for the CLI and the playground).
  std::string integrators, solvers, stabilizations;
  for (const auto m : kIntegratorMethods) integrators.append(integrators.empty() ? "" : "|").append(to_string(m));
  for (const auto m : kAccelerationMethods) solvers.append(solvers.empty() ? "" : "|").append(to_string(m));
  for (const auto m : kStabilizationMethods) stabilizations.append(stabilizations.empty() ? "" : "|").append(to_string(m));
  return "usage: carvallo simulate --model bicycle --bike <preset|file.json> --speed <v> [--roll <rad>] [--steer <rad>]\n"
         "                         [--roll-rate <rad/s>] [--steer-rate <rad/s>] --t <T> --dt <h>\n"
         "                         [--steer-torque <spec>] [--roll-torque <spec>] [--set <name>=<value>]...\n"
         "       carvallo simulate --bike <b> --scenario countersteer [options]\n"
         "       carvallo simulate --bike <b> --from-turn lean=<rad>,family=<name> --t <T> --dt <h> [options]\n"
         "                         [--integrator " + integrators + "]\n"
         "                         [--solver " + solvers + "] [--stabilization " + stabilizations + "]\n"
         "                         [--csv <file>] [--json]\n"
         "       carvallo simulate --model <name> [--variant <v>] [--set <name>=<value>]... [--input <name>=<spec>]...\n"
         "                         [--t <T>] [--dt <h>] [method options] [--csv <file>] [--json]\n"
         "       carvallo simulate --replay '<link or hash>' [--t <s>] [--csv <file>] [--json]\n"
         "                         (the playground's run of a share link, its inputs and moment: --replay --help)\n"
         "\n"
         "Runs the nonlinear equations of motion in redundant coordinates (000 Eq 36) and reports the largest\n"
         "constraint violations and the energy drift. A fall of the bicycle ends the run cleanly.\n"
         "\n"
         "  --model <name>             a registered model (default bicycle): " + models + "\n"
         "                             (`carvallo models` lists them with their variants and the papers' methods)\n"
         "  --variant <v>              a registered model's formulation (default: its first)\n"
         "  --set <name>=<value>       one of the model's settings (`carvallo models` lists them with their units,\n"
         "                             ranges and defaults), e.g. --set lean=0.3 for rolling-disk, --set yaw_rate=1\n"
         "                             for chaplygin-sleigh; repeat for several. --speed, --roll, --steer,\n"
         "                             --roll-rate, --steer-rate and --fall-roll are short for --set speed=, roll=,\n"
         "                             steer=, roll_rate=, steer_rate=, fall_roll= (for a model with that setting)\n"
         "  --input <name>=<spec>      a signal on one of the model's inputs (the bicycle: steer_torque, roll_torque,\n"
         "                             in N m): step:<amp>@<t0>, pulse:<amp>@<t0>:<duration>, sine:<amp>:<freq>\n"
         "                             (s, Hz) or a constant <amp>; --steer-torque, --roll-torque are short for\n"
         "                             --input steer_torque=, roll_torque=\n"
         "bicycle:\n"
         "  --bike <preset|file.json>  the 26 benchmark parameters (required)\n"
         "  --speed <m/s>              forward speed of the rear contact point (required; the setting speed)\n"
         "  --roll, --steer <rad>      initial roll and steer angle (default 0; pitch is solved from the contact)\n"
         "  --roll-rate, --steer-rate <rad/s>  initial rates (default 0)\n"
         "  --fall-roll <rad>          roll beyond which the bicycle has fallen (default 1); --set fall_steer=<rad>:\n"
         "                             the steer beyond which the run ends (default pi/2; above pi: never)\n"
         "  --steer-torque <spec>      rider's steer torque T_delta [N m] between rear and front frame about the steer\n"
         "                             axis (right positive): step:<amp>@<t0>, pulse:<amp>@<t0>:<duration>,\n"
         "                             sine:<amp>:<freq> (s, Hz) or a constant <amp>\n"
         "  --roll-torque <spec>       roll torque T_phi [N m] on the rear frame about the forward axis (lean right\n"
         "                             positive), same forms\n"
         "  --scenario <name>          a named demonstration: speed, torques, --t and --dt preset (options given\n"
         "                             explicitly override them): countersteer (5 m/s, right steer pulse 2 N m for\n"
         "                             0.1 s at 0.5 s, 8 s: steers right, leans left, turns left)\n"
         "  --from-turn lean=<rad>,family=<name>  start on a steady turn (`carvallo turn`): handlebar-forward or\n"
         "                             handlebar-reversed; the lowest-|steer| turn of that family at that lean, with\n"
         "                             a constant --steer-torque if given; --roll-rate <rad/s> kicks it off\n"
         "  --t <s>, --dt <s>          duration and step (required for the bicycle; a model's paper values otherwise)\n"
         "methods (defaults: bicycle augmented + ab4 + rgcpa; a model: its paper's):\n"
         "  --integrator " + integrators + "\n"
         "  --solver " + solvers + "\n"
         "  --stabilization " + stabilizations + "\n"
         "  --tolerance <x>            position/velocity tolerance of the correction (default 1e-12)\n"
         "  --adaptive-tolerance <x>   relative local-error tolerance of dopri5, kutta-merson-adaptive, gbs8-adaptive\n"
         "                             (absolute: a hundredth of it; default 1e-10)\n"
         "  --baumgarte-alpha <1/s>, --baumgarte-beta <1/s>  Baumgarte's C'' + 2 alpha C' + beta^2 C = 0 (default\n"
         "                             10 and 10: 001's gains -20, -100; the model's own where Baumgarte is its method)\n"
         "output:\n"
         "  --csv <file>               trajectory (\"-\": standard output, the summary then on standard error);\n"
         "                             bicycle columns: t,x,y,yaw,roll,pitch,steer,rear_wheel,front_wheel,\n"
         "                             roll_rate,steer_rate,speed,steer_torque,roll_torque,position_violation,\n"
         "                             velocity_violation,energy;\n"
         "                             a model: t, its coordinates, its probes, the violations and energy\n"
         "  --csv-every <n>            write every n-th step (default 1)\n"
         "  --json                     summary {\"model\", \"t_end\", \"steps\", \"fell\", \"fell_at\",\n"
         "                             \"max_position_violation\", \"max_velocity_violation\", \"energy_initial\",\n"
         "                             \"energy_final\", \"max_energy_drift_rel\" (|E - E0| / |E0|, E0 the start's\n"
         "                             energy, or with --replay the energy after the last push, as the page),\n"
         "                             \"energy_conserved\" (false where a damper or a torque changes the energy:\n"
         "                             the drift is then the physics' change, not the integration's error),\n"
         "                             \"position_tolerance\" (the largest target of the position correction:\n"
         "                             the tolerance, or 64 ulp of the largest coordinate), \"velocity_tolerance\"\n"
         "                             (likewise: the tolerance, or 64 ulp of the largest term of [Cdot; D]),\n"
         "                             \"wall_ms\", ...}\n"
         "  --help                     this text\n"
         "\n"
         "Exit status: 0 finished (or fell); 2 bad input, nothing run; 1 the solver failed (message on stderr,\n"
         "the summary and the CSV up to the last good step are still written).\n";
}

// Short options for settings and inputs, read as --set <name>=, --input <name>= for a model that has them.
constexpr std::pair<const char*, const char*> kSettingOptions[] = {
    {"--speed", "speed"}, {"--roll", "roll"}, {"--steer", "steer"}, {"--roll-rate", "roll_rate"},
    {"--steer-rate", "steer_rate"}, {"--fall-roll", "fall_roll"}};
constexpr std::pair<const char*, const char*> kInputOptions[] = {{"--steer-torque", "steer_torque"}, {"--roll-torque", "roll_torque"}};

std::string num(double x) { return format_exact(x); }

std::string setting_names(const examples::ModelEntry& entry) {
  std::string names;
  for (const auto& q : entry.settings) names += (names.empty() ? "" : ", ") + q.name;
  return names.empty() ? "it has none" : "its settings: " + names;
}

const examples::Quantity* find_setting(const examples::ModelEntry& entry, const std::string& name) {
  for (const auto& q : entry.settings)
    if (q.name == name) return &q;
  return nullptr;
}

// Each "<name>=<text>" given to the list option `option` (--set, --input) handed to `add` as
// ("<option> <name>", name, text); one without '=' or without a name is named in `errors`.
void each_assignment(const ParsedOptions& o, const std::string& option, const char* form, std::vector<std::string>& errors,
                     const std::function<void(const std::string&, const std::string&, const std::string&)>& add) {
  const auto it = o.lists.find(option);
  if (it == o.lists.end()) return;
  for (const auto& item : it->second) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) errors.push_back(option + " '" + item + "': expected " + form);
    else add(option + " " + item.substr(0, eq), item.substr(0, eq), item.substr(eq + 1));
  }
}

// --from-turn lean=<rad>,family=<name>
struct TurnRequest {
  double lean = 0.0;
  std::string family;
};

std::optional<TurnRequest> parse_turn_request(const std::string& text, std::vector<std::string>& errors) {
  TurnRequest r;
  bool has_lean = false, has_family = false, ok = true;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, end - pos);
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (key == "lean" && eq != std::string::npos) {
      const auto x = parse_double(value);
      if (!x || !(std::abs(*x) > 0.0 && std::abs(*x) < 1.5)) {
        errors.push_back("--from-turn lean '" + value + "': must be a number with 0 < |lean| < 1.5 rad");
        ok = false;
      } else {
        r.lean = *x;
        has_lean = true;
      }
    } else if (key == "family" && eq != std::string::npos) {
      if (value != bicycle::kHandlebarForward && value != bicycle::kHandlebarReversed) {
        errors.push_back("--from-turn family '" + value + "': unknown (" + bicycle::kHandlebarForward + ", " +
                         bicycle::kHandlebarReversed + ")");
        ok = false;
      } else {
        r.family = value;
        has_family = true;
      }
    } else {
      errors.push_back("--from-turn '" + item + "': expected lean=<rad>,family=<name>");
      ok = false;
    }
    pos = end + 1;
  }
  if (ok && !has_lean) errors.push_back("--from-turn: lean=<rad> missing");
  if (ok && !has_family) errors.push_back("--from-turn: family=<name> missing");
  if (!ok || !has_lean || !has_family) return std::nullopt;
  return r;
}

}  // namespace

std::optional<SimulateRequest> read_simulate_options(const std::vector<std::string>& args, std::ostream& out,
                                                     std::ostream& err, int& status) {
  std::vector<std::string> errors;
  std::vector<std::string> value_options = {"--model", "--variant", "--bike", "--t", "--dt", "--integrator", "--solver",
                                            "--stabilization", "--tolerance", "--adaptive-tolerance",
                                            "--baumgarte-alpha", "--baumgarte-beta", "--csv", "--csv-every", "--scenario", "--from-turn"};
  for (const auto& [option, name] : kSettingOptions) value_options.emplace_back(option);
  for (const auto& [option, name] : kInputOptions) value_options.emplace_back(option);
  const auto o = parse_options(args, value_options, {"--json"}, errors, {"--set", "--input"});
  status = 0;
  if (o.help) {
    out << simulate_usage();
    return std::nullopt;
  }
  SimulateRequest r;
  const std::string model = value_of(o, "--model").value_or(kDefaultModel);
  r.entry = examples::find_model(model);
  if (!r.entry) {
    std::string names;
    for (const auto& m : examples::models()) names += (names.empty() ? "" : ", ") + m.name;
    errors.push_back("--model '" + model + "': unknown (" + names + ")");
  }
  // A model built from the 26 benchmark parameters (the bicycle) takes them from --bike; it has no paper's
  // run to default to, so --t, --dt and the speed are the user's.
  const bool takes_bike = r.entry && r.entry->parameters.size() == bicycle::kParameterCount;

  auto number = [&](const std::string& key, bool required, const std::function<bool(double)>& valid, const char* what) {
    return option_number(o, key, required, valid, what, errors);
  };
  // A scenario presets settings, inputs, duration and step; explicit options override it.
  const bicycle::Scenario* scenario = nullptr;
  if (auto name = value_of(o, "--scenario")) {
    scenario = bicycle::find_scenario(*name);
    if (!scenario) {
      std::string names;
      for (const auto& sc : bicycle::scenarios()) names += (names.empty() ? "" : ", ") + sc.name;
      errors.push_back("--scenario '" + *name + "': unknown (" + names + ")");
    } else if (r.entry && scenario->model != r.entry->name) {
      errors.push_back("--scenario '" + *name + "': runs --model " + scenario->model + ", not " + r.entry->name);
      scenario = nullptr;
    }
  }
  const bool from_turn = value_of(o, "--from-turn").has_value();
  r.t_end = number("--t", takes_bike && !scenario, [](double x) { return x > 0.0 && x <= 1e6; }, "must be > 0 and at most 1e6 s");
  r.dt = number("--dt", takes_bike && !scenario, [](double x) { return x >= 1e-7 && x <= 1.0; }, "must be within [1e-7, 1] s");
  if (scenario) {
    if (!r.t_end) r.t_end = scenario->duration;
    if (!r.dt) r.dt = scenario->step;
  }

  // ---- settings: --set <name>=<value> and the short options, each within the registry's range ----------
  std::map<std::string, std::string> setting_option;  // name -> the option that gave it
  auto add_setting = [&](const std::string& option, const std::string& name, const std::string& text) {
    if (!r.entry) return;
    const examples::Quantity* q = find_setting(*r.entry, name);
    if (!q) {
      errors.push_back(option + ": " + r.entry->name + " has no setting '" + name + "' (" + setting_names(*r.entry) + ")");
      return;
    }
    if (const auto it = setting_option.find(name); it != setting_option.end()) {
      errors.push_back(option + ": the setting " + name + " is given more than once (also by " + it->second + ")");
      return;
    }
    setting_option[name] = option;
    const auto x = parse_double(text);
    if (!x) {
      errors.push_back(option + " '" + text + "': not a finite number");
    } else if (!(*x >= q->min && *x <= q->max)) {
      errors.push_back(option + " '" + text + "': must be within [" + num(q->min) + ", " + num(q->max) + "] " + q->unit);
    } else {
      r.setup.settings[name] = *x;
    }
  };
  for (const auto& [option, name] : kSettingOptions)
    if (auto text = value_of(o, option)) add_setting(option, name, *text);
  each_assignment(o, "--set", "<name>=<value>", errors, add_setting);
  if (takes_bike && !scenario && !from_turn && !setting_option.count("speed") && find_setting(*r.entry, "speed"))
    errors.push_back("--speed: missing");
  if (scenario)
    for (const auto& [name, value] : scenario->settings())
      if (!r.setup.settings.count(name)) r.setup.settings[name] = value;

  // ---- inputs: --input <name>=<spec> and the short options (names checked once the model is built) ------
  auto add_input = [&](const std::string& option, const std::string& name, const std::string& text) {
    if (r.input_options.count(name)) {
      errors.push_back(option + ": the input " + name + " is given more than once (also by " + r.input_options[name] + ")");
      return;
    }
    r.input_options[name] = option;
    std::string why;
    if (auto signal = examples::parse_input_signal(text, why)) r.inputs[name] = *signal;
    else errors.push_back(option + " '" + text + "': " + why);
  };
  for (const auto& [option, name] : kInputOptions)
    if (auto text = value_of(o, option)) add_input(option, name, *text);
  each_assignment(o, "--input", "<name>=<spec>", errors, add_input);
  if (scenario)
    for (const auto& [name, signal] : scenario->inputs())
      if (!r.inputs.count(name)) {
        r.inputs[name] = signal;
        r.input_options[name] = "--scenario";
      }

  r.methods.tolerance = number("--tolerance", false, [](double x) { return x >= 1e-15 && x <= 1e-3; }, "must be within [1e-15, 1e-3]");
  r.methods.adaptive_tolerance =
      number("--adaptive-tolerance", false, [](double x) { return x >= 1e-14 && x <= 1e-3; }, "must be within [1e-14, 1e-3]");
  const auto gain = [](double x) { return x >= 0.0 && x <= 1000.0; };
  const auto alpha = number("--baumgarte-alpha", false, gain, "must be within [0, 1000] 1/s");
  const auto beta = number("--baumgarte-beta", false, gain, "must be within [0, 1000] 1/s");
  if (alpha || beta) r.methods.gains = examples::baumgarte_gains(alpha.value_or(10.0), beta.value_or(10.0));
  if (auto text = value_of(o, "--csv-every")) {
    const auto n = parse_count(*text);
    if (!n || *n < 1) errors.push_back("--csv-every '" + *text + "': must be a positive integer");
    else r.csv_every = *n;
  }
  auto method = [&](const std::string& key, auto&& parse, auto& slot) {
    if (auto text = value_of(o, key)) {
      try {
        slot = parse(*text);
      } catch (const std::exception&) {
        errors.push_back(key + " '" + *text + "': unknown");
      }
    }
  };
  method("--integrator", parse_integrator_method, r.methods.integrator);
  method("--solver", parse_acceleration_method, r.methods.solver);
  method("--stabilization", parse_stabilization_method, r.methods.stabilization);

  if (auto variant = value_of(o, "--variant")) {
    if (r.entry && r.entry->variants.empty()) errors.push_back("--variant: " + r.entry->name + " has no variants");
    else r.setup.variant = *variant;
  }
  std::optional<bicycle::Parameters> params;
  if (takes_bike) {
    params = load_bike_parameters(value_of(o, "--bike"), errors);
    if (params) r.setup.parameters = bicycle::parameter_values(*params);
  } else if (r.entry) {
    for (const char* key : {"--bike", "--from-turn"})
      if (value_of(o, key)) errors.push_back(std::string(key) + ": " + r.entry->name + " is not built from the 26 benchmark parameters");
  }
  r.csv_path = value_of(o, "--csv");
  if (value_of(o, "--csv-every") && !r.csv_path) errors.push_back("--csv-every: only with --csv");  // it had been ignored (a tester)
  r.json = o.flags.count("--json") > 0;

  // ---- a steady turn to start on (the bicycle's, `carvallo turn`) --------------------------------------
  std::optional<TurnRequest> turn_request;
  if (from_turn && takes_bike) {
    for (const char* name : {"speed", "roll", "steer", "steer_rate"})
      if (setting_option.count(name)) errors.push_back(setting_option[name] + ": not with --from-turn (the turn sets the initial state)");
    if (value_of(o, "--scenario")) errors.push_back("--scenario: not with --from-turn (the turn sets the initial state)");
    turn_request = parse_turn_request(*value_of(o, "--from-turn"), errors);
  }
  const auto steer_torque = r.inputs.find("steer_torque");
  if (turn_request && steer_torque != r.inputs.end() && steer_torque->second.kind != examples::InputSignal::Kind::Constant &&
      steer_torque->second.kind != examples::InputSignal::Kind::None)
    errors.push_back(r.input_options["steer_torque"] + ": with --from-turn only a constant torque (the turn's) is accepted");
  if (!errors.empty()) {
    status = fail(err, "simulate", errors);
    return std::nullopt;
  }
  if (turn_request) {
    const double torque = steer_torque != r.inputs.end() ? steer_torque->second.value(0.0) : 0.0;
    std::optional<bicycle::SteadyTurn> turn;
    try {
      const bicycle::TurnSolver turn_solver(*params, torque);
      bicycle::TurnOptions topt;
      topt.stability = false;
      for (auto& t : turn_solver.at_lean(turn_request->lean, topt))
        if (t.family == turn_request->family && (!turn || std::abs(t.steer) < std::abs(turn->steer))) turn = t;
    } catch (const std::exception& e) {
      err << "carvallo simulate: error: " << e.what() << "\n";
      status = 2;
      return std::nullopt;
    }
    if (!turn) {
      status = fail(err, "simulate", {"--from-turn: no " + turn_request->family + " turn at lean " + num(turn_request->lean) +
                                      " rad (see carvallo turn --lean " + num(turn_request->lean) + ")"});
      return std::nullopt;
    }
    // The registry's initial motion cannot hold a reversed handlebar (|steer| < 1.5): start upright at the
    // turn's speed, then replace the state by the turn's (ModelRun::set_state) and kick it by the roll rate.
    bicycle::ride_turn_settings(*turn, r.setup.settings);
    r.start_state = turn->state;
    if (const auto it = r.setup.settings.find("roll_rate"); it != r.setup.settings.end()) r.kick = it->second;
  }
  return r;
}

}  // namespace carvallo::cli
