// A designer's inputs in the parameters panel: head angle, fork offset, wheel diameters and the
// wheelbase, with the option "front assembly moves with the wheelbase". The 26 parameters stay the truth
// (bicycle/designer_geometry.hpp says what each input keeps and what follows); an input that would make
// the bicycle unphysical is refused with the reason, and the bicycle stays as it was.
#include "app.hpp"
#include "panels/access_controls.hpp"
#include "panels/palette_colors.hpp"
#include "panels/design_panels.hpp"
#include "panels/number_field.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"
#include "logic/language.hpp"

#include "bicycle/designer_geometry.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>
#include <string>
#include <string_view>

namespace carvallo::web {

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// Each designer input once: the panel's rows and the parallel DOM's spinbuttons (access_controls.cpp);
// the label and the tip in English, shown through tr.
const std::vector<DesignerInput> kInputs{
    {translatable("head angle"), "head-angle", "%.4f", "deg", translatable("90 deg - lambda; the fork offset is kept, the trail follows"),
     [](const bicycle::Parameters& p) { return bicycle::head_angle_deg(p); },
     [](const bicycle::Parameters& b, double deg, bool) { return bicycle::set_head_angle(b, deg); }, 0, 180},
    {translatable("fork offset"), "rake", "%.3f", "mm",
     translatable("Rake: the front axle's distance ahead of the steer axis; lambda and rF kept, the trail follows"),
     [](const bicycle::Parameters& p) { return bicycle::fork_offset(p) * 1000; },
     [](const bicycle::Parameters& b, double mm, bool) { return bicycle::set_fork_offset(b, mm / 1000); }, -kUnbounded, kUnbounded},
    {translatable("front wheel"), "front-diameter", "%.1f", "mm",
     translatable("Diameter 2 rF; fork offset and lambda kept (the trail follows), the front frame rises with the axle"),
     [](const bicycle::Parameters& p) { return 2000 * p.rF; },
     [](const bicycle::Parameters& b, double mm, bool) { return bicycle::set_front_wheel_diameter(b, mm / 1000); }, 0, kUnbounded},
    {translatable("rear wheel"), "rear-diameter", "%.1f", "mm", translatable("Diameter 2 rR; the rear frame (with rider) rises with the axle"),
     [](const bicycle::Parameters& p) { return 2000 * p.rR; },
     [](const bicycle::Parameters& b, double mm, bool) { return bicycle::set_rear_wheel_diameter(b, mm / 1000); }, 0, kUnbounded},
    {translatable("wheelbase"), "wheelbase", "%.1f", "mm", translatable("w; with the option below the front assembly moves along"),
     [](const bicycle::Parameters& p) { return p.w * 1000; },
     [](const bicycle::Parameters& b, double mm, bool moves) { return bicycle::set_wheelbase(b, mm / 1000, moves); }, 0, kUnbounded},
};

// One row: label, the value (typed and applied on Enter or leaving the field; on a touch screen a tap asks
// for it), unit.
void row(App& app, const DesignerInput& in) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(tr(in.label));
  ImGui::PopTextWrapPos();
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-FLT_MIN);
  const std::string rect = std::string("designer:") + in.id;
  double value = in.shown(app.state.bike);
  const std::string field_id = std::string("##") + in.id;
  NumberField field{field_id.c_str(), NumberStyle::input, in.format};
  field.question = std::string(tr(in.label)) + " (" + tr(in.unit) + ")";
  field.tip = tr(in.tip);
  std::string unreadable;
  const NumberChange change = number_field(field, value, &unreadable);
  if (change == NumberChange::typed) apply_designer_input(app, in, value);
  else if (change == NumberChange::unreadable) refuse_unreadable_designer_input(app, in, unreadable);
  record_rect(app, rect);
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", std::string_view(in.unit) == "deg" ? "\u00b0" : in.unit);  // the sign, in every language (a narrow column)
}

}  // namespace

const std::vector<DesignerInput>& designer_input_table() { return kInputs; }

