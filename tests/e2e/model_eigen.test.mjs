// End-to-end: the eigenvalue panel of any model with a steady motion (web/panels/model_eigen_plot.cpp).
// The rolling disk and the Chaplygin sleigh opened by link: the sweep fills in without freezing the page,
// its curves are read through window.carvallo.modelEigen() and checked against the closed forms
// (disk: the real part's zero crossing at sqrt(g r / 3) within the grid's resolution, the lean pair
// +-sqrt(4 (g r - 3 v^2) / (5 r^2)); sleigh: lambda = -m a v / (I + m a^2)), and the plot is on screen
// and not blank (screenshots at 1920x1080 and on a 390x844@3 phone, looked at). A model without a steady
// motion has no eigenvalue tab. Dragging in the plot moves the marked speed (mouse; touch on the phone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, PHONE, touchInput, artifacts, still } from './browser.mjs';
import { decodePng, colourStats } from './png.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const frames = (page, n = 2) => page.evaluate((k) => new Promise((r) => { const f = () => (--k > 0 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);
const rect = (page, name) => page.evaluate((n) => window.carvallo.widgetRect(n), name);

// Frames until the sweep is done; it must fill in across frames, never in one blocking call.
async function sweepDone(page) {
  for (let i = 0; i < 600; i++) {
    const me = await page.evaluate(() => window.carvallo.modelEigen());
    if (me.done) return me;
    await frames(page, 1);
  }
  throw new Error('the eigenvalue sweep did not finish in 600 frames');
}

const g = 9.81, r = 0.3;
const vc = Math.sqrt(g * r / 3);
const diskSigma = (v) => 4 * (g * r - 3 * v * v) / (5 * r * r);

function checkDisk(me) {
  assert.equal(me.error, '');
  assert.equal(me.parameter, 'speed');
  assert.equal(me.unit, 'm/s');
  assert.ok(me.values.length >= 100, `${me.values.length} grid points`);
  // Largest real part on the grid: positive below v_c, zero above. Its last positive grid point and the
  // next one bracket the crossing: v_c must lie between them (the sweep's resolution).
  const top = me.eigenvalues.map((row) => Math.max(...row.map((e) => e.re)));
  const k = top.findIndex((x) => x <= 1e-6);
  assert.ok(k > 0, `no zero crossing of the real part: ${top.slice(0, 10)}`);
  assert.ok(me.values[k - 1] < vc && vc <= me.values[k], `crossing between ${me.values[k - 1]} and ${me.values[k]}, closed form ${vc}`);
  // The refined boundary: to 1e-8 (a defective double root there limits it, docs/stability.md).
  assert.equal(me.boundaries.length, 1);
  assert.ok(Math.abs(me.boundaries[0].value - vc) < 1e-8, `boundary ${me.boundaries[0].value} vs ${vc}`);
  for (let i = 0; i < me.values.length; i += 10) {
    const s = diskSigma(me.values[i]);
    const big = Math.sqrt(Math.abs(s));
    const row = me.eigenvalues[i];
    assert.equal(row.length, 2);
    if (s >= 0) assert.ok(Math.abs(row[1].re - big) < 1e-9 && Math.abs(row[0].re + big) < 1e-9, `v=${me.values[i]}: ${JSON.stringify(row)}`);
    else assert.ok(Math.abs(row[1].im - big) < 1e-9 && Math.abs(row[0].im + big) < 1e-9, `v=${me.values[i]}: ${JSON.stringify(row)}`);
  }
}

