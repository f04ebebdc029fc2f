// What splitting the module would send first (docs/performance.md, "The page's weight"): binaryen's
// wasm-split instruments a copy of build/wasm/web/carvallo.wasm to record which functions run, the page
// runs the scenes a student opens first (the default page played, a lesson's first scene on a phone), and
// the module is split by that profile into what those need and the rest. Prints both parts' sizes, raw and
// brotli. Measures only: the page is not split (its loader would fetch the rest after the first frame, and
// a call into the rest before it arrived would have to wait for it on the main thread).
//   node scripts/measure_split.mjs      (needs the wasm build; writes build/split/)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launch, openPage, PHONE, root } from '../tests/e2e/browser.mjs';

const FEATURES = ['--enable-exception-handling', '--enable-bulk-memory', '--enable-sign-ext', '--enable-mutable-globals'];
const built = path.join(root, 'build/wasm/web');
const work = path.join(root, 'build/split');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
for (const f of ['carvallo.js', 'carvallo.js.symbols']) fs.copyFileSync(path.join(built, f), path.join(work, f));
execFileSync('wasm-split', ['--instrument', ...FEATURES, path.join(built, 'carvallo.wasm'), '-o', path.join(work, 'carvallo.wasm')]);

// The instrumented page, served from build/split/ (the tests' server packages it there).
process.env.CARVALLO_WEB_BUILD = work;
const frames = (page, n) => page.evaluate((k) => new Promise((done) => {
  const next = (i) => (i ? requestAnimationFrame(() => next(i - 1)) : done());
  next(k);
}), n);
const profiles = [];
const env = await launch();
try {
  for (const [name, hash, viewport] of [['default', '', { width: 1280, height: 720 }],
                                        ['lesson', '#lesson=why-bicycles-stay-up&scene=1', PHONE]]) {
    const { context, page } = await openPage(env.browser, env.server.url + hash, viewport);
    await frames(page, 20);
    if (!(await page.evaluate(() => window.carvallo.simState().playing))) await page.keyboard.press('Space');
    await frames(page, 30);
    // __write_profile(address, size) writes the module's hash and each function's first-call order.
    const bytes = await page.evaluate(() => {
      const size = 1 << 20, at = Module._malloc(size);
      return Array.from(HEAPU8.subarray(at, at + Module.asm.__write_profile(at, size)));
    });
    const file = path.join(work, `${name}.prof`);
    fs.writeFileSync(file, Buffer.from(bytes));
    profiles.push(file);
    await context.close();
  }
} finally {
  await env.close();
}
const merged = path.join(work, 'merged.prof');
execFileSync('wasm-split', ['--merge-profiles', ...FEATURES, ...profiles, '-o', merged]);
const first = path.join(work, 'first.wasm'), rest = path.join(work, 'rest.wasm');
execFileSync('wasm-split', [...FEATURES, path.join(built, 'carvallo.wasm'), `--profile=${merged}`, '-o1', first, '-o2', rest]);
const brotli = (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
for (const [part, file] of [['run first', first], ['the rest', rest]]) {
  const b = fs.readFileSync(file);
  console.log(`${part}: ${b.length} bytes raw, ${brotli(b)} brotli`);
}
