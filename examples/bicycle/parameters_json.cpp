#include "bicycle/parameters_json.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

namespace carvallo::bicycle {

namespace {

bool is_metadata_key(std::string_view key) { return key == "name" || key == "source" || key == "conventions"; }

}  // namespace

ParametersReadResult parameters_from_json(const nlohmann::json& doc) {
  ParametersReadResult result;
  if (!doc.is_object()) {
    result.issues.push_back({{}, "a parameter set must be a JSON object of the 26 named parameters"});
    return result;
  }
  NamedParameters named;
  for (const auto& [key, value] : doc.items()) {
    if (is_metadata_key(key)) {
      if (!value.is_string()) {
        result.issues.push_back({{key}, "must be text"});
        continue;
      }
      if (key == "name") named.name = value.get<std::string>();
      if (key == "source") named.source = value.get<std::string>();
      continue;
    }
    const ParameterDescriptor* d = find_parameter(key);
    if (d == nullptr) {
      result.issues.push_back({{key}, "unknown key (not one of the 26 benchmark parameters)"});
      continue;
    }
    // Booleans are not numbers here, even though JSON libraries sometimes convert them.
    if (!value.is_number() || value.is_boolean()) {
      result.issues.push_back({{key}, "must be a number, got " + std::string(value.type_name())});
      continue;
    }
    const double x = value.get<double>();
    if (!std::isfinite(x)) {
      result.issues.push_back({{key}, "must be a finite number"});
      continue;
    }
    named.values.*d->member = x;
  }
  for (const auto& d : kParameterTable)
    if (!doc.contains(d.name)) result.issues.push_back({{std::string(d.name)}, "missing (" + std::string(d.description) + ", " + std::string(d.unit) + ")"});
  if (result.issues.empty()) result.parameters = std::move(named);
  return result;
}

ParametersReadResult parameters_from_json_text(std::string_view text) {
  nlohmann::json doc;
  // A parameter given twice: JSON leaves it to the reader, and the last one silently won (a tester's w of
  // 1.02 and then 2.0 read as 2.0). Said by name, as every other problem of the file.
  std::vector<std::string> keys, twice;
  const nlohmann::json::parser_callback_t note_keys = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::key && depth == 1 && parsed.is_string()) {
      const std::string& key = parsed.get_ref<const std::string&>();
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
        if (std::find(twice.begin(), twice.end(), key) == twice.end()) twice.push_back(key);
      } else {
        keys.push_back(key);
      }
    }
    return true;
  };
  try {
    doc = nlohmann::json::parse(text.begin(), text.end(), note_keys);
  } catch (const nlohmann::json::parse_error& e) {
    // Where, not the library's own English: the message is translated where it is shown (web/strings/).
    ParametersReadResult result;
    result.issues.push_back({{}, "not valid JSON: a syntax error at character " + std::to_string(e.byte)});
    return result;
  } catch (const nlohmann::json::out_of_range&) {  // the reader's only one: a number past a double's range
    ParametersReadResult result;
    result.issues.push_back({{}, "not valid JSON: a number beyond the range of a double"});
    return result;
  }
  ParametersReadResult result = parameters_from_json(doc);
  for (const auto& key : twice) result.issues.push_back({{key}, "given more than once"});
  if (!twice.empty()) result.parameters.reset();
  return result;
}

nlohmann::json to_json(const Parameters& p, std::string_view name, std::string_view source) {
  // ordered_json would keep table order, but the public type is json; keys sort alphabetically on dump.
  nlohmann::json out = nlohmann::json::object();
  if (!name.empty()) out["name"] = std::string(name);
  if (!source.empty()) out["source"] = std::string(source);
  for (const auto& d : kParameterTable) out[std::string(d.name)] = p.*d.member;
  return out;
}

}  // namespace carvallo::bicycle
