#pragma once
// JSON read and write of a bicycle parameter set, with the keys of the paper (see parameters.hpp):
// {"name": ..., "source": ..., "w": 1.02, "c": 0.08, ...}. The optional text keys "name", "source" and
// "conventions" are metadata; every other key must be one of the 26 parameters.

#include "bicycle/parameters.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::bicycle {

/// A parameter set with its optional metadata, as read from JSON.
struct NamedParameters {
  std::string name;
  std::string source;
  Parameters values;
};

/// The result of reading: either values (issues empty) or every problem found, each naming its key.
struct ParametersReadResult {
  std::optional<NamedParameters> parameters;
  std::vector<ParameterIssue> issues;
  bool ok() const { return parameters.has_value(); }
};

/// Reads a parameter set from parsed JSON. Reports, all at once: a document that is not an object,
/// unknown keys, missing keys, values that are not finite numbers, metadata that is not text.
/// Does not check physics: call validate() on the result. Never throws.
ParametersReadResult parameters_from_json(const nlohmann::json& doc);

/// Parses `text` then reads it as above; a syntax error is reported as one issue. Never throws.
ParametersReadResult parameters_from_json_text(std::string_view text);

/// The JSON object with metadata (when non-empty) and the 26 keys in table order. Values are stored as
/// doubles; nlohmann's dump() prints the shortest text that reads back to the same double.
nlohmann::json to_json(const Parameters& p, std::string_view name = {}, std::string_view source = {});

}  // namespace carvallo::bicycle
