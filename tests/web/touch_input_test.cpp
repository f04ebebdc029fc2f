// Touch turned into the pointer and gestures (web/logic/touch_input.hpp): a tap is a press then a release at
// the tap's own position, in two frames; a vertical swipe on a panel scrolls and presses nothing; other
// motion drags from where the finger landed; a held finger presses; two fingers pinch and pan.
#include "logic/touch_input.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using carvallo::web::TouchInput;

namespace {
TouchInput with_panel_left_of(float x_edge) {
  TouchInput t;
  t.set_scroll_area([x_edge](float x, float) { return x < x_edge; });
  return t;
}
}  // namespace

TEST_CASE("a tap is seen as press then release where it landed, even within one frame", "[web][touch]") {
  TouchInput t;
  CHECK_FALSE(t.next_frame(0.0));  // untouched: the mouse drives the pointer
  t.on_event(TouchInput::start, 1, 100, 200, 0, 0, 0, 0, 0.0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 101, 201, 0.05);
  auto f = t.next_frame(0.06);
  REQUIRE(f);
  CHECK((f->visible && f->down && f->x == 100 && f->y == 200));
  f = t.next_frame(0.07);
  CHECK((f->visible && !f->down && f->x == 101 && f->y == 201));
  f = t.next_frame(0.08);
  CHECK_FALSE(f->visible);  // no hover left behind
  // The next tap acts at its own position, not the previous one's.
  t.on_event(TouchInput::start, 1, 300, 50, 0, 0, 0, 0, 1.0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 300, 50, 1.05);
  f = t.next_frame(1.1);
  CHECK((f->down && f->x == 300 && f->y == 50));
}

TEST_CASE("a vertical swipe on a panel scrolls and presses nothing; elsewhere or sideways it drags", "[web][touch]") {
  TouchInput t = with_panel_left_of(200);
  t.on_event(TouchInput::start, 1, 50, 500, 0, 0, 0, 0, 0.0);
  t.on_event(TouchInput::move, 1, 52, 460, 0, 0, 0, 0, 0.02);
  t.on_event(TouchInput::move, 1, 53, 400, 0, 0, 0, 0, 0.04);
  auto f = t.next_frame(0.05);
  CHECK((f->visible && !f->down));  // over the panel for the wheel, nothing pressed (a slider stays put)
  CHECK(t.take_scroll_y() == -100);
  CHECK(t.take_scroll_y() == 0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 53, 400, 0.1);
  CHECK_FALSE(t.next_frame(0.2)->down);
  // The same swipe over the 3D view drags (orbit), pressing where the finger landed.
  t.on_event(TouchInput::start, 1, 300, 500, 0, 0, 0, 0, 1.0);
  t.on_event(TouchInput::move, 1, 300, 450, 0, 0, 0, 0, 1.02);
  f = t.next_frame(1.03);
  CHECK((f->down && f->x == 300 && f->y == 500));
  f = t.next_frame(1.04);
  CHECK((f->down && f->y == 450));
  CHECK(t.take_scroll_y() == 0);
  // Sideways on a panel drags too (a slider or a value).
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 300, 450, 1.1);
  t.next_frame(1.2);
  t.next_frame(1.3);
  t.on_event(TouchInput::start, 1, 50, 500, 0, 0, 0, 0, 2.0);
  t.on_event(TouchInput::move, 1, 80, 502, 0, 0, 0, 0, 2.02);
  CHECK(t.next_frame(2.03)->down);
}

TEST_CASE("a finger held still presses; two fingers pinch without pressing", "[web][touch]") {
  TouchInput t;
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0, 0.0);
  CHECK_FALSE(t.next_frame(0.1)->down);
  CHECK(t.next_frame(0.1 + TouchInput::kHoldSeconds)->down);
  t.on_event(TouchInput::start, 2, 100, 100, 200, 100, 0, 0, 0.5);  // a second finger cancels the press
  t.on_event(TouchInput::move, 2, 50, 100, 250, 100, 0, 0, 0.55);  // fingers 100 -> 200 apart
  const auto f = t.next_frame(0.6);
  CHECK((!f->down && !f->visible));  // cancelled, not a click
  const auto g = t.take_gesture();
  CHECK(g.active);
  CHECK(g.zoom == Approx(0.5).epsilon(1e-12));  // fingers apart: come closer
  CHECK(g.pan_x == 0);
  t.on_event(TouchInput::end, 1, 250, 100, 0, 0, 50, 100, 0.7);
  t.on_event(TouchInput::move, 1, 260, 100, 0, 0, 0, 0, 0.8);
  CHECK_FALSE(t.next_frame(1.5)->down);  // one finger left of a pinch neither drags nor presses when held
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 260, 100, 1.6);
  CHECK_FALSE(t.take_gesture().active);
}

TEST_CASE("a press is a long press from a finger held still until the next finger lands; a tap's or a drag's is not", "[web][touch]") {
  TouchInput t;
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0, 0.0);
  CHECK_FALSE(t.next_frame(0.1)->down);
  CHECK_FALSE(t.long_press());
  CHECK(t.next_frame(TouchInput::kHoldSeconds)->down);
  CHECK(t.long_press());
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 100, 100, 0.9);
  CHECK_FALSE(t.next_frame(1.0)->down);  // the release: still the long press's
  CHECK(t.long_press());
  // A tap next: pressed and released, no long press.
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0, 2.0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 100, 100, 2.05);
  CHECK(t.next_frame(2.06)->down);
  CHECK_FALSE(t.long_press());
  CHECK_FALSE(t.next_frame(2.07)->down);
  // A drag: pressed by the motion, before the hold's time.
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0, 3.0);
  t.on_event(TouchInput::move, 1, 140, 100, 0, 0, 0, 0, 3.1);
  CHECK(t.next_frame(3.2)->down);
  CHECK(t.next_frame(3.0 + 2 * TouchInput::kHoldSeconds)->down);
  CHECK_FALSE(t.long_press());
  // A real mouse after a long press: its presses are not long presses.
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 140, 100, 4.0);
  CHECK_FALSE(t.next_frame(4.1)->down);
  t.on_event(TouchInput::start, 1, 100, 100, 0, 0, 0, 0, 5.0);
  CHECK(t.next_frame(5.0 + TouchInput::kHoldSeconds)->down);
  t.mouse_moved();
  CHECK_FALSE(t.long_press());
}

