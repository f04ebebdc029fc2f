#include "panels/push_input.hpp"

#include "app.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/view_scene.hpp"

#include <Eigen/LU>
#include <imgui.h>

#include <cmath>
#include <cstdio>

namespace carvallo::web {

namespace {

// The pointer's ray in the viewer's frame (CSS px in, origin and unit direction out).
bool pointer_ray(const App& app, double x, double y, Eigen::Vector3d& origin, Eigen::Vector3d& direction) {
  const ScreenProjection p = page_projection(app);
  if (!(p.width > 0 && p.height > 0)) return false;
  const Eigen::Matrix4d inverse = p.view_projection.cast<double>().inverse();
  const double nx = 2 * x / p.width - 1, ny = 1 - 2 * y / p.height;
  const Eigen::Vector4d a = inverse * Eigen::Vector4d(nx, ny, -1, 1), b = inverse * Eigen::Vector4d(nx, ny, 1, 1);
  if (a.w() == 0 || b.w() == 0) return false;
  origin = a.head<3>() / a.w();
  direction = (b.head<3>() / b.w() - origin).normalized();
  return origin.allFinite() && direction.allFinite();
}

Eigen::Vector3d unproject(const App& app, double x, double y, double depth) {
  const ScreenProjection p = page_projection(app);
  const Eigen::Vector4d v = p.view_projection.cast<double>().inverse() * Eigen::Vector4d(2 * x / p.width - 1, 1 - 2 * y / p.height, depth, 1);
  return v.head<3>() / v.w();
}

Eigen::Vector3d to_model(const App& app, const Eigen::Vector3d& viewer) {
  return app.display.rotation.transpose() * (viewer - app.display.offset);
}

// While playing, a new target at most every 50 ms of simulated time (the log stays short); paused, every
// move (the log keeps one per step).
constexpr double kTargetEvery = 0.05;

}  // namespace

bool push_input(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  auto& push = app.push;
  if (push.active && (!io.MouseDown[0] || !app.run || app.run->id() != push.run)) {
    if (app.run && app.run->id() == push.run) app.run->let_go();
    push.active = false;
    return false;
  }
  if (!app.run || mode_display_run(app)) return false;
  const double r = app.pixel_ratio > 0 ? app.pixel_ratio : 1.0;
  const double x = io.MousePos.x / r, y = io.MousePos.y / r;
  Eigen::Vector3d origin, direction;
  if (!push.active) {
    if (!ImGui::IsMouseClicked(0) || io.WantCaptureMouse || io.KeyShift || !pointer_ray(app, x, y, origin, direction)) return false;
    const auto hit = body_at(app, x, y);
    if (!hit) return false;
    const auto poses = app.run->run().body_poses();
    if (hit->index >= static_cast<int>(poses.size())) return false;
    const auto& pose = poses[static_cast<std::size_t>(hit->index)];
    // The grabbed point: the body's surface under the pointer (its depth there, unprojected).
    const Eigen::Vector3d grabbed = unproject(app, x, y, hit->depth);
    if (!grabbed.allFinite()) return false;
    const Eigen::Vector3d local = pose.rotation.transpose() * (to_model(app, grabbed) - pose.position);
    try {
      if (!app.run->pull(hit->index, local, to_model(app, grabbed))) return false;
    } catch (const std::exception& e) {
      app.run_event = e.what();
      return false;
    }
    app.replay_to = -1;  // the user takes over from a replay
    push = {true, app.run->id(), hit->index, local, grabbed, direction, app.run->time(), grabbed};
    return true;
  }
  // Dragging: the pointer's ray meets the plane through the grabbed point facing the camera.
  if (!pointer_ray(app, x, y, origin, direction)) return true;
  const double along = direction.dot(push.normal);
  if (std::abs(along) < 1e-6) return true;
  const Eigen::Vector3d target = origin + direction * (push.normal.dot(push.plane_point - origin) / along);
  const bool due = !app.playing || app.run->time() - push.last_sent >= kTargetEvery - 1e-9;
  if (due && (target - push.sent).norm() > 1e-4) {
    try {
      app.run->pull(push.body, push.local, to_model(app, target));
    } catch (const std::exception& e) {
      app.run_event = e.what();
    }
    push.last_sent = app.run->time();
    push.sent = target;
  }
  push.target = target;
  return true;
}

void draw_push(App& app) {
  if (!app.push.active || !app.run) return;
  const auto pulling = app.run->pulling();
  if (!pulling.active) return;
  const ScreenProjection p = page_projection(app);
  const double r = app.pixel_ratio > 0 ? app.pixel_ratio : 1.0;
  auto screen = [&](const Eigen::Vector3d& viewer, ImVec2& out) {
    const Eigen::Vector4f c = p.view_projection * Eigen::Vector4f(static_cast<float>(viewer.x()), static_cast<float>(viewer.y()),
                                                                  static_cast<float>(viewer.z()), 1.0f);
    if (!(c.w() > 0)) return false;
    out = ImVec2(static_cast<float>((c.x() / c.w() + 1) * 0.5 * p.width * r), static_cast<float>((1 - c.y() / c.w()) * 0.5 * p.height * r));
    return true;
  };
  ImVec2 a, b;
  if (!screen(app.display.point(pulling.point), a) || !screen(app.push.target, b)) return;
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImU32 colour = IM_COL32(200, 30, 30, 255);
  const float w = 3.0f * static_cast<float>(r);
  dl->AddLine(a, b, colour, w);
  const ImVec2 d(b.x - a.x, b.y - a.y);
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  if (len > 1) {
    const ImVec2 u(d.x / len, d.y / len), n(-u.y, u.x);
    const float head = 12.0f * static_cast<float>(r);
    dl->AddTriangleFilled(b, ImVec2(b.x - u.x * head + n.x * head * 0.5f, b.y - u.y * head + n.y * head * 0.5f),
                          ImVec2(b.x - u.x * head - n.x * head * 0.5f, b.y - u.y * head - n.y * head * 0.5f), colour);
  }
  dl->AddCircleFilled(a, 4.0f * static_cast<float>(r), colour);
  char label[48];
  std::snprintf(label, sizeof label, "%.0f N", pulling.force.norm());
  const ImVec2 at(b.x + 8 * static_cast<float>(r), b.y - ImGui::GetFontSize());
  const ImVec2 size = ImGui::CalcTextSize(label);
  dl->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2), IM_COL32(255, 255, 255, 230), 3.0f);
  dl->AddText(at, colour, label);
  const auto rr = static_cast<float>(r);
  app.rects["push-arrow"] = {std::min(a.x, b.x) / rr, std::min(a.y, b.y) / rr, std::abs(b.x - a.x) / rr, std::abs(b.y - a.y) / rr};
}

}  // namespace carvallo::web
