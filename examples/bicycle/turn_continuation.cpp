#include "bicycle/turn_continuation.hpp"

#include "carvallo/errors.hpp"
#include "carvallo/stability/bracketed_root.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace carvallo::bicycle {

namespace {

constexpr double kPi = std::numbers::pi;
// Arclength steps in the (lean, steer) plane [rad]: the first, the largest (a turn every 0.02 rad of lean
// is sampled from crossings, refined on the curve: the step only has to follow the curve), the smallest
// before a curve is given up (g undefined beyond: the front wheel loses the ground).
constexpr double kStepFirst = 0.01, kStepMax = 0.05, kStepMin = 1e-6, kFoldStep = 1e-4;
constexpr double kMaxTurnAngle = 0.35;   // tangent turn per step [rad]; more and the step is halved
constexpr double kFiniteDifference = 1e-7;
constexpr std::size_t kMaxPoints = 4000;  // per direction: a curve never needs nearly as many
constexpr int kRefineCost = 15;           // work units of one turn's refinement (about 10 evaluations of g)
constexpr int kStabilityCost = 50;        // and of its stability (a linearization: some 50 evaluations' time)
// The seed leans: the two ends and four between, each scanned over at most kSeedSamples steers (0.5°).
// Three leans (the ends and the middle) lost whole families on 3 of 200 random designs
// (random_parameters(seed, {0.1})): a family of reversed handlebars between leans 0.05 and 0.45 rad, and
// two between a fold at 1.07 rad and the loss of contact at 1.35 rad, crossed no seed lean. Six leans
// found every family of the 200 (tests/bicycle/turn_continuation_test.cpp), at 721 steers, the
// playground's scan: the CLI's seeds (1441 steers at three leans before) cost the same evaluations.
constexpr int kSeedLeans = 6;
constexpr int kSeedSamples = 721;
// The seed scan's local grid near upright (steer_grid) over |δ| ≤ 10 |φ| rather than the scan's 30 |φ|:
// 401 samples rather than 1201 at the first lean. Zeros farther out are farther apart than the even
// grid's spacing, and the families through them reach a seed lean farther out.
constexpr double kSeedLocalSpan = 10.0;
// The corrector stops at |g| ≤ kCorrected, or at a step of at most kCorrectorStep with |g| as small. The
// points only have to follow the curve: each turn is refined on its own (turn_at_crossing). Asking for
// 1e-12 and 1e-9 (g's round-off) took a fifth more evaluations for the same turns.
constexpr double kCorrected = 1e-8, kCorrectorStep = 1e-6;

double wrap(double steer) {
  double d = std::remainder(steer, 2.0 * kPi);  // [−π, π]
  if (d <= -kPi) d += 2.0 * kPi;
  return d;
}

double steer_distance(double a, double b) { return std::abs(std::remainder(a - b, 2.0 * kPi)); }

Eigen::Vector2d perpendicular(const Eigen::Vector2d& v) { return {-v.y(), v.x()}; }

}  // namespace

TurnFamilyTracer::TurnFamilyTracer(const TurnSolver& solver, std::vector<double> leans, const TurnOptions& options)
    : solver_(solver), leans_(std::move(leans)), options_(options), stability_(options.stability) {
  options_.stability = false;
  bool valid = leans_.size() >= 2 && leans_.front() > 0.0 && leans_.back() < 0.5 * kPi;
  for (std::size_t k = 0; valid && k + 1 < leans_.size(); ++k) valid = leans_[k] < leans_[k + 1];
  if (!valid)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "steady turn families: the leans must increase, at least 2, within (0, pi/2) rad", 0.0);
  const std::size_t n = leans_.size();
  for (int k = 0; k < kSeedLeans; ++k) {
    const double lean = leans_[(n - 1) * static_cast<std::size_t>(k) / (kSeedLeans - 1)];
    if (seed_leans_.empty() || seed_leans_.back() != lean) seed_leans_.push_back(lean);
  }
  found_.resize(n);
}