TEST_CASE("non-finite input is ignored; a real mouse takes over", "[web][touch]") {
  TouchInput t;
  t.on_event(TouchInput::start, 1, std::nanf(""), 400, 0, 0, 0, 0, 0.0);
  CHECK_FALSE(t.next_frame(0.0));
  t.on_event(TouchInput::start, 1, 10, 400, 0, 0, 0, 0, 0.0);
  CHECK(t.next_frame(0.01));
  t.mouse_moved();
  CHECK_FALSE(t.next_frame(0.02));
}

namespace {
// Two hold buttons in a bar at the bottom: 0 at x in [0, 100), 1 at [100, 200), y in [700, 800].
TouchInput with_hold_buttons() {
  TouchInput t;
  t.set_hold_area([](float x, float y) { return y >= 700 && y <= 800 && x >= 0 && x < 200 ? static_cast<int>(x / 100) : -1; });
  return t;
}
}  // namespace

TEST_CASE("a finger on a hold button holds it at once, without the mouse; a second finger holds a second button", "[web][touch]") {
  TouchInput t = with_hold_buttons();
  t.on_event(TouchInput::start, 1, 50, 750, 0, 0, 0, 0, 0.0);
  CHECK(t.take_held() == 0b01u);             // held from the first frame, no 0.5 s long-press wait
  CHECK_FALSE(t.next_frame(0.01)->down);     // the mouse is not pressed by it
  // A second finger on the other button: both held, no pinch.
  t.on_event(TouchInput::start, 2, 52, 751, 150, 760, 0, 0, 0.1);
  CHECK(t.take_held() == 0b11u);
  t.on_event(TouchInput::move, 2, 58, 749, 140, 770, 0, 0, 0.2);  // thumbs wobble: still the same two
  CHECK(t.take_held() == 0b11u);
  CHECK_FALSE(t.take_gesture().active);
  // The first finger lifts: the browser's list now starts with the second one.
  t.on_event(TouchInput::end, 1, 140, 770, 0, 0, 58, 749, 0.3);
  CHECK(t.take_held() == 0b11u);  // the first was held during this frame's interval
  CHECK(t.take_held() == 0b10u);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 140, 770, 0.4);
  CHECK(t.take_held() == 0b10u);
  CHECK(t.take_held() == 0u);
  CHECK_FALSE(t.next_frame(0.41)->down);  // no tap was made of it
}

TEST_CASE("a hold finger slid off its button releases it; a tap between frames holds for one frame", "[web][touch]") {
  TouchInput t = with_hold_buttons();
  t.on_event(TouchInput::start, 1, 150, 750, 0, 0, 0, 0, 0.0);
  t.on_event(TouchInput::move, 1, 150, 650, 0, 0, 0, 0, 0.1);  // off the bar
  CHECK(t.take_held() == 0b10u);  // it was held since the last frame
  CHECK(t.take_held() == 0u);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 150, 650, 0.2);
  // Landed and lifted between two frames.
  t.on_event(TouchInput::start, 1, 20, 720, 0, 0, 0, 0, 1.0);
  t.on_event(TouchInput::end, 0, 0, 0, 0, 0, 20, 720, 1.01);
  CHECK(t.take_held() == 0b01u);
  CHECK(t.take_held() == 0u);
}

TEST_CASE("a finger that lands off the buttons keeps orbiting across them; a hold finger does not break its drag", "[web][touch]") {
  TouchInput t = with_hold_buttons();
  t.on_event(TouchInput::start, 1, 300, 400, 0, 0, 0, 0, 0.0);
  t.on_event(TouchInput::move, 1, 150, 750, 0, 0, 0, 0, 0.1);  // drags over the bar
  CHECK(t.take_held() == 0u);
  auto f = t.next_frame(0.11);
  CHECK((f->down && f->x == 300 && f->y == 400));  // the drag's press, where it landed
  // A second finger on a button while dragging: the button is held and the drag goes on (no pinch).
  t.on_event(TouchInput::start, 2, 160, 740, 50, 750, 0, 0, 0.2);
  CHECK(t.take_held() == 0b01u);
  f = t.next_frame(0.21);
  CHECK((f->down && f->x == 160 && f->y == 740));
  CHECK_FALSE(t.take_gesture().active);
}

TEST_CASE("hostile finger counts (the entry point is callable from any script) neither crash nor hold more than two", "[web][touch]") {
  TouchInput t = with_hold_buttons();
  t.on_event(TouchInput::start, -5, 10, 750, 0, 0, 0, 0, 0.0);
  CHECK(t.take_held() == 0u);  // no finger
  t.on_event(TouchInput::start, 1000, 10, 750, 150, 750, 0, 0, 0.1);
  CHECK(t.take_held() == 0b11u);  // the two used
  t.on_event(TouchInput::cancel, 2, 10, 750, 150, 750, 0, 0, 0.2);
  t.take_held();
  CHECK(t.take_held() == 0u);  // a cancel lifts every finger
}
