#pragma once
// What the lecture needs from the browser (web/platform/lecture.js): the QR code's modules, a lesson
// compressed for its link and back, the lesson file picker, the reduced-motion preference.

#include <cstdint>
#include <string>
#include <vector>

namespace carvallo::web {

/// A QR code (qrcode-generator, error correction M). The encoder is a file of its own that the page fetches
/// the first time a code is asked for (web/platform/lecture.js): until it is in, Loading (ask again: the
/// page is woken when it arrives); Unavailable when it cannot be had (no connection: asked again after a
/// few seconds, it is fetched again).
struct QrCode {
  enum class Status { Ready, TooLong, Loading, Unavailable };
  Status status = Status::Loading;
  std::vector<std::uint8_t> modules;  ///< size x size, row by row (1 dark), when Ready
  int size = 0;
};
/// The QR code of `text`.
QrCode qr_code(const std::string& text);

/// Starts compressing a lesson's JSON for its link; the base64url text arrives in
/// carvallo_lesson_encoded(generation, text) (web/platform/js_api_lecture.cpp).
void encode_lesson(const std::string& json, int generation);

/// Starts decompressing a link's `lesson=` value; the lesson's JSON arrives in
/// carvallo_open_lesson_json(text, scene, apply_scene), a refusal in carvallo_lesson_refused(message).
void decode_lesson(const std::string& data, int scene, bool apply_scene);

/// Opens the file picker for a lesson (JSON); the file arrives like a decoded link, at scene 1.
void open_lesson_file();

/// The page URL of a link: origin, path and '#' + link.
std::string page_url(const std::string& link);

/// Opens `url` in a new tab, detached from this page (an embed's way out to the whole playground).
void open_in_new_tab(const std::string& url);

/// The user asked the system for reduced motion: nothing plays by itself.
bool prefers_reduced_motion();

}  // namespace carvallo::web
