#include "cli/options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace carvallo::cli {

ParsedOptions parse_options(const std::vector<std::string>& args, const std::vector<std::string>& value_names,
                            const std::vector<std::string>& flag_names, std::vector<std::string>& errors,
                            const std::vector<std::string>& list_names) {
  ParsedOptions o;
  auto is_in = [](const std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v)
      if (x == s) return true;
    return false;
  };
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (is_in(value_names, a)) {
      if (i + 1 >= args.size()) {
        errors.push_back(a + ": missing value");
        continue;
      }
      if (o.values.count(a)) errors.push_back(a + ": given more than once");
      o.values[a] = args[++i];
    } else if (is_in(list_names, a)) {
      if (i + 1 >= args.size()) {
        errors.push_back(a + ": missing value");
        continue;
      }
      o.lists[a].push_back(args[++i]);
    } else if (is_in(flag_names, a)) {
      o.flags[a] = true;
    } else if (a.rfind("--", 0) == 0) {
      errors.push_back(a + ": unknown option");
    } else {
      errors.push_back("unexpected argument '" + a + "'");
    }
  }
  return o;
}

std::optional<double> parse_double(const std::string& text) {
  // Decimal only, as a link's numbers: strtod also reads hexadecimal ("0x10" was taken as 16; a tester),
  // and leading blanks.
  if (text.empty() || text.find_first_not_of("0123456789+-.eE") != std::string::npos) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  // strtod also reports ERANGE for a result below the normal range (1e-310: subnormal or zero), which is a
  // finite number (format_exact prints such values); only an overflow (±HUGE_VAL) is refused.
  if (end != text.c_str() + text.size() || (errno == ERANGE && std::isinf(x)) || !std::isfinite(x)) return std::nullopt;
  return x;
}

std::optional<long> parse_count(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (end != text.c_str() + text.size() || errno == ERANGE) return std::nullopt;
  return n;
}

std::optional<std::string> value_of(const ParsedOptions& o, const std::string& key) {
  const auto it = o.values.find(key);
  if (it == o.values.end()) return std::nullopt;
  return it->second;
}

std::optional<double> option_number(const ParsedOptions& o, const std::string& key, bool required,
                                    const std::function<bool(double)>& valid, const char* what,
                                    std::vector<std::string>& errors) {
  const auto text = value_of(o, key);
  if (!text) {
    if (required) errors.push_back(key + ": missing");
    return std::nullopt;
  }
  const auto x = parse_double(*text);
  if (!x) {
    errors.push_back(key + " '" + *text + "': not a finite number");
    return std::nullopt;
  }
  if (!valid(*x)) {
    errors.push_back(key + " '" + *text + "': " + what);
    return std::nullopt;
  }
  return x;
}

int fail(std::ostream& err, const std::string& command, const std::vector<std::string>& errors) {
  for (const auto& e : errors) err << "carvallo " << command << ": error: " << e << "\n";
  err << "(see `carvallo " << command << " --help`)\n";
  return 2;
}

}  // namespace carvallo::cli
