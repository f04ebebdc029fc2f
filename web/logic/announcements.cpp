#include "logic/announcements.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace carvallo::web {

std::vector<std::string> Announcer::update(Shown now) {
  std::vector<std::string> out;
  // A lesson's title or a caption being typed: said when the box is left, not once a key (a tester's
  // " now" was said as "Scene 1 of 7 of Why bicycles stay up n", "... no", "... now").
  if (now.editing && primed_) {
    now.scene = last_.scene;
    now.caption = last_.caption;
  }
  // A parameter or the speed being dragged: its band and the speed's stability are said once it is let go,
  // not at every frame it moves them (one drag of the trail had said 24 bands; a tester).
  if (now.dragging && primed_) {
    now.stability = last_.stability;
    now.speed_stability = last_.speed_stability;
    now.speed_stability_said = last_.speed_stability_said;
  }
  // The speed stepped by keys (a slider's arrows, a few presses a second): its stability is said once it
  // rests, at the speed it rests at (ten presses of Left had said "At 4.20 m/s" of a slider that ended at
  // 4.00; a student). A scene's is said with it at once, and a new band says the design's truth instead.
  if (now.speed_stability_said != speed_seen_) speed_seen_ = now.speed_stability_said, speed_moved_at_ = now.time;
  const bool speed_moving = now.time - speed_moved_at_ < kSpeedRest && !now.speed_stability_said.empty();
  // A message that comes while the speed has not rested (a speed typed, then another refused at once) says
  // the speed's stability first: what was said last answers the last thing done (on a slow machine the
  // stability of 8 m/s had come 0.4 s after "speed = 150 m/s refused ...; speed stays 8 m/s").
  const auto message_new = [&](const std::string& m) { return std::find(last_.messages.begin(), last_.messages.end(), m) == last_.messages.end(); };
  const bool news = std::any_of(now.messages.begin(), now.messages.end(), message_new);
  if (speed_moving && !news && primed_ && (now.scene.empty() || now.scene == last_.scene) && now.stability == last_.stability) {
    now.speed_stability = last_.speed_stability;
    now.speed_stability_said = last_.speed_stability_said;
  }
  // Another language spoken, once its words have arrived (not the one the page opens in): said in it, and
  // alone, for everything else shown (the model, the scene, the caption, the messages) now reads in its
  // words without having changed.
  if (!now.language.empty()) {
    const bool changed = !language_said_.empty() && now.language != language_said_;
    language_said_ = now.language;
    if (changed && primed_) {
      out.push_back(now.language);
      last_ = now;
      return out;
    }
  }
  if (!now.run_event.empty() && now.run_event != last_.run_event) out.push_back(now.run_event);
  // The range is said when it changes (a parameter, a preset, a scene), not as the page opens: the panel
  // says it then, and a screen reader reads the page. The same range shown again, back from a model that
  // has none (the four-bar's scene), is not said again (a tester heard it at every such scene).
  const bool band_new = !now.stability.empty() && now.stability != last_.stability && now.stability != band_said_;
  if (!now.stability.empty()) band_said_ = now.stability;
  const bool scene = !now.scene.empty() && now.scene != last_.scene;
  scene_began_ = scene;
  // A scene's new band after its number and caption, as a slide's title comes first (scenes 4 and 5 had
  // been said as "Self-stable for ..." before "Scene 4 of 7"; a screen-reader tester).
  if (primed_ && band_new && !scene) out.push_back(now.stability);
  // The speed typed or dragged, or a scene's: whether it is within the band, where a new band did not just
  // say the design's truth. A scene's comes after its caption: a lesson of one's own need not say it (a
  // tester's "At 2 m/s" scene had been said as the band alone, "Self-stable for 4.29 < v < 6.02 m/s").
  const bool say_speed = primed_ && !band_new && !now.speed_stability.empty() && now.speed_stability != last_.speed_stability;
  if (say_speed && !scene) out.push_back(now.speed_stability_said);
  if (scene) out.push_back(now.scene);
  // From one model to another: not the first model the page knows (it opens with it).
  if (!scene && !last_.model.empty() && !now.model.empty() && now.model != last_.model) out.push_back(now.model);
  if (!now.caption.empty() && now.caption != last_.caption) out.push_back(now.caption);
  if (primed_ && band_new && scene) out.push_back(now.stability);
  if (say_speed && scene) out.push_back(now.speed_stability_said);
  // The whole picture rearranged or its text resized, silently otherwise (a screen reader's user pressed
  // Text larger and heard nothing): said as it changes, not as the page opens.
  if (primed_ && !last_.presentation.empty() && now.presentation != last_.presentation) out.push_back(now.presentation);
  if (primed_ && !last_.text_size.empty() && !now.text_size.empty() && now.text_size != last_.text_size) out.push_back(now.text_size);
  std::copy_if(now.messages.begin(), now.messages.end(), std::back_inserter(out), message_new);
  // Play, Pause, a step or a reset, said once the page is open; a run that stopped at a fall has just said
  // why, which is enough. A scene that plays as it begins, as scenes do, is not said to play (after a
  // scene whose run had stopped, "Playing" followed the next one's caption; a tester); one that waits is.
  const bool fell = !now.run_event.empty() && now.run_event != last_.run_event;
  if (primed_ && !fell && !(scene && now.playing) && !now.run_state.empty() && now.run_state != last_.run_state) out.push_back(now.run_state);
  // A push leaves no trace a listener could tell from the run going on: each one is said.
  if (primed_ && now.pushes > last_.pushes && !now.push.empty()) out.push_back(now.push);
  if (primed_ && now.qr != last_.qr) out.push_back(now.qr ? now.qr_shown : now.qr_closed);
  // From a lesson to none (its Close, Escape, another model chosen from the menu); a lesson that
  // replaces another says its scene.
  if (primed_ && !last_.scene.empty() && now.scene.empty() && !now.lesson_closed.empty()) out.push_back(now.lesson_closed);
  last_ = now;
  primed_ = true;
  return out;
}

void Announcer::say_again(const std::string& name) {
  if (name.empty()) return;
  std::erase_if(last_.messages, [&](const std::string& m) { return names_control(m, name); });
}

std::string_view short_control_name(std::string_view name) { return name.substr(0, name.find(", ")); }

bool names_control(const std::string& message, const std::string& name) {
  // A parameter's control is named "mB, rear frame (and rider) mass"; its refusal begins "mB = -5 kg".
  // The first letter in either case: a setting's messages name it in words ("speed = 1e+99 m/s refused"),
  // its control as a name ("Speed"); the refusal of a speed typed had left the field unmarked (a tester).
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  for (const std::string_view n : {std::string_view(name), short_control_name(name)}) {
    if (n.empty() || message.size() < n.size() || lower(message[0]) != lower(n[0]) || message.compare(1, n.size() - 1, n.substr(1)) != 0)
      continue;
    const std::string_view rest = std::string_view(message).substr(n.size());
    if (rest.starts_with(" = ") || rest.starts_with(" refused")) return true;
  }
  return false;
}

}  // namespace carvallo::web
