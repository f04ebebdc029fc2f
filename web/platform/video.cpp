#include "platform/video.hpp"

#include "logic/language.hpp"
#include "platform/capture.hpp"
#include "panels/timeline.hpp"

#include <emscripten/emscripten.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>

// clang-format off
EM_JS(void, carvallo_js_video_frame, (const std::uint8_t* rgba, int w, int h), {
  window.carvallo._videoFrame(rgba, w, h);
});
EM_JS(void, carvallo_js_video_done, (const char* error, double ended_at), {
  window.carvallo._videoDone(UTF8ToString(error), ended_at);
});
EM_JS(void, carvallo_js_record_and_download, (double t0, double t1, double rate, const char* name), {
  window.carvallo._recordAndDownload(t0, t1, rate, UTF8ToString(name));
});
// clang-format on

namespace carvallo::web {
namespace {

struct Recording {
  bool active = false;
  bool first = true;  // the frame at t0 is drawn before the run moves
  VideoRequest request;
  std::uint64_t run_id = 0;
  double debt = 0;  // simulated seconds owed
};
Recording g_video;

void finish(App& app, const std::string& error, double ended_at) {
  g_video.active = false;
  app.playing = false;
  carvallo_js_video_done(error.c_str(), ended_at);
}

std::string shortest(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// What video_problem refuses, after its "recordVideo: ": the JS API replies with it in English, the menu
// shows it in the page's language.
constexpr const char* kTimesProblem = translatable("t0 and t1 must be finite with 0 <= t0 < t1 (s)");
constexpr const char* kLengthProblem = translatable("at most 120 s of simulated time (t1 - t0)");
constexpr const char* kRateProblem = translatable("rate must be between 0.1 (slowed ten times) and 1 (real time)");
constexpr const char* kDurationProblem = translatable("the video would last more than 10 minutes");
constexpr const char* kSizeProblem = translatable("width and height must be even, 16..1920 and 16..1080 px");

}  // namespace

std::string video_problem(const VideoRequest& r) {
  const std::string in = "recordVideo: ";
  if (!std::isfinite(r.t0) || !std::isfinite(r.t1) || r.t0 < 0 || !(r.t1 > r.t0)) return in + kTimesProblem;
  if (r.t1 - r.t0 > 120) return in + kLengthProblem;
  if (!(r.rate >= 0.1 && r.rate <= 1)) return in + kRateProblem;
  if ((r.t1 - r.t0) / r.rate > 600) return in + kDurationProblem;
  if (r.width < 16 || r.width > 1920 || r.height < 16 || r.height > 1080 || r.width % 2 || r.height % 2) return in + kSizeProblem;
  return {};
}

std::string go_to_time(App& app, double t) {
  // A replay of the run: within the history kept, the moment itself (seek: the recorded inputs then act
  // again as the video plays on); beyond it, the run goes on from the last moment kept (a slice of at most 5 s).
  sync_run(app);
  if (!app.run) return app.run_event.empty() ? "the model could not be built" : app.run_event;
  seek(app, std::min(t, app.run->last_time()));
  const double h = app.run->time_step();
  const auto start = std::chrono::steady_clock::now();
  try {
    while (app.run->time() < t - 0.5 * h && !app.run->run().ended()) {
      app.run->step(std::max(1, std::min(50, static_cast<int>((t - app.run->time()) / h + 0.5))));
      if (std::chrono::steady_clock::now() - start > std::chrono::seconds(5))
        return "going to t = " + shortest(t) + " s took more than 5 s (reached " + shortest(app.run->time()) + " s)";
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  if (t < app.run->first_time() - 0.5 * h)
    return "t = " + shortest(t) + " s is no longer kept (the run keeps " + shortest(app.run->first_time()) + " s to " +
           shortest(app.run->last_time()) + " s)";
  if (app.run->run().ended() && app.run->time() < t - 0.5 * h)
    return "the run ends at t = " + shortest(app.run->time()) + " s (" + app.run->run().end_reason() + "), before " + shortest(t) + " s";
  return {};
}

std::string start_video(App& app, const VideoRequest& request) {
  if (g_video.active) return "recordVideo: a recording is already running";
  if (std::string problem = video_problem(request); !problem.empty()) return problem;
  if (std::string problem = go_to_time(app, request.t0); !problem.empty()) return "recordVideo: " + problem;
  g_video = {true, true, request, app.run->id(), 0.0};
  return {};
}

bool video_recording() { return g_video.active; }

// The compared runs follow the moment recorded within this much work a frame: more than the page's 6 ms,
// for a clip's frames are few and slow anyway, and a run beside that lags is a wrong picture in the clip.
constexpr double kVideoFollowMs = 100.0;

bool advance_video(App& app, double real_dt) {
  if (!g_video.active) return false;
  if (!app.run || app.run->id() != g_video.run_id) return true;
  // The methods compared, drawn beside the model, at the moment recorded (they had stayed where the run was
  // paused before the recording while the model replayed from t0; a lecturer).
  const auto follow = [&app] {
    if (app.run && !app.state.compare.empty()) app.comparison.follow(app.state, *app.run, kVideoFollowMs);
  };
  if (g_video.first) {
    follow();
    return true;
  }
  const double h = app.run->time_step(), t1 = g_video.request.t1;
  // The video's clock is the wall clock (MediaRecorder stamps each frame when it is handed over): the run
  // follows it at the rate asked however slow the frames, so a clip of 2 s at real time lasts 2 s (a
  // machine drawing 8 frames a second shows fewer frames, not a slower motion). A frame longer than 1 s
  // (a tab in the background) counts for 1 s.
  g_video.debt += std::min(real_dt, 1.0) * g_video.request.rate;
  const double target = std::min(t1, app.run->time() + g_video.debt);
  const double before = app.run->time();
  try {
    while (app.run->time() < target - 0.5 * h && !app.run->run().ended()) app.run->step(1);
  } catch (...) {
    stop_run_on_error(app);
  }
  g_video.debt = std::max(0.0, g_video.debt - (app.run->time() - before));
  follow();
  return true;
}

void video_frame(App& app) {
  if (!g_video.active) return;
  if (!app.run || app.run->id() != g_video.run_id) {
    finish(app, "recordVideo: the run was reset or rebuilt during the recording", NAN);
    return;
  }
  const Picture pic = capture_picture(app, "view", g_video.request.width, g_video.request.height);
  if (!pic.error.empty()) {
    finish(app, "recordVideo: " + pic.error, NAN);
    return;
  }
  carvallo_js_video_frame(pic.rgba.data(), pic.width, pic.height);
  g_video.first = false;
  const double h = app.run->time_step();
  if (app.run->time() >= g_video.request.t1 - 0.5 * h) finish(app, "", NAN);
  else if (app.run->run().ended()) finish(app, "", app.run->time());
}

void record_video_menu(App& app) {
  static double t0 = 0, t1 = 5;
  static int rate = 0;
  constexpr double kRates[] = {1.0, 0.5, 0.25};
  const float w = ImGui::GetFontSize() * 6;
  ImGui::SetNextItemWidth(w);
  ImGui::InputDouble(tr("from t0 (s)"), &t0, 0, 0, "%.2f");
  record_rect(app, "video:t0");
  ImGui::SetNextItemWidth(w);
  ImGui::InputDouble(tr("to t1 (s)"), &t1, 0, 0, "%.2f");
  record_rect(app, "video:t1");
  ImGui::RadioButton(tr("real time"), &rate, 0);
  ImGui::SameLine();
  ImGui::RadioButton("0.5x", &rate, 1);
  ImGui::SameLine();
  ImGui::RadioButton("0.25x", &rate, 2);
  const VideoRequest request{t0, t1, kRates[rate]};
  const std::string problem = video_problem(request);
  if (!problem.empty()) ImGui::TextDisabled("%s", tr(problem.substr(problem.find(':') + 2)).c_str());
  ImGui::BeginDisabled(!problem.empty() || g_video.active);
  if (ImGui::MenuItem(g_video.active ? tr("Recording...###video-record") : tr("Record###video-record"))) {
    const std::string name = "carvallo-" + app.state.model + "-" + shortest(t0) + "-" + shortest(t1) + ".webm";
    carvallo_js_record_and_download(t0, t1, kRates[rate], name.c_str());
    set_toast(app, trf("Recording %s s to %s s at %gx: %s downloads when done", shortest(t0).c_str(), shortest(t1).c_str(), kRates[rate],
                       name.c_str()));
  }
  record_rect(app, "video:record");
  ImGui::EndDisabled();
}

}  // namespace carvallo::web
