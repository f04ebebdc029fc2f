#pragma once
// `carvallo simulate --replay '<link or hash>'`: the playground's run of a share link, replayed here. The
// link gives the model, its settings, the methods, the rider's inputs as a log (`inputs=`) and the moment
// shown (`t=`); the run is the playground's own (web/logic/model_view.hpp), so on the same build it takes
// the same steps to the bit, and against the browser's WebAssembly it agrees to round-off.

#include "carvallo/simulation.hpp"
#include "model_run.hpp"

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::cli {

/// `simulate --replay`'s arguments (args[0] is "simulate"). Never throws: exit status 2 for bad input.
int run_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// simulate.cpp's loop: `step(dt)` advances `run` by dt, steps of h and a shorter last one that ends at
/// `duration`, writing the CSV (to `out` when its path is "-", the summary then to `err`) and the summary
/// (with the final q and q̇ when `final_state`). The energy drift is measured from the start's energy, or
/// from `energy_reference()` after each step when given (a replay's: the energy after its last push, as the
/// page measures it). Never throws.
int simulate_loop(const examples::ModelRun& run, const std::function<const StepReport&(double)>& step, double h, double duration,
                  const std::optional<std::string>& csv_path, long csv_every, bool json, bool final_state, std::ostream& out,
                  std::ostream& err, const std::function<double()>& energy_reference = {});

}  // namespace carvallo::cli
