// The playground's WebAssembly module read without a toolchain: its sections and function bodies
// (the WebAssembly binary format, section by section), and the functions' names the link wrote beside it
// (carvallo.js.symbols, from --emit-symbol-map). For scripts/wasm_size_table.mjs, scripts/package_site.mjs
// and scripts/profile_first_frame.mjs.
import fs from 'node:fs';

/// The features the link uses (-fwasm-exceptions; Emscripten 3.1.6's defaults), for binaryen's tools.
export const WASM_FEATURES = ['--enable-exception-handling', '--enable-bulk-memory', '--enable-sign-ext', '--enable-mutable-globals'];

const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count', 'tag'];

/// { sections: [{ name, size, start, end }], importedFunctions, bodies: [{ index, bytes }] }: a function's
/// index counts the imported functions first, as the symbol map does.
export function readModule(wasm) {
  let at = 8;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do { byte = wasm[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return value;
  };
  const sections = [];
  let importedFunctions = 0;
  const bodies = [];
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    sections.push({ name: SECTION[id] ?? `section ${id}`, size: end - at, start: at, end });
    if (id === 2) {
      for (let n = leb(); n > 0; --n) {
        for (let name = 0; name < 2; ++name) { const length = leb(); at += length; }  // module and field names
        const kind = wasm[at++];
        if (kind === 0) { leb(); ++importedFunctions; }
        else if (kind === 1) { ++at; if (wasm[at++] & 1) { leb(); } leb(); }
        else if (kind === 2) { if (wasm[at++] & 1) { leb(); } leb(); }
        else if (kind === 3) { at += 2; }
        else if (kind === 4) { ++at; leb(); }
      }
    } else if (id === 10) {
      const count = leb();
      for (let i = 0; i < count; ++i) {
        const bodySize = leb();
        bodies.push({ index: importedFunctions + i, bytes: wasm.subarray(at, at + bodySize) });
        at += bodySize;
      }
    }
    at = end;
  }
  return { sections, importedFunctions, bodies };
}

/// The symbol map's names by function index ("index:name" lines; the names as written, with the link's
/// \xx escapes).
export function symbolNames(file) {
  const names = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) names.set(Number(line.slice(0, colon)), line.slice(colon + 1));
  }
  return names;
}
