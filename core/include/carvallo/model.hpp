#pragma once
// carvallo::Model: an immutable, shared, type-erased multibody model in the redundant coordinate
// formulation of 000 §2.1. It wraps a model definition (see model_definition.hpp) and exposes the
// double-valued quantities the solvers need, all derived exactly by forward-mode AD on a graph:
//
//   C, C_q, C_t, Ċ                   holonomic constraints and their derivatives
//   D, D_q̇, D_q, D_t                 nonholonomic constraints (Pfaffian or not) and derivatives
//   Q_d,h (000 Eq 7), Q_d,nh (Eq 8)  constraint quadratic-velocity vectors, J = [C_q; D_q̇], Q_d
//   M, Q_b and ∂Q_b/∂q, ∂Q_b/∂q̇      mass matrix, generalized forces Q_b = Q_v + Q_e and Jacobians
//   ∂(Jᵀν)/∂q, ∂(Jᵀν)/∂q̇, ∂(M a)/∂q, ∂Q_d/∂q, ∂Q_d/∂q̇   terms of the linearization (000 Eqs 26, 28)
//   kinetic, potential and total energy
//
// Every derivative is built on an expression graph recorded from the definition at the first call,
// differentiated on the graph and run as a straight-line program from then on (expression_graph.hpp,
// straight_line_program.hpp; model_recorded.cpp for the constraint programs every step needs, C_q, D_q̇, J,
// [Ċ; D], constraint_terms() and with M and Q_b dynamics_terms(); model_derived.cpp for the others). A
// definition whose code branches on the state is recorded anew at every call, at that call's state.
//
// Conventions (000 Eqs 3-11): M q̈ = Q_b − Jᵀν, J q̈ = Q_d, ν = [λ; μ]. Constraint forces on the
// coordinates are −Jᵀν. Units are those of the model (SI in all shipped models). Rows of J, C, D and ν
// are ordered holonomic first, then nonholonomic, in the order of Layout's name lists.
//
// Failure: every evaluating function throws carvallo::SolverError(Kind::NonFinite) naming the constraint
// or coordinate and the time if q, q̇ or the model's output is NaN/inf, and Kind::InvalidArgument on a size
// mismatch; exceptions the definition itself throws propagate. Construction throws ModelError. The layout
// accessors without an index never throw.
//
// Thread safety: a Model may be shared between threads; evaluations use thread-local scratch buffers and
// do not allocate after the first call with a given size (outputs are resized only if their size differs),
// but for a definition that branches on the state, whose derivatives record a graph at every call.

