#include "panels/qr_overlay.hpp"
#include "logic/language.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/palette_colors.hpp"
#include "panels/panel_parts.hpp"
#include "platform/lecture_browser.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string_view>

namespace carvallo::web {

namespace {

// An address only this computer can open (the page served on the loopback): a phone that scans it
// reaches nothing, which the dialog says rather than leave a room of students puzzled.
bool only_this_computer(std::string_view url) {
  for (const std::string_view host : {"http://127.", "https://127.", "http://localhost", "https://localhost", "http://[::1]", "https://[::1]"})
    if (url.substr(0, host.size()) == host) return true;
  return false;
}

}  // namespace

const char* qr_words(const App& app) {
  // A scene changed since it began (another model chosen, another speed) is the view, within its lesson:
  // "the lesson at this scene" had stood under a four-bar chosen from the menu in a bicycle's scene.
  // A touch screen (a whiteboard, a tablet) has no Q or Escape: a tap beside the code closes it.
  const bool changed = app.lesson && scene_changed(app);
  if (app.coarse_pointer)
    return changed       ? tr("This view, as changed from the lesson's scene. A tap beside it closes it.")
           : app.lesson ? tr("The lesson at this scene. A tap beside it closes it.")
                        : tr("Everything shown here. A tap beside it closes it.");
  return changed       ? tr("This view, as changed from the lesson's scene. Q or Escape closes.")
         : app.lesson ? tr("The lesson at this scene. Q or Escape closes.")
                      : tr("Everything shown here. Q or Escape closes.");
}

void toggle_qr(App& app) {
  app.show_qr = !app.show_qr;
  if (!app.show_qr) app.qr_text.clear();
}

void qr_overlay(App& app) {
  if (!app.show_qr) return;
  // The student's link: encoded again only when it changes (a scene, a parameter); the modules are kept
  // between frames.
  const std::string text = page_url(student_link(app));
  // While the encoder is on its way (or could not be had) it is asked again each frame: lecture.js answers
  // at once, and fetches it again a few seconds after a failure.
  const bool waiting = app.qr.status == QrCode::Status::Loading || app.qr.status == QrCode::Status::Unavailable;
  if (text != app.qr_text || waiting) {
    app.qr_text = text;
    app.qr = qr_code(text);
  }
  const ImGuiIO& io = ImGui::GetIO();
  const float line = ImGui::GetFrameHeightWithSpacing();
  // As large as the screen allows (the free view's shorter side, or the screen's on a phone), with the
  // quiet zone of 4 modules the standard asks for; whole device pixels per module, for sharp edges.
  // On a screen wider than tall the words stand beside the code, which keeps the screen's height whatever
  // the text step (below it, they took 4 lines of the largest text: a lesson's code of 157 modules went
  // from 3 to 2 px a module, too small to scan from the seats; a tester).
  const bool local = only_this_computer(text);
  const float font = ImGui::GetFontSize(), pad = ImGui::GetStyle().WindowPadding.x, gap = ImGui::GetStyle().ItemSpacing.x;
  const bool beside = io.DisplaySize.x > 1.2f * io.DisplaySize.y;
  const float words_w = font * 14;  // the words' column beside the code
  const float room = beside ? std::min(io.DisplaySize.x - words_w - 2 * pad - gap, io.DisplaySize.y - ImGui::GetFrameHeight() - line) - px(app, 24)
                            : std::min(io.DisplaySize.x, io.DisplaySize.y - ImGui::GetFrameHeight()) - (local ? 4 : 2) * line - px(app, 24);
  const int n = app.qr.size + 8;
  const float module = app.qr.size > 0 ? std::max(1.0f, std::floor(room / static_cast<float>(n))) : 0.0f;
  const float side = module * static_cast<float>(n);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f + ImGui::GetFrameHeight() * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  ImGui::SetNextWindowFocus();
  bool open = true;
  ImGui::Begin(window_title(translatable("Scan to open this view")).c_str(), &open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove);
  if (app.qr.status == QrCode::Status::Loading) {
    ImGui::TextUnformatted(tr("Preparing the QR code..."));
  } else if (app.qr.status == QrCode::Status::Unavailable) {
    ImGui::TextUnformatted(tr("The QR code could not be made (no connection?): trying again."));
  } else if (app.qr.status == QrCode::Status::TooLong) {
    ImGui::TextUnformatted(tr("This link is too long for a QR code."));
  } else {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 origin(std::round(at.x), std::round(at.y));
    ImGui::Dummy(ImVec2(side, side));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(origin, ImVec2(origin.x + side, origin.y + side), IM_COL32(255, 255, 255, 255));
    for (int r = 0; r < app.qr.size; ++r)
      for (int c = 0; c < app.qr.size; ++c)
        if (app.qr.modules[static_cast<std::size_t>(r * app.qr.size + c)]) {
          const ImVec2 a(origin.x + module * static_cast<float>(c + 4), origin.y + module * static_cast<float>(r + 4));
          dl->AddRectFilled(a, ImVec2(a.x + module, a.y + module), IM_COL32(0, 0, 0, 255));
        }
    const auto ratio = static_cast<float>(app.pixel_ratio);
    app.rects["qr"] = {origin.x / ratio, origin.y / ratio, side / ratio, side / ratio};
    const char* what = qr_words(app);
    if (beside) {
      ImGui::SameLine();
      ImGui::BeginGroup();
    }
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + (beside ? words_w : std::max(side, ImGui::CalcTextSize(what).x)));
    ImGui::TextUnformatted(what);
    record_rect(app, "qr-words");
    if (local) {
      ImGui::TextColored(color_vec(pal().error_text), "%s", tr("This address opens on this computer only: serve the page on the network for phones to open it."));
      record_rect(app, "qr-local-note");
    }
    ImGui::PopTextWrapPos();
    if (beside) ImGui::EndGroup();
  }
  record_window_rect(app, "qr-window");
  const bool outside = ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows);
  ImGui::End();
  if (!open || outside) toggle_qr(app);
}

}  // namespace carvallo::web