double TurnFamilyTracer::progress() const {
  // Rough shares of the work: the stability, when asked for, about half (the playground's families of the
  // benchmark: 45 % of the time in the browser, 70 % natively), the rest split as seeds a half, tracing and
  // the turns a quarter each.
  const double stability = stability_ ? 0.6 : 0.0;
  const double seeds = 0.5 * (1.0 - stability), trace = 0.25 * (1.0 - stability), turns = 0.25 * (1.0 - stability);
  auto fraction = [](std::size_t done, std::size_t all) {
    return static_cast<double>(done) / static_cast<double>(std::max<std::size_t>(all, 1));
  };
  switch (phase_) {
    case Phase::Seeds: {
      const double in = grid_.empty() ? 0.0 : fraction(seed_sample_, grid_.size());
      return seeds * (static_cast<double>(seed_lean_) + in) / static_cast<double>(seed_leans_.size());
    }
    case Phase::Trace:
      return seeds + trace * fraction(next_seed_, seeds_.size());
    case Phase::Turns:
      return seeds + trace + turns * fraction(turn_curve_, curves_.size());
    case Phase::Stability: {
      std::size_t all = 0, known = stability_turn_;
      for (std::size_t b = 0; b < branches_.size(); ++b) {
        all += branches_[b].turns.size();
        if (b < stability_branch_) known += branches_[b].turns.size();
      }
      return seeds + trace + turns + stability * fraction(known, all);
    }
    case Phase::Done:
      break;
  }
  return 1.0;
}

TurnSolver::Condition TurnFamilyTracer::g(const Eigen::Vector2d& x) {
  ++evaluations_;
  ++work_;
  return solver_.condition(x.x(), x.y());
}

bool TurnFamilyTracer::gradient(const Eigen::Vector2d& x, double g0, Eigen::Vector2d& out) {
  const auto gl = g(x + Eigen::Vector2d(kFiniteDifference, 0.0)), gs = g(x + Eigen::Vector2d(0.0, kFiniteDifference));
  if (!gl.ok || !gs.ok) return false;
  out = Eigen::Vector2d(gl.g - g0, gs.g - g0) / kFiniteDifference;
  return out.allFinite() && out.squaredNorm() > 0.0;
}

bool TurnFamilyTracer::gradient_at(const Eigen::Vector2d& x, double g0, const Eigen::Vector2d& n, double along_n,
                                   const Eigen::Vector2d& t, Eigen::Vector2d& out) {
  // ∇g in the orthonormal frame (n, t) of the step: its n part the corrector's secant (points along n at
  // least 1e-6 apart, g's round-off 1e-10: relative error 1e-4, and an error in it turns the tangent by
  // that times the small t part), its t part one difference. One evaluation rather than two, 7 % of the
  // families' evaluations.
  if (!std::isfinite(along_n) || along_n == 0.0) return gradient(x, g0, out);
  const auto gt = g(x + kFiniteDifference * t);
  if (!gt.ok) return false;
  out = along_n * n + (gt.g - g0) / kFiniteDifference * t;
  return out.allFinite() && out.squaredNorm() > 0.0;
}

void TurnFamilyTracer::step(int work) {
  const long target = work_ + std::max(work, 1);
  while (work_ < target && !done()) {
    switch (phase_) {
      case Phase::Seeds:
        seed_step();
        break;
      case Phase::Trace:
        if (!walk_.open) {
          while (next_seed_ < seeds_.size() && seeds_[next_seed_].covered) ++next_seed_;
          if (next_seed_ == seeds_.size()) {
            phase_ = Phase::Turns;
            break;
          }
          seeds_[next_seed_].covered = true;
          if (!begin_walk(seeds_[next_seed_++])) walk_.open = false;
        } else if (!walk_step()) {
          if (walk_.pass == 0 && !walk_.closed && begin_pass(1)) break;
          end_walk();
        }
        break;
      case Phase::Turns:
        turns_step();
        if (located()) return;  // every turn found: a caller may show them before their stability
        break;
      case Phase::Stability:
        stability_step();
        break;
      case Phase::Done:
        break;
    }
  }
}

// ---- 1. seeds: the scan at a few leans --------------------------------------------------------------

