#pragma once
// The main thread's time in each frame (issue 31: nothing holds the page for more than 50 ms). The page's
// own computations (the steady-turn families, the design map, ...) share one deadline per frame instead of
// each taking its own budget, and every frame's time is recorded by part (the last few hundred frames), so
// the browser tests can tell the page's work from the browser's drawing (docs/performance.md, "The longest
// task"). Pure C++ (no ImGui, no Emscripten): tested natively in tests/web/frame_work_test.cpp.

#include <chrono>
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

class FrameWork {
 public:
  using Clock = std::chrono::steady_clock;

  /// How long after a frame's start its computations may go on (ms). What comes after them in the frame
  /// (the rest of the panels, the scene's mesh, a few ms) and the one unit of work that may overrun a
  /// slice (a steady turn's eigenvalues, about 5 ms in the browser) then keep the frame's own work near
  /// 30 ms, so that a machine running more than it has cores for (CI's, which stretched frames of 45 ms
  /// to 55 ms) still stays under 50 ms (issue 31).
  static constexpr double kComputeDeadlineMs = 20.0;
  /// The frame's own work aimed at (ms): on a slower machine, where the frame's other work (input, the
  /// panels, the scene) takes more than the 10 ms kComputeDeadlineMs leaves it, the deadline comes that
  /// much sooner (compute_deadline_ms()), down to kInputComputeDeadlineMs: 16 ms of other work (a machine
  /// half as fast as the one the deadline was set on) gives the computations until 14 ms.
  static constexpr double kOwnWorkTargetMs = 30.0;
  /// The same for a frame in which the user acts (yield_to_input): a drag of the view or a held key then
  /// gets a picture about as often as with nothing computing, the computation going on more slowly.
  static constexpr double kInputComputeDeadlineMs = 8.0;
  /// Frames kept in frames().
  static constexpr std::size_t kKept = 600;

  struct Part {
    std::string name;
    double ms = 0;
  };
  struct Frame {
    double start_ms = 0;   ///< page time at the frame's start (the browser's performance.now(), ms)
    double update_ms = 0;  ///< input, simulation, computations, building the panels
    double scene_ms = 0;   ///< the 3D scene's mesh and the picture's digest
    double gl_ms = 0;      ///< the GL calls that draw the picture (0 when it is unchanged): the browser's WebGL
    std::vector<Part> parts;  ///< the computations of the frame by name (ms), within update_ms
  };

  /// A frame begins at page time `page_ms` (ms), `now` on the steady clock. Never throws.
  void begin_frame(double page_ms, Clock::time_point now = Clock::now());
  /// The user acts in this frame: its computations end kInputComputeDeadlineMs after its start.
  void yield_to_input() noexcept { deadline_ms_ = kInputComputeDeadlineMs; }
  /// How long a computation may run now (ms): `cap_ms`, or less so that the frame's computations end
  /// kComputeDeadlineMs (kInputComputeDeadlineMs) after its start; 0 once that is past (a job then does its
  /// least unit of work).
  /// Outside a frame (a JavaScript API call between frames): `cap_ms`. Never throws.
  double budget_ms(double cap_ms, Clock::time_point now = Clock::now()) const;
  /// Adds `ms` of work named `name` to the frame (a name given twice adds up); nothing outside a frame.
  /// Never throws (out of memory, the part is not recorded).
  void add(std::string_view name, double ms) noexcept;
  /// The frame ends; its record goes to frames(), the oldest dropped past kKept. `update_ms` and
  /// `scene_ms` less the frame's computations are its other work, which sets the next frames' deadline.
  void end_frame(double update_ms, double scene_ms, double gl_ms);
  /// A frame that only computed ends (web/main.cpp, FramePace::compute_only): recorded like the others, it
  /// leaves the estimate of the frames' other work as it was, which is what the next frame that builds its
  /// picture will have again (decayed by many such frames, it gave that frame the whole deadline: 59 ms of
  /// own work after a design change).
  void end_compute_only_frame(double update_ms);
  /// The deadline of the next frame's computations (ms after its start): kComputeDeadlineMs, or sooner by
  /// what the frames' other work (its recent peak, decaying by a tenth a frame) takes beyond
  /// kOwnWorkTargetMs - kComputeDeadlineMs; never sooner than kInputComputeDeadlineMs. Never throws.
  double compute_deadline_ms() const noexcept;
  bool in_frame() const { return in_frame_; }
  /// The current frame's computations so far (ms; 0 outside a frame). Never throws.
  double compute_ms() const noexcept;
  /// The frames recorded, oldest first.
  const std::deque<Frame>& frames() const { return frames_; }

 private:
  bool in_frame_ = false;
  double other_ms_ = 0.0;  ///< the frames' other work, its recent peak
  double deadline_ms_ = kComputeDeadlineMs;
  Clock::time_point start_{};
  Frame current_;
  std::deque<Frame> frames_;
};

/// Adds the wall time from its construction to its destruction to `work` under `name`.
class ScopedWork {
 public:
  ScopedWork(FrameWork& work, std::string_view name) : work_(work), name_(name), start_(FrameWork::Clock::now()) {}
  ~ScopedWork() { work_.add(name_, std::chrono::duration<double, std::milli>(FrameWork::Clock::now() - start_).count()); }
  ScopedWork(const ScopedWork&) = delete;
  ScopedWork& operator=(const ScopedWork&) = delete;

 private:
  FrameWork& work_;
  std::string_view name_;
  FrameWork::Clock::time_point start_;
};

}  // namespace carvallo::web
