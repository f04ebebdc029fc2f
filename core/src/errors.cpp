#include "carvallo/errors.hpp"

#include <cstdio>
#include <utility>

namespace carvallo {

namespace {
std::string compose(SolverError::Kind kind, const std::string& message, double time, const std::string& subject) {
  char head[96];
  std::snprintf(head, sizeof head, "%s at t = %.9g s", to_string(kind), time);
  std::string out(head);
  if (!subject.empty()) out += " [" + subject + "]";
  out += ": " + message;
  return out;
}
}  // namespace

SolverError::SolverError(Kind kind, const std::string& message, double time, std::string subject, int index,
                         int iterations, double residual)
    : Error(compose(kind, message, time, subject)),
      kind_(kind),
      time_(time),
      subject_(std::move(subject)),
      index_(index),
      iterations_(iterations),
      residual_(residual) {}

std::string format_for_message(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

const char* to_string(SolverError::Kind kind) {
  switch (kind) {
    case SolverError::Kind::NonConvergence: return "no convergence";
    case SolverError::Kind::SingularMatrix: return "singular matrix";
    case SolverError::Kind::InconsistentInput: return "inconsistent input";
    case SolverError::Kind::NonFinite: return "non-finite value";
    case SolverError::Kind::InvalidArgument: return "invalid argument";
  }
  return "error";
}

}  // namespace carvallo
