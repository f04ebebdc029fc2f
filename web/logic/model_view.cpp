#include "logic/model_view.hpp"
#include "logic/turn_families.hpp"

#include "point_push.hpp"

#include "bicycle/bicycle_model.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

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
    // As `simulate --from-turn`: built upright at the turn's speed, then put on the turn.
    bicycle::ride_turn_settings(*turn, setup.settings);
    ridden_turn_ = TurnRequest{turn->lean, turn->family, turn->steer};
    // From the origin heading along x, the centre to the side it yaws to (z down: +y for a right turn).
    if (std::isfinite(turn->radius) && turn->radius > 0)
      ridden_circle_ = Circle{Eigen::Vector3d(0, turn->yaw_rate > 0 ? turn->radius : -turn->radius, 0), turn->radius};
    setup.settings["roll_rate"] = setup.settings["steer_rate"] = 0.0;
    turn_settings_ = setup.settings;
    turn_settings_["steer"] = turn->steer;  // built with none, then put on the turn (set_state below)
  }
  run_ = std::make_unique<examples::ModelRun>(state.model, setup, method_choice(state));
  if (turn) run_->set_state(turn->state);
  const auto& channels = run_->input_channels();
  for (std::size_t k = 0; k < channels.size(); ++k)
    if (const std::string spec = input_spec(state, channels[k].name); !spec.empty()) run_->set_input(k, torque_signal(spec));
  held_.resize(run_->input_channels().size());
  tracks_.resize(run_->instance().traces.size());
  checkpoint_every_ = std::clamp<long>(std::lround(1.0 / time_step_), 1, 500);
  sample_every_ = std::max<long>(1, std::lround(1e-3 / time_step_));
  energy0_ = run_->energy();
  arrive();
  record();
}


void ModelView::arrive() {
  if (step_ % checkpoint_every_ != 0) return;
  run_->restart(run_->snapshot());
  if (checkpoints_.empty() || checkpoints_.back().step < step_) checkpoints_.push_back({step_, run_->snapshot(), held_, spring_, energy0_});
}

void ModelView::apply_due() {
  while (next_event_ < log_.size() && log_[next_event_].step <= step_) apply(log_[next_event_++]);
}

void ModelView::apply(const InputEvent& e) {
  switch (e.kind) {
    case InputEvent::Kind::push:
      if (run_->push(e.value)) energy0_ = run_->energy();  // a push adds energy: drift is measured from here on
      return;
    case InputEvent::Kind::hold: {
      if (e.index < 0 || static_cast<std::size_t>(e.index) >= held_.size()) return;
      Held& h = held_[static_cast<std::size_t>(e.index)];
      const double now = time();
      examples::InputSignal signal;
      if (e.value != 0.0) {
        h = {e.value, now};
        signal = examples::InputSignal::step(e.value, now);
      } else {
        if (h.amplitude == 0.0) return;
        if (now > h.start) signal = examples::InputSignal::pulse(h.amplitude, h.start, now - h.start);
        h = {};
      }
      run_->set_input(static_cast<std::size_t>(e.index), signal);
      return;
    }
    case InputEvent::Kind::drag: {
      const Eigen::Vector3d local(e.local[0], e.local[1], e.local[2]), target(e.target[0], e.target[1], e.target[2]);
      if (spring_.active && spring_.body == e.index && spring_.local == local) {
        spring_.target = target;
        return;
      }
      // A new grab: the spring's constants from the mass the point shows where it moves most easily (a
      // light linkage and a bicycle both follow the pointer in a second or two, without overshoot).
      const auto& s = run_->state();
      const double mass = examples::point_mass(run_->model(), s, examples::point_jacobian(run_->instance(), s.q, e.index, local));
      if (!(std::isfinite(mass) && mass > 0)) return;
      constexpr double omega = 3.141592653589793;  // 0.5 Hz
      spring_ = {true, e.index, local, target, mass * omega * omega, 2 * mass * omega, mass * 9.81};
      return;
    }
    case InputEvent::Kind::release: spring_.active = false; return;
  }
}

