#pragma once
// CARVALLO_FOR_SIZE marks a large function that runs once per model, design, program or run, never per step or
// per speed of a sweep: in the WebAssembly build it is optimized for size (clang's minsize), as the files that
// only hold such code are (docs/performance.md, "The page's weight"); natively it changes nothing.

#if defined(__EMSCRIPTEN__)
#define CARVALLO_FOR_SIZE [[clang::minsize]]
#else
#define CARVALLO_FOR_SIZE
#endif
