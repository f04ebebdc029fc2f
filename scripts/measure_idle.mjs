// What a paused page costs the machine (docs/performance.md, "A paused page"): the CPU of the whole
// machine (/proc/stat, in cores) over 5 s of a page left alone, and the frames it ran and drew meanwhile
// (read past window.carvallo, whose every call would wake the slowed frame loop: web/logic/frame_pace.hpp).
// Run it on an otherwise idle machine; it needs the wasm build.
//   node scripts/measure_idle.mjs
import fs from 'node:fs';
import { launch, openPage } from '../tests/e2e/browser.mjs';

const busy = () => {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return f[0] + f[1] + f[2];  // user, nice, system (clock ticks of 10 ms)
};
const env = await launch();
try {
  for (const [width, height, hash] of [[1280, 720, '#present=1'], [1920, 1080, '']]) {
    const { context, page } = await openPage(env.browser, env.server.url + hash, { width, height });
    await page.waitForTimeout(2000);
    const p0 = await page.evaluate(() => JSON.parse(Module.ccall('carvallo_performance', 'string', [], [])));
    const b0 = busy();
    await page.waitForTimeout(5000);
    const cores = (busy() - b0) / 100 / 5;
    const p1 = await page.evaluate(() => JSON.parse(Module.ccall('carvallo_performance', 'string', [], [])));
    console.log(JSON.stringify({ width, height, hash, playing: (await page.evaluate(() => window.carvallo.simState())).playing,
                                 cores: Number(cores.toFixed(2)), frames: p1.frames - p0.frames, drawn: p1.framesDrawn - p0.framesDrawn }));
    await context.close();
  }
} finally { await env.close(); }
