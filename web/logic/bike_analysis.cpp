#include "logic/bike_analysis.hpp"

#include "logic/language.hpp"
#include "logic/ui_state.hpp"

#include "bicycle/mode_shapes.hpp"
#include "bicycle/stability_sweep.hpp"
#include "carvallo/stability/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>

namespace carvallo::web {

std::vector<std::string> mode_labels(const std::vector<std::complex<double>>& eigenvalues, double v) {
  std::vector<std::string> labels;
  if (eigenvalues.size() != 4) return labels;
  bicycle::Eigenvalues values;
  std::copy(eigenvalues.begin(), eigenvalues.end(), values.begin());
  for (const auto label : bicycle::mode_labels(values, v)) labels.emplace_back(bicycle::mode_label_name(label));
  return labels;
}

EigenSweep sweep_bicycle(const bicycle::CanonicalModel& model, double vmin, double vmax, std::size_t samples) {
  EigenSweep out;
  out.vmin = vmin;
  out.vmax = vmax;
  if (!(vmin < vmax) || !std::isfinite(vmin) || !std::isfinite(vmax) || samples < 2) {
    out.error = translatable("the speed range needs vmin < vmax");  // shown through tr
    return out;
  }
  try {
    stability::SweepOptions options;
    options.labeler = [](double v, const std::vector<std::complex<double>>& s) { return mode_labels(s, v); };
    options.label_parameter = std::clamp(5.0, vmin, vmax);
    // Boundaries are taken from the closed form; the sweep only needs them roughly.
    options.boundary_tolerance = 1e-6;
    const auto r = stability::sweep_eigenvalues(bicycle::eigenvalue_function(model),
                                                stability::linspace(vmin, vmax, samples), options);
    out.speeds = r.parameters;
    for (const auto& b : r.branches) out.branches.push_back({b.label, b.values});
    const auto critical = bicycle::stability(model, std::max(vmax, 50.0));
    out.weave = critical.weave_speed;
    out.capsize = critical.capsize_speed;
    out.search_max = std::max(vmax, kStabilitySearchMax);
    out.stable_all = bicycle::stability(model, out.search_max).stable_speed_ranges;
    if (vmax > 0) {
      for (const auto& range : bicycle::stability(model, vmax).stable_speed_ranges) {
        const double lo = std::max(range.lo, vmin), hi = std::min(range.hi, vmax);
        if (lo < hi) out.stable.push_back({lo, hi});
      }
    }
  } catch (const std::exception& e) {
    out = EigenSweep{};
    out.vmin = vmin;
    out.vmax = vmax;
    out.error = e.what();
  }
  return out;
}

namespace {

// The summary's words: English (the JS API's reply) or the page's language (what the panels show).
// format_arg: the compiler checks each English format against printf's arguments either way, and a
// translation keeps its English's conversions (tests/web/language_test.cpp).
struct Words {
  bool translated;
  __attribute__((format_arg(2))) const char* tr(const char* english) const { return translated ? web::tr(english) : english; }
};

std::string summary(const EigenSweep& sweep, const Words& words) {
  auto range_text = [&](const bicycle::SpeedRange& r) {
    char buf[160];
    if (r.hi >= sweep.search_max) std::snprintf(buf, sizeof buf, words.tr("above %.4f m/s (checked up to %g m/s)"), r.lo, sweep.search_max);
    else if (r.lo <= 0) std::snprintf(buf, sizeof buf, words.tr("below %.4f m/s"), r.hi);
    else std::snprintf(buf, sizeof buf, words.tr("for %.4f < v < %.4f m/s"), r.lo, r.hi);
    return std::string(buf);
  };
  auto list = [&](const std::vector<bicycle::SpeedRange>& ranges) {
    std::string text;
    for (std::size_t i = 0; i < ranges.size(); ++i)
      text += (i ? (i + 1 == ranges.size() ? words.tr(" and ") : ", ") : "") + range_text(ranges[i]);
    return text;
  };
  char buf[512];
  if (sweep.stable_all.empty()) {
    std::snprintf(buf, sizeof buf, words.tr("Not self-stable at any speed up to %g m/s"), sweep.search_max);
  } else if (!sweep.stable.empty()) {
    // The ranges as the closed form gives them (a plotted range cut at vmax may continue beyond it).
    std::snprintf(buf, sizeof buf, words.tr("Self-stable %s"), list(sweep.stable_all).c_str());
  } else {
    std::snprintf(buf, sizeof buf, words.tr("Not self-stable in the plotted %g-%g m/s; self-stable %s"), sweep.vmin, sweep.vmax,
                  list(sweep.stable_all).c_str());
  }
  return buf;
}

}  // namespace

std::string stability_summary(const EigenSweep& sweep) { return summary(sweep, Words{false}); }

std::string shown_stability_summary(const EigenSweep& sweep) { return summary(sweep, Words{true}); }

std::string mode_name(const std::string& label) {
  for (const char* mode : {translatable("weave"), translatable("capsize"), translatable("castering")})
    if (label == mode) return tr(mode);
  return label;
}

StabilityAt stability_at(const std::vector<LabelledEigenvalue>& eigenvalues) {
  StabilityAt out{true, ""};
  double fastest = 0.0;
  for (const auto& e : eigenvalues)
    if (e.value.real() >= fastest) {  // a zero real part (exactly at a critical speed) is no self-stability
      fastest = e.value.real();
      out = {false, e.label};
    }
  return out;
}

std::vector<LabelledEigenvalue> labelled_eigenvalues(const bicycle::CanonicalModel& model, double v,
                                                     const EigenSweep& sweep) {
  const auto e = bicycle::eigenvalues(model, v);
  const std::vector<std::complex<double>> values(e.begin(), e.end());
  std::vector<LabelledEigenvalue> out;
  if (sweep.speeds.empty() || v < sweep.vmin || v > sweep.vmax || sweep.branches.size() != values.size()) {
    const auto labels = mode_labels(values, v);
    for (std::size_t i = 0; i < values.size(); ++i) out.push_back({labels[i], values[i]});
    return out;
  }
  const auto it = std::lower_bound(sweep.speeds.begin(), sweep.speeds.end(), v);
  std::size_t k = static_cast<std::size_t>(it - sweep.speeds.begin());
  if (k == sweep.speeds.size() || (k > 0 && v - sweep.speeds[k - 1] < sweep.speeds[k] - v)) k = k > 0 ? k - 1 : 0;
  // Greedy nearest assignment (four values; the branches are well separated except at crossings, where
  // either label is right).
  std::vector<bool> used(sweep.branches.size(), false);
  for (const auto& s : values) {
    std::size_t best = 0;
    double best_d = INFINITY;
    for (std::size_t b = 0; b < sweep.branches.size(); ++b) {
      if (used[b]) continue;
      const double d = std::abs(sweep.branches[b].values[k] - s);
      if (d < best_d) best_d = d, best = b;
    }
    used[best] = true;
    out.push_back({sweep.branches[best].label, s});
  }
  return out;
}

std::string sweep_csv(const EigenSweep& sweep, const bicycle::Parameters& bike, const std::string& link) {
  std::string csv = "# carvallo eigenvalues of the bicycle's upright running against speed (Meijaard et al. 2007, Appendix A's M, C1, K0, K2), 1/s\n# parameters:";
  for (const auto& d : bicycle::kParameterTable) csv += " " + std::string(d.name) + "=" + format_shortest(bike.*d.member) + " " + std::string(d.unit) + ";";
  csv += "\n# weave speed " + (sweep.weave ? format_shortest(*sweep.weave) + " m/s" : std::string("none")) + "; capsize speed " +
         (sweep.capsize ? format_shortest(*sweep.capsize) + " m/s" : std::string("none")) + "\n# link: #" + link + "\n";
  csv += "speed_m_s";
  std::map<std::string, int> count;
  for (const auto& b : sweep.branches) {
    const std::string name = b.label.empty() ? "branch" : b.label;
    const std::string id = name + "_" + std::to_string(++count[name]);
    csv += "," + id + "_re," + id + "_im";
  }
  csv += "\n";
  for (std::size_t k = 0; k < sweep.speeds.size(); ++k) {
    csv += format_shortest(sweep.speeds[k]);
    for (const auto& b : sweep.branches) csv += "," + format_shortest(b.values[k].real()) + "," + format_shortest(b.values[k].imag());
    csv += "\n";
  }
  return csv;
}

}  // namespace carvallo::web
