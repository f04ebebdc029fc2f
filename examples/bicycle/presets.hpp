#pragma once
// Named bicycle parameter sets from published data. Each is a JSON document in
// examples/bicycle/presets/<name>.json (with "name" and "source", the full citation); the same text is
// compiled into the library, so the WebAssembly build needs no files.

#include "bicycle/parameters_json.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace carvallo::bicycle {

struct Preset {
  std::string_view name;
  std::string_view json;  ///< the file's text, byte for byte
};

/// Every preset, "benchmark" first. These three never throw (a preset that does not read gives empty).
std::span<const Preset> presets();

/// The preset's parameters, name and source; empty if there is no preset of that name.
std::optional<NamedParameters> load_preset(std::string_view name);

/// "benchmark, browser, ..." for messages.
std::string preset_names();

}  // namespace carvallo::bicycle
