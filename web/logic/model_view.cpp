#include "logic/model_view.hpp"
#include "logic/turn_families.hpp"

#include "bicycle/bicycle_model.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <algorithm>

namespace carvallo::web {

examples::ModelSetup model_setup(const UiState& state) {
  examples::ModelSetup setup(state.variant);
  const examples::ModelEntry* entry = examples::find_model(state.model);
  if (!entry) return setup;
  // The parameters panel edits the bicycle's table (UiState::bike); a model with that table is built from it.
  if (entry->parameters.size() == bicycle::kParameterCount) setup.parameters = bicycle::parameter_values(state.bike);
  for (const auto& q : entry->settings)
    if (const auto it = state.settings.find(q.name); it != state.settings.end()) setup.settings[q.name] = it->second;
  return setup;
}

examples::MethodChoice method_choice(const UiState& state) {
  examples::MethodChoice m;
  m.integrator = parse_integrator_method(state.sim.integrator);
  m.solver = parse_acceleration_method(state.sim.solver);
  m.stabilization = parse_stabilization_method(state.sim.stabilization);
  m.gains = examples::baumgarte_gains(state.sim.baumgarte_alpha, state.sim.baumgarte_beta);
  m.adaptive_tolerance = state.sim.tolerance;
  m.tolerance = state.sim.correction_tolerance;
  return m;
}

std::string ModelView::signature(const UiState& s) {
  std::string sig = s.model;
  sig.append("|").append(s.variant).append("|").append(s.sim.integrator).append("|").append(s.sim.solver);
  sig.append("|").append(s.sim.stabilization).append("|").append(format_shortest(s.sim.time_step));
  for (double x : {s.sim.baumgarte_alpha, s.sim.baumgarte_beta, s.sim.tolerance, s.sim.correction_tolerance})
    sig.append("|").append(format_shortest(x));
  const examples::ModelSetup setup = model_setup(s);
  for (double p : setup.parameters) sig.append("|").append(format_shortest(p));
  for (const auto& [name, value] : setup.settings) sig.append("|").append(name).append("=").append(format_shortest(value));
  for (const auto& [name, spec] : s.inputs)
    if (!spec.empty()) sig.append("|").append(name).append("=").append(spec);
  sig.append("|").append(s.from_turn);
  return sig;
}

ModelView::ModelView(const UiState& state) : time_step_(state.sim.time_step) {
  static std::uint64_t built = 0;
  id_ = ++built;
  examples::ModelSetup setup = model_setup(state);
  const auto request = turn_request(state.from_turn);
  std::optional<bicycle::SteadyTurn> turn;
  if (request && setup.parameters.size() == bicycle::kParameterCount) {
    turn = requested_turn(state.bike, *request);
    if (!turn)
      throw SolverError(SolverError::Kind::InvalidArgument, "no " + request->family + " steady turn at lean " +
                                                                format_shortest(request->lean) + " rad for this bicycle", 0.0);
    // As `simulate --from-turn`: built upright at the turn's speed, then put on the turn (a reversed
    // handlebar is where such a turn lives, not a fall).
    setup.settings["speed"] = turn->speed;
    setup.settings["roll"] = turn->lean;
    setup.settings["steer"] = setup.settings["roll_rate"] = setup.settings["steer_rate"] = 0.0;
    if (request->family == bicycle::kHandlebarReversed) setup.settings["fall_steer"] = 4.0;
  }
  run_ = std::make_unique<examples::ModelRun>(state.model, setup, method_choice(state));
  if (turn) run_->set_state(turn->state);
  const auto& channels = run_->input_channels();
  for (std::size_t k = 0; k < channels.size(); ++k)
    if (const std::string spec = input_spec(state, channels[k].name); !spec.empty()) run_->set_input(k, torque_signal(spec));
  held_.resize(run_->input_channels().size());
  tracks_.resize(run_->instance().traces.size());
  energy0_ = run_->energy();
  record();
}

void ModelView::hold_input(int index, int direction, double magnitude, double t) {
  if (index < 0 || static_cast<std::size_t>(index) >= held_.size()) return;
  Held& h = held_[static_cast<std::size_t>(index)];
  const double now = time();
  t = std::max(t, now);
  examples::InputSignal signal;
  if (direction != 0 && magnitude != 0.0) {
    // Switching straight from one direction to the other starts now (one signal holds one pulse).
    const double start = h.amplitude != 0.0 ? now : t;
    h = {direction * magnitude, start};
    signal = examples::InputSignal::step(h.amplitude, start);
  } else {
    if (h.amplitude == 0.0) return;
    if (t > h.start) signal = examples::InputSignal::pulse(h.amplitude, h.start, t - h.start);
    h = {};
  }
  run_->set_input(static_cast<std::size_t>(index), signal);
}

void ModelView::step(int n) {
  if (n <= 0) return;
  if (is_adaptive(run_->options().integrator)) {
    // An adaptive integrator chooses its own steps by its error estimate across the whole interval (and
    // keeps its step size from one call to the next): one call for the n output steps, one sample after it.
    if (!run_->ended()) {
      run_->step(n * time_step_);
      record();
    }
    return;
  }
  for (int i = 0; i < n && !run_->ended(); ++i) {
    run_->step(time_step_);
    record();
  }
}

bool ModelView::push(double amount) {
  if (!run_->push(amount)) return false;
  energy0_ = run_->energy();  // a push adds energy: drift is measured from here on
  return true;
}

void ModelView::record() {
  // Bounded memory for long runs: drop the older half.
  constexpr std::size_t kMax = 40000;
  if (history_.size() >= kMax) history_.erase(history_.begin(), history_.begin() + kMax / 2);
  const StepReport& r = run_->last_report();
  history_.push_back({run_->state().t, r.C_norm, r.Cdot_norm, r.D_norm, run_->energy(), run_->probes(), run_->input_values()});
  const auto points = run_->trace_points();
  for (std::size_t k = 0; k < points.size() && k < tracks_.size(); ++k) {
    auto& track = tracks_[k];
    if (track.size() >= kMax) track.erase(track.begin(), track.begin() + kMax / 2);
    track.push_back(points[k]);
  }
}

}  // namespace carvallo::web
