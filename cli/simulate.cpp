// `carvallo simulate`: the nonlinear simulation of the bicycle or of any registered model, with a CSV of
// the trajectory and a JSON summary. See `carvallo simulate --help` and docs/bicycle.md, docs/examples.md.
#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/simulate.hpp"

#include "bicycle/parameters.hpp"
#include "bicycle/scenarios.hpp"
#include "bicycle/simulation.hpp"
#include "bicycle/turns.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/partitioning.hpp"
#include "carvallo/simulation.hpp"
#include "bicycle/bicycle_model.hpp"
#include "model_run.hpp"
#include "registry.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

namespace carvallo::cli {

namespace {

constexpr long kMaxSteps = 100'000'000;

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
         "                         [--steer-torque <spec>] [--roll-torque <spec>]\n"
         "       carvallo simulate --bike <b> --scenario countersteer [options]\n"
         "       carvallo simulate --bike <b> --from-turn lean=<rad>,family=<name> --t <T> --dt <h> [options]\n"
         "                         [--integrator " + integrators + "]\n"
         "                         [--solver " + solvers + "] [--stabilization " + stabilizations + "]\n"
         "                         [--csv <file>] [--json]\n"
         "       carvallo simulate --model <name> [--variant <v>] [--speed <v>] [--t <T>] [--dt <h>] [method options] [--csv <file>] [--json]\n"
         "\n"
         "Runs the nonlinear equations of motion in redundant coordinates (000 Eq 36) and reports the largest\n"
         "constraint violations and the energy drift. A fall of the bicycle ends the run cleanly.\n"
         "\n"
         "  --model <name>             a registered model (default bicycle): " + models + "\n"
         "                             (`carvallo models` lists them with their variants and the papers' methods)\n"
         "  --variant <v>              a registered model's formulation (default: its first)\n"
         "  --speed <v>                a model with a speed setting (rolling-disk, chaplygin-sleigh): its steady\n"
         "                             motion's speed, within the setting's range (default: the model's)\n"
         "bicycle:\n"
         "  --bike <preset|file.json>  the 26 benchmark parameters (required)\n"
         "  --speed <m/s>              forward speed of the rear contact point (required)\n"
         "  --roll, --steer <rad>      initial roll and steer angle (default 0; pitch is solved from the contact)\n"
         "  --roll-rate, --steer-rate <rad/s>  initial rates (default 0)\n"
         "  --fall-roll <rad>          roll beyond which the bicycle has fallen (default 1)\n"
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
         "output:\n"
         "  --csv <file>               trajectory; bicycle columns: t,x,y,yaw,roll,pitch,steer,rear_wheel,front_wheel,\n"
         "                             roll_rate,steer_rate,speed,steer_torque,roll_torque,position_violation,\n"
         "                             velocity_violation,energy;\n"
         "                             a model: t, its coordinates, its probes, the violations and energy\n"
         "  --csv-every <n>            write every n-th step (default 1)\n"
         "  --json                     summary {\"model\", \"t_end\", \"steps\", \"fell\", \"fell_at\",\n"
         "                             \"max_position_violation\", \"max_velocity_violation\", \"energy_initial\",\n"
         "                             \"energy_final\", \"max_energy_drift_rel\",\n"
         "                             \"position_tolerance\" (the largest target of the position correction:\n"
         "                             the tolerance, or 64 ulp of the largest coordinate), \"velocity_tolerance\"\n"
         "                             (likewise: the tolerance, or 64 ulp of the largest term of [Cdot; D]),\n"
         "                             \"wall_ms\", ...}\n"
         "  --help                     this text\n"
         "\n"
         "Exit status: 0 finished (or fell); 2 bad input, nothing run; 1 the solver failed (message on stderr,\n"
         "the summary and the CSV up to the last good step are still written).\n";
}

std::string num(double x) { return cli::format_exact(x); }  // %.17g, not carvallo::format_for_message

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

std::string csv_name(std::string s) {
  for (char& c : s)
    if (c == ' ' || c == ',' || c == '"') c = '_';
  return s;
}

int simulate_loop(examples::ModelRun& run, double h, double duration, const std::optional<std::string>& csv_path, long csv_every,
                  bool json, std::ostream& out, std::ostream& err) {
  const double n_real = std::ceil(duration / h - 1e-9);
  if (!(n_real >= 1.0) || n_real > static_cast<double>(kMaxSteps))
    return fail(err, "simulate", {"--t / --dt: " + num(duration) + " s in steps of " + num(h) + " s is " + num(n_real) +
                                  " steps; at most " + std::to_string(kMaxSteps) + " are allowed"});
  const auto steps = static_cast<long>(n_real);
  std::ofstream csv;
  if (csv_path) {
    csv.open(*csv_path, std::ios::binary | std::ios::trunc);
    if (!csv) return fail(err, "simulate", {"--csv '" + *csv_path + "': cannot be written"});
  }
  std::vector<double> values;
  std::string line;
  auto write_row = [&](const StepReport& r, double energy) {
    if (!csv_path) return;
    run.output_values(values);
    line = num(run.state().t);
    for (double v : values) line += ',' + num(v);
    line += ',' + num(r.C_norm) + ',' + num(std::max(r.Cdot_norm, r.D_norm)) + ',' + num(energy);
    line += '\n';
    csv << line;
  };
  if (csv_path) {
    line = "t";
    for (const auto& c : run.output_names()) line += ',' + csv_name(c);
    line += ",position_violation,velocity_violation,energy\n";
    csv << line;
  }

  const double e0 = run.energy();
  const StepReport initial = run.last_report();
  double max_c = initial.C_norm, max_v = std::max(initial.Cdot_norm, initial.D_norm), max_drift = 0.0;
  double e_last = e0;
  // The position target grows to 64 ulp of ||q||∞ far from the origin (partitioning.hpp); the largest one met.
  const Tolerances& tolerances = run.options().stabilizer.tolerances;
  double max_position_target = reachable_position_tolerance(tolerances, run.state().q);
  // Likewise the velocity target grows where round-off forbids tol.velocity (the stabilizer reports it).
  double max_velocity_target = std::max(tolerances.velocity, initial.correction.velocity_target);
  write_row(initial, e0);
  std::string error;
  long done = 0;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < steps && !run.ended(); ++i) {
    try {
      const StepReport& r = run.step(h);
      const double e = r.energy;  // the step's diagnostics (kinetic + potential), as run.energy() would give
      if (!std::isfinite(e) || !std::isfinite(r.C_norm) || !std::isfinite(r.Cdot_norm) || !std::isfinite(r.D_norm))
        throw SolverError(SolverError::Kind::NonFinite, "the state diverged (non-finite energy or violation)", run.state().t);
      ++done;
      max_c = std::max(max_c, r.C_norm);
      max_position_target = std::max(max_position_target, reachable_position_tolerance(tolerances, run.state().q));
      max_v = std::max({max_v, r.Cdot_norm, r.D_norm});
      max_velocity_target = std::max(max_velocity_target, r.correction.velocity_target);
      if (e0 != 0.0) max_drift = std::max(max_drift, std::abs(e - e0) / std::abs(e0));
      e_last = e;
      if ((i + 1) % csv_every == 0 || i + 1 == steps || run.ended()) write_row(r, e);
    } catch (const std::exception& ex) {
      error = ex.what();
      break;
    }
  }
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (csv_path) {
    csv.flush();
    if (!csv) {
      err << "carvallo simulate: error: writing '" << *csv_path << "' failed\n";
      if (error.empty()) error = "writing the CSV failed";
    }
  }
  const auto fell_at = run.ended_at();
  const std::string model_name = run.entry().name, methods = run.methods();
  const bool has_energy = run.model().has_potential_energy();
  auto opt = [](const std::optional<double>& x) { return x ? num(*x) : std::string("null"); };
  std::string text;
  if (json) {
    text += "{\"model\": \"" + model_name + "\", \"methods\": \"" + methods + "\", \"dt\": " + num(h) +
            ", \"t_end\": " + num(run.state().t) + ", \"steps\": " + std::to_string(done) +
            ", \"fell\": " + (fell_at ? "true" : "false") + ", \"fell_at\": " + opt(fell_at);
    if (fell_at) text += ", \"fell_reason\": \"" + run.end_reason() + "\"";
    text += ", \"max_position_violation\": " + num(max_c) + ", \"max_velocity_violation\": " + num(max_v) +
            ", \"energy_initial\": " + num(e0) + ", \"energy_final\": " + num(e_last) +
            ", \"max_energy_drift_rel\": " + (e0 != 0.0 ? num(max_drift) : std::string("null")) +
            ", \"energy_includes_potential\": " + (has_energy ? "true" : "false") +
            // What the stabilizer corrects to: scripts/soak.sh checks the violations against these.
            ", \"position_tolerance\": " + num(max_position_target) +
            ", \"velocity_tolerance\": " + num(max_velocity_target) + ", \"wall_ms\": " + num(wall_ms);
    if (!error.empty()) {
      std::string escaped;
      for (char c : error) escaped += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      text += ", \"error\": \"" + escaped + "\"";
    }
    text += "}\n";
  } else {
    text += "model: " + model_name + " (" + methods + "), dt " + num(h) + " s\n";
    text += "t_end: " + num(run.state().t) + " s after " + std::to_string(done) + " steps\n";
    if (fell_at) text += "fell at t = " + num(*fell_at) + " s: " + run.end_reason() + "\n";
    text += "max position violation: " + num(max_c) + "\nmax velocity violation: " + num(max_v) + "\n";
    text += "energy: " + num(e0) + " -> " + num(e_last) + " J, max relative drift " +
            (e0 != 0.0 ? num(max_drift) : std::string("n/a")) + "\n";
    text += "wall time: " + num(wall_ms) + " ms\n";
  }
  out << text;
  if (!error.empty()) {
    err << "carvallo simulate: error: " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_simulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args,
                               {"--model", "--variant", "--bike", "--speed", "--roll", "--steer", "--roll-rate",
                                "--steer-rate", "--fall-roll", "--t", "--dt", "--integrator", "--solver",
                                "--stabilization", "--tolerance", "--csv", "--csv-every", "--steer-torque",
                                "--roll-torque", "--scenario", "--from-turn"},
                               {"--json"}, errors);
  if (o.help) {
    out << simulate_usage();
    return 0;
  }
  const std::string model = value_of(o, "--model").value_or("bicycle");
  const bool bicycle_model = model == "bicycle";
  const examples::ModelEntry* entry = examples::find_model(model);
  if (!entry) {
    std::string names;
    for (const auto& m : examples::models()) names += (names.empty() ? "" : ", ") + m.name;
    errors.push_back("--model '" + model + "': unknown (" + names + ")");
  }