#include "carvallo/ad.hpp"
#include "carvallo/ad_vector.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/expression_graph.hpp"
#include "carvallo/model_definition.hpp"
#include "carvallo/sparsity.hpp"

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace carvallo {

namespace detail {

/// The programs recorded once per model (the constraint programs, the derived quantities); shared by copies.
/// Defined in model_internal.hpp.
struct JacobianCache;
/// The constraint functions as recorded straight-line programs; see Model. Defined in model.cpp.
struct RecordedConstraints;

// The definition evaluated in double, and recorded on an expression graph (expression_graph.hpp) from which
// Model builds every derivative: one templated evaluation per scalar type, because every virtual function
// is compiled for every model whether called or not, and the page downloads them all.
class DoubleEvaluator {
 public:
  virtual ~DoubleEvaluator() = default;
  virtual void eval_holonomic(const Vec<double>& q, double t, Vec<double>& C) const = 0;
  virtual void eval_nonholonomic(const Vec<double>& q, const Vec<double>& qd, double t, Vec<double>& D) const = 0;
  virtual void eval_mass(const Vec<double>& q, double t, Mat<double>& M) const = 0;
  virtual void eval_forces(const Vec<double>& q, const Vec<double>& qd, double t, Vec<double>& Q) const = 0;
  virtual double eval_potential_energy(const Vec<double>& q, double t) const = 0;
  virtual double eval_kinetic_energy(const Vec<double>& q, const Vec<double>& qd, double t) const = 0;
};

/// The same functions on the recording scalar. Outputs arrive sized and zero-filled.
class Recorder {
 public:
  virtual ~Recorder() = default;
  virtual void record_holonomic(const Vec<Recorded>& q, const Recorded& t, Vec<Recorded>& C) const = 0;
  virtual void record_nonholonomic(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                                   Vec<Recorded>& D) const = 0;
  virtual void record_mass(const Vec<Recorded>& q, const Recorded& t, Mat<Recorded>& M) const = 0;
  virtual void record_forces(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                             Vec<Recorded>& Q) const = 0;
};

class ModelConcept : public DoubleEvaluator, public Recorder {
 public:
  ~ModelConcept() override = default;
  virtual const Layout& layout() const = 0;
  virtual bool has_potential_energy() const = 0;
};

template <class Def>
class ModelImpl final : public ModelConcept {
 public:
  explicit ModelImpl(Def d) : def_(std::move(d)), layout_(def_.layout()) {}
  const Layout& layout() const override { return layout_; }
  bool has_potential_energy() const override { return HasPotentialEnergy<Def>; }

  void eval_holonomic(const Vec<double>& q, double t, Vec<double>& C) const override {
    if constexpr (HasHolonomic<Def>) def_.template holonomic<double>(q, t, C);
  }
  void eval_nonholonomic(const Vec<double>& q, const Vec<double>& qd, double t, Vec<double>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<double>(q, qd, t, D);
  }
  void eval_mass(const Vec<double>& q, double t, Mat<double>& M) const override { def_.template mass<double>(q, t, M); }
  void eval_forces(const Vec<double>& q, const Vec<double>& qd, double t, Vec<double>& Q) const override {
    def_.template forces<double>(q, qd, t, Q);
  }
  double eval_potential_energy(const Vec<double>& q, double t) const override {
    if constexpr (HasPotentialEnergy<Def>) return def_.template potential_energy<double>(q, t);
    else return 0.0;
  }
  double eval_kinetic_energy(const Vec<double>& q, const Vec<double>& qd, double t) const override {
    if constexpr (HasKineticEnergy<Def>) {
      return def_.template kinetic_energy<double>(q, qd, t);
    } else {
      Mat<double> M = Mat<double>::Zero(q.size(), q.size());
      def_.template mass<double>(q, t, M);
      return 0.5 * qd.dot(M * qd);
    }
  }

  void record_holonomic(const Vec<Recorded>& q, const Recorded& t, Vec<Recorded>& C) const override {
    if constexpr (HasHolonomic<Def>) def_.template holonomic<Recorded>(q, t, C);
  }
  void record_nonholonomic(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                           Vec<Recorded>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<Recorded>(q, qd, t, D);
  }
  void record_mass(const Vec<Recorded>& q, const Recorded& t, Mat<Recorded>& M) const override {
    def_.template mass<Recorded>(q, t, M);
  }
  void record_forces(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                     Vec<Recorded>& Q) const override {
    def_.template forces<Recorded>(q, qd, t, Q);
  }

 private:
  Def def_;
  Layout layout_;
};

}  // namespace detail

/// Where M and J = [C_q; D_q̇] can be nonzero (Model::dynamics_structure): (row, column) pairs, each once.
struct DynamicsStructure {
  std::vector<std::pair<int, int>> mass, jacobian;
  std::uint64_t id = 0;  ///< unique to this recording (never 0): a solver knows a structure it has seen
};

/// Model::linearization_blocks: K̄11 = ∂(M a)/∂q − ∂Q_b/∂q + ∂(Jᵀν)/∂q and R̄11 = −∂Q_b/∂q̇ + ∂(Jᵀν)/∂q̇
/// (nq × nq, 000 Eqs 28, 26), and the constraint Jacobians C_q (nch × nq), D_q and D_q̇ (ncnh × nq).
struct LinearizationBlocks {
  Eigen::MatrixXd K11, R11, C_q, D_q, D_qd;
};

class Model {
 public:
  /// Wraps a copy of the definition. Throws ModelError if the layout is malformed (no coordinates,
  /// empty or duplicate names).
  // (The is_same test comes first so that checking Model's own copyability never recurses into
  // ModelDefinition<Model>.)
  template <class Def>
    requires(!std::is_same_v<std::remove_cvref_t<Def>, Model> && ModelDefinition<Def>)
  explicit Model(Def def) : Model(std::shared_ptr<const detail::ModelConcept>(std::make_shared<detail::ModelImpl<Def>>(std::move(def)))) {}

  explicit Model(std::shared_ptr<const detail::ModelConcept> impl);

  // ---- layout ---------------------------------------------------------------------------------
  const Layout& layout() const { return impl_->layout(); }
  const std::string& name() const { return impl_->layout().name; }
  int nq() const { return nq_; }    ///< number of generalized coordinates
  int nch() const { return nch_; }  ///< number of holonomic constraints
  int ncnh() const { return ncnh_; }///< number of nonholonomic constraints
  int nc() const { return nch_ + ncnh_; }
  /// Name of coordinate i; throws SolverError(InvalidArgument, index i) unless 0 <= i < nq().
  const std::string& coordinate_name(int i) const;
  /// Name of constraint row i of J (holonomic first, then nonholonomic); throws SolverError(InvalidArgument)
  /// unless 0 <= i < nc().
  const std::string& constraint_name(int i) const;
  /// Index of a coordinate by name; throws SolverError(InvalidArgument) if unknown.
  int coordinate_index(const std::string& name) const;
  bool has_potential_energy() const { return impl_->has_potential_energy(); }

  // ---- holonomic constraints C(q,t) -------------------------------------------------------------
  void C(const Eigen::VectorXd& q, double t, Eigen::VectorXd& out) const;
  void C_q(const Eigen::VectorXd& q, double t, Eigen::MatrixXd& out) const;
  void C_t(const Eigen::VectorXd& q, double t, Eigen::VectorXd& out) const;
  /// Ċ = C_q q̇ + C_t (one AD pass).
  void C_dot(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  /// 000 Eq 7: Q_d,h = −C_tt − (C_q q̇)_q q̇ − 2 C_qt q̇ (one second-order AD pass along (q̇, 1)).
  void Q_dh(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;

  // ---- nonholonomic constraints D(q,q̇,t) --------------------------------------------------------
  void D(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  void D_qd(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  void D_q(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  void D_t(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  /// 000 Eq 8: Q_d,nh = −D_t − D_q q̇ (one AD pass along (q̇, 0, 1) in (q, q̇, t)).
  void Q_dnh(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;

  // ---- combined (000 Eq 11) -------------------------------------------------------------------------
  /// J = [C_q; D_q̇] (nc × nq).
  void J(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  /// Q_d = [Q_d,h; Q_d,nh].
  void Q_d(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  /// Velocity-level constraint residual [Ċ; D] (used by velocity analyses and diagnostics).
  void velocity_residual(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  /// C_q, Q_d,h, D_q̇ and Q_d,nh together, what every acceleration analysis needs, in one program that
  /// computes what the four share (each body's rotation, say) once. Same values and errors as the four.
  void constraint_terms(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& Cq,
                        Eigen::VectorXd& Qdh, Eigen::MatrixXd& Dqd, Eigen::VectorXd& Qdnh) const;
  /// Whether the constraint functions run recorded programs (false before the first call of one of them,
  /// for a definition whose constraints branch on the state, and for a copy made without). Never throws.
  bool constraint_terms_recorded() const;
  /// A copy whose derivatives run the programs recorded at their first call (`enabled`, the default of every
  /// Model) or record the definition anew at every call, as a definition that branches on the state does
  /// (for comparisons: tests, benchmarks). Never throws.
  Model with_recorded_programs(bool enabled) const;

  // ---- dynamics ---------------------------------------------------------------------------------
  void M(const Eigen::VectorXd& q, double t, Eigen::MatrixXd& out) const;
  void Q_b(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::VectorXd& out) const;
  void Q_b_q(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  void Q_b_qd(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;

  /// M, Q_b, J = [C_q; D_q̇] and Q_d = [Q_d,h; Q_d,nh]: what an acceleration solve needs. One recorded program
  /// computes all four when the definition's mass, forces and constraints record without a branch on the
  /// state: it shares what they have in common (each body's rotation) and folds what is constant (the
  /// masses of the translations). Otherwise M(), Q_b() and
  /// constraint_terms(). Same values to round-off and the same errors as those. Returns whether the program
  /// ran: M's and J's entries outside dynamics_structure() are then zero whatever the state.
  bool dynamics_terms(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& M,
                      Eigen::VectorXd& Qb, Eigen::MatrixXd& J, Eigen::VectorXd& Qd) const;
  /// dynamics_terms() recorded at q, q̇, t, which must be distinct input nodes of the recording graph
  /// (expression_graph.hpp), for a program that goes on from them (an acceleration solver's). Structural
  /// zeros of M and J are constant zeros. False (outputs unspecified) when the definition cannot be recorded
  /// (see dynamics_terms()) or the inputs are not such nodes. Throws only std::bad_alloc.
  bool record_dynamics_terms(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t, Mat<Recorded>& M,
                             Vec<Recorded>& Qb, Mat<Recorded>& J, Vec<Recorded>& Qd) const;
  /// The structural nonzeros of M and J in dynamics_terms()'s program; null before its first call and for a
  /// definition it cannot record. Shared by copies of the Model. Never throws.
  const DynamicsStructure* dynamics_structure() const;

  // ---- linearization terms (000 Eqs 26, 28) ----------------------------------------------------
  /// ∂(M a)/∂q for a fixed vector a (e.g. a = q̈₀).
  void Ma_q(const Eigen::VectorXd& q, double t, const Eigen::VectorXd& a, Eigen::MatrixXd& out) const;
  /// ∂(Jᵀν)/∂q and ∂(Jᵀν)/∂q̇ for fixed multipliers ν = [λ; μ] (nq × nq each).
  void JTnu_q(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, const Eigen::VectorXd& nu,
              Eigen::MatrixXd& out) const;
  void JTnu_qd(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, const Eigen::VectorXd& nu,
               Eigen::MatrixXd& out) const;
  /// ∂Q_d/∂q and ∂Q_d/∂q̇ (nc × nq each; third derivatives of C).
  void Q_d_q(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  void Q_d_qd(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, Eigen::MatrixXd& out) const;
  /// The derivative blocks of the linearization at a reference with accelerations a = q̈ and multipliers
  /// ν (000 Eqs 26, 28), from one program recorded at the first call: what a new design's first
  /// linearization records and compiles once instead of term by term. Same values to round-off as the terms
  /// above and C_q, D_q, D_q̇; the same errors.
  void linearization_blocks(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, const Eigen::VectorXd& a,
                            const Eigen::VectorXd& nu, LinearizationBlocks& out) const;

  // ---- energy -------------------------------------------------------------------------------------
  /// Kinetic energy: the definition's kinetic_energy() if given, else ½ q̇ᵀ M q̇.
  double kinetic_energy(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const;
  /// Potential energy from the definition; 0 if it has none (check has_potential_energy()).
  double potential_energy(const Eigen::VectorXd& q, double t) const;
  double energy(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const {
    return kinetic_energy(q, qd, t) + potential_energy(q, t);
  }

  /// The definition evaluated in double, and recorded on the recording scalar (expression_graph.hpp), for
  /// what this class does not provide; outputs must be sized and zero-filled by the caller.
  const detail::DoubleEvaluator& evaluator() const { return *impl_; }
  const detail::Recorder& recorder() const { return *impl_; }

  // ---- structure of the Jacobians -----------------------------------------------------------------
  /// Structural nonzeros of C_q, D_q̇ and D_q: the entries whose derivative node exists on the graph
  /// recorded at this state (a node is made only for what depends on an input, and x·0 with a constant 0 is
  /// folded away). A pattern that is not value_dependent holds at every state; one recorded through a
  /// branch on the state (a comparison, value_of) holds for that branch. Same checks and errors as C_q etc.
  /// (SolverError NonFinite / InvalidArgument on q, q̇).
  SparsityPattern C_q_sparsity(const Eigen::VectorXd& q, double t) const;
  SparsityPattern D_qd_sparsity(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const;
  SparsityPattern D_q_sparsity(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const;

 private:
  void check_q(const Eigen::VectorXd& q, double t) const;
  /// The recorded programs (recorded at the first call, at this state; q̇ may be null), or null.
  const detail::RecordedConstraints* recorded(const Eigen::VectorXd& q, const Eigen::VectorXd* qd, double t) const;
  void check_qd(const Eigen::VectorXd& qd, double t) const;
  /// dQ_b/dq, or dQ_b/dq̇ with `of_rates` (Q_b_q, Q_b_qd).
  void force_jacobian(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t, bool of_rates,
                      Eigen::MatrixXd& out) const;

  std::shared_ptr<const detail::ModelConcept> impl_;
  std::shared_ptr<detail::JacobianCache> jacobians_;  // shared by copies, like impl_
  int nq_ = 0, nch_ = 0, ncnh_ = 0;
};

}  // namespace carvallo
