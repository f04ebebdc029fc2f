// Measures the playground in headless Chromium at 1920x1080 (docs/playground.md, "Measured"): first frame,
// per-frame times, and 1000 steps of the nonlinear bicycle at the default 5 ms. Needs the wasm build.
//   node scripts/measure_playground.mjs
import { launch, openPage } from '../tests/e2e/browser.mjs';
const env = await launch();
try {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1920, height: 1080 });
  const first = await page.evaluate(() => window.carvallo.firstFrameMs);
  await page.evaluate(() => { window.carvallo.setState({ speed: 5 }); window.carvallo.resetSimulation(); window.carvallo.play(1); });
  await page.waitForTimeout(6000);
  const perf = await page.evaluate(() => window.carvallo.performance());
  const sim = await page.evaluate(() => window.carvallo.simState());
  const t0 = performance.now();
  const n = await page.evaluate(() => { window.carvallo.play(0); const a = performance.now(); window.carvallo.step(1000); return performance.now() - a; });
  console.log(JSON.stringify({ firstFrameMs: first, perf, simT: sim.t, violation: sim.positionViolation, step1000ms: n, problems }));
  await context.close();
} finally { await env.close(); }
