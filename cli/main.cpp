// carvallo: the command-line front end of the engine.
#include "carvallo/version.hpp"

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
    std::printf("carvallo %s\n", carvallo::kVersion);
    return 0;
  }
  std::printf("carvallo %s\nusage: carvallo --version\n", carvallo::kVersion);
  return argc >= 2 ? 2 : 0;
}