void TurnFamilyTracer::seed_step() {
  const double lean = seed_leans_[seed_lean_];
  if (grid_.empty()) {
    grid_ = steer_grid(lean, std::min(options_.steer_samples, kSeedSamples), kSeedLocalSpan);
    grid_g_.assign(grid_.size(), 0.0);
    grid_ok_.assign(grid_.size(), false);
    seed_sample_ = seed_bracket_ = 0;
  }
  if (seed_sample_ < grid_.size()) {
    const auto c = g({lean, grid_[seed_sample_]});
    grid_ok_[seed_sample_] = c.ok;
    grid_g_[seed_sample_] = c.ok ? c.g : 0.0;
    ++seed_sample_;
    return;
  }
  // Every sign change of g (the last one across ±π), refined as the scan refines it, one a call (each is
  // some 20 evaluations; all of a lean's at once held the page for up to 100 ms). A jump of g (where the
  // contact geometry folds) also changes sign: a zero only where g is small at the refined point.
  const std::size_t n = grid_.size();
  for (; seed_bracket_ < n; ++seed_bracket_) {
    const std::size_t i = seed_bracket_, j = (i + 1) % n;
    if (!grid_ok_[i] || !grid_ok_[j] || grid_g_[i] * grid_g_[j] > 0.0) continue;
    if (grid_g_[i] == 0.0 && grid_g_[j] == 0.0) continue;
    ++seed_bracket_;
    auto f = [&](double steer) {
      const auto c = g({lean, steer});
      if (!c.ok) throw stability::RootFindingError("no state");
      return c.g;
    };
    try {
      const double hi = j == 0 ? grid_[j] + 2.0 * kPi : grid_[j];
      const auto root = stability::find_bracketed_root(f, grid_[i], hi, grid_g_[i], grid_g_[j], options_.steer_tolerance, 400);
      const auto c = g({lean, root.root});
      if (c.ok && std::abs(c.g) <= 1e-6) seeds_.push_back({{lean, wrap(root.root)}});
    } catch (const stability::RootFindingError&) {
      // not a zero: skip the bracket
    }
    return;
  }
  grid_.clear();
  if (++seed_lean_ == seed_leans_.size()) phase_ = Phase::Trace;
}

// ---- 2. tracing: predictor along the tangent, corrector on g = 0 ------------------------------------

bool TurnFamilyTracer::begin_walk(const Seed& seed) {
  walk_ = Walk{};
  walk_.start = seed.x;
  walk_.open = true;
  return begin_pass(0);
}

bool TurnFamilyTracer::begin_pass(int pass) {
  Walk& w = walk_;
  w.pass = pass;
  w.x = w.start;
  const auto c = g(w.x);
  if (!c.ok || !gradient(w.x, c.g, w.grad)) return false;
  w.orientation = pass == 0 ? 1.0 : -1.0;
  w.t = w.orientation * perpendicular(w.grad).normalized();
  w.s = kStepFirst;
  if (pass == 0) {
    w.points[0].push_back(w.x);
    w.speed_squared[0].push_back(c.speed_squared);
  }
  return true;
}

