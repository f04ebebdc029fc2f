// Where one step of the bicycle's nonlinear simulation spends its time (budget, docs/performance.md: at
// least 50 times faster than real time at Δt = 1e-3 s, i.e. under 20 µs per step). Times each model
// evaluation and the acceleration solve separately at a state of the 5 m/s benchmark run, then a whole
// Simulation::step.
// Built with the native preset (bench/CMakeLists.txt); run from the repository root:
//   cmake --build --preset native --target simulation_step_bench && build/native/bin/simulation_step_bench
#include "per_call.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"
#include "bicycle/simulation.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <utility>

using namespace carvallo;

int main() {
  const auto bike = bicycle::make_multibody_bicycle(bicycle::benchmark_parameters());
  const Model model(bike);
  bicycle::InitialMotion motion;
  motion.speed = 5.0;
  motion.roll = 0.05;
  motion.roll_rate = 0.1;
  const State s = bicycle::multibody_initial_state(bike, motion);
  const double t = s.t;
  Eigen::MatrixXd A;
  Eigen::VectorXd v;
  std::printf("bicycle: n_q = %d, %d holonomic + %d nonholonomic constraints\n", model.nq(), model.nch(),
              model.ncnh());
  std::printf("%-42s %8.2f us\n", "M", per_call_us([&] { model.M(s.q, t, A); }));
  std::printf("%-42s %8.2f us\n", "Q_b", per_call_us([&] { model.Q_b(s.q, s.qd, t, v); }));
  std::printf("%-42s %8.2f us\n", "Q_dh", per_call_us([&] { model.Q_dh(s.q, s.qd, t, v); }));
  std::printf("%-42s %8.2f us\n", "Q_dnh", per_call_us([&] { model.Q_dnh(s.q, s.qd, t, v); }));
  {
    // The constraint derivatives both ways: recorded programs (every Model's default) and the graph recorded
    // at each call (what a definition that branches on the state gets).
    const Model ad = model.with_recorded_programs(false);
    Eigen::MatrixXd Cq, Dqd;
    Eigen::VectorXd Qdh, Qdnh;
    for (const auto& [name, m] : {std::pair<const char*, const Model*>{"program", &model}, {"recorded at each call", &ad}}) {
      std::printf("%-42s %8.2f us\n", (std::string("C_q, ") + name).c_str(), per_call_us([&] { m->C_q(s.q, t, A); }));
      std::printf("%-42s %8.2f us\n", (std::string("D_qd, ") + name).c_str(),
                  per_call_us([&] { m->D_qd(s.q, s.qd, t, A); }));
      std::printf("%-42s %8.2f us\n", (std::string("J, ") + name).c_str(), per_call_us([&] { m->J(s.q, s.qd, t, A); }));
      std::printf("%-42s %8.2f us\n", (std::string("velocity_residual, ") + name).c_str(),
                  per_call_us([&] { m->velocity_residual(s.q, s.qd, t, v); }));
      std::printf("%-42s %8.2f us\n", (std::string("constraint_terms, ") + name).c_str(),
                  per_call_us([&] { m->constraint_terms(s.q, s.qd, t, Cq, Qdh, Dqd, Qdnh); }));
    }
    std::printf("(recorded programs in use: %s)\n", model.constraint_terms_recorded() ? "yes" : "no");
  }
  std::printf("%-42s %8.2f us\n", "C", per_call_us([&] { model.C(s.q, t, v); }));
  std::printf("%-42s %8.2f us\n", "C_dot", per_call_us([&] { model.C_dot(s.q, s.qd, t, v); }));
  std::printf("%-42s %8.2f us\n", "D", per_call_us([&] { model.D(s.q, s.qd, t, v); }));
  std::printf("%-42s %8.2f us\n", "energy", per_call_us([&] { (void)model.energy(s.q, s.qd, t); }));
  std::printf("%-42s %8.2f us\n", "observe",
              per_call_us([&] { (void)bicycle::observe(bike, s.q, s.qd); }));
  DynamicsTerms terms;
  std::printf("%-42s %8.2f us\n", "DynamicsTerms::evaluate",
              per_call_us([&] { terms.evaluate(model, t, s.q, s.qd, {}); }));
  for (auto method : {AccelerationMethod::Augmented, AccelerationMethod::UdwadiaKalaba}) {
    auto solver = make_acceleration_solver(method);
    AccelerationResult r;
    const double all = per_call_us([&] { solver->solve(model, t, s.q, s.qd, {}, r); });
    // The augmented solver runs the model's terms and its solve as one program (acceleration.hpp) once
    // recorded: then there is no separate linear algebra to time.
    std::printf("%-42s %8.2f us (%ld solves as one program)\n", (std::string("solve, ") + to_string(method)).c_str(),
                all, solver->whole_program_solves());
  }
  const auto params = bicycle::benchmark_parameters();
  bicycle::BicycleSimulation sim(params, motion, bicycle::default_bicycle_simulation_options(params));
  const double step = per_call_us([&] { sim.step(1e-3); });
  std::printf("%-42s %8.2f us  (%.1f x real time at dt = 1e-3 s)\n", "BicycleSimulation::step", step, 1e3 / step);
}
