#pragma once
// Runs `carvallo <args...>` through carvallo::cli::run, exactly as the executable does, and keeps what it
// wrote: the helper of the command tests in this folder.
#include "../test_paths.hpp"
#include "cli/cli.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace cli_test {

struct Run {
  int status;
  std::string out, err;
};

inline Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = carvallo::cli::run(args, out, err);
  return {status, out.str(), err.str()};
}

inline std::string data(const std::string& name) { return std::string(carvallo::test::source_dir()) + "/tests/cli/data/" + name; }


}  // namespace cli_test
