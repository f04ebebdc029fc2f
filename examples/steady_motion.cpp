#include "steady_motion.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stability/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace carvallo::examples {

namespace {
[[noreturn]] void invalid(const std::string& what) { throw SolverError(SolverError::Kind::InvalidArgument, what, 0.0); }
std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
}  // namespace

const Quantity* find_quantity(const ModelEntry& entry, std::string_view name) {
  for (const auto* list : {&entry.settings, &entry.parameters})
    for (const auto& q : *list)
      if (q.name == name) return &q;
  return nullptr;
}

std::vector<double> sweep_grid(double lo, double hi, long n) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) invalid("the range must be finite");
  if (!(lo < hi)) invalid("the range needs <lo> < <hi>, got " + number(lo) + ":" + number(hi));
  if (n < 2 || static_cast<unsigned long>(n) > kMaxSteadySweepPoints)
    invalid("the range needs 2 <= <n> <= " + std::to_string(kMaxSteadySweepPoints) + ", got " + std::to_string(n));
  return stability::linspace(lo, hi, static_cast<std::size_t>(n));
}

const SteadyMotion& checked_steady_motion(const ModelEntry& entry, const std::string& parameter) {
  if (!entry.steady_motion || !entry.steady_motion->eigenvalues)
    invalid("model '" + entry.name + "' declares no equilibrium or steady motion to analyse");
  const SteadyMotion& steady = *entry.steady_motion;
  if (std::find(steady.parameters.begin(), steady.parameters.end(), parameter) == steady.parameters.end()) {
    std::string list;
    for (const auto& p : steady.parameters) list += (list.empty() ? "" : ", ") + p;
    invalid("model '" + entry.name + "' cannot sweep '" + parameter + "' (it can sweep: " + list + ")");
  }
  return steady;
}

SteadySweep sweep_steady_motion(const ModelEntry& entry, const ModelSetup& setup, const std::string& parameter,
                                const std::vector<double>& values, const stability::SweepOptions& options) {
  const SteadyMotion& steady = checked_steady_motion(entry, parameter);
  return sweep_steady_motion(entry, parameter, steady.eigenvalues(setup, parameter), values, options);
}

SteadySweep sweep_steady_motion(const ModelEntry& entry, const std::string& parameter,
                                const stability::EigenvalueFunction& eigenvalues, const std::vector<double>& values,
                                const stability::SweepOptions& options) {
  checked_steady_motion(entry, parameter);
  const Quantity* q = find_quantity(entry, parameter);
  SteadySweep out;
  out.model = entry.name;
  out.parameter = parameter;
  out.unit = q ? q->unit : "";
  if (q)
    for (double v : values)
      if (!(v >= q->min && v <= q->max))
        invalid(parameter + " = " + number(v) + " " + q->unit + " is outside the accepted range [" + number(q->min) +
                ", " + number(q->max) + "]");
  out.values = values;
  out.sweep = stability::sweep_eigenvalues(eigenvalues, values, options);
  out.eigenvalues.assign(values.size(), {});
  for (const auto& b : out.sweep.branches)
    for (std::size_t k = 0; k < values.size(); ++k) out.eigenvalues[k].push_back(b.values[k]);
  for (auto& row : out.eigenvalues)
    std::sort(row.begin(), row.end(), [](std::complex<double> a, std::complex<double> b) {
      return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
    });
  return out;
}

}  // namespace carvallo::examples
