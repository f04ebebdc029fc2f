#pragma once
// carvallo::Model: an immutable, shared, type-erased multibody model in the redundant coordinate
// formulation of 000 §2.1. It wraps a model definition (see model_definition.hpp) and exposes the
// double-valued quantities the solvers need, all derived exactly by forward-mode AD (ad.hpp):
//
//   C, C_q, C_t, Ċ                   holonomic constraints and their derivatives
//   D, D_q̇, D_q, D_t                 nonholonomic constraints (Pfaffian or not) and derivatives
//   Q_d,h (000 Eq 7), Q_d,nh (Eq 8)  constraint quadratic-velocity vectors, J = [C_q; D_q̇], Q_d
//   M, Q_b and ∂Q_b/∂q, ∂Q_b/∂q̇      mass matrix, generalized forces Q_b = Q_v + Q_e and Jacobians
//   ∂(Jᵀν)/∂q, ∂(Jᵀν)/∂q̇, ∂(M a)/∂q, ∂Q_d/∂q, ∂Q_d/∂q̇   terms of the linearization (000 Eqs 26, 28)
//   kinetic, potential and total energy
//
// The constraint derivatives the solvers need at every step (C_q, D_q̇, J, [Ċ; D] and constraint_terms():
// C_q, Q_d,h, D_q̇, Q_d,nh; and with M and Q_b, dynamics_terms()) are recorded from the definition once, at
// the first call, as an expression
// graph, differentiated on the graph and run as straight-line programs (expression_graph.hpp,
// straight_line_program.hpp): equal to the dual-number AD's to round-off
// (tests/examples/registry_constraint_program_test.cpp) and several times faster. A definition whose
// constraints branch on the state is not recorded and uses the AD at every call.
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
// do not allocate after the first call with a given size (outputs are resized only if their size differs).

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

/// Sparsity of a constraint Jacobian and a column colouring (columns of one colour share no row), found
/// once per model; see Model::C_q. Defined in model.cpp.
struct JacobianCache;
/// The constraint functions as recorded straight-line programs; see Model. Defined in model.cpp.
struct RecordedConstraints;

// Evaluation of a model definition for one scalar type, in pieces: each scalar type gets only the functions
// the engine evaluates with it (ScalarEvaluator<S> below), because every virtual function is compiled for
// every model whether called or not, and the page downloads them all. Outputs arrive sized and zero-filled.
template <class S>
class HolonomicFunction {
 public:
  virtual ~HolonomicFunction() = default;
  virtual void eval_holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const = 0;
};
template <class S>
class NonholonomicFunction {
 public:
  virtual ~NonholonomicFunction() = default;
  virtual void eval_nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& D) const = 0;
};
template <class S>
class MassAndForces {
 public:
  virtual ~MassAndForces() = default;
  virtual void eval_mass(const Vec<S>& q, const S& t, Mat<S>& M) const = 0;
  virtual void eval_forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const = 0;
};
class Energies {
 public:
  virtual ~Energies() = default;
  virtual double eval_potential_energy(const Vec<double>& q, double t) const = 0;
  virtual double eval_kinetic_energy(const Vec<double>& q, const Vec<double>& qd, double t) const = 0;
};

/// What the engine evaluates a definition for with each scalar type: everything in double; M, Q and the
/// constraints with first-order duals (the force and mass Jacobians, C_q, D_q̇ and D_q); the constraints
/// with second-order ones (Q_d,h, Q_d,nh); C with third-order ones (∂Q_d,h/∂q, model_linearization.cpp).
template <class S>
class ScalarEvaluator;
template <>
class ScalarEvaluator<double> : public HolonomicFunction<double>, public NonholonomicFunction<double>,
                                public MassAndForces<double>, public Energies {};
template <>
class ScalarEvaluator<Dual1> : public HolonomicFunction<Dual1>, public NonholonomicFunction<Dual1>,
                               public MassAndForces<Dual1> {};
template <>
class ScalarEvaluator<Dual2> : public HolonomicFunction<Dual2>, public NonholonomicFunction<Dual2> {};
template <>
class ScalarEvaluator<Dual3> : public HolonomicFunction<Dual3> {};

