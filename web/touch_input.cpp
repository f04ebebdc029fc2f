#include "touch_input.hpp"

#include <cmath>

namespace carvallo::web {

namespace {
constexpr std::size_t kMaxQueued = 256;  // a stalled frame loop must not grow the queue without bound
}

void TouchInput::on_event(int kind, int fingers, float x0, float y0, float x1, float y1, float lift_x, float lift_y) {
  if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1) || !std::isfinite(lift_x) ||
      !std::isfinite(lift_y))
    return;
  engaged_ = true;
  if (queue_.size() >= kMaxQueued) queue_.pop_front();
  if (fingers >= 2) {
    if (single_) queue_.push_back({Event::abort, x0, y0});
    single_ = false;
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
    if (!single_ && kind == start) {
      single_ = true;
      last_y_ = y0;
      queue_.push_back({Event::press, x0, y0});
    } else if (single_) {
      drag_y_ += y0 - last_y_;
      last_y_ = y0;
      queue_.push_back({Event::motion, x0, y0});
    }
    return;
  }
  // No finger left.
  if (single_) queue_.push_back({kind == cancel ? Event::abort : Event::release, lift_x, lift_y});
  single_ = false;
  gesture_ = false;
  distance_ = 0;
}

std::optional<TouchMouse> TouchInput::next_frame() {
  if (!engaged_) return std::nullopt;
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
  if (!mouse_.down) mouse_.visible = false;
  return mouse_;
}

TouchGesture TouchInput::take_gesture() {
  TouchGesture g = pending_;
  g.active = gesture_;
  pending_ = TouchGesture{};
  return g;
}

float TouchInput::take_drag_y() {
  const float d = drag_y_;
  drag_y_ = 0;
  return d;
}

}  // namespace carvallo::web