test('rolling disk and Chaplygin sleigh by link: eigenvalue curves against the closed forms (1920x1080)', async () => {
  for (const model of ['rolling-disk', 'chaplygin-sleigh']) {
    const { context, page, problems } = await openPage(env.browser, `${env.server.url}#v=0.1.0&model=${model}`, still({ width: 1920, height: 1080 }));
    try {
      const first = await page.evaluate(() => window.carvallo.modelEigen());
      assert.equal(first.model, model);
      assert.equal(first.steadyMotion, true);
      const me = await sweepDone(page);
      console.log(`# ${model}: ${me.samples} grid points plus bisections in ${me.computeMs.toFixed(1)} ms of compute, spread over frames`);
      if (model === 'rolling-disk') checkDisk(me);
      else {
        assert.equal(me.boundaries.length, 1);
        assert.ok(Math.abs(me.boundaries[0].value) < 1e-9);
        me.values.forEach((v, i) => {
          assert.equal(me.eigenvalues[i].length, 1);
          assert.ok(Math.abs(me.eigenvalues[i][0].re - (-0.3 * v / 0.14)) < 1e-9, `v=${v}: ${me.eigenvalues[i][0].re}`);
        });
      }
      const opened = await page.evaluate(() => window.carvallo.getState());
      assert.equal(me.current, opened.speed, 'the marked value is the speed setting the model runs at');
      assert.equal(opened.speed, model === 'rolling-disk' ? 2 : 1, 'a model opens at its own default speed');
      await frames(page, 3);
      const plot = await rect(page, 'model-eigen-plot');
      assert.ok(plot && plot.w > 300 && plot.h > 150, `plot rect ${JSON.stringify(plot)}`);
      const shot = await page.screenshot({ path: path.join(artifacts, `model-eigen-${model}-1920.png`), clip: { x: plot.x, y: plot.y, width: plot.w, height: plot.h } });
      assert.ok(colourStats(decodePng(shot)).distinct >= 6, `${model}: the plot looks empty`);
      await page.screenshot({ path: path.join(artifacts, `model-eigen-${model}-1920-full.png`) });
      // Drag in the plot with the mouse: the marked speed follows.
      await page.mouse.move(plot.x + plot.w * 0.3, plot.y + plot.h * 0.5);
      await page.mouse.down();
      await page.mouse.move(plot.x + plot.w * 0.45, plot.y + plot.h * 0.5, { steps: 4 });
      await page.mouse.up();
      await frames(page, 2);
      const after = await page.evaluate(() => window.carvallo.getState());
      assert.notEqual(after.speed, opened.speed, 'dragging in the plot chooses the speed');
      // Within the plot's range (the sleigh's spans backward glides, negative speeds).
      assert.ok(after.speed >= Math.min(...me.values) && after.speed <= Math.max(...me.values), `speed ${after.speed}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('phone 390x844@3: the disk\'s eigenvalue tab shows the curves; a model without a steady motion has no tab', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#v=0.1.0&model=rolling-disk&panel=eigenvalues`, PHONE);
  try {
    const me = await sweepDone(page);
    checkDisk(me);
    await frames(page, 3);
    const tab = await rect(page, 'tab:eigenvalues');
    assert.ok(tab, 'the eigenvalue tab is there');
    const plot = await rect(page, 'model-eigen-plot');
    assert.ok(plot && plot.w > 250 && plot.h > 150, `plot rect ${JSON.stringify(plot)}`);
    const shot = await page.screenshot({ path: path.join(artifacts, 'model-eigen-rolling-disk-phone.png') });
    assert.ok(colourStats(decodePng(shot)).distinct >= 8);
    // A finger on the plot moves the marked speed.
    const touch = await touchInput(context, page);
    const y = plot.y + plot.h * 0.5;
    await touch('touchStart', [[plot.x + plot.w * 0.2, y]]);
    await frames(page, 2);
    for (let i = 1; i <= 5; i++) { await touch('touchMove', [[plot.x + plot.w * (0.2 + 0.03 * i), y]]); await frames(page, 1); }
    await touch('touchEnd', []);
    await frames(page, 2);
    const speed = (await page.evaluate(() => window.carvallo.getState())).speed;
    // The disk opens at 2 m/s; the finger ends at 35 % of the 0-6 m/s plot.
    assert.ok(speed !== 2 && speed < 3, `the finger chose a speed on the plot's left half: ${speed}`);
    // The four-bar has no steady motion: no eigenvalue tab, and its model panel says so.
    await page.evaluate(() => window.carvallo.setState({ model: 'four-bar' }));
    await frames(page, 3);
    assert.equal(await rect(page, 'tab:eigenvalues'), null);
    const four = await page.evaluate(() => window.carvallo.modelEigen());
    assert.equal(four.steadyMotion, false);
    assert.equal(four.values, undefined);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
