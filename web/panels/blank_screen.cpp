#include "panels/blank_screen.hpp"

#include "logic/language.hpp"
#include <imgui.h>
#include <imgui_internal.h>

namespace carvallo::web {

namespace {

constexpr const char* kBlankNote = translatable("The screen is blank: any key or a click shows it again");

}  // namespace

void set_blank(App& app, bool blank) {
  if (blank == app.blanked) return;
  app.blanked = blank;
  if (blank) {
    // The room sees the run where it was left, not a fall that happened in the dark.
    app.blank_resumes = app.playing;
    app.playing = false;
    // Said (a screen reader, the lecturer wondering what the key did); drawn under the black.
    set_toast(app, tr(kBlankNote));
    return;
  }
  // Its note, drawn under the black, is not shown to the room after it (a key soon after B had shown it).
  if (app.toast == tr(kBlankNote)) app.toast.clear();
  // A scene the clicker moved to in the dark starts as its own says (goto_scene, which clears blank_resumes).
  if (app.blank_resumes && app.run && !app.run->run().ended()) app.playing = true;
  app.blank_resumes = false;
}

void blank_overlay(App& app) {
  if (!app.blanked) return;
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize, ImGuiCond_Always);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0, 0, 0, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);  // rounded, its corners showed the page
  ImGui::Begin("##blank", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());  // over the menu bar, the messages, an open menu
  record_window_rect(app, "blank");
  if (ImGui::IsWindowHovered() && (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseClicked(ImGuiMouseButton_Right)))
    set_blank(app, false);
  ImGui::End();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

}  // namespace carvallo::web
