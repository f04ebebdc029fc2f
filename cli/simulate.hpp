#pragma once
// `carvallo simulate` (simulate.cpp) and `carvallo models` (models.cpp), called by cli::run(). Neither
// throws: engine errors and bad input become the exit status and a message on `err` (cli.hpp).

#include <iosfwd>
#include <string>
#include <vector>

namespace carvallo::cli {

int run_simulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_models(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace carvallo::cli
