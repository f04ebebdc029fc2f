#pragma once
// `carvallo turn` (turn.cpp), called by cli::run(). Never throws: engine errors and bad input become
// the exit status and a message on `err` (cli.hpp).

#include <iosfwd>
#include <string>
#include <vector>

namespace carvallo::cli {

int run_turn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace carvallo::cli
