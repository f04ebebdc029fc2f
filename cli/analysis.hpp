#pragma once
// The bicycle's analysis commands: eigenvalues and critical speeds (`eig`, `stability`), mode shapes
// (`modes`), critical-speed sensitivities (`sensitivity`) and two-parameter design maps (`map`), and any
// model's steady-motion eigenvalues (`eig --model`). Each prints its
// usage on --help; bad input exits 2 naming every problem, nothing on stdout (cli.hpp). The run_*
// functions never throw: engine errors and bad input become the exit status and a message on `err`.

#include <iosfwd>
#include <string>
#include <vector>

namespace carvallo::cli {

/// carvallo eig --bike <preset|file> --speeds <from>:<to>:<count> [--method ...] [--json|--csv] (eig.cpp;
/// with --model: run_model_eig)
int run_eig(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// carvallo stability --bike <preset|file> [--method ...] [--vmax <m/s>] [--json] (eig.cpp)
int run_stability(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// carvallo modes --bike <preset|file> --speed <v> [--method canonical|multibody] [--json]
int run_modes(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// carvallo sensitivity --bike <preset|file> [--vmax <m/s>] [--json]
int run_sensitivity(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// carvallo map --bike <preset|file> --x <name>:<lo>:<hi>:<n> --y <name>:<lo>:<hi>:<n> --csv <file> [--vmax <m/s>]
int run_map(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// carvallo eig --model <name> [--param <p>] --range <lo>:<hi>:<n> [--json|--csv] (any model with a steady motion)
int run_model_eig(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace carvallo::cli
