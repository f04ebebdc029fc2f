#include "carvallo/stability/sweep.hpp"

#include "carvallo/stability/bracketed_root.hpp"
#include "carvallo/stability/branch_matching.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <utility>

namespace carvallo::stability {

namespace {

using Values = std::vector<std::complex<double>>;

std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

/// Eigenvalues at one parameter, ordered by branch.
struct Sample {
  double parameter;
  Values values;
};

class Tracker {
 public:
  Tracker(const EigenvalueFunction& f, const SweepOptions& options) : f_(f), options_(options) {}

  Values evaluate(double p) {
    if (evaluations_ >= options_.max_evaluations)
      throw SweepError("sweep_eigenvalues: more than " + std::to_string(options_.max_evaluations) +
                       " eigenvalue evaluations (the branches could not be told apart near parameter " + number(p) + ")");
    Values v = f_(p);
    ++evaluations_;
    if (!count_) {
      if (v.empty()) throw SweepError("sweep_eigenvalues: no eigenvalues at parameter " + number(p));
      count_ = v.size();
    } else if (v.size() != *count_) {
      throw SweepError("sweep_eigenvalues: " + std::to_string(v.size()) + " eigenvalues at parameter " + number(p) +
                       ", expected " + std::to_string(*count_) + " as at the first sample");
    }
    for (const auto& s : v)
      if (!std::isfinite(s.real()) || !std::isfinite(s.imag()))
        throw SweepError("sweep_eigenvalues: non-finite eigenvalue at parameter " + number(p));
    return v;
  }

  static Values reorder(const Values& predicted, const Values& raw) {
    const auto perm = match_branches(predicted, raw);
    Values out(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) out[i] = raw[perm[i]];
    return out;
  }

  /// Appends the sample at p (eigenvalues `raw`) to `track`, bisecting while the matching is ambiguous.
  void advance(std::vector<Sample>& track, double p, const Values& raw, int depth) {
    const Values predicted = predict(track, p);
    Values matched = reorder(predicted, raw);
    double scale = 1.0;
    for (const auto& s : matched) scale = std::max(scale, std::abs(s));
    // Double roots are only accurate to ~sqrt(eps): closer candidates are the same value.
    const double floor = 1e-7 * scale;
    if (depth < options_.max_subdivision_depth &&
        matching_is_ambiguous(predicted, matched, options_.ambiguity_ratio, floor)) {
      const double mid = 0.5 * (track.back().parameter + p);
      if (mid > track.back().parameter && mid < p) {
        advance(track, mid, evaluate(mid), depth + 1);
        advance(track, p, raw, depth + 1);
        return;
      }
    }
    track.push_back({p, std::move(matched)});
  }

  /// Branch-ordered eigenvalues at an arbitrary p inside the tracked range, matched against the
  /// linear interpolation of the surrounding samples.
  Values values_at(const std::vector<Sample>& track, double p) {
    auto it = std::upper_bound(track.begin(), track.end(), p,
                               [](double x, const Sample& s) { return x < s.parameter; });
    if (it == track.begin()) ++it;
    if (it == track.end()) --it;
    const Sample& hi = *it;
    const Sample& lo = *(it - 1);
    const double t = (p - lo.parameter) / (hi.parameter - lo.parameter);
    Values predicted(lo.values.size());
    for (std::size_t i = 0; i < predicted.size(); ++i) predicted[i] = lo.values[i] + t * (hi.values[i] - lo.values[i]);
    return reorder(predicted, evaluate(p));
  }

  std::size_t evaluations() const { return evaluations_; }

