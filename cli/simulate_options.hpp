#pragma once
// `carvallo simulate`'s options read into one request (simulate_options.cpp): the model, its setup
// (parameters from --bike, settings from --set and their aliases), its inputs (--input and the aliases
// --steer-torque, --roll-torque), the methods, the run's length and the output. Running it and writing the
// results is simulate.cpp's.

#include "carvallo/state.hpp"
#include "input_signal.hpp"
#include "model_run.hpp"
#include "registry.hpp"

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::cli {

/// The model `simulate` runs without --model.
inline constexpr const char* kDefaultModel = "bicycle";

struct SimulateRequest {
  const examples::ModelEntry* entry = nullptr;
  examples::ModelSetup setup;
  examples::MethodChoice methods;
  /// By input name (ModelInstance::inputs), with the option that gave each (for messages): checked against
  /// the model's inputs once it is built.
  std::map<std::string, examples::InputSignal> inputs;
  std::map<std::string, std::string> input_options;
  std::optional<double> t_end, dt;  ///< nothing: the model's paper's
  /// A state to start from instead of the setup's (a steady turn, --from-turn), then a push of `kick`.
  std::optional<State> start_state;
  double kick = 0.0;
  std::optional<std::string> csv_path;
  long csv_every = 1;
  bool json = false;
};

/// Reads `carvallo simulate`'s arguments (args[0] is "simulate"). Returns the request; or nothing with the
/// exit status in `status`: 0 after printing the usage (--help) on `out`, 2 after naming every problem on
/// `err`. Never throws.
std::optional<SimulateRequest> read_simulate_options(const std::vector<std::string>& args, std::ostream& out,
                                                     std::ostream& err, int& status);

}  // namespace carvallo::cli
