#pragma once
// Time you can hold: the run's history under the 3D view (a timeline to scrub, ',' '.' and Home), the
// motion in the link (the inputs' log `inputs=` and the moment `t=`, web/logic/input_log.hpp), and a link
// that replays it. The run keeps its history (web/logic/model_view.hpp); this file connects it to the UI
// state that is the link.

#include <string>

namespace carvallo::web {

struct App;

/// The state gives a motion (inputs= or t=) other than the run's: a link or setState asks for a replay.
bool replay_requested(const App& app);
/// The request is only a moment of the run's kept history (the same log): sought without a new run.
/// Does the seek. False when a new run must replay it.
bool seek_requested(App& app);
/// After a new run is built for a request: its log and the moment to replay to, or messages saying
/// why not (the run then starts without them).
void load_replay(App& app);
/// After a new run is built otherwise (a reset, a changed setting): no inputs, from its start.
void forget_motion(App& app);
/// Replays toward the link's moment a slice at a time (the page stays responsive); true while it does.
bool advance_replay(App& app);
/// The state's inputs= and t= from the run (the log up to the moment shown; the moment while paused).
void note_motion(App& app);

/// Shows the kept moment nearest t (paused). Never throws: a solver failure becomes the run's message.
void seek(App& app, double t);
/// One step back (',', paused) and to the first moment kept (Home).
void step_back(App& app);
void seek_first(App& app);

/// The link of what is shown with the moment even while playing ("Copy link": it replays the motion up
/// to the moment shown). `why_not` says why the motion is not in it, when it is not (a log too long).
/// `whole_page`: the link of the same scene in the whole playground, not an embed (Open in Carvallo).
std::string link_with_moment(App& app, std::string& why_not, bool whole_page = false);

/// The timeline under the 3D view: the kept interval, the moment shown, a slider to scrub.
void timeline(App& app);

}  // namespace carvallo::web
