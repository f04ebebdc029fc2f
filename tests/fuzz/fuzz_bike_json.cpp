// libFuzzer harness: a bicycle parameter file (examples/bicycle/parameters_json.hpp), as `carvallo ... --bike
// file.json` reads it: parse, then validate and build the canonical model like cli/bike.cpp. Invariants:
// nothing throws; a result has values or issues, never both; values read are finite; writing them with
// to_json and reading back (as a document and as text) gives the same doubles exactly.
#include "fuzz_check.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/parameters_json.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

using carvallo::bicycle::Parameters;

bool same_values(const Parameters& a, const Parameters& b) {
  for (const auto& d : carvallo::bicycle::kParameterTable)
    if (a.*(d.member) != b.*(d.member)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace bicycle = carvallo::bicycle;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto read = bicycle::parameters_from_json_text(text);
  FUZZ_CHECK(read.ok() == read.issues.empty(), "a result has values or issues, never both");
  for (const auto& issue : read.issues) (void)bicycle::to_string(issue);
  if (!read.ok()) return 0;
  const auto& named = *read.parameters;
  for (const auto& d : bicycle::kParameterTable) FUZZ_CHECK(std::isfinite(named.values.*(d.member)), d.name);

  const nlohmann::json written = bicycle::to_json(named.values, named.name, named.source);
  const auto from_doc = bicycle::parameters_from_json(written);
  FUZZ_CHECK(from_doc.ok() && same_values(from_doc.parameters->values, named.values), written.dump());
  const auto from_text = bicycle::parameters_from_json_text(written.dump());
  FUZZ_CHECK(from_text.ok() && same_values(from_text.parameters->values, named.values), written.dump());
  FUZZ_CHECK(from_text.parameters->name == named.name && from_text.parameters->source == named.source, written.dump());

  // What the CLI does next with a file that parsed: physical checks, then the linearized model.
  const auto issues = bicycle::validate(named.values);
  for (const auto& issue : issues) (void)bicycle::to_string(issue);
  if (issues.empty()) {
    const auto model = bicycle::make_canonical_model(named.values);
    FUZZ_CHECK(model.model.has_value() == model.issues.empty(), written.dump());
  }
  return 0;
}
