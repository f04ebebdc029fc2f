// Where the unit tests read the repository's data files and write their outputs.
#pragma once

namespace carvallo::test {

// The checkout's root (examples/bicycle/presets/, web/, tests/cli/data/ ...).
const char* source_dir();
// The build directory (this preset's build/<preset>/): files a test writes.
const char* binary_dir();

}  // namespace carvallo::test