Eigen::Vector3d ModelView::spring_force(const Eigen::Vector3d& point, const Eigen::Vector3d& velocity) const {
  Eigen::Vector3d stretch = spring_.target - point;
  if (stretch.norm() > 1.0) stretch.normalize();  // a metre at most: a pointer far away pulls, never flings
  Eigen::Vector3d force = spring_.stiffness * stretch - spring_.damping * velocity;
  // At most the point's own weight: a push, not a blow.
  if (force.norm() > spring_.max_force) force *= spring_.max_force / force.norm();
  return force;
}

long ModelView::next_step_count() const {
  const double proposed = std::min(run_->next_step(), kLongestAdaptiveStep);
  if (spring_.active || !(proposed >= 2 * time_step_)) return 1;
  long n = static_cast<long>(proposed / time_step_);
  n = std::min(n, checkpoint_every_ - step_ % checkpoint_every_);
  if (next_event_ < log_.size()) n = std::min(n, log_[next_event_].step - step_);
  return std::max(1L, n);
}

void ModelView::advance_one() {
  apply_due();
  const long n = next_step_count();
  if (spring_.active && !run_->ended()) {
    const auto& s = run_->state();
    const auto Jp = examples::point_jacobian(run_->instance(), s.q, spring_.body, spring_.local);
    const Eigen::Vector3d force = spring_force(examples::body_point(run_->instance(), s.q, spring_.body, spring_.local), Jp * s.qd);
    const Eigen::MatrixXd impulse = force * time_step_;
    run_->change_velocities(examples::impulse_response(run_->model(), s, Jp, impulse).col(0));
  }
  run_->step(static_cast<double>(n) * time_step_);
  step_ += n;
  arrive();
}

bool ModelView::pull(int body, const Eigen::Vector3d& local, const Eigen::Vector3d& target) {
  const auto& inst = run_->instance();
  if (body < 0 || static_cast<std::size_t>(body) >= inst.body_names.size() || !inst.body_poses || run_->ended()) return false;
  InputEvent e{InputEvent::Kind::drag, step_, body, 0.0, {local.x(), local.y(), local.z()}, {target.x(), target.y(), target.z()}};
  // Moved while paused: one event per step, the latest target.
  if (next_event_ == log_.size() && !log_.empty() && log_.back().kind == InputEvent::Kind::drag && log_.back().step == step_ &&
      log_.back().index == body && std::equal(e.local, e.local + 3, log_.back().local)) {
    log_.back() = e;
    spring_.target = target;
    ++events_revised_;
    return true;
  }
  add(e);
  return spring_.active;
}

void ModelView::let_go() {
  if (spring_.active) add({InputEvent::Kind::release, step_});
}

ModelView::Pulling ModelView::pulling() const {
  Pulling p;
  if (!spring_.active) return p;
  try {
    const auto& s = run_->state();
    const auto Jp = examples::point_jacobian(run_->instance(), s.q, spring_.body, spring_.local);
    p.point = examples::body_point(run_->instance(), s.q, spring_.body, spring_.local);
    p.force = spring_force(p.point, Jp * s.qd);
  } catch (const std::exception&) {
    return {};
  }
  p.active = true;
  p.body = spring_.body;
  p.local = spring_.local;
  p.target = spring_.target;
  return p;
}

void ModelView::forget_future() {
  log_.erase(log_.begin() + static_cast<std::ptrdiff_t>(next_event_), log_.end());
  while (!checkpoints_.empty() && checkpoints_.back().step > step_) checkpoints_.pop_back();
  const std::size_t keep = shown_samples();
  history_.resize(keep);
  for (auto& track : tracks_) track.resize(std::min(track.size(), keep));
  end_ = step_;
}

void ModelView::trim() {
  const double now = time();
  if (checkpoints_.size() < 2 || now - checkpoints_.front().snapshot.state.t <= 1.25 * kHistorySeconds) return;
  // The newest checkpoint at least kHistorySeconds back becomes the oldest.
  while (checkpoints_.size() > 1 && now - checkpoints_[1].snapshot.state.t >= kHistorySeconds) checkpoints_.pop_front();
  const long first = checkpoints_.front().step;
  const auto drop = std::find_if(history_.begin(), history_.end(), [&](const RunSample& r) { return r.step >= first; }) - history_.begin();
  history_.erase(history_.begin(), history_.begin() + drop);
  for (auto& track : tracks_) track.erase(track.begin(), track.begin() + std::min<std::ptrdiff_t>(drop, static_cast<std::ptrdiff_t>(track.size())));
}

