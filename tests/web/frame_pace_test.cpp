// The frame loop's pace (web/logic/frame_pace.hpp): it slows only after kQuietFrames frames in a row with
// the same picture, the same link and no computation; any change, a computation, a video or a wake-up
// brings it back to every animation frame at once.
#include "logic/frame_pace.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using carvallo::web::FramePace;

namespace {

// Runs `n` frames showing `picture` and `link`; returns whether the loop was slow after the last.
bool frames(FramePace& pace, int n, std::uint64_t picture, std::uint64_t link = 7, double compute_ms = 0.0, bool must_run = false) {
  bool slow = false;
  for (int i = 0; i < n; ++i) slow = pace.after_frame(picture, link, compute_ms, must_run);
  return slow;
}

}  // namespace

TEST_CASE("the loop slows after kQuietFrames unchanged frames, not one frame earlier", "[frame_pace]") {
  FramePace pace;
  // The first frame is new (nothing shown before); the next kQuietFrames - 1 unchanged ones are not enough.
  CHECK_FALSE(frames(pace, FramePace::kQuietFrames, 1));
  CHECK(pace.after_frame(1, 7, 0.0, false));
  CHECK(pace.slow());
  CHECK(frames(pace, 100, 1));  // and stays slow while nothing changes
}

TEST_CASE("a new picture, a new link, a computation or a video keeps or brings back the full pace", "[frame_pace]") {
  FramePace pace;
  REQUIRE(frames(pace, FramePace::kQuietFrames + 1, 1));
  SECTION("a new picture") { CHECK_FALSE(pace.after_frame(2, 7, 0.0, false)); }
  SECTION("a new link") { CHECK_FALSE(pace.after_frame(1, 8, 0.0, false)); }
  SECTION("a computation in slices, its picture unchanged") {
    CHECK_FALSE(pace.after_frame(1, 7, 2 * FramePace::kBusyComputeMs, false));
    // and then kQuietFrames quiet frames in a row slow it again
    CHECK_FALSE(frames(pace, FramePace::kQuietFrames - 1, 1));
    CHECK(pace.after_frame(1, 7, 0.0, false));
  }
  SECTION("a computation time that cannot be trusted") { CHECK_FALSE(pace.after_frame(1, 7, std::nan(""), false)); }
  SECTION("a video being recorded") { CHECK_FALSE(pace.after_frame(1, 7, 0.0, true)); }
  SECTION("a picture that changes every frame never slows") {
    for (std::uint64_t p = 10; p < 200; ++p) CHECK_FALSE(pace.after_frame(p, 7, 0.0, false));
  }
}

TEST_CASE("a wake-up (input, an API call) brings the full pace back and says whether it was slow", "[frame_pace]") {
  FramePace pace;
  CHECK_FALSE(pace.wake());
  REQUIRE(frames(pace, FramePace::kQuietFrames + 1, 1));
  CHECK(pace.wake());
  CHECK_FALSE(pace.slow());
  CHECK_FALSE(pace.wake());
  // Woken, the unchanged picture must be shown kQuietFrames times more before the loop slows again.
  CHECK_FALSE(frames(pace, FramePace::kQuietFrames - 1, 1));
  CHECK(pace.after_frame(1, 7, 0.0, false));
}