bool TurnFamilyTracer::walk_step() {
  Walk& w = walk_;
  const int p = w.pass;
  if (w.points[p].size() > kMaxPoints) return false;
  const double lo = leans_.front(), hi = leans_.back();
  if (w.x.x() < lo || w.x.x() > hi) return false;  // left the range (a seed on its edge starts inside)
  while (w.s >= kStepMin) {
    const Eigen::Vector2d predicted = w.x + w.s * w.t;
    // Corrector: on the line through the predicted point across the tangent (the pseudo-arclength
    // hyperplane t·(x − x_pred) = 0), Newton with the last gradient, then secant updates.
    const Eigen::Vector2d n = w.grad.normalized();
    const double slope0 = w.grad.norm();
    double c = 0.0, c_prev = 0.0, g_prev = 0.0;
    double secant = std::numeric_limits<double>::quiet_NaN();  // ∂g/∂n from corrector points ≥ 1e-6 apart
    auto cond = g(predicted);
    bool converged = false;
    for (int it = 0; it < 8 && cond.ok; ++it) {
      if (std::abs(cond.g) <= kCorrected) {
        converged = true;
        break;
      }
      const double slope = it == 0 ? slope0 : (cond.g - g_prev) / (c - c_prev);
      if (!std::isfinite(slope) || slope == 0.0) break;
      c_prev = c;
      g_prev = cond.g;
      c -= cond.g / slope;
      cond = g(predicted + c * n);
      if (cond.ok && std::abs(c - c_prev) >= kCorrectorStep) secant = (cond.g - g_prev) / (c - c_prev);
      // g's round-off reaches 1e-11 to 1e-10 on some bicycles: a test of |g| or of a step at round-off
      // alone lost whole families (a trail of 0.3 m, a wheelbase of 2 m).
      if (cond.ok && std::abs(c - c_prev) <= kCorrectorStep) {
        converged = std::abs(cond.g) <= kCorrectorStep;
        break;
      }
    }
    // A corrector that moves farther than half the step may have jumped to another curve.
    if (!converged || !(std::abs(c) <= 0.5 * w.s)) {
      w.s *= 0.5;
      continue;
    }
    const Eigen::Vector2d next = predicted + c * n;
    Eigen::Vector2d grad;
    if (!gradient_at(next, cond.g, n, secant, w.t, grad)) {
      w.s *= 0.5;
      continue;
    }
    Eigen::Vector2d t = w.orientation * perpendicular(grad).normalized();
    const double cosine = t.dot(w.t);
    if (std::abs(cosine) < std::cos(kMaxTurnAngle)) {
      w.s *= 0.5;
      continue;
    }
    // A fold in lean (the tangent's lean component changes sign) is passed with steps of at most kFoldStep:
    // the chord across the fold then misses only the leans within about κ kFoldStep² / 8 of the fold's
    // (κ the curvature), where a coarse step would miss the two turns at each lean just short of the fold.
    if ((cosine < 0.0 ? -t.x() : t.x()) * w.t.x() < 0.0 && w.s > kFoldStep) {
      w.s *= 0.5;
      continue;
    }
    if (cosine < 0.0) {
      // ∇g reversed from one point to the next with the tangent line kept: a simple branch point (∇g = 0)
      // was stepped over (Allgower & Georg 1990, ch. 8). Keep going straight on with the orientation
      // reversed; the other curve through the crossing is seeded from a circle around it.
      w.orientation = -w.orientation;
      t = -t;
      seeds_at_branch_point(0.5 * (w.x + next), std::max(2.0 * (next - w.x).norm(), 1e-3), t);
    }
    const double moved = (next - w.x).norm();
    // Closed: back at the seed (steer modulo 2π) after going round, the seed on this step's chord (within
    // its sagitta, under a tenth of the step at the largest turn allowed); the curve then ends at the seed
    // (end_walk). Nearer than a step was not enough: a loop folding back past its seed a step away was
    // closed there, and the turns on the rest of it lost (a random design's, at lean 0.06 rad).
    const Eigen::Vector2d to_start(w.start.x() - w.x.x(), std::remainder(w.start.y() - w.x.y(), 2.0 * kPi));
    const Eigen::Vector2d chord = next - w.x;
    const double along = std::clamp(to_start.dot(chord) / chord.squaredNorm(), 0.0, 1.0);
    if (w.points[p].size() > 4 && (to_start - along * chord).norm() <= 0.1 * moved) {
      w.closed = true;
      return false;
    }
    if (std::abs(cosine) > std::cos(0.1 * kMaxTurnAngle)) w.s = std::min(1.5 * w.s, kStepMax);
    w.x = next;
    w.t = t;
    w.grad = grad;
    w.points[p].push_back(next);
    w.speed_squared[p].push_back(cond.speed_squared);
    return true;
  }
  return false;
}

void TurnFamilyTracer::seeds_at_branch_point(const Eigen::Vector2d& centre, double radius, const Eigen::Vector2d& along) {
  // The zeros of g on a circle round the crossing: four for two curves crossing, two of them on the curve
  // in hand (directions ±along).
  constexpr int kAngles = 48;
  auto point = [&](double angle) { return Eigen::Vector2d(centre + radius * Eigen::Vector2d(std::cos(angle), std::sin(angle))); };
  auto f = [&](double angle) {
    const auto c = g(point(angle));
    if (!c.ok) throw stability::RootFindingError("no state");
    return c.g;
  };
  std::vector<double> values(kAngles + 1);
  std::vector<bool> ok(kAngles + 1);
  for (int k = 0; k <= kAngles; ++k) {
    const auto c = g(point(2.0 * kPi * k / kAngles));
    ok[k] = c.ok;
    values[k] = c.g;
  }
  for (int k = 0; k < kAngles; ++k) {
    if (!ok[k] || !ok[k + 1] || values[k] * values[k + 1] > 0.0) continue;
    try {
      const auto root = stability::find_bracketed_root(f, 2.0 * kPi * k / kAngles, 2.0 * kPi * (k + 1) / kAngles,
                                                       values[k], values[k + 1], 1e-12, 200);
      const Eigen::Vector2d x = point(root.root);
      const Eigen::Vector2d direction = (x - centre).normalized();
      if (std::abs(direction.dot(along)) > std::cos(0.3)) continue;  // the curve in hand
      if (x.x() < leans_.front() || x.x() > leans_.back()) continue;
      seeds_.push_back({x});
    } catch (const stability::RootFindingError&) {
    }
  }
}