 private:
  static Values predict(const std::vector<Sample>& track, double p) {
    const Sample& last = track.back();
    if (track.size() < 2) return last.values;
    const Sample& prev = track[track.size() - 2];
    const double t = (p - last.parameter) / (last.parameter - prev.parameter);
    Values out(last.values.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = last.values[i] + t * (last.values[i] - prev.values[i]);
    return out;
  }

  const EigenvalueFunction& f_;
  const SweepOptions& options_;
  std::optional<std::size_t> count_;
  std::size_t evaluations_ = 0;
};


}  // namespace

std::vector<double> linspace(double first, double last, std::size_t count) {
  std::vector<double> out(count);
  if (count == 1) out[0] = first;
  // last - first overflows for ends near ±DBL_MAX (-1e308 to 1e308 gave a grid of NaN): the ends weighted
  // then, the usual form (whose bits the sweeps' results are recorded with) otherwise.
  const bool spread = std::isfinite(last - first);
  for (std::size_t i = 0; count > 1 && i < count; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(count - 1);
    out[i] = i + 1 == count ? last : i == 0 ? first : spread ? first + (last - first) * t : first * (1 - t) + last * t;
  }
  return out;
}

SweepResult sweep_eigenvalues(const EigenvalueFunction& eigenvalues, const std::vector<double>& parameters,
                              const SweepOptions& options) {
  if (parameters.empty()) throw SweepError("sweep_eigenvalues: empty parameter grid");
  for (std::size_t k = 0; k < parameters.size(); ++k) {
    if (!std::isfinite(parameters[k]))
      throw SweepError("sweep_eigenvalues: non-finite parameter at grid index " + std::to_string(k));
    if (k > 0 && !(parameters[k] > parameters[k - 1]))
      throw SweepError("sweep_eigenvalues: parameters must increase strictly (index " + std::to_string(k) + ", " +
                       number(parameters[k]) + " after " + number(parameters[k - 1]) + ")");
  }
  if (!(options.boundary_tolerance > 0.0)) throw SweepError("sweep_eigenvalues: boundary_tolerance must be positive");

  Tracker tracker(eigenvalues, options);
  std::vector<Sample> track;  // grid samples plus the bisection samples, in increasing parameter
  std::vector<std::size_t> grid_index;
  track.push_back({parameters[0], tracker.evaluate(parameters[0])});
  grid_index.push_back(0);
  for (std::size_t k = 1; k < parameters.size(); ++k) {
    tracker.advance(track, parameters[k], tracker.evaluate(parameters[k]), 0);
    grid_index.push_back(track.size() - 1);
  }

  SweepResult result;
  result.parameters = parameters;
  const std::size_t n = track.front().values.size();
  result.branches.resize(n);
  for (std::size_t b = 0; b < n; ++b) {
    Branch& branch = result.branches[b];
    branch.values.reserve(parameters.size());
    for (std::size_t gi : grid_index) branch.values.push_back(track[gi].values[b]);
    branch.neutral = std::all_of(track.begin(), track.end(), [&](const Sample& s) {
      const auto v = s.values[b];
      return std::abs(v.real()) <= options.neutral_tolerance * (1.0 + std::abs(v));
    });
  }

  if (options.labeler) {
    std::size_t at = 0;
    if (options.label_parameter) {
      for (std::size_t k = 1; k < parameters.size(); ++k)
        if (std::abs(parameters[k] - *options.label_parameter) < std::abs(parameters[at] - *options.label_parameter))
          at = k;
    }
    const auto labels = options.labeler(parameters[at], track[grid_index[at]].values);
    if (labels.size() != n)
      throw SweepError("sweep_eigenvalues: labeler returned " + std::to_string(labels.size()) + " labels for " +
                       std::to_string(n) + " branches at parameter " + number(parameters[at]));
    for (std::size_t b = 0; b < n; ++b) result.branches[b].label = labels[b];
  }

  // Each sample of a branch is classified by its real part: +1 (Re > tau), -1 (Re < -tau) or 0 (|Re| <= tau,
  // tau = neutral_tolerance * (1 + |s|)), so that round-off around Re = 0 never makes a boundary.
  // Boundaries: a change between +1 and -1 (through any run of 0s): the root of Re s, refined by Illinois;
  // a change between +1 and a run of 0s that is not closed by -1 (a neutral oscillation becoming unstable,
  // e.g. a conservative pair colliding at 0): the point where Re s exceeds tau, refined by bisection.
  auto tau_of = [&](const std::complex<double>& v) { return options.neutral_tolerance * (1.0 + std::abs(v)); };
  auto class_of = [&](const std::complex<double>& v) {
    const double tau = tau_of(v);
    return v.real() > tau ? 1 : (v.real() < -tau ? -1 : 0);
  };
  std::vector<StabilityBoundary> raw;
  for (std::size_t b = 0; b < n; ++b) {
    if (result.branches[b].neutral) continue;
    auto add = [&](const BracketedRoot& root, bool destabilizing) {
      StabilityBoundary boundary;
      boundary.parameter = root.root;
      boundary.bracket_lower = root.lower;
      boundary.bracket_upper = root.upper;
      boundary.eigenvalue = tracker.values_at(track, root.root)[b];
      boundary.branches = {b};
      boundary.destabilizing = destabilizing;
      boundary.label = result.branches[b].label;
      raw.push_back(boundary);
    };
    auto real_part = [&](double p) { return tracker.values_at(track, p)[b].real(); };
    auto unstable = [&](double p) { return class_of(tracker.values_at(track, p)[b]) == 1 ? 1.0 : -1.0; };
    std::size_t k = 0;
    while (k + 1 < track.size()) {
      const int c0 = class_of(track[k].values[b]);
      std::size_t j = k + 1;  // end of the run of zeros after k (first sample with a nonzero class, or the last)
      while (j + 1 < track.size() && class_of(track[j].values[b]) == 0) ++j;
      const int c1 = class_of(track[j].values[b]);
      if (c0 != 0 && c1 != 0 && c0 != c1) {
        add(find_bracketed_root(real_part, track[k].parameter, track[j].parameter, track[k].values[b].real(),
                                track[j].values[b].real(), options.boundary_tolerance),
            c1 > 0);
      } else if (c0 != 0 && j == k + 1 && j + 1 == track.size() && c1 == 0 &&
                 std::abs(track[j].values[b].real()) > 1e3 * std::numeric_limits<double>::epsilon() * (1.0 + std::abs(track[j].values[b]))) {
        // The range's last sample alone lies within the band, its Re well above round-off: near a crossing,
        // not neutral, and the sign of Re there decides. A weave 4e-11 short of its crossing at the range's
        // end had been given a boundary where Re left +tau, 3.3e-9 early, and a self-stable range that does
        // not exist (a tester; `stability --vmax 4.2923825363`). A neutral pair (the rolling disk past its
        // critical speed: Re of round-off) keeps the band's boundary below.
        const double r0 = track[k].values[b].real(), r1 = track[j].values[b].real();
        if ((r0 > 0.0) != (r1 > 0.0))
          add(find_bracketed_root(real_part, track[k].parameter, track[j].parameter, r0, r1, options.boundary_tolerance), r1 > 0.0);
      } else if ((c0 == 1) != (c1 == 1) && (c0 == 0 || c1 == 0)) {
        // +1 next to a run of 0s: bracket between the +1 sample and its neighbouring 0 sample.
        const std::size_t a = c0 == 1 ? k : j - 1, z = c0 == 1 ? k + 1 : j;
        const std::size_t lo = std::min(a, z), hi = std::max(a, z);
        if (hi == lo + 1 && (class_of(track[lo].values[b]) == 1) != (class_of(track[hi].values[b]) == 1))
          add(find_bracketed_root(unstable, track[lo].parameter, track[hi].parameter,
                                  class_of(track[lo].values[b]) == 1 ? 1.0 : -1.0,
                                  class_of(track[hi].values[b]) == 1 ? 1.0 : -1.0, options.boundary_tolerance),
              class_of(track[hi].values[b]) == 1);
      }
      k = j;
    }
  }
  std::sort(raw.begin(), raw.end(), [](const auto& x, const auto& y) { return x.parameter < y.parameter; });
  // A complex pair crosses together: merge the conjugate boundaries into one.
  std::vector<char> merged(raw.size(), 0);
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (merged[i]) continue;
    StabilityBoundary boundary = raw[i];
    for (std::size_t j = i + 1; j < raw.size(); ++j) {
      if (merged[j] || raw[j].parameter - boundary.parameter > 2.0 * options.boundary_tolerance) continue;
      const bool conjugate = std::abs(raw[j].eigenvalue - std::conj(boundary.eigenvalue)) <=
                             1e-6 * (1.0 + std::abs(boundary.eigenvalue));
      if (conjugate && raw[j].destabilizing == boundary.destabilizing && boundary.eigenvalue.imag() != 0.0) {
        merged[j] = 1;
        boundary.branches.push_back(raw[j].branches.front());
        if (boundary.eigenvalue.imag() < 0.0) {
          boundary.eigenvalue = raw[j].eigenvalue;
          if (boundary.label.empty()) boundary.label = raw[j].label;
        }
        break;
      }
    }
    result.boundaries.push_back(boundary);
  }

  // Stability between consecutive boundaries, judged at a sample inside the segment (or its midpoint).
  auto stable = [&](const Values& v) {
    for (std::size_t b = 0; b < n; ++b)
      if (!result.branches[b].neutral && class_of(v[b]) == 1) return false;
    return true;
  };
  std::vector<double> cuts{parameters.front()};
  for (const auto& boundary : result.boundaries) cuts.push_back(boundary.parameter);
  cuts.push_back(parameters.back());
  for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
    const double lo = cuts[s], hi = cuts[s + 1];
    if (!(hi > lo)) continue;
    const double margin = options.boundary_tolerance;
    const auto inside = std::find_if(track.begin(), track.end(), [&](const Sample& smp) {
      return smp.parameter > lo + margin && smp.parameter < hi - margin;
    });
    const bool is_stable = inside != track.end() ? stable(inside->values) : stable(tracker.values_at(track, 0.5 * (lo + hi)));
    if (!is_stable) continue;
    if (!result.stable_ranges.empty() && result.stable_ranges.back().upper == lo)
      result.stable_ranges.back().upper = hi;
    else
      result.stable_ranges.push_back({lo, hi});
  }
  result.evaluations = tracker.evaluations();
  return result;
}

}  // namespace carvallo::stability
