#include "carvallo/machine_code.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <xbyak/xbyak.h>

namespace carvallo {

using Op = ExpressionGraph::Op;

namespace {

// The library functions for the operations without an instruction of their own, called exactly as the
// interpreter calls them (straight_line_program.cpp), so that both give the same bits.
inline double call_sin(double x) { return std::sin(x); }
inline double call_cos(double x) { return std::cos(x); }
inline double call_tan(double x) { return std::tan(x); }
inline double call_exp(double x) { return std::exp(x); }
inline double call_log(double x) { return std::log(x); }
inline double call_asin(double x) { return std::asin(x); }
inline double call_acos(double x) { return std::acos(x); }
inline double call_atan(double x) { return std::atan(x); }
inline double call_sinh(double x) { return std::sinh(x); }
inline double call_cosh(double x) { return std::cosh(x); }
inline double call_tanh(double x) { return std::tanh(x); }
inline double call_atan2(double y, double x) { return std::atan2(y, x); }
inline double call_pow(double x, double y) { return std::pow(x, y); }


bool is_binary(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Atan2 || op == Op::Pow;
}

using Unary = double (*)(double);
using Binary = double (*)(double, double);

Unary library_function(Op op) {
  switch (op) {
    case Op::Sin: return call_sin;
    case Op::Cos: return call_cos;
    case Op::Tan: return call_tan;
    case Op::Exp: return call_exp;
    case Op::Log: return call_log;
    case Op::Asin: return call_asin;
    case Op::Acos: return call_acos;
    case Op::Atan: return call_atan;
    case Op::Sinh: return call_sinh;
    case Op::Cosh: return call_cosh;
    case Op::Tanh: return call_tanh;
    default: return nullptr;
  }
}

// Room for the code: an instruction is at most two stores of evicted values, a load, a register copy, the
// operation (with the sign mask of a negation) and the stores of up to three values read after the run
// (under 90 bytes, most far less); a library call also stores up to 14 registers first (9 bytes each). Too
// little room would only make compile() return nullptr (the program is then interpreted; the tests check
// that every registered model's programs compile).
constexpr std::size_t kBytesPerInstruction = 96, kBytesPerCall = 160;
constexpr std::int32_t kMaxSlot = 1 << 28;  // 8 × slot stays a positive 32-bit displacement

// The order in which to emit the instructions: depth first from the values read after the run, each
// operand just before its first use (post-order), so that a value is mostly used while it is still in a
// register. Any order in which every operand precedes its use computes the same values.
std::vector<std::size_t> emission_order(const std::vector<SlotInstruction>& instructions,
                                        const std::vector<std::int32_t>& live_out) {
  std::unordered_map<std::int32_t, std::size_t> producer;
  for (std::size_t k = 0; k < instructions.size(); ++k) producer.emplace(instructions[k].out, k);
  std::vector<char> state(instructions.size(), 0);  // 0 unvisited, 1 on the stack, 2 emitted
  std::vector<std::size_t> order;
  order.reserve(instructions.size());
  std::vector<std::pair<std::size_t, int>> stack;  // (instruction, operands already pushed)
  const auto visit = [&](std::size_t root) {
    if (state[root]) return;
    stack.emplace_back(root, 0);
    state[root] = 1;
    while (!stack.empty()) {
      auto& [k, next] = stack.back();
      const SlotInstruction& in = instructions[k];
      if (next < 2) {
        const std::int32_t operand = next == 0 ? in.a : in.b;
        ++next;
        if (next == 2 && !is_binary(in.op)) continue;
        const auto it = producer.find(operand);
        if (it != producer.end() && state[it->second] == 0) {
          state[it->second] = 1;
          stack.emplace_back(it->second, 0);
        }
        continue;
      }
      state[k] = 2;
      order.push_back(k);
      stack.pop_back();
    }
  };
  for (std::int32_t slot : live_out)
    if (const auto it = producer.find(slot); it != producer.end()) visit(it->second);
  for (std::size_t k = 0; k < instructions.size(); ++k) visit(k);  // values nothing reads: in their order
  return order;
}

}  // namespace

struct MachineCode::Assembler : Xbyak::CodeGenerator {
  explicit Assembler(std::size_t bytes) : Xbyak::CodeGenerator(bytes, Xbyak::DontSetProtectRWE) {}

