# cmake -DOUT=<header> -DSHADER_DIR=<dir> -P EmbedShaders.cmake
# Writes every <dir>/*.glsl into <header> as `inline constexpr const char* k<Name> = R"glsl(...)glsl";`
file(GLOB files ${SHADER_DIR}/*.glsl)
list(SORT files)
set(body "#pragma once\n// Generated from shaders/*.glsl by cmake/EmbedShaders.cmake. Do not edit.\n\nnamespace carvallo::shaders {\n")
foreach(f IN LISTS files)
  get_filename_component(stem ${f} NAME_WE)
  string(REGEX REPLACE "[^A-Za-z0-9]" "_" ident "${stem}")
  file(READ ${f} src)
  string(APPEND body "\ninline constexpr const char* ${ident} = R\"glsl(${src})glsl\";\n")
endforeach()
string(APPEND body "\n}  // namespace carvallo::shaders\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
