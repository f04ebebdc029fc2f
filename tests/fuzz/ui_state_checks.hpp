#pragma once
// What every UiState that came out of the link reader or setState must satisfy (web/logic/ui_state.hpp): the
// playground renders and simulates it without further checks, so each of these would be a bug there.

#include "fuzz_check.hpp"

#include "logic/state_link.hpp"

#include "bicycle/canonical.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace carvallo::fuzz {

inline void check_usable_state(const web::UiState& state) {
  // Every number already within its accepted range and finite: sanitize() has nothing to change.
  web::UiState copy = state;
  const auto changed = web::sanitize(copy);
  std::string keys;
  for (const auto& k : changed) keys += k + " ";
  FUZZ_CHECK(changed.empty(), "sanitize() changed: " + keys + "in " + web::to_link(state));
  for (const auto& d : bicycle::kParameterTable) FUZZ_CHECK(std::isfinite(state.bike.*(d.member)), d.name);
  // The bicycle is always one the analysis can run (the panels rely on it).
  FUZZ_CHECK(web::bike_problems(state.bike).empty(), web::to_link(state));
  FUZZ_CHECK(bicycle::make_canonical_model(state.bike).model.has_value(), web::to_link(state));
  const auto models = web::model_names();
  FUZZ_CHECK(std::find(models.begin(), models.end(), state.model) != models.end(), state.model);
}

// The link of a usable state reads back, with nothing ignored, to the same link.
inline void check_link_round_trip(const web::UiState& state) {
  const std::string link = web::to_link(state);
  const auto again = web::read_link(link);
  FUZZ_CHECK(again.ignored.empty(), link + "\n  ignored: " + (again.ignored.empty() ? "" : again.ignored.front()));
  FUZZ_CHECK(web::to_link(again.state) == link, link + "\n  reads back as " + web::to_link(again.state));
}

// The messages go to the browser as JSON (web/platform/js_api.cpp, reply()): dump() must not throw on them.
inline void check_messages_are_json(const std::vector<std::string>& messages) {
  for (const auto& m : messages) {
    try {
      (void)nlohmann::json(m).dump();
    } catch (const std::exception&) {
      fail(__FILE__, __LINE__, "message is valid UTF-8", m);
    }
  }
}

}  // namespace carvallo::fuzz
