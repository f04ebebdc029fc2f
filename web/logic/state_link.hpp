#pragma once
// The playground's state (ui_state.hpp) as text: the share link (the URL hash) and the JSON of
// window.carvallo.getState()/setState(). Both go through one table of fields (state_fields.hpp) and the
// registry's settings and inputs of the state's model, so nothing can be in the state and missing from
// the link.
//
// Link format: "v=<version>&model=<name>[&variant=<v>]&preset=benchmark&<param>=<value>...
//               &<setting>=<value>...&<input>=<spec>...&vmin=0&vmax=10&..."
// - the version comes first; then the preset and only the bicycle parameters that differ from it;
// - then every setting of the model (ModelEntry::settings: the bicycle's speed, roll, roll_rate, ...; the
//   rolling disk's speed, lean, lean_rate; the sleigh's speed, yaw_rate) and every input (the bicycle's
//   steer_torque, roll_torque), by the registry's names;
// - the bicycle's older names roll0, steer0, droll0, dsteer0 read as roll, steer, roll_rate, steer_rate;
//   these and the fields every older link carried (speed, steer_torque, roll_torque) are passed over
//   silently for a model without them;
// - numbers are printed with the fewest digits that read back to the same double;
// - parsing never evaluates anything: keys are matched against the table and the model's settings and
//   inputs, values are parsed as numbers or matched against fixed word lists. Every field that cannot be
//   used is reported by name and keeps its value.
//
// Pure C++ (no Emscripten, GL or ImGui), unit-tested natively.

#include "logic/ui_state.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// The link format's version: the playground's version (carvallo::kVersion).
const char* link_version();

/// The share link's hash text (without '#').
std::string to_link(const UiState& state);

/// The share link with only the fields that differ from what read_link starts from for the state's model
/// (the defaults, the model's paper's methods and start settings); v, model, variant and preset always.
/// Reads back to the same state on this version; shorter, for a QR code a room can scan.
std::string to_short_link(const UiState& state);

struct LinkReadResult {
  UiState state;
  std::vector<std::string> ignored;  ///< one line per field that could not be used, naming key and reason
  std::vector<std::string> refused;  ///< the keys of the fields (settings and inputs too) the link gave but that could not be used
  bool unread = false;  ///< the link was not read at all (too long): `state` is the defaults, not the link's
  bool names_camera = false;  ///< the link gives the camera (yaw, pitch, dist, tx, ty or tz)
};

/// The fields of the link and of getState that hold the camera.
bool is_camera_key(const std::string& key);

/// Reads a hash (with or without the leading '#'). Starts from `defaults`; fields absent from the link
/// keep their defaults, fields that cannot be used are listed in `ignored` and keep their defaults.
/// Never throws.
LinkReadResult read_link(std::string_view hash, const UiState& defaults = UiState{});

/// Copies the fields named in `keys` (read_link's `refused`: fields of the table, the bicycle's
/// parameters, and the settings and inputs both states' model has; other keys are skipped) from `from`
/// onto `to`: a hand edit of the link that breaks a field keeps the value on screen for it, and every
/// field the link does not name stays as read. Parameters are kept only if the bicycle stays physical.
/// Returns the keys it kept, in the order given (for the message that names them). Never throws.
std::vector<std::string> keep_fields(const UiState& from, UiState& to, const std::vector<std::string>& keys);

/// {"version", "model", "variant", "preset", "bike": {w, c, ...all 26}, <each setting>: number, <each
/// input>: "spec", "vmin", ...}: the same fields as the link, as JSON (every parameter, not only those
/// differing from the preset).
nlohmann::json to_json(const UiState& state);

/// Applies a partial JSON object (any subset of the fields of to_json) onto `state`; "model" first, so
/// {model: 'rolling-disk', lean: 0.3} sets the disk's lean. Unknown keys,
/// wrong types and out-of-range values are listed in `ignored` and leave the field unchanged. A "preset"
/// without "bike" loads the preset's parameters; "bike" values apply on top. A bicycle that would not be
/// physical is not applied (the issues are listed). Never throws.
std::vector<std::string> apply_json(UiState& state, const nlohmann::json& partial);

/// Replaces many "<key>: unknown field" lines by one line with their count and the first few keys.
void summarize_unknown_fields(std::vector<std::string>& ignored);

/// Whether `key` is one of the link's and the JSON's own fields (v, model, preset, the table's fields,
/// the bicycle's parameters, the older names): a model's setting or input of that name would be shadowed.
bool is_reserved_key(std::string_view key);

}  // namespace carvallo::web
