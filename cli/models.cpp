// `carvallo models`: the registered models, their variants and the method, step and duration of their papers.
#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/simulate.hpp"

#include "registry.hpp"

#include <optional>
#include <ostream>
#include <string>

namespace carvallo::cli {

namespace {

std::string list(const std::vector<std::string>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + json_string(v[i]);
  return s + "]";
}

}  // namespace

int run_models(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {}, {"--json"}, errors);
  if (o.help) {
    out << "usage: carvallo models [--json]\n\n"
           "The models `carvallo simulate --model <name>` runs: the bicycle and every registered mechanism, with\n"
           "their variants (formulations), sizes and the method, step and duration of their papers.\n"
           "  --json   [{\"name\", \"title\", \"description\", \"variants\", \"coordinates\", \"holonomic\",\n"
           "            \"nonholonomic\", \"defaults\": {\"solver\", \"integrator\", \"stabilization\", \"dt\", \"t\"},\n"
           "            \"settings\": [{\"name\", \"unit\", \"default\", \"min\", \"max\", \"description\"}, ...] (simulate --set),\n"
           "            \"inputs\": [{\"name\", \"unit\", \"description\"}, ...] (simulate --input)}, ...]\n";
    return 0;
  }
  if (!errors.empty()) return fail(err, "models", errors);
  const bool json = o.flags.count("--json") > 0;
  std::string text = json ? "[\n" : "";
  bool first = true;
  for (const auto& m : examples::models()) {
    std::optional<examples::ModelInstance> made;
    try {
      made.emplace(m.make(examples::ModelSetup{}));
    } catch (const std::exception& e) {
      err << "carvallo models: error: building '" << m.name << "': " << e.what() << "\n";
      return 1;
    }
    const examples::ModelInstance& inst = *made;
    const auto& d = inst.defaults;
    // A model built from a parameter table (the bicycle: --bike) is run for a duration and step the user
    // gives (--t, --dt): it has no paper's run to default to.
    const bool needs_run = !m.parameters.empty();
    const std::string dt = needs_run ? "null" : cli::format_exact(d.step), t = needs_run ? "null" : cli::format_exact(d.duration);
    if (json) {
      text += std::string(first ? "" : ",\n") + "  {\"name\": " + json_string(m.name) + ", \"title\": " + json_string(m.title) + ", \"description\": " +
              json_string(m.description) + ", \"variants\": " + list(m.variants) +
              ", \"coordinates\": " + std::to_string(inst.model.nq()) + ", \"holonomic\": " + std::to_string(inst.model.nch()) +
              ", \"nonholonomic\": " + std::to_string(inst.model.ncnh()) + ", \"defaults\": {\"solver\": " +
              json_string(to_string(d.acceleration)) + ", \"integrator\": " + json_string(to_string(d.integrator)) +
              ", \"stabilization\": " + json_string(d.stabilizer) + ", \"dt\": " + dt + ", \"t\": " + t + "}";
      std::string settings, inputs;
      for (const auto& q : m.settings)
        settings += std::string(settings.empty() ? "" : ", ") + "{\"name\": " + json_string(q.name) + ", \"unit\": " + json_string(q.unit) +
                    ", \"default\": " + cli::format_exact(q.value) + ", \"min\": " + cli::format_exact(q.min) +
                    ", \"max\": " + cli::format_exact(q.max) + ", \"description\": " + json_string(q.description) + "}";
      for (const auto& c : inst.inputs)
        inputs += std::string(inputs.empty() ? "" : ", ") + "{\"name\": " + json_string(c.name) + ", \"unit\": " + json_string(c.unit) +
                  ", \"description\": " + json_string(c.description) + "}";
      text += ", \"settings\": [" + settings + "], \"inputs\": [" + inputs + "]}";
    } else {
      std::string variants;
      for (const auto& v : m.variants) variants += (variants.empty() ? "" : "|") + v;
      text += m.name + "  " + m.title + " [" + variants + "]; " + to_string(d.acceleration) + ", " +
              to_string(d.integrator) + ", " + d.stabilizer +
              (needs_run ? std::string(" (needs --bike, --speed, --t, --dt)")
                         : ", dt " + cli::format_exact(d.step) + " s, " + cli::format_exact(d.duration) + " s") + "\n";
    }
    first = false;
  }
  if (json) text += "\n]\n";
  out << text;
  return 0;
}

}  // namespace carvallo::cli
