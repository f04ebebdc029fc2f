#pragma once
// The library functions that machine code calls for the operations without an instruction of their own,
// called exactly as the interpreter calls them (straight_line_program.cpp), so that both give the same bits.
// Shared by the x86-64 (machine_code.cpp) and WebAssembly (machine_code_wasm.cpp) code generators.
#include <cmath>

namespace carvallo::machine_code_library {

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

}  // namespace carvallo::machine_code_library
