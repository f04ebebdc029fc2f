#pragma once
// Typed errors of the engine. Everything the engine (core/ and the models of examples/) throws derives
// from carvallo::Error, so a UI can catch one type and show what(); tools that react differently per
// failure catch the derived type or inspect kind() and the fields. No engine function returns NaN or
// infinity as a result: it throws instead.
//
// The family: ModelError and SolverError (here), stability::LinearizationError (stability/linearization.hpp),
// stability::SweepError (stability/sweep.hpp), stability::RootFindingError (stability/bracketed_root.hpp).
// Two exceptions pass unchanged: std::bad_alloc when memory runs out, and whatever a caller's own code
// throws from inside an engine call (a model definition, an eigenvalue function given to a sweep, ...).
// Every public function says in its header comment what it throws; tests/core/errors_test.cpp provokes
// each failure and catches it as a carvallo::Error.

#include <stdexcept>
#include <string>

namespace carvallo {

/// Base class of every engine error. what() is a complete, human-readable sentence.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A model definition is malformed (wrong output sizes, missing names, non-finite parameters...).
/// Thrown when a Model is built or first evaluated, never in the middle of a step.
class ModelError : public Error {
 public:
  using Error::Error;
};

/// A run-time failure of a solver, tied to a time and, where possible, to a named constraint or
/// coordinate of the model.
class SolverError : public Error {
 public:
  enum class Kind {
    NonConvergence,     ///< a Newton iteration (position / velocity analysis, direct correction) did not converge
    SingularMatrix,     ///< a matrix that must be invertible is not (mass matrix, J_c of RGCPA, ...)
    InconsistentInput,  ///< e.g. no consistent state exists for the given independent coordinates
    NonFinite,          ///< a model function produced NaN/inf, or the state diverged
    InvalidArgument,    ///< wrong sizes, negative step, unknown coordinate name, ...
  };

  /// `subject` names the constraint or coordinate concerned ("" if none); `index` is its index in the
  /// model's constraint list (holonomic first, then nonholonomic) or coordinate list (-1 if none).
  SolverError(Kind kind, const std::string& message, double time, std::string subject = {}, int index = -1,
              int iterations = 0, double residual = 0.0);

  Kind kind() const { return kind_; }
  double time() const { return time_; }
  const std::string& subject() const { return subject_; }
  int index() const { return index_; }
  int iterations() const { return iterations_; }
  double residual() const { return residual_; }

 private:
  Kind kind_;
  double time_;
  std::string subject_;
  int index_;
  int iterations_;
  double residual_;
};

const char* to_string(SolverError::Kind kind);

/// A number for messages: "%.3g" (std::to_string prints 1e-12 as 0.000000).
std::string format_for_message(double x);

}  // namespace carvallo
