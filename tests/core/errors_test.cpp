// carvallo/errors.hpp promises that everything the engine throws derives from carvallo::Error. Each failure
// below is provoked for real and caught as `const carvallo::Error&` (a std::invalid_argument or a bare
// std::runtime_error would escape the catch and fail the test); the derived type and kind are checked too.
// A scan of the sources for `throw std::` complements this (natively), so that a new throw site does not
// wait for a test of its own to be caught.
#include "../test_paths.hpp"
#include "carvallo/errors.hpp"

#include "carvallo/generalized_eigen.hpp"
#include "carvallo/model.hpp"
#include "carvallo/stability/bracketed_root.hpp"
#include "carvallo/stability/branch_matching.hpp"
#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/sweep.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#if !defined(__EMSCRIPTEN__)
#include <filesystem>
#include <fstream>
#include <sstream>
#endif

using namespace carvallo;

namespace {

// The message of the carvallo::Error `f` throws, or "" (and a failed check) if it throws nothing.
std::string caught_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  FAIL_CHECK("no carvallo::Error thrown");
  return {};
}

struct NoCoordinates {
  Layout layout() const { return {"empty", {}, {}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>&) const {}
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
};

}  // namespace

static_assert(std::is_base_of_v<Error, ModelError>);
static_assert(std::is_base_of_v<Error, SolverError>);
static_assert(std::is_base_of_v<Error, stability::LinearizationError>);
static_assert(std::is_base_of_v<Error, stability::SweepError>);
static_assert(std::is_base_of_v<Error, stability::RootFindingError>);

TEST_CASE("errors: the parameter sweep's failures are carvallo::Errors", "[errors]") {
  const stability::EigenvalueFunction one = [](double p) { return std::vector<std::complex<double>>{{-1.0, p}}; };
  CHECK(caught_message([&] { stability::sweep_eigenvalues(one, {}); }).find("empty parameter grid") != std::string::npos);
  CHECK(caught_message([&] { stability::sweep_eigenvalues(one, {1.0, 0.0}); }).find("increase") != std::string::npos);
  CHECK_THROWS_AS(stability::sweep_eigenvalues(one, {1.0, 0.0}), stability::SweepError);
}

TEST_CASE("errors: root finding failures are carvallo::Errors", "[errors]") {
  const auto f = [](double x) { return x * x + 1.0; };
  CHECK(caught_message([&] { stability::find_bracketed_root(f, -1.0, 1.0, 2.0, 2.0, 1e-9); }).find("no sign change") !=
        std::string::npos);
  CHECK_THROWS_AS(stability::find_bracketed_root(f, -1.0, 1.0, -1.0, 2.0, 0.0), stability::RootFindingError);
}

TEST_CASE("errors: branch matching failures are carvallo::Errors", "[errors]") {
  const std::vector<std::complex<double>> two{{1.0, 0.0}, {2.0, 0.0}}, one{{1.0, 0.0}};
  CHECK(caught_message([&] { stability::match_branches(two, one); }).find("2 predictions but 1") != std::string::npos);
  const std::vector<std::complex<double>> nan{{std::nan(""), 0.0}, {2.0, 0.0}};
  CHECK_THROWS_AS(stability::match_branches(two, nan), stability::SweepError);
}

TEST_CASE("errors: generalized eigenvalues of a bad pencil throw SolverError", "[errors]") {
  const Eigen::MatrixXd A = Eigen::MatrixXd::Identity(2, 2), B3 = Eigen::MatrixXd::Identity(3, 3);
  CHECK(caught_message([&] { generalized_eigenvalues(A, B3); }).find("square and of equal size") != std::string::npos);
  Eigen::MatrixXd B = A;
  B(0, 1) = std::nan("");
  try {
    finite_generalized_eigenvalues(A, B);
    FAIL_CHECK("no error");
  } catch (const SolverError& e) {
    CHECK(e.kind() == SolverError::Kind::NonFinite);
  }
}

TEST_CASE("errors: Model's construction, name lookups and evaluations throw carvallo::Errors", "[errors]") {
  CHECK_THROWS_AS(Model(NoCoordinates{}), ModelError);
  const Model m(carvallo_test::FourBar{});
  CHECK(caught_message([&] { m.coordinate_name(4); }).find("no coordinate 4") != std::string::npos);
  CHECK(caught_message([&] { m.coordinate_name(-1); }).find("no coordinate -1") != std::string::npos);
  CHECK(caught_message([&] { m.constraint_name(3); }).find("no constraint 3") != std::string::npos);
  CHECK(m.constraint_name(2) == "rocker");
  Eigen::MatrixXd J;
  CHECK(caught_message([&] { m.C_q(Eigen::VectorXd::Zero(3), 0.0, J); }).find("entries") != std::string::npos);
  CHECK(caught_message([&] { m.C_q_sparsity(Eigen::VectorXd::Constant(4, std::nan("")), 0.0); }).find("not finite") !=
        std::string::npos);
}

TEST_CASE("errors: a reference that violates the constraints throws LinearizationError", "[errors]") {
  const Model m(carvallo_test::FourBar{});
  CHECK(caught_message([&] { stability::linearize(m, stability::equilibrium(Eigen::VectorXd::Zero(4))); })
            .find("linearize") != std::string::npos);
}

#if !defined(__EMSCRIPTEN__)
TEST_CASE("errors: no source file of core/ or examples/ throws a std:: exception type", "[errors]") {
  const std::filesystem::path root(carvallo::test::source_dir());
  int files = 0;
  for (const char* dir : {"core", "examples"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
      const auto ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".hpp") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      INFO(entry.path().string());
      CHECK(text.str().find("throw std::") == std::string::npos);
      ++files;
    }
  CHECK(files > 50);
}
#endif
