// The CLI's number readers (cli/options.hpp): the whole text, finite only, and every number the CLI prints
// (cli::format_exact, %.17g) reads back to the same double.
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using carvallo::cli::format_exact;
using carvallo::cli::parse_count;
using carvallo::cli::parse_double;

TEST_CASE("parse_double: finite numbers only, the whole text", "[cli]") {
  CHECK(parse_double("1.5") == 1.5);
  CHECK(parse_double("-0") == 0.0);
  CHECK_FALSE(parse_double(""));
  CHECK_FALSE(parse_double("1.5x"));
  CHECK_FALSE(parse_double("1e309"));   // overflows to infinity
  CHECK_FALSE(parse_double("-1e309"));
  CHECK_FALSE(parse_double("inf"));
  CHECK_FALSE(parse_double("nan"));
  CHECK_FALSE(parse_double("0x10"));  // decimal only: strtod had read it as 16 (a tester)
  CHECK_FALSE(parse_double(" 5"));
  CHECK(parse_double("1.5e-3") == 1.5e-3);
  CHECK(parse_double("+2") == 2.0);
}

// Found by tests/fuzz/fuzz_numbers (corpus/fuzz_numbers/subnormal_round_trip): strtod sets ERANGE for results
// below the normal range, and the CLI refused "2.4209216646221081e-322" (printed by itself) as "not a finite
// number". Such values are finite; a range check, not the reader, decides whether an option accepts them.
TEST_CASE("parse_double reads back subnormal numbers the CLI prints", "[cli]") {
  const double tiny = 2.4209216646221081e-322;
  REQUIRE(std::fpclassify(tiny) == FP_SUBNORMAL);
  CHECK(parse_double(format_exact(tiny)) == tiny);
  const double smallest = std::numeric_limits<double>::denorm_min();
  CHECK(parse_double(format_exact(smallest)) == smallest);
  CHECK(parse_double(format_exact(-smallest)) == -smallest);
  CHECK(parse_double("1e-400") == 0.0);  // below the smallest subnormal: rounds to zero, still a number
}

TEST_CASE("parse_count: decimal integers in range", "[cli]") {
  CHECK(parse_count("201") == 201);
  CHECK(parse_count("-3") == -3);
  CHECK_FALSE(parse_count("2.5"));
  CHECK_FALSE(parse_count("99999999999999999999"));  // beyond long
  CHECK_FALSE(parse_count(""));
}

TEST_CASE("parse_options: a mistyped option is given its nearest, a repeated flag is refused", "[cli]") {
  using carvallo::cli::parse_options;
  std::vector<std::string> errors;
  // `eig --speed` for --speeds (a tester): "unknown option" had named no way out.
  parse_options({"eig", "--speed", "5"}, {"--bike", "--speeds", "--method"}, {"--json", "--csv"}, errors);
  REQUIRE(errors.size() == 2);  // the option, then its value as an unexpected argument
  CHECK(errors[0] == "--speed: unknown option (did you mean --speeds?)");
  errors.clear();
  parse_options({"eig", "--frob"}, {"--bike", "--speeds"}, {"--json"}, errors);
  CHECK(errors == std::vector<std::string>{"--frob: unknown option"});  // nothing near: no guess
  errors.clear();
  // `--json --json` had been taken, where every repeated value option is refused.
  parse_options({"stability", "--json", "--json"}, {"--bike"}, {"--json"}, errors);
  CHECK(errors == std::vector<std::string>{"--json: given more than once"});
}

TEST_CASE("format_exact prints zero without a sign", "[cli]") {
  CHECK(format_exact(-0.0) == "0");
  CHECK(format_exact(0.0) == "0");
  CHECK(format_exact(-1e-300) == "-1e-300");  // a tiny negative keeps its sign
}