  // Numbers: every one named when malformed or out of range.
  auto number = [&](const std::string& key, bool required, const std::function<bool(double)>& valid, const char* what) {
    return option_number(o, key, required, valid, what, errors);
  };
  auto any = [](double) { return true; };
  auto angle = [](double x) { return std::abs(x) < 1.5; };
  // A scenario presets speed, torques, duration and step; explicit options override it.
  const bicycle::Scenario* scenario = nullptr;
  if (auto name = value_of(o, "--scenario")) {
    scenario = bicycle::find_scenario(*name);
    if (!scenario) {
      std::string names;
      for (const auto& sc : bicycle::scenarios()) names += (names.empty() ? "" : ", ") + sc.name;
      errors.push_back("--scenario '" + *name + "': unknown (" + names + ")");
    }
  }
  const bool from_turn = value_of(o, "--from-turn").has_value();
  const bool preset_run = scenario != nullptr;
  auto t_end = number("--t", bicycle_model && !preset_run, [](double x) { return x > 0.0 && x <= 1e6; }, "must be > 0 and at most 1e6 s");
  auto dt = number("--dt", bicycle_model && !preset_run, [](double x) { return x >= 1e-7 && x <= 1.0; }, "must be within [1e-7, 1] s");
  if (scenario) {
    if (!t_end) t_end = scenario->duration;
    if (!dt) dt = scenario->step;
  }
  // Rider torques.
  std::optional<examples::InputSignal> steer_torque, roll_torque;
  auto read_signal = [&](const std::string& key, std::optional<examples::InputSignal>& slot) {
    if (auto text = value_of(o, key)) {
      std::string why;
      slot = examples::parse_input_signal(*text, why);
      if (!slot) errors.push_back(key + " '" + *text + "': " + why);
    }
  };
  read_signal("--steer-torque", steer_torque);
  read_signal("--roll-torque", roll_torque);
  if (scenario) {
    if (!steer_torque) steer_torque = scenario->input.steer;
    if (!roll_torque) roll_torque = scenario->input.roll;
  }
  const auto tolerance = number("--tolerance", false, [](double x) { return x >= 1e-15 && x <= 1e-3; }, "must be within [1e-15, 1e-3]");
  long csv_every = 1;
  if (auto text = value_of(o, "--csv-every")) {
    const auto n = parse_count(*text);
    if (!n || *n < 1) errors.push_back("--csv-every '" + *text + "': must be a positive integer");
    else csv_every = *n;
  }

