// libFuzzer harness: the command line (cli/cli.hpp run()), argument parsing and the numbers in it.
// The input is split at newlines into arguments (the first is the command). Two unknown options are appended:
// the CLI reports every problem at once, so each command still parses and checks all of its arguments, then
// stops with status 2 before computing anything (two, because the first may be taken as the value of a
// trailing value option). A --bike value that is not a preset is pointed into a folder that does not exist:
// file contents are fuzzed by fuzz_bike_json, and an input must not make the harness read /dev/stdin.
// Invariants: no exception escapes run(); the status is 0 (help, version) or 2 (bad input), never 1;
// status 2 writes nothing on stdout and names the stop option on stderr; status 0 writes nothing on stderr.
#include "fuzz_check.hpp"

#include "cli/cli.hpp"

#include "bicycle/presets.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr const char* kStop = "--fuzz-stop";
constexpr std::size_t kMaxArgs = 48;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args(1);
  for (std::size_t i = 0; i < size; ++i) {
    const char ch = static_cast<char>(data[i]);
    if (ch != '\n') {
      args.back() += ch;
    } else if (args.size() < kMaxArgs) {
      args.emplace_back();
    } else {
      break;
    }
  }
  for (std::size_t i = 1; i < args.size(); ++i)
    if (args[i - 1] == "--bike" && !carvallo::bicycle::load_preset(args[i]))
      args[i] = "/nonexistent-carvallo-fuzz/" + args[i];
  args.emplace_back(kStop);
  args.emplace_back(kStop);

  std::ostringstream out, err;
  const int status = carvallo::cli::run(args, out, err);
  const std::string what = "status " + std::to_string(status) + "\n  stdout: " + out.str().substr(0, 200) +
                           "\n  stderr: " + err.str().substr(0, 400);
  FUZZ_CHECK(status == 0 || status == 2, what);
  if (status == 2) {
    FUZZ_CHECK(out.str().empty(), what);
    // An unknown command prints the usage instead of parsing options.
    FUZZ_CHECK(err.str().find(kStop) != std::string::npos || err.str().find("unknown command") != std::string::npos, what);
  } else {
    FUZZ_CHECK(err.str().empty() && !out.str().empty(), what);
  }
  return 0;
}
