#pragma once
// The generalized state-space pencil of 000 Eqs 29-34 and its QZ solution (the "full" path).
//
//   z̄ = [x̄; x̄˙],  Ū0 z̄˙ = V̄0 z̄,  Ū0 = [[R̄0, M̄0], [M̄0, 0]],  V̄0 = [[−K̄0, 0], [0, M̄0]]   (Eqs 29-31)
//   V̄0 ψ = s Ū0 ψ                                                                   (Eq 33)
//
// As written, Eq 31 has n_c zero columns (those of ν̇: ν̇ appears nowhere) and n_c zero rows (the
// ν-rows of the identity M̄ x̄˙ = M̄ x̄˙), so det(V̄ − sŪ) ≡ 0: the pencil is singular and QZ would
// return arbitrary 0/0 eigenvalues. full_pencil() removes exactly those rows and columns, leaving a
// pencil of size 2 n_q + n_c in z = [q̄; ν̄; q̄˙] with the same finite eigenvalues. Its kinematic rows
// M q̄˙ = M q̄˙ are written with I instead of M: identical when M is invertible, and the pencil stays
// regular when M is singular (massless coordinates such as spring elongations, Euler parameters whose
// M has no component along e), where Eq 31's rows would vanish again:
//   Ū = [[R̄11, 0, M], [E_q̇, 0, 0], [I, 0, 0]],  V̄ = [[−K̄11, −Jᵀ, 0], [−E_q, 0, 0], [0, 0, I]].
// Its infinite eigenvalues number 3 n_c,h + 2 n_c,nh (index-3 holonomic, index-2 nonholonomic blocks);
// it has 2 n_q − 2 n_c,h − n_c,nh finite ones.

#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/modes.hpp"

#include <Eigen/Core>

namespace carvallo::stability {

struct Pencil {
  Eigen::MatrixXd U, V;  ///< V ψ = s U ψ
};

/// Eq 31 literally, size 2 (n_q + n_c); singular whenever n_c > 0 (see above). For inspection and tests.
/// These three never throw (the Linearization's blocks must have the sizes linearize() gives them).
Pencil state_space_pencil_eq31(const Linearization& lin);

/// Eq 31 without its identically zero rows and columns and with I in the kinematic rows: regular,
/// size 2 n_q + n_c, state [q̄; ν̄; q̄˙].
Pencil full_pencil(const Linearization& lin);

/// Number of infinite eigenvalues of full_pencil(): 3 n_c,h + 2 n_c,nh.
int expected_infinite_count(const Linearization& lin);

/// QZ on full_pencil(). The expected_infinite_count() eigenvalues with the smallest |beta|/|alpha| are
/// Infinite (robust: the index-3 Jordan blocks make QZ return them as |s| ~ eps^(-1/3), not as beta = 0);
/// the rest are classified Zero/Dynamic. Shapes are the q-part of the eigenvectors.
/// Throws LinearizationError if the pencil is not finite, QZ fails or finds more infinite eigenvalues than
/// expected.
ModalAnalysis full_pencil_modes(const Linearization& lin, const ModalOptions& options = {});

}  // namespace carvallo::stability
