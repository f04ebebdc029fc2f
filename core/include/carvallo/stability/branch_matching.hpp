#pragma once
// Matching eigenvalues to predicted branch values: the minimum-cost assignment (Hungarian algorithm)
// with cost |predicted - candidate|^2, so each branch takes exactly one eigenvalue.

#include "carvallo/stability/sweep.hpp"

#include <complex>
#include <cstddef>
#include <vector>

namespace carvallo::stability {

/// Returns perm with perm[i] = index into `candidates` assigned to predicted[i], minimizing
/// sum_i |predicted[i] - candidates[perm[i]]|^2. Throws SweepError if the sizes differ or a value is not
/// finite (no assignment is defined then).
std::vector<std::size_t> match_branches(const std::vector<std::complex<double>>& predicted,
                                        const std::vector<std::complex<double>>& candidates);

/// True when swapping the candidates of two branches i, j with distinct values costs less than
/// (1 + ratio) times their matched cost, i.e. the prediction does not tell them apart clearly.
/// Candidates closer than `floor` to each other are treated as equal (swapping them changes nothing).
/// Never throws; `matched` must have the size of `predicted`.
bool matching_is_ambiguous(const std::vector<std::complex<double>>& predicted,
                           const std::vector<std::complex<double>>& matched, double ratio, double floor);

}  // namespace carvallo::stability
