#pragma once
// Lessons in the playground (web/logic/lesson.hpp): opening one (the menu, a link, a file, setLesson),
// moving between its scenes (the clicker's keys, the stage bar), authoring one (add this view as a scene,
// captions, order) and its share link.

#include "app.hpp"

#include <optional>
#include <string>

namespace carvallo::web {

/// The link of what is shown: the state's link and, with a lesson open, `lesson=` and `scene=`;
/// `shortest`: the state's fields that differ from their defaults only (to_short_link: a QR code).
std::string page_link(const App& app, bool shortest = false);
/// The same for another state than the app's (its lesson and scene added).
std::string page_link(const App& app, const UiState& state, bool shortest = false);
/// The link for a student's own device (the QR code): the page's shortest link without what belongs to
/// this screen (presentation, text size, contrast, the performance overlay) and, in a lesson, without the
/// scene's own caption, which the scene gives back in the student's language (open_lesson); a scene
/// unchanged since it began is `lesson=` and `scene=` alone (and `lang=`). Fewer characters: fewer,
/// larger modules for phones at the back of a room.
std::string student_link(const App& app);
/// Opens `lesson` at scene `index`; with `show`, the scene is shown (its link and caption).
void open_lesson(App& app, Lesson lesson, int index, bool show);
void close_lesson(App& app);
/// Close lesson as the user asks it: the lesson closes, its scene's caption leaves the view with it, and a
/// toast says that Lesson > Reopen lesson brings it back.
void close_lesson_asked(App& app);
/// "title (n scenes)" of the lesson Reopen lesson brings back ("" without one).
std::string reopen_title(const App& app);
/// The lesson of one's own closed last, at its scene (a lesson open then is closed in its place).
void reopen_lesson(App& app);
/// Shows scene `index` of the open lesson: its link read as any link (the viewer's presentation, text
/// size, embed and lock kept), its caption, the run from t = 0, playing unless the user asked for reduced
/// motion. False when there is no such scene.
bool goto_scene(App& app, int index);
/// Whether what runs differs from the scene shown as it began (its model, design, settings, inputs, steady
/// turn or method: ModelView::signature), so that its caption describes something else than is seen.
bool scene_changed(const App& app);
/// Whether the caption shown is the open lesson's scene's own (not one typed since, nor none).
bool scene_caption_shown(const App& app);
/// The line shown under the caption, over the view, while the scene has changed (scene_changed and its own
/// caption shown), or "".
std::string scene_changed_note(const App& app);
/// The next (+1) or previous (-1) scene, as the clicker, the keys and the scene buttons go; past an end a
/// toast says so (and the live region with it).
void step_scene(App& app, int direction);
/// Adds to the messages what the last link's lesson fields could not give (a scene out of range).
void say_lesson_link_notes(App& app);
/// The lesson fields of a link (apply_link): a built-in lesson by name, or one compressed in the link.
void open_lesson_from_link(App& app, const LessonFields& fields, bool show);
/// The menu bar's Lesson menu.
void lesson_menu(App& app);
/// The lesson editor (title, scenes with their captions, order, delete).
void lesson_editor(App& app);
/// Whether the lesson editor is the window chosen (clicked, no box typed in): its keys are no shortcuts
/// then, nor the rider's torques.
bool lesson_editor_focused();
/// Previous, "3 / 7" and next: in the stage's bar, after what precedes them on its row (on that row if they
/// fit); in_caption, where the cursor is, the buttons' text dark on their light face (the caption's text is
/// white), for a lesson beside the panels, which has no stage bar, and at the top of an upright phone's tabs.
void scene_navigation(App& app, bool in_caption = false);
/// The width scene_navigation takes (none without a lesson).
float scene_navigation_width(const App& app);
/// A clicker's key (PageDown, PageUp, Right, Left) with a lesson open; true when it moved the lesson.
bool lesson_key(App& app, int key);
/// The lesson was edited: it becomes a lesson of our own, and its link form is computed again.
void lesson_changed(App& app);

// The lesson editor's actions, shared by its canvas widgets and the parallel DOM (access_controls.cpp).
/// Sets the open lesson's title, or says why not (check_caption); the title stays then.
std::optional<std::string> set_lesson_title(App& app, const std::string& text);
/// Sets scene `index`'s caption (the one shown too, if it is the scene shown), or says why not.
std::optional<std::string> set_scene_caption(App& app, int index, const std::string& text);
/// Adds what is on screen as a scene after the one shown (a new lesson if none is open) and says so; beyond
/// kMaxLessonScenes it says why not and gives false.
bool add_scene_of_view(App& app);
/// The scene shown takes this view (its caption kept): a scene's settings corrected without adding a scene,
/// moving it and deleting the old one (a lecturer). Offered while the view differs from the scene.
void keep_view_as_scene(App& app);
/// The scene shown starts paused (its run waits at its start until Play), or not: in its link and the view.
void set_scene_paused(App& app, bool paused);
/// The scene shown starts paused and has not been played yet: the clicker's next press plays it.
bool scene_waiting(const App& app);
/// Swaps scenes `from` and `to` (the scene shown keeps being shown).
void swap_scenes(App& app, int from, int to);
/// Deletes scene `index` (the last one closes the lesson).
void delete_scene(App& app, int index);
/// Copies the lesson's link, and says so.
void copy_lesson_link(App& app);
/// The scene deleted last back where it was, and shown (the editor's "Undo: bring back scene n").
void undo_delete_scene(App& app);
/// Offers the lesson as a JSON file, and says under which name.
void save_lesson_file(App& app);
/// What a scene shows, for its caption's box while it has none: the model's title, its design (the preset,
/// and whether it was changed), the setting its eigenvalue panel marks, the moment shown and what is drawn
/// beside the model ("No caption yet: <title>, <preset> (changed), speed 5 m/s, t = 1.46 s, ghost"); scenes
/// added one after another had looked alike in the editor (a lecturer).
std::string scene_summary(const Scene& scene);

}  // namespace carvallo::web
