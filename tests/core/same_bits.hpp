#pragma once
// Bit-for-bit comparison of doubles, for the tests that promise the same bits (the interpreter against double
// code, machine code against the interpreter).
#include <cmath>
#include <cstring>

namespace carvallo_test {

inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
// Equal bits, or both NaN: a NaN's payload may come from either operand of a commutative x + y or x·y,
// whichever the compiler ordered; the engine treats any NaN as an error.
inline bool same_value(double a, double b) { return same_bits(a, b) || (std::isnan(a) && std::isnan(b)); }

}  // namespace carvallo_test
