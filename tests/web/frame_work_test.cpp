// The frame's deadline for the page's computations and the record of each frame's time by part
// (web/logic/frame_work.hpp): a computation gets its own cap while the frame is young, less as the deadline
// nears, nothing past it; outside a frame (a JavaScript API call) its cap; parts named twice add up; the
// record keeps the last kKept frames, oldest first. Times are given explicitly, so nothing depends on how
// fast the machine runs the test.
#include "logic/frame_work.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using carvallo::web::FrameWork;

namespace {

FrameWork::Clock::time_point at_ms(FrameWork::Clock::time_point t0, double ms) {
  return t0 + std::chrono::duration_cast<FrameWork::Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}

}  // namespace

TEST_CASE("a computation gets its cap, then what is left before the frame's deadline, then nothing", "[frame_work]") {
  FrameWork work;
  const auto t0 = FrameWork::Clock::time_point{} + std::chrono::seconds(100);
  work.begin_frame(1234.5, t0);
  REQUIRE(work.in_frame());
  CHECK(work.budget_ms(10.0, t0) == 10.0);
  CHECK(work.budget_ms(10.0, at_ms(t0, 5.0)) == 10.0);
  // A 40 ms cap (the steady turns under slow frames) is cut to the deadline, 20 ms after the frame began.
  CHECK(work.budget_ms(40.0, at_ms(t0, 5.0)) == Approx(FrameWork::kComputeDeadlineMs - 5.0).margin(1e-6));
  CHECK(work.budget_ms(25.0, at_ms(t0, FrameWork::kComputeDeadlineMs - 1.0)) == Approx(1.0).margin(1e-6));
  CHECK(work.budget_ms(25.0, at_ms(t0, FrameWork::kComputeDeadlineMs)) == Approx(0.0).margin(1e-6));
  CHECK(work.budget_ms(25.0, at_ms(t0, 45.0)) == 0.0);
  CHECK(work.budget_ms(0.0, at_ms(t0, 1.0)) == 0.0);
  work.end_frame(12.0, 1.0, 3.0);
  CHECK_FALSE(work.in_frame());
  // Between frames (window.carvallo's calls advance a job by its own cap).
  CHECK(work.budget_ms(25.0, at_ms(t0, 45.0)) == 25.0);
}

TEST_CASE("a frame in which the user acts ends its computations sooner; the next frame has the full deadline", "[frame_work]") {
  FrameWork work;
  const auto t0 = FrameWork::Clock::time_point{} + std::chrono::seconds(100);
  work.begin_frame(0.0, t0);
  work.yield_to_input();
  CHECK(work.budget_ms(25.0, at_ms(t0, 2.0)) == Approx(FrameWork::kInputComputeDeadlineMs - 2.0).margin(1e-6));
  CHECK(work.budget_ms(25.0, at_ms(t0, FrameWork::kInputComputeDeadlineMs + 1.0)) == 0.0);
  work.end_frame(1.0, 1.0, 1.0);
  work.begin_frame(50.0, at_ms(t0, 50.0));
  CHECK(work.budget_ms(10.0, at_ms(t0, 52.0)) == 10.0);
}

