#pragma once
// What the eigenvalue panel shows, computed from a bicycle: eigenvalues against speed as continuous,
// mode-labelled branches (core sweep, carvallo/stability/sweep.hpp, on the canonical route of
// Meijaard et al. 2007 Appendix A), the critical speeds (closed form, bicycle/stability.hpp) and the
// self-stable speed ranges; plus the CSV of a sweep. Pure C++ (no GL, ImGui or Emscripten).

#include "bicycle/canonical.hpp"
#include "bicycle/stability.hpp"

#include <complex>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

/// Mode names of the benchmark (Meijaard et al. 2007, §5) for the bicycle's four roll/steer eigenvalues, by
/// bicycle::mode_labels ("weave", "capsize", "castering"; riding backward names -s); empty for another count.
std::vector<std::string> mode_labels(const std::vector<std::complex<double>>& values, double v);

struct EigenBranch {
  std::string label;  ///< "weave", "capsize" or "castering"
  std::vector<std::complex<double>> values;  ///< at EigenSweep::speeds
};

struct EigenSweep {
  double vmin = 0, vmax = 0;                  ///< m/s
  std::vector<double> speeds;                 ///< m/s, the grid
  std::vector<EigenBranch> branches;          ///< continuous through crossings (core sweep)
  std::optional<double> weave, capsize;       ///< m/s, critical speeds in (0, max(vmax, 50)] (closed form)
  std::vector<bicycle::SpeedRange> stable;    ///< self-stable ranges within [vmin, vmax]
  double search_max = 0;                      ///< m/s, max(vmax, kStabilitySearchMax): how far stable_all looks
  std::vector<bicycle::SpeedRange> stable_all;  ///< self-stable ranges in (0, search_max] (closed form)
  std::string error;                          ///< non-empty when the sweep failed (then nothing else is set)
};

/// Speeds up to which the stability summary looks beyond the plotted range (m/s).
inline constexpr double kStabilitySearchMax = 100.0;

/// One line for a student: where the bicycle balances itself, whatever range is plotted, e.g.
/// "Self-stable for 4.2924 < v < 6.0243 m/s", "Not self-stable in the plotted 0-3 m/s; self-stable for
/// 4.2924 < v < 6.0243 m/s", "Self-stable above 7.1 m/s (checked up to 100 m/s)". In English, always:
/// the JS API's reply.
std::string stability_summary(const EigenSweep& sweep);
/// The same line in the page's language (logic/language.hpp), for what the panels and the parallel DOM
/// show; the numbers as in English.
std::string shown_stability_summary(const EigenSweep& sweep);

/// A mode label's name in the page's language ("weave" is "slingeren" in Dutch), for what is shown; the
/// label itself stays the identifier (colours, mode=, CSV headers). Another label is returned as it is.
std::string mode_name(const std::string& label);

/// Sweeps [vmin, vmax] (vmin < vmax) with `samples` grid points. Never throws: failures go to `error`.
EigenSweep sweep_bicycle(const bicycle::CanonicalModel& model, double vmin, double vmax, std::size_t samples = 301);

struct LabelledEigenvalue {
  std::string label;
  std::complex<double> value;
};

/// The four eigenvalues at speed v, each labelled like the sweep's branch it is nearest to (the branch
/// values at the grid point nearest to v); by mode_labels when v is outside the sweep.
std::vector<LabelledEigenvalue> labelled_eigenvalues(const bicycle::CanonicalModel& model, double v,
                                                     const EigenSweep& sweep);

/// Whether the bicycle is self-stable at a speed, from its eigenvalues there (labelled_eigenvalues): every
/// real part negative; else the label of the mode that grows fastest ("weave", "capsize").
struct StabilityAt {
  bool stable = false;
  std::string growing;  ///< the fastest-growing mode's label; "" when stable
};
StabilityAt stability_at(const std::vector<LabelledEigenvalue>& eigenvalues);

/// "speed_m_s,weave_1_re,weave_1_im,...": one row per grid speed, numbers round-tripping, after a comment
/// header (lines starting with '#') naming the bicycle `bike` (its 26 parameters), its critical speeds and
/// the page's `link`, so a file read a week later still says which design it is.
std::string sweep_csv(const EigenSweep& sweep, const bicycle::Parameters& bike, const std::string& link);

}  // namespace carvallo::web
