// Carvallo playground: the browser application (Emscripten + GLFW + WebGL 2 + Dear ImGui 1.86).
#include "browser.hpp"
#include "camera.hpp"
#include "grid_renderer.hpp"

#include "carvallo/generalized_eigen.hpp"
#include "carvallo/version.hpp"

#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

using carvallo::web::CanvasSize;

// The number core computes for the vertical slice: eigenvalues of a two-mass spring chain's
// state-space pencil (closed form: +-i*sqrt((15 -+ sqrt(153))/4), checked in tests/core).
std::vector<std::complex<double>> demo_eigenvalues() {
  Eigen::MatrixXd U = Eigen::MatrixXd::Zero(4, 4), V = Eigen::MatrixXd::Zero(4, 4);
  U.topLeftCorner(2, 2).setIdentity();
  U(2, 2) = 1.0;
  U(3, 3) = 2.0;
  V.topRightCorner(2, 2).setIdentity();
  V(2, 0) = -6.0;
  V(2, 1) = 3.0;
  V(3, 0) = 3.0;
  V(3, 1) = -3.0;
  return carvallo::finite_generalized_eigenvalues(V, U);
}

struct App {
  GLFWwindow* window = nullptr;
  std::unique_ptr<carvallo::web::GridRenderer> grid;
  carvallo::web::OrbitCamera camera;
  std::vector<std::complex<double>> eigenvalues;
  std::string clipboard;
  double ui_scale = 0.0;  // pixel ratio the fonts and style were built for
  bool first_frame_done = false;
};

App* g_app = nullptr;

const char* get_clipboard(void* user) { return static_cast<App*>(user)->clipboard.c_str(); }

void set_clipboard(void* user, const char* text) {
  auto* app = static_cast<App*>(user);
  app->clipboard = text ? text : "";
  carvallo::web::copy_to_clipboard(app->clipboard);
}

// Emscripten's GLFW has no HiDPI support: size the backing store to CSS size x device pixel ratio by
// hand, and scale ImGui's fonts and style to match.
void follow_canvas(App& app) {
  const CanvasSize size = carvallo::web::canvas_size();
  int w = 0, h = 0;
  glfwGetWindowSize(app.window, &w, &h);
  if (w != size.backing_width() || h != size.backing_height())
    carvallo::web::set_canvas_backing_size(size.backing_width(), size.backing_height());
  if (size.pixel_ratio != app.ui_scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = static_cast<float>(13.0 * size.pixel_ratio);
    io.Fonts->AddFontDefault(&config);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    ImGuiStyle style;
    ImGui::StyleColorsLight(&style);
    style.WindowRounding = 4.0f;
    style.ScaleAllSizes(static_cast<float>(size.pixel_ratio));
    ImGui::GetStyle() = style;
    app.ui_scale = size.pixel_ratio;
  }
}

void draw_about_window(const App& app) {
  ImGui::SetNextWindowPos(ImVec2(12.0f * static_cast<float>(app.ui_scale), 12.0f * static_cast<float>(app.ui_scale)),
                          ImGuiCond_FirstUseEver);
  ImGui::Begin("Carvallo");
  ImGui::Text("Carvallo %s", carvallo::kVersion);
  ImGui::TextDisabled("Multibody dynamics with holonomic and nonholonomic constraints");
  ImGui::Separator();
  ImGui::TextUnformatted("Core check: eigenvalues of a two-mass spring chain");
  for (const auto& s : app.eigenvalues) ImGui::Text("  %+.12f %+.12f i", s.real(), s.imag());
  ImGui::End();
}

void frame() {
  App& app = *g_app;
  follow_canvas(app);
  glfwPollEvents();

  ImGuiIO& io = ImGui::GetIO();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);  // 1.86 asserts DeltaTime > 0; browser timers can repeat
  ImGui::NewFrame();
  draw_about_window(app);
  ImGui::Render();

  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(app.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.80f, 0.86f, 0.93f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  app.grid->draw(app.camera, fb_h > 0 ? static_cast<double>(fb_w) / fb_h : 1.0);
  glDisable(GL_DEPTH_TEST);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  if (!app.first_frame_done) {
    app.first_frame_done = true;
    carvallo::web::signal_ready(carvallo::kVersion);
  }
}

}  // namespace

int main() {
  if (!glfwInit()) {
    std::fprintf(stderr, "carvallo: GLFW initialisation failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_SAMPLES, 4);
  const CanvasSize size = carvallo::web::canvas_size();
  static App app;
  g_app = &app;
  app.window = glfwCreateWindow(size.backing_width(), size.backing_height(), "Carvallo", nullptr, nullptr);
  if (!app.window) {
    std::fprintf(stderr, "carvallo: could not create a WebGL 2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(app.window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // state lives in the share link, not in a file
  io.ClipboardUserData = &app;
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  app.grid = std::make_unique<carvallo::web::GridRenderer>();
  if (!app.grid->error().empty()) std::fprintf(stderr, "carvallo: %s\n", app.grid->error().c_str());
  app.eigenvalues = demo_eigenvalues();

  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
