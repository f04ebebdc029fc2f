// Writes web/site/first_frame_functions.txt: the functions the page runs up to its first frame and in the
// first seconds of the scenes a student opens first, which scripts/package_site.mjs keeps in the first
// part of the split WebAssembly (the rest loads after the first frame). binaryen's wasm-split instruments
// a copy of build/wasm/web/carvallo.wasm to record which functions run; the page runs the scenes below;
// the functions any of them called are written by name (a hash of it, from carvallo.js.symbols), so the
// list holds across builds that do not rename them. Run it after a change to what the page does at start; a function the
// list lacks still works, loaded with the rest when first called (docs/performance.md, "The page's weight").
//   node scripts/profile_first_frame.mjs      (needs the wasm build; works in build/profile/)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { functionNameKey, packageSite } from './package_site.mjs';
import { readModule, symbolNames, WASM_FEATURES } from './wasm_module.mjs';
import { launch, openPage, PHONE, root, touchInput } from '../tests/e2e/browser.mjs';

const built = path.join(root, 'build/wasm/web');
const work = path.join(root, 'build/profile');
const output = path.join(root, 'web/site/first_frame_functions.txt');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
fs.copyFileSync(path.join(built, 'carvallo.js'), path.join(work, 'carvallo.js'));
execFileSync('wasm-split', ['--instrument', ...WASM_FEATURES, path.join(built, 'carvallo.wasm'), '-o', path.join(work, 'carvallo.wasm')]);

// What a student does first: the default page, the projector's presentation, a lesson's first scene on a
// phone and the page in another language, each played, its view touched, dragged or turned with the wheel,
// and kicked. Each profile: 8 bytes of the module's hash, then per function of the module's own a 32-bit
// first-call order (0: never called).
const scenes = [
  ['', { width: 1280, height: 720 }],
  ['#present=1', { width: 1280, height: 720 }],
  ['#lesson=why-bicycles-stay-up&scene=1', PHONE],
  ['#lang=nl', { width: 1920, height: 1080 }],
];
const frames = (page, n) => page.evaluate((k) => new Promise((done) => {
  const next = (i) => (i ? requestAnimationFrame(() => next(i - 1)) : done());
  next(k);
}), n);
const called = new Set();
process.env.CARVALLO_WEB_BUILD = work;  // the tests' server packages and serves the instrumented page
const env = await launch();
try {
  for (const [hash, viewport] of scenes) {
    const { context, page } = await openPage(env.browser, env.server.url + hash, viewport);
    await frames(page, 20);
    if (!(await page.evaluate(() => window.carvallo.simState().playing))) await page.keyboard.press('Space');
    await frames(page, 30);
    // The input paths a first touch, drag, wheel or kick takes (what a button then does, a menu or another
    // panel, waits for the rest when it comes first: each kilobyte here is 5 ms more before the first
    // frame on Slow 4G).
    const [x, y] = [viewport.width / 2, viewport.height / 2];
    if (viewport.hasTouch) {
      const touch = await touchInput(context, page);
      await touch('touchStart', [[x, y]]);
      await touch('touchEnd', []);
      await frames(page, 3);
      await touch('touchStart', [[x, y]]);
      await touch('touchMove', [[x + 40, y + 10]]);
      await touch('touchEnd', []);
    } else {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 40, y + 10, { steps: 4 });
      await page.mouse.up();
      await page.mouse.wheel(0, -120);
    }
    await page.keyboard.press('k');
    await frames(page, 10);
    const profile = Buffer.from(await page.evaluate(() => {
      const size = 1 << 20, at = Module._malloc(size);
      return Array.from(HEAPU8.subarray(at, at + Module.asm.__write_profile(at, size)));
    }));
    for (let i = 8; i + 4 <= profile.length; i += 4) if (profile.readUInt32LE(i)) called.add((i - 8) / 4);
    await context.close();
  }
} finally {
  await env.close();
}

const imports = readModule(fs.readFileSync(path.join(built, 'carvallo.wasm'))).importedFunctions;
const names = new Set();
for (const [index, name] of symbolNames(path.join(built, 'carvallo.js.symbols'))) {
  if (called.has(index - imports)) names.add(functionNameKey(name));
}
fs.writeFileSync(output, `# Written by scripts/profile_first_frame.mjs: the functions the page's first frame and first seconds run,\n` +
                         `# each by the first 12 hex digits of the SHA-256 of its mangled name (scripts/package_site.mjs).\n` +
                         [...names].sort().join('\n') + '\n');
console.log(`profile_first_frame: ${called.size} functions called, ${names.size} names in ${path.relative(root, output)}`);
const site = packageSite({ buildDir: built });
for (const [part, file] of [['first part', site.wasm], ['the rest', site.rest]]) {
  const raw = fs.statSync(path.join(site.dir, file)).size, sent = fs.statSync(path.join(site.dir, `${file}.br`)).size;
  console.log(`${part}: ${raw} bytes raw, ${sent} brotli`);
}
