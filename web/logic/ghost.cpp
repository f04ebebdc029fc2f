#include "logic/ghost.hpp"

#include "bicycle/canonical.hpp"

#include <cstring>

namespace carvallo::web {
namespace {
bool same(const bicycle::Parameters& a, const bicycle::Parameters& b) {
  for (const auto& d : bicycle::kParameterTable)
    if (std::memcmp(&(a.*(d.member)), &(b.*(d.member)), sizeof(double)) != 0) return false;
  return true;
}
}  // namespace

const EigenSweep* GhostAnalysis::sweep(const std::optional<bicycle::Parameters>& ghost, double vmin, double vmax) {
  if (!ghost) return nullptr;
  if (!bike_ || !same(*bike_, *ghost) || vmin != vmin_ || vmax != vmax_) {
    bike_ = ghost;
    vmin_ = vmin;
    vmax_ = vmax;
    sweep_.reset();
    ++computations_;
    auto built = bicycle::make_canonical_model(*ghost);
    if (built.model) sweep_ = sweep_bicycle(*built.model, vmin, vmax);
  }
  return sweep_ && sweep_->error.empty() ? &*sweep_ : nullptr;
}

}  // namespace carvallo::web
