// carvallo: the command-line front end of the engine. The commands live in cli/ (the carvallo_cli library, so
// the unit tests run them exactly as this executable does).
#include "cli/cli.hpp"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  const int status = carvallo::cli::run(args, std::cout, std::cerr);
  // Output that could not be written (a full disk, a closed pipe) is a failure, not a truncated success: a
  // script reading `> /dev/full` had got status 0 and half a JSON document (a tester).
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "carvallo: error: writing the output failed\n";
    return status == 0 ? 1 : status;
  }
  return status;
}
