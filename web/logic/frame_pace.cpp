#include "logic/frame_pace.hpp"

#include <algorithm>

namespace carvallo::web {

bool FramePace::after_frame(std::uint64_t picture, std::uint64_t link, double compute_ms, bool must_run, bool input) noexcept {
  since_input_ = input ? 0 : std::min(since_input_ + 1, kInputFrames);
  const bool same = picture == picture_ && link == link_;
  picture_ = picture;
  link_ = link;
  // NaN compute time counts as busy: nothing slows on a measurement it cannot trust.
  busy_ = !(compute_ms <= kBusyComputeMs);
  if (!same || must_run || busy_) quiet_ = 0;
  else if (quiet_ < kQuietFrames) ++quiet_;
  slow_ = quiet_ >= kQuietFrames;
  return slow_;
}

FramePace::Pace FramePace::pace() const noexcept {
  if (slow_) return Pace::Idle;
  return busy_ && drawing_slow() && since_input_ >= kInputFrames ? Pace::CatchUp : Pace::Animation;
}

bool FramePace::draw_changed(double now_ms, double compute_ms, bool input) const noexcept {
  if (input || compute_ms <= kBusyComputeMs || !drawing_slow()) return true;
  return !(now_ms - drawn_at_ms_ < catch_up_draw_period_ms());  // also a clock gone wrong (NaN): draw
}

bool FramePace::compute_only(double now_ms, bool acted, bool moving) const noexcept {
  if (pace() != Pace::CatchUp || acted || moving) return false;
  return now_ms - drawn_at_ms_ < catch_up_draw_period_ms();  // a clock gone wrong (NaN): build the picture
}

double FramePace::catch_up_draw_period_ms() const noexcept { return std::max(kCatchUpDrawPeriodMs, draw_ms_ / kCatchUpDrawShare); }

void FramePace::drawn(double now_ms, double draw_ms) noexcept {
  drawn_at_ms_ = now_ms;
  // A measurement that cannot be trusted (NaN, negative) leaves the estimate as it was.
  if (draw_ms >= 0.0 && draw_ms < 1e6) draw_ms_ = draw_ms_ > 0.0 ? 0.8 * draw_ms_ + 0.2 * draw_ms : draw_ms;
}

bool FramePace::wake() noexcept {
  const bool was = slow_;
  quiet_ = 0;
  slow_ = false;
  return was;
}

}  // namespace carvallo::web
