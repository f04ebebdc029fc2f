#pragma once
// Option parsing shared by the CLI's commands (cli.cpp, simulate.cpp): every problem is collected as a
// message naming the option, so a command reports all of them at once and exits with status 2. None of
// the functions here throws: problems go to `errors` or an empty result.

#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {
struct Parameters;
}

namespace carvallo::cli {

/// Options of one command: value options take the next argument; flags take none; list options take the
/// next argument and may be repeated (`--set a=1 --set b=2`), in the order given.
struct ParsedOptions {
  std::map<std::string, std::string> values;
  std::map<std::string, std::vector<std::string>> lists;
  std::map<std::string, bool> flags;
  bool help = false;
};

/// Unknown options, missing values and repeated options (but list options) are appended to `errors`.
/// Never throws.
ParsedOptions parse_options(const std::vector<std::string>& args, const std::vector<std::string>& value_names,
                            const std::vector<std::string>& flag_names, std::vector<std::string>& errors,
                            const std::vector<std::string>& list_names = {});

/// A finite number, the whole text; empty on failure. Never throws.
std::optional<double> parse_double(const std::string& text);
/// A decimal integer, the whole text; empty on failure (also out of range of long). Never throws.
std::optional<long> parse_count(const std::string& text);

/// The value given for `key`, or nothing. Never throws.
std::optional<std::string> value_of(const ParsedOptions& o, const std::string& key);

/// The number given for `key`, checked: nothing, with a message appended to `errors`, when it is missing and
/// `required` ("<key>: missing"), not a finite number, or fails `valid` ("<key> '<text>': <what>"); nothing
/// and no message when it is absent and optional. Never throws (unless `valid` does).
std::optional<double> option_number(const ParsedOptions& o, const std::string& key, bool required,
                                    const std::function<bool(double)>& valid, const char* what,
                                    std::vector<std::string>& errors);

/// Prints each error as "carvallo <command>: error: ..." and a pointer to --help; returns 2. Never throws.
int fail(std::ostream& err, const std::string& command, const std::vector<std::string>& errors);

/// --bike: a preset name or a JSON file with the 26 benchmark parameters; every problem (unreadable file,
/// malformed JSON, unknown or missing keys, unphysical values) is appended to `errors` by name. Never throws.
std::optional<bicycle::Parameters> load_bike_parameters(const std::optional<std::string>& spec,
                                                        std::vector<std::string>& errors);

}  // namespace carvallo::cli
