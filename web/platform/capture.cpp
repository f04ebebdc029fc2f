#include "platform/capture.hpp"

#include "logic/capture_frame.hpp"
#include "logic/language.hpp"
#include "panels/stage.hpp"
#include "panels/view_scene.hpp"
#include "platform/grid_renderer.hpp"
#include "platform/offscreen.hpp"
#include "platform/scene_renderer.hpp"
#include "platform/ui_font.hpp"

#include <GLES3/gl3.h>
#include <emscripten/emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

// clang-format off
EM_JS(void, carvallo_js_save_picture, (const std::uint8_t* rgba, int w, int h, const char* name), {
  window.carvallo._savePicture(rgba, w, h, UTF8ToString(name));
});
// clang-format on

namespace carvallo::web {
namespace {

// The page's background behind the 3D view (main.cpp's glClearColor).
constexpr float kBackground[4] = {0.80f, 0.86f, 0.93f, 1.0f};

// A picture's samples a pixel: colour and depth take 8 bytes a sample, at most 64 MB of samples (none at
// 3840 x 2160).
int picture_samples(int w, int h) {
  const double bytes = 8.0 * w * h;
  return bytes * 4 <= 64e6 ? 4 : bytes * 2 <= 64e6 ? 2 : 0;
}

// The 3D view into the viewport (0, 0, w, h): the scene and ground as on screen, framed as the free view.
void draw_view(App& app, int w, int h) {
  static Mesh mesh;
  view_mesh(app, mesh);
  const ImVec2 fb = ImGui::GetIO().DisplaySize;
  const double fb_w = fb.x > 0 ? fb.x : w, fb_h = fb.y > 0 ? fb.y : h;
  const NdcRect shown = view_drawn(app) ? ndc_rect(app.view_left, app.view_top, app.view_right, app.view_bottom, fb_w, fb_h) : NdcRect{};
  const Eigen::Matrix4f vp = crop_projection(app.state.camera.view_projection(fb_w / fb_h), shown, fb_w, fb_h,
                                             static_cast<double>(w) / h);
  glViewport(0, 0, w, h);
  glEnable(GL_DEPTH_TEST);
  if (app.grid) app.grid->draw(app.state.camera, vp);
  if (app.scene) app.scene->draw(mesh, app.state.camera, vp);
  glDisable(GL_DEPTH_TEST);
}

// The plot into x0..w (of a w x h picture), by ImGui in a context of its own: the page's style and font,
// the text as large against the picture as against the canvas, and nothing but the plot.
void draw_plot(App& app, int x0, int w, int h) {
  ImGuiContext* page = ImGui::GetCurrentContext();
  const ImGuiStyle page_style = ImGui::GetStyle();
  const float page_font = ImGui::GetFontSize() > 0 ? ImGui::GetFontSize() : 13.0f;
  const float canvas_h = ImGui::GetIO().DisplaySize.y > 0 ? ImGui::GetIO().DisplaySize.y : 720.0f;
  const float s = std::clamp(static_cast<float>(h) / canvas_h, 0.5f, 4.0f);

  ImFontAtlas atlas;
  const float raster = build_font_atlas(atlas, std::round(page_font * s));
  unsigned char* pixels = nullptr;
  int tw = 0, th = 0;
  atlas.GetTexDataAsRGBA32(&pixels, &tw, &th);
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, tw, th, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
  atlas.SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)));

  // The plots record their widgets' rectangles for the tests: those of the picture are not the page's.
  const auto rects = std::move(app.rects);
  app.rects.clear();
  const auto turn_marks = app.turn_marks;
  ImGuiContext* picture = ImGui::CreateContext(&atlas);
  ImGui::SetCurrentContext(picture);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
  io.DeltaTime = 1.0f / 60.0f;
  io.FontGlobalScale = std::round(page_font * s) / raster;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGuiStyle style = page_style;
  style.ScaleAllSizes(s);
  style.WindowRounding = 0;
  style.WindowBorderSize = 0;
  ImGui::GetStyle() = style;
  ImGui::NewFrame();
  draw_picture_plot(app, picture_plot(app), {static_cast<float>(x0), 0.0f, static_cast<float>(w - x0), static_cast<float>(h)});
  ImGui::Render();
  ImDrawData* draw_data = ImGui::GetDrawData();
  // The page's renderer (its program and buffers) draws the picture's lists, with the picture's font texture.
  ImGui::SetCurrentContext(page);
  ImGui_ImplOpenGL3_RenderDrawData(draw_data);
  ImGui::DestroyContext(picture);
  ImGui::SetCurrentContext(page);
  // The picture's widgets kept apart, in the picture's pixels, until the page's next frame: a test reads
  // the columns of a picture's table (they had been a character wide).
  auto drawn = std::move(app.rects);
  app.rects = rects;
  for (auto& [name, r] : drawn) app.rects["in-picture:" + name] = r;
  app.turn_marks = turn_marks;
  glDeleteTextures(1, &texture);
}

