// End-to-end: the bicycle playground as a user and a teaching page use it. The benchmark's critical speeds,
// a parameter dragged in the UI, share links (exact restore, hand edits, malformed ones), the simulation.
// Screenshots of every state go to build/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, artifacts, still } from './browser.mjs';
import { decodePng } from './png.mjs';

// Meijaard et al. (2007), Table 2 (benchmark bicycle): weave and capsize speeds.
const WEAVE = 4.29238253634111;
const CAPSIZE = 6.02426201538837;

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const viewport = { width: 1280, height: 800 };

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

async function hashSettled(page) {
  // The page writes the link debounced (300 ms); wait until it equals the application's current link.
  await page.waitForFunction(() => location.hash.slice(1) === window.carvallo.getState().link, null, { timeout: 10000 });
  return page.evaluate(() => location.hash.slice(1));
}

// Fraction of differing pixels between two screenshots of the same clip.
function pixelDifference(a, b) {
  const A = decodePng(a), B = decodePng(b);
  assert.equal(A.width, B.width);
  let differ = 0;
  for (let i = 0; i < A.width * A.height; i++) {
    const o = 4 * i;
    if (Math.abs(A.pixels[o] - B.pixels[o]) + Math.abs(A.pixels[o + 1] - B.pixels[o + 1]) + Math.abs(A.pixels[o + 2] - B.pixels[o + 2]) > 30) differ++;
  }
  return differ / (A.width * A.height);
}

