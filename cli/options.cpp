#include "cli/options.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace carvallo::cli {

namespace {

// Edits (insertions, deletions, substitutions) between two option names: a mistyped option's nearest.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// " (did you mean --speeds?)" for the command's option nearest to `given` within two edits, else "".
std::string suggestion(const std::string& given, const std::vector<std::vector<std::string>>& known) {
  std::string best;
  std::size_t best_distance = 3;
  for (const auto& names : known)
    for (const auto& name : names)
      if (const std::size_t d = edit_distance(given, name); d < best_distance) best_distance = d, best = name;
  return best.empty() ? std::string() : " (did you mean " + best + "?)";
}

}  // namespace

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
      if (o.flags.count(a)) errors.push_back(a + ": given more than once");
      o.flags[a] = true;
    } else if (a.rfind("--", 0) == 0) {
      errors.push_back(a + ": unknown option" + suggestion(a, {value_names, flag_names, list_names}));
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