// The picture, with the reason when there is none in English (the JS API's replies) or, for the View
// menu's message, in the page's language.
Picture capture(App& app, const std::string& what, double width, double height, bool for_menu) {
  Picture pic;
  if (what != "view" && what != "plot" && what != "both") {
    pic.error = "capture: `what` must be 'view', 'plot' or 'both'";
    return pic;
  }
  if (pic.error = capture_size_problem(width, height); !pic.error.empty()) return pic;
  const int w = static_cast<int>(width), h = static_cast<int>(height);
  GLint max_renderbuffer = 0, max_viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport);
  const int limit_w = std::min(max_renderbuffer, max_viewport[0]), limit_h = std::min(max_renderbuffer, max_viewport[1]);
  if (w > limit_w || h > limit_h) {
    pic.error = for_menu ? trf("No picture: this browser's WebGL draws at most %d x %d px", limit_w, limit_h)
                         : "capture: this browser's WebGL draws at most " + std::to_string(limit_w) + " x " + std::to_string(limit_h) + " px";
    return pic;
  }
  const auto start = std::chrono::steady_clock::now();
  sync_run(app);
  {
    Offscreen target(w, h, picture_samples(w, h));
    if (!target.complete()) {
      if (for_menu) {
        pic.error = trf("No picture: WebGL could not make a %d x %d px framebuffer (status 0x%x)", w, h, target.status());
      } else {
        char buf[128];
        std::snprintf(buf, sizeof buf, "capture: WebGL could not make a %d x %d px framebuffer (status 0x%x)", w, h, target.status());
        pic.error = buf;
      }
      return pic;
    }
    target.bind();
    GLint viewport[4] = {};
    glGetIntegerv(GL_VIEWPORT, viewport);
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, w, h);
    glClearColor(kBackground[0], kBackground[1], kBackground[2], kBackground[3]);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const int view_w = what == "view" ? w : what == "both" ? both_view_width(w) : 0;
    if (view_w > 0) draw_view(app, view_w, h);
    if (what != "view") draw_plot(app, view_w, w, h);
    target.read(pic.rgba);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  }
  pic.width = w;
  pic.height = h;
  pic.render_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return pic;
}

}  // namespace

std::pair<int, int> picture_size(const App& app, double scale) {
  const ImVec2 fb = ImGui::GetIO().DisplaySize;
  const bool free = view_drawn(app) && app.view_right > app.view_left && app.view_bottom > app.view_top;
  const double w = free ? app.view_right - app.view_left : fb.x, h = free ? app.view_bottom - app.view_top : fb.y;
  auto side = [scale](double v) { return std::clamp(static_cast<int>(std::lround(v * scale)), 1, kMaxCaptureSide); };
  return {side(w), side(h)};
}

Picture capture_picture(App& app, const std::string& what, double width, double height) {
  return capture(app, what, width, height, false);
}

void save_picture_menu(App& app) {
  static int what = 0;  // the submenu's choice, kept while the page is open
  constexpr const char* kWhat[] = {"view", "plot", "both"};
  ImGui::RadioButton(tr("3D view"), &what, 0);
  record_rect(app, "picture:view");
  ImGui::SameLine();
  ImGui::RadioButton(tr("Plot"), &what, 1);
  record_rect(app, "picture:plot");
  ImGui::SameLine();
  ImGui::RadioButton(tr("Both"), &what, 2);
  record_rect(app, "picture:both");
  ImGui::Separator();
  struct Size {
    const char* label;
    double scale;  // of the view's size on screen; 0: the slide's width and height below
    int width = 0, height = 0;
  };
  // The view's own shape (between a laptop's panels, taller than wide), and a slide's 16:9 (a lecturer's
  // pictures for slides had been portrait at 1x and 2x).
  for (const Size& size : {Size{"1x", 1.0}, Size{"2x", 2.0}, Size{"1080p", 0.0, 1920, 1080}, Size{"4K", 0.0, 3840, 2160}}) {
    const auto [w, h] = size.scale > 0 ? picture_size(app, size.scale) : std::pair<int, int>{size.width, size.height};
    char label[64];
    std::snprintf(label, sizeof label, "%s  (%d x %d)", size.label, w, h);
    if (ImGui::MenuItem(label)) {
      const Picture pic = capture(app, kWhat[what], w, h, true);
      if (!pic.error.empty()) {
        app.messages.push_back(pic.error);
      } else {
        const std::string name = "carvallo-" + app.state.model + "-" + kWhat[what] + "-" + std::to_string(w) + "x" + std::to_string(h) + ".png";
        carvallo_js_save_picture(pic.rgba.data(), w, h, name.c_str());
        set_toast(app, trf("Picture saved: %s", name.c_str()));
      }
    }
    record_rect(app, std::string("picture:") + size.label);
  }
}

}  // namespace carvallo::web
