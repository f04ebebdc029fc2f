#include "logic/touch_input.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

namespace {
constexpr std::size_t kMaxQueued = 256;  // a stalled frame loop must not grow the queue without bound
}

void TouchInput::push(Event e) {
  if (queue_.size() >= kMaxQueued) queue_.pop_front();
  queue_.push_back(e);
}

void TouchInput::on_event(int kind, int fingers, float x0, float y0, float x1, float y1, float lift_x, float lift_y,
                          double now) {
  if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1) || !std::isfinite(lift_x) ||
      !std::isfinite(lift_y) || !std::isfinite(now))
    return;
  engaged_ = true;
  // The fingers on hold buttons are taken out here: the mouse and the pinch see only the others.
  const float xs[2] = {x0, x1}, ys[2] = {y0, y1};
  track(kind == cancel ? 0 : std::clamp(fingers, 0, 2), xs, ys);
  held_since_ |= held_now();
  int free = 0;
  float fx[2] = {0, 0}, fy[2] = {0, 0};
  for (const auto& f : fingers_)
    if (!f.hold) fx[free] = f.x, fy[free] = f.y, ++free;
  fingers = free;
  x0 = fx[0], y0 = fy[0], x1 = fx[1], y1 = fy[1];
  if (fingers >= 2) {
    if (finger_ == Finger::dragging) push({Event::abort, x0, y0});
    finger_ = Finger::none;
    const double d = std::hypot(x1 - x0, y1 - y0), cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1);
    if (gesture_ && distance_ > 0 && d > 0) {
      pending_.zoom *= distance_ / d;
      pending_.pan_x += cx - cx_;
      pending_.pan_y += cy - cy_;
    }
    gesture_ = true;
    distance_ = d, cx_ = cx, cy_ = cy;
    return;
  }
  if (fingers == 1) {
    if (gesture_) return;  // one finger left of a pinch: wait until it is lifted
    if (finger_ == Finger::none) {
      if (kind != start) return;
      finger_ = Finger::undecided;
      long_press_ = false;
      start_x_ = last_x_ = x0, start_y_ = last_y_ = y0;
      start_time_ = now;
      return;
    }
    if (finger_ == Finger::undecided) {
      const float dx = x0 - start_x_, dy = y0 - start_y_;
      if (std::hypot(dx, dy) < kSlopPixels) return;
      if (std::abs(dy) > 1.5f * std::abs(dx) && scrollable_ && scrollable_(start_x_, start_y_)) {
        finger_ = Finger::scrolling;
        scroll_y_ += dy;
      } else {
        finger_ = Finger::dragging;
        push({Event::press, start_x_, start_y_});
        push({Event::motion, x0, y0});
      }
    } else if (finger_ == Finger::scrolling) {
      scroll_y_ += y0 - last_y_;
    } else {
      push({Event::motion, x0, y0});
    }
    last_x_ = x0, last_y_ = y0;
    return;
  }
  // No finger left.
  if (finger_ == Finger::undecided && kind != cancel) {  // a tap
    push({Event::press, start_x_, start_y_});
    push({Event::release, lift_x, lift_y});
  } else if (finger_ == Finger::dragging) {
    push({kind == cancel ? Event::abort : Event::release, lift_x, lift_y});
  }
  finger_ = Finger::none;
  gesture_ = false;
  distance_ = 0;
}

void TouchInput::track(int fingers, const float* xs, const float* ys) {
  // Pair the old fingers with the new positions, nearest pairs first; a position left over is a finger
  // that just landed, an old finger left over one that was lifted.
  std::vector<bool> taken_old(fingers_.size(), false), taken_new(static_cast<std::size_t>(fingers), false);
  std::vector<Tracked> placed(static_cast<std::size_t>(fingers), Tracked{0, 0, false});
  for (std::size_t pairs = std::min(fingers_.size(), static_cast<std::size_t>(fingers)); pairs > 0; --pairs) {
    float best = INFINITY;
    std::size_t bo = 0, bn = 0;
    for (std::size_t o = 0; o < fingers_.size(); ++o)
      for (std::size_t n = 0; n < static_cast<std::size_t>(fingers); ++n)
        if (!taken_old[o] && !taken_new[n]) {
          const float d = std::hypot(fingers_[o].x - xs[n], fingers_[o].y - ys[n]);
          if (d < best) best = d, bo = o, bn = n;
        }
    taken_old[bo] = taken_new[bn] = true;
    placed[bn] = {xs[bn], ys[bn], fingers_[bo].hold};
  }
  for (std::size_t n = 0; n < static_cast<std::size_t>(fingers); ++n)
    if (!taken_new[n]) placed[n] = {xs[n], ys[n], hold_at_ && hold_at_(xs[n], ys[n]) >= 0};
  fingers_ = std::move(placed);
}

unsigned TouchInput::held_now() const {
  unsigned bits = 0;
  if (!hold_at_) return bits;
  for (const auto& f : fingers_) {
    const int k = f.hold ? hold_at_(f.x, f.y) : -1;  // slid off its button: released
    if (k >= 0 && k < 32) bits |= 1u << k;
  }
  return bits;
}

unsigned TouchInput::take_held() {
  const unsigned now = held_now();
  const unsigned bits = held_since_ | now;
  held_since_ = now;
  return bits;
}

std::optional<TouchMouse> TouchInput::next_frame(double now) {
  if (!engaged_) return std::nullopt;
  // Held still: a press where the finger is (a slow drag of a value, a long press).
  if (finger_ == Finger::undecided && now - start_time_ >= kHoldSeconds) {
    finger_ = Finger::dragging;
    long_press_ = true;
    push({Event::press, start_x_, start_y_});
    if (last_x_ != start_x_ || last_y_ != start_y_) push({Event::motion, last_x_, last_y_});
  }
  while (!queue_.empty() && queue_.front().type == Event::motion) {
    mouse_.x = queue_.front().x, mouse_.y = queue_.front().y;
    queue_.pop_front();
  }
  if (!queue_.empty()) {
    const Event e = queue_.front();
    queue_.pop_front();
    switch (e.type) {
      case Event::press: mouse_ = {true, e.x, e.y, true}; break;
      case Event::release: mouse_ = {true, e.x, e.y, false}; return mouse_;  // released here; hidden next frame
      case Event::abort: mouse_ = {false, e.x, e.y, false}; break;
      case Event::motion: break;
    }
    return mouse_;
  }
  if (finger_ == Finger::scrolling) return TouchMouse{true, last_x_, last_y_, false};  // the wheel's target
  if (!mouse_.down) mouse_.visible = false;
  return mouse_;
}

TouchGesture TouchInput::take_gesture() {
  TouchGesture g = pending_;
  g.active = gesture_;
  pending_ = TouchGesture{};
  return g;
}

float TouchInput::take_scroll_y() {
  const float d = scroll_y_;
  scroll_y_ = 0;
  return d;
}

}  // namespace carvallo::web
