#pragma once
// The parallel DOM's controls (WCAG 2.1 for a canvas page): one row per control, built each frame from the
// application (its role, name, value with the unit in words, the canvas widget it mirrors) together with
// what it does when the page's native element is used. The rows' order is the Tab order: the view and its
// controls (Play / Pause first), then the panels. web/platform/access_bridge.cpp hands them to
// web/platform/parallel_dom.js, which makes and updates the elements.

#include "app.hpp"
#include "logic/access_text.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

struct AccessRow {
  AccessControl control;
  /// What the element does: a button's press ("press"), a hold button's "down" / "up", a number's typed
  /// text, a text field's text, a select's chosen option, a checkbox's "1" / "0". Every action goes through the panels' own
  /// functions (panels/panel_actions.hpp), never a second implementation.
  std::function<void(App&, const std::string&)> act;
  /// The collapsible section whose widgets include this one (its ImGui id after ###: "methods-node", a
  /// parameter group's name), "" where it is always shown.
  std::string section;
};

/// Before a collapsible section's header: opens it when a native control inside it has just got the
/// keyboard focus (App::open_section), once; the user may close it again.
void open_focused_section(App& app, std::string_view section);

/// Upright running at the speed in effect, for the live region: whether it is self-stable ("not
/// self-stable: the weave grows") and the line said when that changes ("At 3.00 m/s: ..."); empty for a
/// model without the bicycle's eigenvalues and while a steady turn is ridden.
struct SpeedStability {
  std::string words, said;
};
SpeedStability speed_stability(App& app);

/// Every control the page mirrors now, in Tab order.
std::vector<AccessRow> access_rows(App& app);

/// The eigenvalue plot as text: its stability line, the critical speeds and the eigenvalues at the current
/// speed (the CSV's columns), for the plot's "Describe" control.
std::string describe_eigenvalue_plot(App& app);
/// The time plots as text: each quantity's current value and its extremes over the run.
std::string describe_time_plots(App& app);
/// The steady turns as text: how many, which are stable, each family's stable leans and speeds, and the
/// turns at each tenth of a radian of lean (listed_turns) as a table; or why there are none yet.
std::string describe_steady_turns(App& app);
/// The methods compared as text: each run's methods, violations, drift and cost (the table), and a paper's figures.
std::string describe_comparison(App& app);

/// `s` with its first letter upper case (an ASCII one), for a name at the start of a sentence.
std::string capitalized(std::string s);

/// Set by the describe controls; the bridge hands it to the page (and clears it).
extern std::string g_access_description;
/// What the page's "Plot as text" holds now (the bridge keeps it as it hands a description over).
extern std::string g_access_description_shown;
/// The description is the plot described before, described again for what changed: shown, not said.
extern bool g_access_description_quiet;
/// Set when "Plot as text" is to be emptied (the shortcut list it holds was closed); the bridge clears it.
extern bool g_access_description_clear;

}  // namespace carvallo::web