/// A definition whose nonholonomic() also takes q and t of another scalar type than q̇ (SQ = double with
/// a dual q̇): D_q̇ then carries no tangents through the geometry. Optional.
template <class Def>
concept HasRateSeededNonholonomic =
    requires(const Def& d, const Vec<double>& q, const Vec<DualChunk>& qd, const double& t, Vec<DualChunk>& D) {
      d.template nonholonomic<DualChunk, double>(q, qd, t, D);
    };

/// Constraint functions only, for the vector-mode Jacobians (ad_vector.hpp) of C_q, D_q̇ and D_q.
template <class S>
class ConstraintEvaluator {
 public:
  virtual ~ConstraintEvaluator() = default;
  virtual void eval_holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const = 0;
  virtual void eval_nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& D) const = 0;
  /// D for a dual q̇ at fixed q and t: `q` and `q_passive` (the same values, zero tangents) are both
  /// given, so a definition with HasRateSeededNonholonomic uses the first and any other the second.
  virtual void eval_nonholonomic_rates(const Vec<double>& q, const Vec<S>& q_passive, const Vec<S>& qd, double t,
                                       Vec<S>& D) const = 0;
};

/// The mass matrix and the forces on the recording scalar (expression_graph.hpp), for the recorded dynamics
/// program (Model::dynamics_terms).
class DynamicsRecorder {
 public:
  virtual ~DynamicsRecorder() = default;
  virtual void record_mass(const Vec<Recorded>& q, const Recorded& t, Mat<Recorded>& M) const = 0;
  virtual void record_forces(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                             Vec<Recorded>& Q) const = 0;
};

class ModelConcept : public ScalarEvaluator<double>,
                     public ScalarEvaluator<Dual1>,
                     public ScalarEvaluator<Dual2>,
                     public ScalarEvaluator<Dual3>,
                     public ConstraintEvaluator<DualChunk>,
                     public ConstraintEvaluator<SparsityTracer>,
                     public ConstraintEvaluator<Recorded>,
                     public DynamicsRecorder {
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

#define CARVALLO_HOLONOMIC_FOR(S)                                                                        \
  void eval_holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const override {                          \
    if constexpr (HasHolonomic<Def>) def_.template holonomic<S>(q, t, C);                                \
  }
#define CARVALLO_NONHOLONOMIC_FOR(S)                                                                     \
  void eval_nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& D) const override {     \
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<S>(q, qd, t, D);                      \
  }
#define CARVALLO_MASS_AND_FORCES_FOR(S)                                                                  \
  void eval_mass(const Vec<S>& q, const S& t, Mat<S>& M) const override { def_.template mass<S>(q, t, M); } \
  void eval_forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const override {            \
    def_.template forces<S>(q, qd, t, Q);                                                                \
  }
  CARVALLO_HOLONOMIC_FOR(double)
  CARVALLO_HOLONOMIC_FOR(Dual1)
  CARVALLO_HOLONOMIC_FOR(Dual2)
  CARVALLO_HOLONOMIC_FOR(Dual3)
  CARVALLO_NONHOLONOMIC_FOR(double)
  CARVALLO_NONHOLONOMIC_FOR(Dual1)
  CARVALLO_NONHOLONOMIC_FOR(Dual2)
  CARVALLO_MASS_AND_FORCES_FOR(double)
  CARVALLO_MASS_AND_FORCES_FOR(Dual1)