void ModelView::step(int n) {
  const auto start = std::chrono::steady_clock::now();
  const long target = step_ + n;
  long done = 0, fresh = 0;
  while (step_ < target && !run_->ended()) {
    const long from = step_;
    const IntegratorStats before = step_ >= end_ ? run_->integrator_stats() : IntegratorStats{};
    advance_one();
    done += step_ - from;
    if (step_ > end_) {
      end_ = step_;
      count_work(before, step_ - from);
      fresh += step_ - from;
      if (step_ / sample_every_ != from / sample_every_ || step_ % checkpoint_every_ == 0 || run_->ended()) record();
      trim();
    }
  }
  // Timed per call, not per step (a browser's clock is coarser than a step), and shared out by the steps
  // that were first passes.
  if (fresh > 0)
    work_.cpu_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * static_cast<double>(fresh) /
                         static_cast<double>(done);
}

void ModelView::count_work(const IntegratorStats& before, long time_steps) {
  const IntegratorStats after = run_->integrator_stats();
  const StepReport& r = run_->last_report();
  work_.steps += after.steps - before.steps;
  work_.evaluations += after.evaluations - before.evaluations;
  work_.rejected += after.rejected - before.rejected;
  work_.corrections += r.correction.position_iterations + r.correction.velocity_iterations;
  work_.simulated_seconds += static_cast<double>(time_steps) * time_step_;
  work_.max_C = std::max(work_.max_C, r.C_norm);
  work_.max_Cdot = std::max(work_.max_Cdot, r.Cdot_norm);
  work_.max_D = std::max(work_.max_D, r.D_norm);
}

void ModelView::add(const InputEvent& e) {
  // An input while the future is a recording (rewound, or a replay link's log still to come) starts a new future.
  if (step_ < end_ || next_event_ < log_.size()) forget_future();
  log_.push_back(e);
  apply_due();
}

bool ModelView::push(double amount) {
  if (!run_->instance().push || run_->ended()) return false;
  add({InputEvent::Kind::push, step_, 0, amount});
  return true;
}

void ModelView::hold_input(int index, double value) {
  if (index < 0 || static_cast<std::size_t>(index) >= held_.size()) return;
  if (value == held_[static_cast<std::size_t>(index)].amplitude) return;
  add({InputEvent::Kind::hold, step_, index, value});
}

std::string ModelView::set_log(std::vector<InputEvent> log) {
  const auto& inst = run_->instance();
  for (const auto& e : log) {
    if (e.kind == InputEvent::Kind::hold && static_cast<std::size_t>(e.index) >= held_.size())
      return inst.inputs.empty() ? "this model has no inputs to hold"
                                 : "input " + std::to_string(e.index) + ": this model has " + std::to_string(held_.size()) + " inputs";
    if (e.kind == InputEvent::Kind::push && !inst.push) return "this model has no push";
    if (e.kind == InputEvent::Kind::drag && static_cast<std::size_t>(e.index) >= inst.body_names.size())
      return "body " + std::to_string(e.index) + ": this model has " + std::to_string(inst.body_names.size()) + " bodies";
  }
  if (first_step() != 0) return "the run's start is no longer kept";
  seek_step(0);
  log_.clear();
  next_event_ = 0;
  forget_future();
  log_ = std::move(log);
  return {};
}

std::vector<InputEvent> ModelView::log_until_now() const {
  return {log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(next_event_)};
}

long ModelView::first_step() const { return checkpoints_.empty() ? step_ : checkpoints_.front().step; }

double ModelView::first_time() const { return checkpoints_.empty() ? time() : checkpoints_.front().snapshot.state.t; }

double ModelView::last_time() const { return history_.empty() ? time() : history_.back().t; }

void ModelView::seek_step(long k) {
  k = std::clamp(k, first_step(), end_);
  if (k == step_) return;
  const auto after = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), k,
                                      [](long s, const Checkpoint& c) { return s < c.step; });
  const Checkpoint& c = *(after - 1);
  if (k < step_ || c.step > step_) {
    run_->restart(c.snapshot);
    held_ = c.held;
    spring_ = c.spring;
    energy0_ = c.energy0;
    step_ = c.step;
    next_event_ = static_cast<std::size_t>(
        std::lower_bound(log_.begin(), log_.end(), c.step, [](const InputEvent& e, long s) { return e.step < s; }) - log_.begin());
  }
  while (step_ < k && !run_->ended()) advance_one();
}

