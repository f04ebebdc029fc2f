// The papers' mechanisms' own step in the browser (docs/performance.md, "The page's weight"): for each model,
// a fresh page opened on it, paused; the time of its first carvallo.step(1) and of the second of two
// carvallo.step(1000) calls, per step, in headless chromium at the model's default methods and step.
//   node bench/mechanism_step_bench.mjs [--models four-bar,epicyclic-gear,rolling-disk,slider-crank]
// Needs the wasm build (cmake --build --preset wasm --target carvallo_web); CARVALLO_WEB_BUILD=<folder> times
// another build, for an alternating comparison.
import { launch, openPage } from '../tests/e2e/browser.mjs';

const i = process.argv.indexOf('--models');
const models = (i > 0 ? process.argv[i + 1] : 'four-bar,epicyclic-gear,rolling-disk,slider-crank').split(',');
const env = await launch();
const lines = [];
try {
  for (const model of models) {
    const { context, page } = await openPage(env.browser, `${env.server.url}#model=${model}`, { width: 1280, height: 800 });
    const r = await page.evaluate(() => {
      const c = window.carvallo;
      c.setState({ play: false });
      const t0 = performance.now();
      c.step(1);
      const t1 = performance.now();
      c.step(1000);
      const t2 = performance.now();
      c.step(1000);
      const t3 = performance.now();
      return { first: t1 - t0, perStep: (t3 - t2) / 1000 };
    });
    lines.push(`${model}: first step ${r.first.toFixed(2)} ms, then ${(r.perStep * 1000).toFixed(1)} µs a step`);
    await context.close();
  }
} finally {
  await env.close();
}
console.log(lines.join('\n'));
