// Packages the playground as a folder of static files that any web host can serve (build/wasm/web/site/):
//   index.html              the repository's index.html, told the versioned names and sizes of its assets
//                           and the loader's words in every language (web/strings/loader.json);
//   carvallo.<hash>.js/.wasm the application, named by a hash of its content, so a browser may keep it
//                           until a new version (the name changes with every change); the WebAssembly in two
//                           parts (below): what the first frame runs, and the rest, loaded after it;
//   carvallo.<hash>.json    the words of Dutch, of Spanish (web/strings/*.json, one language each): a page
//                           fetches those of its language only (web/logic/language.hpp);
//   carvallo.<hash>.js      also the QR code encoder (qrcode-generator from npm), fetched the first time a
//                           QR code is shown (web/platform/lecture.js);
//   sw.js                   web/site/sw.js, told the version and what to cache for offline use;
//   manifest.webmanifest, icon.svg   from web/site/, to install the page as an app;
//   <each>.br, <each>.gz    precompressed copies (brotli, gzip) for servers that serve them
//                           (scripts/serve.mjs does); a host that does not serves the plain files.
//   node scripts/package_site.mjs [--build build/wasm/web]
// Run after every link of carvallo_web (web/CMakeLists.txt) and by scripts/serve.mjs when the folder is
// older than its inputs. Idempotent; removes the versioned files of former builds.
//
// The split. binaryen's wasm-split keeps in the first part the functions named (by a hash of the name) in
// web/site/first_frame_functions.txt (what the page runs up to its first frame and the first seconds of a
// scene: scripts/profile_first_frame.mjs writes it) and moves the others to the second, leaving in their
// place a placeholder each that index.html's loader answers by loading the second part at once. So a page
// starts after the first part, and a name the list lacks (code changed since it was written) costs time,
// never correctness. The loader fetches the second part in the background after the first frame.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { readModule, symbolNames, WASM_FEATURES } from './wasm_module.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_DIR = path.join(root, 'web', 'site');
const STATIC_FILES = ['sw.js', 'manifest.webmanifest', 'icon.svg'];
const VERSIONED = /^carvallo\.[0-9a-f]{12}\.(js|wasm|json)$/;
const STRINGS_DIR = path.join(root, 'web', 'strings');
const LOADER_WORDS = path.join(root, 'web', 'strings', 'loader.json');  // the loader's words, in every language
const FIRST_FRAME_FUNCTIONS = path.join(STATIC_DIR, 'first_frame_functions.txt');
const QR_ENCODER = path.join(root, 'node_modules', 'qrcode-generator', 'dist', 'qrcode.js');  // npm ci (scripts/install-deps.sh)

const stringFiles = () => fs.readdirSync(STRINGS_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(STRINGS_DIR, f));

/// The files the site is made from: the build's application and the repository's page and static files.
export function siteInputs(buildDir) {
  return [...stringFiles(), path.join(buildDir, 'carvallo.js'), path.join(buildDir, 'carvallo.wasm'), path.join(root, 'index.html'), LOADER_WORDS,
          fileURLToPath(import.meta.url), FIRST_FRAME_FUNCTIONS, QR_ENCODER, ...STATIC_FILES.map((f) => path.join(STATIC_DIR, f))];
}

export function siteDir(buildDir) { return path.join(buildDir, 'site'); }

/// True when the site is missing or older than one of its inputs.
export function siteIsStale(buildDir) {
  const stamp = path.join(siteDir(buildDir), 'index.html');
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return siteInputs(buildDir).some((f) => fs.statSync(f).mtimeMs > built);
}

const hashOf = (data) => crypto.createHash('sha256').update(data).digest('hex').slice(0, 12);

// Writes a file whole or not at all (a server may be reading the folder while it is packaged again).
function writeAtomically(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

// Writes a file and its precompressed copies (maximum compression: done once per build).
function writeWithCompressed(file, data, compress) {
  writeAtomically(file, data);
  if (!compress) {
    for (const copy of [`${file}.gz`, `${file}.br`]) fs.rmSync(copy, { force: true });
    return;
  }
  writeAtomically(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  writeAtomically(`${file}.br`, zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }));
}

