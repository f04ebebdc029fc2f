#pragma once
// The command-line front end as a library function, so the tests drive it exactly as the `carvallo`
// executable does (cli/main.cpp only forwards argv here).
//
// Exit status: 0 success; 2 bad input (unknown or missing options, non-numbers, unphysical parameters,
// a speed range with count < 2, a method not yet available), each problem named on `err` and nothing
// written to `out`; 1 an internal failure (a computation produced no finite result).

#include <iosfwd>
#include <string>
#include <vector>

namespace carvallo::cli {

/// Runs `carvallo <args...>` (args excludes the program name). Never throws: every failure is reported
/// as the exit status above with a message on `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// "%.17g": round-trips every double; the output format of every number the CLI prints. Never throws.
std::string format_exact(double x);

/// s as a JSON string literal (quotes, backslashes and control characters escaped); the CLI's one writer of
/// names and messages into JSON. Never throws (but std::bad_alloc).
std::string json_string(const std::string& s);

}  // namespace carvallo::cli
