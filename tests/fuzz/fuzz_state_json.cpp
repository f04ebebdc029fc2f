// libFuzzer harness: window.carvallo.setState(json) as web/js_api.cpp runs it: parse without exceptions,
// then apply_json (which never throws) onto the default state. Invariants: the state is usable
// (ui_state_checks.hpp), the messages can be sent back as JSON, the link round-trips, and the state's own
// JSON (getState) applied onto a default state gives the same state with nothing ignored.
#include "ui_state_checks.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using carvallo::web::UiState;
  const auto partial = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (partial.is_discarded()) return 0;  // js_api.cpp reports "not JSON" and changes nothing
  UiState state;
  const auto ignored = carvallo::web::apply_json(state, partial);
  carvallo::fuzz::check_messages_are_json(ignored);
  carvallo::fuzz::check_usable_state(state);
  carvallo::fuzz::check_link_round_trip(state);

  const nlohmann::json full = carvallo::web::to_json(state);
  (void)full.dump();
  UiState again;
  const auto ignored_again = carvallo::web::apply_json(again, full);
  FUZZ_CHECK(ignored_again.empty(), full.dump() + "\n  ignored: " + ignored_again.front());
  FUZZ_CHECK(again == state, carvallo::web::to_link(state) + "\n  became " + carvallo::web::to_link(again));
  return 0;
}
