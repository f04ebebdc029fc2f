// JSON read/write of parameter sets: same keys as benchmark-bicycle.json; every problem named.
#include "bicycle/parameters_json.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace carvallo::bicycle;

namespace {

bool has_issue(const ParametersReadResult& r, const std::string& name, const std::string& text) {
  for (const auto& i : r.issues)
    for (const auto& n : i.parameters)
      if (n == name && i.message.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("write then read gives back every value exactly", "[parameters_json]") {
  const Parameters p = benchmark_parameters();
  const std::string text = to_json(p, "benchmark", "Meijaard et al. (2007)").dump(2);
  const auto r = parameters_from_json_text(text);
  REQUIRE(r.ok());
  CHECK(r.parameters->name == "benchmark");
  CHECK(r.parameters->source == "Meijaard et al. (2007)");
  for (const auto& d : kParameterTable) {
    INFO(d.name);
    CHECK(r.parameters->values.*d.member == p.*d.member);  // bit-exact round trip
  }
}

TEST_CASE("unknown keys, missing keys and non-numbers are all reported at once, by name", "[parameters_json]") {
  auto doc = to_json(benchmark_parameters());
  doc.erase("IFyy");
  doc.erase("w");
  doc["lam"] = 0.3;           // the BicycleParameters spelling: unknown here
  doc["c"] = "0.08";          // a string
  doc["mB"] = true;           // a boolean
  doc["xH"] = nullptr;        // null
  doc["name"] = 3;            // metadata must be text
  const auto r = parameters_from_json(doc);
  CHECK_FALSE(r.ok());
  CHECK(has_issue(r, "IFyy", "missing"));
  CHECK(has_issue(r, "w", "missing"));
  CHECK(has_issue(r, "lam", "unknown key"));
  CHECK(has_issue(r, "c", "must be a number"));
  CHECK(has_issue(r, "mB", "must be a number"));
  CHECK(has_issue(r, "xH", "must be a number"));
  CHECK(has_issue(r, "name", "must be text"));
  CHECK(r.issues.size() == 7);
}

TEST_CASE("malformed documents are reported, never thrown", "[parameters_json]") {
  auto r = parameters_from_json_text("{\"w\": 1.02,");
  REQUIRE(r.issues.size() == 1);
  CHECK_THAT(r.issues[0].message, Catch::Contains("not valid JSON"));
  // Where the text stops being JSON, in words the page's table translates, not the library's English.
  CHECK_THAT(r.issues[0].message, Catch::StartsWith("not valid JSON: a syntax error at character "));
  CHECK_THAT(r.issues[0].message, !Catch::Contains("json.exception"));
  r = parameters_from_json_text("[1, 2]");
  REQUIRE(r.issues.size() == 1);
  CHECK_THAT(r.issues[0].message, Catch::Contains("JSON object"));
  // A number too large for a double is an error, never an infinity or NaN in the result.
  auto doc = to_json(benchmark_parameters()).dump();
  doc.replace(doc.find("\"w\":") + 4, 4, "1e999");
  r = parameters_from_json_text(doc);
  CHECK_FALSE(r.ok());
}

TEST_CASE("a parameter given twice is said by name, not read as its last value", "[parameters_json]") {
  // A tester's file with "w": 1.02 and later "w": 2.0 was read as w = 2.0 without a word.
  std::string text = to_json(benchmark_parameters(), "twice", "").dump();
  REQUIRE(text.back() == '}');
  text.pop_back();
  text += ", \"w\": 2.0, \"c\": 0.1, \"w\": 3.0}";
  const auto r = parameters_from_json_text(text);
  CHECK_FALSE(r.parameters);
  REQUIRE(r.issues.size() == 2);
  CHECK(to_string(r.issues[0]) == "w: given more than once");
  CHECK(to_string(r.issues[1]) == "c: given more than once");
  // A nested key of the same name is not a top-level parameter given twice.
  const auto once = parameters_from_json_text(to_json(benchmark_parameters(), "once", "").dump());
  CHECK(once.parameters);
  // A problem of the whole file has no empty name before it.
  CHECK(to_string(parameters_from_json_text("[1]").issues.at(0)).rfind(": ", 0) != 0);
  CHECK(to_string(parameters_from_json_text("{\"w\": 1e999}").issues.at(0)) == "not valid JSON: a number beyond the range of a double");
}
