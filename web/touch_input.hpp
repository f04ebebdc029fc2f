#pragma once
// Touch as a user expects it, turned into what the playground understands (Emscripten 3.1.6's GLFW
// drops touch coordinates, so web/input.js forwards every touch event here):
// - one finger is the mouse's left button: a tap presses and releases where the finger was, so it hits
//   its widget the first time; a drag orbits the camera or drags a widget (and scrolls a panel where it
//   lands on no widget: see scroll_pixels);
// - two fingers pinch to zoom and move together to pan; the one-finger press they interrupt is
//   cancelled, not clicked.
// Pure C++ (no ImGui, GLFW or Emscripten), in CSS pixels.

#include <deque>
#include <optional>

namespace carvallo::web {

/// What the mouse should be in one frame when touch drives it.
struct TouchMouse {
  bool visible = false;  ///< false: no finger down, the pointer is nowhere (no hover left behind)
  float x = 0, y = 0;    ///< CSS px
  bool down = false;
};

/// Two-finger motion since the last frame.
struct TouchGesture {
  double zoom = 1.0;         ///< ratio of finger distances, old / new (> 1: fingers closed, zoom out)
  double pan_x = 0, pan_y = 0;  ///< CSS px the fingers' centre moved
  bool active = false;       ///< two fingers are down
};

class TouchInput {
 public:
  enum Kind { start = 0, move = 1, end = 2, cancel = 3 };
  /// One browser touch event: `fingers` still down (0-2 used) at (x0, y0), (x1, y1); (lift_x, lift_y)
  /// is where the finger was lifted for end and cancel.
  void on_event(int kind, int fingers, float x0, float y0, float x1, float y1, float lift_x, float lift_y);

  /// The mouse for the next frame (at most one press or release per frame, so a quick tap is seen
  /// as press then release); nullopt when touch has not been used since the last real mouse motion.
  std::optional<TouchMouse> next_frame();
  /// The two-finger motion accumulated since the last call.
  TouchGesture take_gesture();
  /// Vertical finger motion since the last call while one finger is down (CSS px, down positive).
  float take_drag_y();

  /// A real mouse moved: touch no longer drives the pointer.
  void mouse_moved() { engaged_ = false; }
  bool engaged() const { return engaged_; }

 private:
  struct Event {
    enum Type { press, motion, release, abort } type;
    float x, y;
  };
  std::deque<Event> queue_;
  TouchMouse mouse_;
  bool engaged_ = false;
  bool single_ = false;     ///< a one-finger press is in progress
  bool gesture_ = false;    ///< two fingers were down: no new press until every finger is lifted
  double distance_ = 0, cx_ = 0, cy_ = 0;
  TouchGesture pending_;
  float drag_y_ = 0, last_y_ = 0;
};

}  // namespace carvallo::web
