#pragma once
// A registered model (examples/registry.hpp: the papers' mechanisms) running in the playground: built
// from its registry entry and variant, stepped by the engine's Simulation with the methods the user
// chose, with a history of constraint violations and probes for the time plots. Pure C++ (no GL,
// ImGui or Emscripten).

#include "registry.hpp"

#include "carvallo/simulation.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

struct MechanismSettings {
  std::string integrator = "ab4", solver = "udwadia-kalaba", stabilization = "none";
  double time_step = 1e-3;
};

struct MechanismSample {
  double t = 0, C = 0, Cdot = 0, D = 0, energy = 0;
  std::vector<double> probes;  ///< values of ModelInstance::probes, same order
};

class MechanismRun {
 public:
  /// Builds the model (throws carvallo::Error for an unknown name/variant or unusable methods).
  MechanismRun(const std::string& name, const std::string& variant, const MechanismSettings& settings);

  /// Advances n steps of the time step. Throws carvallo::Error (the state stays at the last good step).
  void step(int n = 1);

  const examples::ModelEntry& entry() const { return *entry_; }
  const examples::ModelInstance& instance() const { return *instance_; }
  const Simulation& simulation() const { return *sim_; }
  const MechanismSettings& settings() const { return settings_; }
  const std::vector<MechanismSample>& history() const { return history_; }
  /// The drawing of the current configuration (empty when the model has none).
  examples::Drawing drawing() const;
  /// The drawing at the initial configuration (for fitting the view).
  examples::Drawing initial_drawing() const;

  /// The paper's methods for a model variant ("ab4"/"rk4"/"dopri5", "augmented"/"udwadia-kalaba",
  /// stabilizer name, step).
  static MechanismSettings defaults(const std::string& name, const std::string& variant);

 private:
  void record(const StepReport& report);
  const examples::ModelEntry* entry_ = nullptr;
  std::unique_ptr<examples::ModelInstance> instance_;
  std::unique_ptr<Simulation> sim_;
  MechanismSettings settings_;
  std::vector<MechanismSample> history_;
};

}  // namespace carvallo::web