  std::optional<IntegratorMethod> integrator;
  std::optional<AccelerationMethod> solver;
  std::optional<StabilizationMethod> stabilization;
  auto method = [&](const std::string& key, auto&& parse, auto& slot) {
    if (auto text = value_of(o, key)) {
      try {
        slot = parse(*text);
      } catch (const std::exception&) {
        errors.push_back(key + " '" + *text + "': unknown");
      }
    }
  };
  method("--integrator", parse_integrator_method, integrator);
  method("--solver", parse_acceleration_method, solver);
  method("--stabilization", parse_stabilization_method, stabilization);

  const std::vector<std::string> bicycle_only = {"--bike", "--speed", "--roll", "--steer", "--roll-rate", "--steer-rate",
                                                 "--fall-roll", "--steer-torque", "--roll-torque", "--scenario", "--from-turn"};
  std::optional<double> speed, roll, steer, roll_rate, steer_rate, fall_roll;
  std::optional<bicycle::Parameters> params;
  if (bicycle_model) {
    if (value_of(o, "--variant")) errors.push_back("--variant: the bicycle has no variants");
    speed = number("--speed", !preset_run && !from_turn, [](double x) { return std::abs(x) <= 100.0; }, "must be within +-100 m/s");
    if (scenario && !speed) speed = scenario->motion.speed;
    if (from_turn)
      for (const char* key : {"--speed", "--roll", "--steer", "--steer-rate", "--scenario"})
        if (value_of(o, key)) errors.push_back(std::string(key) + ": not with --from-turn (the turn sets the initial state)");
    roll = number("--roll", false, angle, "must be within +-1.5 rad");
    steer = number("--steer", false, angle, "must be within +-1.5 rad");
    roll_rate = number("--roll-rate", false, any, "");
    steer_rate = number("--steer-rate", false, any, "");
    fall_roll = number("--fall-roll", false, [](double x) { return x > 0.0 && x < 1.5; }, "must be within (0, 1.5) rad");
    params = load_bike_parameters(value_of(o, "--bike"), errors);
  } else {
    // A model that declares a speed setting (the rolling disk, the Chaplygin sleigh) takes --speed, within the
    // setting's own range, as the playground's speed field sets it.
    const auto speed_setting = entry ? std::find_if(entry->settings.begin(), entry->settings.end(),
                                                    [](const examples::Quantity& q) { return q.name == "speed"; })
                                     : std::vector<examples::Quantity>::const_iterator{};
    const bool has_speed = entry && speed_setting != entry->settings.end();
    if (has_speed) {
      const double lo = speed_setting->min, hi = speed_setting->max;
      const std::string range = "must be within [" + format_exact(lo) + ", " + format_exact(hi) + "] " + speed_setting->unit;
      speed = number("--speed", false, [lo, hi](double x) { return x >= lo && x <= hi; }, range.c_str());
    }
    for (const auto& key : bicycle_only)
      if (value_of(o, key) && !(has_speed && key == "--speed"))
        errors.push_back(key + ": only for --model bicycle" + (key == "--speed" ? " and models with a speed setting" : ""));
  }
  const auto csv_path = value_of(o, "--csv");
  std::optional<TurnRequest> turn_request;
  if (from_turn && bicycle_model) turn_request = parse_turn_request(*value_of(o, "--from-turn"), errors);
  if (turn_request && steer_torque && steer_torque->kind != examples::InputSignal::Kind::Constant &&
      steer_torque->kind != examples::InputSignal::Kind::None)
    errors.push_back("--steer-torque: with --from-turn only a constant torque (the turn's) is accepted");
  if (!errors.empty()) return fail(err, "simulate", errors);

