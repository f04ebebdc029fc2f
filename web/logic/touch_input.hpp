#pragma once
// Touch as a user expects it, turned into what the playground understands (Emscripten 3.1.6's GLFW
// drops touch coordinates, so web/platform/input.js forwards every touch event here):
// - a tap presses and releases where the finger was, in two frames, so it hits its widget the first time;
// - a finger that moves first decides what it does: mostly vertical on a panel scrolls the panel (and
//   presses nothing, so a swipe that starts on a slider does not move it); any other motion is a drag
//   of the left button from where the finger landed (orbit in the 3D view, drag a widget);
// - a finger held still for kHoldSeconds presses too (a slow drag of a value);
// - two fingers pinch to zoom and move together to pan; nothing is pressed;
// - a finger that lands on a hold button (the rider's steer and lean buttons) holds it at once and for as
//   long as it stays on it, without driving the mouse: a second finger on another hold button holds that
//   one too (steer and lean together), and a finger on a hold button is never half of a pinch.
// Pure C++ (no ImGui, GLFW or Emscripten), in CSS pixels and seconds.

#include <deque>
#include <functional>
#include <optional>
#include <vector>

namespace carvallo::web {

/// What the mouse should be in one frame when touch drives it.
struct TouchMouse {
  bool visible = false;  ///< false: no finger down, the pointer is nowhere (no hover left behind)
  float x = 0, y = 0;    ///< CSS px
  bool down = false;
};

/// Two-finger motion since the last frame.
struct TouchGesture {
  double zoom = 1.0;            ///< ratio of finger distances, old / new (> 1: fingers closed, zoom out)
  double pan_x = 0, pan_y = 0;  ///< CSS px the fingers' centre moved
  bool active = false;          ///< two fingers are down
};

class TouchInput {
 public:
  enum Kind { start = 0, move = 1, end = 2, cancel = 3 };
  static constexpr float kSlopPixels = 8.0f;   ///< motion below this is still a tap
  static constexpr double kHoldSeconds = 0.5;  ///< a finger held this long without moving presses (a long press)

  /// Where a vertical swipe scrolls (a panel) rather than drags (the 3D view); none by default.
  void set_scroll_area(std::function<bool(float x, float y)> scrollable) { scrollable_ = std::move(scrollable); }

  /// Where a finger holds a button instead (the hold buttons' rects): the button's index (0-31) at (x, y),
  /// or -1; none by default.
  void set_hold_area(std::function<int(float x, float y)> hold_at) { hold_at_ = std::move(hold_at); }
  /// The hold buttons held by fingers since the last call (bit k: button k): those under a finger that
  /// landed on a hold button, and those of a finger that landed and lifted since (a tap holds for a frame).
  unsigned take_held();

  /// One browser touch event at time `now` (s): `fingers` still down (0-2 used) at (x0, y0), (x1, y1);
  /// (lift_x, lift_y) is where the finger was lifted for end and cancel.
  void on_event(int kind, int fingers, float x0, float y0, float x1, float y1, float lift_x, float lift_y, double now);

  /// The mouse for the frame at time `now` (at most one press or release per frame, so a quick tap is
  /// seen as press then release); nullopt when touch has not been used since the last real mouse motion.
  std::optional<TouchMouse> next_frame(double now);
  /// The two-finger motion accumulated since the last call.
  TouchGesture take_gesture();
  /// Vertical finger motion of a scrolling swipe since the last call (CSS px, finger down positive).
  float take_scroll_y();

  /// A real mouse moved: touch no longer drives the pointer.
  void mouse_moved() { engaged_ = false, long_press_ = false; }
  /// The pointer's press (the one down now, or the last) is a long press: a finger held still for
  /// kHoldSeconds, not a tap or a drag. A plot reads the item under it then instead of acting on it.
  bool long_press() const { return long_press_; }
  bool engaged() const { return engaged_; }

 private:
  struct Event {
    enum Type { press, motion, release, abort } type;
    float x, y;
  };
  enum class Finger { none, undecided, dragging, scrolling };
  void push(Event e);
  // The fingers down (at most two), followed from event to event by nearest position (the browser's
  // list order is not an identity); `hold`: it landed on a hold button.
  struct Tracked {
    float x, y;
    bool hold;
  };
  void track(int fingers, const float* xs, const float* ys);
  unsigned held_now() const;
  std::vector<Tracked> fingers_;
  std::function<int(float, float)> hold_at_;
  unsigned held_since_ = 0;
  std::deque<Event> queue_;
  std::function<bool(float, float)> scrollable_;
  TouchMouse mouse_;
  bool engaged_ = false;
  Finger finger_ = Finger::none;
  float start_x_ = 0, start_y_ = 0, last_x_ = 0, last_y_ = 0;
  double start_time_ = 0;
  bool long_press_ = false;
  bool gesture_ = false;  ///< two fingers were down: nothing more until every finger is lifted
  double distance_ = 0, cx_ = 0, cy_ = 0;
  TouchGesture pending_;
  float scroll_y_ = 0;
};

}  // namespace carvallo::web
