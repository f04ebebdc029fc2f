#include "logic/body_pick.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace carvallo::web {

namespace {
// A viewer-frame point on screen: CSS px x, y and NDC depth; nothing behind the camera or outside its depth range.
std::optional<Eigen::Vector3d> project(const Eigen::Vector3f& viewer, const ScreenProjection& projection) {
  const Eigen::Vector4f clip = projection.view_projection * Eigen::Vector4f(viewer.x(), viewer.y(), viewer.z(), 1.0f);
  if (!(clip.w() > 1e-6f)) return std::nullopt;
  const double x = clip.x() / clip.w(), y = clip.y() / clip.w(), z = clip.z() / clip.w();
  if (!std::isfinite(x) || !std::isfinite(y) || !(z >= -1.0 && z <= 1.0)) return std::nullopt;
  return Eigen::Vector3d((x + 1.0) * 0.5 * projection.width, (1.0 - y) * 0.5 * projection.height, z);
}
}  // namespace

std::optional<Eigen::Vector2d> screen_point(const Eigen::Vector3d& point, const DisplayFrame& frame, const ScreenProjection& projection) {
  const auto p = project(frame.point(point).cast<float>(), projection);
  if (!p) return std::nullopt;
  return p->head<2>();
}

BodyPicker::BodyPicker(const std::vector<examples::PosedGeom>& geoms, const DisplayFrame& frame, bool show_inertia,
                       const ScreenProjection& projection) {
  std::map<int, std::vector<examples::PosedGeom>> groups;
  for (const auto& g : geoms) groups[g.body].push_back(g);
  auto vertex = [&](const MeshVertex& mv) {
    Vertex out;
    if (const auto p = project(Eigen::Vector3f(mv.position[0], mv.position[1], mv.position[2]), projection))
      out = {p->x(), p->y(), p->z(), true};
    return out;
  };
  Mesh mesh;
  for (const auto& [body, group] : groups) {
    tessellate(group, frame, show_inertia, mesh);
    for (const auto* bucket : {&mesh.opaque, &mesh.transparent})
      for (std::size_t k = 0; k + 2 < bucket->size(); k += 3)
        triangles_.push_back({body, {vertex((*bucket)[k]), vertex((*bucket)[k + 1]), vertex((*bucket)[k + 2])}});
  }
}

std::optional<ScreenBox> BodyPicker::box(int body, const ScreenBox& clip) const {
  double x0 = std::numeric_limits<double>::infinity(), y0 = x0, x1 = -x0, y1 = -x0;
  for (const auto& t : triangles_) {
    if (t.body != body) continue;
    for (const auto& v : t.v) {
      if (!v.valid) continue;
      x0 = std::min(x0, v.x), x1 = std::max(x1, v.x);
      y0 = std::min(y0, v.y), y1 = std::max(y1, v.y);
    }
  }
  x0 = std::max(x0, clip.x), y0 = std::max(y0, clip.y);
  x1 = std::min(x1, clip.x + clip.w), y1 = std::min(y1, clip.y + clip.h);
  if (!(x1 > x0 && y1 > y0)) return std::nullopt;
  return ScreenBox{x0, y0, x1 - x0, y1 - y0};
}

std::optional<int> BodyPicker::at(double x, double y) const {
  const auto h = hit(x, y);
  return h ? std::optional<int>(h->body) : std::nullopt;
}

std::optional<BodyPicker::Hit> BodyPicker::hit(double x, double y) const {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
  double nearest = std::numeric_limits<double>::infinity();
  std::optional<Hit> hit;
  for (const auto& t : triangles_) {
    const Vertex &a = t.v[0], &b = t.v[1], &c = t.v[2];
    if (!a.valid || !b.valid || !c.valid) continue;
    // Barycentric coordinates of (x, y) in the screen triangle, either winding.
    const double det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (!(std::abs(det) > 1e-12)) continue;
    const double u = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / det;
    const double v = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / det;
    if (u < 0 || v < 0 || u + v > 1) continue;
    // NDC depth is affine in screen space over a triangle, as the depth buffer interpolates it.
    const double depth = a.depth + u * (b.depth - a.depth) + v * (c.depth - a.depth);
    if (depth < nearest) {
      nearest = depth;
      hit = Hit{t.body, depth};
    }
  }
  if (hit && hit->body < 0) return std::nullopt;
  return hit;
}

std::optional<Eigen::Vector2d> BodyPicker::point(int body, const ScreenBox& clip) const {
  const auto b = box(body, clip);
  if (!b) return std::nullopt;
  const Eigen::Vector2d centre(b->x + 0.5 * b->w, b->y + 0.5 * b->h);
  // The body's whole triangles inside the clip, by their centre's distance to the box's centre.
  std::vector<std::pair<double, Eigen::Vector2d>> candidates;
  for (const auto& t : triangles_) {
    if (t.body != body || !t.v[0].valid || !t.v[1].valid || !t.v[2].valid) continue;
    const Eigen::Vector2d c((t.v[0].x + t.v[1].x + t.v[2].x) / 3, (t.v[0].y + t.v[1].y + t.v[2].y) / 3);
    if (c.x() < clip.x || c.y() < clip.y || c.x() > clip.x + clip.w || c.y() > clip.y + clip.h) continue;
    candidates.emplace_back((c - centre).squaredNorm(), c);
  }
  std::sort(candidates.begin(), candidates.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
  // The point and its neighbours a pixel away all find the body: a pointer's event rounded to whole
  // pixels still lands on it. A bounded search: a body not found so at its 256 most central triangles is
  // treated as hidden.
  auto solid = [&](const Eigen::Vector2d& c) {
    for (const auto& [dx, dy] : {std::pair{0.0, 0.0}, {-1.0, -1.0}, {1.0, -1.0}, {-1.0, 1.0}, {1.0, 1.0}, {0.0, -1.0}, {0.0, 1.0}, {-1.0, 0.0}, {1.0, 0.0}})
      if (at(c.x() + dx, c.y() + dy) != body) return false;
    return true;
  };
  for (std::size_t k = 0; k < candidates.size() && k < 256; ++k)
    if (solid(candidates[k].second)) return candidates[k].second;
  return std::nullopt;
}

}  // namespace carvallo::web
