// End-to-end: nothing holds the page (issue 31, item 5). With the steady turns and the design map shown, a
// student types a new wheelbase into the parameters panel; the page then recomputes the eigenvalues, the
// simulation's bicycle, the design map and the steady-turn families. Every long task the browser reports
// (a PerformanceObserver for 'longtask', registered before the page's own scripts) is printed with the frame
// that ran in it, split into the page's own work (input, simulation, computations, the panels, the scene's
// mesh: window.carvallo.frameWork()) and the GL calls that draw the picture, which this machine's software
// WebGL (SwiftShader) makes long. Asserted: no frame's own work reaches 50 ms. That is wall time, which a
// machine running more than it has cores for stretches at random (the page's process is preempted, even
// within one indivisible step of a few ms: turns().longestStepMs): there, with the 1-minute load average
// above twice the cores, only the median frame of the computation is held to 50 ms, which the budgets
// adding up again would still fail. The figures are recorded in docs/performance.md ("The longest task").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { launch, lowerGpuPriority, openPage, settledRect, artifacts } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const LIMIT_MS = 50;  // issue 31: no task holds the main thread longer

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

// Runs in the page before its scripts: every long task since the page began, kept in window.__longTasks.
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const fmt = (v) => Number(v).toFixed(1);

test('a wheelbase typed with the turns and the design map shown: no frame\'s own work reaches 50 ms', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#turns=1&design=1&dtab=map',
    { width: 1280, height: 800, initScript: observeLongTasks });
  try {
    await page.waitForFunction(() => window.carvallo.turns().done && window.carvallo.designMap().done, null,
      { timeout: 60000, polling: 100 });
    const field = await settledRect(page, 'param:w');
    assert.ok(field, 'the wheelbase field is on screen');
    const w0 = (await page.evaluate(() => window.carvallo.getState())).bike.w;
    const w1 = 1.05;
    assert.notEqual(w0, w1);
    // The software WebGL's threads yield to the page's (openPage lowered them; counted here for the log):
    // what is timed is the page's own work.
    const lowered = lowerGpuPriority();
    const load0 = os.loadavg()[0];
    const t0 = await page.evaluate(() => performance.now());
    // Ctrl+click turns the field into a text box; the value is applied on Enter (docs/playground.md, "Numbers").
    await page.keyboard.down('Control');
    await page.mouse.click(field.x + field.w / 2, field.y + field.h / 2);
    await frames(page, 2);
    await page.keyboard.up('Control');
    await frames(page, 1);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(w1), { delay: 20 });
    await frames(page, 1);
    await page.keyboard.press('Enter');
    // The frame that applies the value also starts the map and the families over for the new bicycle.
    await page.waitForFunction((w) => window.carvallo.getState().bike.w === w, w1, { timeout: 10000, polling: 20 });
    await page.waitForFunction(() => window.carvallo.turns().done && window.carvallo.designMap().done, null,
      { timeout: 60000, polling: 50 });
    const wall = (await page.evaluate(() => performance.now())) - t0;
    await frames(page, 2);
    const { longTasks, work, turns, map } = await page.evaluate((t) => {
      const { points, ...turns } = window.carvallo.turns();
      return { longTasks: window.__longTasks.filter((e) => e.start >= t), work: window.carvallo.frameWork(t), turns,
               map: window.carvallo.designMap() };
    }, t0);
    assert.equal(turns.error, '');
    // Both recomputed for the new bicycle, in the frames measured: their computing (which starts over with a
    // new design) is all in those frames' parts.
    const spent = (name) => work.reduce((sum, f) => sum + (f.parts[name] ?? 0), 0);
    assert.ok(turns.advances > 0 && spent('turns') >= 0.99 * turns.computeMs, `turns: ${spent('turns')} ms of ${turns.computeMs}`);
    assert.ok(map.advances > 0 && spent('map') >= 0.99 * map.computeMs && map.rowsDone === map.y.count,
      `map: ${spent('map')} ms of ${map.computeMs}`);

    // Each frame's own work: everything but the GL calls (and what the browser does around the frame).
    const own = (f) => f.updateMs + f.sceneMs;
    const parts = (f) => Object.entries(f.parts).filter(([, ms]) => ms >= 0.05).map(([k, ms]) => `${k} ${fmt(ms)}`).join(', ');
    const inTask = (f, e) => f.start >= e.start - 1 && f.start <= e.start + e.duration;
    const cores = os.cpus().length;
    console.log(`# load average ${load0.toFixed(1)} at the click, ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end, on ${cores} cores; ` +
      `${lowered} GPU process threads at nice 19; ` +
      `${work.length} frames in ${fmt(wall)} ms from the click to turns and map done`);
    console.log(`# turns: ${fmt(turns.computeMs)} ms of computing in ${turns.advances} slices (longest ${fmt(turns.longestAdvanceMs)} ms, ` +
      `its longest indivisible step ${fmt(turns.longestStepMs)} ms), ` +
      `${fmt(turns.elapsedMs)} ms first slice to done; map: ${fmt(map.computeMs)} ms in ${map.advances} frames ` +
      `(longest ${fmt(map.longestAdvanceMs)} ms)`);
    console.log(`# ${longTasks.length} long tasks (start after the click, duration; the frame in it: own work = update + scene, GL):`);
    for (const e of longTasks) {
      const f = work.find((x) => inTask(x, e));
      console.log(`#   ${fmt(e.start - t0)} ms, ${fmt(e.duration)} ms` + (f
        ? `: own ${fmt(own(f))} (update ${fmt(f.updateMs)}, scene ${fmt(f.sceneMs)}; ${parts(f)}), GL ${fmt(f.glMs)}, ` +
          `rest ${fmt(e.duration - own(f) - f.glMs)}`
        : ': no frame of the page in it'));
    }
    const worst = work.reduce((a, f) => (own(f) > own(a) ? f : a), work[0]);
    console.log(`# longest own work of a frame: ${fmt(own(worst))} ms at ${fmt(worst.start - t0)} ms (${parts(worst)}); ` +
      `longest GL: ${fmt(Math.max(...work.map((f) => f.glMs)))} ms; longest task: ` +
      `${longTasks.length ? fmt(Math.max(...longTasks.map((e) => e.duration))) : '-'} ms`);
    await page.screenshot({ path: path.join(artifacts, 'long-tasks-1280x800.png') });
    const over = work.filter((f) => own(f) >= LIMIT_MS);
    const say = (f) => `${fmt(own(f))} ms at ${fmt(f.start - t0)} ms (${parts(f)})`;
    if (load0 < 2 * cores) {
      assert.deepEqual(over.map(say), [], 'frames whose own work held the page for 50 ms or more');
    } else {
      const computing = work.filter((f) => Object.values(f.parts).some((ms) => ms >= 1)).map(own).sort((a, b) => a - b);
      const median = computing[Math.floor(computing.length / 2)];
      console.log(`# a loaded machine (load ${load0.toFixed(1)} on ${cores} cores): ${over.length} of ${work.length} frames ` +
        `over ${LIMIT_MS} ms (${over.map(say).join('; ')}); the median frame of the computation ${fmt(median)} ms`);
      assert.ok(median < LIMIT_MS, `the median frame of the computation held the page for ${fmt(median)} ms`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
