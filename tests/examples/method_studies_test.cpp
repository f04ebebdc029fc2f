// The papers' comparisons offered as presets (ModelEntry::studies) quote the papers' figures: checked against
// the independent transcription the mechanism tests use (papers.hpp), so a preset never shows a number the
// paper did not print.
#include "papers.hpp"
#include "registry.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

using namespace carvallo::examples;

TEST_CASE("the 002 Table 11 presets quote Table 11's row of their mechanism", "[registry][studies]") {
  for (const auto& row : papers::kTable11) {
    INFO(row.name);
    const ModelEntry* e = find_model(row.name);
    REQUIRE(e != nullptr);
    REQUIRE(e->studies.size() == 1);
    char C[32], Cdot[32];
    std::snprintf(C, sizeof C, "|C| %.3e m", row.C);
    std::snprintf(Cdot, sizeof Cdot, "|dC/dt| %.3e m/s", row.Cdot);
    CHECK(e->studies[0].published.find(C) != std::string::npos);
    CHECK(e->studies[0].published.find(Cdot) != std::string::npos);
  }
}

TEST_CASE("the sliding particle's preset quotes 001's Baumgarte bound", "[registry][studies]") {
  const ModelEntry* e = find_model("sliding-particle");
  REQUIRE(e != nullptr);
  REQUIRE(e->studies.size() == 1);
  char bound[32];
  std::snprintf(bound, sizeof bound, "below %.1e m", papers::kBaumgarteBound);
  CHECK(e->studies[0].published.find(bound) != std::string::npos);
}
