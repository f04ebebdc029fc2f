// Carvallo against generated code (issue 17): the nonlinear benchmark bicycle, 5 m/s, kicked with a 0.5 rad/s
// roll rate, simulated by Carvallo (redundant coordinates, automatic differentiation, no symbolic step) and by
// the symbolic peer: SymPy's own Whipple bicycle (test_kane3.py) in minimal coordinates, numbers substituted,
// common subexpressions eliminated, printed as C and compiled with -O3 (bench/peer/generate_whipple_peer.py,
// run by CMake from Debian's python3-sympy), integrated by classical RK4.
//
// Prints, alternating the contestants within each round so the shared machine's load hits both alike:
//  - CPU seconds per simulated second for each at dt = 1e-3 s and 5e-3 s, and Carvallo's ratio to the peer;
//  - each one's accuracy: the largest roll-angle error over the run against a reference (the peer's RK4 at
//    dt = 1e-4 s; Carvallo's own reference agrees with it, which also checks that the two independent
//    models describe the same bicycle);
//  - at equal accuracy: each of Carvallo's fixed-step integrators at the largest step that is as accurate in
//    roll as the peer's RK4 at dt = 5e-3 s, and its ratio to the peer there; the peer also with Carvallo's
//    extrapolation integrator (gbs8), so that each of Carvallo's figures has a ratio at the same integrator;
//  - with --first-result: the time to a first result for a new bicycle, for the peer the symbolic derivation
//    and the compilation (run here as subprocesses), for Carvallo building the model and its first step.
// Build and run (the peer is built only on request, EXCLUDE_FROM_ALL):
//   cmake --build --preset native --target bicycle_peer_bench && build/native/bin/bicycle_peer_bench
//   build/native/bin/bicycle_peer_bench --t 60 --rounds 3 --first-result
#include "bicycle/parameters.hpp"
#include "bicycle/simulation.hpp"
#include "carvallo/integrators.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

// The generated peer (bench/peer/generate_whipple_peer.py documents the arguments).
void whipple_peer_terms(const double q[4], const double u[6], double M[36], double f[6], double B[18]);

namespace {

using namespace carvallo;

constexpr double kSpeed = 5.0;       // m/s
constexpr double kRollRate = 0.5;    // rad/s
constexpr double kRearRadius = 0.3;  // m, the benchmark's rR (test_kane3's PaperRadRear)
constexpr double kSampleEvery = 0.1; // s: roll is compared at multiples of this

// The peer's state: q = [yaw, roll, pitch, steer], u = [u1 .. u6] (test_kane3's order, generated code's
// arguments). Its ODE: q' = (u1, u2, u4, u5), M(q, u) u' = f(q, u).
using PeerState = Eigen::Matrix<double, 10, 1>;

PeerState peer_rate(const PeerState& x) {
  Eigen::Matrix<double, 6, 6, Eigen::RowMajor> M;
  Eigen::Matrix<double, 6, 1> f;
  double B[18];
  whipple_peer_terms(x.data(), x.data() + 4, M.data(), f.data(), B);
  PeerState r;
  r << x(4), x(5), x(7), x(8), M.partialPivLu().solve(f);
  return r;
}

// Upright, 5 m/s forward (u3 = v / rR as in test_kane3), roll rate 0.5 rad/s; the dependent speeds
// (u1 yaw, u4 pitch, u6 front wheel) from the nonholonomic constraints B(q) u = 0.
PeerState peer_initial_state() {
  PeerState x = PeerState::Zero();
  x(5) = kRollRate;                 // u2
  x(6) = kSpeed / kRearRadius;      // u3
  Eigen::Matrix<double, 6, 6, Eigen::RowMajor> M;
  Eigen::Matrix<double, 6, 1> f;
  Eigen::Matrix<double, 3, 6, Eigen::RowMajor> B;
  whipple_peer_terms(x.data(), x.data() + 4, M.data(), f.data(), B.data());
  const std::array<int, 3> dep{0, 3, 5}, ind{1, 2, 4};
  Eigen::Matrix3d Bd, Bi;
  Eigen::Vector3d ui;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) Bd(r, c) = B(r, dep[c]), Bi(r, c) = B(r, ind[c]);
  for (int c = 0; c < 3; ++c) ui(c) = x(4 + ind[c]);
  const Eigen::Vector3d ud = Bd.partialPivLu().solve(-Bi * ui);
  for (int c = 0; c < 3; ++c) x(4 + dep[c]) = ud(c);
  return x;
}

// Roll at t = k * kSampleEvery, k = 0 .. t_end / kSampleEvery.
using RollSamples = std::vector<double>;

