#include "carvallo/machine_code.hpp"

#include <cmath>
#include <cstdint>
#include <exception>

#if defined(CARVALLO_MACHINE_CODE)
#include <xbyak/xbyak.h>
#endif

namespace carvallo {

using Op = ExpressionGraph::Op;

#if defined(CARVALLO_MACHINE_CODE)

namespace {

// The library functions, called as the interpreter calls them (straight_line_program.cpp).
double call_sin(double x) { return std::sin(x); }
double call_cos(double x) { return std::cos(x); }
double call_tan(double x) { return std::tan(x); }
double call_exp(double x) { return std::exp(x); }
double call_log(double x) { return std::log(x); }
double call_asin(double x) { return std::asin(x); }
double call_acos(double x) { return std::acos(x); }
double call_atan(double x) { return std::atan(x); }
double call_sinh(double x) { return std::sinh(x); }
double call_cosh(double x) { return std::cosh(x); }
double call_tanh(double x) { return std::tanh(x); }
double call_atan2(double y, double x) { return std::atan2(y, x); }
double call_pow(double x, double y) { return std::pow(x, y); }

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

// Longest encoding of one instruction: a library call with two operands (two loads, mov rax, imm64, call,
// store) is under 40 bytes.
constexpr std::size_t kBytesPerInstruction = 48;
constexpr std::int32_t kMaxSlot = 1 << 28;  // 8 × slot stays a positive 32-bit displacement

}  // namespace

struct MachineCode::Assembler : Xbyak::CodeGenerator {
  explicit Assembler(std::size_t bytes) : Xbyak::CodeGenerator(bytes, Xbyak::DontSetProtectRWE) {}

  // void f(double* slots): the slot array's address lives in rbx (callee-saved, so it survives the library
  // calls); every value lives in its slot. Pushing rbx also aligns the stack to 16 bytes for the calls.
  void assemble(const std::vector<SlotInstruction>& instructions) {
    push(rbx);
    mov(rbx, rdi);
    const auto slot = [&](std::int32_t s) { return qword[rbx + 8 * s]; };
    for (const SlotInstruction& in : instructions) {
      switch (in.op) {
        case Op::Add: movsd(xmm0, slot(in.a)); addsd(xmm0, slot(in.b)); break;
        case Op::Sub: movsd(xmm0, slot(in.a)); subsd(xmm0, slot(in.b)); break;
        case Op::Mul: movsd(xmm0, slot(in.a)); mulsd(xmm0, slot(in.b)); break;
        case Op::Div: movsd(xmm0, slot(in.a)); divsd(xmm0, slot(in.b)); break;
        case Op::Neg:  // flips the sign bit, as −x does
          movsd(xmm0, slot(in.a));
          mov(rax, 0x8000000000000000ull);
          movq(xmm1, rax);
          xorpd(xmm0, xmm1);
          break;
        case Op::Sqrt: sqrtsd(xmm0, slot(in.a)); break;  // correctly rounded, as std::sqrt
        case Op::Atan2:
        case Op::Pow:
          movsd(xmm0, slot(in.a));
          movsd(xmm1, slot(in.b));
          mov(rax, reinterpret_cast<std::uintptr_t>(in.op == Op::Atan2 ? static_cast<Binary>(call_atan2)
                                                                         : static_cast<Binary>(call_pow)));
          call(rax);
          break;
        default:
          movsd(xmm0, slot(in.a));
          mov(rax, reinterpret_cast<std::uintptr_t>(library_function(in.op)));
          call(rax);
          break;
      }
      movsd(slot(in.out), xmm0);
    }
    pop(rbx);
    ret();
  }
};

bool MachineCode::available() { return true; }

std::unique_ptr<MachineCode> MachineCode::compile(const std::vector<SlotInstruction>& instructions) {
  for (const SlotInstruction& in : instructions) {
    if (in.op == Op::Input || in.op == Op::Constant) return nullptr;
    const bool binary = in.op == Op::Add || in.op == Op::Sub || in.op == Op::Mul || in.op == Op::Div ||
                        in.op == Op::Atan2 || in.op == Op::Pow;
    const bool known = binary || in.op == Op::Neg || in.op == Op::Sqrt || library_function(in.op) != nullptr;
    if (!known || in.a < 0 || in.a >= kMaxSlot || in.out < 0 || in.out >= kMaxSlot ||
        (binary && (in.b < 0 || in.b >= kMaxSlot)))
      return nullptr;
  }
  try {
    auto assembler = std::make_unique<Assembler>(64 + kBytesPerInstruction * instructions.size());
    assembler->assemble(instructions);
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

#else

struct MachineCode::Assembler {};

bool MachineCode::available() { return false; }

std::unique_ptr<MachineCode> MachineCode::compile(const std::vector<SlotInstruction>&) { return nullptr; }

MachineCode::MachineCode(std::unique_ptr<Assembler> assembler) : assembler_(std::move(assembler)) {}

#endif

MachineCode::~MachineCode() = default;

}  // namespace carvallo
