// MachineCode for WebAssembly builds (machine_code.hpp): the instructions as a WebAssembly module made here,
// byte by byte (the binary format of the WebAssembly specification, docs/references.md), instantiated by
// machine_code_wasm.js against the engine's own memory and library functions, and called through the
// engine's function table like any function pointer.
//
// The function takes the slots' address. Each value the instructions use is one local: an input or constant
// slot is loaded once, at its first use; each instruction's result is set to its own local; the values read
// after the run are stored at the end. V8 turns the locals into SSA values and allocates the registers, so
// the instructions run as compiled code rather than one by one. The operations are WebAssembly's f64 ones,
// exact IEEE double arithmetic like the interpreter's, and the library functions are the interpreter's own
// (std::sin, ... from the engine's module, imported), so the results are the interpreter's bit for bit
// (tests/core/machine_code_test.cpp runs under node too).
#if defined(__EMSCRIPTEN__)

#include "carvallo/machine_code.hpp"

#include "machine_code_library.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

// machine_code_wasm.js (linked with --js-library): compiles and instantiates the module, adds its function to
// the function table and returns the index; 0 if the module is refused; -1 if the browser compiles it in the
// background (it then writes the index, or 0, to *done when finished, unless forgotten before).
extern "C" int carvallo_wasm_instantiate(const unsigned char* bytes, int size, const std::int32_t* imports,
                                         int import_count, std::int32_t* done);
// Frees the table entry of a finished module, or forgets a background compilation.
extern "C" void carvallo_wasm_release(int index, std::int32_t* done);

namespace carvallo {

using Op = ExpressionGraph::Op;

namespace {

using namespace machine_code_library;  // call_sin, ...: the interpreter's library calls

// A function pointer of a WebAssembly build is its index in the function table.
template <class F>
std::int32_t table_index(F* f) {
  return static_cast<std::int32_t>(reinterpret_cast<std::uintptr_t>(f));
}

// The library function of an operation (its table index), and whether it takes two arguments; -1 for an
// operation WebAssembly has.
std::int32_t library_function(Op op, bool& binary) {
  binary = false;
  switch (op) {
    case Op::Sin: return table_index(call_sin);
    case Op::Cos: return table_index(call_cos);
    case Op::Tan: return table_index(call_tan);
    case Op::Exp: return table_index(call_exp);
    case Op::Log: return table_index(call_log);
    case Op::Asin: return table_index(call_asin);
    case Op::Acos: return table_index(call_acos);
    case Op::Atan: return table_index(call_atan);
    case Op::Sinh: return table_index(call_sinh);
    case Op::Cosh: return table_index(call_cosh);
    case Op::Tanh: return table_index(call_tanh);
    case Op::Atan2: binary = true; return table_index(call_atan2);
    case Op::Pow: binary = true; return table_index(call_pow);
    default: return -1;
  }
}

// The f64 opcode of an operation WebAssembly has, else 0.
std::uint8_t opcode(Op op) {
  switch (op) {
    case Op::Neg: return 0x9a;
    case Op::Sqrt: return 0x9f;
    case Op::Add: return 0xa0;
    case Op::Sub: return 0xa1;
    case Op::Mul: return 0xa2;
    case Op::Div: return 0xa3;
    default: return 0;
  }
}

bool is_binary(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Atan2 || op == Op::Pow;
}

// V8's limits (a function's locals, its body size), far above the engine's programs.
constexpr std::size_t kMaxLocals = 50000, kMaxBodyBytes = 7000000;
constexpr std::int32_t kMaxSlot = 1 << 28;

void uleb(std::vector<std::uint8_t>& out, std::uint64_t v) {
  do {
    std::uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v != 0) byte |= 0x80;
    out.push_back(byte);
  } while (v != 0);
}

void name(std::vector<std::uint8_t>& out, const char* s) {
  uleb(out, std::strlen(s));
  out.insert(out.end(), s, s + std::strlen(s));
}

void section(std::vector<std::uint8_t>& module, std::uint8_t id, const std::vector<std::uint8_t>& content) {
  module.push_back(id);
  uleb(module, content.size());
  module.insert(module.end(), content.begin(), content.end());
}

}  // namespace

struct MachineCode::Assembler {
  std::int32_t index = 0;  // table index of the function (0: none yet)
  std::int32_t done = 0;   // written by machine_code_wasm.js when a background compilation finishes
  bool pending = false;
};

bool MachineCode::available() { return true; }

