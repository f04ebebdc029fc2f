#pragma once
// The rider's inputs of one run as a log: every kick, torque press and release and mouse push, each at the
// step of the run it acted before. The playground applies its live inputs through this log, so a run is
// (its settings, its log) and replaying the log on the same build gives the same motion to the bit (the
// engine is deterministic: examples.determinism_test). The log travels in the link field `inputs=`
// (docs/playground.md, "Time"), and `carvallo simulate --replay` reads it.
//
// Text form: events separated by ',', in step order, each one of
//   p<step>:<amount>                 the model's push (the bicycle's kick) with that amount (ModelInstance::push)
//   i<input>@<step>:<value>          input <input> (ModelInstance::inputs' index) held at <value> from then on (0: released)
//   d<step>:<body>:<x>:<y>:<z>:<X>:<Y>:<Z>
//                                    a mouse push: body <body> (ModelInstance::body_names' index) grabbed at
//                                    (x, y, z) in its frame, pulled toward the world point (X, Y, Z)
//   d<step>:-                        the mouse push let go
// Numbers are written with the fewest digits that read back exactly. Pure C++, tested natively.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// At most this many events travel in a link: a 60 s ride with 50 inputs fits in a link well under
/// 2 KB; a longer log is refused (reading) or left out with a message (writing), never cut.
inline constexpr std::size_t kMaxLinkedInputs = 200;
/// The latest moment a link may name (`t=`, s): the rewind keeps two minutes, a replay goes up to ten.
inline constexpr double kMaxReplayTime = 600.0;
/// A replay link's run takes at most this many steps to reach its moment (at 30 us a step, about 6 s,
/// in slices that never hold the page); a longer one is refused with a message.
inline constexpr long kMaxReplaySteps = 200'000;
/// A step index of a log is at most this (1e7 steps: 1000 s at the smallest time step).
inline constexpr long kMaxInputStep = 10'000'000;

struct InputEvent {
  enum class Kind { push, hold, drag, release };
  Kind kind = Kind::push;
  long step = 0;     ///< the event acts at the start of this step (0: before the first step)
  int index = 0;     ///< hold: the input's index; drag: the body's index
  double value = 0;  ///< push: the amount; hold: the held value (0: released)
  double local[3] = {0, 0, 0};  ///< drag: the grabbed point in the body's frame (m)
  double target[3] = {0, 0, 0};  ///< drag: the world point pulled toward (m)
  bool operator==(const InputEvent&) const = default;
};

/// The log as text (the link's `inputs=` value; "" for none).
std::string input_log_text(const std::vector<InputEvent>& log);

/// Reads a log's text. On success returns the events and leaves `error` empty; otherwise returns nothing
/// and says why (the event that does not read and what was expected, steps out of order, more than
/// kMaxLinkedInputs events, numbers not finite or out of range). Never throws.
std::optional<std::vector<InputEvent>> read_input_log(std::string_view text, std::string& error);

/// For the link's field table: the canonical text of a log, or why it is refused.
std::optional<std::string> check_input_log(std::string_view text, std::string& canonical);

}  // namespace carvallo::web