void TurnFamilyTracer::end_walk() {
  Walk& w = walk_;
  TurnCurve curve;
  for (std::size_t k = w.points[1].size(); k-- > 0;) {
    curve.points.push_back(w.points[1][k]);
    curve.speed_squared.push_back(w.speed_squared[1][k]);
  }
  curve.points.insert(curve.points.end(), w.points[0].begin(), w.points[0].end());
  curve.speed_squared.insert(curve.speed_squared.end(), w.speed_squared[0].begin(), w.speed_squared[0].end());
  if (w.closed) {  // back to the start: the last segment closes the loop (its steer unwrapped from the last)
    const Eigen::Vector2d& last = curve.points.back();
    curve.points.emplace_back(w.start.x(), last.y() + std::remainder(w.start.y() - last.y(), 2.0 * kPi));
    curve.speed_squared.push_back(curve.speed_squared.front());
  }
  w.open = false;
  mark_covered(curve);
  curves_.push_back(std::move(curve));
}

std::optional<double> TurnFamilyTracer::steer_on_curve(double lean, double guess) {
  // Secant iteration on g at this lean from a steer next to the curve's, to |g| at round-off (or a step
  // of 1e-9 rad): the turn is then refined by the scan's own method in a bracket of ±1e-7 rad round it.
  double d0 = guess, d1 = guess + 1e-6;
  auto c0 = g({lean, d0}), c1 = g({lean, d1});
  for (int it = 0; it < 30 && c0.ok && c1.ok; ++it) {
    if (std::abs(c1.g) <= 1e-14) return d1;
    const double d2 = d1 - c1.g * (d1 - d0) / (c1.g - c0.g);
    if (!std::isfinite(d2)) {
      if (std::abs(c1.g) <= 1e-11) return d1;
      break;
    }
    if (std::abs(d2 - guess) > 0.1) break;
    if (std::abs(d2 - d1) <= 1e-9) return d2;  // at g's round-off (see walk_step); refined after
    d0 = d1;
    c0 = c1;
    d1 = d2;
    c1 = g({lean, d1});
  }
  return bracketed_steer(lean, guess);
}

std::optional<double> TurnFamilyTracer::bracketed_steer(double lean, double guess) {
  // Where the secant fails: a zero where g changes sign within a tiny steer interval, near a point where
  // b vanishes and the speed² goes through ∞ (a random design's family crossed lean 0.06 rad there, g from
  // −0.41 to 0.43 within 0.005 rad of steer). The nearest sign change within a growing distance of the
  // guess, refined as the scan refines (Illinois with bisection): whether it is a turn, make_turn's
  // residual decides.
  const auto at = g({lean, guess});
  if (!at.ok) return std::nullopt;
  if (at.g == 0.0) return guess;
  for (double h = 1e-6; h <= kStepMax; h *= 4.0) {
    for (const double side : {-1.0, 1.0}) {
      const double other = guess + side * h;
      const auto c = g({lean, other});
      if (!c.ok || c.g * at.g > 0.0) continue;
      auto f = [&](double steer) {
        const auto ci = g({lean, steer});
        if (!ci.ok) throw stability::RootFindingError("no state");
        return ci.g;
      };
      try {
        const double lo = std::min(guess, other), hi = std::max(guess, other);
        return stability::find_bracketed_root(f, lo, hi, lo == guess ? at.g : c.g, lo == guess ? c.g : at.g,
                                              options_.steer_tolerance, 400)
            .root;
      } catch (const stability::RootFindingError&) {
        return std::nullopt;
      }
    }
  }
  return std::nullopt;
}

