// The playground's own simulation step in the browser (issue 17, docs/performance.md): the benchmark bicycle
// at 5 m/s, kicked, at the playground's defaults (augmented, AB4, RGCPA, dt = 5 ms), in headless chromium.
//   node bench/playground_step_bench.mjs [--rounds 5] [--steps 1000] [--integrator gbs8 --dt 0.05] [--turns]
// Needs the wasm build (cmake --build --preset wasm --target carvallo_web). Prints, per round:
//  - step(n): wall time of carvallo.step(n) divided by n (the same ModelRun::step the page's frames call),
//    the third of three calls in one task;
//  - the time to a first result for a new bicycle: setState with a changed trail, then step(1) (model
//    built from the parameters, initial state solved, first step), as the page does when a design changes;
//  - with --turns: the steady-turn families (the Steady turns panel, 70 leans), from opening the panel
//    until turns().done, wall time (the page computes them at most 25 ms per frame).
import { launch, openPage } from '../tests/e2e/browser.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg('--rounds', 5);
const steps = arg('--steps', 1000);
// Another integrator and step than the page's defaults (AB4 at 5 ms), set as a link or the page's fields would.
const integrator = process.argv.includes('--integrator') ? process.argv[process.argv.indexOf('--integrator') + 1] : null;
const dt = arg('--dt', null);

const env = await launch();
try {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  await page.evaluate(({ integrator, dt }) => {
    const state = { bike: 'benchmark', speed: 5 };
    if (integrator) state.integ = integrator;
    if (dt) state.dt = dt;
    const r = window.carvallo.setState(state);
    if (r && r.ok === false) throw new Error(JSON.stringify(r));
  }, { integrator, dt });
  const rows = [];
  for (let round = 0; round < rounds; ++round) {
    const row = await page.evaluate(async ({ steps, round }) => {
      const c = window.carvallo;
      c.play(false);
      c.resetSimulation();
      c.kick();
      // Three calls in one task (no frame drawn between them, so the software renderer does not compete);
      // the last one's time. The page's first calls run while V8 still tiers the WebAssembly up from its
      // baseline compiler: `coldMs` is the first call of the first round.
      let stepMs = 0, s = null;
      for (let k = 0; k < 3; ++k) {
        const a = performance.now();
        s = c.step(steps);
        stepMs = (performance.now() - a) / s.stepped;
        if (round === 0 && k === 0) window.__coldMs = stepMs;
      }
      // A new design (trail changes every round, so no cache can answer), then its first step.
      const b = performance.now();
      c.setState({ bike: { c: 0.08 + 0.001 * (round + 1) } });
      const first = c.step(1);
      const firstMs = performance.now() - b;
      return { stepMs, stepped: s.stepped, firstMs, firstStepped: first.stepped, dt: c.getState().dt,
               integrator: c.getState().integ, coldMs: window.__coldMs };
    }, { steps, round });
    rows.push(row);
    console.log(`round ${round + 1}: step(${row.stepped}) ${(row.stepMs * 1000).toFixed(1)} µs/step, ${row.integrator} at dt ${row.dt} s ` +
                `(${(row.stepMs / 1000 / row.dt).toFixed(5)} s per simulated s); ` +
                `new bicycle to first step ${row.firstMs.toFixed(2)} ms (stepped ${row.firstStepped})`);
  }
  console.log(`cold (the page's first ${steps} steps, V8 tiering up): ${(rows[0].coldMs * 1000).toFixed(1)} µs/step`);
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`median: ${(median(rows.map((r) => r.stepMs)) * 1000).toFixed(1)} µs/step, ` +
              `first result ${median(rows.map((r) => r.firstMs)).toFixed(2)} ms`);
  if (process.argv.includes('--turns')) {
    const turns = await openPage(env.browser, env.server.url + '#v=x&turns=1', { width: 1920, height: 1080 });
    const t0 = Date.now();
    await turns.page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 900000, polling: 250 });
    const t = await turns.page.evaluate(() => window.carvallo.turns());
    console.log(`steady-turn families: ${((Date.now() - t0) / 1000).toFixed(1)} s from opening the panel to done ` +
                `(${t.points.length} turns, error '${t.error}')`);
    await turns.context.close();
  }
  if (problems.length) console.log('page problems:', problems);
  await context.close();
} finally {
  await env.close();
}
