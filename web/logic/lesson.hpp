#pragma once
// A lesson: an ordered list of scenes, each a share link (state_link.hpp) with its caption. The built-in
// lessons, a lesson's JSON form ({"title", "scenes": [{"caption", "link"}]}, the file a lecturer saves and
// the text `lesson=` carries compressed) and the lesson fields of a link (`lesson=<name or data>` and
// `scene=<1-based index>`, which the state's own link reader does not know).
//
// A lesson from a file or a link is outside input: bounded (kMaxLessonScenes scenes, kMaxLessonBytes of
// JSON), each caption checked as a caption (check_caption) and each link only stored; a scene's link is
// read by read_link when the scene is shown, like any link, never evaluated.
//
// Pure C++ (no Emscripten, GL or ImGui), unit-tested natively.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

inline constexpr std::size_t kMaxLessonScenes = 50;
inline constexpr std::size_t kMaxLessonBytes = 65536;  ///< of the JSON text, once decompressed
inline constexpr std::size_t kMaxSceneLinkChars = 8192;  ///< what read_link reads

struct Scene {
  std::string caption;  ///< plain text, at most kMaxCaptionChars characters
  std::string link;     ///< the scene's state as a share link (hash text without '#'), possibly partial
};

struct Lesson {
  std::string name;   ///< a built-in lesson's name ("" for one authored or loaded)
  std::string title;
  std::vector<Scene> scenes;
};

/// The lessons shipped with the playground (why-bicycles-stay-up first).
const std::vector<Lesson>& builtin_lessons();
/// The built-in lesson of that name, or nullptr.
const Lesson* find_builtin_lesson(std::string_view name);

struct LessonRead {
  std::optional<Lesson> lesson;
  std::string problem;  ///< why it was refused (lesson empty), naming the scene and field
};

/// Reads a lesson's JSON text (a file, a decompressed link). Refuses, with the reason, text beyond
/// kMaxLessonBytes, more than kMaxLessonScenes scenes or none, a caption that check_caption refuses, a link
/// longer than kMaxSceneLinkChars, wrong types. Never throws.
LessonRead lesson_from_json(std::string_view text);
/// {"title", "scenes": [{"caption", "link"}]} (a built-in lesson also has its "name").
nlohmann::json lesson_to_json(const Lesson& lesson);

/// A link split into its lesson fields and the rest (the state's own fields, for read_link).
struct LessonFields {
  std::string lesson;        ///< `lesson=`'s value, percent-decoded ("" = none)
  std::optional<int> scene;  ///< `scene=`'s value (1-based) when it is a whole number in [1, kMaxLessonScenes]
  std::string rest;          ///< the hash without `lesson=` and `scene=`
  std::vector<std::string> problems;  ///< e.g. "scene: not a scene number"
};
LessonFields split_lesson_fields(std::string_view hash);

/// base64url without padding (RFC 4648 §5): how `lesson=` carries a compressed lesson.
bool is_base64url(std::string_view text);

}  // namespace carvallo::web
