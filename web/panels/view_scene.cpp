#include "panels/view_scene.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/palette_colors.hpp"

#include "model_run.hpp"

#include <imgui.h>

#include <algorithm>

namespace carvallo::web {

const examples::ModelRun* drawn_run(App& app) {
  if (!app.run) return nullptr;
  const examples::ModelRun* mode_run = mode_display_run(app);
  return mode_run ? mode_run : &app.run->run();
}

namespace {

void add_compared_ghosts(App& app, Mesh& mesh) {
  // Each compared run (methods compared) as a translucent copy in its line colour of the comparison's plot:
  // where the methods agree it hides inside the model, where one drifts it comes apart from it.
  Mesh ghost;
  const auto& runs = app.comparison.runs();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (!runs[k].view) continue;
    tessellate(runs[k].view->run().scene(), app.display, false, ghost);
    const Rgba c = pal().time_lines[(k + 1) % 4];
    for (const auto* part : {&ghost.opaque, &ghost.transparent})
      for (MeshVertex v : *part) {
        v.color[0] = 0.5f * v.color[0] + 0.5f * c.r / 255.0f;
        v.color[1] = 0.5f * v.color[1] + 0.5f * c.g / 255.0f;
        v.color[2] = 0.5f * v.color[2] + 0.5f * c.b / 255.0f;
        v.color[3] = 0.4f;
        mesh.transparent.push_back(v);
      }
  }
}

}  // namespace

void view_mesh(App& app, Mesh& mesh) {
  mesh.opaque.clear();
  mesh.transparent.clear();
  const examples::ModelRun* run = drawn_run(app);
  if (!run) return;
  tessellate(run->scene(), app.display, app.state.show_inertia, mesh);
  // A mode shape is drawn without tracks.
  if (run != &app.run->run()) return;
  std::vector<examples::Rgba> colors;
  for (const auto& t : run->instance().traces) colors.push_back(t.color);
  // At least 2-3 pixels wide however far the camera is (a countersteer path seen from 12 m).
  add_tracks(app.run->tracks(), colors, app.display, std::max(0.025, 0.004 * app.state.camera.distance), mesh);
  add_compared_ghosts(app, mesh);
}

bool view_drawn(const App& app) { return !app.compact || app.state.panel == "view" || app.compact_side; }

ScreenProjection page_projection(const App& app) {
  const ImVec2 fb = ImGui::GetIO().DisplaySize;
  const double r = app.pixel_ratio > 0 ? app.pixel_ratio : 1.0;
  const double aspect = fb.y > 0 ? static_cast<double>(fb.x) / fb.y : 1.0;
  return {app.state.camera.view_projection(aspect), fb.x / r, fb.y / r};
}

ScreenBox free_view_box(const App& app) {
  const double r = app.pixel_ratio > 0 ? app.pixel_ratio : 1.0;
  return {app.view_left / r, app.view_top / r, std::max(0.0f, app.view_right - app.view_left) / r,
          std::max(0.0f, app.view_bottom - app.view_top) / r};
}

namespace {

std::optional<BodyPicker> picker(App& app) {
  const examples::ModelRun* run = drawn_run(app);
  if (!run || !view_drawn(app)) return std::nullopt;
  return BodyPicker(run->scene(), app.display, app.state.show_inertia, page_projection(app));
}

}  // namespace

void draw_body_labels(App& app) {
  if (!app.state.show_labels) return;
  const auto p = picker(app);
  if (!p) return;
  const ScreenBox free = free_view_box(app);
  const examples::ModelRun& run = *drawn_run(app);
  const auto r = static_cast<float>(app.pixel_ratio > 0 ? app.pixel_ratio : 1.0);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();  // over the model, under the panels
  const float pad = 3.0f * r;
  // A tag joined to its point by a leader: above and right for a body, below and right for a joint (a ring
  // marks the joint's point). A tag that would cover one already placed moves on, up for a body and down
  // for a joint, a line at a time (a small gear train in view has fourteen).
  std::vector<ImVec4> placed;  // x0, y0, x1, y1
  const auto tag = [&](const Eigen::Vector2d& at, const std::string& text, const std::string& rect, bool joint) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 point(static_cast<float>(at.x()) * r, static_cast<float>(at.y()) * r);
    ImVec2 a(point.x + pad, joint ? point.y + 2 * pad : point.y - size.y - pad);
    const auto covers = [&](const ImVec2& p) {
      return std::any_of(placed.begin(), placed.end(), [&](const ImVec4& b) {
        return p.x - pad < b.z && p.x + size.x + pad > b.x && p.y - pad < b.w && p.y + size.y + pad > b.y;
      });
    };
    for (int k = 0; k < 12 && covers(a); ++k) a.y += (joint ? 1.0f : -1.0f) * (size.y + 2 * pad);
    placed.emplace_back(a.x - pad, a.y - pad, a.x + size.x + pad, a.y + size.y + pad);
    dl->AddLine(point, ImVec2(a.x, joint ? a.y - pad : a.y + size.y + pad), color_u32(pal().text), std::max(1.0f, r));
    if (joint) dl->AddCircle(point, 3.0f * r, color_u32(pal().text), 12, 1.5f * r);
    dl->AddRectFilled(ImVec2(a.x - pad, a.y - pad), ImVec2(a.x + size.x + pad, a.y + size.y + pad), color_u32(pal().window_bg, 235), 3.0f * r);
    dl->AddText(a, color_u32(pal().text), text.c_str());
    app.rects[rect] = {(a.x - pad) / r, (a.y - pad) / r, (size.x + 2 * pad) / r, (size.y + 2 * pad) / r};
  };
  const auto& names = run.instance().body_names;
  for (std::size_t k = 0; k < names.size(); ++k) {
    // On a point of the body that is visible (the hit test's), else at its box's centre.
    std::optional<Eigen::Vector2d> at = p->point(static_cast<int>(k), free);
    if (!at)
      if (const auto box = p->box(static_cast<int>(k), free)) at = Eigen::Vector2d(box->x + box->w / 2, box->y + box->h / 2);
    if (at) tag(*at, names[k], "label:" + names[k], false);
  }
  const ScreenProjection projection = page_projection(app);
  for (const auto& joint : run.instance().joints) {
    std::optional<Eigen::Vector2d> at;
    try {
      at = screen_point(joint.point(run.model(), run.state().q), app.display, projection);
    } catch (const std::exception&) {
      continue;  // a point the model cannot evaluate here is not labelled
    }
    if (at && free.contains(at->x(), at->y()))
      tag(*at, joint.name, "joint:" + joint.name, true);
  }
}

std::optional<BodyHit> body_at(App& app, double x, double y) {
  const ScreenBox free = free_view_box(app);
  if (!free.contains(x, y)) return std::nullopt;
  const auto p = picker(app);
  if (!p) return std::nullopt;
  const auto h = p->hit(x, y);
  const auto& names = drawn_run(app)->instance().body_names;
  if (!h || h->body >= static_cast<int>(names.size())) return std::nullopt;
  return BodyHit{h->body, names[static_cast<std::size_t>(h->body)], h->depth};
}

std::optional<ScreenBox> body_rect(App& app, const std::string& name, std::optional<Eigen::Vector2d>* point) {
  const examples::ModelRun* run = drawn_run(app);
  if (!run) return std::nullopt;
  const auto& names = run->instance().body_names;
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  const auto p = picker(app);
  if (!p) return std::nullopt;
  const int k = static_cast<int>(it - names.begin());
  const ScreenBox free = free_view_box(app);
  if (point) *point = p->point(k, free);
  return p->box(k, free);
}

}  // namespace carvallo::web
