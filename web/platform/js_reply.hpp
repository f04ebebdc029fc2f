#pragma once
// How the window.carvallo API's C functions (js_api.cpp, js_api_analysis.cpp, design_api.cpp) answer: JSON
// text that stays valid until the next call. pre.js copies it into a JavaScript string at once, and calls
// never overlap (the page's JavaScript is single-threaded), so one buffer serves every entry.
#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <string>

namespace carvallo::web {

inline const char* js_reply(const nlohmann::json& j) {
  static std::string buffer;
  buffer = j.dump();
  return buffer.c_str();
}

/// A finite number, or null where there is none (a critical speed that does not exist, a NaN).
inline nlohmann::json number_or_null(const std::optional<double>& v) {
  return v && std::isfinite(*v) ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace carvallo::web
