#include "registry.hpp"

#include "bicycle/bicycle_model.hpp"
#include "bicycle/steady_motion.hpp"
#include "carvallo/errors.hpp"
#include "mechanisms/chaplygin_sleigh.hpp"
#include "mechanisms/rolling_disk.hpp"
#include "mechanisms/appell_hamel.hpp"
#include "mechanisms/double_inverted_pendulum.hpp"
#include "mechanisms/epicyclic_gear.hpp"
#include "mechanisms/four_bar.hpp"
#include "mechanisms/quick_return.hpp"
#include "mechanisms/slider_crank.hpp"
#include "mechanisms/sliding_particle.hpp"

#include <cmath>

namespace carvallo::examples {

const std::vector<ModelEntry>& models() {
  using namespace mechanisms;
  // One line per model (see registry.hpp for why the list lives here). Menu order.
  static const std::vector<ModelEntry> list = {
      {"bicycle", "Whipple-Carvallo bicycle", "Meijaard et al. 2007 benchmark bicycle: four rigid bodies in absolute coordinates, two knife-edge wheels rolling without slip", {}, &bicycle::make_bicycle_model, bicycle::bicycle_parameter_quantities(), bicycle::bicycle_settings(), bicycle::bicycle_steady_motion()},
      {"four-bar", "Four-bar linkage", "002 §6, Fig. 2: three bars, four revolute joints, spring-damper (Tables 1, 5, 6)", {"nacf", "angles"}, &planar_instance<&four_bar_data>, {}, planar_settings(four_bar_data()), {}, planar_studies(four_bar_data())},
      {"slider-crank", "Slider-crank mechanism", "002 §6, Fig. 3: crank, rod and slider, spring-damper (Tables 2, 5, 7)", {"nacf", "angles"}, &planar_instance<&slider_crank_data>, {}, planar_settings(slider_crank_data()), {}, planar_studies(slider_crank_data())},
      {"double-inverted-pendulum", "Double inverted pendulum", "002 §6, Fig. 4: cart and two links, spring-damper (Tables 3, 5, 8)", {"nacf", "angles"}, &planar_instance<&double_inverted_pendulum_data>, {}, planar_settings(double_inverted_pendulum_data()), {}, planar_studies(double_inverted_pendulum_data())},
      {"quick-return", "Quick-return mechanism", "002 §6, Fig. 5: crank, block, rocker, link and ram, spring-damper (Tables 4, 5, 9)", {"nacf", "angles"}, &planar_instance<&quick_return_data>, {}, planar_settings(quick_return_data()), {}, planar_studies(quick_return_data())},
      {"appell-hamel", "Appell-Hamel mechanism", "001 Example 1: rolling wheel and hanging weight; rolling modelled nonlinear (Eq 57) or linear (Eqs 101-102) in the velocities", {"nonlinear", "linear"}, &make_appell_hamel, {}, appell_hamel_settings()},
      {"sliding-particle", "Sliding particle", "001 Example 2: particle on a parabolic surface; nonminimal, Baumgarte-stabilized (G1 = -20, G2 = -100) or minimal (Eq 137)", {"nonminimal", "baumgarte", "minimal"}, &make_sliding_particle, {}, sliding_particle_settings(), {}, sliding_particle_studies()},
      {"epicyclic-gear", "Epicyclic gear train", "004 §4: ring, sun, arm, two carriers and planets with Euler parameters (49 coordinates), gear meshes Eqs 40-42, 0.1 N m on the arm", {"selective", "rgcpa", "full"}, &make_epicyclic_gear, {}, epicyclic_gear_settings(), {}, epicyclic_gear_studies()},
      {"rolling-disk", "Rolling disk", "Thin uniform disk rolling upright without slip (Neimark & Fufaev 1972, Bloch 2003): one rigid body, knife-edge rolling; stable above the critical speed sqrt(g r / 3)", {}, &make_rolling_disk, {}, rolling_disk_settings(), rolling_disk_steady_motion()},
      {"chaplygin-sleigh", "Chaplygin sleigh", "Rigid body on a plane with a knife edge behind its mass centre (Chaplygin 1911; Neimark & Fufaev 1972): straight gliding is stable forwards, unstable backwards", {}, &make_chaplygin_sleigh, {}, chaplygin_sleigh_settings(), chaplygin_sleigh_steady_motion()},
  };
  return list;
}

JointMark body_joint(std::string name, std::function<std::vector<BodyPose>(const Eigen::VectorXd& q)> poses, int body,
                     const Eigen::Vector3d& local) {
  return {std::move(name), [poses = std::move(poses), body, local](const Model&, const Eigen::VectorXd& q) {
            const BodyPose p = poses(q).at(static_cast<std::size_t>(body));
            return Eigen::Vector3d(p.position + p.rotation * local);
          }};
}

JointMark trace_joint(std::string name, const Trace& trace) { return {std::move(name), trace.point}; }

SimulationOptions simulation_options(const SimulationDefaults& d) {
  SimulationOptions o;
  o.acceleration = d.acceleration;
  o.integrator = d.integrator;
  o.stabilization = parse_stabilization_method(d.stabilizer);
  if (o.stabilization == StabilizationMethod::Baumgarte) o.stabilizer.gains = d.baumgarte;  // else the engine's
  o.stabilizer.tolerances.position = d.tolerance;
  o.stabilizer.tolerances.velocity = d.tolerance;
  o.stabilizer.correct_every_step = d.correct_every_step;
  o.stabilizer.independent_coordinates = d.independent_coordinates;
  o.stabilizer.independent_velocities = d.independent_velocities;
  o.stabilizer.analyse_only_when_violated = d.analyse_only_when_violated;
  return o;
}

const ModelEntry* find_model(std::string_view name) {
  for (const auto& e : models())
    if (e.name == name) return &e;
  return nullptr;
}

namespace {
std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}
}  // namespace

SimulationOptions simulation_options(const ModelInstance& instance) {
  return instance.engine_options ? *instance.engine_options : simulation_options(instance.defaults);
}

ModelInstance make_model(std::string_view name, const ModelSetup& setup) {
  const ModelEntry* e = find_model(name);
  if (!e) {
    std::vector<std::string> names;
    for (const auto& m : models()) names.push_back(m.name);
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "unknown model '" + std::string(name) + "' (" + join(names) + ")", 0.0);
  }
  return e->make(setup);
}

std::map<std::string, double> setting_values(const std::string& model, const std::vector<Quantity>& settings,
                                             const ModelSetup& setup) {
  std::map<std::string, double> v;
  for (const auto& q : settings) v[q.name] = q.value;
  for (const auto& [name, value] : setup.settings) {
    if (v.count(name) == 0)
      throw SolverError(SolverError::Kind::InvalidArgument, "model '" + model + "' has no setting '" + name + "'", 0.0);
    v[name] = value;
  }
  for (const auto& q : settings)
    if (!(std::isfinite(v[q.name]) && v[q.name] >= q.min && v[q.name] <= q.max))
      throw SolverError(SolverError::Kind::InvalidArgument,
                        model + ": " + q.name + " = " + std::to_string(v[q.name]) + " " + q.unit + " is out of range [" +
                            std::to_string(q.min) + ", " + std::to_string(q.max) + "]", 0.0);
  return v;
}

void unknown_variant(const std::string& model, const std::string& variant, const std::vector<std::string>& variants) {
  throw SolverError(SolverError::Kind::InvalidArgument,
                    "model '" + model + "' has no variant '" + variant + "' (" + join(variants) + ")", 0.0);
}

}  // namespace carvallo::examples
