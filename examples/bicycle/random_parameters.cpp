#include "bicycle/random_parameters.hpp"

#include <cmath>

namespace carvallo::bicycle {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fully specified 64-bit generator.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi), from the top 53 bits.
  double uniform(double lo, double hi) {
    const double u = static_cast<double>(next() >> 11) * 0x1.0p-53;
    return lo + (hi - lo) * u;
  }

 private:
  std::uint64_t state_;
};

struct FrameInertia {
  double xx, yy, zz, xz;
};

// Principal moments (a, b, c) with the triangle inequality (c <= a + b etc.), the y axis principal,
// rotated by angle theta about y.
FrameInertia random_frame_inertia(SplitMix64& rng, double mass, double size) {
  const double scale = mass * size * size;
  const double a = rng.uniform(0.2, 1.0) * scale;
  const double b = rng.uniform(0.2, 1.0) * scale;
  const double lo = std::abs(a - b), hi = a + b;  // the third moment must lie in [|a - b|, a + b]
  const double yy = lo + rng.uniform(0.05, 0.95) * (hi - lo);
  const double theta = rng.uniform(-1.2, 1.2);
  const double cs = std::cos(theta), sn = std::sin(theta);
  FrameInertia I;
  I.xx = a * cs * cs + b * sn * sn;
  I.zz = a * sn * sn + b * cs * cs;
  I.xz = (a - b) * sn * cs;
  I.yy = yy;
  return I;
}

}  // namespace

Parameters random_parameters(std::uint64_t seed, const RandomParameterOptions& options) {
  SplitMix64 rng(seed);
  Parameters p;
  p.w = rng.uniform(0.8, 1.3);
  p.c = rng.uniform(-0.05, 0.2);
  p.lambda = rng.uniform(0.0, 0.5);
  p.g = 9.81;
  const bool skates = rng.uniform(0.0, 1.0) < options.skate_probability;
  auto wheel = [&](double& r, double& m, double& ixx, double& iyy) {
    if (skates) {
      r = m = ixx = iyy = 0.0;
      return;
    }
    r = rng.uniform(0.2, 0.45);
    m = rng.uniform(0.5, 5.0);
    iyy = m * r * r * rng.uniform(0.4, 1.0);      // between a ring-ish and a disk-ish wheel
    ixx = 0.5 * iyy * rng.uniform(1.0, 1.3);      // triangle inequality: iyy <= 2 ixx
  };
  wheel(p.rR, p.mR, p.IRxx, p.IRyy);
  wheel(p.rF, p.mF, p.IFxx, p.IFyy);
  p.mB = rng.uniform(20.0, 110.0);
  p.xB = rng.uniform(0.1, 0.7) * p.w;
  p.zB = -rng.uniform(0.4, 1.3);
  const FrameInertia B = random_frame_inertia(rng, p.mB, 0.35);
  p.IBxx = B.xx; p.IByy = B.yy; p.IBzz = B.zz; p.IBxz = B.xz;
  p.mH = rng.uniform(1.0, 10.0);
  p.xH = p.w + rng.uniform(-0.25, 0.05);
  p.zH = -rng.uniform(0.4, 1.1);
  const FrameInertia H = random_frame_inertia(rng, p.mH, 0.15);
  p.IHxx = H.xx; p.IHyy = H.yy; p.IHzz = H.zz; p.IHxz = H.xz;
  return p;
}

}  // namespace carvallo::bicycle
