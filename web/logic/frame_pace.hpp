#pragma once
// The frame loop's pace (issue 31, a page left alone): every animation frame while anything moves, is
// computed or is touched; four frames a second once the page has shown the same picture and the same link,
// and computed nothing, for kQuietFrames frames in a row. The animation-frame loop alone keeps the
// browser's GPU process a quarter of a core busy even when nothing is drawn (docs/performance.md, "A paused
// page"); four frames a second still run the page's timers (the once-a-second picture, the live region's
// clearing) on time to a quarter of a second. Input and every JavaScript API call wake the loop at once
// (web/main.cpp, web/platform/pre.js).
//
// A third pace, catching up (issue 31, steady turns at once): while the page computes in slices and a
// picture costs the main thread more than kSlowDrawMs (a software renderer: 50-90 ms a picture under
// SwiftShader), frames run back to back rather than one per animation frame, and a changed picture is drawn
// at most every kCatchUpDrawPeriodMs, or at once when there is input. Otherwise the slices would wait for
// a slow picture each: the steady turns' 0.75 s of work took 3 s. With a GPU drawing is a few ms and the
// pace never catches up. Pure C++: tested natively in tests/web/frame_pace_test.cpp.

#include <cstdint>

namespace carvallo::web {

class FramePace {
 public:
  enum class Pace { Animation, Idle, CatchUp };
  /// Frames in a row that must show nothing new before the loop slows (half a second at 60 frames a second).
  static constexpr int kQuietFrames = 30;
  /// The slow loop's period (ms).
  static constexpr int kIdlePeriodMs = 250;
  /// A frame whose computations (FrameWork's parts) took longer than this (ms) is busy: a computation in
  /// slices goes on at full pace even when its picture does not change.
  static constexpr double kBusyComputeMs = 1.0;
  /// Drawing a picture is slow past this (ms of the main thread, smoothed over the pictures drawn).
  static constexpr double kSlowDrawMs = 20.0;
  /// While catching up, a changed picture waits at most this long (ms) to be drawn, or longer where
  /// drawing would otherwise take more than kCatchUpDrawShare of the time: a picture of 200 ms (SwiftShader
  /// at 1920x1080 on a slower machine) every 250 ms left the computation a slice between pictures, and the
  /// steady turns' 2 s of work took 16 s. A picture every 250 ms, drawing up to a third of the time, still
  /// had a new design's turns all shown after 1.3 s (median of 9) under SwiftShader on 2 cores; every
  /// 500 ms, up to a fifth, after 0.68 s (docs/performance.md, "Steady turns").
  static constexpr double kCatchUpDrawPeriodMs = 500.0;
  static constexpr double kCatchUpDrawShare = 1.0 / 5.0;
  /// Frames after the user's last act before the loop may catch up again.
  static constexpr int kInputFrames = 10;

  /// After each frame: a digest of its picture, a digest of the page's link, how long its computations ran
  /// (ms) and whether something must run every frame regardless (a video being recorded). Returns whether
  /// the loop should now run slowly. Never throws.
  /// `input`: the user acted in that frame. The loop then keeps to the animation frames for
  /// kInputFrames frames, rather than catch up: the browser hands a moving pointer, a touch or a wheel to
  /// the page at its animation frames, which a loop of posted tasks starves (a drag answered in 180 ms
  /// instead of 70).
  bool after_frame(std::uint64_t picture, std::uint64_t link, double compute_ms, bool must_run, bool input = false) noexcept;
  /// Input or an API call: the loop runs every animation frame again. Returns whether it was slow.
  bool wake() noexcept;
  bool slow() const noexcept { return slow_; }
  /// The pace after the last frame: Idle when slow(); CatchUp when that frame computed (more than
  /// kBusyComputeMs), drawing is slow and the user did not act in the last kInputFrames frames; else
  /// Animation.
  Pace pace() const noexcept;
  /// Whether a frame whose picture changed draws it, at page time `now_ms` (ms), its computations having
  /// taken `compute_ms` so far and `input` whether the user acted since the last frame: yes unless this
  /// frame computes while drawing is slow; then only catch_up_draw_period_ms() after the last picture, or on
  /// input.
  bool draw_changed(double now_ms, double compute_ms, bool input) const noexcept;
  /// While catching up, the least time between two pictures (ms): kCatchUpDrawPeriodMs, or the picture's
  /// cost (smoothed) over kCatchUpDrawShare when that is longer.
  double catch_up_draw_period_ms() const noexcept;
  /// Whether a frame at page time `now_ms` (ms) must build and draw its picture, or may only compute: only
  /// while catching up, with nothing acting on the page since the last frame that built one (`acted`: input
  /// or a changed link), nothing moving on its own (`moving`: a run playing, a video recorded) and the next
  /// picture not yet due (catch_up_draw_period_ms() after the last). Building the picture without drawing it
  /// (the panels, the parallel DOM, the scene: about 9 ms under SwiftShader) took two fifths of each frame
  /// of the steady turns' computation.
  bool compute_only(double now_ms, bool acted, bool moving) const noexcept;
  /// A picture was drawn at page time `now_ms` (ms), its GL calls taking `draw_ms` of the main thread.
  void drawn(double now_ms, double draw_ms) noexcept;

 private:
  std::uint64_t picture_ = 0, link_ = 0;
  int quiet_ = 0;
  int since_input_ = kInputFrames;
  bool slow_ = false, busy_ = false;
  double draw_ms_ = 0.0, drawn_at_ms_ = -1e300;
  bool drawing_slow() const noexcept { return draw_ms_ > kSlowDrawMs; }
};

}  // namespace carvallo::web
