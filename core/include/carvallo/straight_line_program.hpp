#pragma once
// An expression graph's outputs (expression_graph.hpp) compiled to straight-line code: the nodes the
// outputs depend on, each one instruction that reads two value slots and writes its own. Evaluation is one
// pass over the instructions, with no dual numbers, no branches of the model's code and nothing that does
// not depend on the inputs (constants are folded when the graph is recorded).
//
// The instructions are ordered by level (a node's level is one more than its operands' highest), and within
// a level by operation, so that equal operations form runs: the interpreter chooses the operation once per
// run and then loops, instead of a hard-to-predict indirect jump per instruction, which made a program of
// 1 500 instructions cost as much as the dual-number passes it replaces (docs/performance.md). The order
// changes no value: every instruction computes the same operation on the same operands.
//
// The interpreter computes the same operations on the same operands as the double code the program was
// recorded from, so the same values bit for bit (with floating-point contraction off, which
// cmake/Warnings.cmake pins). In builds with the option CARVALLO_MACHINE_CODE (the native presets on x86-64:
// machine_code.hpp), a program is assembled to machine code at its kRunsBeforeMachineCode-th run and run()
// executes that instead: the same operations again, so the same bits, in about half the time. Assembling
// costs about as much as recording, so a program run only a few times (a new design's first step) is never
// assembled. Every other build (WebAssembly, the default CMake configuration) only interprets.
//
// Thread safety: a program is immutable once built, but for its machine code, made once (std::call_once) by
// whichever run reaches the count and published atomically; run() writes only the workspace it is given.
// Nothing here throws except std::bad_alloc in the constructor and in run() when the workspace grows.

#include "carvallo/expression_graph.hpp"

#include <cstdint>
#include <vector>

#if defined(CARVALLO_MACHINE_CODE)
#include "carvallo/machine_code.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#endif

namespace carvallo {

class StraightLineProgram {
 public:
  StraightLineProgram() = default;
  /// The program computing the nodes `outputs` (in that order) from the input nodes `inputs` (in that
  /// order). An output that is -1 is the constant 0 (a structurally zero derivative). Every input node the
  /// outputs depend on must be listed; one that is not is read as its value at the recording state.
  StraightLineProgram(const ExpressionGraph& graph, const std::vector<int>& inputs, const std::vector<int>& outputs);

  int input_count() const { return inputs_; }
  int output_count() const { return static_cast<int>(outputs_.size()); }
  int instruction_count() const { return instructions_; }
  int run_count() const { return static_cast<int>(runs_.size()); }

  /// outputs[k] = output k at `inputs` (input_count() values). The workspace is resized on first use.
  /// Runs the machine code when there is (compiled()), else the interpreter.
  void run(const double* inputs, double* outputs, std::vector<double>& workspace) const;
  /// The same by the interpreter, whatever the build (tests, comparisons).
  void run_interpreted(const double* inputs, double* outputs, std::vector<double>& workspace) const;

#if defined(CARVALLO_MACHINE_CODE)
  /// Runs after which the program is assembled to machine code.
  static constexpr int kRunsBeforeMachineCode = 64;
  /// Assembles the machine code now instead of at the kRunsBeforeMachineCode-th run (once); returns
  /// compiled(). Throws only std::bad_alloc.
  bool compile() const;
  /// Whether run() executes machine code. Never throws.
  bool compiled() const { return tier_ && tier_->code.load(std::memory_order_acquire) != nullptr; }
#endif

 private:
  struct Run {
    ExpressionGraph::Op op;
    std::int32_t begin, end;  // instructions [begin, end), all of this operation
  };
  int inputs_ = 0;
  std::vector<double> constants_;   // slots [inputs_, inputs_ + constants_.size())
  std::vector<std::int32_t> a_, b_;  // operand slots of instruction k, which writes slot first_code_slot() + k
  std::vector<Run> runs_;
  std::vector<std::int32_t> outputs_;  // slot of each output
  int instructions_ = 0;
#if defined(CARVALLO_MACHINE_CODE)
  // The machine code, shared by copies of the program.
  struct Tier {
    std::atomic<int> runs{0};
    std::once_flag once;
    std::unique_ptr<MachineCode> owner;
    std::atomic<const MachineCode*> code{nullptr};
  };
  std::shared_ptr<Tier> tier_;
#endif
  /// Copies the inputs and constants into the workspace (sized); returns its data.
  double* load(const double* inputs, std::vector<double>& workspace) const;
  int first_code_slot() const { return inputs_ + static_cast<int>(constants_.size()); }
};

}  // namespace carvallo
