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
  target_compile_options(carvallo_sanitizers INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(carvallo_sanitizers INTERFACE -fsanitize=address,undefined)
endif()

# Emscripten: C++ exceptions are how the engine reports typed errors, so catching must work.
add_library(carvallo_platform INTERFACE)
if(EMSCRIPTEN)
  target_compile_options(carvallo_platform INTERFACE -fwasm-exceptions)
  target_link_options(carvallo_platform INTERFACE -fwasm-exceptions -sALLOW_MEMORY_GROWTH=1)
endif()

# Everything of ours links this one target.
add_library(carvallo_options INTERFACE)
target_link_libraries(carvallo_options INTERFACE carvallo_warnings carvallo_sanitizers carvallo_platform)
