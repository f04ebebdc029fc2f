#include "logic/model_eigen.hpp"

#include "logic/language.hpp"

#include <chrono>
#include <cmath>
#include <exception>

namespace carvallo::web {

namespace {
double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

void ModelEigenSweep::request(const std::string& model, const examples::ModelSetup& setup) {
  // Everything the eigenvalues depend on: the model, its variant, parameters and settings.
  std::string sig = model + "|" + setup.variant;
  for (double p : setup.parameters) sig += "|" + std::to_string(p);
  for (const auto& [name, value] : setup.settings) sig += "|" + name + "=" + std::to_string(value);
  if (sig == signature_) return;
  *this = ModelEigenSweep{};
  signature_ = sig;
  entry_ = examples::find_model(model);
  if (!entry_ || !entry_->steady_motion || entry_->steady_motion->parameters.empty()) {
    error_ = translatable("this model declares no equilibrium or steady motion to analyse");  // shown through tr
    return;
  }
  steady_ = &*entry_->steady_motion;
  parameter_ = steady_->parameters[0];
  lo_ = steady_->plot_min;
  hi_ = steady_->plot_max;
  try {
    grid_ = examples::sweep_grid(lo_, hi_, static_cast<long>(kSamples));
    const double t0 = now_ms();
    function_ = steady_->eigenvalues(setup, parameter_);
    compute_ms_ += now_ms() - t0;
  } catch (const std::exception& e) {
    error_ = e.what();
  }
}

std::vector<std::complex<double>> ModelEigenSweep::at(double value) const {
  if (!function_ || !std::isfinite(value)) return {};
  if (auto it = cache_.find(value); it != cache_.end()) return it->second;
  try {
    return cache_[value] = function_(value);
  } catch (const std::exception&) {
    return {};
  }
}

bool ModelEigenSweep::advance(double budget_ms) {
  if (done()) return true;
  const double t0 = now_ms();
  try {
    while (next_ < grid_.size()) {
      cache_[grid_[next_]] = function_(grid_[next_]);
      ++next_;
      if (now_ms() - t0 > budget_ms) break;
    }
    if (next_ == grid_.size()) {
      // The core sweep re-reads the grid from the cache and adds its bisections near the boundaries.
      const stability::EigenvalueFunction cached = [this](double v) {
        if (auto it = cache_.find(v); it != cache_.end()) return it->second;
        return cache_[v] = function_(v);
      };
      result_ = examples::sweep_steady_motion(*entry_, parameter_, cached, grid_);
    }
  } catch (const std::exception& e) {
    error_ = e.what();
  }
  compute_ms_ += now_ms() - t0;
  return done();
}

}  // namespace carvallo::web
