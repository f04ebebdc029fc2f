#pragma once
// The UI state's fields besides the model, its parameters, settings and inputs: one table giving each
// field's key in the link and the JSON, how it reads and prints as text, and its accepted values. Shared
// by the state (sanitize, ui_state.cpp) and its link and JSON codec (state_link.cpp); not part of the
// playground's interface.

#include "logic/ui_state.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web::detail {

struct Field {
  enum class Kind { number, flag, word, scale, design, text };
  const char* key;
  Kind kind;
  double lo = 0, hi = 0;  // numbers: accepted range, inclusive
  double& (*number)(UiState&) = nullptr;
  bool& (*flag)(UiState&) = nullptr;
  std::string& (*word)(UiState&) = nullptr;
  std::vector<std::string> (*choices)() = nullptr;
  PlotScale& (*scale)(UiState&) = nullptr;
  std::optional<bicycle::Parameters>& (*design)(UiState&) = nullptr;
  // text: checks a value and gives its canonical spelling, or says why not (rider_state.hpp)
  std::optional<std::string> (*check)(std::string_view, std::string&) = nullptr;
  bool percent_encoded = false;  // text: written to the link percent-encoded (a caption's spaces and '&')
};

/// `text` with every byte but A-Z a-z 0-9 - . _ ~ written as %XX (what read_link decodes).
std::string percent_encode(std::string_view text);

/// Every field, in the link's order (after v, model, preset, the parameters, settings and inputs).
const std::vector<Field>& fields();
/// The field of that key, or nullptr.
const Field* find_field(std::string_view key);

/// Sets one field from text; returns why it was not set (the field is then unchanged).
std::optional<std::string> set_from_text(const Field& f, UiState& state, std::string_view value);
/// The field's value as the link writes it.
std::string field_text(const Field& f, UiState& state);

/// A decimal number and nothing else: no hex, inf or nan (which strtod would accept), no trailing text.
std::optional<double> parse_number(std::string_view text);
/// What a user typed, made safe and short for a message (printable ASCII only).
std::string shown(std::string_view text);
/// "a, b, c"
std::string quoted(const std::vector<std::string>& words);

bool usable_sweep_range(double lo, double hi);
bool usable_fixed_range(double lo, double hi);

/// The design map's two ranges by their links' keys: each must have lo < hi, or there is no map.
struct MapRange {
  const char* lo_key;
  const char* hi_key;
  double DesignMapSettings::*lo;
  double DesignMapSettings::*hi;
};
inline constexpr MapRange kMapRanges[] = {{"mapxlo", "mapxhi", &DesignMapSettings::x_lo, &DesignMapSettings::x_hi},
                                          {"mapylo", "mapyhi", &DesignMapSettings::y_lo, &DesignMapSettings::y_hi}};
/// Why `map`'s range `r` is no range ("mapxlo, mapxhi: ..."), or nothing.
std::optional<std::string> empty_map_range(const DesignMapSettings& map, const MapRange& r);

/// The variant if `model` has it ("" for a model without variants; "" asks for the first); nothing otherwise.
std::optional<std::string> checked_variant(const std::string& model, const std::string& variant);
std::vector<std::string> variants_of(const std::string& model);

}  // namespace carvallo::web::detail
