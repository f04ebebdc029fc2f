#include "logic/run_csv.hpp"
#include "logic/plot_data.hpp"

#include "carvallo/integrators.hpp"

#include <cmath>
#include <functional>
#include <vector>

namespace carvallo::web {

namespace {

std::string column(const std::string& name, const std::string& unit) { return unit.empty() ? name : name + " [" + unit + "]"; }

}  // namespace

std::string run_csv(const UiState& state, const ModelView& view) {
  const examples::ModelRun& run = view.run();
  const examples::ModelInstance& inst = run.instance();
  const examples::ModelEntry& entry = run.entry();
  const SimulationSettings& sim = state.sim;
  std::string head = "# carvallo simulation: " + entry.name + " (" + entry.title + ")\n";
  if (!state.variant.empty()) head += "# variant: " + state.variant + "\n";
  const examples::ModelSetup setup = model_setup(state);
  if (!entry.settings.empty()) {
    head += "# settings:";
    for (const auto& q : entry.settings) {
      const auto it = setup.settings.find(q.name);
      head += " " + q.name + "=" + format_shortest(it != setup.settings.end() ? it->second : q.value) + " " + q.unit + ";";
    }
    head += "\n";
  }
  if (!entry.parameters.empty() && setup.parameters.size() == entry.parameters.size()) {
    head += "# parameters:";
    for (std::size_t k = 0; k < entry.parameters.size(); ++k)
      head += " " + entry.parameters[k].name + "=" + format_shortest(setup.parameters[k]) + " " + entry.parameters[k].unit + ";";
    head += "\n";
  }
  if (!state.from_turn.empty()) head += "# started on the steady turn " + state.from_turn + "\n";
  head += "# methods: " + run.methods() + " (solver, integrator, stabilization); dt = " + format_shortest(sim.time_step) + " s\n";
  head += "# correction tolerance " + format_shortest(sim.correction_tolerance);
  if (is_adaptive(run.options().integrator)) head += "; adaptive integrator's relative tolerance " + format_shortest(sim.tolerance);
  if (run.options().stabilization == StabilizationMethod::Baumgarte)
    head += "; Baumgarte alpha = " + format_shortest(sim.baumgarte_alpha) + " 1/s, beta = " + format_shortest(sim.baumgarte_beta) + " 1/s";
  head += "\n# violations: infinity norms of C (m or rad, as each constraint is), dC/dt and D (m/s or rad/s)\n";

  std::vector<std::string> names;
  bool energy_probe = false;
  for (const auto& p : inst.probes) {
    names.push_back(column(p.name, p.unit));
    energy_probe = energy_probe || p.name == "energy";
  }
  const std::size_t np = inst.probes.size(), ni = inst.inputs.size();
  for (const auto& c : inst.inputs) names.push_back(column(c.name, c.unit));
  if (!energy_probe) names.push_back("energy [J]");
  names.push_back("position_violation");
  names.push_back("velocity_violation");
  names.push_back("nonholonomic_violation");
  const std::size_t after = np + ni + (energy_probe ? 0 : 1);
  const std::function<double(std::size_t, const RunSample&)> value = [&](std::size_t k, const RunSample& m) {
    if (k < np) return k < m.probes.size() ? m.probes[k] : NAN;
    if (k < np + ni) return k - np < m.inputs.size() ? m.inputs[k - np] : NAN;
    if (!energy_probe && k == np + ni) return m.energy;
    const std::size_t v = k - after;
    return v == 0 ? m.C : v == 1 ? m.Cdot : m.D;
  };
  std::string csv = history_csv(view.history(), names, value);
  // history_csv's time column, with its unit in the same form as the others.
  if (csv.rfind("t_s", 0) == 0) csv.replace(0, 3, "t [s]");
  return head + csv;
}

}  // namespace carvallo::web
