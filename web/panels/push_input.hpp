#pragma once
// A push with the mouse or a finger (ModelView::pull): a press on a drawn body grabs it under the pointer,
// dragging pulls the grabbed point toward the pointer (in the plane through it facing the camera, as
// MuJoCo's viewer perturbs a body) by a spring with damping, release lets go. The force is drawn as an
// arrow labelled in newtons. The kick and the torque keys and buttons are the alternatives without a drag.

namespace carvallo::web {

struct App;

/// Call before the camera takes the pointer: true while the pointer pushes a body (the camera then
/// does not orbit). Never throws: a push the model cannot take becomes the run's message.
bool push_input(App& app);
/// The push's arrow from the grabbed point toward the pointer, and its force (N), over the 3D view.
void draw_push(App& app);

}  // namespace carvallo::web