RollSamples run_peer(double t_end, double dt) {
  PeerState x = peer_initial_state();
  const long steps = std::lround(t_end / dt), every = std::lround(kSampleEvery / dt);
  RollSamples roll{x(1)};
  for (long i = 1; i <= steps; ++i) {
    const PeerState k1 = peer_rate(x);
    const PeerState k2 = peer_rate(x + 0.5 * dt * k1);
    const PeerState k3 = peer_rate(x + 0.5 * dt * k2);
    const PeerState k4 = peer_rate(x + dt * k3);
    x += dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    if (i % every == 0) roll.push_back(x(1));
  }
  return roll;
}

// The peer's ODE for Carvallo's integrators (integrators.hpp), so that both can use the same one.
class PeerOde final : public OdeSystem {
 public:
  void rhs(double, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) override {
    const PeerState x = y;
    dydt = peer_rate(x);
  }
};

RollSamples run_peer_with(double t_end, double dt, IntegratorMethod method, double rtol = 0.0) {
  PeerOde ode;
  AdaptiveOptions adaptive;
  if (rtol > 0.0) {
    adaptive.rtol = rtol;
    adaptive.atol = 1e-3 * rtol;
  }
  const auto integrator = make_integrator(method, adaptive);
  Eigen::VectorXd y = peer_initial_state();
  const long steps = std::lround(t_end / dt), every = std::lround(kSampleEvery / dt);
  RollSamples roll{y(1)};
  for (long i = 1; i <= steps; ++i) {
    integrator->step(ode, static_cast<double>(i - 1) * dt, dt, y);
    if (i % every == 0) roll.push_back(y(1));
  }
  return roll;
}

SimulationOptions carvallo_options(IntegratorMethod integrator) {
  auto options = bicycle::default_bicycle_simulation_options(bicycle::benchmark_parameters());
  options.integrator = integrator;
  return options;
}

RollSamples run_carvallo(double t_end, double dt, IntegratorMethod integrator, double rtol = 0.0) {
  bicycle::InitialMotion motion;
  motion.speed = kSpeed;
  motion.roll_rate = kRollRate;
  auto options = carvallo_options(integrator);
  if (rtol > 0.0) {
    options.adaptive.rtol = rtol;
    options.adaptive.atol = 1e-3 * rtol;
  }
  bicycle::BicycleSimulation sim(bicycle::benchmark_parameters(), motion, options);
  const long steps = std::lround(t_end / dt), every = std::lround(kSampleEvery / dt);
  RollSamples roll{sim.observables().roll};
  for (long i = 1; i <= steps; ++i) {
    sim.step(dt);
    if (i % every == 0) roll.push_back(sim.observables().roll);
  }
  return roll;
}

double max_difference(const RollSamples& a, const RollSamples& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    const double d = std::abs(a[i] - b[i]);
    if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;  // a NaN sample is an infinite error, not none
  }
  return a.size() == b.size() ? worst : INFINITY;
}

double cpu_seconds(const std::function<void()>& f) {
  const std::clock_t a = std::clock();
  f();
  return static_cast<double>(std::clock() - a) / CLOCKS_PER_SEC;
}

double wall_seconds(const std::function<void()>& f) {
  const auto a = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
}

struct Contestant {
  std::string name;
  double dt;
  std::function<RollSamples(double t_end)> run;
  std::vector<double> seconds;  // CPU seconds per round
  RollSamples roll;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? NAN : v[v.size() / 2];
}