namespace {

// The value in effect as the field shows it ("73.0000").
std::string kept_value(const App& app, const DesignerInput& input) {
  const char* point = std::strchr(input.format, '.');  // "%.4f": four decimals
  char kept[64];
  std::snprintf(kept, sizeof kept, "%.*f", point ? std::atoi(point + 1) : 6, input.shown(app.state.bike));
  return kept;
}

// A refusal begins as the input's native control is named and " = " ("Head angle = 180 deg refused: ...;
// head angle stays 73.0000 deg"): the control is marked invalid with it (names_control), and it says what
// stays (a screen reader's user heard the refusal, and the field said nothing of it).
void refuse(App& app, const DesignerInput& input, const std::string& refused, const std::string& why) {
  app.design.designer_problem = capitalized(tr(input.label)) + " = " + refused + " " +
                                trf("refused: %s; %s stays %s %s", why.c_str(), tr(input.label), kept_value(app, input).c_str(), input.unit);
}

}  // namespace

void refuse_unreadable_designer_input(App& app, const DesignerInput& input, const std::string& text) {
  app.design.designer_problem = capitalized(tr(input.label)) + " = '" + text + "' " +
                                trf("refused: not a number; %s stays %s %s", tr(input.label), kept_value(app, input).c_str(), input.unit);
}

void apply_designer_input(App& app, const DesignerInput& input, double value) {
  const std::string refused = format_shortest(value) + " " + input.unit;
  if (!std::isfinite(value)) return refuse(app, input, refused, tr("not a finite number"));
  const auto edit = input.set(app.state.bike, value, app.state.front_moves);
  if (edit.bike && bike_problems(*edit.bike).empty()) {
    app.state.bike = *edit.bike;
    app.design.designer_problem.clear();
    return;
  }
  std::vector<std::string> reasons;
  for (const auto& p : edit.problems) reasons.push_back(tr(p));
  if (edit.bike)  // physical, yet the linearized equations cannot be solved (make_canonical_model)
    for (const auto& issue : bike_problems(*edit.bike)) reasons.push_back(tr(bicycle::to_string(issue)));
  // The first two reasons and a count: a wheel of 1e308 mm had made the trail's, the head's and the wheel's
  // nine lines of red (a student).
  constexpr std::size_t kReasonsShown = 2;
  std::string why;
  for (std::size_t k = 0; k < reasons.size() && k < kReasonsShown; ++k) why += (why.empty() ? "" : "; ") + reasons[k];
  if (reasons.size() > kReasonsShown) why += " " + trf("... and %zu more", reasons.size() - kReasonsShown);
  refuse(app, input, refused, why);
}

void designer_inputs(App& app, bool with_header) {
  if (with_header) {
    // Open where there is room; on a phone closed, so the 26 parameters stay at hand (a tap opens it).
    ImGui::SetNextItemOpen(!app.compact, ImGuiCond_Once);
    open_focused_section(app, "designer-inputs");
    if (!ImGui::CollapsingHeader(tr("designer inputs###designer-inputs"))) return;  // open or closed in every language
    record_rect(app, "designer-inputs");
  }
  // The names' column as wide as the longest in the page's language, up to 45 % of the panel (then they wrap).
  const float fw = ImGui::GetFontSize();
  float name_w = fw * 7.5f;
  for (const auto& in : kInputs) name_w = std::max(name_w, ImGui::CalcTextSize(tr(in.label)).x);
  name_w = std::min(name_w, std::max(fw * 7.5f, ImGui::GetContentRegionAvail().x * 0.45f));
  if (ImGui::BeginTable("designer", 3, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, name_w);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("unit", ImGuiTableColumnFlags_WidthFixed, fw * 2.2f);
    for (const auto& in : kInputs) row(app, in);
    ImGui::EndTable();
  }
  // The trail the inputs make, which the lessons are about and no input names (a student changed the rake
  // and read c from the API).
  char trail[32];
  std::snprintf(trail, sizeof trail, "%.1f", app.state.bike.c * 1000.0);
  wrapped_textf("%s", trf("trail c = %s mm", trail).c_str());
  record_rect(app, "designer:trail");
  // The option's name is long for a narrow panel: the label wraps beside the box.
  ImGui::Checkbox("##front-moves", &app.state.front_moves);
  record_rect(app, "designer:front-moves");
  if (ImGui::IsItemHovered()) tooltipf("%s", tr("On: a wheelbase change moves the front frame's mass centre xH by the same amount"));
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text(tr("front assembly moves with the wheelbase"));
  ImGui::PopTextWrapPos();
  if (!app.design.designer_problem.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_textf(color_vec(pal().error_text), "%s", app.design.designer_problem.c_str());
    ImGui::PopTextWrapPos();
  }
  wheels_overlap_note(app, app.state.bike, "designer:wheels-overlap");
}

}  // namespace carvallo::web