// Replaces a marked block of a text file, failing loudly when the template lost its marker.
function fill(text, marker, value, file) {
  if (!text.includes(marker)) throw new Error(`package_site: ${file} has no ${marker}`);
  return text.split(marker).join(value);
}

/// How web/site/first_frame_functions.txt names a function: 12 hex digits of the SHA-256 of its mangled
/// name (the names themselves are 0.7 MB).
export const functionNameKey = (name) => crypto.createHash('sha256').update(name).digest('hex').slice(0, 12);

/// The module in two parts by web/site/first_frame_functions.txt (see the header), or null for a module
/// the profile itself runs (instrumented by wasm-split, scripts/profile_first_frame.mjs).
function splitModule(buildDir, wasm) {
  if (wasm.includes('__write_profile')) return null;
  const wanted = new Set(fs.readFileSync(FIRST_FRAME_FUNCTIONS, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')));
  const wantedName = (name) => wanted.has(functionNameKey(name));
  const imports = readModule(wasm).importedFunctions;
  const keep = [];
  for (const [index, name] of symbolNames(path.join(buildDir, 'carvallo.js.symbols'))) {
    // wasm-split names a module's own functions by their index among them when it has no name section.
    if (index >= imports && wantedName(name)) keep.push(String(index - imports));
  }
  const work = fs.mkdtempSync(path.join(buildDir, 'split-'));
  try {
    fs.writeFileSync(path.join(work, 'keep'), keep.join('\n'));
    const input = path.join(work, 'in.wasm');
    fs.writeFileSync(input, wasm);
    try {
      execFileSync('wasm-split', [...WASM_FEATURES, input, `--keep-funcs=@${path.join(work, 'keep')}`,
                                  '--placeholder-namespace=placeholder', '--import-namespace=primary',
                                  '-o1', path.join(work, 'first.wasm'), '-o2', path.join(work, 'rest.wasm')], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      throw new Error(`package_site: splitting carvallo.wasm failed (wasm-split, Debian's binaryen: scripts/install-deps.sh): ${e.code === 'ENOENT' ? 'wasm-split not found' : String(e.stderr || e.message).trim()}`);
    }
    return { first: fs.readFileSync(path.join(work, 'first.wasm')), rest: fs.readFileSync(path.join(work, 'rest.wasm')), kept: keep.length };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// compress: false leaves out the .br and .gz copies (a test that packages versions of its own).
export function packageSite({ buildDir = path.join(root, 'build/wasm/web'), compress = true } = {}) {
  for (const f of siteInputs(buildDir)) {
    if (!fs.existsSync(f)) throw new Error(`package_site: ${f} is missing: build the wasm preset first (scripts/install-deps.sh installs the npm packages)`);
  }
  const out = siteDir(buildDir);
  fs.mkdirSync(out, { recursive: true });
  const js = fs.readFileSync(path.join(buildDir, 'carvallo.js'));
  const whole = fs.readFileSync(path.join(buildDir, 'carvallo.wasm'));
  const parts = splitModule(buildDir, whole);
  const wasm = parts ? parts.first : whole;
  const assets = { js: `carvallo.${hashOf(js)}.js`, wasm: `carvallo.${hashOf(wasm)}.wasm`, jsBytes: js.length, wasmBytes: wasm.length };
  // The second part (none for a module that is not split): a versioned name like the others.
  if (parts) Object.assign(assets, { rest: `carvallo.${hashOf(parts.rest)}.wasm`, restBytes: parts.rest.length });
  // Each language's words as {English: text} (web/logic/language.hpp's load_language_words reads them).
  const entries = stringFiles().flatMap((f) => Object.entries(JSON.parse(fs.readFileSync(f, 'utf8'))));
  const languages = {};
  for (const code of ['nl', 'es']) {
    const texts = Object.fromEntries(entries.filter(([, entry]) => entry && typeof entry[code] === 'string')
                                            .map(([english, entry]) => [english, entry[code]]));
    languages[code] = Buffer.from(JSON.stringify(texts));
  }
  assets.words = Object.fromEntries(Object.entries(languages).map(([code, data]) => [code, `carvallo.${hashOf(data)}.json`]));
  const qr = fs.readFileSync(QR_ENCODER);
  assets.qrcode = `carvallo.${hashOf(qr)}.js`;
  const current = [assets.js, assets.wasm, assets.rest, assets.qrcode, ...Object.values(assets.words)];
  for (const name of fs.readdirSync(out)) {
    const plain = name.replace(/\.(br|gz)$/, '');
    if (VERSIONED.test(plain) && !current.includes(plain)) fs.rmSync(path.join(out, name));
  }
  writeWithCompressed(path.join(out, assets.js), js, compress);
  writeWithCompressed(path.join(out, assets.wasm), wasm, compress);
  if (parts) writeWithCompressed(path.join(out, assets.rest), parts.rest, compress);
  for (const [code, data] of Object.entries(languages)) writeWithCompressed(path.join(out, assets.words[code]), data, compress);
  writeWithCompressed(path.join(out, assets.qrcode), qr, compress);
  for (const f of ['manifest.webmanifest', 'icon.svg']) writeWithCompressed(path.join(out, f), fs.readFileSync(path.join(STATIC_DIR, f)), compress);

  // The version is the hash of everything the page is made of, so that sw.js changes whenever any part does.
  const version = hashOf(Buffer.concat([js, whole, ...Object.values(languages), qr, fs.readFileSync(FIRST_FRAME_FUNCTIONS), fs.readFileSync(path.join(root, 'index.html')), fs.readFileSync(LOADER_WORDS),
                                        ...STATIC_FILES.map((f) => fs.readFileSync(path.join(STATIC_DIR, f)))]));
  const sw = fill(fill(fs.readFileSync(path.join(STATIC_DIR, 'sw.js'), 'utf8'), "'@VERSION@'", JSON.stringify(version), 'web/site/sw.js'),
                  "['@ASSETS@']", JSON.stringify(['./', assets.js, assets.wasm, ...(parts ? [assets.rest] : []), ...Object.values(assets.words), assets.qrcode, 'manifest.webmanifest', 'icon.svg']), 'web/site/sw.js');
  writeWithCompressed(path.join(out, 'sw.js'), Buffer.from(sw), compress);
  // index.html last: its time stamp tells siteIsStale that everything else is written.
  const words = JSON.stringify(JSON.parse(fs.readFileSync(LOADER_WORDS, 'utf8'))).replace(/</g, '\\u003c');
  const html = fill(fill(fs.readFileSync(path.join(root, 'index.html'), 'utf8'),
                         '{"js": "carvallo.js", "wasm": "carvallo.wasm", "jsBytes": 0, "wasmBytes": 0, "version": ""}',
                         JSON.stringify({ ...assets, version }), 'index.html'),
                    '<script id="carvallo-words" type="application/json">{}</script>',
                    `<script id="carvallo-words" type="application/json">${words}</script>`, 'index.html');
  // The tab's icon inside the page: a browser asks for a linked one again whenever the address changes, which
  // a playing simulation's link does twice a second (icon.svg stays for the manifest).
  const icon = `data:image/svg+xml;base64,${fs.readFileSync(path.join(STATIC_DIR, 'icon.svg')).toString('base64')}`;
  const htmlWithIcon = fill(html, '<link rel="icon" href="icon.svg" type="image/svg+xml">',
                            `<link rel="icon" href="${icon}" type="image/svg+xml">`, 'index.html');
  writeWithCompressed(path.join(out, 'index.html'), Buffer.from(htmlWithIcon), compress);
  return { dir: out, version, ...assets };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--build');
  const buildDir = path.resolve(i > 0 ? process.argv[i + 1] : path.join(root, 'build/wasm/web'));
  try {
    const site = packageSite({ buildDir });
    console.log(`package_site: ${path.relative(process.cwd(), site.dir) || '.'}: ${site.js}, ${site.wasm}` +
                `${site.rest ? ` then ${site.rest}` : ''} (version ${site.version})`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
