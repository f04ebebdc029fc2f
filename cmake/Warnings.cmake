# Strict warnings for Carvallo's own targets (third-party code such as Dear ImGui is built without them).
add_library(carvallo_warnings INTERFACE)
target_compile_options(carvallo_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual -Wcast-align
  -Wformat=2 -Wimplicit-fallthrough -Wmissing-declarations -Wundef)
if(CARVALLO_WERROR)
  target_compile_options(carvallo_warnings INTERFACE -Werror)
endif()

add_library(carvallo_sanitizers INTERFACE)
if(CARVALLO_SANITIZE)
  # Every UBSan finding is an error that stops the program (no "recover and go on"), so a report cannot
  # scroll by in a passing test.
  # UBSan's object-size check is left out: ASan's redzones already catch every access outside an object, at
  # run time, and object-size cost a fifth of each file's compile (multibody_model.cpp: 62 s of CPU with it,
  # 50 s without).
  target_compile_options(carvallo_sanitizers INTERFACE -fsanitize=address,undefined -fno-sanitize=object-size -fno-omit-frame-pointer
                                                       -fno-sanitize-recover=all)
  # A target with CARVALLO_LIGHT_UBSAN (the unit tests' own files, tests/CMakeLists.txt) leaves out UBSan's
  # per-pointer checks; here, after -fsanitize, because clang applies the flags in order.
  target_compile_options(carvallo_sanitizers INTERFACE
    $<$<BOOL:$<TARGET_PROPERTY:CARVALLO_LIGHT_UBSAN>>:-fno-sanitize=alignment,null,vptr>)
  target_link_options(carvallo_sanitizers INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
endif()
if(CARVALLO_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT CARVALLO_SANITIZE)
    message(FATAL_ERROR "CARVALLO_FUZZ needs clang (libFuzzer) and CARVALLO_SANITIZE=ON: use the native-debug preset")
  endif()
  # Coverage for libFuzzer in everything the harnesses reach; the unit tests link the same objects with their
  # own main (the sanitizer runtime provides the coverage hooks), so one build serves both. A target that no
  # harness links (the unit tests' own files) sets CARVALLO_NO_FUZZ_COVERAGE and is compiled without it.
  target_compile_options(carvallo_sanitizers INTERFACE
    $<$<NOT:$<BOOL:$<TARGET_PROPERTY:CARVALLO_NO_FUZZ_COVERAGE>>>:-fsanitize=fuzzer-no-link>)
endif()

# Emscripten: C++ exceptions are how the engine reports typed errors, so catching must work. No run-time
# type information: nothing of ours, ImGui's or Catch2's asks a type at run time (no typeid, no
# dynamic_cast), and std::function's target_type() kept every lambda's mangled name in the download; the
# types thrown still get the type information catching needs.
add_library(carvallo_platform INTERFACE)
if(EMSCRIPTEN)
  target_compile_options(carvallo_platform INTERFACE -fwasm-exceptions -fno-rtti)
  target_link_options(carvallo_platform INTERFACE -fwasm-exceptions -sALLOW_MEMORY_GROWTH=1)
endif()

# No contraction of a*b + c into a fused multiply-add: the recorded programs (straight_line_program.hpp) and
# the loops they were recorded from must round every product and sum alike to give the same bits, natively,
# sanitized and in WebAssembly. (g++ contracts by default in its GNU dialects where the target has FMA.)
add_library(carvallo_floating_point INTERFACE)
target_compile_options(carvallo_floating_point INTERFACE -ffp-contract=off)

# Everything of ours links this one target.
add_library(carvallo_options INTERFACE)
target_link_libraries(carvallo_options INTERFACE carvallo_warnings carvallo_sanitizers carvallo_platform carvallo_floating_point)