  // The steady turn to start on.
  std::optional<State> start_state;
  if (turn_request) {
    const double torque = steer_torque ? steer_torque->value(0.0) : 0.0;
    std::optional<bicycle::SteadyTurn> turn;
    try {
      const bicycle::TurnSolver turn_solver(*params, torque);
      bicycle::TurnOptions topt;
      topt.stability = false;
      for (auto& t : turn_solver.at_lean(turn_request->lean, topt))
        if (t.family == turn_request->family && (!turn || std::abs(t.steer) < std::abs(turn->steer))) turn = t;
    } catch (const std::exception& e) {
      err << "carvallo simulate: error: " << e.what() << "\n";
      return 2;
    }
    if (!turn)
      return fail(err, "simulate", {"--from-turn: no " + turn_request->family + " turn at lean " + num(turn_request->lean) +
                                    " rad (see carvallo turn --lean " + num(turn_request->lean) + ")"});
    // The registry's initial motion cannot hold a reversed handlebar (|steer| < 1.5): start upright at the
    // turn's speed, then replace the state by the turn's (ModelRun::set_state).
    speed = turn->speed;
    roll = turn->lean;
    steer = 0.0;
    start_state = turn->state;
  }
  // A reversed handlebar is where such a turn lives, not a fall.
  const bool reversed_turn = turn_request && turn_request->family == bicycle::kHandlebarReversed;

