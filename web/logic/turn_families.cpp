#include "logic/turn_families.hpp"

#include "logic/ui_state.hpp"

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
  return std::min(0.5 * frame_ms, 100.0) / 1000.0;
}

void TurnFamilies::reset(const bicycle::Parameters& bike) {
  if (started() && bicycle::parameter_values(bike) == bicycle::parameter_values(bike_)) return;
  bike_ = bike;
  scan_.reset();
  continuation_.reset();
  solver_.reset();
  next_ = 0;
  error_.clear();
  started_ = true;
  try {
    solver_ = std::make_unique<bicycle::TurnSolver>(bike);
    continuation_ = std::make_unique<bicycle::TurnContinuation>(*solver_, options());
  } catch (const std::exception& e) {
    error_ = std::string("steady turns: ") + e.what();
  }
}

bool TurnFamilies::advance(double budget_seconds) {
  if (!started() || done() || !continuation_) return false;
  const auto start = std::chrono::steady_clock::now();
  bool completed = false;
  while (next_ < leans().size()) {
    try {
      if (!scan_) scan_ = std::make_unique<bicycle::LeanScan>(*solver_, leans()[next_], options());
      scan_->step(16);  // 16 steer samples: a few ms in the browser
      if (scan_->done()) {
        continuation_->add(scan_->turns());
        scan_.reset();
        ++next_;
        completed = true;
      }
    } catch (const std::exception& e) {
      error_ = std::string("steady turns at lean ") + format_shortest(leans()[next_]) + " rad: " + e.what();
      scan_.reset();
      return completed;
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > budget_seconds) break;
  }
  return completed;
}

const std::vector<bicycle::TurnBranch>& TurnFamilies::branches() const {
  static const std::vector<bicycle::TurnBranch> none;
  return continuation_ ? continuation_->branches() : none;
}

}  // namespace carvallo::web
