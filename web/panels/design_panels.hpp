#pragma once
// The design window (a heat map of self-stability over two parameters, and a dimensioned side view of the
// geometry) and the designer's inputs in the parameters panel. Kept apart from panels.cpp: each file one job
// (design_map_panel.cpp, side_view_panel.cpp, designer_inputs.cpp).

#include "bicycle/designer_geometry.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

struct App;

/// What the design panels remember between frames (besides the UiState, which the link holds).
struct DesignPanelState {
  std::optional<std::size_t> hover_ix, hover_iy;  ///< the map cell under the pointer, if any
  std::string map_problem;                        ///< why the last click on the map was not applied
  std::string designer_problem;                   ///< why the last designer input was not applied
};

/// Budget of wall time per frame for filling the map (ms), or less when the frame's deadline for its
/// computations is nearer (FrameWork::budget_ms): far from a stall and, with the rest of
/// a frame, still 25 frames a second or more while a 100 x 100 map (about 75 ms of computing in WebAssembly
/// on a loaded machine, docs/performance.md) takes 3 or 4 frames: on slow software-GL frames the fill time
/// is the number of frames it needs.
inline constexpr double kMapBudgetMs = 25.0;

/// The "Design" window: tabs "Heat map" and "Side view" (bicycle only; UiState::show_design, or the
/// compact layout's "design" tab).
void draw_design_panel(App& app);
/// Shows or hides the "Design" window (View > Design map and side view, its x): shown, it is the stage's
/// plot too (`stage=design-map`), so that a scene kept of this view presents it; hidden, the stage's plot
/// is the eigenvalues again where it was the map.
void toggle_design_window(App& app);
/// The heat map, its settings and legend, filled progressively (design_map_panel.cpp).
void design_map_view(App& app);
/// The dimensioned side view with mass centres and inertia ellipses (side_view_panel.cpp).
void side_view(App& app);
/// Head angle, fork offset, wheel diameters, wheelbase with "front assembly moves" (designer_inputs.cpp),
/// under a collapsing header of their own unless `with_header` is false (the stage's Design... popup).
void designer_inputs(App& app, bool with_header = true);
/// A line saying that the wheels of `p` overlap (rR + rF > w), recorded as widget `rect`; nothing when they
/// do not (side_view_panel.cpp).
void wheels_overlap_note(App& app, const bicycle::Parameters& p, const char* rect);

/// The design map's settings applied as its panel applies them (the parallel DOM too): a range end (the
/// state's map.x_lo ... y_hi) given by the panel's `name` for it ("x from"), refused beyond +-1e6; the points
/// per axis, rounded and clamped to 2..200 as the field does; the highest speed looked for, 0.1 to 100 m/s.
/// A refusal is the panel's message (DesignPanelState::map_problem).
void set_map_range_end(App& app, double& end, double value, const char* name);
void set_map_count(App& app, double n);
void set_map_vmax(App& app, double vmax);
/// A map axis's label as the axes show it ("trail c [m]"; the choices: logic/state_fields.hpp's
/// map_input_names) and a shown quantity's name in the page's language.
std::string map_axis_label(const std::string& name);
std::string map_quantity_name(const std::string& quantity);

/// One designer input: what the panel shows and how a value changes the bicycle.
struct DesignerInput {
  const char* label;
  const char* id;      ///< widget name "designer:<id>"
  const char* format;
  const char* unit;
  const char* tip;
  double (*shown)(const bicycle::Parameters&);
  bicycle::DesignerEdit (*set)(const bicycle::Parameters&, double value, bool front_moves);
  double min, max;     ///< the values `set` may take (infinite: unbounded), for the native control's range
};
/// The designer inputs in the panel's order.
const std::vector<DesignerInput>& designer_input_table();
/// Applies a value as the panel's field does: the bicycle changes, or stays and the reason is shown.
void apply_designer_input(App& app, const DesignerInput& input, double value);
/// Refuses `text`, typed for `input`, as no number.
void refuse_unreadable_designer_input(App& app, const DesignerInput& input, const std::string& text);

}  // namespace carvallo::web
