// Eigenvalues as the panels print them: no "-0.0000" for a value on a stability boundary.
#include "logic/number_text.hpp"

#include <catch2/catch.hpp>

#include <complex>

using carvallo::web::complex_text;
using carvallo::web::conjugate_pair_text;
using carvallo::web::without_negative_zero;

TEST_CASE("a real part that rounds to zero prints without a minus sign; others keep theirs", "[web]") {
  // At the weave speed the weave's real part is of the order of the root finder's tolerance.
  CHECK(conjugate_pair_text({-1e-12, 3.435}) == "+0.0000 ± 3.4350 i");
  CHECK(complex_text({-4.9e-5, 0.0}) == "+0.0000");
  CHECK(complex_text({-0.0, 0.0}) == "+0.0000");
  CHECK(complex_text({-5.1e-5, 0.0}) == "-0.0001");
  CHECK(complex_text({-0.5602, -3.814}) == "-0.5602 - 3.8140 i");
  CHECK(complex_text({0.25, 1.5}) == "+0.2500 + 1.5000 i");
  CHECK(conjugate_pair_text({-0.5602, 3.814}) == "-0.5602 ± 3.8140 i");
  CHECK(std::signbit(without_negative_zero(-1e-9, 3)) == false);
  CHECK(without_negative_zero(-0.002, 3) == -0.002);
}