long ModelView::longest_step_count() const {
  return is_adaptive(run_->options().integrator) ? std::max(1L, static_cast<long>(kLongestAdaptiveStep / time_step_)) : 1;
}

bool ModelView::shows_step(long k) const { return step_ >= k && step_ - k < longest_step_count(); }

long ModelView::step_near(double t) const {
  if (history_.empty()) return step_;
  const auto it = std::lower_bound(history_.begin(), history_.end(), t, [](const RunSample& r, double x) { return r.t < x; });
  if (it == history_.end()) return history_.back().step;
  if (it == history_.begin()) return it->step;
  const auto before = it - 1;
  return t - before->t <= it->t - t ? before->step : it->step;
}

std::size_t ModelView::shown_samples() const {
  return static_cast<std::size_t>(
      std::upper_bound(history_.begin(), history_.end(), step_, [](long s, const RunSample& r) { return s < r.step; }) - history_.begin());
}

std::span<const RunSample> ModelView::history() const { return {history_.data(), shown_samples()}; }

RunWork ModelView::work_shown() const {
  if (step_ >= end_) return work_;
  const std::size_t n = shown_samples();
  return n > 0 ? history_[n - 1].work : RunWork{};
}

std::vector<std::span<const Eigen::Vector3d>> ModelView::tracks() const {
  const std::size_t n = shown_samples();
  std::vector<std::span<const Eigen::Vector3d>> out;
  for (const auto& track : tracks_) out.emplace_back(track.data(), std::min(n, track.size()));
  return out;
}

void ModelView::record() {
  const StepReport& r = run_->last_report();
  history_.push_back({step_, run_->state().t, r.C_norm, r.Cdot_norm, r.D_norm, run_->energy(), run_->probes(), run_->input_values(), work_});
  const auto points = run_->trace_points();
  for (std::size_t k = 0; k < points.size() && k < tracks_.size(); ++k) tracks_[k].push_back(points[k]);
}

std::string stopped_run_text(double t, double h, double violation, const std::string& stabilization) {
  try {
    throw;
  } catch (const SolverError& e) {
    if (e.kind() == SolverError::Kind::InvalidArgument) return e.what();
    // Far off its constraints a solver fails for that (the four-bar's redundant fourth pin contradicts the
    // other three): Baumgarte too stiff for its step had carried the four-bar to |C| = 1e8 m, and the page
    // blamed the input (a lecturer).
    if (violation > kDriftedViolation) {
      char head[240];
      std::snprintf(head, sizeof head,
                    "At t = %.3f s the simulation stopped: the motion had drifted off its constraints (|C| = %.1e m or rad), "
                    "and its solver could no longer follow it.",
                    t, violation);
      // Baumgarte's C̈ + 2α Ċ + β² C = 0 (001 Eq. 104) gives the violation its own eigenvalues,
      // -α ± sqrt(α² - β²): 001's α = β = 10 a double -10, h λ = -0.5 at the four-bar's 0.05 s, past
      // AB4's stability interval (about -0.3 on the negative real axis), so the integrator itself makes the
      // violation grow (a lecturer had been told only of other methods).
      const char* remedy = stabilization == "baumgarte"
                               ? " Baumgarte's alpha and beta are too large for this time step: smaller alpha and beta, a smaller time step, "
                                 "or a stabilization that corrects the positions (Methods) keeps it near them. The solver: '"
                               : " A stabilization that corrects the positions, or a smaller time step (Methods), keeps it on them. The solver: '";
      return std::string(head) + remedy + e.what() + "'.";
    }
    if (e.kind() == SolverError::Kind::InconsistentInput) return e.what();
    // The last moment reached (the step to the next one failed), and the step as the Methods panel shows it.
    char head[160];
    std::snprintf(head, sizeof head, "At t = %.3f s the simulation stopped: its solver lost the motion in the next time step (%g s).", t, h);
    std::string words = e.what();
    if (!words.empty() && words.back() == '.') words.pop_back();
    // The solver's words quoted: they stay English in every language, and a quoted part is whole to tr.
    return std::string(head) + " A smaller time step or tolerance (Methods) may follow it further. The solver: '" + words + "'.";
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "the simulation stopped on an unknown error";
  }
}

}  // namespace carvallo::web
