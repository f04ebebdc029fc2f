#include "logic/frame_work.hpp"

#include <algorithm>

namespace carvallo::web {

void FrameWork::begin_frame(double page_ms, Clock::time_point now) {
  in_frame_ = true;
  deadline_ms_ = compute_deadline_ms();
  start_ = now;
  current_ = Frame{};
  current_.start_ms = page_ms;
}

double FrameWork::compute_ms() const noexcept {
  double ms = 0.0;
  if (in_frame_)
    for (const Part& p : current_.parts) ms += p.ms;
  return ms;
}

double FrameWork::budget_ms(double cap_ms, Clock::time_point now) const {
  if (!in_frame_) return cap_ms;
  const double left = deadline_ms_ - std::chrono::duration<double, std::milli>(now - start_).count();
  return std::max(0.0, std::min(cap_ms, left));
}

void FrameWork::add(std::string_view name, double ms) noexcept {
  if (!in_frame_) return;
  try {
    for (auto& p : current_.parts)
      if (p.name == name) {
        p.ms += ms;
        return;
      }
    current_.parts.push_back({std::string(name), ms});
  } catch (...) {
  }
}

double FrameWork::compute_deadline_ms() const noexcept {
  return std::clamp(kOwnWorkTargetMs - other_ms_, kInputComputeDeadlineMs, kComputeDeadlineMs);
}

void FrameWork::end_compute_only_frame(double update_ms) {
  const double kept = other_ms_;
  end_frame(update_ms, 0.0, 0.0);
  other_ms_ = kept;
}

void FrameWork::end_frame(double update_ms, double scene_ms, double gl_ms) {
  if (!in_frame_) return;
  // A measurement that cannot be trusted (NaN, negative, absurd) leaves the estimate as it was.
  const double other = update_ms + scene_ms - compute_ms();
  if (other >= 0.0 && other < 1e4) other_ms_ = std::max(other, 0.9 * other_ms_);
  in_frame_ = false;
  current_.update_ms = update_ms;
  current_.scene_ms = scene_ms;
  current_.gl_ms = gl_ms;
  frames_.push_back(std::move(current_));
  while (frames_.size() > kKept) frames_.pop_front();
}

}  // namespace carvallo::web
