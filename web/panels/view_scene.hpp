#pragma once
// The 3D view's content as the page draws it, for the frame loop (main.cpp), the pictures
// (web/platform/capture.cpp) and the bodies' places on screen (widgetRect('body:<name>'), the hit test).

#include "app.hpp"
#include "logic/body_pick.hpp"
#include "logic/scene_mesh.hpp"

#include <optional>
#include <string>

namespace carvallo::examples {
class ModelRun;
}

namespace carvallo::web {

/// The run the view draws: the mode shape's while one is shown, else the simulation's; nullptr without a run.
const examples::ModelRun* drawn_run(App& app);
/// The view's triangles (mesh cleared first): the drawn run's geoms and, for the simulation, the traced paths.
void view_mesh(App& app, Mesh& mesh);
/// The 3D view is drawn (a phone's panel tab hides it).
bool view_drawn(const App& app);
/// The view's projection onto the page as last drawn (CSS px, the whole canvas).
ScreenProjection page_projection(const App& app);
/// The free part of the view between the panels, bar and caption (CSS px).
ScreenBox free_view_box(const App& app);
/// With UiState::show_labels, each body's name at a point of it in the view (under the panels). Tests find
/// each label at widgetRect('label:<name>').
void draw_body_labels(App& app);

struct BodyHit {
  int index = -1;    ///< in the model's body list (ModelInstance::body_names)
  std::string name;  ///< its name ("rear_frame")
  double depth = 0;  ///< NDC depth of its surface under the point (unprojected: the point grabbed)
};
/// The body drawn at (x, y) CSS px (the nearest at that point; BodyPicker::at); nothing when the view is
/// hidden, the point is outside the free view, or no body is drawn there.
std::optional<BodyHit> body_at(App& app, double x, double y);
/// The screen box of the body named `name` as drawn, clipped to the free view, and in `point` (when not
/// null) a point inside it where body_at finds it (none when it is hidden everywhere tried). Nothing for
/// a name the model does not have or a body not in view.
std::optional<ScreenBox> body_rect(App& app, const std::string& name, std::optional<Eigen::Vector2d>* point = nullptr);

}  // namespace carvallo::web
