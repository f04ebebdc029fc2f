// What each part of the playground costs in its download (docs/performance.md, "The page's weight"): the
// function bodies of build/wasm/web/carvallo.wasm, each attributed to the library or folder that defines it
// (by its name: carvallo.js.symbols, written by the link's --emit-symbol-map, and the names each object
// file defines, from llvm-nm), with the data section and the rest of the module, raw and compressed alone.
//   node scripts/wasm_size_table.mjs [--build build/wasm] [--markdown] [--top N]
// Functions named in Eigen, nlohmann or std are counted there whichever file instantiated them (what is
// inlined into our own functions counts as ours). Compressed sizes of a part alone add up to more than the
// whole file compressed (compression finds repeats across parts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { readModule, symbolNames } from './wasm_module.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const build = path.resolve(arg('--build', path.join(root, 'build/wasm')));
const wasmFile = path.join(build, 'web/carvallo.wasm');
const jsFile = path.join(build, 'web/carvallo.js');
const wasm = fs.readFileSync(wasmFile);

const { sections, bodies } = readModule(wasm);

// ---- names: the final module's, and which object file defines each ----
const unescape = (s) => s.replace(/\\([0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
const nameOf = new Map([...symbolNames(`${jsFile}.symbols`)].map(([index, name]) => [index, unescape(name)]));
const PARTS = [
  ['engine (core/)', [path.join(build, 'core/libcarvallo_core.a')]],
  ['models (examples/)', [path.join(build, 'examples/libcarvallo_models.a')]],
  ['playground logic (web/logic/)', [path.join(build, 'web/libcarvallo_web_logic.a')]],
  ['panels (web/panels/)', fs.readdirSync(path.join(build, 'web/CMakeFiles/carvallo_web.dir/panels')).filter((f) => f.endsWith('.o'))
    .map((f) => path.join(build, 'web/CMakeFiles/carvallo_web.dir/panels', f))],
  ['platform and frame loop (web/platform/, main.cpp)', [path.join(build, 'web/CMakeFiles/carvallo_web.dir/main.cpp.o'),
    ...fs.readdirSync(path.join(build, 'web/CMakeFiles/carvallo_web.dir/platform')).filter((f) => f.endsWith('.o'))
      .map((f) => path.join(build, 'web/CMakeFiles/carvallo_web.dir/platform', f))]],
  ['Dear ImGui and its backends', [path.join(build, 'web/libimgui.a')]],
];
const partOf = new Map();
for (const [part, files] of PARTS) {
  const out = execFileSync('llvm-nm-14', ['--defined-only', '-C', ...files], { encoding: 'utf8', maxBuffer: 1 << 28 });
  for (const line of out.split('\n')) {
    const m = line.match(/^[0-9a-f]+ [TtWw] (.+)$/);
    if (m && !partOf.has(m[1])) partOf.set(m[1], part);
  }
}
// The qualified name of a demangled function (without its return type and parameters).
function qualified(name) {
  let depth = 0, cut = name.length;
  for (let i = 0; i < name.length; ++i) {
    const c = name[i];
    if (c === '<') ++depth; else if (c === '>') --depth;
    else if (c === '(' && depth === 0 && !name.startsWith('(anonymous', i)) { cut = i; break; }
  }
  const head = name.slice(0, cut);
  depth = 0;
  let start = 0;
  for (let i = 0; i < head.length; ++i) {
    const c = head[i];
    if (c === '<') ++depth; else if (c === '>') --depth;
    else if (c === ' ' && depth === 0 && !head.slice(0, i + 1).endsWith('(anonymous ')) start = i + 1;
  }
  return head.slice(start);
}
const LIBRARIES = [['Eigen (functions not inlined)', 'Eigen::'], ['nlohmann json', 'nlohmann::'], ['C++ standard library', 'std::']];
const RUNTIME = 'C runtime, malloc, Emscripten';
function partOfFunction(index) {
  const name = nameOf.get(index);
  if (!name) return RUNTIME;
  const q = qualified(name);
  for (const [part, prefix] of LIBRARIES) if (q.startsWith(prefix)) return part;
  return partOf.get(name) ?? RUNTIME;
}

// ---- --top N: the N largest function bodies, with their part (where to look for savings) ----
const top = Number(arg('--top', 0));
if (top > 0) {
  const sized = bodies.map(({ index, bytes }) => [bytes.length, partOfFunction(index), nameOf.get(index) ?? `function ${index}`]);
  sized.sort((a, b) => b[0] - a[0]);
  for (const [bytes, part, name] of sized.slice(0, top)) console.log(`${String(bytes).padStart(8)}  ${part.padEnd(36).slice(0, 36)}  ${name.slice(0, 160)}`);
  process.exit(0);
}

// ---- the table ----
const totals = new Map();
for (const { index, bytes } of bodies) {
  const part = partOfFunction(index);
  if (!totals.has(part)) totals.set(part, []);
  totals.get(part).push(bytes);
}
const brotli = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const rows = [];
for (const [part, list] of totals) {
  const buf = Buffer.concat(list);
  rows.push([part, list.length, buf.length, gzip(buf), brotli(buf)]);
}
rows.sort((a, b) => b[2] - a[2]);
const data = sections.find((s) => s.name === 'data');
const dataBytes = wasm.subarray(data.start, data.end);
rows.push(['data (strings, tables, the UI font)', '', data.size, gzip(dataBytes), brotli(dataBytes)]);
const codeSection = sections.find((s) => s.name === 'code');
const otherSize = wasm.length - codeSection.size - data.size;
rows.push(['other sections (types, imports, exports, table; function-body headers)', '',
           otherSize + codeSection.size - bodies.reduce((s, b) => s + b.bytes.length, 0), '', '']);
const js = fs.readFileSync(jsFile);
rows.push(['carvallo.js (Emscripten runtime, pre.js, input.js; minified)', '', js.length, gzip(js), brotli(js)]);
rows.push(['**carvallo.wasm + carvallo.js, as served**', '', wasm.length + js.length, gzip(wasm) + gzip(js), brotli(wasm) + brotli(js)]);

const kB = (n) => (n === '' ? '' : (n / 1000).toFixed(1));
if (process.argv.includes('--markdown')) {
  console.log('| part | functions | raw kB | gzip alone kB | brotli alone kB |');
  console.log('|---|---|---|---|---|');
  for (const [part, n, raw, gz, br] of rows) console.log(`| ${part} | ${n} | ${kB(raw)} | ${kB(gz)} | ${kB(br)} |`);
} else {
  for (const [part, n, raw, gz, br] of rows) console.log(`${part.padEnd(72)} ${String(n).padStart(5)} ${kB(raw).padStart(8)} ${kB(gz).padStart(8)} ${kB(br).padStart(8)}`);
}
