// End-to-end: the eigenvalue panel's companions as a student and a lecturer use them. A real mouse click on
// the weave branch animates the weave mode on the 3D bicycle, whose posed roll and steer follow the
// eigenvector of `carvallo modes --json` (period, ratio, phase; run here, an independent process); the
// sensitivity chart's order and values are those of `carvallo sensitivity --json` and follow a changed
// parameter; a pinned ghost lists both designs' critical speeds as the CLI computes them; everything is in
// the link. Screenshots of a phone, the projector and a 1920x1080 screen go to build/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, PHONE, touchInput, artifacts, root, still } from './browser.mjs';
import { decodePng, colourStats } from './png.mjs';

const CLI = path.join(root, 'build', 'native', 'bin', 'carvallo');

let env;
before(async () => {
  assert.ok(fs.existsSync(CLI), `${CLI} is built (cmake --build --preset native --target carvallo)`);
  env = await launch();
});
after(async () => { if (env) await env.close(); });

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const api = (page, fn, arg) => page.evaluate(([f, a]) => window.carvallo[f](a), [fn, arg]);
const rect = (page, name) => api(page, 'widgetRect', name);
const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];
async function clickWidget(page, name) {
  const r = await rect(page, name);
  assert.ok(r, `${name} is on screen`);
  await page.mouse.click(...centre(r));
  await frames(page, 3);
}
function notBlank(shot, what) {
  const stats = colourStats(decodePng(shot));
  assert.ok(stats.distinct >= 8 && stats.dominantShare < 0.95, `${what} is not blank (${stats.distinct} colours)`);
}

// The CLI on a bicycle given as the API's parameters (a JSON file in the presets' format).
function bikeFile(bike) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carvallo-modes-')), 'bike.json');
  fs.writeFileSync(file, JSON.stringify({ name: 'test', ...bike }));
  return file;
}
const cli = (...args) => JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
const modesCli = (bike, speed) => cli('modes', '--bike', bikeFile(bike), '--speed', String(speed), '--json');
// The playground searches the critical speeds up to max(vmax, 50) m/s.
const sensitivityCli = (bike) => cli('sensitivity', '--bike', bikeFile(bike), '--vmax', '50', '--json');

// Complex helpers on [re, im] pairs.
const mul = (a, b) => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const cexp = (z) => [Math.exp(z[0]) * Math.cos(z[1]), Math.exp(z[0]) * Math.sin(z[1])];
const abs = (z) => Math.hypot(z[0], z[1]);
const arg = (z) => Math.atan2(z[1], z[0]);