  // void f(double* slots). The slot array's address lives in rbx (callee-saved, so it survives the library
  // calls; pushing it also aligns the stack to 16 bytes for them). Values live in xmm2-xmm15 while they are
  // used, as a cache of their slots: a value is stored only when it is evicted while still needed, before a
  // library call (which may change every xmm register), or at the end if it is read after the run
  // (live_out). Eviction takes the register whose value is needed farthest ahead (Belady). xmm0 and xmm1
  // are the calls' arguments and scratch.
  void assemble(const std::vector<SlotInstruction>& instructions, const std::vector<std::int32_t>& live_out) {
    const std::vector<std::size_t> order = emission_order(instructions, live_out);
    // Every use of a slot, by position in the emission order.
    std::unordered_map<std::int32_t, std::vector<std::size_t>> uses;
    for (std::size_t p = 0; p < order.size(); ++p) {
      const SlotInstruction& in = instructions[order[p]];
      uses[in.a].push_back(p);
      if (is_binary(in.op) && in.b != in.a) uses[in.b].push_back(p);
    }
    const std::unordered_set<std::int32_t> read_after(live_out.begin(), live_out.end());
    constexpr std::size_t kNever = static_cast<std::size_t>(-1);
    // The first use of the slot at position `from` or later (kNever: none).
    const auto next_use = [&](std::int32_t slot, std::size_t from) {
      const auto it = uses.find(slot);
      if (it == uses.end()) return kNever;
      const auto at = std::lower_bound(it->second.begin(), it->second.end(), from);
      return at == it->second.end() ? kNever : *at;
    };

    push(rbx);
    mov(rbx, rdi);
    const auto memory = [&](std::int32_t s) { return qword[rbx + 8 * s]; };
    constexpr int kFirst = 2, kRegisters = 16;
    std::array<std::int32_t, kRegisters> held;  // slot held by each register, -1: free
    std::array<bool, kRegisters> dirty{};       // the slot does not yet hold the register's value
    held.fill(-1);
    const auto find = [&](std::int32_t slot) {
      for (int r = kFirst; r < kRegisters; ++r)
        if (held[static_cast<std::size_t>(r)] == slot) return r;
      return -1;
    };
    // Stores register r's value if it is not in its slot yet and is needed from position `from` on or
    // after the run.
    const auto write_back = [&](int r, std::size_t from) {
      const auto ur = static_cast<std::size_t>(r);
      if (dirty[ur] && (next_use(held[ur], from) != kNever || read_after.count(held[ur])))
        movsd(memory(held[ur]), Xbyak::Xmm(r));
      dirty[ur] = false;
    };
    // For the instruction at position p: a free register, else the one needed farthest ahead (written back
    // first if still needed, this instruction's own operands included), never `keep`.
    const auto allocate = [&](std::size_t p, int keep) {
      int best = -1;
      std::size_t best_use = 0;
      for (int r = kFirst; r < kRegisters; ++r) {
        if (r == keep) continue;
        if (held[static_cast<std::size_t>(r)] < 0) return r;
        const std::size_t u = next_use(held[static_cast<std::size_t>(r)], p);
        if (best < 0 || u > best_use) best = r, best_use = u;
      }
      write_back(best, p);
      held[static_cast<std::size_t>(best)] = -1;
      return best;
    };
    const auto in_register = [&](std::int32_t slot, std::size_t p, int keep) {
      int r = find(slot);
      if (r < 0) {
        r = allocate(p, keep);
        movsd(Xbyak::Xmm(r), memory(slot));
        held[static_cast<std::size_t>(r)] = slot;
        dirty[static_cast<std::size_t>(r)] = false;
      }
      return r;
    };
    // Registers whose value is not needed after position p become free (stored first if read after).
    const auto release = [&](std::size_t p) {
      for (int r = kFirst; r < kRegisters; ++r) {
        const auto ur = static_cast<std::size_t>(r);
        if (held[ur] >= 0 && next_use(held[ur], p + 1) == kNever) {
          write_back(r, p + 1);
          held[ur] = -1;
        }
      }
    };

    for (std::size_t p = 0; p < order.size(); ++p) {
      const SlotInstruction& in = instructions[order[p]];
      int result = -1;
      if (library_function(in.op) != nullptr || in.op == Op::Atan2 || in.op == Op::Pow) {
        // A call may change every xmm register: everything still needed goes to memory first.
        // (From p: this instruction's own operands count, so they are in their slots for the loads below.)
        for (int r = kFirst; r < kRegisters; ++r)
          if (held[static_cast<std::size_t>(r)] >= 0) write_back(r, p);
        held.fill(-1);
        dirty.fill(false);
        movsd(xmm0, memory(in.a));
        if (is_binary(in.op)) movsd(xmm1, memory(in.b));
        const auto function = library_function(in.op) != nullptr
                                  ? reinterpret_cast<std::uintptr_t>(library_function(in.op))
                                  : reinterpret_cast<std::uintptr_t>(in.op == Op::Atan2 ? static_cast<Binary>(call_atan2)
                                                                                         : static_cast<Binary>(call_pow));
        mov(rax, function);
        call(rax);
        result = allocate(p, -1);
        movapd(Xbyak::Xmm(result), xmm0);
      } else {
        const int ra = in_register(in.a, p, -1);
        // The result may overwrite a's register when a is not needed after this instruction.
        const bool a_dies = next_use(in.a, p + 1) == kNever;
        if (a_dies) {
          write_back(ra, p + 1);  // stored only if read after the run
          result = ra;
        } else {
          result = allocate(p, ra);
          movapd(Xbyak::Xmm(result), Xbyak::Xmm(ra));
        }
        const Xbyak::Xmm x(result);
        const int rb = is_binary(in.op) ? find(in.b) : -1;  // else b is read from its slot
        switch (in.op) {
          case Op::Add: if (rb >= 0) addsd(x, Xbyak::Xmm(rb)); else addsd(x, memory(in.b)); break;
          case Op::Sub: if (rb >= 0) subsd(x, Xbyak::Xmm(rb)); else subsd(x, memory(in.b)); break;
          case Op::Mul: if (rb >= 0) mulsd(x, Xbyak::Xmm(rb)); else mulsd(x, memory(in.b)); break;
          case Op::Div: if (rb >= 0) divsd(x, Xbyak::Xmm(rb)); else divsd(x, memory(in.b)); break;
          case Op::Neg:  // flips the sign bit, as −x does
            mov(rax, 0x8000000000000000ull);
            movq(xmm1, rax);
            xorpd(x, xmm1);
            break;
          case Op::Sqrt: sqrtsd(x, x); break;  // correctly rounded, as std::sqrt
          default: break;                      // no other operation reaches here (compile() checked)
        }
      }
      held[static_cast<std::size_t>(result)] = in.out;
      dirty[static_cast<std::size_t>(result)] = true;
      release(p);
    }
    for (int r = kFirst; r < kRegisters; ++r)
      if (held[static_cast<std::size_t>(r)] >= 0 && dirty[static_cast<std::size_t>(r)] && read_after.count(held[static_cast<std::size_t>(r)]))
        movsd(memory(held[static_cast<std::size_t>(r)]), Xbyak::Xmm(r));
    pop(rbx);
    ret();
  }
};

std::atomic<long> MachineCode::runs_{0};

std::unique_ptr<MachineCode> MachineCode::compile(const std::vector<SlotInstruction>& instructions,
                                                  const std::vector<std::int32_t>& live_out) {
  for (const SlotInstruction& in : instructions) {
    if (in.op == Op::Input || in.op == Op::Constant) return nullptr;
    const bool binary = is_binary(in.op);
    const bool known = binary || in.op == Op::Neg || in.op == Op::Sqrt || library_function(in.op) != nullptr;
    if (!known || in.a < 0 || in.a >= kMaxSlot || in.out < 0 || in.out >= kMaxSlot ||
        (binary && (in.b < 0 || in.b >= kMaxSlot)))
      return nullptr;
  }
  try {
    std::size_t calls = 0;
    for (const SlotInstruction& in : instructions)
      calls += library_function(in.op) != nullptr || in.op == Op::Atan2 || in.op == Op::Pow ? 1 : 0;
    auto assembler = std::make_unique<Assembler>(64 + kBytesPerInstruction * instructions.size() + kBytesPerCall * calls);
    assembler->assemble(instructions, live_out);
    assembler->setProtectModeRE();  // executable, no longer writable
    return std::unique_ptr<MachineCode>(new MachineCode(std::move(assembler)));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception&) {  // Xbyak::Error: memory not mapped or not made executable
    return nullptr;
  }
}

MachineCode::MachineCode(std::unique_ptr<Assembler> assembler) : assembler_(std::move(assembler)) {
  entry_ = assembler_->getCode<void (*)(double*)>();
  size_ = assembler_->getSize();
}

MachineCode::~MachineCode() = default;

}  // namespace carvallo
