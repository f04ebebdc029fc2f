#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"
#include "panels/timeline.hpp"

#include "app.hpp"
#include "panels/stage.hpp"
#include "logic/input_log.hpp"
#include "logic/language.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/row_layout.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TempInputIsActive: the time typed after a Ctrl+click

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace carvallo::web {

namespace {

// A replay holds the page at most this long per frame (the rest of the frame draws and takes input).
constexpr double kReplaySliceMs = 25.0;

// The slider's keys; in the presentation '.' is a clicker's blank button (main.cpp), not a step.
constexpr const char* kKeys = translatable("Keys: ',' a step back, '.' a step forward, Home the first moment");
constexpr const char* kKeysPresenting = translatable("Keys: ',' a step back, Home the first moment ('.' blanks the presentation)");

// The moment a link says: the run's clock to the microsecond. The clock is a sum of steps, 19.645000000000376
// after 3 929 of 5 ms, and the link said so (a lecturer's QR code). A microsecond is under half the smallest
// step (dt >= 1e-5 s), and a replay or a seek goes to the step within half a step of t: the same step.
double moment(const ModelView& run) { return std::round(run.time() * 1e6) / 1e6; }

// The moment shown is the state's, so the link says it (while paused).
void shown(App& app) {
  app.state.time_shown = app.synced_t = app.run ? moment(*app.run) : 0.0;
  // Rewound before the fall: the message about it is about a moment not shown any more.
  if (app.run && !app.run->run().ended() && app.run_event.rfind("At t = ", 0) == 0) app.run_event.clear();
  // ... and so is a toast saying the run has ended (it stood over t = 0.00 after |<; a student).
  if (app.run && !app.run->run().ended() &&
      (app.toast == tr("The run has ended: tap Reset to start it again") || app.toast == tr("The run has ended: Reset (R) starts it again")))
    app.toast_until = 0;
}

// The log is too long for a link: said, never cut.
std::string too_long(std::size_t events) {
  return "the run has " + std::to_string(events) + " inputs, more than the " + std::to_string(kMaxLinkedInputs) +
         " a link carries";
}

// `text` over the slider just drawn, at its left end while the thumb is in the right half (`at`: its
// position, 0 to 1), else at its right end; its box is the widget "timeline:time".
void time_text(App& app, const std::string& whole, const std::string& shorter, double at) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const ImGuiStyle& style = ImGui::GetStyle();
  // The moment alone where the whole text would run under the thumb or past the groove's end (a 4:3
  // projector's methods compared at a larger text step showed "t = 11.88 of 11.88" and the thumb over it).
  const float room = hi.x - lo.x - 2 * style.FramePadding.x - style.GrabMinSize;
  const std::string& text = ImGui::CalcTextSize(whole.c_str()).x <= room ? whole : shorter;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const float x = std::max(lo.x, at > 0.5 ? lo.x + style.FramePadding.x : hi.x - style.FramePadding.x - size.x);
  const float y = lo.y + style.FramePadding.y;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(lo, hi, true);
  draw->AddText(ImVec2(x, y), ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
  draw->PopClipRect();
  const auto r = static_cast<float>(app.pixel_ratio);
  app.rects["timeline:time"] = {x / r, y / r, std::min(size.x, hi.x - x) / r, size.y / r};
}

}  // namespace

bool replay_requested(const App& app) {
  return app.state.input_log != app.synced_log || app.state.time_shown != app.synced_t;
}

bool seek_requested(App& app) {
  if (!app.run || app.state.input_log != app.synced_log) return false;
  const double t = app.state.time_shown;
  const ModelView& run = *app.run;
  if (!(t >= run.first_time() - 0.5 * run.time_step() && t <= run.last_time() + 0.5 * run.time_step())) return false;
  seek(app, t);
  return true;
}

void load_replay(App& app) {
  app.replay_to = -1;
  ModelView& run = *app.run;
  std::string error;
  auto log = read_input_log(app.state.input_log, error);  // the field's check read it already: no error here
  if (!log) log.emplace();
  if (const std::string why = run.set_log(*log); !why.empty()) {
    app.messages.push_back("inputs=" + app.state.input_log.substr(0, 40) + (app.state.input_log.size() > 40 ? "...: " : ": ") + why +
                           "; the run starts without them");
    app.state.input_log.clear();
  }
  const double t = app.state.time_shown;
  if (t > 0) {
    const double steps = t / run.time_step();
    if (steps > static_cast<double>(kMaxReplaySteps)) {
      app.messages.push_back(message_text("t=%s: %s steps of %s s, more than the %s a link replays; the run is shown from its start",
                                          format_shortest(t).c_str(), std::to_string(static_cast<long long>(steps)).c_str(),
                                          format_shortest(run.time_step()).c_str(), std::to_string(kMaxReplaySteps).c_str()));
      app.state.time_shown = 0;
    } else {
      app.replay_to = t;
      app.playing = false;
    }
  }
  app.synced_log = app.state.input_log;
  app.synced_t = app.state.time_shown;
}

void forget_motion(App& app) {
  app.replay_to = -1;
  app.state.input_log.clear();
  app.state.time_shown = 0;
  app.synced_log.clear();
  app.synced_t = 0;
}

bool advance_replay(App& app) {
  if (app.replay_to < 0 || !app.run) return false;
  ModelView& run = *app.run;
  const double h = run.time_step();
  const auto start = std::chrono::steady_clock::now();
  try {
    for (int n = 0; run.time() < app.replay_to - 0.5 * h && !run.run().ended(); ++n) {
      run.step(1);
      if ((n & 7) == 7 && std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() > kReplaySliceMs)
        return true;  // on next frame
    }
    run.apply_pending();  // the inputs the moment was shown with
  } catch (...) {
    stop_run_on_error(app);
  }
  app.replay_to = -1;
  app.playing = false;
  if (run.run().ended() && app.run_event.empty())
    app.run_event = ended_run_text(app);
  app.state.time_shown = app.synced_t = moment(run);
  return true;
}

void note_motion(App& app) {
  if (!app.run || app.replay_to >= 0) return;
  const ModelView& run = *app.run;
  // The log's text changes only with an input, a paused drag's new target (the same step's event, revised)
  // or a seek: written again only then.
  static std::tuple<std::uint64_t, std::size_t, std::uint64_t> written{0, 0, 0};
  const std::tuple<std::uint64_t, std::size_t, std::uint64_t> key{run.id(), run.applied_events(), run.events_revised()};
  if (key != written || app.state.input_log != app.synced_log) {
    written = key;
    app.synced_log = run.applied_events() > kMaxLinkedInputs ? "" : input_log_text(run.log_until_now());
    app.state.input_log = app.synced_log;
  }
  // While it plays the link is the run from its start; paused, the moment shown.
  app.state.time_shown = app.synced_t = app.playing ? 0.0 : moment(run);
}

void seek(App& app, double t) {
  if (!app.run) return;
  app.replay_to = -1;
  app.playing = false;
  try {
    app.run->seek_step(app.run->step_near(t));
  } catch (const std::exception& e) {
    app.run_event = e.what();
  }
  shown(app);
}

void step_back(App& app) {
  if (!app.run) return;
  app.replay_to = -1;
  app.playing = false;
  try {
    app.run->seek_step(app.run->step_index() - 1);
  } catch (const std::exception& e) {
    app.run_event = e.what();
  }
  shown(app);
}

void seek_first(App& app) {
  if (app.run) seek(app, app.run->first_time());
}

std::string link_with_moment(App& app, std::string& why_not, bool whole_page) {
  why_not.clear();
  note_motion(app);
  UiState s = app.state;
  if (whole_page) s.embed = false;
  if (app.run && app.replay_to < 0) {
    if (app.run->applied_events() > kMaxLinkedInputs) {
      why_not = too_long(app.run->applied_events());
      s.input_log.clear();
      s.time_shown = 0;
    } else {
      s.time_shown = moment(*app.run);
    }
  }
  return page_link(app, s);
}

void timeline(App& app) {
  if (!app.run) return;
  const bool view_visible = !app.compact || app.state.panel == "view" || app.compact_side;
  if (!view_visible) return;
  ModelView& run = *app.run;
  const double t0 = run.first_time(), t1 = run.last_time();
  if (!(t1 > t0) && app.replay_to < 0) return;  // nothing to rewind yet
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float left = app.view_right > app.view_left ? app.view_left : 0.0f;
  const float right = app.view_right > app.view_left ? app.view_right : display.x;
  const float bottom = app.view_bottom > app.view_top ? app.view_bottom : display.y;
  // On the stage its text is the bar's below it (smaller at the largest text steps), so that the two
  // leave the model its room.
  const float text_scale = app.stage ? app.stage_bar_scale : 1.0f;
  const int styles = push_scaled_spacing(app, text_scale);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float h = scaled_frame_height(app, text_scale) + 2 * style.WindowPadding.y;
  app.timeline_top = bottom - h;
  ImGui::SetNextWindowPos(ImVec2(left, bottom - h), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(right - left, h), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::Begin("##timeline", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::SetWindowFontScale(text_scale);
  if (app.replay_to >= 0) {
    // A link's motion on its way to its moment: how far, and a way out.
    const float done = static_cast<float>(std::clamp(run.time() / app.replay_to, 0.0, 1.0));
    const std::string label = trf("Replaying the link's motion: t = %.2f of %.2f s", run.time(), app.replay_to);
    ImGui::ProgressBar(done, ImVec2(-button_width(tr("Stop")) - style.ItemSpacing.x, 0), label.c_str());
    ImGui::SameLine();
    if (ImGui::Button(tr("Stop"))) {
      app.replay_to = -1;
      shown(app);
    }
  } else {
    if (target_button("|<")) seek_first(app);
    record_rect(app, "timeline:start");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("The first moment kept (Home)"));
    ImGui::SameLine();
    const std::string format = trf("t = %%.2f of %.2f s", t1);
    // Slow motion beside the slider (the stage has no simulation panel): 1x, 0.5x, 0.25x in turn.
    double& scale = app.state.sim.time_scale;
    const std::string speed = format_shortest(scale) + "x";
    ImGui::SetNextItemWidth(-button_width(speed.c_str()) - style.ItemSpacing.x);
    double t = run.time();
    // The slider draws no text but the time typed after a Ctrl+click: its time is written on the side of the
    // groove away from the thumb, which, centred as ImGui writes it, had covered it mid-run (a tester). The
    // moment sought is in hundredths of a second still, as the text says it.
    const bool typing = ImGui::TempInputIsActive(ImGui::GetID("##time"));
    if (ImGui::SliderScalar("##time", ImGuiDataType_Double, &t, &t0, &t1, typing ? "%.2f" : "")) {
      t = std::clamp(std::round(t * 100) / 100, t0, t1);
      if (t != run.time()) seek(app, t);
    }
    record_rect(app, "timeline:slider");
    if (!typing) {
      // The slider's format ("t = %.2f of 8.00 s" in the page's language) with the moment in it.
      char now[32];
      std::snprintf(now, sizeof now, "%.2f", run.time());
      std::string said = format;
      if (const auto at = said.find("%.2f"); at != std::string::npos) said.replace(at, 4, now);
      time_text(app, said, std::string("t = ") + now + " s", t1 > t0 ? (run.time() - t0) / (t1 - t0) : 0.0);
    }
    if (ImGui::IsItemHovered())
      tooltipf("%s\n%s", trf("The run's last %.0f s: drag to show a moment; Play continues from it with the inputs recorded.", kHistorySeconds).c_str(),
               tr(app.state.presentation ? kKeysPresenting : kKeys));
    ImGui::SameLine();
    if (ImGui::Button(speed.c_str())) scale = scale == 1.0 ? 0.5 : scale == 0.5 ? 0.25 : 1.0;
    record_rect(app, "timeline:rate");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("Slow motion: simulated seconds per real second (1x, 0.5x, 0.25x)"));
  }
  record_window_rect(app, "timeline");
  ImGui::End();
  ImGui::PopStyleVar(styles);
}

}  // namespace carvallo::web