test('the default page shows the benchmark bicycle at 5 m/s and its critical speeds to 1e-6', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    const state = await page.evaluate(() => window.carvallo.getState());
    assert.equal(state.model, 'bicycle');
    assert.equal(state.preset, 'benchmark');
    assert.equal(state.speed, 5);
    assert.deepEqual([state.vmin, state.vmax], [0, 10]);
    assert.equal(state.link.split('&')[0], `v=${state.version}`, 'the link starts with the version');
    const speeds = await page.evaluate(() => window.carvallo.criticalSpeeds());
    assert.ok(Math.abs(speeds.weave - WEAVE) < 1e-6, `weave ${speeds.weave}`);
    assert.ok(Math.abs(speeds.capsize - CAPSIZE) < 1e-6, `capsize ${speeds.capsize}`);
    // Eigenvalues at 5 m/s (Table 2): weave -0.775341 +- 4.464867i, capsize -0.322866, castering -14.078....
    const [eig] = await page.evaluate(() => window.carvallo.eigenvalues([5]));
    const weave = eig.filter((e) => e.mode === 'weave');
    assert.equal(weave.length, 2);
    assert.ok(Math.abs(weave[0].re + 0.775341) < 1e-5 && Math.abs(Math.abs(weave[0].im) - 4.464867) < 1e-5);
    assert.ok(Math.abs(eig.find((e) => e.mode === 'capsize').re + 0.322866) < 1e-5);
    assert.deepEqual(await page.evaluate(() => window.carvallo.messages()), []);
    await frames(page);
    await page.screenshot({ path: path.join(artifacts, 'bicycle-default.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Tab leaves a number typed in the canvas applied and types the next field, as a desktop form does; Enter then applies that one', async () => {
  // Tab had gone to the page's native controls: the number typed stayed in its box unapplied, the focus on
  // Play, and the next Enter started the run (a tester, at 1366x768).
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1366, height: 768 });
  const bike = () => page.evaluate(() => window.carvallo.getState().bike);
  try {
    await frames(page, 3);
    const mB = await page.evaluate(() => window.carvallo.widgetRect('param:mB'));
    await page.mouse.click(mB.x + mB.w / 2, mB.y + mB.h / 2);
    await frames(page, 2);
    await page.keyboard.type('70');
    await frames(page, 1);
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert.equal((await bike()).mB, 70, 'Tab applied the number typed');
    await page.keyboard.type('9.5');  // into the next field, IBxx
    await frames(page, 1);
    assert.equal((await bike()).IBxx, 9.2, 'nothing applied while typing');
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.equal((await bike()).IBxx, 9.5, 'Enter applied the next field');
    assert.equal((await page.evaluate(() => window.carvallo.simState())).playing, false, 'and played nothing');
    // A designer input (a plain text box) the same way.
    const wheelbase = await page.evaluate(() => window.carvallo.widgetRect('designer:wheelbase'));
    await page.mouse.click(wheelbase.x + wheelbase.w / 2, wheelbase.y + wheelbase.h / 2);
    await frames(page, 2);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1100');
    await frames(page, 1);
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert.equal((await bike()).w, 1.1, 'Tab applied the wheelbase typed');
    await page.keyboard.press('Escape');  // the next box, left with nothing typed
    await frames(page, 2);
    // With no box typed in, Tab is the page's: it reaches the native controls (the first is Play).
    await page.mouse.click(5, 400);
    await frames(page, 2);
    await page.keyboard.press('Tab');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.getAttribute('aria-label') ||
                                          document.activeElement.textContent), 'Play');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Escape during a drag puts the value back where the drag began, as a desktop slider does', async () => {
  // The drag had kept its value (a tester).
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    await frames(page, 3);
    const f = await page.evaluate(() => window.carvallo.widgetRect('param:zB'));
    const y = f.y + f.h / 2;
    await page.mouse.move(f.x + f.w / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) {
      await page.mouse.move(f.x + f.w / 2 + 8 * i, y);
      await frames(page, 1);
    }
    const dragged = (await page.evaluate(() => window.carvallo.getState().bike)).zB;
    assert.ok(dragged > -0.9, `the drag moved zB (to ${dragged})`);
    await page.keyboard.press('Escape');
    await frames(page, 2);
    await page.mouse.move(f.x + f.w / 2 + 100, y);  // the button still down: the drag has ended
    await frames(page, 2);
    await page.mouse.up();
    await frames(page, 2);
    assert.equal((await page.evaluate(() => window.carvallo.getState().bike)).zB, -0.9, 'zB is back where the drag began');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('dragging a parameter in the panel changes the plot and the link; an invalid typed value is refused with its reason', async (t) => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    await frames(page, 3);
    const plot = await page.evaluate(() => window.carvallo.widgetRect('plot'));
    const field = await page.evaluate(() => window.carvallo.widgetRect('param:w'));
    assert.ok(plot && field, 'the plot and the w field are on screen');
    const clip = { x: plot.x, y: plot.y, width: plot.w, height: plot.h };
    const before = await page.screenshot({ clip });
    const linkBefore = await hashSettled(page);
    assert.ok(!/(^|&)w=/.test(linkBefore), 'w equals the preset: not in the link');

    // Drag the value to the right, as a user would.
    const y = field.y + field.h / 2;
    await page.mouse.move(field.x + field.w / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(field.x + field.w / 2 + 8 * i, y);
      await frames(page, 1);
    }
    await page.mouse.up();
    await frames(page, 2);
    const w = await page.evaluate(() => window.carvallo.getState().bike.w);
    assert.ok(w > 1.03, `w grew by dragging (now ${w})`);
    const link = await hashSettled(page);
    assert.match(link, new RegExp(`(^|&)w=${String(w).replace('.', '\\.')}(&|$)`), 'the link holds the new w');
    const speeds = await page.evaluate(() => window.carvallo.criticalSpeeds());
    assert.ok(Math.abs(speeds.weave - WEAVE) > 1e-3, 'the critical speeds follow the parameter');
    const after = await page.screenshot({ clip });
    assert.ok(pixelDifference(before, after) > 0.002, 'the plot changed');
    await page.screenshot({ path: path.join(artifacts, 'bicycle-parameter-dragged.png') });

    // Type a value with the real keyboard: ctrl+click turns the field into a text box. Nothing is applied
    // while typing (1, 10 and 100 are physical wheelbases, 1000 is not); Enter offers 1000, which is refused:
    // w stays, in the bicycle and in the field, and the message says so.
    const fieldClip = { x: field.x, y: field.y, width: field.w, height: field.h };
    const away = await page.evaluate(() => ({ x: innerWidth / 2, y: innerHeight / 2 }));  // the 3D view
    await page.mouse.move(away.x, away.y);  // no tooltip over the field for the screenshot
    await frames(page, 2);
    const fieldBefore = await page.screenshot({ clip: fieldClip });
    await page.keyboard.down('Control');
    await page.mouse.click(field.x + field.w / 2, y);
    await frames(page, 2);
    await page.keyboard.up('Control');
    await frames(page, 1);
    await page.keyboard.press('Control+A');
    for (const key of '1000') {
      await page.keyboard.press(key);
      await frames(page, 1);
      assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), w, 'nothing applied while typing');
    }
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), w, 'the refused value leaves w as it was');
    const messages = await page.evaluate(() => window.carvallo.messages());
    const said = messages.find((m) => m.startsWith('w = 1000 m refused: '));
    assert.ok(said && said.endsWith(`; w stays ${w} m`), `refused with its reason and the value that stays: ${JSON.stringify(messages)}`);
    assert.ok(!messages.some((m) => m.includes('not applied')), 'no "not applied" about a value in effect');
    await page.mouse.move(away.x, away.y);
    await frames(page, 2);
    assert.ok(pixelDifference(fieldBefore, await page.screenshot({ clip: fieldClip })) < 0.01, 'the field shows w as before');
    await page.screenshot({ path: path.join(artifacts, 'bicycle-parameter-refused.png') });
    // Escape cancels a typed value; leaving the field (a click elsewhere) applies one.
    const openField = async () => {
      await page.keyboard.down('Control');
      await page.mouse.click(field.x + field.w / 2, y);
      await frames(page, 2);
      await page.keyboard.up('Control');
      await frames(page, 1);
      await page.keyboard.press('Control+A');
    };
    await openField();
    await page.keyboard.type('1.07');
    await page.keyboard.press('Escape');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), w, 'Escape cancels');
    await openField();
    await page.keyboard.type('1.07');
    await frames(page, 1);
    await page.mouse.click(away.x, away.y);
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.07, 'leaving the field applies the typed value');
    assert.ok(!(await page.evaluate(() => window.carvallo.messages())).some((m) => m.startsWith('w = ')), 'the refusal is gone once w is applied');
    // A click that does not move the value opens its text entry, the value selected, which typing replaces
    // (a tester found only the double-click, in the tooltip).
    await page.mouse.click(field.x + field.w / 2, y);
    await frames(page, 2);
    for (const key of '1.04') {
      await page.keyboard.press(key);
      await frames(page, 1);
    }
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.07, 'a click: nothing applied while typing');
    await page.keyboard.press('Enter');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.04, 'a click opened the entry; Enter applied');
    // What reads as no number is refused and said, however short: a lone '-' had been left unsaid, an older
    // refusal still shown; '1e400' is too large a number, as the native twin says (a student).
    for (const [typed, said] of [['1e400', "'1e400' is too large a number; w stays 1.04 m"], ['-', "'-' is not a number; w stays 1.04 m"]]) {
      await page.mouse.click(field.x + field.w / 2, y);
      await frames(page, 2);
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await frames(page, 2);
      assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.04, `${typed}: w stays`);
      const now = await page.evaluate(() => window.carvallo.messages());
      assert.ok(now.includes(said) && !now.some((m) => m.startsWith("'") && m !== said), `${typed}: ${JSON.stringify(now)}`);
    }
    // Opened and closed with nothing typed applies nothing (the value as the field writes it is what it opened with).
    await page.mouse.click(field.x + field.w / 2, y);
    await frames(page, 2);
    await page.keyboard.press('Enter');
    await frames(page, 2);
    assert.ok((await page.evaluate(() => window.carvallo.messages())).includes("'-' is not a number; w stays 1.04 m"), 'nothing typed: the last refusal stays');

    // The time plot's fixed range: "from" 75 with "to" 10 is refused on Enter, and 7 was never applied.
    await page.evaluate(() => window.carvallo.setState({ yangles: '-5:10' }));
    await frames(page, 2);
    const scaleButton = await page.evaluate(() => window.carvallo.widgetRect('yscale:angles'));
    assert.ok(scaleButton, 'the roll and steer plot has its y-scale menu');
    await page.mouse.click(scaleButton.x + scaleButton.w / 2, scaleButton.y + scaleButton.h / 2);
    // The menu opens a frame or more after the click; on a loaded machine later (CI of 029e425 read it 2 frames on).
    let from = null;
    for (const until = Date.now() + 3000; !from && Date.now() < until;) {
      await frames(page, 1);
      from = await page.evaluate(() => window.carvallo.widgetRect('yfrom:angles'));
    }
    assert.ok(from, 'the fixed range\'s "from" field');
    await page.keyboard.down('Control');
    await page.mouse.click(from.x + from.w / 2, from.y + from.h / 2);
    await frames(page, 2);
    await page.keyboard.up('Control');
    await frames(page, 1);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('7');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.getState().yangles), '-5:10', 'nothing applied while typing');
    await page.keyboard.press('5');
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => window.carvallo.getState().yangles), '-5:10', '75 to 10 is refused');
    const plotMessages = await page.evaluate(() => window.carvallo.messages());
    assert.ok(plotMessages.includes('roll and steer: from = 75 deg refused: from must be below to; the range stays -5 to 10 deg'),
      JSON.stringify(plotMessages));
    await page.screenshot({ path: path.join(artifacts, 'bicycle-plot-range-refused.png') });
    await page.mouse.click(away.x, away.y);  // closes the menu

    // A slider opens its text entry on a double-click too (ImGui 1.86's own: Ctrl+click only). A double
    // click is two presses within 0.3 s of the page's time, in frames apart: checked when the presses came
    // well inside that, for the frame that sees the second press can come a frame's work after it (100 ms
    // and more under load: CI once missed a double click whose presses came under 250 ms apart).
    const slider = await page.evaluate(() => window.carvallo.widgetRect('time-scale'));
    assert.ok(slider, 'the time x slider');
    await page.mouse.move(slider.x + slider.w / 2, slider.y + slider.h / 2);
    const t0 = await page.evaluate(() => performance.now());
    await page.mouse.down();
    await page.mouse.up();
    await frames(page, 2);  // one frame sees the press, the next the button up
    await page.mouse.down();
    await page.mouse.up();
    const gap = (await page.evaluate(() => performance.now())) - t0;
    await frames(page, 4);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2.5');
    await page.keyboard.press('Enter');
    await frames(page, 2);
    const tscale = await page.evaluate(() => window.carvallo.getState().tscale);
    if (gap < 150) assert.equal(tscale, 2.5, 'typed after a double-click');
    else t.diagnostic(`double-click not checked: ${Math.round(gap)} ms between the presses (time x ${tscale})`);
    // A double-click whose two presses and releases all come between two frames (a quick hand, a slow
    // frame): each frame takes one change of the button, so the page sees both clicks. It had read one long
    // press, and the keys typed next went to the shortcuts ('.' stepped the run; a tester, half the time).
    const mB = await page.evaluate(() => window.carvallo.widgetRect('param:mB'));
    await page.mouse.move(mB.x + mB.w / 2, mB.y + mB.h / 2);
    await page.mouse.dblclick(mB.x + mB.w / 2, mB.y + mB.h / 2);
    await frames(page, 6);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('71.5');
    await page.keyboard.press('Enter');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.mB), 71.5, 'typed after a double-click between two frames');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a shared link restores the state exactly; hand edits of the hash apply', async () => {
  const first = await openPage(env.browser, env.server.url, viewport);
  let shared, state;
  try {
    const r = await first.page.evaluate(() => window.carvallo.setState({
      preset: 'benchmark', bike: { w: 1.1, c: 0.0712345678901234, mB: 80 }, speed: 4.5, vmin: 1, vmax: 8.25,
      imag: true, integ: 'ab4', dt: 0.002, droll0: 0.3, yaw: -1.2345678, pitch: 0.4, dist: 4.5, follow: false,
    }));
    assert.deepEqual(r.ignored, []);
    await frames(first.page, 2);
    shared = await hashSettled(first.page);
    state = await first.page.evaluate(() => window.carvallo.getState());
    assert.deepEqual(first.problems, []);
  } finally {
    await first.context.close();
  }
  const second = await openPage(env.browser, env.server.url + '#' + shared, viewport);
  try {
    const restored = await second.page.evaluate(() => window.carvallo.getState());
    assert.deepEqual(restored, state);
    assert.equal(restored.bike.c, 0.0712345678901234);
    assert.deepEqual(await second.page.evaluate(() => window.carvallo.messages()), []);
    await frames(second.page, 2);
    await second.page.screenshot({ path: path.join(artifacts, 'bicycle-shared-link.png') });
    // A hand edit of the hash.
    await second.page.evaluate(() => { location.hash = 'v=' + window.carvallo.version + '&preset=benchmark&speed=3'; });
    await second.page.waitForFunction(() => window.carvallo.getState().speed === 3, null, { timeout: 10000 });
    const edited = await second.page.evaluate(() => window.carvallo.getState());
    assert.equal(edited.bike.w, 1.02, 'fields absent from the link take their defaults');
    // Back returns to the shared state.
    await second.page.goBack();
    await second.page.waitForFunction(() => window.carvallo.getState().speed === 4.5, null, { timeout: 10000 });
    assert.equal(await second.page.evaluate(() => window.carvallo.getState().bike.w), 1.1);
    // A hand edit that breaks a field: that field keeps the value on screen (dt 0.002), not its default;
    // the edit's own fields apply and the refusal is shown.
    await second.page.evaluate(() => { location.hash = location.hash.replace('dt=0.002', 'dt=0.00x').replace('speed=4.5', 'speed=4'); });
    await second.page.waitForFunction(() => window.carvallo.getState().speed === 4, null, { timeout: 10000 });
    const broken = await second.page.evaluate(() => window.carvallo.getState());
    assert.equal(broken.dt, 0.002, 'the refused dt keeps the value on screen');
    assert.equal(broken.bike.w, 1.1);
    const shown = await second.page.evaluate(() => window.carvallo.messages());
    assert.ok(shown.some((m) => m.includes('dt=0.00x')) && shown.some((m) => m.includes('keep their previous values: dt')), shown.join(' | '));
    assert.deepEqual(second.problems, []);
  } finally {
    await second.context.close();
  }
});

