#include "logic/method_compare.hpp"

#include "logic/language.hpp"

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

namespace carvallo::web {

namespace {

// The numeric parts of a run, with the link fields' own ranges (state_fields.cpp: dt, tol, ctol, alpha, beta).
struct NumberPart {
  const char* prefix;
  double lo, hi;
  std::optional<double> MethodChange::*member;
};
constexpr NumberPart kNumberParts[] = {
    {"dt", 1e-5, 0.05, &MethodChange::time_step},     {"tol", 1e-14, 1e-3, &MethodChange::tolerance},
    {"ctol", 1e-15, 1e-3, &MethodChange::correction_tolerance}, {"alpha", 0.0, 1000.0, &MethodChange::alpha},
    {"beta", 0.0, 1000.0, &MethodChange::beta},
};

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::string shown_part(std::string_view part) {
  std::string out;
  for (char ch : part.substr(0, 24)) out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  return part.size() > 24 ? out + "..." : out;
}

// One part into `change`; "" when it reads, else why not.
std::string read_part(std::string_view part, MethodChange& change) {
  const auto word = [&](std::optional<std::string>& slot, const std::vector<std::string>& names, const char* what) -> std::optional<std::string> {
    if (std::find(names.begin(), names.end(), part) == names.end()) return std::nullopt;
    if (slot) return "two " + std::string(what) + "s in one run ('" + *slot + "' and '" + std::string(part) + "')";
    slot = std::string(part);
    return std::string();
  };
  if (auto r = word(change.stabilization, stabilization_method_names(), "stabilization")) return *r;
  if (auto r = word(change.integrator, integrator_names(), "integrator")) return *r;
  if (auto r = word(change.solver, acceleration_method_names(), "formulation")) return *r;
  // The longest prefix first: "ctol" is not "tol" with a 'c'.
  const NumberPart* best = nullptr;
  for (const auto& n : kNumberParts)
    if (part.substr(0, std::string_view(n.prefix).size()) == n.prefix && (!best || std::string_view(n.prefix).size() > std::string_view(best->prefix).size()))
      best = &n;
  if (best) {
    const auto value = parse_plain_number(part.substr(std::string_view(best->prefix).size()));
    if (!value || !(*value >= best->lo && *value <= best->hi))
      return "'" + shown_part(part) + "': " + best->prefix + " takes a number in [" + format_shortest(best->lo) + ", " +
             format_shortest(best->hi) + "]";
    auto& slot = change.*(best->member);
    if (slot) return "two values of " + std::string(best->prefix) + " in one run";
    slot = *value;
    return {};
  }
  return "'" + shown_part(part) + "' is not a method: expected a stabilization (" + joined(stabilization_method_names()) +
         "), an integrator (" + joined(integrator_names()) + "), a formulation (" + joined(acceleration_method_names()) +
         ") or dt<s>, tol<x>, ctol<x>, alpha<1/s>, beta<1/s>";
}

}  // namespace

std::optional<std::vector<MethodChange>> read_method_changes(std::string_view text, std::string& error) {
  error.clear();
  std::vector<MethodChange> out;
  if (text.empty()) return out;
  if (text.size() > 400) {
    error = "compare= is " + std::to_string(text.size()) + " characters long; at most 400";
    return std::nullopt;
  }
  const auto runs = split(text, ',');
  if (runs.size() > kMaxComparedRuns) {
    error = "compare= lists " + std::to_string(runs.size()) + " runs; at most " + std::to_string(kMaxComparedRuns) +
            " beside the one shown";
    return std::nullopt;
  }
  for (const auto run : runs) {
    if (run.empty()) {
      error = "compare= has an empty run (two commas, or one at an end)";
      return std::nullopt;
    }
    MethodChange change;
    for (const auto part : split(run, ':')) {
      if (const std::string why = read_part(part, change); !why.empty()) {
        error = "compare=: " + why;
        return std::nullopt;
      }
    }
    out.push_back(change);
  }
  return out;
}

std::string method_changes_text(const std::vector<MethodChange>& changes) {
  std::string out;
  for (const auto& c : changes) {
    std::string run;
    const auto add = [&](const std::string& part) { run += (run.empty() ? "" : ":") + part; };
    for (const auto* w : {&c.stabilization, &c.integrator, &c.solver})
      if (*w) add(**w);
    for (const auto& n : kNumberParts)
      if (const auto& v = c.*(n.member)) add(n.prefix + format_shortest(*v));
    out += (out.empty() ? "" : ",") + run;
  }
  return out;
}

std::optional<std::string> check_method_changes(std::string_view text, std::string& canonical) {
  std::string error;
  const auto changes = read_method_changes(text, error);
  if (!changes) return error;
  canonical = method_changes_text(*changes);
  return std::nullopt;
}

UiState with_methods(const UiState& state, const MethodChange& change) {
  UiState s = state;
  SimulationSettings& m = s.sim;
  if (change.stabilization) m.stabilization = *change.stabilization;
  if (change.integrator) m.integrator = *change.integrator;
  if (change.solver) m.solver = *change.solver;
  if (change.time_step) m.time_step = *change.time_step;
  if (change.tolerance) m.tolerance = *change.tolerance;
  if (change.correction_tolerance) m.correction_tolerance = *change.correction_tolerance;
  if (change.alpha) m.baumgarte_alpha = *change.alpha;
  if (change.beta) m.baumgarte_beta = *change.beta;
  return s;
}

std::string methods_label(const UiState& state) {
  const SimulationSettings& m = state.sim;
  std::string label = m.solver + ", " + m.integrator + " " + format_shortest(m.time_step * 1e3) + " ms";
  if (is_adaptive(parse_integrator_method(m.integrator))) label += " tol " + format_shortest(m.tolerance);
  label += ", " + m.stabilization;
  if (m.stabilization == "baumgarte")
    label += " alpha " + format_shortest(m.baumgarte_alpha) + " beta " + format_shortest(m.baumgarte_beta);
  return label;
}

std::string shown_run_title(const UiState& state) {
  // "shown" alone left a room asking which method the blue run was (a tester).
  std::string error, own;
  const auto changes = read_method_changes(state.compare, error);
  if (changes && !changes->empty()) {
    const MethodChange& c = changes->front();
    const auto add = [&own](const std::string& part) { own += (own.empty() ? "" : ":") + part; };
    if (c.stabilization) add(state.sim.stabilization);
    if (c.integrator) add(state.sim.integrator);
    if (c.solver) add(state.sim.solver);
    if (c.time_step) add("dt" + format_shortest(state.sim.time_step));
  }
  return own.empty() ? tr("shown") : trf("shown: %s", own.c_str());
}

const std::vector<examples::MethodStudy>& general_studies() {
  static const std::vector<examples::MethodStudy> list = {
      // At 20 ms the unstabilized run leaves its constraints visibly within seconds (the slider-crank by
      // 0.27 m in 6 s, the four-bar by 2e-5 m in 8 s), where the papers' 1 ms keeps it near round-off.
      // The titles stay English here (a study is known by its title); the panels show them through tr.
      {translatable("Drift: no stabilization at 20 ms beside Baumgarte, direct correction and RGCPA"), "", "none:dt0.02",
       "baumgarte,direct,rgcpa", ""},
      // Unstabilized, so that |C| shows each integrator's own error: under the shown run's stabilization
      // (RGCPA by default) every curve lay at round-off and the plot compared nothing (a tester). The
      // four-bar's 2 s at 1 ms: |C| max 6.0e-11 m (AB4), 8.4e-13 (RK4), 2.4e-11 and 4.8e-11 (DOPRI5 and
      // Kutta-Merson at their tolerance 1e-10).
      {translatable("Integrators, unstabilized: AB4 beside RK4, DOPRI5 and adaptive Kutta-Merson"), "", "none:ab4",
       "rk4,dopri5,kutta-merson-adaptive", ""},
  };
  return list;
}

std::vector<examples::MethodStudy> studies_for(const std::string& model) {
  std::vector<examples::MethodStudy> out;
  if (const auto* entry = examples::find_model(model)) out = entry->studies;
  out.insert(out.end(), general_studies().begin(), general_studies().end());
  return out;
}

namespace {
std::string effective_variant(const std::string& model, const std::string& variant) {
  const auto* entry = examples::find_model(model);
  return variant.empty() && entry && !entry->variants.empty() ? entry->variants.front() : variant;
}
}  // namespace

std::optional<std::string> apply_study(UiState& state, const examples::MethodStudy& study) {
  std::string error;
  const auto shown = read_method_changes(study.shown, error);
  if (!shown || shown->size() != 1) return "the study's shown run does not read: " + error;
  std::string canonical;
  if (auto why = check_method_changes(study.compare, canonical)) return *why;
  if (!study.variant.empty() && effective_variant(state.model, state.variant) != study.variant) state.variant = study.variant;
  state = with_methods(state, shown->front());
  state.compare = canonical;
  return std::nullopt;
}

std::optional<examples::MethodStudy> study_shown(const UiState& state) {
  for (const auto& study : studies_for(state.model)) {
    UiState s = state;
    // Applying it again changes nothing: the state is the study's.
    if (!apply_study(s, study) && s.variant == state.variant && s.compare == state.compare && s.sim == state.sim) return study;
  }
  return std::nullopt;
}

long matching_step(long k, double shown_h, double h) { return std::lround(static_cast<double>(k) * shown_h / h); }

namespace {

using Clock = std::chrono::steady_clock;

// Moves `v` to its step k: back within its history, forward by stepping. False when the deadline passed
// first (it goes on from there next time).
bool go_to(ModelView& v, long k, Clock::time_point deadline) {
  if (v.shows_step(k)) return true;
  if (k <= v.last_step()) {
    v.seek_step(std::max(k, v.first_step()));  // from the nearest checkpoint: at most its interval of steps
    return true;
  }
  if (v.step_index() < v.last_step()) v.seek_step(v.last_step());
  while (v.step_index() < k && !v.run().ended()) {
    v.step(static_cast<int>(std::min<long>(k - v.step_index(), 32)));
    if (v.step_index() < k && Clock::now() > deadline) return false;
  }
  return true;
}

// The shown run's event, as this run's own input.
void hand_on(ModelView& v, const InputEvent& e) {
  switch (e.kind) {
    case InputEvent::Kind::push: v.push(e.value); return;
    case InputEvent::Kind::hold: v.hold_input(e.index, e.value); return;
    case InputEvent::Kind::drag:
      v.pull(e.index, Eigen::Vector3d(e.local[0], e.local[1], e.local[2]), Eigen::Vector3d(e.target[0], e.target[1], e.target[2]));
      return;
    case InputEvent::Kind::release: v.let_go(); return;
  }
}

}  // namespace

void MethodComparison::follow(const UiState& state, const ModelView& shown, double budget_ms) {
  const std::string key = state.compare + "|" + std::to_string(shown.id());
  if (key != key_) {
    key_ = key;
    runs_.clear();
    std::string error;  // compare= was checked when it entered the state; one that does not read compares nothing
    for (const auto& change : read_method_changes(state.compare, error).value_or(std::vector<MethodChange>{})) {
      Run run;
      run.change = change;
      run.label = method_changes_text({change});
      const UiState s = with_methods(state, change);
      run.methods = methods_label(s);
      try {
        run.view = std::make_unique<ModelView>(s);
        // As the methods menu: a formulation the model cannot use is not run (the gear train's singular M).
        run.error = examples::unusable_solver(run.view->run().instance(), parse_acceleration_method(s.sim.solver));
        if (!run.error.empty()) run.view.reset();
      } catch (const std::exception& e) {
        run.error = e.what();
      }
      runs_.push_back(std::move(run));
    }
  }
  const auto deadline = Clock::now() + std::chrono::microseconds(static_cast<long>(budget_ms * 1e3));
  const auto& log = shown.log();
  for (Run& run : runs_) {
    if (!run.view || !run.error.empty()) continue;
    ModelView& v = *run.view;
    const double h = v.time_step(), shown_h = shown.time_step();
    const auto own = [&](InputEvent e) {
      e.step = matching_step(e.step, shown_h, h);
      return e;
    };
    try {
      // The shown run's past changed (an input after a rewind, a replay link): this run's inputs are
      // replaced by what the two still share, from its start.
      std::size_t common = 0;
      while (common < run.sent.size() && common < log.size() && run.sent[common] == log[common]) ++common;
      if (common < run.sent.size()) {
        run.sent.resize(common);
        std::vector<InputEvent> kept;
        for (const auto& e : run.sent) kept.push_back(own(e));
        if (!v.set_log(kept).empty()) {  // its start is no longer kept: built afresh
          run.view = std::make_unique<ModelView>(with_methods(state, run.change));
          if (const std::string why = run.view->set_log(kept); !why.empty()) throw std::runtime_error(why);
        }
      }
      ModelView& w = *run.view;
      for (std::size_t i = run.sent.size(); i < shown.applied_events(); ++i) {
        if (!go_to(w, own(log[i]).step, deadline)) return;
        hand_on(w, log[i]);
        run.sent.push_back(log[i]);
      }
      if (!go_to(w, matching_step(shown.step_index(), shown_h, h), deadline)) return;
    } catch (...) {
      const auto history = run.view->history();
      run.error = stopped_run_text(run.view->time(), run.view->time_step(), history.empty() ? 0.0 : history.back().C,
                                   with_methods(state, run.change).sim.stabilization);
    }
  }
}

namespace {
ComparisonRow row_of(const std::string& label, const std::string& methods, const ModelView& v) {
  ComparisonRow r;
  r.label = label;
  r.methods = methods;
  const auto work = v.work_shown();  // to the moment shown: rewound, the plot beside shows no more
  const auto& report = v.run().last_report();
  r.t = v.time();
  r.position_violation = report.C_norm;
  r.velocity_violation = std::max(report.Cdot_norm, report.D_norm);
  // The largest seen counts the state shown (at t = 0, before a step: "|C| max 0.0e+00" had stood beside
  // "|C| now 4.4e-16"; a lecturer).
  r.max_position_violation = std::max(work.max_C, r.position_violation);
  r.max_velocity_violation = std::max({work.max_Cdot, work.max_D, r.velocity_violation});
  const double e0 = v.initial_energy(), e = v.run().energy();
  r.energy_drift = e0 != 0.0 ? std::abs(e - e0) / std::abs(e0) : std::abs(e - e0);
  r.steps = work.steps;
  r.evaluations = work.evaluations;
  r.rejected = work.rejected;
  r.corrections = work.corrections;
  r.cpu_ms_per_sim_second = work.simulated_seconds > 0 ? 1e3 * work.cpu_seconds / work.simulated_seconds : 0.0;
  return r;
}
}  // namespace

std::vector<ComparisonRow> comparison_rows(const UiState& state, const ModelView& shown, const MethodComparison& comparison) {
  std::vector<ComparisonRow> rows{row_of("shown", methods_label(state), shown)};
  for (const auto& run : comparison.runs()) {
    if (run.view) rows.push_back(row_of(run.label, run.methods, *run.view));
    else {
      rows.emplace_back();
      rows.back().ran = false;
      rows.back().label = run.label;
      rows.back().methods = run.methods;
    }
    rows.back().error = run.error;
  }
  return rows;
}

bool MethodComparison::synced(const ModelView& shown) const {
  for (const auto& run : runs_) {
    if (!run.view || !run.error.empty()) continue;
    const ModelView& v = *run.view;
    // Every input that has acted in the shown run was handed on (and none it no longer has).
    const auto& log = shown.log();
    if (run.sent.size() < shown.applied_events() || run.sent.size() > log.size() ||
        !std::equal(run.sent.begin(), run.sent.end(), log.begin()))
      return false;
    if (!v.run().ended() && !v.shows_step(matching_step(shown.step_index(), shown.time_step(), v.time_step()))) return false;
  }
  return true;
}

}  // namespace carvallo::web
