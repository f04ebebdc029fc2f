#pragma once
// What the live region (role status) says: changes a sighted user sees on the canvas, in words. Each
// frame the playground hands over what it shows; a change becomes an announcement: a fall or a solver's
// failure (the run's event, the same words the panel shows), the self-stable range when it changes (the
// eigenvalue panel's line) and whether the speed set is in it as it changes, the lesson's scene when another opens, the model when another is chosen (not with a
// scene, which says enough), a caption when one appears, each new message (a link's
// or setState's refusals, a refused value), the run's state when it changes (Play, Pause, Step, Reset:
// "Paused at t = 0.005 s"), each push (a Kick), a lesson closed, the QR code shown and closed, presentation
// mode and the text size as they change, and another language spoken: what a sighted user sees happen on the canvas, which is otherwise silent.
//
// Pure C++: no Emscripten, GL or ImGui include.

#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

struct Shown {
  std::string run_event;               ///< "At t = 0.93 s the handlebars turned past 90 degrees ...", "" while running
  std::string stability;               ///< the stability line ("Self-stable for 4.2924 < v < 6.0243 m/s"), "" for none
  /// Upright running at the speed set: whether it is self-stable ("not self-stable: the weave grows"), "" for
  /// none; when that changes with the speed (the marker crossing the band's edge, which a sighted user sees),
  /// `speed_stability_said` is said ("At 3.00 m/s: not self-stable: the weave grows").
  std::string speed_stability;
  std::string speed_stability_said;
  std::string scene;                   ///< "Scene 2 of 7 of Why bicycles stay up" while a lesson is open, else ""
  std::string caption;                 ///< the caption shown, "" for none
  std::vector<std::string> messages;   ///< the warnings shown
  std::string run_state;               ///< "Playing", "Paused at t = 4.510 s"; "" where nothing runs
  bool playing = false;                ///< the run plays (run_state says so in words)
  std::string model;                   ///< "Model: Four-bar linkage", the model shown
  int pushes = 0;                      ///< the pushes given so far (App::pushes): each new one is said
  std::string push;                    ///< what the last push is said as ("Kick at t = 1.230 s")
  bool qr = false;                     ///< the QR code covers the page
  std::string qr_shown, qr_closed;     ///< what its opening and its closing are said as
  std::string lesson_closed;           ///< while no lesson is open: what closing one is said as ("Lesson closed"); else ""
  std::string language;                ///< "Language: Nederlands" once the chosen language is spoken; "" while its words load
  std::string presentation;            ///< "Presentation mode on" or "... off": said when it changes (P, the View menu, its button)
  std::string text_size;               ///< "Text size 125 %", the size shown: said when it changes (a step, a phone turned)
  bool editing = false;                ///< a text box is being typed in: a lesson's title and a caption it changes are said once it is left
  bool dragging = false;               ///< a value is being dragged: the stability it changes is said once it is let go
  double time = 0.0;                   ///< s, the page's clock: a speed stepped by keys is said once it rests (kSpeedRest)
};

/// A control's name up to its first ", ": a parameter's symbol ("mB" of "mB, rear frame (and rider) mass"),
/// what its messages call it; the whole name where it has no comma.
std::string_view short_control_name(std::string_view name);

/// Whether `message` is about the control named `name`: a refusal begins with the control's name, or its
/// short name, and " = " or " refused" ("Time step (s) = 10 s refused: ...", "Time step (s) refused: ...",
/// "mB = -5 kg refused: ..." for "mB, rear frame (and rider) mass").
bool names_control(const std::string& message, const std::string& name);

class Announcer {
 public:
  /// The announcements for what changed since the last call. The first call announces the caption and the
  /// messages (a link's refusals as the page opens), not the stability line the page opens with.
  std::vector<std::string> update(Shown now);

  /// A value was just typed into the control named `name`: a message naming it ("Time step (s) = 10 s
  /// refused: ...") that is still shown after it is said again, for the same refusal of a second try is news
  /// to someone who cannot see the message list did not change.
  void say_again(const std::string& name);

  /// Whether the last update said a scene newly shown: what was said before it is about another scene.
  bool scene_began() const { return scene_began_; }

 private:
  Shown last_;
  bool primed_ = false;
  bool scene_began_ = false;
  std::string language_said_;  ///< the last language known (Shown::language is "" while one loads)
  std::string band_said_;      ///< the last self-stable band shown: one shown again (back from a model without one) is not said again
  std::string speed_seen_;     ///< the speed's stability as last seen, with its speed ("At 4.20 m/s: ...")
  double speed_moved_at_ = -1e300;  ///< when it last changed (Shown::time)
};

/// How long the speed rests before its stability is said (s): about a key's auto-repeat or a few presses.
inline constexpr double kSpeedRest = 0.4;

}  // namespace carvallo::web