void TurnFamilyTracer::mark_covered(const TurnCurve& curve) {
  // A seed is on this curve if the curve crosses the seed's lean at the seed's steer.
  for (auto& seed : seeds_) {
    if (seed.covered) continue;
    const double lean = seed.x.x();
    for (std::size_t i = 0; i + 1 < curve.points.size() && !seed.covered; ++i) {
      const Eigen::Vector2d &a = curve.points[i], &b = curve.points[i + 1];
      if ((a.x() - lean) * (b.x() - lean) > 0.0 || a.x() == b.x()) continue;
      const double tau = (lean - a.x()) / (b.x() - a.x());
      const double guess = a.y() + tau * (b.y() - a.y());
      if (steer_distance(guess, seed.x.y()) > 0.05) continue;
      const auto steer = steer_on_curve(lean, guess);
      if (steer && steer_distance(*steer, seed.x.y()) < 1e-8) seed.covered = true;
    }
  }
}

// ---- 4. the turns at the requested leans ------------------------------------------------------------

void TurnFamilyTracer::turns_step() {
  // The segment's crossings one a call: a segment (up to kStepMax long) crosses up to three requested
  // leans, each a turn's refinement.
  if (crossing_ < crossings_.size()) {
    turn_at_crossing(crossings_[crossing_++]);
    return;
  }
  if (turn_curve_ >= curves_.size()) {
    phase_ = stability_ ? Phase::Stability : Phase::Done;
    return;
  }
  const TurnCurve& curve = curves_[turn_curve_];
  if (turn_segment_ + 1 >= curve.points.size()) {
    ++turn_curve_;
    turn_segment_ = 0;
    branch_open_ = false;
    return;
  }
  const std::size_t i = turn_segment_++;
  const Eigen::Vector2d &a = curve.points[i], &b = curve.points[i + 1];
  // The requested leans this segment crosses (its end included, its start only for the curve's first),
  // in the order along the segment.
  crossings_.clear();
  crossing_ = 0;
  for (std::size_t k = 0; k < leans_.size(); ++k) {
    const double l = leans_[k];
    const bool inside = (a.x() - l) * (b.x() - l) < 0.0 || b.x() == l || (i == 0 && a.x() == l);
    if (inside && a.x() != b.x()) crossings_.push_back(k);
  }
  if (b.x() < a.x()) std::reverse(crossings_.begin(), crossings_.end());
}

void TurnFamilyTracer::turn_at_crossing(std::size_t k) {
  // The segment turns_step() last took.
  const TurnCurve& curve = curves_[turn_curve_];
  const std::size_t i = turn_segment_ - 1;
  const Eigen::Vector2d &a = curve.points[i], &b = curve.points[i + 1];
  const double ua = curve.speed_squared[i], ub = curve.speed_squared[i + 1];
  const double lean = leans_[k];
  // No turn where the speed² is negative at both ends (a finite value: b ≠ 0 over the segment).
  if (std::isfinite(ua) && std::isfinite(ub) && ua <= 0.0 && ub <= 0.0) {
    branch_open_ = false;
    return;
  }
  const double tau = (lean - a.x()) / (b.x() - a.x());
  const auto steer = steer_on_curve(lean, a.y() + tau * (b.y() - a.y()));
  std::optional<SteadyTurn> turn;
  if (steer) {
    // The scan's refinement (TurnSolver::in_bracket) in a bracket round the zero: the same turn as the scan.
    const double s = wrap(*steer);
    turn = solver_.in_bracket(lean, s - 1e-7, s + 1e-7, options_);
    work_ += kRefineCost;
  }
  if (turn) {
    if (turn->steer > kPi) turn->steer -= 2.0 * kPi;
    if (turn->steer <= -kPi) turn->steer += 2.0 * kPi;
    const bool duplicate = std::any_of(found_[k].begin(), found_[k].end(),
                                       [&](double o) { return steer_distance(o, turn->steer) < 1e-9; });
    if (duplicate) turn.reset();
  }
  if (!turn) {
    branch_open_ = false;
    return;
  }
  found_[k].push_back(turn->steer);
  if (!branch_open_) branches_.push_back({turn->family, {}});
  branches_.back().turns.push_back(std::move(*turn));
  branch_open_ = true;
}

// ---- 5. their stability -----------------------------------------------------------------------------

void TurnFamilyTracer::stability_step() {
  while (stability_branch_ < branches_.size() && stability_turn_ >= branches_[stability_branch_].turns.size()) {
    ++stability_branch_;
    stability_turn_ = 0;
  }
  if (stability_branch_ == branches_.size()) {
    phase_ = Phase::Done;
    return;
  }
  solver_.add_stability(branches_[stability_branch_].turns[stability_turn_++]);
  work_ += kStabilityCost;
}

