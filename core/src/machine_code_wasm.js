// The JavaScript half of machine_code_wasm.cpp, linked with --js-library into every WebAssembly build of the
// engine (core/CMakeLists.txt). It instantiates a module made there against the engine's own memory and
// library functions and puts its function into the engine's function table, where C++ calls it through a
// function pointer. The table must be growable (-sALLOW_TABLE_GROWTH); freed entries are reused.
mergeInto(LibraryManager.library, {
  // The index of the module's function in the table; 0 if refused; -1 if the browser compiles it in the
  // background, then writing the index (or -1 if refused) to the int32 at `done` when finished.
  carvallo_wasm_instantiate: function(bytes, size, imports, importCount, done) {
    var state = Module['carvalloMachineCode'] || (Module['carvalloMachineCode'] = {free: [], pending: {}});
    var env = {'memory': wasmMemory};
    for (var k = 0; k < importCount; ++k) env['f' + k] = wasmTable.get(HEAP32[(imports >> 2) + k]);
    var code = HEAPU8.slice(bytes, bytes + size);
    var adopt = function(instance) {
      var index = state.free.length ? state.free.pop() : wasmTable.grow(1);
      wasmTable.set(index, instance.exports['run']);
      return index;
    };
    // In a browser the module is compiled in the background: V8 took 15-60 ms for a new bicycle's five
    // programs (85 KB), which on the page's thread would stall a frame or more each time a new design's
    // programs reach their 64th run (and Chromium refuses synchronous compilation of large modules there).
    // Elsewhere (node: the tests, the benchmarks) at once.
    var browser = typeof window === 'object' || typeof importScripts === 'function';
    if (!browser) {
      try {
        return adopt(new WebAssembly.Instance(new WebAssembly.Module(code), {'env': env}));
      } catch (e) {
        if (!(e instanceof RangeError)) return 0;  // refused (a RangeError: a size limit; try in the background)
      }
    }
    state.pending[done] = true;
    WebAssembly.instantiate(code, {'env': env}).then(function(result) {
      if (state.pending[done]) HEAP32[done >> 2] = adopt(result['instance']);
      delete state.pending[done];
    }, function() {
      if (state.pending[done]) HEAP32[done >> 2] = -1;
      delete state.pending[done];
    });
    return -1;
  },
  // Frees a table entry (index > 0) and forgets a background compilation (done not 0).
  carvallo_wasm_release: function(index, done) {
    var state = Module['carvalloMachineCode'];
    if (!state) return;
    if (done) delete state.pending[done];
    if (index > 0) {
      wasmTable.set(index, null);
      state.free.push(index);
    }
  },
});
