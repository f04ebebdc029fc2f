#include "bicycle/presets.hpp"

#include <array>
#include <string>

namespace carvallo::bicycle {

namespace {

const Preset kPresets[] = {
#include "bicycle/presets_data.inc"
};

}  // namespace

std::span<const Preset> presets() { return kPresets; }

std::optional<NamedParameters> load_preset(std::string_view name) {
  for (const auto& p : kPresets)
    if (p.name == name) {
      auto r = parameters_from_json_text(p.json);
      return r.parameters;  // the preset test guarantees every embedded preset reads cleanly
    }
  return std::nullopt;
}

std::string preset_names() {
  std::string out;
  for (const auto& p : kPresets) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

}  // namespace carvallo::bicycle
