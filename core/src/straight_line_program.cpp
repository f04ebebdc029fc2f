#include "carvallo/straight_line_program.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace carvallo {

using Op = ExpressionGraph::Op;

StraightLineProgram::StraightLineProgram(const ExpressionGraph& graph, const std::vector<int>& inputs,
                                         const std::vector<int>& outputs)
    : inputs_(static_cast<int>(inputs.size())) {
  const int n = graph.size();
  // The nodes the outputs depend on (operands always have smaller ids than the node).
  std::vector<char> needed(static_cast<std::size_t>(n), 0);
  for (int o : outputs)
    if (o >= 0) needed[static_cast<std::size_t>(o)] = 1;
  for (int id = n - 1; id >= 0; --id) {
    if (!needed[static_cast<std::size_t>(id)]) continue;
    const auto& nd = graph.node(id);
    if (nd.a >= 0) needed[static_cast<std::size_t>(nd.a)] = 1;
    if (nd.b >= 0) needed[static_cast<std::size_t>(nd.b)] = 1;
  }
  std::vector<std::int32_t> slot(static_cast<std::size_t>(n), -1);
  for (int k = 0; k < inputs_; ++k) slot[static_cast<std::size_t>(inputs[static_cast<std::size_t>(k)])] = k;
  // Constants, then every unlisted input at its recorded value, then the operations in id order.
  for (int id = 0; id < n; ++id) {
    const auto& nd = graph.node(id);
    if (!needed[static_cast<std::size_t>(id)] || slot[static_cast<std::size_t>(id)] >= 0) continue;
    if (nd.op == Op::Constant || nd.op == Op::Input) {
      slot[static_cast<std::size_t>(id)] = inputs_ + static_cast<std::int32_t>(constants_.size());
      constants_.push_back(nd.value);
    }
  }
  // A zero output reads a constant 0.
  std::int32_t zero_slot = -1;
  for (int o : outputs)
    if (o < 0 && zero_slot < 0) {
      zero_slot = inputs_ + static_cast<std::int32_t>(constants_.size());
      constants_.push_back(0.0);
    }
  // The operations by (level, operation, id): ids increase along every operand chain, so a level's operands
  // all lie on lower levels and any order within a level is valid.
  std::vector<int> level(static_cast<std::size_t>(n), 0);
  std::vector<std::pair<std::int64_t, int>> keyed;  // ((level, operation), id): sorted without indirection
  for (int id = 0; id < n; ++id) {
    const auto& nd = graph.node(id);
    if (!needed[static_cast<std::size_t>(id)] || slot[static_cast<std::size_t>(id)] >= 0) continue;
    int l = level[static_cast<std::size_t>(nd.a)];
    if (nd.b >= 0) l = std::max(l, level[static_cast<std::size_t>(nd.b)]);
    level[static_cast<std::size_t>(id)] = l + 1;
    keyed.emplace_back(static_cast<std::int64_t>(l + 1) * 256 + static_cast<std::int64_t>(nd.op), id);
  }
  std::sort(keyed.begin(), keyed.end());  // ids are unique: the same order as a stable sort by key
  std::vector<int> order;
  order.reserve(keyed.size());
  for (const auto& k : keyed) order.push_back(k.second);
  for (int id : order) slot[static_cast<std::size_t>(id)] = first_code_slot() + instructions_++;
  a_.reserve(order.size());
  b_.reserve(order.size());
  for (int id : order) {
    const auto& nd = graph.node(id);
    const auto k = static_cast<std::int32_t>(a_.size());
    // A run may span levels: its instructions run in order, so one reading another's slot still follows it.
    if (runs_.empty() || runs_.back().op != nd.op) runs_.push_back(Run{nd.op, k, k});
    ++runs_.back().end;
    a_.push_back(slot[static_cast<std::size_t>(nd.a)]);
    b_.push_back(nd.b >= 0 ? slot[static_cast<std::size_t>(nd.b)] : 0);
  }
  outputs_.reserve(outputs.size());
  for (int o : outputs) outputs_.push_back(o < 0 ? zero_slot : slot[static_cast<std::size_t>(o)]);
#if defined(CARVALLO_MACHINE_CODE)
  if (instructions_ > 0) tier_ = std::make_shared<Tier>();
#endif
}

