#pragma once
// The rider's torques held from the keyboard or on-screen buttons. Key presses are recorded by a GLFW key
// callback with the page time they happened at (ImGui polls keys once a frame, so a press and release
// between two frames would be lost), buttons by the frame that sees them go down or up; each frame the
// net change per torque is handed to the run, which applies it at the simulated time matching the event
// (ModelView::hold_input). Pure C++, tested natively.

#include <map>
#include <utility>
#include <vector>

namespace carvallo::web {

class RiderControls {
 public:
  /// The torques, in the bicycle's input order (bicycle_model.cpp: steer_torque, roll_torque).
  enum Channel { kSteer = 0, kRoll = 1 };
  static constexpr int kChannels = 2;

  struct Change {
    int channel = 0;
    int direction = 0;  ///< the net held direction from `when` on: -1, 0 or +1
    double when = 0;    ///< page time [s]
  };

  /// Source `source` (a key code, or a button's id) goes down pushing `channel` in `direction` (+1 or -1),
  /// or up. Repeated downs (key repeat) change nothing. Never throws.
  void set(int source, int channel, int direction, bool down, double when);
  /// Every source up (the page lost focus or was hidden: a torque must never stick). Never throws.
  void release_all(double when);
  /// The net direction held now on `channel`: the sum of the held sources' directions, clamped to [-1, 1].
  int direction(int channel) const;
  /// The changes of net direction since the last call, in time order. Never throws.
  std::vector<Change> take_changes();

 private:
  void note(int channel, double when);
  std::map<int, std::pair<int, int>> held_;  // source -> (channel, direction)
  int last_[kChannels] = {0, 0};             // net direction last reported
  std::vector<Change> changes_;
};

}  // namespace carvallo::web
