#pragma once
// A straight-line program's instructions (straight_line_program.hpp) compiled to x86-64 machine code at run
// time, with Debian's xbyak as the assembler. The interpreter dispatches once per run of equal operations
// and then loops, reading two operand indices and two values and writing one per instruction. The machine
// code runs the instructions depth first from the values read after the run, keeps values in the xmm
// registers while they are used (evicting the one needed farthest ahead), and writes a slot only for a
// value still needed after its register is taken, or read after the run (docs/performance.md, "Machine code").
//
// Every instruction computes what the interpreter's does, on the same operands, with the same SSE2 double
// operations and the same library functions (std::sin, ..., std::pow); only the order of independent
// instructions differs, which changes no value. So the results are the interpreter's bit for bit
// (tests/core/machine_code_test.cpp).
//
// Availability: x86-64 builds with xbyak (the native presets; cmake/Dependencies.cmake), where the code
// lives in its own pages, writable while it is assembled and then only executable; and WebAssembly
// (machine_code_wasm.cpp), where the instructions become a WebAssembly function, one local per value and
// the same library functions imported from the engine's own module, which the JavaScript engine compiles
// (V8 allocates the registers). A browser compiles it in the background (not to stall the page's frames):
// ready() is false until then and the program is interpreted meanwhile. Elsewhere compile() returns nullptr
// and the program is interpreted.
//
// Thread safety: compiled code is immutable; run() writes only the slots it is given.

#include "carvallo/expression_graph.hpp"

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
  /// be left unwritten); nullptr where none can be made: a build without a code generator, an instruction
  /// that is not an operation (Input, Constant), a slot past 2^28, or executable memory refused by the
  /// system. Never throws except std::bad_alloc.
  static std::unique_ptr<MachineCode> compile(const std::vector<SlotInstruction>& instructions,
                                              const std::vector<std::int32_t>& live_out);
  /// Whether this build can make machine code (compile() may still refuse a program). Never throws.
  static bool available();

  ~MachineCode();
  MachineCode(const MachineCode&) = delete;
  MachineCode& operator=(const MachineCode&) = delete;

  /// Whether run() may be called (false only while a browser compiles the code in the background). Never throws.
  bool ready() const { return entry_ != nullptr || adopt_background_compilation(); }
  /// Runs the instructions on `slots`, which must hold every slot they read and write; only when ready().
  /// Never throws.
  void run(double* slots) const { entry_(slots); }
  /// Size of the code in bytes.
  std::size_t size() const { return size_; }

 private:
  struct Assembler;
  explicit MachineCode(std::unique_ptr<Assembler> assembler);
  std::unique_ptr<Assembler> assembler_;
  mutable void (*entry_)(double*) = nullptr;
  /// Sets entry_ if a background compilation has finished; returns whether it has.
  bool adopt_background_compilation() const;
  std::size_t size_ = 0;
};

}  // namespace carvallo
