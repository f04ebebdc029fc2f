// Catch2's runner, with one addition: CARVALLO_TEST_SKIP (a Catch2 tag expression such as "[slow]") leaves
// those test cases out of every run. The sanitize layer sets it (CMakePresets.json, native-debug test
// preset): a few test cases take minutes under AddressSanitizer (20-30 times their native time) and
// exercise no code the others do not; they still run in the native layer.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char* argv[]) {
  const char* skip = std::getenv("CARVALLO_TEST_SKIP");
  if (!skip || !*skip) return Catch::Session().run(argc, argv);
  // ctest passes the file's spec ("[#name]") after "-#": AND the exclusion onto it; with no spec, the
  // exclusion alone.
  std::vector<std::string> args(argv, argv + argc);
  bool has_spec = false;
  for (std::size_t i = 1; i < args.size(); ++i)
    if (!args[i].empty() && args[i][0] == '[') {
      args[i] += std::string("~") + skip;
      has_spec = true;
    }
  if (!has_spec) args.push_back(std::string("~") + skip);
  std::vector<char*> pointers;
  for (auto& a : args) pointers.push_back(a.data());
  return Catch::Session().run(static_cast<int>(pointers.size()), pointers.data());
}