test('a malformed link shows what was ignored and a working default, and never runs script', async () => {
  const hash = 'v=0.1.0&speed=abc&w=-1&foo=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&vmax=1e999&integ=euler&preset=nope&%zz';
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#' + hash, viewport);
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  try {
    const messages = await page.evaluate(() => window.carvallo.messages());
    for (const key of ['speed=abc', 'w:', 'foo', 'vmax=1e999', 'integ=euler', 'preset=nope', '%zz'])
      assert.ok(messages.some((m) => m.includes(key)), `the message names ${key}: ${JSON.stringify(messages)}`);
    const state = await page.evaluate(() => window.carvallo.getState());
    assert.equal(state.speed, 5);
    assert.equal(state.bike.w, 1.02);
    assert.equal(state.vmax, 10);
    assert.equal(state.integ, 'ab4');
    const speeds = await page.evaluate(() => window.carvallo.criticalSpeeds());
    assert.ok(Math.abs(speeds.weave - WEAVE) < 1e-6);
    const rect = await page.evaluate(() => window.carvallo.widgetRect('messages'));
    assert.ok(rect && rect.w > 0, 'the message is on screen');
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'bicycle-malformed-link.png') });
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the simulation advances, and a kick at 5 m/s gives a decaying oscillation', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    // Keyboard: space plays, space pauses.
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.carvallo.simState().t > 0.05, null, { timeout: 15000 });
    await page.keyboard.press('Space');
    await frames(page, 2);
    const paused = await page.evaluate(() => window.carvallo.simState());
    assert.equal(paused.playing, false);

    const samples = await page.evaluate(() => {
      const api = window.carvallo;
      api.setState({ speed: 5, roll0: 0, steer0: 0, droll0: 0, dsteer0: 0, dt: 0.005, integ: 'rk4' });
      api.resetSimulation();
      api.kick();
      const out = [];
      for (let i = 0; i < 800; i++) out.push(api.step(1));  // 4 s
      return out.map((s) => ({ t: s.t, roll: s.roll, steer: s.steer }));
    });
    assert.ok(Math.abs(samples.at(-1).t - 4) < 1e-9, `4 s simulated (t = ${samples.at(-1).t})`);
    const peak = (a, b) => Math.max(...samples.filter((s) => s.t >= a && s.t < b).map((s) => Math.abs(s.roll)));
    let crossings = 0;
    for (let i = 1; i < samples.length; i++) if (Math.sign(samples[i].steer) !== Math.sign(samples[i - 1].steer)) crossings++;
    assert.ok(crossings >= 3, `oscillates (${crossings} steer sign changes)`);
    assert.ok(peak(3, 4) < 0.5 * peak(0, 1), `decays: ${peak(0, 1)} -> ${peak(3, 4)}`);
    assert.equal(samples.every((s) => Number.isFinite(s.roll)), true);
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'bicycle-kicked.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('teaching aids: the shortcut overlay, presentation mode, and the performance figures', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1920, height: 1080 });
  try {
    const firstFrameMs = await page.evaluate(() => window.carvallo.firstFrameMs);
    assert.ok(firstFrameMs > 0 && firstFrameMs < 20000, `first frame at ${firstFrameMs} ms`);
    await page.keyboard.press('?');
    await frames(page, 3);
    await page.screenshot({ path: path.join(artifacts, 'bicycle-shortcuts.png') });
    await page.keyboard.press('?');
    await page.keyboard.press('p');
    await page.waitForFunction(() => window.carvallo.getState().present === true, null, { timeout: 10000 });
    await frames(page, 3);
    assert.equal(await page.evaluate(() => window.carvallo.widgetRect('param:w')), null, 'the parameters panel is hidden');
    await page.screenshot({ path: path.join(artifacts, 'bicycle-presentation.png') });
    await page.keyboard.press('p');
    await frames(page, 20);
    const perf = await page.evaluate(() => window.carvallo.performance());
    for (const key of ['frameMs', 'cpuMs', 'sweepMs', 'stepMs']) assert.ok(Number.isFinite(perf[key]), key);
    // SwiftShader is a software renderer: the view is drawn without multisampling, which on the CPU costs
    // more in frames than it gives in edges (web/platform/view_target.hpp).
    assert.equal(perf.softwareRenderer, true, 'SwiftShader is recognised as a software renderer');
    assert.equal(perf.viewSamples, 0);
    // The stable ranges the API gives end where the summary says the search ended (they ended at 50 m/s
    // beside "checked up to 100 m/s"): the two-mass-skate is self-stable above its weave speed.
    await page.evaluate(() => window.carvallo.setState({ preset: 'two-mass-skate' }));
    const skate = await page.evaluate(() => window.carvallo.criticalSpeeds());
    assert.equal(skate.stableRanges.at(-1)[1], skate.searchMax, JSON.stringify(skate));
    assert.match(skate.summary, new RegExp(`checked up to ${skate.searchMax} m/s`), skate.summary);
    const sizes = { firstFrameMs, ...perf, viewport: '1920x1080', renderer: 'headless chromium, SwiftShader (software WebGL)' };
    fs.writeFileSync(path.join(artifacts, 'performance.json'), JSON.stringify(sizes, null, 2) + '\n');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the models menu runs a registered mechanism in the plane with the simulation controls and plots', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    // Open the menu and pick the four-bar linkage, as a user would.
    const menu = await page.evaluate(() => window.carvallo.widgetRect('menu:models'));
    await page.mouse.click(menu.x + menu.w / 2, menu.y + menu.h / 2);
    await page.waitForFunction(() => window.carvallo.widgetRect('model:four-bar') !== null, null, { timeout: 10000 });
    const item = await page.evaluate(() => window.carvallo.widgetRect('model:four-bar'));
    await page.mouse.click(item.x + item.w / 2, item.y + item.h / 2);
    await page.waitForFunction(() => window.carvallo.getState().model === 'four-bar', null, { timeout: 10000 });
    const state = await page.evaluate(() => window.carvallo.getState());
    assert.equal(state.variant, 'nacf');
    assert.match(await hashSettled(page), /(^|&)model=four-bar&variant=nacf(&|$)/);
    const s = await page.evaluate(() => window.carvallo.step(100));
    assert.equal(s.available, true, JSON.stringify(s));
    assert.ok(s.t > 0 && Number.isFinite(s.C) && s.C < 1e-6, `stepped with small violations: ${JSON.stringify({ t: s.t, C: s.C })}`);
    await page.keyboard.press('Space');
    await page.waitForFunction((t) => window.carvallo.simState().t > t, s.t, { timeout: 15000 });
    await frames(page, 3);
    await page.screenshot({ path: path.join(artifacts, 'mechanism-four-bar.png') });
    assert.deepEqual(await page.evaluate(() => window.carvallo.messages()), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Copy link copies the full URL; a bicycle JSON file loads, a broken one is refused and named', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, viewport);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await frames(page, 2);
    const button = await page.evaluate(() => window.carvallo.widgetRect('copy-link'));
    await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
    await page.waitForFunction(() => typeof window.carvallo._clipboard === 'string', null, { timeout: 10000 });
    const copied = await page.evaluate(() => window.carvallo._clipboard);
    const link = await page.evaluate(() => window.carvallo.getState().link);
    assert.equal(copied, env.server.url + '#' + link);

    const broken = await page.evaluate(() => window.carvallo.loadBikeJson('{"w": 1.1, "c": "x"'));
    assert.ok(broken.some((m) => m.includes('not loaded')), JSON.stringify(broken));
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.02, 'the bicycle on screen is unchanged');
    const saved = await page.evaluate(() => {
      const s = window.carvallo.getState();
      return JSON.stringify({ name: 'longer', ...s.bike, w: 1.2 });
    });
    const loaded = await page.evaluate((text) => window.carvallo.loadBikeJson(text), saved);
    assert.deepEqual(loaded.filter((m) => !m.includes('not loaded')), [], JSON.stringify(loaded));
    assert.equal(await page.evaluate(() => window.carvallo.getState().bike.w), 1.2);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a curve at rest is drawn as a line: no spikes where it wobbles by a fraction of a pixel', async () => {
  // The forward speed settles to 5.021 m/s and wobbles by about 1e-4 m/s, a fraction of a pixel; a thick
  // line's joins there stood up as spikes many pixels tall (a student, on a phone's Sim tab).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#lesson=why-bicycles-stay-up&scene=1&panel=simulation`,
    { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await frames(page, 4);
    await page.evaluate(() => { window.carvallo.play(false); window.carvallo.step(2000); });  // to t = 10 s
    await frames(page, 4);
    const r = await page.evaluate(() => window.carvallo.widgetRect('plot:speed'));
    assert.ok(r && r.y + r.h <= 844, `the speed plot on screen: ${JSON.stringify(r)}`);
    // From t = 5 s on (the plot's right half) the curve is flat: in each pixel column its blue spans a
    // line's thickness and its smoothing, not more.
    const clip = { x: r.x + r.w * 0.55, y: r.y, width: r.w * 0.4, height: r.h * 0.8 };
    const shot = decodePng(await page.screenshot({ clip, path: path.join(artifacts, 'bicycle-speed-at-rest.png') }));
    let tallest = 0;
    for (let x = 0; x < shot.width; x++) {
      let top = -1, bottom = -1;
      for (let y = 0; y < shot.height; y++) {
        const o = (y * shot.width + x) * 4, [red, green, blue] = [shot.pixels[o], shot.pixels[o + 1], shot.pixels[o + 2]];
        if (blue > 150 && blue - red > 80 && blue - green > 40) { if (top < 0) top = y; bottom = y; }
      }
      if (top >= 0) tallest = Math.max(tallest, bottom - top + 1);
    }
    assert.ok(tallest > 0 && tallest <= 8, `the flat curve's tallest column: ${tallest} device px`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a laptop at 125 % (1093x614): the eigenvalue plot first and whole in its short panel, its readouts under it, in English and Spanish", async () => {
  // The tool rows above it had left the speed axis below the panel's fold, and in Spanish 102 px of plot (a student).
  for (const lang of ['en', 'es']) {
    const { context, page, problems } = await openPage(env.browser, `${env.server.url}#speed=5&lang=${lang}`, still({ width: 1093, height: 614 }));
    try {
      await page.waitForFunction(() => window.carvallo.widgetRect('stability-summary'), null, { timeout: 20000 });
      await frames(page, 4);
      const [panel, plot, summary] = await page.evaluate(() => ['panel:eigenvalues', 'plot', 'stability-summary'].map((n) => window.carvallo.widgetRect(n)));
      assert.ok(plot.y + plot.h <= panel.y + panel.h + 0.5, `${lang}: the plot ${JSON.stringify(plot)} within its panel ${JSON.stringify(panel)}`);
      assert.ok(plot.h >= 160, `${lang}: the plot ${plot.h} px tall`);
      assert.ok(summary.y >= plot.y + plot.h - 0.5 && summary.y + summary.h <= panel.y + panel.h, `${lang}: the stability line under it, in sight: ${JSON.stringify(summary)}`);
      if (lang === 'es') await page.screenshot({ path: path.join(artifacts, 'bicycle-eigen-1093x614-es.png') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});
