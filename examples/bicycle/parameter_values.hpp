#pragma once
// The 26 benchmark parameters held in a scalar type of choice, so that the closed forms of canonical.hpp
// (Meijaard 2007 Appendix A) can run on automatic-differentiation scalars seeded on the parameters:
// exact derivatives of M, C1, K0, K2, and of everything computed from them, with respect to each
// parameter (sensitivity.hpp). `Parameters` itself stays a plain struct of doubles: it is the JSON
// format, the parameter table's member pointers and the public API of every other routine.

#include "bicycle/parameters.hpp"

#include "carvallo/ad_vector.hpp"

#include <array>
#include <cstddef>

namespace carvallo::bicycle {

/// The members of Parameters, same names, same order (kParameterTable's), scalar type T. Nothing in this
/// header throws (for the engine's scalar types: double, Dual, DualVec).
template <class T>
struct ParameterValues {
  T w{}, c{}, lambda{}, g{};
  T rR{}, mR{}, IRxx{}, IRyy{};
  T xB{}, zB{}, mB{}, IBxx{}, IByy{}, IBzz{}, IBxz{};
  T xH{}, zH{}, mH{}, IHxx{}, IHyy{}, IHzz{}, IHxz{};
  T rF{}, mF{}, IFxx{}, IFyy{};
};

/// Member pointers of ParameterValues<T>; entry k is the parameter kParameterTable[k] describes.
template <class T>
constexpr std::array<T ParameterValues<T>::*, kParameterCount> parameter_value_members() {
  using P = ParameterValues<T>;
  return {&P::w,    &P::c,    &P::lambda, &P::g,    &P::rR,   &P::mR,   &P::IRxx, &P::IRyy, &P::xB,
          &P::zB,   &P::mB,   &P::IBxx,   &P::IByy, &P::IBzz, &P::IBxz, &P::xH,   &P::zH,   &P::mH,
          &P::IHxx, &P::IHyy, &P::IHzz,   &P::IHxz, &P::rF,   &P::mF,   &P::IFxx, &P::IFyy};
}

/// p with every value converted to T (derivative zero for an AD scalar).
template <class T>
ParameterValues<T> parameter_values(const Parameters& p) {
  ParameterValues<T> out;
  const auto members = parameter_value_members<T>();
  for (std::size_t k = 0; k < kParameterCount; ++k) out.*members[k] = T(p.*kParameterTable[k].member);
  return out;
}

/// A scalar carrying the derivative with respect to all 26 parameters at once (vector-mode forward AD,
/// carvallo/ad_vector.hpp): tangent slot k belongs to kParameterTable[k].
using ParameterDual = DualVec<static_cast<int>(kParameterCount)>;

/// p with parameter k seeded in tangent slot k: one evaluation of any routine written for a generic
/// scalar then yields its gradient with respect to the 26 parameters.
inline ParameterValues<ParameterDual> seeded_parameter_values(const Parameters& p) {
  ParameterValues<ParameterDual> out = parameter_values<ParameterDual>(p);
  const auto members = parameter_value_members<ParameterDual>();
  for (std::size_t k = 0; k < kParameterCount; ++k) (out.*members[k]).d[k] = 1.0;
  return out;
}

}  // namespace carvallo::bicycle
