#pragma once
// The simulation's CSV download, for every model (the bicycle included): one column per quantity, its unit
// in the header ("lean_rate [rad/s]"), after a comment header (lines starting with '#') naming the model, its
// variant, settings and parameter table, the methods, the step and the tolerances, so a file read a week
// later still says which run it is. Pure C++ (no ImGui or Emscripten): unit-tested natively.

#include "logic/model_view.hpp"
#include "logic/ui_state.hpp"

#include <string>

namespace carvallo::web {

/// The run's recorded history as CSV: t [s], the model's probes (ModelInstance::probes, each in its unit),
/// its inputs, the energy [J] (only when no probe already is the energy), and the constraint violations
/// ||C||∞, ||Ċ||∞, ||D||∞ (in the constraints' own units: m or rad for C, per second for Ċ and D, the comment
/// says so). Empty cells for non-finite values. Never throws.
std::string run_csv(const UiState& state, const ModelView& view);

}  // namespace carvallo::web
