// The sparsity detection of the coloured Jacobians (C_q, D_q̇, D_q) on every registered model: the exact
// structural pass (Model::*_sparsity, carvallo/sparsity.hpp) against the former detection, three full
// vector-mode Jacobians at the initial state and at two random nearby points (q and q̇ perturbed, t not),
// kept here to compare: nonzeros and colours found by each, entries the sampling missed, and the time of
// each detection (median of 21 runs, CPU time on the shared machine).
// Built with the native preset (bench/CMakeLists.txt); from the repository root:
//   cmake --build --preset native --target jacobian_sparsity_bench && build/native/bin/jacobian_sparsity_bench
#include "registry.hpp"

#include "carvallo/sparsity.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

using namespace carvallo;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

double cpu_us() { return 1e6 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

template <class F>
double median_us(F&& f) {
  std::vector<double> t;
  for (int r = 0; r < 21; ++r) {
    const double a = cpu_us();
    f();
    t.push_back(cpu_us() - a);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Dense vector-mode Jacobian, 8 columns per evaluation (as the former chunked_jacobian).
void chunked(const VectorXd& x, int rows, MatrixXd& out,
             const std::function<void(const Vec<DualChunk>&, Vec<DualChunk>&)>& f) {
  const auto n = static_cast<int>(x.size());
  Vec<DualChunk> xs(n), o(rows);
  for (int i = 0; i < n; ++i) xs[i] = DualChunk(x[i]);
  out.setZero(rows, n);
  for (int j0 = 0; j0 < n; j0 += kJacobianChunk) {
    const int w = std::min(kJacobianChunk, n - j0);
    for (int k = 0; k < w; ++k) xs[j0 + k].d[static_cast<std::size_t>(k)] = 1.0;
    o.setZero(rows);
    f(xs, o);
    for (int i = 0; i < rows; ++i)
      for (int k = 0; k < w; ++k) out(i, j0 + k) = o[i].d[static_cast<std::size_t>(k)];
    for (int k = 0; k < w; ++k) xs[j0 + k].d[static_cast<std::size_t>(k)] = 0.0;
  }
}

// The former detection: nonzeros of the full Jacobian at (x, y) and at two random nearby points.
SparsityPattern sampled(const VectorXd& x, const VectorXd& y, int rows,
                        const std::function<void(const VectorXd&, const VectorXd&, MatrixXd&)>& full) {
  const auto n = static_cast<int>(x.size());
  std::vector<std::vector<char>> nz(static_cast<std::size_t>(n), std::vector<char>(static_cast<std::size_t>(rows), 0));
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto uniform = [&state] {  // splitmix64 → [-1, 1), as before
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
  };
  MatrixXd J;
  for (int sample = 0; sample < 3; ++sample) {
    VectorXd xs = x, ys = y;
    if (sample > 0) {
      for (Eigen::Index i = 0; i < xs.size(); ++i) xs[i] += 1e-2 * (1.0 + std::abs(xs[i])) * uniform();
      for (Eigen::Index i = 0; i < ys.size(); ++i) ys[i] += 1e-2 * (1.0 + std::abs(ys[i])) * uniform();
    }
    full(xs, ys, J);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < rows; ++i)
        if (J(i, j) != 0.0) nz[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = 1;
  }
  SparsityPattern p;
  p.rows = rows;
  p.column_rows.resize(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < rows; ++i)
      if (nz[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)]) p.column_rows[static_cast<std::size_t>(j)].push_back(i);
  return p;
}

int missing(const SparsityPattern& from, const SparsityPattern& in) {
  int n = 0;
  for (int j = 0; j < from.cols(); ++j)
    for (int i : from.column_rows[static_cast<std::size_t>(j)]) n += in.contains(i, j) ? 0 : 1;
  return n;
}

void report(const char* what, const SparsityPattern& traced, const SparsityPattern& old, double t_traced, double t_old) {
  std::printf("  %-5s traced %4d nz %2d colours%s | sampled %4d nz %2d colours | sampling missed %d, found outside %d | %8.1f us vs %8.1f us\n",
              what, traced.nonzeros(), color_columns(traced).colors, traced.value_dependent ? " (value-dependent)" : "",
              old.nonzeros(), color_columns(old).colors, missing(traced, old), missing(old, traced), t_traced, t_old);
}

}  // namespace

int main() {
  for (const auto& e : examples::models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const examples::ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      const VectorXd &q = inst.q0, &qd = inst.qd0;
      const double t = inst.t0;
      std::printf("%s / %s: nq %d, nch %d, ncnh %d\n", e.name.c_str(), v.c_str(), m.nq(), m.nch(), m.ncnh());
      const auto& ev = m.chunk_evaluator();
      if (m.nch() > 0) {
        auto full = [&](const VectorXd& x, const VectorXd&, MatrixXd& J) {
          chunked(x, m.nch(), J, [&](const Vec<DualChunk>& xs, Vec<DualChunk>& o) { ev.eval_holonomic(xs, DualChunk(t), o); });
        };
        SparsityPattern traced, old;
        const double tt = median_us([&] { traced = m.C_q_sparsity(q, t); });
        const double to = median_us([&] { old = sampled(q, VectorXd(), m.nch(), full); });
        report("C_q", traced, old, tt, to);
      }
      if (m.ncnh() > 0) {
        auto full_qd = [&](const VectorXd& vel, const VectorXd& x, MatrixXd& J) {
          Vec<DualChunk> qc(x.size());
          for (Eigen::Index i = 0; i < x.size(); ++i) qc[i] = DualChunk(x[i]);
          chunked(vel, m.ncnh(), J, [&](const Vec<DualChunk>& vs, Vec<DualChunk>& o) { ev.eval_nonholonomic_rates(x, qc, vs, t, o); });
        };
        auto full_q = [&](const VectorXd& x, const VectorXd& vel, MatrixXd& J) {
          Vec<DualChunk> vc(vel.size());
          for (Eigen::Index i = 0; i < vel.size(); ++i) vc[i] = DualChunk(vel[i]);
          chunked(x, m.ncnh(), J, [&](const Vec<DualChunk>& xs, Vec<DualChunk>& o) { ev.eval_nonholonomic(xs, vc, DualChunk(t), o); });
        };
        SparsityPattern traced, old;
        double tt = median_us([&] { traced = m.D_qd_sparsity(q, qd, t); });
        double to = median_us([&] { old = sampled(qd, q, m.ncnh(), full_qd); });
        report("D_qd", traced, old, tt, to);
        tt = median_us([&] { traced = m.D_q_sparsity(q, qd, t); });
        to = median_us([&] { old = sampled(q, qd, m.ncnh(), full_q); });
        report("D_q", traced, old, tt, to);
      }
    }
}
