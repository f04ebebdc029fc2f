#pragma once
// The rider's part of the UI state (ui_state.hpp): scripted torques in the CLI's text form, the steady turn
// a run starts on, and the named scenarios of examples/bicycle/scenarios.hpp applied to the state. Each
// text field is checked here and stored in one canonical spelling, so the link round-trips it exactly.
// Pure C++ (no Emscripten, GL or ImGui), tested natively in tests/web/.

#include "bicycle/scenarios.hpp"
#include "input_signal.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace carvallo::web {

struct UiState;

/// Largest |amplitude| a scripted or held torque may have in the playground [N m]: far beyond what a
/// rider applies (a few N m), small enough that a link cannot ask for absurd forces.
inline constexpr double kMaxRiderTorque = 1000.0;

/// Reads a torque spec as `carvallo simulate --steer-torque` does (parse_input_signal: step:<amp>@<t0>,
/// pulse:<amp>@<t0>:<duration>, sine:<amp>:<freq>, <amp>), plus "" or "none" for no torque. On success
/// sets `canonical` to the shortest text that reads back to the same signal ("" for none) and returns
/// nothing; otherwise returns why (the amplitude beyond kMaxRiderTorque included). Never throws.
std::optional<std::string> check_torque_spec(std::string_view text, std::string& canonical);

/// The signal of a canonical spec ("" = none). Never throws (a spec that does not parse gives none).
examples::InputSignal torque_signal(const std::string& spec);

/// `simulate --from-turn lean=<rad>,family=<name>`: the steady turn a run starts on.
struct TurnRequest {
  double lean = 0.0;   ///< rad, 0 < |lean| < 1.5 (right positive)
  std::string family;  ///< bicycle::kHandlebarForward or kHandlebarReversed
  /// rad: of the family's turns at this lean, the one nearest this steer (the playground's turns plot
  /// names the point clicked); none = the one of smallest |steer|, as `simulate --from-turn` picks.
  std::optional<double> steer;
};

/// Reads "lean=<rad>,family=<name>[,steer=<rad>]" (any order) or "" / "none" (no turn). Sets `canonical`
/// ("lean=<shortest>,family=<name>[,steer=<shortest>]", or "") and returns nothing, or returns why not.
/// Never throws.
std::optional<std::string> check_turn_request(std::string_view text, std::string& canonical);
/// The request of a canonical text, or nothing for "". Never throws.
std::optional<TurnRequest> turn_request(const std::string& canonical);
/// The canonical text of a request.
std::string turn_request_text(const TurnRequest& request);

/// Sets the state to run the scenario: its model, its initial motion and torques as that model's settings
/// and inputs (Scenario::settings, Scenario::inputs), no steady turn, the camera following. The numbers
/// are the scenario's own.
void apply_scenario(UiState& state, const bicycle::Scenario& scenario);

}  // namespace carvallo::web
