// The Design window's fields of the one UI state (web/logic/ui_state.hpp: design, dtab, frontmoves and the
// map settings): they round-trip exactly through the link and the JSON of getState/setState, and hostile
// values are refused with the key named while the rest of the link is used.
#include "logic/state_link.hpp"
#include "mentions.hpp"

#include <catch2/catch.hpp>

using namespace carvallo::web;
using carvallo_test::mentions;

TEST_CASE("design window and map settings round-trip through the link and the JSON", "[ui_state_design]") {
  UiState s;
  s.show_design = true;
  s.design_tab = "side";
  s.front_moves = false;
  s.map = {"mB", 20.5, 120.25, "lambda", 0.1, 0.6000000000000001, 37, "capsize", 12.5};
  const auto r = read_link(to_link(s));
  CHECK(r.ignored.empty());
  CHECK(r.state == s);
  CHECK(r.state.map.y_hi == 0.6000000000000001);
  CHECK(r.state.map.x == "mB");
  UiState t;
  CHECK(apply_json(t, to_json(s)).empty());
  CHECK(t == s);
  // The defaults are the classic chart of docs/plots/make_stability_map.sh.
  const UiState d;
  CHECK(d.map.x == "trail");
  CHECK(d.map.y == "steer_axis_tilt");
  CHECK(d.map.count == 100);
}

TEST_CASE("hostile map settings are refused with the key named; the defaults stay", "[ui_state_design]") {
  const auto r = read_link("v=0&model=bicycle&mapxlo=1e308&mapn=5e-324&mapq=evil&mapx=IBxz%3Bdrop&mapvmax=-0&dtab=3d&design=yes&mapylo=0.2");
  CHECK(mentions(r.ignored, "mapxlo"));
  CHECK(mentions(r.ignored, "mapn"));
  CHECK(mentions(r.ignored, "mapq"));
  CHECK(mentions(r.ignored, "mapx"));
  CHECK(mentions(r.ignored, "mapvmax"));
  CHECK(mentions(r.ignored, "dtab"));
  CHECK(mentions(r.ignored, "design"));
  const UiState d;
  CHECK(r.state.map.x_lo == d.map.x_lo);
  CHECK(r.state.map.count == d.map.count);
  CHECK(r.state.map.quantity == "width");
  CHECK(r.state.map.x == "trail");
  CHECK(r.state.map.vmax == d.map.vmax);
  CHECK_FALSE(r.state.show_design);
  CHECK(r.state.map.y_lo == 0.2);  // the usable field of the same link is applied
  UiState s;
  const auto ignored = apply_json(s, nlohmann::json{{"mapn", "100"}, {"mapy", 7}, {"frontmoves", 1.5}});
  CHECK(ignored.size() == 3);
  CHECK(s == UiState{});
}
