// The two paths come from the build (tests/CMakeLists.txt) into this file alone: a path on a test file's
// command line would differ between clones and make ccache recompile every test in every clean clone.
#include "test_paths.hpp"

namespace carvallo::test {

const char* source_dir() { return CARVALLO_SOURCE_DIR; }
const char* binary_dir() { return CARVALLO_BINARY_DIR; }

}  // namespace carvallo::test
