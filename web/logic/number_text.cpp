#include "logic/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace carvallo::web {

double without_negative_zero(double x, int decimals) {
  return std::abs(x) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : x;
}

std::string complex_text(std::complex<double> s) {
  char buf[96];
  const double re = without_negative_zero(s.real(), 4);
  if (std::abs(s.imag()) < 5e-7) std::snprintf(buf, sizeof buf, "%+.4f", re);
  else std::snprintf(buf, sizeof buf, "%+.4f %c %.4f i", re, s.imag() < 0 ? '-' : '+', std::abs(s.imag()));
  return buf;
}

std::string conjugate_pair_text(std::complex<double> s) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%+.4f ± %.4f i", without_negative_zero(s.real(), 4), std::abs(s.imag()));
  return buf;
}

}  // namespace carvallo::web
