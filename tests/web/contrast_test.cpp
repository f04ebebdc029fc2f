// The canvas's colours against WCAG 2.1's contrast minimums (1.4.3 text 4.5:1, 1.4.11 graphics and
// control borders 3:1), computed from the palette the panels draw with (web/logic/contrast.hpp).
#include "logic/contrast.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using carvallo::web::contrast_pairs;
using carvallo::web::contrast_ratio;
using carvallo::web::palette;
using carvallo::web::Rgba;

TEST_CASE("contrast ratio follows WCAG 2.1's definition", "[web][contrast]") {
  // Black on white is (1 + 0.05) / (0 + 0.05) = 21 by the definition; a colour against itself is 1.
  CHECK(contrast_ratio(Rgba{0, 0, 0, 255}, Rgba{255, 255, 255, 255}) == Approx(21.0).epsilon(1e-12));
  CHECK(contrast_ratio(Rgba{120, 30, 200, 255}, Rgba{120, 30, 200, 255}) == Approx(1.0).epsilon(1e-12));
  // Symmetric in its arguments.
  CHECK(contrast_ratio(Rgba{255, 255, 255, 255}, Rgba{0, 0, 0, 255}) == Approx(21.0).epsilon(1e-12));
  // #767676 on white is the well-known lightest grey that passes 4.5:1 (4.54), #777777 fails (4.48): the
  // values WebAIM's contrast checker gives, to 2 decimals.
  CHECK(contrast_ratio(Rgba{0x76, 0x76, 0x76, 255}, Rgba{255, 255, 255, 255}) == Approx(4.54).margin(0.005));
  CHECK(contrast_ratio(Rgba{0x77, 0x77, 0x77, 255}, Rgba{255, 255, 255, 255}) == Approx(4.48).margin(0.005));
  // Pure red on white: 4.00 (WebAIM).
  CHECK(contrast_ratio(Rgba{255, 0, 0, 255}, Rgba{255, 255, 255, 255}) == Approx(4.00).margin(0.005));
  // A translucent colour is judged as it appears: black at 50 % over white is mid grey (128), 3.95:1.
  CHECK(contrast_ratio(Rgba{0, 0, 0, 128}, Rgba{255, 255, 255, 255}) ==
        Approx(contrast_ratio(Rgba{127, 127, 127, 255}, Rgba{255, 255, 255, 255})).margin(0.02));
}

TEST_CASE("every colour the canvas draws information with meets its minimum, in both profiles", "[web][contrast]") {
  for (const bool high : {false, true}) {
    const auto pairs = contrast_pairs(palette(high));
    REQUIRE(pairs.size() > 30);
    for (const auto& p : pairs) {
      INFO((high ? "high contrast: " : "normal: ") << p.what << ": " << contrast_ratio(p.fg, p.bg) << " < " << p.minimum);
      CHECK(contrast_ratio(p.fg, p.bg) >= p.minimum);
    }
  }
}

TEST_CASE("the high-contrast profile is at least as contrasted as the normal one for text", "[web][contrast]") {
  const auto normal = contrast_pairs(palette(false)), high = contrast_pairs(palette(true));
  REQUIRE(normal.size() == high.size());
  for (std::size_t k = 0; k < normal.size(); ++k) {
    if (normal[k].minimum < 4.5) continue;
    INFO(normal[k].what);
    CHECK(contrast_ratio(high[k].fg, high[k].bg) >= std::min(7.0, contrast_ratio(normal[k].fg, normal[k].bg)) - 1e-9);
  }
}