int usage() {
  std::fprintf(stderr, "usage: bicycle_peer_bench [--t <simulated seconds, default 60>] [--rounds <n, default 3>] "
                       "[--first-result]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  double t_end = 60.0;
  int rounds = 3;
  bool first_result = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--t") && i + 1 < argc) t_end = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--first-result")) first_result = true;
    else return usage();
  }
  if (!(t_end >= kSampleEvery && t_end <= 3600.0) || rounds < 1 || rounds > 100) return usage();

  // References: both models at a step where RK4's error is far below the compared ones.
  const RollSamples reference = run_peer(t_end, 1e-4);
  const RollSamples carvallo_reference = run_carvallo(t_end, 1e-4, IntegratorMethod::RungeKutta4);
  std::printf("bicycle, 5 m/s, roll rate 0.5 rad/s, %.0f s simulated; roll sampled every %.1f s\n", t_end, kSampleEvery);
  std::printf("reference: peer RK4 at dt = 1e-4 s; Carvallo RK4 at 1e-4 s differs from it by at most %.2e rad "
              "(two independent models of the same bicycle)\n\n", max_difference(carvallo_reference, reference));

  std::vector<Contestant> field;
  for (double dt : {1e-3, 5e-3}) {
    field.push_back({"peer (generated C, RK4)", dt, [dt](double t) { return run_peer(t, dt); }, {}, {}});
    field.push_back({"carvallo (AB4 + RGCPA)", dt,
                     [dt](double t) { return run_carvallo(t, dt, IntegratorMethod::AdamsBashforth4); }, {}, {}});
    field.push_back({"carvallo (RK4 + RGCPA)", dt,
                     [dt](double t) { return run_carvallo(t, dt, IntegratorMethod::RungeKutta4); }, {}, {}});
  }
  for (int round = 0; round < rounds; ++round) {
    // Rotate the order each round: no contestant always runs first (cold caches) or last.
    for (std::size_t k = 0; k < field.size(); ++k) {
      auto& c = field[(k + static_cast<std::size_t>(round)) % field.size()];
      c.seconds.push_back(cpu_seconds([&] { c.roll = c.run(t_end); }));
    }
  }
  std::printf("%-26s %8s %14s %16s %18s\n", "", "dt (s)", "CPU s (median)", "CPU s / sim. s", "max roll error");
  for (const auto& c : field)
    std::printf("%-26s %8.0e %14.3f %16.5f %18.2e\n", c.name.c_str(), c.dt, median(c.seconds), median(c.seconds) / t_end,
                max_difference(c.roll, reference));
  std::printf("\nratio Carvallo / peer (CPU time, median of %d rounds; above 1 = Carvallo slower):\n", rounds);
  for (std::size_t i = 0; i < field.size(); i += 3) {
    const double peer = median(field[i].seconds);
    std::printf("  dt = %.0e s: AB4 %.2f, RK4 %.2f\n", field[i].dt, median(field[i + 1].seconds) / peer,
                median(field[i + 2].seconds) / peer);
  }

  // At equal accuracy: the peer's RK4 at dt = 5e-3 s sets the roll error to meet. Each other fixed-step
  // contestant runs at the largest step 0.1 s / n (n from a list, so that the steps divide the sampling) that
  // meets it, each adaptive one is called every 0.1 s at the loosest tolerance that meets it (its internal
  // steps are its own), found by one untimed run per candidate; then all are timed against the peer as
  // above. The peer also runs with Carvallo's extrapolation integrators (the same code, on the peer's ODE):
  // a better integrator helps both, and the ratio to the peer at the same integrator is the engine's own.
  const double target = max_difference(field[3].roll, reference);
  struct Candidate {
    std::string name, integrator;  // integrator: the key that pairs Carvallo with the peer
    bool adaptive;
    std::function<RollSamples(double t_end, double dt, double rtol)> run;
  };
  const auto carvallo_with = [](IntegratorMethod integrator) {
    return [integrator](double t, double dt, double rtol) { return run_carvallo(t, dt, integrator, rtol); };
  };
  const auto peer_with = [](IntegratorMethod integrator) {
    return [integrator](double t, double dt, double rtol) { return run_peer_with(t, dt, integrator, rtol); };
  };
  const Candidate candidates[] = {
      {"peer (generated C, GBS8)", "gbs8", false, peer_with(IntegratorMethod::Extrapolation8)},
      {"peer (generated C, GBS8a)", "gbs8-adaptive", true, peer_with(IntegratorMethod::Extrapolation8Adaptive)},
      {"carvallo (AB4 + RGCPA)", "ab4", false, carvallo_with(IntegratorMethod::AdamsBashforth4)},
      {"carvallo (RK4 + RGCPA)", "rk4", false, carvallo_with(IntegratorMethod::RungeKutta4)},
      {"carvallo (Merson + RGCPA)", "kutta-merson", false, carvallo_with(IntegratorMethod::KuttaMerson)},
      {"carvallo (GBS8 + RGCPA)", "gbs8", false, carvallo_with(IntegratorMethod::Extrapolation8)},
      {"carvallo (GBS8a + RGCPA)", "gbs8-adaptive", true, carvallo_with(IntegratorMethod::Extrapolation8Adaptive)}};
  std::vector<Contestant> equal{{"peer (generated C, RK4)", 5e-3, [](double t) { return run_peer(t, 5e-3); }, {}, {}}};
  std::vector<std::string> keys{"peer rk4"}, settings{"dt 5.0e-03"};
  for (const auto& candidate : candidates) {
    std::vector<std::pair<double, double>> tries;  // (dt, rtol), the cheapest first
    if (candidate.adaptive)
      for (double rtol : {1e-6, 5e-7, 2e-7, 1e-7, 5e-8, 2e-8, 1e-8, 5e-9, 2e-9, 1e-9, 1e-10, 1e-11}) tries.emplace_back(kSampleEvery, rtol);
    else
      for (int n : {1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 30, 35, 40, 50, 60, 70, 80, 100, 200})
        tries.emplace_back(kSampleEvery / n, 0.0);
    for (const auto& [dt, rtol] : tries) {
      const auto run = [dt = dt, rtol = rtol, &candidate](double t) { return candidate.run(t, dt, rtol); };
      double error = INFINITY;
      try {
        error = max_difference(run(t_end), reference);
      } catch (const std::exception&) {  // a step too large for the method: not a candidate
      }
      if (error <= target) {
        equal.push_back({candidate.name, dt, run, {}, {}});
        keys.push_back((candidate.name.rfind("peer", 0) == 0 ? "peer " : "carvallo ") + candidate.integrator);
        char setting[32];
        std::snprintf(setting, sizeof setting, candidate.adaptive ? "rtol %.0e" : "dt %.1e", candidate.adaptive ? rtol : dt);
        settings.emplace_back(setting);
        break;
      }
    }
  }
  for (int round = 0; round < rounds; ++round)
    for (std::size_t k = 0; k < equal.size(); ++k) {
      auto& c = equal[(k + static_cast<std::size_t>(round)) % equal.size()];
      c.seconds.push_back(cpu_seconds([&] { c.roll = c.run(t_end); }));
    }
  std::printf("\nat equal accuracy (max roll error at most the peer's at dt = 5e-3 s, %.2e rad): each at the largest "
              "step (or loosest tolerance, called every %.1f s) that meets it\n", target, kSampleEvery);
  std::printf("%-28s %12s %14s %16s %16s %14s %18s\n", "", "setting", "CPU s (median)", "CPU s / sim. s",
              "max roll error", "ratio to RK4", "ratio, same integ.");
  for (std::size_t i = 0; i < equal.size(); ++i) {
    const auto& c = equal[i];
    // The peer with the same integrator, for Carvallo's contestants (NaN where the peer has none).
    double same = NAN;
    if (keys[i].rfind("carvallo ", 0) == 0)
      for (std::size_t j = 0; j < equal.size(); ++j)
        if (keys[j] == "peer " + keys[i].substr(9)) same = median(c.seconds) / median(equal[j].seconds);
    if (keys[i] == "carvallo rk4") same = median(c.seconds) / median(equal[0].seconds);
    std::printf("%-28s %12s %14.3f %16.5f %16.2e %14.2f %18.2f\n", c.name.c_str(), settings[i].c_str(), median(c.seconds),
                median(c.seconds) / t_end, max_difference(c.roll, reference), median(c.seconds) / median(equal[0].seconds),
                same);
  }

  if (first_result) {
    // A new bicycle: the peer needs its symbolic derivation and a compilation (the numbers are substituted
    // into the generated code); Carvallo builds the model from the parameters and steps.
    auto params = bicycle::benchmark_parameters();
    params.c = 0.09;  // a new design: more trail
    bicycle::InitialMotion motion;
    motion.speed = kSpeed;
    motion.roll_rate = kRollRate;
    const double carvallo = wall_seconds([&] {
      bicycle::BicycleSimulation sim(params, motion, carvallo_options(IntegratorMethod::AdamsBashforth4));
      sim.step(1e-3);
    });
    std::printf("\ntime to a first result for a new bicycle (wall, run from the repository root):\n");
#ifdef __EMSCRIPTEN__
    // No processes under WebAssembly: the peer's derivation and compilation are native work wherever its
    // numbers are then run (the native run of this program measures them).
    std::printf("  peer: symbolic derivation and compilation happen natively (see the native run)\n");
#else
    const std::string dir = "build/bicycle_peer_first_result";
    const std::string generate = "mkdir -p " + dir + " && /usr/bin/python3 bench/peer/generate_whipple_peer.py " + dir +
                                 "/peer.cpp 2>/dev/null";
    const std::string compile = "g++ -O3 -c " + dir + "/peer.cpp -o " + dir + "/peer.o";
    int status = 0;
    const double derive = wall_seconds([&] { status |= std::system(generate.c_str()); });
    const double build = wall_seconds([&] { status |= std::system(compile.c_str()); });
    if (status != 0) std::printf("  peer: the generator or the compiler failed (status %d)\n", status);
    std::printf("  peer: symbolic derivation %.1f s + compilation %.1f s = %.1f s\n", derive, build, derive + build);
#endif
    std::printf("  carvallo: model from the parameters and the first step %.4f s\n", carvallo);
  }
}
