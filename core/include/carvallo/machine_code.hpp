#pragma once
// A straight-line program's instructions (straight_line_program.hpp) compiled to x86-64 machine code at run
// time, with Debian's xbyak as the assembler: an optional tier of the engine, built only with the CMake option
// CARVALLO_MACHINE_CODE (on in the native presets; never in WebAssembly). It roughly halves the native CLI's
// time per simulated second (docs/performance.md, "The CLI simulation"); in the browser the same idea did not pay
// for its risks, so WebAssembly builds interpret.
//
// The interpreter dispatches once per run of equal operations and then loops, reading two operand indices and
// two values and writing one per instruction. The machine code runs the instructions depth first from the
// values read after the run, keeps values in the xmm registers while they are used (evicting the one needed
// farthest ahead), and writes a slot only for a value still needed after its register is taken, or read after
// the run. Every instruction computes what the interpreter's does, on the same operands, with the same SSE2
// double operations and the same library functions (std::sin, ..., std::pow); only the order of independent
// instructions differs, which changes no value. So the results are the interpreter's bit for bit
// (tests/core/machine_code_test.cpp). The code lives in its own pages, writable while it is assembled and then
// only executable.
//
// Thread safety: compiled code is immutable; run() writes only the slots it is given.

#if !defined(CARVALLO_MACHINE_CODE)
#error "carvallo/machine_code.hpp needs the build option CARVALLO_MACHINE_CODE"
#endif

#include "carvallo/expression_graph.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace carvallo {

/// One instruction: slots[out] = op(slots[a], slots[b]) (b unused by unary operations).
struct SlotInstruction {
  ExpressionGraph::Op op;
  std::int32_t a, b, out;
};

class MachineCode {
 public:
  /// The instructions (each operand written by an earlier instruction or not at all: an input) as machine
  /// code that leaves in their slots the values of `live_out` (the slots read after the run; other slots may
  /// be left unwritten); nullptr where none can be made: an instruction that is not an operation (Input,
  /// Constant), a slot past 2^28, or executable memory refused by the system. Never throws except
  /// std::bad_alloc.
  static std::unique_ptr<MachineCode> compile(const std::vector<SlotInstruction>& instructions,
                                              const std::vector<std::int32_t>& live_out);

  ~MachineCode();
  MachineCode(const MachineCode&) = delete;
  MachineCode& operator=(const MachineCode&) = delete;

  /// Runs the instructions on `slots`, which must hold every slot they read and write. Never throws.
  void run(double* slots) const {
    runs_.fetch_add(1, std::memory_order_relaxed);
    entry_(slots);
  }
  /// Size of the code in bytes.
  std::size_t size() const { return size_; }
  /// How many times any machine code has run in this process (tests check that compiled code did run).
  static long total_runs() { return runs_.load(std::memory_order_relaxed); }

 private:
  struct Assembler;
  explicit MachineCode(std::unique_ptr<Assembler> assembler);
  std::unique_ptr<Assembler> assembler_;
  void (*entry_)(double*) = nullptr;
  std::size_t size_ = 0;
  static std::atomic<long> runs_;
};

}  // namespace carvallo