TEST_CASE("catching up: a computing page whose pictures are slow runs frames back to back and draws every 500 ms or on input",
          "[frame_pace]") {
  FramePace pace;
  const double busy = 2 * FramePace::kBusyComputeMs;
  // Nothing drawn yet: drawing is not known to be slow, so every changed picture is drawn.
  CHECK(pace.draw_changed(0.0, busy, false));
  pace.after_frame(1, 7, busy, false);
  CHECK(pace.pace() == FramePace::Pace::Animation);

  SECTION("a GPU's pictures (a few ms): never") {
    for (int i = 0; i < 20; ++i) pace.drawn(16.0 * i, 3.0);
    CHECK(pace.draw_changed(330.0, busy, false));
    pace.after_frame(2, 7, busy, false);
    CHECK(pace.pace() == FramePace::Pace::Animation);
  }
  SECTION("pictures of 200 ms: at most a fifth of the time drawing") {
    for (int i = 0; i < 40; ++i) pace.drawn(1000.0, 200.0);  // the smoothed cost settles at 200 ms
    pace.after_frame(2, 7, busy, false);
    CHECK(pace.pace() == FramePace::Pace::CatchUp);
    CHECK(pace.catch_up_draw_period_ms() == Approx(1000.0));
    CHECK_FALSE(pace.draw_changed(1000.0 + FramePace::kCatchUpDrawPeriodMs, busy, false));
    CHECK_FALSE(pace.draw_changed(1999.0, busy, false));
    CHECK(pace.draw_changed(2001.0, busy, false));
    CHECK(pace.draw_changed(1040.0, busy, true));  // input: at once
  }
  SECTION("a software renderer's pictures (80 ms)") {
    pace.drawn(1000.0, 80.0);
    pace.after_frame(2, 7, busy, false);
    CHECK(pace.pace() == FramePace::Pace::CatchUp);
    CHECK_FALSE(pace.draw_changed(1040.0, busy, false));
    CHECK_FALSE(pace.draw_changed(1000.0 + FramePace::kCatchUpDrawPeriodMs - 1.0, busy, false));
    CHECK(pace.draw_changed(1000.0 + FramePace::kCatchUpDrawPeriodMs, busy, false));
    CHECK(pace.draw_changed(1040.0, busy, true));  // input: at once
    CHECK(pace.draw_changed(1040.0, 0.0, false));  // the computation over: its result at once
    CHECK(pace.draw_changed(std::nan(""), busy, false));
    CHECK(pace.catch_up_draw_period_ms() == FramePace::kCatchUpDrawPeriodMs);
    // The user acts: every animation frame (the browser's moment for a moving pointer) for kInputFrames.
    pace.after_frame(2, 7, busy, false, true);
    CHECK(pace.pace() == FramePace::Pace::Animation);
    for (int i = 1; i < FramePace::kInputFrames; ++i) {
      pace.after_frame(2, 7, busy, false);
      CHECK(pace.pace() == FramePace::Pace::Animation);
    }
    pace.after_frame(2, 7, busy, false);
    CHECK(pace.pace() == FramePace::Pace::CatchUp);
    // The computation ends: every animation frame again.
    pace.after_frame(3, 7, 0.0, false);
    CHECK(pace.pace() == FramePace::Pace::Animation);
    // Left alone, the loop slows as before.
    frames(pace, FramePace::kQuietFrames + 1, 3);
    CHECK(pace.pace() == FramePace::Pace::Idle);
    // A measurement that cannot be trusted changes nothing.
    pace.drawn(2000.0, std::nan(""));
    pace.wake();
    pace.after_frame(4, 7, busy, false);
    CHECK(pace.pace() == FramePace::Pace::CatchUp);
  }
}

TEST_CASE("catching up: a frame only computes while nothing acts, nothing moves and no picture is due", "[frame_pace]") {
  FramePace pace;
  const double busy = 2 * FramePace::kBusyComputeMs;
  pace.drawn(1000.0, 80.0);  // a software renderer's picture
  // Not catching up yet (the first busy frame): every frame builds its picture.
  CHECK_FALSE(pace.compute_only(1040.0, false, false));
  pace.after_frame(2, 7, busy, false);
  REQUIRE(pace.pace() == FramePace::Pace::CatchUp);
  CHECK(pace.compute_only(1040.0, false, false));
  CHECK_FALSE(pace.compute_only(1040.0, true, false));   // input, or a changed link
  CHECK_FALSE(pace.compute_only(1040.0, false, true));   // a run playing, a video, another computation
  CHECK(pace.compute_only(1000.0 + FramePace::kCatchUpDrawPeriodMs - 1.0, false, false));
  CHECK_FALSE(pace.compute_only(1000.0 + FramePace::kCatchUpDrawPeriodMs, false, false));  // the next picture is due
  CHECK_FALSE(pace.compute_only(std::nan(""), false, false));
  // The computation over: a frame that computed nothing ends catching up, and the result is drawn.
  pace.after_frame(2, 7, 0.0, false);
  CHECK_FALSE(pace.compute_only(1040.0, false, false));
  // A GPU's pictures (a few ms) never catch up.
  FramePace gpu;
  gpu.drawn(1000.0, 3.0);
  gpu.after_frame(2, 7, busy, false);
  CHECK_FALSE(gpu.compute_only(1010.0, false, false));
}
