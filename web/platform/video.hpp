#pragma once
// Video for slides: a run from t0 to t1, real time or slowed, its frames (the 3D view without the UI,
// web/platform/capture.hpp) handed to the page's MediaRecorder (pre.js, recordVideo) as they are drawn.

#include "app.hpp"

#include <string>

namespace carvallo::web {

struct VideoRequest {
  double t0 = 0, t1 = 0;  ///< simulated s
  double rate = 1;        ///< simulated seconds per real second: 1, or slowed (0.5, 0.25)
  int width = 1280, height = 720;
};

/// Why `request` cannot be recorded ("" when it can): t0 and t1 finite, 0 <= t0 < t1, t1 - t0 at most
/// 120 s; rate in [0.1, 1]; width and height even, 16..1920 and 16..1080; the recording at most 10 min long.
std::string video_problem(const VideoRequest& request);

/// Shows the run at simulated time t (the moment kept nearest it): today by resetting the run and
/// stepping to t without drawing (the engine is deterministic, so this is the run as it was). Empty on
/// success, else why not (the run ends before t, a solver error, the step budget of 5 s).
std::string go_to_time(App& app, double t);

/// Goes to t0 and starts recording (the first frame is the one drawn next); empty or why not.
std::string start_video(App& app, const VideoRequest& request);
/// A recording is running.
bool video_recording();
/// While recording, advances the run toward t1 by real_dt x rate (stopping exactly at t1) and returns
/// true; false when not recording (the frame loop then advances the run as usual).
bool advance_video(App& app, double real_dt);
/// After the frame is drawn: hands the view at the recording's size to the page's recorder, and ends the
/// recording at t1 (or when the run ends, is reset or fails).
void video_frame(App& app);

/// The View menu's "Record video" submenu: t0, t1, the rate and "Record", which downloads the WebM.
void record_video_menu(App& app);

}  // namespace carvallo::web
