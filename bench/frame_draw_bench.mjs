// Which part of a frame is the browser's drawing (docs/performance.md, "The longest task"): a simulation
// playing (every frame drawn), the same page at 1 and 2 device pixels per CSS pixel (four times the pixels,
// the same panels), in headless chromium. The GL calls' time follows the pixels (the software renderer's
// rasterizing, SwiftShader on the development machine); the page's own work does not.
//   node bench/frame_draw_bench.mjs [--rounds 2] [--frames 30]
// Needs the wasm build (cmake --build --preset wasm --target carvallo_web). Prints, per round and pixel ratio,
// the medians of window.carvallo.frameWork()'s glMs and updateMs + sceneMs over the frames drawn.
import os from 'node:os';
import { launch, openPage } from '../tests/e2e/browser.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg('--rounds', 2);
const count = arg('--frames', 30);

const frames = (page, n) => page.evaluate((n) => new Promise((resolve) => {
  let k = 0;
  const tick = () => (++k >= n ? resolve() : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}), n);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const env = await launch();
try {
  for (let round = 1; round <= rounds; ++round) {
    for (const deviceScaleFactor of [1, 2]) {
      const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800, deviceScaleFactor });
      await page.evaluate(() => window.carvallo.play(true));
      await frames(page, 10);  // past the first frames (fonts, shaders)
      const t0 = await page.evaluate(() => performance.now());
      await frames(page, count);
      const drawn = (await page.evaluate((t) => window.carvallo.frameWork(t), t0)).filter((f) => f.glMs > 0);
      console.log(`round ${round}, 1280x800 CSS px at ${deviceScaleFactor} device px: ${drawn.length} frames drawn, ` +
        `GL calls ${median(drawn.map((f) => f.glMs)).toFixed(1)} ms, the page's own work ` +
        `${median(drawn.map((f) => f.updateMs + f.sceneMs)).toFixed(1)} ms (medians); load ${os.loadavg()[0].toFixed(1)}`);
      if (problems.length) console.log(problems.join('\n'));
      await context.close();
    }
  }
} finally {
  await env.close();
}
