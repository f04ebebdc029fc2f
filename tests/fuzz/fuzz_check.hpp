#pragma once
// Invariant checks for the libFuzzer harnesses (tests/fuzz/*.cpp). A broken invariant prints what broke and
// aborts, which libFuzzer records as a crash and saves the input (crash-<sha1>) for a regression test.
// An exception escaping a harness terminates the process the same way: every parser fuzzed here is
// documented either never to throw or to report problems as values.

#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(condition, what)                                                          \
  do {                                                                                       \
    if (!(condition)) carvallo::fuzz::fail(__FILE__, __LINE__, #condition, (what));          \
  } while (false)

namespace carvallo::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition, std::string_view what) {
  std::fprintf(stderr, "%s:%d: invariant broken: %s\n  %.*s\n", file, line, condition, static_cast<int>(what.size()),
               what.data());
  std::abort();
}

}  // namespace carvallo::fuzz
