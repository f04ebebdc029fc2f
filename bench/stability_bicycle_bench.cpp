// Benchmark of the stability module on the bicycle's multibody model (targets and figures in
// docs/performance.md: a 201-speed sweep under 200 ms, the full pencil for one speed under 20 ms).
// Built with the native preset (bench/CMakeLists.txt); run from the repository root:
//   cmake --build --preset native --target stability_bicycle_bench && build/native/bin/stability_bicycle_bench
#include "bicycle/multibody.hpp"
#include "carvallo/stability/full_pencil.hpp"
#include "carvallo/stability/reduced.hpp"
#include "carvallo/stability/sweep.hpp"
#include "carvallo/stability/quadratic_family.hpp"
#include <chrono>
#include <ctime>
#include <cstdio>
#include <algorithm>
using namespace carvallo;
namespace cs = carvallo::stability;
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
// Process CPU time (ms): on a shared, loaded machine the faithful figure.
static double cpu_ms() { return 1e3 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
int main() {
  const bicycle::Parameters p = bicycle::benchmark_parameters();
  const Model model(bicycle::make_multibody_bicycle(p));
  std::printf("nq %d nch %d ncnh %d\n", model.nq(), model.nch(), model.ncnh());
  auto ref = [&](double v) { return bicycle::multibody_steady_reference(p, v, 0.0); };
  // one linearization
  for (int rep = 0; rep < 3; ++rep) {
    auto t0 = clk::now();
    cs::Linearization lin = cs::linearize(model, ref(5.0));
    auto t1 = clk::now();
    auto red = cs::reduced_eigenvalues(lin);
    auto t2 = clk::now();
    auto full = cs::full_pencil_modes(lin);
    auto t3 = clk::now();
    auto full_noshape = cs::full_pencil_modes(lin, cs::ModalOptions{1e-6, false});
    auto t4 = clk::now();
    std::printf("linearize %.2f ms, reduced eig %.3f ms, full pencil (shapes) %.2f ms, full (no shapes) %.2f ms; full n_inf %d n_zero %d n_dyn %d, gap %.3g/%.3g\n",
                ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4), full.n_infinite, full.n_zero, full.n_dynamic,
                full.largest_finite_magnitude, full.smallest_infinite_magnitude);
    auto rm = cs::reduced_modes(lin);
    auto a = full.eigenvalues(cs::EigenvalueKind::Dynamic), b = rm.eigenvalues(cs::EigenvalueKind::Dynamic);
    std::printf("reduced: n_zero %d n_dyn %d;", rm.n_zero, rm.n_dynamic);
    for (auto& s : b) std::printf(" (%.15g,%.15g)", s.real(), s.imag());
    std::printf("\n full:");
    for (auto& s : a) std::printf(" (%.15g,%.15g)", s.real(), s.imag());
    std::printf("\n");
  }
  // A new design's first linearization records and compiles its program (Model::linearization_blocks),
  // then the seven terms' own programs one by one on a second model of the same design; three designs.
  for (int rep = 0; rep < 3; ++rep) {
    bicycle::Parameters pd = p;
    pd.w = 1.02 + 0.01 * rep;
    const auto rd = bicycle::multibody_steady_reference(pd, 5.0, 0.0);
    const Model blocks_model(bicycle::make_multibody_bicycle(pd)), terms_model(bicycle::make_multibody_bicycle(pd));
    const cs::Linearization lin = cs::linearize(Model(bicycle::make_multibody_bicycle(pd)), rd);
    Eigen::MatrixXd out;
    auto t0 = clk::now();
    LinearizationBlocks blocks;
    blocks_model.linearization_blocks(rd.q, rd.qd, rd.t, rd.qdd, lin.nu, blocks);
    auto t1 = clk::now();
    terms_model.Q_b_q(rd.q, rd.qd, rd.t, out);
    terms_model.Q_b_qd(rd.q, rd.qd, rd.t, out);
    terms_model.Ma_q(rd.q, rd.t, rd.qdd, out);
    terms_model.JTnu_q(rd.q, rd.qd, rd.t, lin.nu, out);
    terms_model.JTnu_qd(rd.q, rd.qd, rd.t, lin.nu, out);
    terms_model.D_q(rd.q, rd.qd, rd.t, out);
    terms_model.D_qd(rd.q, rd.qd, rd.t, out);
    auto t2 = clk::now();
    blocks_model.linearization_blocks(rd.q, rd.qd, rd.t, rd.qdd, lin.nu, blocks);
    auto t3 = clk::now();
    std::printf("a new design's first linearization terms: one program %.2f ms, seven %.2f ms; the program again %.3f ms\n",
                ms(t0, t1), ms(t1, t2), ms(t2, t3));
  }
  auto inv = cs::check_reference_invariance(model, [&](double t) { return bicycle::multibody_steady_reference(p, 4.0, t); }, 0.0, 3.3);
  std::printf("invariance: %d %.3g %s\n", inv.invariant, inv.max_relative_difference, inv.worst.c_str());
  // sweep of 201 speeds through the reduced path, direct linearization at every speed
  for (int rep = 0; rep < 1; ++rep) {
    auto eig = cs::reduced_eigenvalue_function(model, ref, 4);
    auto t0 = clk::now();
    std::vector<std::vector<std::complex<double>>> all;
    for (double v : cs::linspace(0.0, 10.0, 201)) all.push_back(eig(v));
    auto t1 = clk::now();
    std::printf("201 speeds, linearize+reduced each: %.1f ms\n", ms(t0, t1));
    auto t2 = clk::now();
    auto r = cs::sweep_eigenvalues(eig, cs::linspace(0.0, 10.0, 201));
    auto t3 = clk::now();
    std::printf("sweep_eigenvalues (201 + refinement, %zu evals): %.1f ms\n", r.evaluations, ms(t2, t3));
    for (auto& bd : r.boundaries) std::printf("  boundary %.15f (%s) err vs table: w %.3g c %.3g\n", bd.parameter, bd.destabilizing ? "destab" : "stab",
      bd.parameter - 4.29238253634111, bd.parameter - 6.02426201538837);
  }

  for (int rep = 0; rep < 3; ++rep) {
    {
      const double c0 = cpu_ms();
      cs::QuadraticLinearizationFamily fam(model, ref);
      const auto speeds = cs::linspace(0.0, 10.0, 201);
      double sink = 0.0;
      for (double v : speeds) sink += cs::reduced_eigenvalues(fam.at(v))[0].real();
      const double c1 = cpu_ms();
      cs::Linearization lin = cs::linearize(model, ref(5.0));
      const double c2 = cpu_ms();
      auto full = cs::full_pencil_modes(lin);
      const double c3 = cpu_ms();
      auto full2 = cs::full_pencil_modes(fam.at(5.0));
      const double c4 = cpu_ms();
      std::printf("CPU: family + 201 reduced = %.1f ms; direct linearize %.1f ms + full pencil modes %.1f ms; "
                  "family.at + full pencil modes %.1f ms (%g %d %d)\n", c1 - c0, c2 - c1, c3 - c2, c4 - c3, sink,
                  full.n_dynamic, full2.n_dynamic);
    }
    auto t0 = clk::now();
    cs::QuadraticLinearizationFamily fam(model, ref);
    auto t1 = clk::now();
    std::vector<std::vector<std::complex<double>>> all;
    for (double v : cs::linspace(0.0, 10.0, 201)) all.push_back(cs::reduced_eigenvalues(fam.at(v)));
    auto t2 = clk::now();
    cs::EigenvalueFunction f = [&](double v) {
      auto s = cs::reduced_eigenvalues(fam.at(v));
      std::sort(s.begin(), s.end(), [](auto a, auto b) { return std::abs(a) < std::abs(b); });
      s.erase(s.begin(), s.begin() + 4);
      return s;
    };
    auto r = cs::sweep_eigenvalues(f, cs::linspace(0.0, 10.0, 201));
    auto t3 = clk::now();
    bicycle::MultibodyStability stab(p);
    auto t4 = clk::now();
    auto cr = bicycle::multibody_critical_speeds(stab);
    auto t5 = clk::now();
    std::printf("family build %.1f ms (residual %.2g), 201 x (interp + reduced eig) %.1f ms, sweep_eigenvalues %.1f ms (%zu evals)\n",
                ms(t0, t1), fam.verification_residual(), ms(t1, t2), ms(t2, t3), r.evaluations);
    for (auto& bd : r.boundaries) std::printf("  boundary %.15f err w %.3g c %.3g\n", bd.parameter, bd.parameter - 4.29238253634111, bd.parameter - 6.02426201538837);
    std::printf("bicycle MultibodyStability build %.1f ms; multibody_critical_speeds (201 grid, deflated reduced path) %.1f ms: w %.15f (%.3g) c %.15f (%.3g)\n",
                ms(t3, t4), ms(t4, t5), *cr.weave_speed, *cr.weave_speed - 4.29238253634111, *cr.capsize_speed, *cr.capsize_speed - 6.02426201538837);
  }
}
