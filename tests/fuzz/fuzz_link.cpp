// libFuzzer harness: the share link (the URL hash), as the playground reads it from any URL it is opened
// with (web/logic/ui_state.hpp read_link, which never throws). Invariants: the state read is usable (fuzz
// checks in ui_state_checks.hpp), its messages can be sent as JSON, and to_link(read_link(x)) is a fixed
// point: it reads back with nothing ignored to the same link.
#include "ui_state_checks.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view hash(reinterpret_cast<const char*>(data), size);
  const auto read = carvallo::web::read_link(hash);
  carvallo::fuzz::check_messages_are_json(read.ignored);
  carvallo::fuzz::check_usable_state(read.state);
  carvallo::fuzz::check_link_round_trip(read.state);
  return 0;
}
