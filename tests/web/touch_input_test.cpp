// Touch turned into the pointer and gestures (web/touch_input.hpp): a tap is a press then a release at
// the tap's own position, in two frames; a second finger cancels the press and pinches; nothing is
// left hovering after a lift.
#include "touch_input.hpp"

#include <catch2/catch.hpp>

using carvallo::web::TouchInput;

TEST_CASE("a tap is seen as press then release where it landed, even within one frame", "[web][touch]") {
  TouchInput t;
  CHECK_FALSE(t.next_frame());  // untouched: the mouse drives the pointer
  t.on_event(TouchInput::start, 1, 100, 200, 0, 0, 0, 0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 101, 201);
  auto f = t.next_frame();
  REQUIRE(f);
  CHECK((f->visible && f->down && f->x == 100 && f->y == 200));
  f = t.next_frame();
  CHECK((f->visible && !f->down && f->x == 101 && f->y == 201));
  f = t.next_frame();
  CHECK_FALSE(f->visible);  // no hover left behind
  // The next tap acts at its own position, not the previous one's.
  t.on_event(TouchInput::start, 1, 300, 50, 0, 0, 0, 0);
  f = t.next_frame();
  CHECK((f->down && f->x == 300 && f->y == 50));
}

TEST_CASE("a second finger cancels the press and pinches; one finger left of a pinch does not press", "[web][touch]") {
  TouchInput t;
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0);
  t.on_event(TouchInput::start, 2, 100, 100, 200, 100, 0, 0);
  t.on_event(TouchInput::move, 2, 50, 100, 250, 100, 0, 0);  // fingers 100 -> 200 apart
  auto f = t.next_frame();
  CHECK(f->down);
  f = t.next_frame();
  CHECK((!f->down && !f->visible));  // cancelled, not a click
  const auto g = t.take_gesture();
  CHECK(g.active);
  CHECK(g.zoom == Approx(0.5).epsilon(1e-12));  // fingers apart: come closer
  CHECK(g.pan_x == 0);
  t.on_event(TouchInput::end, 1, 250, 100, 0, 0, 50, 100);
  t.on_event(TouchInput::move, 1, 260, 100, 0, 0, 0, 0);
  CHECK_FALSE(t.next_frame()->down);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 260, 100);
  CHECK_FALSE(t.take_gesture().active);
}

TEST_CASE("a one-finger drag reports its vertical motion; non-finite input is ignored; a real mouse takes over",
          "[web][touch]") {
  TouchInput t;
  t.on_event(TouchInput::start, 1, 10, 500, 0, 0, 0, 0);
  t.on_event(TouchInput::move, 1, 10, 440, 0, 0, 0, 0);
  t.on_event(TouchInput::move, 1, 10, 400, 0, 0, 0, 0);
  CHECK(t.take_drag_y() == -100);
  CHECK(t.take_drag_y() == 0);
  t.on_event(TouchInput::move, 1, std::nanf(""), 400, 0, 0, 0, 0);
  t.next_frame();
  const auto f = t.next_frame();
  CHECK((f->x == 10 && f->y == 400));
  t.mouse_moved();
  CHECK_FALSE(t.next_frame());
}