TEST_CASE("on a slower machine the computations' deadline comes as much sooner as the frame's other work grows", "[frame_work]") {
  FrameWork work;
  const auto t0 = FrameWork::Clock::time_point{} + std::chrono::seconds(100);
  auto frame = [&](double other_ms, double compute_ms) {
    work.begin_frame(0.0, t0);
    work.add("turns", compute_ms);
    work.end_frame(other_ms + compute_ms - 2.0, 2.0, 100.0);
  };
  CHECK(work.compute_deadline_ms() == FrameWork::kComputeDeadlineMs);
  frame(8.0, 18.0);  // a fast machine's frame: the full deadline
  CHECK(work.compute_deadline_ms() == FrameWork::kComputeDeadlineMs);
  frame(16.0, 18.0);  // other work of 16 ms: computations until 14 ms, 30 ms in all
  CHECK(work.compute_deadline_ms() == Approx(FrameWork::kOwnWorkTargetMs - 16.0));
  work.begin_frame(0.0, t0);
  CHECK(work.budget_ms(40.0, at_ms(t0, 5.0)) == Approx(9.0).margin(1e-6));
  work.end_frame(20.0, 2.0, 0.0);
  frame(500.0, 0.0);  // never sooner than a frame with input's
  CHECK(work.compute_deadline_ms() == FrameWork::kInputComputeDeadlineMs);
  // The peak decays: back to the full deadline once the other work is small again.
  for (int i = 0; i < 100; ++i) frame(10.0, 5.0);
  CHECK(work.compute_deadline_ms() == FrameWork::kComputeDeadlineMs);
  // What cannot be trusted changes nothing.
  frame(20.0, 0.0);
  const double kept = work.compute_deadline_ms();
  work.begin_frame(0.0, t0);
  work.end_frame(std::nan(""), 1.0, 0.0);
  CHECK(work.compute_deadline_ms() == kept);
}

TEST_CASE("each frame's time is recorded by part, the last kKept frames, oldest first", "[frame_work]") {
  FrameWork work;
  const auto t0 = FrameWork::Clock::now();
  work.add("turns", 5.0);  // outside a frame: not recorded
  work.begin_frame(100.0, t0);
  work.add("map", 2.5);
  work.add("turns", 10.0);
  work.add("map", 1.5);
  work.end_frame(20.0, 0.5, 150.0);
  REQUIRE(work.frames().size() == 1);
  const auto& f = work.frames().front();
  CHECK(f.start_ms == 100.0);
  CHECK(f.update_ms == 20.0);
  CHECK(f.scene_ms == 0.5);
  CHECK(f.gl_ms == 150.0);
  REQUIRE(f.parts.size() == 2);
  CHECK(f.parts[0].name == "map");
  CHECK(f.parts[0].ms == 4.0);
  CHECK(f.parts[1].name == "turns");
  CHECK(f.parts[1].ms == 10.0);
  {
    // A scope timed into the next frame.
    work.begin_frame(200.0, t0);
    { const carvallo::web::ScopedWork timed(work, "analysis"); }
    work.end_frame(1.0, 0.0, 0.0);
    REQUIRE(work.frames().back().parts.size() == 1);
    CHECK(work.frames().back().parts[0].name == "analysis");
    CHECK(work.frames().back().parts[0].ms >= 0.0);
  }
  work.end_frame(1.0, 0.0, 0.0);  // no frame begun: nothing recorded
  CHECK(work.frames().size() == 2);
  for (std::size_t k = 0; k < FrameWork::kKept + 5; ++k) {
    work.begin_frame(1000.0 + static_cast<double>(k), t0);
    work.end_frame(1.0, 0.0, 0.0);
  }
  REQUIRE(work.frames().size() == FrameWork::kKept);
  CHECK(work.frames().front().start_ms == 1005.0);
  CHECK(work.frames().back().start_ms == 1000.0 + static_cast<double>(FrameWork::kKept + 4));
  CHECK(work.frames().back().parts.empty());
}

TEST_CASE("a frame that only computes is recorded and leaves the estimate of the other work as it was", "[frame_work]") {
  FrameWork work;
  const auto t0 = FrameWork::Clock::time_point{} + std::chrono::seconds(100);
  work.begin_frame(0.0, t0);
  work.add("turns", 5.0);
  work.end_frame(21.0, 2.0, 100.0);  // 18 ms of other work: computations until 12 ms
  const double deadline = work.compute_deadline_ms();
  CHECK(deadline == Approx(FrameWork::kOwnWorkTargetMs - 18.0));
  for (int i = 0; i < 50; ++i) {
    work.begin_frame(0.0, t0);
    work.add("turns", 19.0);
    work.end_compute_only_frame(19.0);
  }
  CHECK(work.compute_deadline_ms() == deadline);
  REQUIRE(!work.frames().empty());
  CHECK(work.frames().back().update_ms == 19.0);
  CHECK(work.frames().back().parts.size() == 1);
}
