// carvallo: the command-line front end of the engine. The commands live in cli/ (the carvallo_cli library, so
// the unit tests run them exactly as this executable does).
#include "cli/cli.hpp"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  return carvallo::cli::run(args, std::cout, std::cerr);
}