#if defined(CARVALLO_MACHINE_CODE)
bool StraightLineProgram::compile() const {
  if (!tier_) return false;
  std::call_once(tier_->once, [this] {
    // The interpreter's instructions; MachineCode may reorder independent ones.
    std::vector<SlotInstruction> code;
    code.reserve(static_cast<std::size_t>(instructions_));
    for (const Run& r : runs_)
      for (std::int32_t k = r.begin; k < r.end; ++k)
        code.push_back({r.op, a_[static_cast<std::size_t>(k)], b_[static_cast<std::size_t>(k)], first_code_slot() + k});
    tier_->owner = MachineCode::compile(code, outputs_);
    tier_->code.store(tier_->owner.get(), std::memory_order_release);
  });
  return compiled();
}
#endif

void StraightLineProgram::run(const double* inputs, double* outputs, std::vector<double>& workspace) const {
#if defined(CARVALLO_MACHINE_CODE)
  const MachineCode* code = tier_ ? tier_->code.load(std::memory_order_acquire) : nullptr;
  if (!code && tier_ && tier_->runs.fetch_add(1, std::memory_order_relaxed) + 1 >= kRunsBeforeMachineCode) {
    compile();
    code = tier_->code.load(std::memory_order_acquire);
  }
  if (code) {
    double* v = load(inputs, workspace);
    code->run(v);
    for (std::size_t k = 0; k < outputs_.size(); ++k) outputs[k] = v[outputs_[k]];
    return;
  }
#endif
  run_interpreted(inputs, outputs, workspace);
}

double* StraightLineProgram::load(const double* inputs, std::vector<double>& workspace) const {
  const std::size_t total = static_cast<std::size_t>(first_code_slot() + instructions_);
  if (workspace.size() < total) workspace.resize(total);
  double* v = workspace.data();
  if (inputs_ > 0) std::memcpy(v, inputs, sizeof(double) * static_cast<std::size_t>(inputs_));
  if (!constants_.empty()) std::memcpy(v + inputs_, constants_.data(), sizeof(double) * constants_.size());
  return v;
}

void StraightLineProgram::run_interpreted(const double* inputs, double* outputs, std::vector<double>& workspace) const {
  double* v = load(inputs, workspace);
  double* out = v + first_code_slot();
  const std::int32_t* a = a_.data();
  const std::int32_t* b = b_.data();
  for (const Run& r : runs_) {
    const std::int32_t k0 = r.begin, k1 = r.end;
#define CARVALLO_RUN(expression)                    \
  for (std::int32_t k = k0; k < k1; ++k) {           \
    const double x = v[a[k]];                        \
    const double y = v[b[k]];                        \
    out[k] = (expression);                           \
    (void)y;                                         \
  }                                                  \
  break;
    switch (r.op) {
      case Op::Add: CARVALLO_RUN(x + y)
      case Op::Sub: CARVALLO_RUN(x - y)
      case Op::Mul: CARVALLO_RUN(x * y)
      case Op::Div: CARVALLO_RUN(x / y)
      case Op::Neg: CARVALLO_RUN(-x)
      case Op::Sin: CARVALLO_RUN(std::sin(x))
      case Op::Cos: CARVALLO_RUN(std::cos(x))
      case Op::Tan: CARVALLO_RUN(std::tan(x))
      case Op::Sqrt: CARVALLO_RUN(std::sqrt(x))
      case Op::Exp: CARVALLO_RUN(std::exp(x))
      case Op::Log: CARVALLO_RUN(std::log(x))
      case Op::Asin: CARVALLO_RUN(std::asin(x))
      case Op::Acos: CARVALLO_RUN(std::acos(x))
      case Op::Atan: CARVALLO_RUN(std::atan(x))
      case Op::Atan2: CARVALLO_RUN(std::atan2(x, y))
      case Op::Sinh: CARVALLO_RUN(std::sinh(x))
      case Op::Cosh: CARVALLO_RUN(std::cosh(x))
      case Op::Tanh: CARVALLO_RUN(std::tanh(x))
      case Op::Pow: CARVALLO_RUN(std::pow(x, y))
      case Op::Input:
      case Op::Constant: break;  // never instructions
    }
#undef CARVALLO_RUN
  }
  for (std::size_t k = 0; k < outputs_.size(); ++k) outputs[k] = v[outputs_[k]];
}

}  // namespace carvallo
