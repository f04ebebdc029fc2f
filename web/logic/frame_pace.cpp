#include "logic/frame_pace.hpp"

namespace carvallo::web {

bool FramePace::after_frame(std::uint64_t picture, std::uint64_t link, double compute_ms, bool must_run) noexcept {
  const bool same = picture == picture_ && link == link_;
  picture_ = picture;
  link_ = link;
  // NaN compute time counts as busy: nothing slows on a measurement it cannot trust.
  if (!same || must_run || !(compute_ms <= kBusyComputeMs)) quiet_ = 0;
  else if (quiet_ < kQuietFrames) ++quiet_;
  slow_ = quiet_ >= kQuietFrames;
  return slow_;
}

bool FramePace::wake() noexcept {
  const bool was = slow_;
  quiet_ = 0;
  slow_ = false;
  return was;
}

}  // namespace carvallo::web