#undef CARVALLO_HOLONOMIC_FOR
#undef CARVALLO_NONHOLONOMIC_FOR
#undef CARVALLO_MASS_AND_FORCES_FOR

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

  void eval_holonomic(const Vec<DualChunk>& q, const DualChunk& t, Vec<DualChunk>& C) const override {
    if constexpr (HasHolonomic<Def>) def_.template holonomic<DualChunk>(q, t, C);
  }
  void eval_nonholonomic(const Vec<DualChunk>& q, const Vec<DualChunk>& qd, const DualChunk& t,
                         Vec<DualChunk>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<DualChunk>(q, qd, t, D);
  }
  void eval_nonholonomic_rates(const Vec<double>& q, const Vec<DualChunk>& q_passive, const Vec<DualChunk>& qd,
                               double t, Vec<DualChunk>& D) const override {
    if constexpr (HasRateSeededNonholonomic<Def>) def_.template nonholonomic<DualChunk, double>(q, qd, t, D);
    else if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<DualChunk>(q_passive, qd, DualChunk(t), D);
  }

  // The tracer takes the same paths as DualChunk; t is live (watched for branches, never traced).
  void eval_holonomic(const Vec<SparsityTracer>& q, const SparsityTracer& t, Vec<SparsityTracer>& C) const override {
    if constexpr (HasHolonomic<Def>) def_.template holonomic<SparsityTracer>(q, t, C);
  }
  void eval_nonholonomic(const Vec<SparsityTracer>& q, const Vec<SparsityTracer>& qd, const SparsityTracer& t,
                         Vec<SparsityTracer>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<SparsityTracer>(q, qd, t, D);
  }
  void eval_nonholonomic_rates(const Vec<double>& q, const Vec<SparsityTracer>& q_passive,
                               const Vec<SparsityTracer>& qd, double t, Vec<SparsityTracer>& D) const override {
    if constexpr (HasRateSeededNonholonomic<Def>) def_.template nonholonomic<SparsityTracer, double>(q, qd, t, D);
    else if constexpr (HasNonholonomic<Def>)
      def_.template nonholonomic<SparsityTracer>(q_passive, qd, SparsityTracer(t, 0, true), D);
  }

  // Recording (expression_graph.hpp): q, q̇ and t all recorded, so the generic path only.
  void eval_holonomic(const Vec<Recorded>& q, const Recorded& t, Vec<Recorded>& C) const override {
    if constexpr (HasHolonomic<Def>) def_.template holonomic<Recorded>(q, t, C);
  }
  void eval_nonholonomic(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                         Vec<Recorded>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<Recorded>(q, qd, t, D);
  }
  void eval_nonholonomic_rates(const Vec<double>&, const Vec<Recorded>& q_passive, const Vec<Recorded>& qd, double t,
                               Vec<Recorded>& D) const override {
    if constexpr (HasNonholonomic<Def>) def_.template nonholonomic<Recorded>(q_passive, qd, Recorded(t), D);
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
  /// A copy evaluating C_q, D_q̇, J, [Ċ; D] and constraint_terms() by recorded straight-line programs (`enabled`, the default of every Model) or by the dual-number AD of the
  /// definition at every call (for comparisons: tests, benchmarks). Never throws.
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

  // ---- energy -------------------------------------------------------------------------------------
  /// Kinetic energy: the definition's kinetic_energy() if given, else ½ q̇ᵀ M q̇.
  double kinetic_energy(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const;
  /// Potential energy from the definition; 0 if it has none (check has_potential_energy()).
  double potential_energy(const Eigen::VectorXd& q, double t) const;
  double energy(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) const {
    return kinetic_energy(q, qd, t) + potential_energy(q, t);
  }

  /// Raw access for other scalar types (double, Dual1, Dual2, Dual3, with the functions ScalarEvaluator<S>
  /// gives each): evaluates the definition directly. Use for derivatives this class does not provide;
  /// outputs must be sized and zero-filled by the caller.
  template <class S>
  const detail::ScalarEvaluator<S>& evaluator() const { return static_cast<const detail::ScalarEvaluator<S>&>(*impl_); }
  const detail::ConstraintEvaluator<DualChunk>& chunk_evaluator() const {
    return static_cast<const detail::ConstraintEvaluator<DualChunk>&>(*impl_);
  }
  const detail::ConstraintEvaluator<SparsityTracer>& tracer_evaluator() const {
    return static_cast<const detail::ConstraintEvaluator<SparsityTracer>&>(*impl_);
  }
  const detail::ConstraintEvaluator<Recorded>& recording_evaluator() const {
    return static_cast<const detail::ConstraintEvaluator<Recorded>&>(*impl_);
  }
  const detail::DynamicsRecorder& dynamics_recorder() const {
    return static_cast<const detail::DynamicsRecorder&>(*impl_);
  }

  // ---- structure of the coloured Jacobians (sparsity.hpp) ------------------------------------------
  /// Structural nonzeros of C_q, D_q̇ and D_q found by tracing the definition at this state (one
  /// SparsityTracer pass per 64 columns; D_q̇ traces both the rate-seeded path it evaluates and the generic
  /// one, whose double-valued geometry would hide branches on q). A pattern that is not value_dependent
  /// holds at every state; C_q, D_q̇ and D_q colour their columns from the pattern at the state of their
  /// first call, or use the dense pattern when it is value_dependent, so they are exact at every state.
  /// Same checks and errors as C_q etc. (SolverError NonFinite / InvalidArgument on q, q̇).
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
