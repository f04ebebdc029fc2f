// Presets: the JSON files in examples/bicycle/presets are the documented source; the library embeds the
// same text. Each must read cleanly, name itself, cite its source and be physical.
#include "../test_paths.hpp"
#include "bicycle/canonical.hpp"
#include "bicycle/presets.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace carvallo::bicycle;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("embedded presets are byte-identical to examples/bicycle/presets/<name>.json", "[presets]") {
  REQUIRE(presets().size() >= 5);  // the benchmark and the published sets (docs/bicycle.md)
  for (const auto& p : presets()) {
    const std::string path = std::string(carvallo::test::source_dir()) + "/examples/bicycle/presets/" + std::string(p.name) + ".json";
    INFO(path);
    CHECK(read_file(path) == p.json);
  }
}

TEST_CASE("every preset reads cleanly, names itself, cites a source and is physical", "[presets]") {
  std::set<std::string> seen;
  for (const auto& p : presets()) {
    INFO(p.name);
    CHECK(seen.insert(std::string(p.name)).second);
    const auto r = parameters_from_json_text(p.json);
    REQUIRE(r.ok());
    CHECK(r.parameters->name == p.name);
    CHECK(r.parameters->source.size() > 40);  // a full citation, not a placeholder
    CHECK(validate(r.parameters->values).empty());
    CHECK(make_canonical_model(r.parameters->values).model.has_value());
  }
  CHECK(presets()[0].name == "benchmark");
  CHECK_FALSE(load_preset("no-such-bike"));
}

TEST_CASE("the benchmark preset holds exactly Table 1 of Meijaard et al. (2007)", "[presets]") {
  const auto b = load_preset("benchmark");
  REQUIRE(b);
  const Parameters expected = benchmark_parameters();
  for (const auto& d : kParameterTable) {
    INFO(d.name);
    CHECK(b->values.*d.member == expected.*d.member);
  }
  CHECK_THAT(b->source, Catch::Contains("Meijaard"));
}

TEST_CASE("every preset lies within the table's suggested slider ranges", "[presets]") {
  for (const auto& d : kParameterTable) CHECK(d.typical_min < d.typical_max);
  for (const auto& p : presets()) {
    const auto r = parameters_from_json_text(p.json);
    REQUIRE(r.ok());
    for (const auto& d : kParameterTable) {
      INFO(p.name << " " << d.name);
      const double x = r.parameters->values.*d.member;
      CHECK(x >= d.typical_min);
      CHECK(x <= d.typical_max);
    }
  }
}
