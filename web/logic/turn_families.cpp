#include "logic/turn_families.hpp"


#include "bicycle/bicycle_model.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace carvallo::web {

std::optional<bicycle::SteadyTurn> requested_turn(const bicycle::Parameters& bike, const TurnRequest& request,
                                                  bool stability) {
  const bicycle::TurnSolver solver(bike);
  bicycle::TurnOptions options;
  options.stability = stability;
  std::optional<bicycle::SteadyTurn> best;
  auto distance = [&](const bicycle::SteadyTurn& t) {
    return request.steer ? std::abs(t.steer - *request.steer) : std::abs(t.steer);
  };
  for (auto& t : solver.at_lean(request.lean, options))
    if (t.family == request.family && (!best || distance(t) < distance(*best))) best = std::move(t);
  return best;
}

std::vector<const bicycle::SteadyTurn*> listed_turns(const std::vector<bicycle::TurnBranch>& branches) {
  std::vector<const bicycle::SteadyTurn*> out;
  // By family, then lean, each lean's turns by speed (a few: an insertion each); pointers, not copies (a
  // turn carries its state, accelerations and eigenvalues).
  for (const char* family : {bicycle::kHandlebarForward, bicycle::kHandlebarReversed})
    for (int tenths = 1; tenths <= 14; ++tenths) {
      const std::size_t first = out.size();
      for (const auto& branch : branches)
        for (const auto& turn : branch.turns) {
          if (turn.family != family || !(std::abs(turn.lean * 10 - tenths) < 1e-9)) continue;
          std::size_t at = out.size();
          out.push_back(&turn);
          for (; at > first && out[at - 1]->speed > turn.speed; --at) out[at] = out[at - 1];
          out[at] = &turn;
        }
    }
  return out;
}

const std::vector<double>& TurnFamilies::leans() {
  static const std::vector<double> grid = [] {
    std::vector<double> g;
    for (int k = 1; k <= 70; ++k) g.push_back(k / 50.0);  // correctly rounded: lean 35/50 is the double 0.7 (0.02 * 35 is not)
    return g;
  }();
  return grid;
}

bicycle::TurnOptions TurnFamilies::options() {
  bicycle::TurnOptions o;
  o.steer_samples = 721;
  return o;
}

double TurnFamilies::frame_budget_seconds(double frame_ms) {
  if (!(frame_ms > 50.0)) return 0.025;  // also 0 and NaN (unknown)
  return std::min(0.5 * frame_ms, 40.0) / 1000.0;
}

bool TurnFamilies::computing_for(const bicycle::Parameters& bike) const {
  return started() && bicycle::parameter_values(bike) == bicycle::parameter_values(bike_);
}

void TurnFamilies::reset(const bicycle::Parameters& bike) {
  if (computing_for(bike)) return;
  bike_ = bike;
  // Freed by the next advance(); a pair retired before and not yet freed goes now, the tracer first.
  retired_tracer_ = std::move(tracer_);
  retired_solver_ = std::move(solver_);
  error_.clear();
  timing_ = Timing{};
  waited_ = false;
  started_ = true;
  pending_ = true;
}

bool TurnFamilies::advance(double budget_seconds) {
  if (!started() || done()) return false;
  // A step that would not fit the budget waits for the next call (the next frame, whose deadline the
  // frame's other computations may not have used up), but never twice in a row: the families go on.
  if (budget_seconds < step_estimate_ && !waited_) {
    waited_ = true;
    return false;
  }
  waited_ = false;
  const auto start = std::chrono::steady_clock::now();
  if (timing_.advances++ == 0) first_advance_ = start;
  auto seconds_since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  };
  try {
    // The solver and the tracer of a new bicycle (a few ms: its linearization, the seeds) are the first
    // step, within the budget like the others: the frame that applies a new design has often spent its
    // deadline on the design's eigenvalues and simulation already.
    bool stepped = pending_;  // a call does at least one step
    if (pending_) {
      pending_ = false;
      retired_tracer_.reset();  // before the solver it refers to
      retired_solver_.reset();
      solver_ = std::make_unique<bicycle::TurnSolver>(bike_);
      tracer_ = std::make_unique<bicycle::TurnFamilyTracer>(*solver_, leans(), options());
    }
    while (!tracer_->done() && (!stepped || seconds_since(start) + step_estimate_ <= budget_seconds)) {
      stepped = true;
      const auto step_start = std::chrono::steady_clock::now();
      tracer_->step(16);  // 16 evaluations of the turn condition, or one turn's refinement: a few ms in the browser
      const double step = seconds_since(step_start);
      timing_.longest_step_seconds = std::max(timing_.longest_step_seconds, step);
      step_estimate_ = std::max(step, 0.8 * step_estimate_);
      // Another step only where one as long as the recent ones still fits: a step started with a
      // millisecond left overran the frame's deadline by its whole length (a turn's stability, up to 19 ms
      // in the browser on a slower machine).
    }
  } catch (const std::exception& e) {
    tracer_.reset();  // before the solver it may refer to
    error_ = std::string("steady turns: ") + e.what();
  }
  const double spent = seconds_since(start);
  timing_.compute_seconds += spent;
  timing_.longest_advance_seconds = std::max(timing_.longest_advance_seconds, spent);
  timing_.elapsed_seconds = seconds_since(first_advance_);
  if (timing_.located_seconds == 0.0 && tracer_ && tracer_->located()) timing_.located_seconds = timing_.elapsed_seconds;
  return error_.empty() && tracer_ && tracer_->done();
}

const std::vector<bicycle::TurnBranch>& TurnFamilies::branches() const {
  static const std::vector<bicycle::TurnBranch> none;
  return tracer_ ? tracer_->branches() : none;
}

}  // namespace carvallo::web
