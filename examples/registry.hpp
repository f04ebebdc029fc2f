#pragma once
// The model registry: one list of every example model, read by the CLI (`carvallo models`,
// `carvallo simulate --model <name>`) and by the playground's model menu. See docs/examples.md.
//
// A model registers itself with one line in examples/registry.cpp:
//
//   {"four-bar", "Four-bar linkage", "002 §6: ...", {"nacf", "angles"}, &mechanisms::make_four_bar},
//
// (The list lives in registry.cpp rather than in static objects of each model file because the models
// are linked from a static library, where an object file that nothing references is dropped together
// with its static initializers; one explicit table avoids that and fixes the menu order.)
//
// make(variant) builds the model and everything needed to run it the way its paper did: the
// `carvallo::Model`, a consistent initial state, the paper's method, step and duration, optional
// probes (named scalar outputs such as an energy integral) and, where sensible, a drawing.
// An empty variant means the first (default) variant. Unknown variants throw
// carvallo::SolverError(InvalidArgument).

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/model.hpp"
#include "carvallo/simulation.hpp"

#include <Eigen/Core>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::examples {

/// How the paper ran the model. Names match the engine's and the CLI's option values.
struct SimulationDefaults {
  AccelerationMethod acceleration = AccelerationMethod::UdwadiaKalaba;
  /// Constraint stabilizer, by the engine's name (carvallo/stabilization.hpp): "none", "baumgarte",
  /// "direct" (direct correction, 002 Eqs 78-79), "rgcpa" or "selective".
  std::string stabilizer = "none";
  BaumgarteGains baumgarte;                ///< the paper's gains when stabilizer == "baumgarte"
  IntegratorMethod integrator = IntegratorMethod::AdamsBashforth4;
  double step = 1e-3;                      ///< Δt [s]
  double duration = 5.0;                   ///< simulated time span [s]
  double tolerance = 1e-12;                ///< position/velocity tolerance of the correction steps
  /// Direct correction applied at every step regardless of the residual (002's practice, Table 11).
  bool correct_every_step = false;
  /// Independent coordinates for selective partitioning (004 §3.2) and for building consistent initial
  /// conditions; empty = let the DOF analysis choose.
  std::vector<std::string> independent_coordinates;
  /// Independent velocities (nonholonomic systems have fewer than coordinates); empty = choose.
  std::vector<std::string> independent_velocities;
};

/// A named scalar computed from the state, reported by the CLI beside the constraint violations
/// (e.g. "energy" for 001 Eq 103, "y_G2" for 002 Fig. 6).
struct Probe {
  std::string name;
  std::string unit;
  std::function<double(const Model&, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd)> value;
};

/// What to draw, in world coordinates [model length units]. Planar models use z = 0; the viewer looks
/// along −z for planar models and uses its 3D camera otherwise.
struct Drawing {
  struct Segment {
    Eigen::Vector3d a, b;
    double width = 0.0;        ///< drawn thickness [m]; 0 = a thin line
    int body = -1;             ///< body index for colouring (-1 = ground)
  };
  struct Point {
    Eigen::Vector3d p;
    std::string label;         ///< e.g. "A" for a joint, "" for none
  };
  struct Spring {
    Eigen::Vector3d a, b;      ///< end points of a spring–damper element
  };
  struct Circle {
    Eigen::Vector3d center, normal;
    double radius = 0.0;
    int body = -1;
  };
  std::vector<Segment> segments;
  std::vector<Point> points;
  std::vector<Spring> springs;
  std::vector<Circle> circles;
  bool planar = true;
};

/// Everything a front end needs to run and show one model.
struct ModelInstance {
  Model model;
  double t0 = 0.0;               ///< initial time [s]
  Eigen::VectorXd q0, qd0;       ///< initial state, consistent with the constraints (checked by the tests)
  SimulationDefaults defaults;
  std::vector<Probe> probes;
  /// World-space drawing of configuration q (empty function: nothing to draw).
  std::function<Drawing(const Eigen::VectorXd& q)> draw;
};

struct ModelEntry {
  std::string name;                    ///< CLI / URL name, e.g. "four-bar"
  std::string title;                   ///< menu label, e.g. "Four-bar linkage"
  std::string description;             ///< one or two sentences with the paper reference
  std::vector<std::string> variants;   ///< alternative formulations; the first is the default
  ModelInstance (*make)(const std::string& variant);
};

/// Every registered model, in menu order.
const std::vector<ModelEntry>& models();

/// The engine's options for running a model the way its paper did (its SimulationDefaults); the paper's
/// Baumgarte gains only when Baumgarte is its method (else the engine's defaults stay, for a user who
/// switches to Baumgarte). Throws SolverError(InvalidArgument) for an unknown stabilizer name.
SimulationOptions simulation_options(const SimulationDefaults& d);

/// The entry named `name`, or nullptr.
const ModelEntry* find_model(std::string_view name);

/// Shorthand: find_model(name)->make(variant); throws SolverError(InvalidArgument) for an unknown name.
ModelInstance make_model(std::string_view name, const std::string& variant = {});

/// For factories: throws SolverError(InvalidArgument) naming the model and its variants.
[[noreturn]] void unknown_variant(const std::string& model, const std::string& variant,
                                  const std::vector<std::string>& variants);

}  // namespace carvallo::examples