test('a click on the weave branch animates the weave eigenvector of `carvallo modes` on the 3D bicycle', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#v=0.1.0&speed=5&modeamp=8`, { width: 1920, height: 1080 });
  try {
    await frames(page, 3);
    const bike = (await api(page, 'getState')).bike;
    assert.equal((await api(page, 'modeView')).active, false, 'no mode before the click');
    await clickWidget(page, 'marker:weave');
    const view0 = await api(page, 'modeView');
    assert.equal(view0.mode, 'weave', JSON.stringify(view0));
    assert.equal(view0.active, true);
    const s = await api(page, 'getState');
    assert.equal(s.mode, 'weave');
    assert.ok(Math.abs(s.speed - 5) < 0.05, `the click was on the marker at 5 m/s (speed now ${s.speed})`);
    // The CLI at the very speed the click chose.
    const cliModes = modesCli(bike, view0.speed);
    const weave = cliModes.modes.find((m) => m.label === 'weave' && m.eigenvalue[1] > 0);
    assert.ok(weave, JSON.stringify(cliModes));
    const [sigma, omega] = weave.eigenvalue;
    for (const k of [0, 1]) {
      assert.ok(Math.abs(view0.eigenvalue[k] - weave.eigenvalue[k]) < 1e-9, `eigenvalue ${view0.eigenvalue} vs CLI ${weave.eigenvalue}`);
      assert.ok(Math.abs(view0.roll[k] - weave.roll[k]) < 1e-9 && Math.abs(view0.steer[k] - weave.steer[k]) < 1e-9, 'eigenvector as the CLI');
    }
    // Ratio and phase printed: from the CLI's eigenvector.
    const ratio = abs(weave.steer) / abs(weave.roll);
    const phase = (arg(weave.steer) - arg(weave.roll)) * 180 / Math.PI;
    assert.ok(Math.abs(view0.ratio - ratio) < 1e-9, `ratio ${view0.ratio} vs ${ratio}`);
    assert.ok(Math.abs(view0.phaseDeg - phase) < 1e-9, `phase ${view0.phaseDeg} vs ${phase}`);
    assert.ok(view0.shapeText.includes(ratio.toFixed(3)) && view0.shapeText.includes(Math.abs(phase).toFixed(1)), view0.shapeText);
    // The animation repeats with the period 2 pi / omega (|sigma| T < 2 at 5 m/s, so one window is one period).
    const period = 2 * Math.PI / omega;
    assert.ok(Math.abs(view0.window - period) < 1e-9, `window ${view0.window} vs 2 pi / omega = ${period}`);
    // Sample the drawn bicycle over more than a period: the multibody bicycle's own roll and steer probes and
    // the rear frame's rotation are the CLI's eigenvector motion at tau = t mod period, amplitude 8 deg
    // (decaying mode: the largest angle at the window's start).
    const A = 8 * Math.PI / 180;
    let wrapped = false, lastTau = -1, samples = 0;
    const t0 = view0.t;
    while (samples < 40) {
      await frames(page, 1);
      const [v, bodies] = await page.evaluate(() => [window.carvallo.modeView(), window.carvallo.bodies()]);
      samples++;
      if (v.tau < lastTau) wrapped = true;
      lastTau = v.tau;
      assert.ok(Math.abs(v.t % period - v.tau) < 1e-9, `tau = t mod period (${v.t}, ${v.tau})`);
      const z = cexp([sigma * v.tau, omega * v.tau]);
      const roll = A * mul(weave.roll, z)[0], steer = A * mul(weave.steer, z)[0];
      assert.ok(Math.abs(v.shown.roll - roll) < 1e-9, `roll at tau ${v.tau}: drawn ${v.shown.roll}, CLI ${roll}`);
      assert.ok(Math.abs(v.shown.steer - steer) < 1e-9, `steer at tau ${v.tau}: drawn ${v.shown.steer}, CLI ${steer}`);
      const rear = bodies.find((b) => b.name === 'rear_frame');
      const bodyRoll = Math.atan2(rear.rotation[2][1], rear.rotation[1][1]);  // Rz(0) Rx(roll) Ry(pitch)
      assert.ok(Math.abs(bodyRoll - roll) < 1e-9, `rear frame roll ${bodyRoll} vs ${roll}`);
      if (wrapped && v.t - t0 > period * 1.2) break;
    }
    assert.ok(wrapped, `the animation restarted after one period (${samples} frames)`);
    // Slowed down: 0.25x advances the clock a quarter as fast as real time.
    await clickWidget(page, 'mode-speed-0.25x');
    assert.equal((await api(page, 'getState')).modespeed, 0.25);
    const wall0 = await page.evaluate(() => performance.now()), ta = (await api(page, 'modeView')).t;
    await page.waitForTimeout(1500);
    const wall1 = await page.evaluate(() => performance.now()), tb = (await api(page, 'modeView')).t;
    const rate = (tb - ta) / ((wall1 - wall0) / 1000);
    assert.ok(rate > 0.1 && rate < 0.3, `animation seconds per real second at 0.25x: ${rate}`);
    await page.mouse.move(1100, 900);  // off the buttons: no tooltip in the picture
    await frames(page, 2);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-weave-1920x1080.png') }), 'weave mode at 1920x1080');
    // Back to the simulation: untouched (not stepped) and drawn again.
    const sim0 = await api(page, 'simState');
    await clickWidget(page, 'mode-back');
    assert.equal((await api(page, 'getState')).mode, 'off');
    assert.equal((await api(page, 'modeView')).active, false);
    const sim1 = await api(page, 'simState');
    assert.equal(sim1.t, sim0.t);
    assert.deepEqual(sim1.q, sim0.q);
    const rear = (await api(page, 'bodies')).find((b) => b.name === 'rear_frame');
    assert.ok(Math.abs(Math.atan2(rear.rotation[2][1], rear.rotation[1][1]) - sim1.roll) < 1e-12, 'the simulation is drawn again');
    // The marker list picks a mode too: capsize, a real root.
    await clickWidget(page, 'mode:capsize');
    const cap = await api(page, 'modeView');
    assert.equal(cap.mode, 'capsize');
    assert.equal(cap.eigenvalue[1], 0);
    assert.match(cap.growthText, /decays, halves every/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the sensitivity chart is `carvallo sensitivity` sorted by magnitude, and follows a changed parameter', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#v=0.1.0&present=1`, { width: 1280, height: 720 });
  try {
    await frames(page, 3);
    // On the stage the tool rows are under the plot and its readouts: the wheel over the panel reaches them.
    const panel = await rect(page, 'panel:eigenvalues');
    await page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
    await page.mouse.wheel(0, 2000);
    await frames(page, 4);
    await clickWidget(page, 'eigen-view-toggle');
    assert.equal((await api(page, 'getState')).eigview, 'sensitivity');
    const check = async (what) => {
      const s = await api(page, 'getState');
      const chart = await api(page, 'sensitivity');
      const ref = sensitivityCli(s.bike);
      assert.equal(chart.weaveSpeed, ref.weave_speed, `${what}: weave speed`);
      assert.equal(chart.capsizeSpeed, ref.capsize_speed, `${what}: capsize speed`);
      assert.equal(chart.rows.length, 26);
      for (const r of chart.rows) {
        assert.equal(r.weaveSI, ref.d_weave_speed[r.name], `${what}: d weave / d ${r.name}`);
        assert.equal(r.capsizeSI, ref.d_capsize_speed[r.name], `${what}: d capsize / d ${r.name}`);
        // Relative scaling: (dv/v) / (dp/p).
        const w = ref.d_weave_speed[r.name] * s.bike[r.name] / ref.weave_speed;
        const c = ref.d_capsize_speed[r.name] * s.bike[r.name] / ref.capsize_speed;
        assert.ok(Math.abs(r.weave - w) <= 1e-12 * Math.max(1, Math.abs(w)) && Math.abs(r.capsize - c) <= 1e-12 * Math.max(1, Math.abs(c)), `${what}: ${r.name}`);
        assert.equal(r.chartUnit, '%/%');
      }
      // The order: the CLI's values by max(|weave|, |capsize|), largest first (ties in the table's order).
      const names = Object.keys(ref.d_weave_speed);
      const mag = (n) => Math.max(Math.abs(ref.d_weave_speed[n] * s.bike[n] / ref.weave_speed), Math.abs(ref.d_capsize_speed[n] * s.bike[n] / ref.capsize_speed));
      const order = names.map((n, i) => [n, i]).sort((a, b) => (mag(b[0]) - mag(a[0])) || (a[1] - b[1])).map((x) => x[0]);
      const shown = chart.rows.map((r) => r.name);
      // Entries whose magnitudes differ by round-off only may swap: compare where the gap is real.
      for (let i = 0; i < 26; i++) if (shown[i] !== order[i]) assert.ok(Math.abs(mag(shown[i]) - mag(order[i])) < 1e-12, `${what}: row ${i}: ${shown[i]} vs ${order[i]}`);
      return chart;
    };
    const c0 = await check('benchmark');
    const count0 = c0.computations;
    await frames(page, 5);
    assert.equal((await api(page, 'sensitivity')).computations, count0, 'cached: not recomputed while nothing changes');
    await page.mouse.move(640, 600);
    await frames(page, 2);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-sensitivity-presentation-1280x720.png') }), 'projector chart');
    // A parameter changes (the trail, through the state as the parameters panel does): the chart follows.
    await api(page, 'setState', { bike: { c: 0.1 } });
    await frames(page, 3);
    const c1 = await check('c = 0.1');
    assert.ok(c1.computations > count0, 'recomputed after the change');
    assert.notEqual(c1.weaveSpeed, c0.weaveSpeed);
    // Per SI unit: the CLI's numbers themselves, with their units.
    await clickWidget(page, 'sensitivity-scale-si');
    const si = await api(page, 'sensitivity');
    assert.equal(si.scale, 'si');
    const lambda = si.rows.find((r) => r.name === 'lambda');
    assert.equal(lambda.weave, lambda.weaveSI);
    assert.equal(lambda.chartUnit, 'm/s per rad');
    assert.equal(si.rows.find((r) => r.name === 'mB').chartUnit, 'm/s per kg');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a pinned ghost lists both designs\' critical speeds as the CLI computes them, and travels in the link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, still({ width: 1920, height: 1080 }));
  let link;
  try {
    await frames(page, 3);
    const benchmark = (await api(page, 'getState')).bike;
    await clickWidget(page, 'ghost-pin');
    assert.ok((await api(page, 'getState')).ghost, 'pinned');
    await api(page, 'setState', { bike: { w: 1.2, c: 0.06 } });
    await frames(page, 3);
    const live = (await api(page, 'getState')).bike;
    const g = await api(page, 'ghost');
    assert.equal(g.pinned, true);
    const refGhost = sensitivityCli(benchmark), refLive = sensitivityCli(live);
    assert.equal(g.ghost.weave, refGhost.weave_speed);
    assert.equal(g.ghost.capsize, refGhost.capsize_speed);
    assert.equal(g.live.weave, refLive.weave_speed);
    assert.equal(g.live.capsize, refLive.capsize_speed);
    assert.notEqual(g.live.weave, g.ghost.weave);
    assert.ok(await rect(page, 'ghost-compare'), 'both designs are listed');
    await clickWidget(page, 'marker:weave');
    await page.mouse.move(1100, 900);
    await frames(page, 2);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-ghost-1920x1080.png') }), 'ghost at 1920x1080');
    link = (await api(page, 'getState')).link;
    assert.match(link, /&ghost=1\.02,0\.08,/);
    assert.match(link, /&mode=weave/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  // The shared link shows the same comparison and the same mode.
  const other = await openPage(env.browser, `${env.server.url}#${link}`, still({ width: 1280, height: 800 }));
  try {
    await frames(other.page, 3);
    const s = await api(other.page, 'getState');
    assert.equal(s.link, link, 'the link round-trips exactly');
    const g = await api(other.page, 'ghost');
    assert.equal(g.pinned, true);
    assert.equal(g.ghost.weave, sensitivityCli(s.ghost).weave_speed);
    assert.equal((await api(other.page, 'modeView')).mode, 'weave');
    assert.deepEqual(await api(other.page, 'messages'), []);
    // The root locus draws the ghost too: the plot differs from the same view once the ghost is cleared.
    await api(other.page, 'setState', { locus: true });
    await other.page.mouse.move(5, 5);  // no tooltip over the plot
    await frames(other.page, 3);
    const plot = await rect(other.page, 'plot');
    assert.ok(plot, 'the root locus is shown');
    const clip = { x: plot.x, y: plot.y, width: plot.w, height: plot.h };
    const withGhost = decodePng(await other.page.screenshot({ clip, path: path.join(artifacts, 'modes-ghost-locus-1280x800.png') }));
    // Clear ghost.
    await clickWidget(other.page, 'ghost-clear');
    assert.equal((await api(other.page, 'getState')).ghost, null);
    await other.page.mouse.move(5, 5);
    await frames(other.page, 3);
    const without = decodePng(await other.page.screenshot({ clip }));
    let changed = 0;
    for (let i = 0; i < withGhost.pixels.length; i += 4)
      if (Math.abs(withGhost.pixels[i] - without.pixels[i]) + Math.abs(withGhost.pixels[i + 2] - without.pixels[i + 2]) > 40) changed++;
    assert.ok(changed > 200, `the ghost's dashed curves are drawn in the root locus (${changed} pixels differ)`);
    assert.deepEqual(other.problems, []);
  } finally {
    await other.context.close();
  }
});

test('hostile mode, sensitivity and ghost values in a link or setState are refused with a message', async () => {
  const hash = 'v=0.1.0&mode=wobble&modeamp=1e308&modespeed=-0&eigview=x&sensunit=5e-324&ghost=1,2,3';
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#${hash}`, { width: 1280, height: 800 });
  try {
    const s = await api(page, 'getState');
    assert.equal(s.mode, 'off');
    assert.equal(s.modeamp, 5);
    assert.equal(s.modespeed, 1);
    assert.equal(s.ghost, null);
    const messages = (await api(page, 'messages')).join('\n');
    for (const key of ['mode=', 'modeamp=', 'modespeed=', 'eigview=', 'sensunit=', 'ghost=']) assert.ok(messages.includes(key), `${key} named in ${messages}`);
    const r = await api(page, 'setState', { mode: 1, modeamp: 5e-324, ghost: { w: -1 } });
    assert.equal(r.ignored.length, 3, JSON.stringify(r));
    assert.equal((await api(page, 'getState')).ghost, null);
    await frames(page, 2);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('phone: a mode picked by touch in the eigenvalue tab animates in the 3D tab; the chart is readable', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#v=0.1.0&panel=eigenvalues`, still(PHONE));
  try {
    const touch = await touchInput(context, page);
    const tap = async (name) => {
      const r = await rect(page, name);
      assert.ok(r, `${name} is on screen`);
      await touch('touchStart', [centre(r)]);
      await touch('touchEnd', []);
      await frames(page, 3);
    };
    await frames(page, 3);
    await tap('mode:weave');
    assert.equal((await api(page, 'getState')).mode, 'weave');
    const title = await rect(page, 'mode-title');
    assert.ok(title && title.x >= 0 && title.x + title.w <= 390.5 && title.y + title.h <= 844.5, `mode section on screen: ${JSON.stringify(title)}`);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-phone-eigenvalues.png') }), 'phone eigenvalues with a mode');
    await tap('tab:view');
    assert.ok(await rect(page, 'mode-overlay'), 'the 3D tab says which mode is shown');
    assert.equal((await api(page, 'modeView')).active, true);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-phone-view.png') }), 'phone 3D mode');
    await tap('tab:eigenvalues');
    // The tab has its plot first and the tool rows below the fold: a finger swipes up until the
    // "Sensitivities" toggle is in sight (sent together, as a real swipe's first events arrive).
    for (let k = 0; k < 8; k++) {
      const r = await rect(page, 'eigen-view-toggle');
      if (r && r.y >= 0 && r.y + r.h <= 844) break;
      await Promise.all([touch('touchStart', [[195, 700]]), touch('touchMove', [[195, 690]])]);
      for (let i = 1; i <= 6; i++) { await touch('touchMove', [[195, 700 - 50 * i]]); await frames(page, 1); }
      await touch('touchEnd', []);
      await frames(page, 3);
    }
    await tap('eigen-view-toggle');
    assert.equal((await api(page, 'getState')).eigview, 'sensitivity');
    const row = await rect(page, `sensitivity-row:${(await api(page, 'sensitivity')).rows[0].name}`);
    assert.ok(row && row.x >= 0 && row.x + row.w <= 390.5, `first row fits the phone: ${JSON.stringify(row)}`);
    notBlank(await page.screenshot({ path: path.join(artifacts, 'modes-phone-sensitivity.png') }), 'phone chart');
    await tap('tab:view');
    await tap('mode-overlay-back');
    assert.equal((await api(page, 'getState')).mode, 'off');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a mode shape chosen after the bicycle rode away is in view: the camera follows the bicycle that performs it', async () => {
  // The mode's bicycle performs in place at the start; the camera had stayed over the ground 10 m on, where
  // the run's bicycle was, and the view was empty (a student at home).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#speed=5&roll_rate=0.5`, { width: 1280, height: 720 });
  try {
    await frames(page, 3);
    await page.evaluate(() => window.carvallo.step(400));  // 2 s, 10 m on
    await frames(page, 3);
    const rode = await page.evaluate(() => window.carvallo.getState());
    assert.ok(Math.hypot(rode.tx, rode.ty) > 5, `the camera followed the ride: ${rode.tx}, ${rode.ty}`);
    await page.evaluate(() => window.carvallo.setState({ mode: 'capsize' }));
    await frames(page, 4);
    const s = await page.evaluate(() => window.carvallo.getState());
    assert.equal(s.mode, 'capsize');
    const bodies = await page.evaluate(() => window.carvallo.bodies());
    const mean = [0, 1].map((k) => bodies.reduce((sum, b) => sum + b.position[k], 0) / bodies.length);
    // The viewer's frame is the bicycle's own (x forward, y right, z down): the target over the bodies.
    assert.ok(Math.hypot(s.tx - mean[0], s.ty - mean[1]) < 1, `the camera at ${s.tx}, ${s.ty}, the mode's bicycle at ${mean}`);
    const shot = await page.screenshot({ path: path.join(artifacts, 'modes-after-a-ride.png') });
    assert.ok(colourStats(decodePng(shot)).distinct >= 8);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the root locus marks the speed along its branches in numbers and names the modes at the current speed, read without colour', async () => {
  // Its speed colours and the legend's mode colours were one grey to a student who sees none (testers in
  // achromatopsia).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#locus=1`, { width: 1280, height: 800 });
  try {
    await frames(page, 4);
    const plot = await rect(page, 'plot');
    assert.ok(plot, 'the root locus is shown');
    for (const v of ['2', '4', '6', '8']) {
      const r = await rect(page, `locus-speed:${v}`);
      assert.ok(r, `${v} m/s is marked along a branch`);
      assert.ok(r.x >= plot.x && r.y >= plot.y && r.x + r.w <= plot.x + plot.w + 0.5 && r.y + r.h <= plot.y + plot.h + 0.5,
        `the mark ${v} ${JSON.stringify(r)} lies in the plot ${JSON.stringify(plot)}`);
    }
    for (const mode of ['weave', 'capsize']) {  // castering, at -14 1/s, is left of the locus's range
      const r = await rect(page, `locus-mode:${mode}`);
      assert.ok(r && r.x >= plot.x && r.y >= plot.y && r.x + r.w <= plot.x + plot.w + 0.5, `${mode} is named in the plot: ${JSON.stringify(r)}`);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'achromatopsia' });
    await page.mouse.move(5, 5);
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'modes-root-locus-achromatopsia.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