std::unique_ptr<MachineCode> MachineCode::compile(const std::vector<SlotInstruction>& instructions,
                                                  const std::vector<std::int32_t>& live_out) {
  // Imports: the library functions used, each once (function k is import k).
  std::map<std::int32_t, std::pair<std::uint32_t, bool>> imports;  // table index → (import number, binary)
  std::vector<std::int32_t> import_table;
  for (const SlotInstruction& in : instructions) {
    bool binary = false;
    const std::int32_t f = library_function(in.op, binary);
    if (f < 0 && opcode(in.op) == 0) return nullptr;  // Input, Constant, or an operation unknown here
    const auto outside = [](std::int32_t slot) { return slot < 0 || slot >= kMaxSlot; };
    if (outside(in.a) || outside(in.out) || (is_binary(in.op) && outside(in.b))) return nullptr;
    if (f >= 0 && imports.emplace(f, std::make_pair(static_cast<std::uint32_t>(import_table.size()), binary)).second)
      import_table.push_back(f);
  }
  // One local per slot used (local 0 is the slots' address).
  std::unordered_map<std::int32_t, std::uint32_t> local;
  std::vector<std::uint8_t> code;
  const auto get = [&](std::int32_t slot) {
    auto it = local.find(slot);
    if (it == local.end()) {  // an input or a constant: loaded at its first use
      it = local.emplace(slot, static_cast<std::uint32_t>(local.size() + 1)).first;
      code.push_back(0x20), uleb(code, 0);                                         // local.get 0
      code.push_back(0x2b), uleb(code, 3), uleb(code, static_cast<std::uint64_t>(slot) * 8);  // f64.load
      code.push_back(0x21), uleb(code, it->second);                                // local.set
    }
    code.push_back(0x20), uleb(code, it->second);  // local.get
  };
  for (const SlotInstruction& in : instructions) {
    get(in.a);
    if (is_binary(in.op)) get(in.b);
    if (const std::uint8_t op = opcode(in.op); op != 0) {
      code.push_back(op);
    } else {
      bool binary = false;
      code.push_back(0x10), uleb(code, imports.at(library_function(in.op, binary)).first);  // call
    }
    const auto out = static_cast<std::uint32_t>(local.size() + 1);
    if (!local.emplace(in.out, out).second) return nullptr;  // a slot written twice: not a program's
    code.push_back(0x21), uleb(code, out);  // local.set
    if (local.size() > kMaxLocals || code.size() > kMaxBodyBytes) return nullptr;
  }
  for (const std::int32_t slot : live_out) {
    const auto it = local.find(slot);
    if (it == local.end()) continue;  // not written by the instructions: already in memory
    code.push_back(0x20), uleb(code, 0);
    code.push_back(0x20), uleb(code, it->second);
    code.push_back(0x39), uleb(code, 3), uleb(code, static_cast<std::uint64_t>(slot) * 8);  // f64.store
  }
  code.push_back(0x0b);  // end

  std::vector<std::uint8_t> module{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}, content;
  // Types: 0 (i32) → (), 1 (f64) → f64, 2 (f64, f64) → f64.
  content = {0x03, 0x60, 0x01, 0x7f, 0x00, 0x60, 0x01, 0x7c, 0x01, 0x7c, 0x60, 0x02, 0x7c, 0x7c, 0x01, 0x7c};
  section(module, 1, content);
  content.clear();
  uleb(content, 1 + import_table.size());
  name(content, "env"), name(content, "memory"), content.push_back(0x02), content.push_back(0x00), uleb(content, 0);
  for (std::size_t k = 0; k < import_table.size(); ++k) {
    name(content, "env"), name(content, ("f" + std::to_string(k)).c_str());
    content.push_back(0x00), content.push_back(imports.at(import_table[k]).second ? 2 : 1);
  }
  section(module, 2, content);
  section(module, 3, {0x01, 0x00});  // one function, of type 0
  content.clear();
  uleb(content, 1), name(content, "run"), content.push_back(0x00), uleb(content, import_table.size());
  section(module, 7, content);
  std::vector<std::uint8_t> body;
  if (local.empty()) {
    body.push_back(0x00);
  } else {
    body.push_back(0x01), uleb(body, local.size()), body.push_back(0x7c);  // local.size() f64 locals
  }
  body.insert(body.end(), code.begin(), code.end());
  content.clear();
  uleb(content, 1), uleb(content, body.size());
  content.insert(content.end(), body.begin(), body.end());
  section(module, 10, content);

  auto assembler = std::make_unique<Assembler>();
  const int index = carvallo_wasm_instantiate(module.data(), static_cast<int>(module.size()), import_table.data(),
                                              static_cast<int>(import_table.size()), &assembler->done);
  if (index == 0) return nullptr;
  assembler->pending = index < 0;
  assembler->index = index < 0 ? 0 : index;
  auto machine_code = std::unique_ptr<MachineCode>(new MachineCode(std::move(assembler)));
  machine_code->size_ = module.size();
  return machine_code;
}

MachineCode::MachineCode(std::unique_ptr<Assembler> assembler) : assembler_(std::move(assembler)) {
  if (assembler_->index > 0)
    entry_ = reinterpret_cast<void (*)(double*)>(static_cast<std::uintptr_t>(assembler_->index));
}

bool MachineCode::adopt_background_compilation() const {
  if (!assembler_->pending || assembler_->done == 0) return false;
  assembler_->pending = false;
  if (assembler_->done < 0) return false;  // refused
  assembler_->index = assembler_->done;
  entry_ = reinterpret_cast<void (*)(double*)>(static_cast<std::uintptr_t>(assembler_->index));
  return true;
}

MachineCode::~MachineCode() {
  carvallo_wasm_release(assembler_->index, assembler_->pending ? &assembler_->done : nullptr);
}

}  // namespace carvallo

#endif
