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
// Thread safety: a program is immutable once built; run() writes only the workspace it is given.
// Nothing here throws except std::bad_alloc in the constructor and in run() when the workspace grows.

#include "carvallo/expression_graph.hpp"

#include <cstdint>
#include <vector>

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
  void run(const double* inputs, double* outputs, std::vector<double>& workspace) const;

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
  int first_code_slot() const { return inputs_ + static_cast<int>(constants_.size()); }
};

}  // namespace carvallo
