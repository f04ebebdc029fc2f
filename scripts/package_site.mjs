// Packages the playground as a folder of static files that any web host can serve (build/wasm/web/site/):
//   index.html              the repository's index.html, told the versioned names and sizes of its assets
//                           and the loader's words in every language (web/strings/loader.json);
//   carvallo.<hash>.js/.wasm the application, named by a hash of its content, so a browser may keep it
//                           until a new version (the name changes with every change);
//   sw.js                   web/site/sw.js, told the version and what to cache for offline use;
//   manifest.webmanifest, icon.svg   from web/site/, to install the page as an app;
//   <each>.br, <each>.gz    precompressed copies (brotli, gzip) for servers that serve them
//                           (scripts/serve.mjs does); a host that does not serves the plain files.
//   node scripts/package_site.mjs [--build build/wasm/web]
// Run after every link of carvallo_web (web/CMakeLists.txt) and by scripts/serve.mjs when the folder is
// older than its inputs. Idempotent; removes the versioned files of former builds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_DIR = path.join(root, 'web', 'site');
const STATIC_FILES = ['sw.js', 'manifest.webmanifest', 'icon.svg'];
const VERSIONED = /^carvallo\.[0-9a-f]{12}\.(js|wasm)$/;
const LOADER_WORDS = path.join(root, 'web', 'strings', 'loader.json');  // the loader's words, in every language

/// The files the site is made from: the build's application and the repository's page and static files.
export function siteInputs(buildDir) {
  return [path.join(buildDir, 'carvallo.js'), path.join(buildDir, 'carvallo.wasm'), path.join(root, 'index.html'), LOADER_WORDS,
          fileURLToPath(import.meta.url), ...STATIC_FILES.map((f) => path.join(STATIC_DIR, f))];
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

// compress: false leaves out the .br and .gz copies (a test that packages versions of its own).
export function packageSite({ buildDir = path.join(root, 'build/wasm/web'), compress = true } = {}) {
  for (const f of siteInputs(buildDir)) {
    if (!fs.existsSync(f)) throw new Error(`package_site: ${f} is missing: build the wasm preset first`);
  }
  const out = siteDir(buildDir);
  fs.mkdirSync(out, { recursive: true });
  const js = fs.readFileSync(path.join(buildDir, 'carvallo.js'));
  const wasm = fs.readFileSync(path.join(buildDir, 'carvallo.wasm'));
  const assets = { js: `carvallo.${hashOf(js)}.js`, wasm: `carvallo.${hashOf(wasm)}.wasm`, jsBytes: js.length, wasmBytes: wasm.length };
  for (const name of fs.readdirSync(out)) {
    if (VERSIONED.test(name.replace(/\.(br|gz)$/, '')) && !Object.values(assets).includes(name.replace(/\.(br|gz)$/, ''))) {
      fs.rmSync(path.join(out, name));
    }
  }
  writeWithCompressed(path.join(out, assets.js), js, compress);
  writeWithCompressed(path.join(out, assets.wasm), wasm, compress);
  for (const f of ['manifest.webmanifest', 'icon.svg']) writeWithCompressed(path.join(out, f), fs.readFileSync(path.join(STATIC_DIR, f)), compress);

  // The version is the hash of everything the page is made of, so that sw.js changes whenever any part does.
  const version = hashOf(Buffer.concat([js, wasm, fs.readFileSync(path.join(root, 'index.html')), fs.readFileSync(LOADER_WORDS),
                                        ...STATIC_FILES.map((f) => fs.readFileSync(path.join(STATIC_DIR, f)))]));
  const sw = fill(fill(fs.readFileSync(path.join(STATIC_DIR, 'sw.js'), 'utf8'), "'@VERSION@'", JSON.stringify(version), 'web/site/sw.js'),
                  "['@ASSETS@']", JSON.stringify(['./', assets.js, assets.wasm, 'manifest.webmanifest', 'icon.svg']), 'web/site/sw.js');
  writeWithCompressed(path.join(out, 'sw.js'), Buffer.from(sw), compress);
  // index.html last: its time stamp tells siteIsStale that everything else is written.
  const words = JSON.stringify(JSON.parse(fs.readFileSync(LOADER_WORDS, 'utf8'))).replace(/</g, '\\u003c');
  const html = fill(fill(fs.readFileSync(path.join(root, 'index.html'), 'utf8'),
                         '{"js": "carvallo.js", "wasm": "carvallo.wasm", "jsBytes": 0, "wasmBytes": 0, "version": ""}',
                         JSON.stringify({ ...assets, version }), 'index.html'),
                    '<script id="carvallo-words" type="application/json">{}</script>',
                    `<script id="carvallo-words" type="application/json">${words}</script>`, 'index.html');
  writeWithCompressed(path.join(out, 'index.html'), Buffer.from(html), compress);
  return { dir: out, version, ...assets };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--build');
  const buildDir = path.resolve(i > 0 ? process.argv[i + 1] : path.join(root, 'build/wasm/web'));
  try {
    const site = packageSite({ buildDir });
    console.log(`package_site: ${path.relative(process.cwd(), site.dir) || '.'}: ${site.js}, ${site.wasm} (version ${site.version})`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