// ---- products -------------------------------------------------------------------------------------

std::vector<TurnBranch> continue_turns(const TurnSolver& solver, const std::vector<double>& leans,
                                       const TurnOptions& options) {
  TurnFamilyTracer tracer(solver, leans, options);
  while (!tracer.done()) tracer.step(1 << 30);
  return tracer.branches();
}

std::vector<SteadyTurn> turns_at_speed(const TurnSolver& solver, double speed, double lean_max, int samples,
                                       const TurnOptions& options) {
  if (!(lean_max > 0.0 && lean_max < 0.5 * kPi))
    throw SolverError(SolverError::Kind::InvalidArgument, "steady turns: the lean must be within +-pi/2 rad", 0.0);
  std::vector<double> leans;
  const int count = std::max(samples, 4);
  for (int k = 1; k <= count; ++k) leans.push_back(lean_max * k / count);
  TurnOptions quick = options;
  quick.stability = false;
  TurnFamilyTracer tracer(solver, leans, quick);
  while (!tracer.traced()) tracer.step(1);

  std::vector<SteadyTurn> out;
  for (const TurnCurve& curve : tracer.curves()) {
    for (std::size_t i = 0; i + 1 < curve.points.size(); ++i) {
      const double ua = curve.speed_squared[i], ub = curve.speed_squared[i + 1];
      if (!(ua > 0.0 && ub > 0.0 && std::isfinite(ua) && std::isfinite(ub))) continue;
      const double fa = std::sqrt(ua) - speed, fb = std::sqrt(ub) - speed;
      if (fa * fb > 0.0) continue;
      // Along the segment, each point moved across it onto g = 0: the speed there as a function of the
      // position τ on the segment, whose zero of v − speed the Illinois method finds.
      const Eigen::Vector2d a = curve.points[i], b = curve.points[i + 1];
      const Eigen::Vector2d n = perpendicular(b - a).normalized();
      Eigen::Vector2d on_curve = a;
      auto f = [&](double tau) {
        const Eigen::Vector2d x = a + tau * (b - a);
        double c0 = 0.0, c1 = 1e-7;
        auto g0 = solver.condition(x.x() + c0 * n.x(), x.y() + c0 * n.y());
        auto g1 = solver.condition(x.x() + c1 * n.x(), x.y() + c1 * n.y());
        for (int it = 0; it < 30 && g0.ok && g1.ok && g1.g != 0.0 && std::abs(c1 - c0) > 1e-15; ++it) {
          const double c2 = c1 - g1.g * (c1 - c0) / (g1.g - g0.g);
          c0 = c1;
          g0 = g1;
          c1 = c2;
          g1 = solver.condition(x.x() + c1 * n.x(), x.y() + c1 * n.y());
        }
        if (!g1.ok || !(std::abs(g1.g) <= 1e-9) || !(g1.speed_squared > 0.0))
          throw stability::RootFindingError("off the curve");
        on_curve = x + c1 * n;
        return std::sqrt(g1.speed_squared) - speed;
      };
      try {
        stability::find_bracketed_root(f, 0.0, 1.0, fa, fb, 1e-13, 200);
      } catch (const stability::RootFindingError&) {
        continue;
      }
      const double lean = on_curve.x(), steer = wrap(on_curve.y());
      if (lean < leans.front() || lean > leans.back()) continue;
      auto t = solver.in_bracket(lean, steer - 1e-7, steer + 1e-7, options);
      if (!t || !(std::abs(t->speed - speed) <= 1e-8 * (1.0 + speed))) continue;
      if (t->steer > kPi) t->steer -= 2.0 * kPi;
      if (t->steer <= -kPi) t->steer += 2.0 * kPi;
      const bool duplicate = std::any_of(out.begin(), out.end(), [&](const SteadyTurn& o) {
        return std::abs(o.lean - t->lean) < 1e-9 && steer_distance(o.steer, t->steer) < 1e-9;
      });
      if (!duplicate) out.push_back(std::move(*t));
    }
  }
  std::sort(out.begin(), out.end(), [](const SteadyTurn& x, const SteadyTurn& y) { return x.lean < y.lean; });
  return out;
}

}  // namespace carvallo::bicycle
