#pragma once
// The frame loop's pace (issue 31, a page left alone): every animation frame while anything moves, is
// computed or is touched; four frames a second once the page has shown the same picture and the same link,
// and computed nothing, for kQuietFrames frames in a row. The animation-frame loop alone keeps the
// browser's GPU process a quarter of a core busy even when nothing is drawn (docs/performance.md, "A paused
// page"); four frames a second still run the page's timers (the once-a-second picture, the live region's
// clearing) on time to a quarter of a second. Input and every JavaScript API call wake the loop at once
// (web/main.cpp, web/platform/pre.js). Pure C++: tested natively in tests/web/frame_pace_test.cpp.

#include <cstdint>

namespace carvallo::web {

class FramePace {
 public:
  /// Frames in a row that must show nothing new before the loop slows (half a second at 60 frames a second).
  static constexpr int kQuietFrames = 30;
  /// The slow loop's period (ms).
  static constexpr int kIdlePeriodMs = 250;
  /// A frame whose computations (FrameWork's parts) took longer than this (ms) is busy: a computation in
  /// slices goes on at full pace even when its picture does not change.
  static constexpr double kBusyComputeMs = 1.0;

  /// After each frame: a digest of its picture, a digest of the page's link, how long its computations ran
  /// (ms) and whether something must run every frame regardless (a video being recorded). Returns whether
  /// the loop should now run slowly. Never throws.
  bool after_frame(std::uint64_t picture, std::uint64_t link, double compute_ms, bool must_run) noexcept;
  /// Input or an API call: the loop runs every animation frame again. Returns whether it was slow.
  bool wake() noexcept;
  bool slow() const noexcept { return slow_; }

 private:
  std::uint64_t picture_ = 0, link_ = 0;
  int quiet_ = 0;
  bool slow_ = false;
};

}  // namespace carvallo::web
