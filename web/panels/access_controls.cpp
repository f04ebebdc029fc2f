// The parallel DOM's rows (access_controls.hpp). Each row names the canvas widget it mirrors
// (App::rects) and acts through the panels' functions, so a value given by a screen reader or the
// keyboard is checked, applied and refused exactly as on the canvas.
#include "panels/access_controls.hpp"
#include "logic/announcements.hpp"
#include "panels/stage.hpp"

#include "logic/bike_analysis.hpp"
#include "logic/language.hpp"
#include "logic/number_text.hpp"
#include "logic/state_fields.hpp"
#include "logic/state_link.hpp"
#include "panels/blank_screen.hpp"
#include "panels/design_panels.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/panel_actions.hpp"
#include "panels/qr_overlay.hpp"
#include "panels/shortcut_list.hpp"
#include "panels/time_plot.hpp"
#include "panels/timeline.hpp"
#include "platform/browser.hpp"  // open_json_file
#include "platform/page_language.hpp"

#include "bicycle/presets.hpp"
#include "registry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <utility>

namespace carvallo::web {

std::string g_access_description;
std::string g_access_description_shown;
bool g_access_description_clear = false;
bool g_access_description_quiet = false;

namespace {

// The headings of the page's controls: a group begins at the row pushed next (access_rows gives it to that
// row), so that a screen reader's user jumps between the run, the lesson, the view, the plots and each
// panel rather than reading some 150 controls as one list (a tester).
std::vector<std::pair<std::size_t, std::string>> g_groups;
void heading(const std::vector<AccessRow>& rows, const char* name) { g_groups.emplace_back(rows.size(), tr(name)); }

// The plot last described, described again when what it shows changes (another scene, design, speed or
// language; not the camera, which follows the run): the table of the scene before, in the language before,
// was read as this one's (a tester). Null once a note or the shortcut list has taken its place.
std::string (*g_describer)(App&) = nullptr;
std::string g_described_for;

std::string described_for(const App& app) {
  UiState s = app.state;
  s.camera = {};
  return language() + '\n' + to_link(s);
}

// Whether the bicycle is self-stable at speed v, in words ("not self-stable: the weave grows"); "" for a
// model without the bicycle's eigenvalues. What a sighted student reads off the plot's shaded band, said
// with the speed it is about (a screen reader's user changing the speed heard only the number).
std::string stability_words(App& app, double v) {
  if (!has_parameter_table(app)) return "";
  refresh_analysis(app);
  if (!app.model || !app.sweep.error.empty() || !std::isfinite(v)) return "";
  const StabilityAt at = stability_at(labelled_eigenvalues(*app.model, v, app.sweep));
  return at.stable ? tr("self-stable") : trf("not self-stable: the %s grows", tr(at.growing).c_str());
}

// A text the user asked for into "Plot as text", said; no plot is followed after it.
void show_as_text(std::string text) {
  g_access_description = std::move(text);
  g_access_description_quiet = false;
  g_describer = nullptr;
}

void describe(App& app, std::string (*describer)(App&)) {
  show_as_text(describer(app));
  g_describer = describer;
  g_described_for = described_for(app);
}

// A typed value: a number, or NaN (which every panel refuses as "not a finite number").
// A typed number: a decimal comma (one, with no point: "5,5") is read as the point it stands for, as the
// page's fields read numbers in one form; anything else that is not a number is NaN, which the field's
// setter refuses with its message.
double typed(std::string text) {
  if (std::count(text.begin(), text.end(), ',') == 1 && text.find('.') == std::string::npos) text[text.find(',')] = '.';
  return parse_plain_number(text).value_or(std::nan(""));  // spaces around a number (a pasted " 4.25 ") are no part of it
}

std::string fixed(double v, int decimals) {
  char t[64];
  std::snprintf(t, sizeof t, "%.*f", decimals, without_negative_zero(v, decimals));
  return t;
}

// `v` rounded to `decimals` decimals, for a value shown as it is said.
double to_decimals(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::isfinite(v) ? std::round(v * scale) / scale : v;
}

AccessRow button(std::string id, std::string name, std::string rect, std::string keys, std::function<void(App&)> press) {
  AccessRow r;
  r.control.id = std::move(id);
  r.control.role = "button";
  r.control.name = std::move(name);
  r.control.rect = std::move(rect);
  r.control.keys = std::move(keys);
  r.act = [press = std::move(press)](App& app, const std::string&) { press(app); };
  return r;
}

// A View menu item that is on or off (aria-pressed), flipped by a press.
AccessRow toggle(std::string id, std::string name, std::string keys, bool on, std::function<void(App&)> flip) {
  AccessRow r = button(std::move(id), std::move(name), "", std::move(keys), std::move(flip));
  r.control.toggle = true;
  r.control.pressed = on;
  return r;
}

AccessRow number(std::string id, std::string name, std::string rect, double value, double lo, double hi, double step,
                 const std::string& unit, int decimals, std::function<void(App&, double)> set) {
  AccessRow r;
  r.control.id = std::move(id);
  r.control.role = "number";
  r.control.name = std::move(name);
  r.control.rect = std::move(rect);
  r.control.value = value;
  r.control.min = lo;
  r.control.max = hi;
  r.control.step = step;
  r.control.value_text = spoken_value(value, unit, decimals);
  // What is not a number ("abc", "", "1e999") is refused here, naming what was typed and what stays.
  // The messages call it by its short name ("c = 'abc' refused: not a number; c stays 0.08 m"): the whole
  // name, said twice, made a parameter's refusal a paragraph (a tester).
  r.act = [set = std::move(set), name = std::string(short_control_name(r.control.name)),
           kept = format_shortest(value) + (unit.empty() ? "" : " " + unit)](App& app, const std::string& text) {
    const double v = typed(text);
    if (std::isfinite(v)) return set(app, v);
    if (too_large_number(text))
      app.messages.push_back(message_text("%s = '%s' refused: too large a number; %s stays %s", name.c_str(), text.c_str(), name.c_str(), kept.c_str()));
    else
      app.messages.push_back(message_text("%s = '%s' refused: not a number; %s stays %s", name.c_str(), text.c_str(), name.c_str(), kept.c_str()));
  };
  return r;
}

AccessRow choice(std::string id, std::string name, std::string rect, std::vector<std::string> options, std::string chosen,
                 std::function<void(App&, const std::string&)> choose) {
  AccessRow r;
  r.control.id = std::move(id);
  r.control.role = "select";
  r.control.name = std::move(name);
  r.control.rect = std::move(rect);
  r.control.options = std::move(options);
  r.control.option = std::move(chosen);
  r.act = [choose = std::move(choose), options = r.control.options](App& app, const std::string& option) {
    if (std::find(options.begin(), options.end(), option) != options.end()) choose(app, option);
  };
  return r;
}

// A text field (a textarea for several lines), applied as on the canvas: on Enter or when left.
AccessRow text_field(std::string id, std::string name, std::string rect, std::string text, bool lines,
                     std::function<void(App&, const std::string&)> set) {
  AccessRow r;
  r.control.id = std::move(id);
  r.control.role = lines ? "textarea" : "text";
  r.control.name = std::move(name);
  r.control.rect = std::move(rect);
  r.control.text = std::move(text);
  r.act = std::move(set);
  return r;
}

// A canvas checkbox: checked or not, set by the native one.
AccessRow checkbox(std::string id, std::string name, std::string rect, bool on, std::function<void(App&, bool)> set) {
  AccessRow r;
  r.control.id = std::move(id);
  r.control.role = "checkbox";
  r.control.name = std::move(name);
  r.control.rect = std::move(rect);
  r.control.pressed = on;
  r.act = [set = std::move(set)](App& app, const std::string& v) { set(app, v == "1"); };
  return r;
}

// "Im s" is a symbol, the same in every language (as on the canvas), with what it shows in words.
std::string imaginary_parts_name() { return std::string("Im s (") + tr("imaginary parts") + ")"; }

// A panel's "What am I looking at?" (`id`: its note in App::notes, drawn this frame), named by its label and
// described by its panel's title; pressed, the note goes into "Plot as text" and is said, as opening it on
// the canvas shows it.
void note_row(App& app, std::vector<AccessRow>& rows, const std::string& id, const char* panel) {
  if (!app.notes.contains(id)) return;
  // Its panel in its name: three alike in a screen reader's list of buttons told nothing apart (a tester).
  auto r = button("note-" + id, std::string(tr("What am I looking at?")) + " (" + tr(panel) + ")", "note:" + id, "",
                  [id](App& a) {
                    if (a.notes.contains(id)) show_as_text(a.notes.at(id));
                  });
  r.control.description = tr(panel);
  rows.push_back(std::move(r));
}

// The lesson editor's fields and buttons, while it is open (Lesson > Edit lesson...): the title, each
// scene's caption with Show, Up, Down and Delete, and the lesson's own buttons. A refused text is said.
void lesson_editor_rows(App& app, std::vector<AccessRow>& rows) {
  if (!app.lesson) return;
  auto edit = button("lesson-edit", tr("Edit lesson"), "menu:lesson", "", [](App& a) { a.show_lesson_editor = !a.show_lesson_editor; });
  edit.control.toggle = true;
  edit.control.pressed = app.show_lesson_editor;
  rows.push_back(std::move(edit));
  if (!app.show_lesson_editor) return;
  rows.push_back(text_field("lesson-title", tr("Lesson title"), "lesson-editor:title", app.lesson->title, false, [](App& a, const std::string& t) {
    if (const auto why = set_lesson_title(a, t)) a.messages.push_back("Lesson title: " + *why);
  }));
  rows.push_back(button("lesson-add", tr("Add this view as a scene"), "lesson-editor:add", "", [](App& a) { add_scene_of_view(a); }));
  rows.push_back(button("lesson-copy", tr("Copy lesson link"), "lesson-editor:copy-link", "", copy_lesson_link));
  rows.push_back(button("lesson-save", tr("Save as file"), "lesson-editor:save", "", [](App& a) { save_lesson_file(a); }));
  if (scene_changed(app))
    rows.push_back(button("lesson-keep-view", trf("Keep this view as scene %d", app.scene_index + 1), "lesson-editor:keep-view", "", keep_view_as_scene));
  if (app.scene_index >= 0)
    rows.push_back(checkbox("lesson-paused", trf("Scene %d starts paused", app.scene_index + 1), "lesson-editor:paused", app.state.paused, set_scene_paused));
  if (app.deleted_scene)
    rows.push_back(button("lesson-undo-delete", trf("Undo: bring back scene %d", app.deleted_scene->first + 1), "lesson-editor:undo-delete", "", undo_delete_scene));
  const int count = static_cast<int>(app.lesson->scenes.size());
  for (int i = 0; i < count; ++i) {
    const std::string n = std::to_string(i);
    auto show = button("lesson-show-" + n, trf("Show scene %d", i + 1), "lesson-editor:show:" + n, "", [i](App& a) { goto_scene(a, i); });
    show.control.toggle = true;
    show.control.pressed = i == app.scene_index;
    rows.push_back(std::move(show));
    const Scene& scene = app.lesson->scenes[static_cast<std::size_t>(i)];
    auto caption = text_field("lesson-caption-" + n, trf("Caption of scene %d", i + 1), "lesson-editor:caption:" + n, scene.caption, true,
                              [i](App& a, const std::string& t) {
                                if (const auto why = set_scene_caption(a, i, t)) a.messages.push_back("Scene " + std::to_string(i + 1) + " caption: " + *why);
                              });
    if (scene.caption.empty()) caption.control.description = scene_summary(scene);  // what the box shows while empty
    rows.push_back(std::move(caption));
    auto up = button("lesson-up-" + n, trf("Move scene %d up", i + 1), "lesson-editor:up:" + n, "", [i](App& a) { swap_scenes(a, i, i - 1); });
    up.control.disabled = i == 0;
    rows.push_back(std::move(up));
    auto down = button("lesson-down-" + n, trf("Move scene %d down", i + 1), "lesson-editor:down:" + n, "", [i](App& a) { swap_scenes(a, i, i + 1); });
    down.control.disabled = i + 1 == count;
    rows.push_back(std::move(down));
    rows.push_back(button("lesson-delete-" + n, trf("Delete scene %d", i + 1), "lesson-editor:delete:" + n, "", [i](App& a) { delete_scene(a, i); }));
  }
}

// The view and its controls: the run, the rider, the speed, the lesson, the link.
void turn_rows(App& app, std::vector<AccessRow>& rows);

void view_rows(App& app, std::vector<AccessRow>& rows) {
  sync_run(app);
  // The rider's words where the model has a rider (the bicycle's inputs); another model's run alone.
  const bool rider = app.run && !app.run->run().input_channels().empty();
  heading(rows, rider ? translatable("The model: run, rider and speed") : translatable("The model and its run"));
  auto play = button("play", app.playing ? tr("Pause") : tr("Play"), "play", "Space", toggle_play);
  if (scene_waiting(app)) play.control.description = tr("This scene waits at its start: Play, Space or the clicker's PageDown plays it");
  rows.push_back(std::move(play));
  rows.push_back(button("step", tr("Step"), "step", app.state.presentation ? "" : "Period", step_run));  // '.' blanks a presentation
  rows.push_back(button("reset", tr("Reset"), "reset", "R", reset_run));
  if (app.run && app.run->run().instance().push) {
    const auto& push = *app.run->run().instance().push;
    auto kick = button("kick", capitalized(tr(push.label.empty() ? std::string("push") : push.label)), "kick", "K", push_run);
    kick.control.description = tr(push.description) + ": " + spoken_value(app.state.sim.kick, push.unit, 2);
    rows.push_back(std::move(kick));
  }
  for (int k = 0; k < hold_button_count(app); ++k) {
    AccessRow r;
    r.control.id = std::string("hold-") + std::to_string(k);
    r.control.role = "hold";
    r.control.name = tr(hold_button_label(k));
    r.control.rect = hold_button_rect(k);
    r.control.keys = hold_button_key(k);
    r.control.description = tr("Acts while held:") + std::string(" ") + spoken_value(app.state.hold_torque, "N m", 2);
    r.act = [k](App& a, const std::string& what) { hold_button(a, k, what == "down"); };
    rows.push_back(std::move(r));
  }
  if (app.run) {
    // The timeline under the view: the moment shown within the kept history, the start, slow motion.
    // The last moment kept, summed step by step, may fall a rounding below the moment shown (1.7549999...
    // against 1.755 s): the range reaches the moment shown, and a 5 ms step is said to the millisecond.
    const double t0 = app.run->first_time(), t1 = app.run->last_time();
    // An arrow key moves a tenth of a second (whole steps), Page Up/Down a tenth of the history; ',' and '.'
    // keep the single step (5 ms was 1 600 presses across 8 s; a keyboard-only student).
    const double dt = app.run->time_step(), arrow_step = std::max(dt, std::round(0.1 / dt) * dt);
    AccessRow moment = number("timeline", tr("Moment shown"), "timeline:slider", app.run->time(), t0, std::max({t1, t0, app.run->time()}),
                              dt, "s", 3, [](App& a, double t) {
                                if (std::isfinite(t)) seek(a, t);  // a typed text that is not a number changes nothing
                              });
    moment.control.role = "slider";
    moment.control.arrow_step = arrow_step;
    moment.control.keys = app.state.presentation ? "Comma Home" : "Comma Period Home";
    moment.control.description = trf("The run kept from %s to %s; Play continues from the moment shown with the inputs recorded",
                                     spoken_value(t0, "s", 2).c_str(), spoken_value(t1, "s", 2).c_str());
    rows.push_back(std::move(moment));
    rows.push_back(button("timeline-start", tr("Back to the first moment kept"), "timeline:start", "Home", seek_first));
    const double rate = app.state.sim.time_scale;
    auto slow = button("timeline-rate", trf("Slow motion: %s times real time", format_shortest(rate).c_str()), "timeline:rate", "",
                       [](App& a) {
                         double& scale = a.state.sim.time_scale;
                         scale = scale == 1.0 ? 0.5 : scale == 0.5 ? 0.25 : 1.0;
                       });
    rows.push_back(std::move(slow));
  }
  if (const auto* entry = examples::find_model(app.state.model))
    for (const auto& q : entry->settings) {
      if (q.name != "speed") continue;
      // Riding a steady turn, the turn's speed, and not to be changed (as the canvas's fields).
      const bool by_turn = !app.state.from_turn.empty();
      // A turn's speed is computed to every digit: shown as what is said of it, to the millisecond per
      // second, as a typed speed reads.
      const double speed = by_turn ? to_decimals(setting_in_effect(app, "speed", q.value), 3) : setting_in_effect(app, "speed", q.value);
      // One range for the speed everywhere: the model's (the settings field, a link, setState and the command
      // line take it, backwards riding among it); a slider narrower than what may be typed would sit at its
      // end beside a value past it.
      AccessRow r = number("speed", tr("Speed"), "setting:speed|stage-speed", speed, q.min, q.max, 0.1, q.unit, 1,
                           [](App& a, double v) { apply_setting_value(a, "speed", v); });
      r.control.role = "slider";
      r.control.disabled = app.state.locked || by_turn;
      // The same speed typed (applied on Enter or when left), for a value the slider's steps do not reach.
      AccessRow typed = number("speed-typed", tr("Speed, typed"), "setting:speed|stage-speed", speed,
                               q.min, q.max, 0, q.unit, 3, [](App& a, double v) { apply_setting_value(a, "speed", v); });
      typed.control.disabled = app.state.locked || by_turn;
      // Upright running's stability: not said while a steady turn is ridden, whose own it is not.
      if (const std::string words = by_turn ? std::string() : stability_words(app, speed); !words.empty()) {
        r.control.value_text += ", " + words;
        typed.control.value_text += ", " + words;
      }
      if (by_turn) r.control.description = typed.control.description = set_by_the_turn_note();
      rows.push_back(std::move(r));
      rows.push_back(std::move(typed));
    }
  heading(rows, translatable("Lesson"));
  // The caption, to read again: its announcement is soon followed by others (a fall, "Paused at ..."), and
  // it is nowhere else in the page's text (a screen reader's user, a tester).
  if (!app.state.caption.empty()) {
    auto read = button("caption-read", tr("Read the caption"), "caption-text", "", [](App& a) { show_as_text(tr(a.state.caption)); });
    if (app.lesson) read.control.description = trf("Scene %d of %d of %s", app.scene_index + 1, static_cast<int>(app.lesson->scenes.size()), tr(app.lesson->title).c_str());
    rows.push_back(std::move(read));
  }
  if (app.lesson) {
    const int n = static_cast<int>(app.lesson->scenes.size());
    auto prev = button("scene-previous", tr("Previous scene"), "scene:previous", "PageUp", [](App& a) { step_scene(a, -1); });
    prev.control.disabled = app.scene_index <= 0;
    auto next = button("scene-next", tr("Next scene"), "scene:next", "PageDown", [](App& a) { step_scene(a, +1); });
    next.control.disabled = app.scene_index + 1 >= n && !scene_waiting(app);
    const std::string where = trf("Scene %d of %d of %s", app.scene_index + 1, n, tr(app.lesson->title).c_str());
    prev.control.description = next.control.description = where;
    // Pressed at an end, each says so, as the clicker's PageDown does (it had said nothing; a tester).
    prev.control.disabled_note = tr("This is the first scene");
    next.control.disabled_note = tr("This is the last scene");
    if (scene_waiting(app)) next.control.description += ". " + std::string(tr("The scene waits at its start: the first press plays it"));
    rows.push_back(std::move(prev));
    rows.push_back(std::move(next));
    // The caption's line while the scene has changed since it began (stage.cpp's caption_overlay).
    if (const std::string note = scene_changed_note(app); !note.empty()) {
      auto again = button("scene-again", tr("Show the scene again as it began"), "caption-scene-again", "",
                          [](App& a) { goto_scene(a, a.scene_index); });
      again.control.description = note;
      rows.push_back(std::move(again));
    }
    rows.push_back(button("lesson-close", tr("Close lesson"), "", "", close_lesson_asked));
    lesson_editor_rows(app, rows);
  } else {
    // A lesson of one's own starts with this view as its first scene, as the Lesson menu's item.
    rows.push_back(button("lesson-add", tr("Add this view as a scene"), "menu:lesson", "", [](App& a) { add_scene_of_view(a); }));
    if (app.closed_lesson) rows.push_back(button("lesson-reopen", trf("Reopen lesson: %s", reopen_title(app).c_str()), "menu:lesson", "", reopen_lesson));
    for (const auto& l : builtin_lessons())
      rows.push_back(button("lesson-" + l.name, trf("Open lesson: %s", tr(l.title).c_str()), "menu:lesson", "",
                            [name = l.name](App& a) {
                              if (const auto* lesson = find_builtin_lesson(name)) open_lesson(a, *lesson, 0, true);
                            }));
  }
  heading(rows, translatable("View, link and language"));
  rows.push_back(button("fit", tr("Fit the model in view"), "fit", "V", fit_camera));
  if (app.state.embed)
    rows.push_back(button("open-in-playground", tr("Open in Carvallo"), "open-in-playground", "", open_in_playground));
  auto qr = button("qr", tr("QR code of this link"), "qr", "Q", toggle_qr);
  qr.control.toggle = true;
  qr.control.pressed = app.show_qr;
  if (app.show_qr) qr.control.description = qr_words(app);
  rows.push_back(std::move(qr));
  rows.push_back(button("copy-link", tr("Copy link"), "copy-link", "", copy_page_link));
  rows.push_back(button("blank", tr("Blank the screen"), "", app.state.presentation ? "B Period" : "B", [](App& a) { set_blank(a, true); }));
  {
    // The page's language, by each language's own name (the browser's first, as the menu has it).
    std::vector<std::string> names{trf("The browser's: %s", language_name(browser_language()).c_str())};
    std::string chosen = names[0];
    for (const auto& code : language_codes()) {
      if (!language_offered(code, app.state.lang)) continue;
      names.push_back(language_name(code));
      if (app.state.lang == code) chosen = names.back();
    }
    rows.push_back(choice("language", tr("Language"), "", names, chosen, [](App& a, const std::string& name) {
      a.state.lang = "auto";
      for (const auto& code : language_codes())
        if (name == language_name(code)) a.state.lang = code;
    }));
  }
  // The View menu's presentation and text size, and the Scenarios menu's scenarios: items of a closed
  // menu, so each shows itself with its name in the corner while focused (no widget to ring).
  auto present = button("presentation", tr("Presentation mode"), "", "P", [](App& a) {
    a.state.presentation = !a.state.presentation;
    a.layout_dirty = true;
  });
  present.control.toggle = true;
  present.control.pressed = app.state.presentation;
  rows.push_back(std::move(present));
  // The size in effect and its ends as each step's description (the View menu shows them).
  for (auto& step : {button("text-larger", tr("Text larger"), "", "BracketRight", [](App& a) { step_text_scale(a, +1); }),
                     button("text-smaller", tr("Text smaller"), "", "BracketLeft", [](App& a) { step_text_scale(a, -1); })}) {
    rows.push_back(step);
    rows.back().control.description = text_size_said(app);
  }
  rows.push_back(toggle("text-100", tr("Text size 100 %"), "", app.state.text_scale == 1.0, [](App& a) { set_text_scale(a, 1.0); }));
  // The View menu's other switches, as its items flip them.
  rows.push_back(toggle("follow", tr("Camera follows the model"), "F", app.state.follow, [](App& a) { a.state.follow = !a.state.follow; }));
  rows.push_back(toggle("inertia", tr("Inertia ellipsoids"), "I", app.state.show_inertia,
                        [](App& a) { a.state.show_inertia = !a.state.show_inertia; }));
  rows.push_back(toggle("labels", tr("Body and joint names"), "", app.state.show_labels, [](App& a) { a.state.show_labels = !a.state.show_labels; }));
  if (has_parameter_table(app))
    rows.push_back(toggle("design", tr("Design map and side view"), "", app.state.show_design, toggle_design_window));
  rows.push_back(toggle("perf", tr("Performance overlay"), "", app.state.show_perf, [](App& a) { a.state.show_perf = !a.state.show_perf; }));
  const auto scenarios = scenario_labels(app);
  for (std::size_t i = 0; i < scenarios.size(); ++i)
    rows.push_back(button("scenario-" + std::to_string(i), trf("Scenario: %s", scenarios[i].c_str()), "", "",
                          [label = scenarios[i]](App& a) { start_scenario_labelled(a, label); }));
  auto help = button("help", tr("Keyboard shortcuts"), "help", "Shift+Slash", [](App& a) { a.show_help = !a.show_help; });
  help.control.toggle = true;
  help.control.pressed = app.show_help;
  rows.push_back(std::move(help));
  heading(rows, translatable("Plots"));
  // Offered by their titles, as the View menu has them; the link's word is set.
  std::vector<std::string> stages;
  for (const char* name : kStagePlotNames) stages.push_back(stage_title(app, name));
  rows.push_back(choice("stage", tr("Stage plot"), "stage-plot", stages, stage_title(app, shown_stage_plot(app)), [](App& a, const std::string& title) {
    for (const char* name : kStagePlotNames)
      if (title == stage_title(a, name))
        if (const auto* f = detail::find_field("stage")) (void)detail::set_from_text(*f, a.state, name);
  }));
  if (has_parameter_table(app))
    rows.push_back(button("describe-eigen", tr("Describe the eigenvalue plot"), "plot", "",
                          [](App& a) { describe(a, describe_eigenvalue_plot); }));
  rows.push_back(button("describe-time", tr("Describe the time plots"), "", "", [](App& a) { describe(a, describe_time_plots); }));
  if (has_parameter_table(app)) turn_rows(app, rows);
  // Methods compared: the presets (a paper's comparison, the general ones) and the comparison as text.
  {
    // In the page's language, as the panel's combo has them.
    std::vector<std::string> studies{tr("none")};
    for (const auto& study : studies_for(app.state.model)) studies.push_back(tr(study.title));
    const auto shown = study_shown(app.state);
    rows.push_back(choice("compare-preset", tr("Methods compared"), "compare:preset", studies,
                          shown ? tr(shown->title) : app.state.compare.empty() ? tr("none") : "", [](App& a, const std::string& title) {
                            if (title == tr("none")) a.state.compare.clear();
                            for (const auto& study : studies_for(a.state.model))
                              if (tr(study.title) == title) choose_study(a, study);
                          }));
    if (!app.comparison.runs().empty())
      rows.push_back(button("describe-compare", tr("Describe the methods compared"), "compare:table", "",
                            [](App& a) { describe(a, describe_comparison); }));
  }
}

// The steady turns: shown or not (the Scenarios menu's item), described as a table, a stable one ridden
// from a list, as a click on its dot does, and left.
void turn_rows(App& app, std::vector<AccessRow>& rows) {
  rows.push_back(toggle("turns", tr("Steady turns"), "", app.state.show_turns, toggle_steady_turns));
  rows.push_back(button("describe-turns", tr("Describe the steady turns"), "turns-plot", "",
                        [](App& a) { describe(a, describe_steady_turns); }));
  const TurnFamilies& turns = app.turns;
  if (app.state.show_turns && turns.computing_for(app.state.bike) && turns.done() && turns.error().empty()) {
    std::vector<std::string> options, labels;
    for (const auto* turn : listed_turns(turns.branches())) {
      const auto& t = *turn;
      if (!t.stable) continue;
      options.push_back(turn_request_text({t.lean, t.family, t.steer}));
      labels.push_back(trf("%s, lean %s rad, %s m/s", turn_family_name(t.family).c_str(), fixed(t.lean, 1).c_str(), fixed(t.speed, 2).c_str()));
    }
    if (!options.empty()) {
      const auto chosen = std::find(options.begin(), options.end(), app.state.from_turn);
      auto ride = choice("ride-turn", tr("Ride a stable steady turn"), "turns-plot", options,
                         chosen == options.end() ? "" : *chosen, [](App& a, const std::string& text) {
                           for (const auto* t : listed_turns(a.turns.branches()))
                             if (turn_request_text({t->lean, t->family, t->steer}) == text) return ride_steady_turn(a, *t);
                         });
      ride.control.option_labels = std::move(labels);
      rows.push_back(std::move(ride));
    }
  }
  if (!app.state.from_turn.empty()) rows.push_back(button("leave-turn", tr("Leave the turn"), "leave-turn", "", leave_steady_turn));
}

// The simulation's methods (the Methods section): the integrator, its time step, the acceleration solver and
// the stabilization. A solver the model cannot use is refused with the reason the canvas's list shows.
void method_rows(App& app, std::vector<AccessRow>& rows) {
  SimulationSettings& sim = app.state.sim;
  const bool locked = app.state.locked;
  // The choices read as the methods' titles, their values the link's names.
  auto titles = [](const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const auto& n : names) out.push_back(tr(method_title(n)));
    return out;
  };
  auto integ = choice("method-integrator", capitalized(tr("integrator")), "method:integrator", integrator_names(), sim.integrator,
                      [](App& a, const std::string& name) { a.state.sim.integrator = name; });
  integ.control.option_labels = titles(integ.control.options);
  integ.control.disabled = locked;
  integ.section = "methods-node";
  rows.push_back(std::move(integ));
  using Sim = SimulationSettings;
  auto step = number("method-time-step", capitalized(tr("time step (s)")), "method:time-step", sim.time_step, Sim::kTimeStepMin,
                     Sim::kTimeStepMax, 0, "s", 4,
                     apply_time_step);
  step.control.disabled = locked;
  step.section = "methods-node";
  rows.push_back(std::move(step));
  auto solver = choice("method-solver", capitalized(tr("acceleration solver")), "method:solver", acceleration_method_names(), sim.solver,
                       [](App& a, const std::string& name) {
                         const std::string why = a.run ? examples::unusable_solver(a.run->run().instance(), parse_acceleration_method(name)) : "";
                         if (why.empty()) a.state.sim.solver = name;
                         else a.messages.push_back(message_text("%s refused: %s", name.c_str(), tr(why).c_str()));
                       });
  solver.control.option_labels = titles(solver.control.options);
  solver.control.disabled = locked;
  solver.section = "methods-node";
  rows.push_back(std::move(solver));
  auto stab = choice("method-stabilization", capitalized(tr("stabilization")), "method:stabilization", stabilization_method_names(),
                     sim.stabilization, [](App& a, const std::string& name) { a.state.sim.stabilization = name; });
  stab.control.option_labels = titles(stab.control.options);
  stab.control.disabled = locked;
  stab.section = "methods-node";
  rows.push_back(std::move(stab));
}

// The design map's settings, while the map is shown: its axes and their ranges, what it shows, its points per
// axis and the highest speed it looks for, applied and refused as in its panel (design_map_panel.cpp).
void design_map_rows(App& app, std::vector<AccessRow>& rows) {
  heading(rows, translatable("Design map"));
  DesignMapSettings& m = app.state.map;
  const auto names = map_input_names();
  std::vector<std::string> labels;
  for (const auto& n : names) labels.push_back(map_axis_label(n));
  auto axis = [&](const char* id, const char* rect, const std::string& name, const std::string& chosen, std::string DesignMapSettings::*which) {
    rows.push_back(choice(id, name, rect, labels, map_axis_label(chosen), [which](App& a, const std::string& label) {
      for (const auto& n : map_input_names())
        if (map_axis_label(n) == label) a.state.map.*which = n;
    }));
  };
  auto end = [&](const char* id, const char* rect, const char* name, double value, double DesignMapSettings::*which) {
    rows.push_back(number(id, capitalized(tr(name)), rect, value, -1e6, 1e6, 0, "", 4,
                          [which, name](App& a, double v) { set_map_range_end(a, a.state.map.*which, v, name); }));
  };
  axis("map-x", "map-x", tr("Design map x axis"), m.x, &DesignMapSettings::x);
  end("map-x-from", "map-xlo", translatable("x from"), m.x_lo, &DesignMapSettings::x_lo);
  end("map-x-to", "map-xhi", translatable("x to"), m.x_hi, &DesignMapSettings::x_hi);
  axis("map-y", "map-y", tr("Design map y axis"), m.y, &DesignMapSettings::y);
  end("map-y-from", "map-ylo", translatable("y from"), m.y_lo, &DesignMapSettings::y_lo);
  end("map-y-to", "map-yhi", translatable("y to"), m.y_hi, &DesignMapSettings::y_hi);
  std::vector<std::string> quantities;
  for (const char* q : kMapQuantities) quantities.push_back(map_quantity_name(q));
  rows.push_back(choice("map-quantity", tr("Design map shows"), "map-quantity", quantities, map_quantity_name(m.quantity),
                        [](App& a, const std::string& shown) {
                          for (const char* q : kMapQuantities)
                            if (map_quantity_name(q) == shown) a.state.map.quantity = q;
                        }));
  rows.push_back(number("map-count", tr("Points along each axis (2 to 200)"), "map-count", m.count, 2, 200, 1, "", 0,
                        [](App& a, double n) { set_map_count(a, n); }));
  rows.push_back(number("map-vmax", tr("The highest speed the map looks for (0.1 to 100 m/s)"), "map-vmax", m.vmax, 0.1, 100, 0, "m/s", 2,
                        [](App& a, double v) { set_map_vmax(a, v); }));
}

// A time plot's y-axis (its scale menu): fit, symmetric or fixed, and a fixed range's two ends, applied and
// refused as in the menu (time_plot.cpp, set_plot_range). `rect`: the scale button's names.
void plot_scale_rows(App& app, std::vector<AccessRow>& rows, const PlotSpec& spec, PlotScale UiState::*which, const std::string& rect) {
  const PlotScale& scale = app.state.*which;
  const std::string id = spec.id, title = spec.title, unit = spec.unit;
  std::vector<std::string> modes;
  for (auto m : {PlotScale::Mode::fit, PlotScale::Mode::symmetric, PlotScale::Mode::fixed}) modes.push_back(plot_scale_name(m));
  rows.push_back(choice("yscale-" + id, trf("%s: y-axis", spec.title), rect, modes, plot_scale_name(scale.mode),
                        [which](App& a, const std::string& name) {
                          for (auto m : {PlotScale::Mode::fit, PlotScale::Mode::symmetric, PlotScale::Mode::fixed})
                            if (name == plot_scale_name(m)) (a.state.*which).mode = m;
                        }));
  if (scale.mode != PlotScale::Mode::fixed) return;
  for (const bool from : {true, false}) {
    const std::string end = from ? tr("from") : tr("to");
    rows.push_back(number("y" + std::string(from ? "from" : "to") + "-" + id, title + ": " + end, rect, from ? scale.lo : scale.hi,
                          -kMaxPlotValue, kMaxPlotValue, 0, unit, 3, [which, from, id, title, unit](App& a, double v) {
                            PlotScale& s = a.state.*which;
                            const PlotSpec named{id.c_str(), title.c_str(), unit.c_str()};
                            set_plot_range(named, s, from ? v : s.lo, from ? s.hi : v, from);
                          }));
  }
}

// The eigenvalue panel's own controls beside its range, as the panel has them: its note, the plot's
// options, the sweep's CSV, the sensitivities and the ghost.
void eigen_panel_rows(App& app, std::vector<AccessRow>& rows) {
  note_row(app, rows, "eigen", translatable("Eigenvalues"));
  rows.push_back(checkbox("im-s", imaginary_parts_name(), "im-s", app.state.show_imaginary, [](App& a, bool on) { a.state.show_imaginary = on; }));
  rows.push_back(checkbox("root-locus", tr("root locus"), "root-locus", app.state.root_locus, [](App& a, bool on) { a.state.root_locus = on; }));
  auto csv = button("eigen-csv", std::string("CSV (") + tr("Eigenvalues") + ")", "eigen-csv", "", download_sweep_csv);
  csv.control.description = tr("Download the sweep (speed, Re and Im of every branch)");
  rows.push_back(std::move(csv));
  // The button's face: what it switches to (its label on the canvas, without its ImGui identity).
  std::string face = app.state.eigen_view == "sensitivity" ? tr("Eigenvalue plot###eigen-view") : tr("Sensitivities###eigen-view");
  face = face.substr(0, face.find("###"));
  auto view = button("eigen-view", face, "eigen-view-toggle", "", [](App& a) {
    a.state.eigen_view = a.state.eigen_view == "sensitivity" ? "plot" : "sensitivity";
  });
  view.control.description = tr("What moves my stable range: the critical speeds' derivatives by parameter");
  rows.push_back(std::move(view));
  auto pin = button("ghost-pin", tr("Pin as ghost"), "ghost-pin", "", [](App& a) { a.state.ghost = a.state.bike; });
  pin.control.description = tr("Keep this bicycle's curves, faded, to compare with the next design");
  rows.push_back(std::move(pin));
  if (app.state.ghost) rows.push_back(button("ghost-clear", tr("Clear ghost"), "ghost-clear", "", [](App& a) { a.state.ghost.reset(); }));
}

// A number its canvas slider keeps within [lo, hi]: a value typed past them is refused and said, as the
// time step's is, not clamped as the slider clamps a drag; the last refusal goes once a value is taken.
AccessRow slider_number(std::string id, const std::string& name, std::string rect, double lo, double hi, const char* unit,
                        int decimals, double& (*field)(App&), App& app) {
  return number(std::move(id), name, std::move(rect), field(app), lo, hi, 0, unit, decimals, [name, lo, hi, field](App& a, double x) {
    const std::string prefix = name + " = ";
    std::erase_if(a.messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
    if (x >= lo && x <= hi) {
      field(a) = x;
      return;
    }
    a.messages.push_back(prefix + format_shortest(x) + " " +
                         trf("refused: %s to %s; %s stays %s", format_shortest(lo).c_str(), format_shortest(hi).c_str(), name.c_str(),
                             format_shortest(field(a)).c_str()));
  });
}

// The simulation panel's note, its time factor ("time x") and the time plots' window, each within its
// slider's ends (number_field.cpp's time_window_field for the window: 0.5 to 600 s).
void simulation_panel_rows(App& app, std::vector<AccessRow>& rows) {
  heading(rows, translatable("Simulation"));
  note_row(app, rows, "sim", translatable("Simulation"));
  auto scale = slider_number("time-scale", tr("time x"), "time-scale", 0.05, 10.0, "", 2,
                             [](App& a) -> double& { return a.state.sim.time_scale; }, app);
  scale.control.description = tr("Simulated seconds per real second: slow motion below 1, fast above");
  rows.push_back(std::move(scale));
  auto window = slider_number("time-window", capitalized(tr("time window (s)")), "time-window", 0.5, 600.0, "s", 1,
                              [](App& a) -> double& { return a.state.plot_window; }, app);
  window.control.description = tr("Seconds of the run the plots show");
  rows.push_back(std::move(window));
}

// The panels: the model, its parameters, the designer's inputs, the plot's range, the other settings.
void panel_rows(App& app, std::vector<AccessRow>& rows) {
  const bool locked = app.state.locked;
  heading(rows, translatable("Model and parameters"));
  // The models by their titles in the page's language, as the Models menu has them.
  std::vector<std::string> titles;
  std::string current;
  for (const auto& m : examples::models()) {
    titles.push_back(tr(m.title));
    if (m.name == app.state.model) current = titles.back();
  }
  auto model = choice("model", tr("Model"), "menu:models", titles, current, [](App& a, const std::string& title) {
    for (const auto& m : examples::models())
      if (title == tr(m.title)) select_model(a, m.name);
  });
  model.control.disabled = locked;
  rows.push_back(std::move(model));
  // The model panel's formulation and "Paper's methods" (a keyboard-only student could reach neither).
  if (const auto* entry = examples::find_model(app.state.model); entry && !has_parameter_table(app)) {
    if (!entry->variants.empty()) {
      auto variant = choice("variant", capitalized(tr("formulation")), "variant", entry->variants, app.state.variant,
                            [](App& a, const std::string& v) { a.state.variant = v; });
      variant.control.disabled = locked;
      rows.push_back(std::move(variant));
    }
    auto papers = button("papers-methods", tr("Paper's methods"), "papers-methods", "", use_papers_methods);
    papers.control.description = tr("Integrator, solver, stabilization and step as in the paper");
    papers.control.disabled = locked;
    rows.push_back(std::move(papers));
  }
  if (has_parameter_table(app)) {
    note_row(app, rows, "params", translatable("Parameters"));
    // The presets by their names in the page's language, as the Preset list has them.
    std::vector<std::string> presets;
    for (const auto& p : bicycle::presets()) presets.push_back(preset_title(std::string(p.name)));
    auto preset = choice("preset", tr("Preset"), "preset", presets, preset_title(app.state.preset), [](App& a, const std::string& title) {
      for (const auto& p : bicycle::presets())
        if (title == preset_title(std::string(p.name))) choose_preset(a, std::string(p.name));
    });
    preset.control.disabled = locked;
    if (!same_bike(app.state.bike, preset_parameters(app.state.preset)))
      preset.control.description = trf("%s (changed)", preset_title(app.state.preset).c_str());
    rows.push_back(std::move(preset));
    auto reset_all = button("reset-all", tr("Reset all"), "reset-all", "", [](App& a) { a.state.bike = preset_parameters(a.state.preset); });
    reset_all.control.description = trf("Every parameter back to the preset '%s'", preset_title(app.state.preset).c_str());
    reset_all.control.disabled = locked;
    rows.push_back(std::move(reset_all));
    // The bicycle's file, saved and loaded (a keyboard's user could do neither, a tester found).
    rows.push_back(button("save-bike", tr("Save bicycle (JSON)"), "save-bike", "", save_bicycle_file));
    auto load = button("load-bike", tr("Load bicycle..."), "load-bike", "", [](App&) { open_json_file(); });
    load.control.disabled = locked;
    rows.push_back(std::move(load));
    for (const auto& in : designer_input_table()) {
      const double shown = in.shown(app.state.bike);
      auto r = number(std::string("designer-") + in.id, capitalized(tr(in.label)), std::string("designer:") + in.id, shown,
                      in.min, in.max, 0, in.unit, 1, [&in](App& a, double v) { apply_designer_input(a, in, v); });
      r.control.description = tr(in.tip);
      r.control.disabled = locked;
      r.section = "designer-inputs";
      rows.push_back(std::move(r));
    }
    AccessRow moves;
    moves.control.id = "front-moves";
    moves.control.role = "checkbox";
    moves.control.name = tr("Front assembly moves with the wheelbase");
    moves.control.rect = "designer:front-moves";
    moves.control.pressed = app.state.front_moves;
    moves.control.disabled = locked;
    moves.act = [](App& a, const std::string& v) { a.state.front_moves = v == "1"; };
    moves.section = "designer-inputs";
    rows.push_back(std::move(moves));
    const bicycle::Parameters base = preset_parameters(app.state.preset);
    for (std::size_t i = 0; i < bicycle::kParameterCount; ++i) {
      const auto& d = bicycle::kParameterTable[i];
      const std::string name(d.name), unit(d.unit);
      const double v = app.state.bike.*(d.member);
      auto r = number("param-" + name, name + ", " + tr(std::string(d.description)), "param:" + name, v, -1e300, 1e300, 0, unit, 3,
                      [i](App& a, double value) { apply_parameter_value(a, i, value); });
      // Said to six significant digits ("0.314159 radians", not all seventeen of pi/10); the field's own
      // text, which is what is edited, keeps the exact value.
      char said[32];
      std::snprintf(said, sizeof said, "%.6g", v == 0 ? 0.0 : v);
      std::replace(said, said + std::strlen(said), '.', decimal_separator());
      r.control.value_text = std::string(said) + " " + unit_words(unit);
      r.control.disabled = locked;
      r.section = std::string(bicycle::group_name(d.group));
      rows.push_back(std::move(r));
      // Its "x", by the words its tooltip gives it (the letter alone says nothing); it cannot act while the
      // value is the preset's, as on the canvas.
      const double preset_value = base.*(d.member);
      auto reset = button("param-reset-" + name, trf("Reset %s to the preset's %s", name.c_str(), format_shortest(preset_value).c_str()),
                          "param-reset:" + name, "", [i](App& a) { reset_parameter(a, i); });
      reset.control.disabled = locked || (v == preset_value && (i >= app.edit_problem.size() || app.edit_problem[i].empty()));
      reset.section = r.section;
      rows.push_back(std::move(reset));
    }
    heading(rows, translatable("Eigenvalues"));
    rows.push_back(number("vmin", tr("Eigenvalue plot from speed"), "vmin", app.state.sweep_min, 0, 100, 0, "m/s", 2,
                          [](App& a, double v) { apply_speed_range(a, v, a.state.sweep_max); }));
    rows.push_back(number("vmax", tr("Eigenvalue plot to speed"), "vmax", app.state.sweep_max, 0, 100, 0, "m/s", 2,
                          [](App& a, double v) { apply_speed_range(a, a.state.sweep_min, v); }));
    eigen_panel_rows(app, rows);
  } else {
    heading(rows, translatable("Eigenvalues"));
    note_row(app, rows, "model-eigen", translatable("Eigenvalues"));
    if (app.rects.contains("model-eigen-im-s"))
      rows.push_back(checkbox("im-s", imaginary_parts_name(), "model-eigen-im-s", app.state.show_imaginary, [](App& a, bool on) { a.state.show_imaginary = on; }));
  }
  if (has_parameter_table(app) && (app.state.show_design || (app.compact && app.state.panel == "design"))) design_map_rows(app, rows);
  if (app.run) simulation_panel_rows(app, rows);
  if (app.run) method_rows(app, rows);
  // The time plots' y-axes: the bicycle's angles and speed, another model's probes.
  if (app.run) {
    if (has_parameter_table(app)) {
      plot_scale_rows(app, rows, {"angles", tr("roll and steer"), tr("deg")}, &UiState::angles_axis, "yscale:angles|yscale:stage-angles");
      plot_scale_rows(app, rows, {"speed", tr("forward speed"), "m/s"}, &UiState::speed_axis, "yscale:speed");
    } else {
      const auto& probes = app.run->run().instance().probes;
      const std::string unit = probes.empty() ? "J" : probes.front().unit;
      plot_scale_rows(app, rows, {"probes", probes.empty() ? tr("energy") : tr("probes"), unit.c_str()}, &UiState::probes_axis,
                      "yscale:probes|yscale:stage-probes");
    }
    // The time plots' CSV (the run's time series).
    auto csv = button("sim-csv", std::string("CSV (") + tr("Simulation") + ")", "sim-csv", "", download_run_csv);
    csv.control.description = trf("Download the time series of this run (the last %zu samples)", app.run->history().size());
    rows.push_back(std::move(csv));
  }
  if (const auto* entry = examples::find_model(app.state.model))
    for (const auto& q : entry->settings) {
      if (q.name == "speed") continue;
      // A turn's values (its steer, its rates) are computed to every digit: shown to the three decimals said.
      const double value = setting_in_effect(app, q.name, q.value);
      auto r = number("setting-" + q.name, capitalized(tr(words_of(q.name))), "setting:" + q.name,
                      app.state.from_turn.empty() ? value : to_decimals(value, 3), q.min, q.max, 0, q.unit, 3, [name = q.name](App& a, double v) { apply_setting_value(a, name, v); });
      r.control.description = tr(q.description);
      if (!app.state.from_turn.empty()) {
        r.control.disabled = true;
        r.control.description += " " + std::string(set_by_the_turn_note());
      }
      r.section = "settings-node";
      rows.push_back(std::move(r));
    }
}

// The shortcut list as a table (its rows tab-separated) under a sentence the live region says.
std::string describe_shortcuts() {
  std::string out = std::string(tr("The keyboard shortcuts, as a table after the page's controls; Escape closes the list.")) + "\n";
  out += std::string(tr("key")) + "\t" + tr("what it does") + "\n";
  for (const Shortcut& s : kShortcuts) out += std::string(tr(s.keys)) + "\t" + tr(s.what) + "\n";
  return out;
}

}  // namespace

SpeedStability speed_stability(App& app) {
  if (!app.state.from_turn.empty()) return {};  // upright running's: not while a turn is ridden
  const double v = setting_in_effect(app, "speed", 0.0);
  SpeedStability out;
  out.words = stability_words(app, v);
  if (!out.words.empty()) out.said = trf("At %s m/s: %s", fixed(v, 2).c_str(), out.words.c_str());
  return out;
}

void open_focused_section(App& app, std::string_view section) {
  if (section.empty() || app.open_section != section) return;
  ImGui::SetNextItemOpen(true);
  app.open_section.clear();
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::vector<AccessRow> access_rows(App& app) {
  // The shortcut list opened (its button, ? or the Help menu): a screen reader gets its rows as text.
  // Closed, the list leaves "Plot as text" with it (unless a plot's description has replaced it since): a
  // table of keys left there would read as part of the page after the list has gone.
  static bool help_shown = false;
  static std::string shortcuts;
  if (app.show_help && !help_shown) {
    shortcuts = describe_shortcuts();
    show_as_text(shortcuts);
  }
  if (g_describer && !app.show_help) {
    std::string now = described_for(app);
    if (now != g_described_for) {
      g_described_for = std::move(now);
      g_access_description = g_describer(app);
      g_access_description_quiet = true;  // the user did not ask: the region follows, the live region is not filled
    }
  }
  if (!app.show_help && help_shown && !shortcuts.empty() && (g_access_description_shown == shortcuts || g_access_description == shortcuts)) {
    if (g_access_description == shortcuts) g_access_description.clear();
    g_access_description_clear = true;
  }
  help_shown = app.show_help;
  std::vector<AccessRow> rows;
  g_groups.clear();
  view_rows(app, rows);
  panel_rows(app, rows);
  for (const auto& [at, name] : g_groups)
    if (at < rows.size()) rows[at].control.heading = name;  // an empty group's heading goes to the next one's row, and is replaced
  // An embed shows the stage alone: its controls are those of the stage, its bar and its plot (a course page's
  // embed had 127 native controls, every parameter and the lesson editor, and Tab went through them all to
  // leave it; a student). A kept group's heading goes with its first kept row.
  if (app.state.embed) {
    const auto on_stage = [](const std::string& id) {
      for (const char* kept : {"play", "step", "reset", "kick", "timeline", "timeline-start", "timeline-rate", "speed", "speed-typed",
                               "caption-read", "scene-previous", "scene-next", "scene-again", "fit", "help", "describe-eigen",
                               "describe-time", "describe-turns", "describe-compare", "open-in-playground"})
        if (id == kept) return true;
      return id.rfind("hold-", 0) == 0;
    };
    std::string heading;
    std::vector<AccessRow> kept;
    for (auto& r : rows) {
      if (!r.control.heading.empty()) heading = r.control.heading;
      if (!on_stage(r.control.id)) continue;
      r.control.heading = std::exchange(heading, std::string());
      kept.push_back(std::move(r));
    }
    rows = std::move(kept);
  }
  // The QR code and the shortcut list cover the page: while one is open, Tab goes only to what closes it
  // (its toggle; Escape too) and, with the QR code, Copy link, not to the controls hidden under it.
  if (app.show_qr || app.show_help) {
    std::erase_if(rows, [&](const AccessRow& r) {
      const std::string& id = r.control.id;
      return !(app.show_qr ? id == "qr" || id == "copy-link" : id == "help");
    });
    for (auto& r : rows) r.control.modal = true;  // Tab goes round them: past the last it left for the page's body
  }
  return rows;
}

std::string describe_eigenvalue_plot(App& app) {
  refresh_analysis(app);
  if (!app.model || !app.sweep.error.empty()) return trf("The eigenvalue plot is not available: %s", tr(app.sweep.error).c_str());
  const auto& sw = app.sweep;
  std::string out = trf("Eigenvalue plot, real parts against speed from %s to %s m/s.", fixed(sw.vmin, 2).c_str(), fixed(sw.vmax, 2).c_str());
  out += " " + shown_stability_summary(sw) + ". ";
  out += trf("Weave speed %s; capsize speed %s.", sw.weave ? (fixed(*sw.weave, 4) + " m/s").c_str() : tr("none"),
             sw.capsize ? (fixed(*sw.capsize, 4) + " m/s").c_str() : tr("none")) +
         "\n";
  const double v = setting(app.state, "speed");
  // The plot is of upright running: riding a steady turn, its speed is not the turn's.
  out += (app.state.from_turn.empty() ? trf("At the current speed, %s m/s, %s:", fixed(v, 2).c_str(), stability_words(app, v).c_str())
                                      : trf("Upright running at the set speed, %s m/s (not the steady turn ridden), %s:", fixed(v, 2).c_str(),
                                            stability_words(app, v).c_str())) +
         "\n";
  out += std::string(tr("mode")) + "\t" + tr("real part (1/s)") + "\t" + tr("imaginary part (1/s)") + "\n";
  for (const auto& e : labelled_eigenvalues(*app.model, v, sw))
    out += tr(e.label) + "\t" + fixed(e.value.real(), 4) + "\t" + fixed(e.value.imag(), 4) + "\n";
  return out;
}

std::string describe_steady_turns(App& app) {
  const TurnFamilies& turns = app.turns;
  if (!app.state.show_turns) return tr("The steady turns are not shown: press Steady turns to compute them.");
  if (!turns.computing_for(app.state.bike) || !turns.started()) return tr("The steady turns are being computed; describe them again in a moment.");
  if (!turns.error().empty()) return trf("The steady turns could not be computed: %s", turns.error().c_str());
  if (!turns.done())
    return trf("The steady turns are being computed: %.0f %%; describe them again in a moment.", 100 * turns.progress());
  int count = 0, stable = 0;
  // Per family, each run of stable turns one after the other along a branch: its leans and speeds. One range
  // from the first stable lean to the last read as stable between them, where it is not (a tester).
  std::map<std::string, std::vector<std::array<double, 4>>> ranges;
  for (const auto& branch : turns.branches()) {
    std::string run_family;  // the family of the run of stable turns being read ("" between runs)
    for (const auto& t : branch.turns) {
      ++count;
      if (!t.stable) {
        run_family.clear();
        continue;
      }
      ++stable;
      auto& runs = ranges[t.family];  // a branch may cross from one family to the other (TurnBranch)
      if (run_family != t.family) runs.push_back({t.lean, t.lean, t.speed, t.speed});
      auto& r = runs.back();
      r = {std::min(r[0], t.lean), std::max(r[1], t.lean), std::min(r[2], t.speed), std::max(r[3], t.speed)};
      run_family = t.family;
    }
  }
  std::string out = trf("Steady turns, hands-free, leaning right (turns to the left mirror them): %d turns at leans from 0.02 to 1.4 rad, "
                        "%d of them stable.",
                        count, stable);
  for (const char* family : {bicycle::kHandlebarForward, bicycle::kHandlebarReversed}) {
    const auto it = ranges.find(family);
    out += " ";
    if (it == ranges.end()) {
      out += trf("%s: no stable turn.", turn_family_name(family).c_str());
      continue;
    }
    std::string runs;
    for (const auto& r : it->second) {
      if (!runs.empty()) runs += "; ";
      const std::string lean0 = fixed(r[0], 2), lean1 = fixed(r[1], 2), speed0 = fixed(r[2], 2), speed1 = fixed(r[3], 2);
      runs += lean0 == lean1 ? trf("at lean %s rad, speed %s m/s", lean0.c_str(), speed0.c_str())
                             : trf("at leans from %s to %s rad, speeds from %s to %s m/s", lean0.c_str(), lean1.c_str(), speed0.c_str(), speed1.c_str());
    }
    out += trf("%s: stable turns %s.", turn_family_name(family).c_str(), runs.c_str());
  }
  out += "\n" + std::string(tr("At each tenth of a radian of lean:")) + "\n";
  out += std::string(tr("family\tlean (rad)\tspeed (m/s)\tsteer (rad)\tradius (m)\tstability")) + "\n";
  for (const auto* turn : listed_turns(turns.branches())) {
    const auto& t = *turn;
    out += turn_family_name(t.family) + "\t" + fixed(t.lean, 1) + "\t" + fixed(t.speed, 3) + "\t" + fixed(t.steer, 3) + "\t" +
           fixed(t.radius, 2) + "\t" + (t.stable ? tr("stable") : tr("unstable")) + "\n";
  }
  return out;
}

std::string describe_comparison(App& app) {
  sync_run(app);
  if (!app.run || app.comparison.runs().empty()) return tr("No methods compared.");
  std::string out = trf("Methods compared at t = %s s:", fixed(app.run->time(), 3).c_str()) + "\n";
  const std::string& not_conserved = app.run->run().energy_not_conserved();
  out += (not_conserved.empty()
              ? tr("run\tmethods\tposition violation now (m or rad)\tlargest\tenergy drift\tsteps\tevaluations\trejected\tcorrections\t"
                   "CPU ms per simulated s")
              : tr("run\tmethods\tposition violation now (m or rad)\tlargest\tenergy change\tsteps\tevaluations\trejected\tcorrections\t"
                   "CPU ms per simulated s")) +
         std::string("\n");
  if (!not_conserved.empty()) out += trf("The energy is not conserved: %s.", tr(not_conserved).c_str()) + "\n";
  for (const auto& r : comparison_rows(app.state, *app.run, app.comparison)) {
    if (!r.error.empty() && !r.ran) {
      out += r.label + "\t" + r.methods + "\t" + trf("not running: %s", tr(r.error).c_str()) + "\n";
      continue;
    }
    char line[320];
    std::snprintf(line, sizeof line, "%s\t%s\t%.1e\t%.1e\t%.1e\t%ld\t%ld\t%ld\t%ld\t%.3g\n", r.label.c_str(), r.methods.c_str(),
                  r.position_violation, r.max_position_violation, r.energy_drift, r.steps, r.evaluations, r.rejected, r.corrections,
                  r.cpu_ms_per_sim_second);
    out += line;
    if (!r.error.empty()) out += r.label + "\t" + trf("not running: %s", tr(r.error).c_str()) + "\n";  // as it stopped, above
  }
  if (const auto study = study_shown(app.state); study && !study->published.empty()) out += trf("Published: %s", tr(study->published).c_str()) + "\n";
  return out;
}

std::string describe_time_plots(App& app) {
  sync_run(app);
  if (!app.run || app.run->history().empty()) return tr("No run to describe.");
  const auto& run = app.run->run();
  const auto& defs = run.instance().probes;
  const auto& hist = app.run->history();
  std::string out = trf("Time plots at t = %s s (since the start):", fixed(app.run->time(), 3).c_str()) + "\n";
  out += tr("quantity\tnow\tlowest\thighest") + std::string("\n");
  for (std::size_t k = 0; k < defs.size(); ++k) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& s : hist)
      if (k < s.probes.size() && std::isfinite(s.probes[k])) lo = std::min(lo, s.probes[k]), hi = std::max(hi, s.probes[k]);
    const double now = k < hist.back().probes.size() ? hist.back().probes[k] : std::nan("");
    if (!std::isfinite(lo)) continue;
    out += tr(words_of(defs[k].name)) + " (" + defs[k].unit + ")\t" + fixed(now, 4) + "\t" + fixed(lo, 4) + "\t" + fixed(hi, 4) + "\n";
  }
  return out;
}

}  // namespace carvallo::web
