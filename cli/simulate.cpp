// `carvallo simulate`: runs the request its options give (simulate_options.cpp) for any registered model,
// the bicycle included, and writes a CSV of the trajectory and a summary (text or JSON). See
// `carvallo simulate --help` and docs/bicycle.md, docs/examples.md.
#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/simulate.hpp"
#include "cli/simulate_options.hpp"
#include "cli/replay.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/partitioning.hpp"
#include "carvallo/simulation.hpp"
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
#include <string>

namespace carvallo::cli {

namespace {

constexpr long kMaxSteps = 100'000'000;

std::string num(double x) { return cli::format_exact(x); }  // %.17g, not carvallo::format_for_message

std::string csv_name(std::string s) {
  for (char& c : s)
    if (c == ' ' || c == ',' || c == '"') c = '_';
  return s;
}

}  // namespace

int simulate_loop(const examples::ModelRun& run, const std::function<const StepReport&(double)>& step, double h, double duration,
                  const std::optional<std::string>& csv_path, long csv_every, bool json, bool final_state, std::ostream& out,
                  std::ostream& err, const std::function<double()>& energy_reference) {
  const double n_real = std::ceil(duration / h - 1e-9);
  if (!(n_real >= 1.0) || n_real > static_cast<double>(kMaxSteps))
    return fail(err, "simulate", {"--t / --dt: " + num(duration) + " s in steps of " + num(h) + " s is " + num(n_real) +
                                  " steps; at most " + std::to_string(kMaxSteps) + " are allowed"});
  const auto steps = static_cast<long>(n_real);
  // The run ends at --t, not at the next whole step past it (a tester's --t 1 --dt 0.3 ended at 1.2 s): the
  // last step is shorter where h does not divide the duration (a multistep method restarts for it).
  const double last_h = duration - static_cast<double>(steps - 1) * h;
  const bool short_last = last_h < h * (1.0 - 1e-9);
  // "-" is standard output, the Unix convention (a tester's `--csv -` had written a file named "-"); the
  // summary then goes to standard error, so the CSV stays parseable.
  const bool csv_to_stdout = csv_path && *csv_path == "-";
  std::ofstream csv_file;
  if (csv_path && !csv_to_stdout) {
    csv_file.open(*csv_path, std::ios::binary | std::ios::trunc);
    if (!csv_file) return fail(err, "simulate", {"--csv '" + *csv_path + "': cannot be written"});
  }
  std::ostream& csv = csv_to_stdout ? out : csv_file;
  std::ostream& summary = csv_to_stdout ? err : out;
  std::vector<double> values;
  std::string line;
  // Each column once: a model's probes repeat coordinates by name (Appell-Hamel's theta, phi, x, y, z) and
  // most have an energy probe beside the run's energy column, and pandas and csv.DictReader drop or rename a
  // repeated name (a tester). A name's first column is kept, the run's energy only where no probe is one.
  std::vector<bool> kept;
  std::vector<std::string> names{"t"};
  for (const auto& c : run.output_names()) {
    const std::string name = csv_name(c);
    kept.push_back(std::find(names.begin(), names.end(), name) == names.end());
    if (kept.back()) names.push_back(name);
  }
  const bool energy_column = std::find(names.begin(), names.end(), "energy") == names.end();
  auto write_row = [&](const StepReport& r, double energy) {
    if (!csv_path) return;
    run.output_values(values);
    line = num(run.state().t);
    for (std::size_t k = 0; k < values.size(); ++k)
      if (k >= kept.size() || kept[k]) line += ',' + num(values[k]);
    line += ',' + num(r.C_norm) + ',' + num(std::max(r.Cdot_norm, r.D_norm));
    if (energy_column) line += ',' + num(energy);
    line += '\n';
    csv << line;
  };
  if (csv_path) {
    line = "t";
    for (std::size_t k = 1; k < names.size(); ++k) line += ',' + names[k];
    line += energy_column ? ",position_violation,velocity_violation,energy\n" : ",position_violation,velocity_violation\n";
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
  // The time of the last step that succeeded: a failed step may have moved the run's clock before its state
  // was found diverged (a tester's summary said "t_end": 0.001 after 0 steps, its CSV's last row t = 0).
  double t_reached = run.state().t;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < steps && !run.ended(); ++i) {
    try {
      const StepReport& r = step(short_last && i + 1 == steps ? last_h : h);
      const double e = r.energy;  // the step's diagnostics (kinetic + potential), as run.energy() would give
      if (!std::isfinite(e) || !std::isfinite(r.C_norm) || !std::isfinite(r.Cdot_norm) || !std::isfinite(r.D_norm))
        throw SolverError(SolverError::Kind::NonFinite, "the state diverged (non-finite energy or violation)", run.state().t);
      ++done;
      t_reached = run.state().t;
      max_c = std::max(max_c, r.C_norm);
      max_position_target = std::max(max_position_target, reachable_position_tolerance(tolerances, run.state().q));
      max_v = std::max({max_v, r.Cdot_norm, r.D_norm});
      max_velocity_target = std::max(max_velocity_target, r.correction.velocity_target);
      // A push (a replay's kick) adds energy: the drift is measured from the energy after it, as the page
      // does (web/logic/model_view.cpp); without one the reference is the start's.
      const double reference = energy_reference ? energy_reference() : e0;
      if (reference != 0.0) max_drift = std::max(max_drift, std::abs(e - reference) / std::abs(reference));
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
      err << "carvallo simulate: error: writing '" << (csv_to_stdout ? "standard output" : *csv_path) << "' failed\n";
      if (error.empty()) error = "writing the CSV failed";
    }
  }
  const auto fell_at = run.ended_at();
  const std::string model_name = run.entry().name, methods = run.methods();
  const bool has_energy = run.model().has_potential_energy();
  const std::string& not_conserved = run.energy_not_conserved();
  const IntegratorStats work = run.integrator_stats();
  auto opt = [](const std::optional<double>& x) { return x ? num(*x) : std::string("null"); };
  std::string text;
  if (json) {
    text += "{\"model\": \"" + model_name + "\", \"methods\": \"" + methods + "\", \"dt\": " + num(h) +
            ", \"t_end\": " + num(t_reached) + ", \"steps\": " + std::to_string(done) +
            // The integrator's own work: an adaptive method's accepted and rejected steps are not the output
            // steps (a tester could not tell whether kutta-merson-adaptive at 1 ms had ever cut a step).
            ", \"integrator_steps\": " + std::to_string(work.steps) + ", \"evaluations\": " + std::to_string(work.evaluations) +
            ", \"rejected\": " + std::to_string(work.rejected) +
            ", \"fell\": " + (fell_at ? "true" : "false") + ", \"fell_at\": " + opt(fell_at);
    if (fell_at) text += ", \"fell_reason\": \"" + run.end_reason() + "\"";
    text += ", \"max_position_violation\": " + num(max_c) + ", \"max_velocity_violation\": " + num(max_v) +
            ", \"energy_initial\": " + num(e0) + ", \"energy_final\": " + num(e_last) +
            ", \"max_energy_drift_rel\": " + (e0 != 0.0 ? num(max_drift) : std::string("null")) +
            ", \"energy_includes_potential\": " + (has_energy ? "true" : "false") +
            ", \"energy_conserved\": " + (not_conserved.empty() ? "true" : "false") +
            // What the stabilizer corrects to: scripts/soak.sh checks the violations against these.
            ", \"position_tolerance\": " + num(max_position_target) +
            ", \"velocity_tolerance\": " + num(max_velocity_target) + ", \"wall_ms\": " + num(wall_ms);
    if (final_state) {  // the state reached, to the bit (%.17g): what a replay is compared by
      const auto& st = run.state();
      auto list = [](const Eigen::VectorXd& v) {
        std::string l = "[";
        for (Eigen::Index k = 0; k < v.size(); ++k) l += (k ? ", " : "") + num(v[k]);
        return l + "]";
      };
      text += ", \"q\": " + list(st.q) + ", \"qd\": " + list(st.qd);
    }
    if (!error.empty()) {
      std::string escaped;
      for (char c : error) escaped += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      text += ", \"error\": \"" + escaped + "\"";
    }
    text += "}\n";
  } else {
    text += "model: " + model_name + " (" + methods + "), dt " + num(h) + " s\n";
    text += "t_end: " + num(t_reached) + " s after " + std::to_string(done) + " steps\n";
    text += "integrator: " + std::to_string(work.steps) + " steps, " + std::to_string(work.evaluations) + " evaluations, " +
            std::to_string(work.rejected) + " rejected\n";
    if (fell_at) text += "fell at t = " + num(*fell_at) + " s: " + run.end_reason() + "\n";
    text += "max position violation: " + num(max_c) + "\nmax velocity violation: " + num(max_v) + "\n";
    text += "energy: " + num(e0) + " -> " + num(e_last) + " J, max relative " + (not_conserved.empty() ? "drift " : "change ") +
            (e0 != 0.0 ? num(max_drift) : std::string("n/a")) +
            (not_conserved.empty() ? std::string() : " (not conserved: " + not_conserved + ")") + "\n";
    text += "wall time: " + num(wall_ms) + " ms\n";
  }
  summary << text;
  if (!error.empty()) {
    err << "carvallo simulate: error: " << error << "\n";
    return 1;
  }
  return 0;
}

int run_simulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (std::find(args.begin(), args.end(), "--replay") != args.end()) return run_replay(args, out, err);
  int status = 0;
  auto request = read_simulate_options(args, out, err, status);
  if (!request) return status;
  SimulateRequest& r = *request;
  // ---- set up: every model, the bicycle included, through the registry's one interface --------------------
  double h = 0.0, duration = 0.0;
  std::unique_ptr<examples::ModelRun> run;
  try {
    run = std::make_unique<examples::ModelRun>(*r.entry, r.setup, r.methods);
    if (r.start_state) {
      run->set_state(*r.start_state);
      if (r.kick != 0.0) run->push(r.kick);  // the bicycle's push: a roll-rate kick
    }
    std::vector<std::string> unknown;
    for (const auto& [name, signal] : r.inputs) {
      const int index = run->input_index(name);
      if (index >= 0) {
        run->set_input(static_cast<std::size_t>(index), signal);
        continue;
      }
      std::string names;
      for (const auto& c : run->input_channels()) names += (names.empty() ? "" : ", ") + c.name;
      unknown.push_back(r.input_options[name] + ": " + r.entry->name + " has no input '" + name + "' (" +
                        (names.empty() ? std::string("it has none") : "its inputs: " + names) + ")");
    }
    if (!unknown.empty()) return fail(err, "simulate", unknown);
    // An option the run's methods would not read is refused, not ignored (a tester's --baumgarte-alpha with
    // the default RGCPA had run as if it had not been given). The methods are known only now: a model's own.
    const SimulationOptions& o = run->options();
    std::vector<std::string> unused;
    if (r.methods.gains && o.stabilization != StabilizationMethod::Baumgarte)
      unused.push_back(std::string("--baumgarte-alpha, --baumgarte-beta: only with --stabilization baumgarte (this run's is ") +
                       to_string(o.stabilization) + ")");
    if (r.methods.adaptive_tolerance && !is_adaptive(o.integrator))
      unused.push_back(std::string("--adaptive-tolerance: only with an adaptive integrator (this run's is ") + to_string(o.integrator) + ")");
    if (!unused.empty()) return fail(err, "simulate", unused);
    h = r.dt.value_or(run->instance().defaults.step);
    duration = r.t_end.value_or(run->instance().defaults.duration);
  } catch (const std::exception& e) {
    err << "carvallo simulate: error: " << e.what() << "\n";
    return 2;
  }
  return simulate_loop(*run, [&](double dt) -> const StepReport& { return run->step(dt); }, h, duration, r.csv_path, r.csv_every, r.json, false,
                       out, err);
}
}  // namespace carvallo::cli
