// libFuzzer harness: the number readers and writers of outside input: the CLI's parse_double and parse_count
// (cli/options.hpp) and the link's parse_plain_number / format_shortest (web/logic/ui_state.hpp).
// Invariants: an accepted number is finite; each writer's text reads back to exactly the same double; the
// link's writer prints plain decimal text that its own reader accepts; the link reader accepts nothing the
// CLI reader would reject (it is the stricter of the two).
#include "fuzz_check.hpp"

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "logic/ui_state.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace cli = carvallo::cli;
  namespace web = carvallo::web;
  const std::string text(reinterpret_cast<const char*>(data), size);

  if (const auto x = cli::parse_double(text)) {
    FUZZ_CHECK(std::isfinite(*x), text);
    const auto back = cli::parse_double(cli::format_exact(*x));
    FUZZ_CHECK(back && *back == *x, text + " -> " + cli::format_exact(*x));
  }
  (void)cli::parse_count(text);

  if (const auto x = web::parse_plain_number(text)) {
    FUZZ_CHECK(std::isfinite(*x), text);
    const std::string shown = web::format_shortest(*x);
    FUZZ_CHECK(shown.find_first_not_of("0123456789.-+e") == std::string::npos, text + " -> " + shown);
    const auto back = web::parse_plain_number(shown);
    FUZZ_CHECK(back && *back == *x && std::signbit(*back) == std::signbit(*x), text + " -> " + shown);
  }

  // Any double the input spells as raw bytes: both writers round-trip it (non-finite: the link writes "0").
  if (size >= sizeof(double)) {
    double x;
    std::memcpy(&x, data, sizeof x);
    const std::string shown = web::format_shortest(x);
    const auto back = web::parse_plain_number(shown);
    FUZZ_CHECK(back.has_value(), shown);
    if (std::isfinite(x)) {
      FUZZ_CHECK(*back == x, shown);
      const auto cli_back = cli::parse_double(cli::format_exact(x));
      FUZZ_CHECK(cli_back && *cli_back == x, cli::format_exact(x));
    } else {
      FUZZ_CHECK(*back == 0, shown);
    }
  }
  return 0;
}
