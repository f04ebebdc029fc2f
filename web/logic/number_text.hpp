#pragma once
// Eigenvalues as the panels print them, to four decimals. A value that rounds to zero is printed as
// "+0.0000", never "-0.0000": at the weave speed the weave's real part is -1e-12, and a minus sign there
// would say "stable" where the plot says "on the boundary".

#include <complex>
#include <string>

namespace carvallo::web {

/// x, or +0.0 when x prints as zero with `decimals` decimals (so that "%.*f" shows no minus sign).
double without_negative_zero(double x, int decimals);

/// "+a" for a real eigenvalue (|Im| below 5e-7), "+a + b i" or "+a - b i" otherwise.
std::string complex_text(std::complex<double> s);

/// "+a ± b i": a complex pair shown once.
std::string conjugate_pair_text(std::complex<double> s);

}  // namespace carvallo::web
