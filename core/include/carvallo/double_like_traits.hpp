#pragma once
// Eigen's traits for the engine's scalar types that stand in for double in model code (Dual, DualVec,
// Recorded): real, signed, built from a double (so double's limits, as that type), and
// mixing with double in Eigen expressions (a matrix of them scaled by a double parameter). Only the costs,
// which Eigen uses to decide on unrolling, differ from type to type.

#include <Eigen/Core>

namespace carvallo::detail {

template <class Scalar, int Read, int Add, int Mul>
struct DoubleLikeNumTraits : Eigen::GenericNumTraits<double> {
  using Real = Scalar;
  using NonInteger = Scalar;
  using Nested = Scalar;
  using Literal = double;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = Read,
    AddCost = Add,
    MulCost = Mul,
  };
  static inline Real epsilon() { return Real(Eigen::NumTraits<double>::epsilon()); }
  static inline Real dummy_precision() { return Real(Eigen::NumTraits<double>::dummy_precision()); }
  static inline Real highest() { return Real(Eigen::NumTraits<double>::highest()); }
  static inline Real lowest() { return Real(Eigen::NumTraits<double>::lowest()); }
  static inline int digits10() { return Eigen::NumTraits<double>::digits10(); }
};

/// The result type of an Eigen operation mixing Scalar and double: Scalar.
template <class Scalar>
struct MixesWithDouble {
  using ReturnType = Scalar;
};

}  // namespace carvallo::detail
