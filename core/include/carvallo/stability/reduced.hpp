#pragma once
// The reduced path: the linearized equations projected onto the constraint-consistent subspace, giving
// the finite eigenvalues of the full pencil (full_pencil.hpp) from a standard eigenproblem of size
// 2 n_q − 2 n_c,h − n_c,nh − (number of cyclic coordinates).
//
// Linearized equations (000 Eq 21 written out):  M ä + R̄11 ȧ + K̄11 a + Jᵀ b = 0,  C_q a = 0,
// D_q a + D_q̇ ȧ = 0.  Positions a = N_h p with N_h a basis of null(C_q); velocities ṗ = A_p p + N_v u,
// A_p = −G⁺ D_q N_h, G = D_q̇ N_h, N_v a basis of null(G); T = N_h N_v spans null(J), so Tᵀ removes Jᵀb:
//   ṗ = A_p p + N_v u
//   M_r u̇ = −(B A_p + Tᵀ K̄11 N_h) p − B N_v u,   M_r = Tᵀ M T,  B = Tᵀ (M N_h A_p + R̄11 N_h).
// A coordinate whose column of K̄ (K̄11 and E_q) vanishes is cyclic: its position feeds back nowhere, so its
// state in p only contributes an exact zero eigenvalue and is removed (eliminate_cyclic).

#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/modes.hpp"
#include "carvallo/stability/sweep.hpp"

#include <Eigen/Core>

#include <complex>
#include <functional>
#include <vector>

namespace carvallo::stability {

/// Coordinates whose position does not enter the linearized equations: max |column of K̄| <=
/// tolerance * max(1, max |K̄|). Exact zeros from AD when the coordinate does not appear at all.
/// Never throws.
std::vector<int> cyclic_coordinates(const Linearization& lin, double tolerance = 1e-12);

struct ReducedOptions {
  bool eliminate_cyclic = true;   ///< drop the (exactly zero) position states of cyclic coordinates
  double cyclic_tolerance = 1e-12;
};

/// The reduced first-order system ẏ = A y, y = [p (without cyclic states); u].
struct ReducedSystem {
  Eigen::MatrixXd A;
  Eigen::MatrixXd Nh;  ///< n_q × m basis of null(C_q); its first n_cyclic columns are unit vectors of cyclic coordinates
  Eigen::MatrixXd Ap;  ///< m × m
  Eigen::MatrixXd Nv;  ///< m × (m − n_c,nh)
  std::vector<int> cyclic;  ///< indices of the cyclic coordinates (eliminated if eliminate_cyclic)
  bool cyclic_eliminated = false;
};

/// Builds the reduced system. Throws LinearizationError for dependent constraints (C_q or D_q̇ N_h
/// rank deficient) or a mass matrix that is not positive definite on the admissible velocities.
ReducedSystem reduce(const Linearization& lin, const ReducedOptions& options = {});

/// Eigenvalues of the reduced system (no eigenvectors; the fast path for sweeps). Throws what reduce()
/// throws, and LinearizationError if the eigenvalue iteration does not converge.
std::vector<std::complex<double>> reduced_eigenvalues(const Linearization& lin, const ReducedOptions& options = {});

/// Modal analysis on the reduced path; shapes mapped back to q (a = N_h p; the eliminated cyclic
/// components recovered from ṗ = s p). Throws as reduced_eigenvalues().
ModalAnalysis reduced_modes(const Linearization& lin, const ModalOptions& options = {},
                            const ReducedOptions& reduced_options = {});

/// A sweep source: parameter -> reduced eigenvalues of `model` linearized about reference(parameter).
/// The `drop_zeros` eigenvalues of smallest magnitude are removed at every parameter (e.g. the neutral
/// forward-speed mode of a vehicle); with drop_zeros < 0 the count is the number of Zero eigenvalues
/// (ModalOptions::zero_tolerance) at the first parameter evaluated. Building it never throws; the function
/// throws what `reference`, linearize() and reduced_eigenvalues() throw.
EigenvalueFunction reduced_eigenvalue_function(Model model, std::function<Reference(double parameter)> reference,
                                               int drop_zeros = -1, const ReducedOptions& options = {},
                                               const LinearizationOptions& linearization_options = {});

}  // namespace carvallo::stability
