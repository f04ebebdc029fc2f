#include "logic/turn_families.hpp"

#include "logic/ui_state.hpp"

#include "bicycle/bicycle_model.hpp"

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
    for (int k = 1; k <= 70; ++k) g.push_back(0.02 * k);
    return g;
  }();
  return grid;
}

bicycle::TurnOptions TurnFamilies::options() {
  bicycle::TurnOptions o;
  o.steer_samples = 721;
  return o;
}

void TurnFamilies::reset(const bicycle::Parameters& bike) {
  if (started() && bicycle::parameter_values(bike) == bicycle::parameter_values(bike_)) return;
  bike_ = bike;
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
  bool added = false;
  while (next_ < leans().size()) {
    try {
      continuation_->add(leans()[next_]);
    } catch (const std::exception& e) {
      error_ = std::string("steady turns at lean ") + format_shortest(leans()[next_]) + " rad: " + e.what();
      return added;
    }
    ++next_;
    added = true;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > budget_seconds) break;
  }
  return added;
}

const std::vector<bicycle::TurnBranch>& TurnFamilies::branches() const {
  static const std::vector<bicycle::TurnBranch> none;
  return continuation_ ? continuation_->branches() : none;
}

}  // namespace carvallo::web