  // ---- set up: every model, the bicycle included, through the registry's one interface --------------------
  examples::ModelSetup setup(value_of(o, "--variant").value_or(""));
  examples::MethodChoice choices;
  choices.integrator = integrator;
  choices.solver = solver;
  choices.stabilization = stabilization;
  choices.tolerance = tolerance;
  double h = 0.0, duration = 0.0;
  std::unique_ptr<examples::ModelRun> run;
  try {
    if (bicycle_model) {
      setup.variant.clear();
      setup.parameters = bicycle::parameter_values(*params);
      setup.settings = {{"speed", *speed}, {"roll", roll.value_or(0.0)}, {"steer", steer.value_or(0.0)},
                        {"roll_rate", roll_rate.value_or(0.0)}, {"steer_rate", steer_rate.value_or(0.0)}};
      if (fall_roll) setup.settings["fall_roll"] = *fall_roll;
      if (reversed_turn) setup.settings["fall_steer"] = 4.0;
    } else if (speed) {
      setup.settings["speed"] = *speed;
    }
    run = std::make_unique<examples::ModelRun>(*entry, setup, choices);
    if (start_state) {
      run->set_state(*start_state);
      if (roll_rate && *roll_rate != 0.0) run->push(*roll_rate);  // the bicycle's push: a roll-rate kick
    }
    if (bicycle_model) {
      if (steer_torque) run->set_input(static_cast<std::size_t>(run->input_index("steer_torque")), *steer_torque);
      if (roll_torque) run->set_input(static_cast<std::size_t>(run->input_index("roll_torque")), *roll_torque);
    }
    h = dt.value_or(run->instance().defaults.step);
    duration = t_end.value_or(run->instance().defaults.duration);
  } catch (const std::exception& e) {
    err << "carvallo simulate: error: " << e.what() << "\n";
    return 2;
  }
  return simulate_loop(*run, h, duration, csv_path, csv_every, o.flags.count("--json") > 0, out, err);
}
}  // namespace carvallo::cli
