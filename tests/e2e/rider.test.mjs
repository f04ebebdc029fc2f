// End-to-end: the rider in the playground (issue 15) as a lecturer and a student use it. Holding the Right
// arrow with the real keyboard, or the on-screen button with a finger on a phone, applies a positive
// (right) steer torque exactly while held; scripted torques in the link round-trip and drive the run;
// hostile specs are refused by name; the countersteer scenario from the Scenarios menu steers right, leans
// left and turns left (Meijaard's signs); a stable steady turn clicked in the turns plot is ridden on the
// circle `carvallo turn` computes. Screenshots (phone, 1280x720 presentation, 1920x1080) go to build/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, PHONE, touchInput, artifacts, root, settledRect, still } from './browser.mjs';
import { decodePng } from './png.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const sim = (page) => page.evaluate(() => window.carvallo.simState());
// A lifted finger's torque ends by the page's next frames; the page's loop may run its frame after the
// browser's animation frames that follow a screenshot, so this waits for it (at most 2 s), then says which.
async function torqueEnds(page, which, what) {
  const ended = await page.waitForFunction((k) => window.carvallo.simState()[k] === 0, which, { timeout: 2000, polling: 50 })
    .then(() => true, () => false);
  assert.ok(ended, `${what}: ${which} still ${(await sim(page))[which]} 2 s after the finger lifted`);
}
const state = (page) => page.evaluate(() => window.carvallo.getState());
const rect = (page, name) => page.evaluate((n) => window.carvallo.widgetRect(n), name);
const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];

async function hashSettled(page) {
  await page.waitForFunction(() => location.hash.slice(1) === window.carvallo.getState().link, null, { timeout: 10000 });
  return page.evaluate(() => location.hash.slice(1));
}

test('holding the Right arrow applies a right (positive) steer torque exactly while held; A/D lean', async () => {
  // Tall enough for every plot of the simulation panel at its readable height without scrolling.
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 1024 });
  try {
    await frames(page, 3);
    // Focus the page where nothing is drawn over the 3D view (a click, no drag).
    const view = await page.evaluate(() => ({ x: innerWidth / 2, y: innerHeight / 2 }));
    await page.mouse.click(view.x, view.y);
    await frames(page, 2);
    const yaw0 = (await state(page)).yaw;
    assert.equal((await sim(page)).steerTorque, 0);
    // The torque plot is there before any torque: the buttons below the plots keep their place.
    assert.ok(await rect(page, 'torque-plot'), 'the torque plot from the start');
    const csv0 = await rect(page, 'sim-csv');
    // Shortcuts with Ctrl, Alt or Meta are the browser's: Ctrl+A selects all, Ctrl+Right moves by a word.
    for (const chord of [['Control', 'a'], ['Control', 'ArrowRight'], ['Alt', 'd'], ['Meta', 'ArrowLeft']]) {
      await page.keyboard.down(chord[0]);
      await page.keyboard.down(chord[1]);
      await frames(page, 2);
      const t = await sim(page);
      assert.ok(t.steerTorque === 0 && t.rollTorque === 0, `${chord.join('+')} applies no torque`);
      await page.keyboard.up(chord[1]);
      await page.keyboard.up(chord[0]);
    }
    await page.keyboard.down('ArrowRight');
    await frames(page, 3);
    const held = await sim(page);
    assert.equal(held.steerTorque, (await state(page)).torque, 'the held torque (default 1 N m), positive = right');
    assert.equal(held.inputs.steer_torque, held.steerTorque);
    await page.keyboard.up('ArrowRight');
    await frames(page, 3);
    assert.equal((await sim(page)).steerTorque, 0, 'released: no torque');
    assert.equal((await state(page)).yaw, yaw0, 'on the bicycle the arrows steer, not orbit the camera');
    // Playing: the torque acts while held and the steer responds to the right.
    await page.evaluate(() => window.carvallo.setState({ droll0: 0 }));
    await page.evaluate(() => { window.carvallo.resetSimulation(); window.carvallo.play(true); });
    await page.keyboard.down('ArrowRight');
    await page.waitForFunction(() => window.carvallo.simState().t > 0.3, null, { timeout: 20000 });
    const pushing = await sim(page);
    assert.ok(pushing.steerTorque > 0 && pushing.steer > 0, `steer torque ${pushing.steerTorque}, steer ${pushing.steer}`);
    await page.keyboard.up('ArrowRight');
    await frames(page, 2);
    assert.equal((await sim(page)).steerTorque, 0);
    // D: roll torque to the right (positive); A: to the left.
    await page.keyboard.down('d');
    await frames(page, 2);
    assert.ok((await sim(page)).rollTorque > 0);
    await page.keyboard.up('d');
    await page.keyboard.down('a');
    await frames(page, 2);
    assert.ok((await sim(page)).rollTorque < 0);
    // The page losing focus releases it (no key-up would come).
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await frames(page, 2);
    assert.equal((await sim(page)).rollTorque, 0, 'blur releases a held torque');
    await page.keyboard.up('a');
    await page.evaluate(() => window.carvallo.play(false));
    await frames(page, 2);
    assert.ok(await rect(page, 'torque-plot'), 'the torques have their time plot');
    assert.deepEqual(await rect(page, 'sim-csv'), csv0, 'the buttons below the plots stay where they were');
    await page.screenshot({ path: path.join(artifacts, 'rider-keys-1280x800.png') });
    await page.evaluate(() => window.carvallo.resetSimulation());
    await frames(page, 2);
    assert.deepEqual(await rect(page, 'sim-csv'), csv0, 'and after Reset');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('phone 390x844@3: a finger held on the steer button pushes while held', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, PHONE);
  try {
    await frames(page, 4);
    const touch = await touchInput(context, page);
    const right = await rect(page, 'hold:steer-right'), left = await rect(page, 'hold:steer-left');
    assert.ok(right && left, 'the hold buttons are in the 3D view bar');
    assert.ok(right.h >= 40 && right.w >= 40, `a thumb-sized target: ${right.w} x ${right.h} CSS px`);
    assert.ok(right.x + right.w <= 390 && right.y + right.h <= 844 && left.x >= 0, 'on screen');
    assert.ok(left.x + left.w <= right.x || left.y + left.h <= right.y, 'the buttons do not overlap');
    await touch('touchStart', [centre(right)]);
    await frames(page, 4);
    assert.ok((await sim(page)).steerTorque > 0, 'held: a right steer torque');
    await page.screenshot({ path: path.join(artifacts, 'rider-phone-390x844.png') });
    await touch('touchEnd', []);
    await torqueEnds(page, 'steerTorque', 'lifted: none');
    await touch('touchStart', [centre(left)]);
    await frames(page, 4);
    assert.ok((await sim(page)).steerTorque < 0, 'the left button: a left steer torque');
    await touch('touchEnd', []);
    await torqueEnds(page, 'steerTorque', 'the left button lifted: none');
    // Steer and lean at once: a second finger on the lean button holds it too, and neither is released.
    const leanRight = await rect(page, 'hold:lean-right');
    const yaw0 = (await state(page)).yaw, dist0 = (await state(page)).dist;
    await touch('touchStart', [centre(right)]);
    await frames(page, 2);
    await touch('touchStart', [centre(right), centre(leanRight)]);
    await frames(page, 4);
    let both = await sim(page);
    assert.ok(both.steerTorque > 0 && both.rollTorque > 0, `two fingers, two torques: ${both.steerTorque}, ${both.rollTorque}`);
    // Both named over the view's foot, within the screen, above the timeline.
    const held = await rect(page, 'held-torque'), timeline = await rect(page, 'timeline');
    assert.ok(held && held.x >= 0 && held.x + held.w <= 390 && (!timeline || held.y + held.h <= timeline.y + 0.5),
      `both torques named: ${JSON.stringify(held)} above ${JSON.stringify(timeline)}`);
    await touch('touchMove', [[centre(right)[0] + 3, centre(right)[1] - 2], [centre(leanRight)[0] - 2, centre(leanRight)[1] + 3]]);
    await frames(page, 3);
    both = await sim(page);
    assert.ok(both.steerTorque > 0 && both.rollTorque > 0, 'thumbs wobbling on the buttons keep both');
    const s1 = await state(page);
    assert.ok(s1.yaw === yaw0 && s1.dist === dist0, 'two fingers on buttons neither orbit nor pinch');
    await touch('touchEnd', [centre(leanRight)]);  // the steer finger lifts
    await frames(page, 4);
    both = await sim(page);
    assert.ok(both.steerTorque === 0 && both.rollTorque > 0, `one lifted, the other holds: ${both.steerTorque}, ${both.rollTorque}`);
    await touch('touchEnd', []);
    await torqueEnds(page, 'rollTorque', 'both lifted: none');
    // "Link copied" appears where it covers none of these buttons.
    const copy = await rect(page, 'copy-link');
    await touch('touchStart', [centre(copy)]);
    await touch('touchEnd', []);
    await frames(page, 3);
    const toast = await rect(page, 'toast');
    assert.ok(toast, 'the toast is shown');
    for (const name of ['hold:steer-left', 'hold:steer-right', 'hold:lean-left', 'hold:lean-right', 'play', 'kick']) {
      const b = await rect(page, name);
      const apart = toast.x + toast.w <= b.x || b.x + b.w <= toast.x || toast.y + toast.h <= b.y || b.y + b.h <= toast.y;
      assert.ok(apart, `the toast ${JSON.stringify(toast)} does not cover ${name} ${JSON.stringify(b)}`);
    }
    await page.screenshot({ path: path.join(artifacts, 'rider-phone-toast-390x844.png') });
    // The shortcuts list covers most of the phone's screen: a tap outside it closes it.
    for (const name of ['menu:help', 'help:shortcuts']) {
      const r = await rect(page, name);
      await touch('touchStart', [centre(r)]);
      await touch('touchEnd', []);
      await frames(page, 3);
    }
    const help = await settledRect(page, 'help');
    assert.ok(help, 'the shortcuts are shown');
    const tabs = await settledRect(page, 'tab:view');
    assert.ok(help.y - (tabs.y + tabs.h) > 20, `free view between the tabs ${JSON.stringify(tabs)} and the list ${JSON.stringify(help)}`);
    await touch('touchStart', [[help.x + help.w / 2, (tabs.y + tabs.h + help.y) / 2]]);  // the 3D view, no widget
    await touch('touchEnd', []);
    await frames(page, 3);
    assert.equal(await rect(page, 'help'), null, 'a tap outside closed the list');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a torque held is named large over the view for the room, and gone when let go (1280x720 presentation)', async () => {
  // The 1 N m was only in the button's tooltip: a room saw the bicycle turn and not why (a lecturer).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#lesson=why-bicycles-stay-up&scene=1&present=1`, { width: 1280, height: 720 });
  try {
    await frames(page, 4);
    assert.equal(await rect(page, 'held-torque'), null, 'nothing held, nothing named');
    const button = await settledRect(page, 'hold:steer-right');
    await page.mouse.move(...centre(button));
    await page.mouse.down();
    await frames(page, 4);
    const held = await rect(page, 'held-torque'), view = await rect(page, 'view:free'), timeline = await rect(page, 'timeline');
    assert.ok(held, 'the torque is named');
    assert.ok(held.h >= 40, `in letters a room reads: ${held.h} px tall`);
    assert.ok(held.x >= view.x - 0.5 && held.x + held.w <= view.x + view.w + 0.5 && held.y + held.h <= timeline.y + 0.5,
      `over the view ${JSON.stringify(view)}, above the timeline ${JSON.stringify(timeline)}: ${JSON.stringify(held)}`);
    assert.ok((await sim(page)).steerTorque > 0);
    await page.screenshot({ path: path.join(artifacts, 'rider-held-torque-1280x720.png') });
    await page.mouse.up();
    await frames(page, 4);
    assert.equal(await rect(page, 'held-torque'), null, 'let go: gone');
    // Reset on a playing run starts it again, playing: the room watched a bicycle frozen at t = 0 (a lecturer).
    const before = await sim(page);
    await page.keyboard.press('r');
    await frames(page, 2);
    const again = await sim(page);
    assert.ok(before.playing && again.playing && again.t < before.t && again.t < 0.5, `Reset while playing: ${before.t} s to ${again.t} s, playing ${again.playing}`);
    // And on a paused one, it waits at the start.
    await page.keyboard.press('Space');
    await frames(page, 2);
    await page.keyboard.press('r');
    await frames(page, 2);
    const paused = await sim(page);
    assert.ok(!paused.playing && paused.t === 0, `Reset while paused: t = ${paused.t}, playing ${paused.playing}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a link with steer_torque=pulse:... round-trips exactly and drives the simulation; hostile specs are refused', async () => {
  const hash = '#v=x&steer_torque=pulse:1.5@0.2:0.25&roll_torque=sine:0.25:0.5&torque=2.5&droll0=0';
  const { context, page, problems } = await openPage(env.browser, env.server.url + hash, { width: 1280, height: 800 });
  try {
    await frames(page, 2);
    const s = await state(page);
    assert.equal(s.steer_torque, 'pulse:1.5@0.2:0.25');
    assert.equal(s.roll_torque, 'sine:0.25:0.5');
    assert.equal(s.torque, 2.5);
    const link = await hashSettled(page);
    // The inputs follow the settings in the link (by the registry's names); the held torque is a field.
    assert.ok(link.includes('&steer_torque=pulse:1.5@0.2:0.25&roll_torque=sine:0.25:0.5&') && link.includes('&torque=2.5&'), link);
    // Reopening the link restores the same state.
    await page.evaluate((h) => { location.hash = h; }, link);
    await frames(page, 3);
    assert.equal((await state(page)).link, link);
    // t = 0.3 s (dt 5 ms): inside the pulse; the sine's value at t.
    let r = await page.evaluate(() => window.carvallo.step(60));
    assert.ok(Math.abs(r.t - 0.3) < 1e-12);
    assert.equal(r.steerTorque, 1.5);
    assert.ok(Math.abs(r.rollTorque - 0.25 * Math.sin(2 * Math.PI * 0.5 * r.t)) < 1e-12);
    r = await page.evaluate(() => window.carvallo.step(40));
    assert.equal(r.steerTorque, 0, 'after the pulse');
    assert.ok(r.steer > 0, 'the right pulse steered right');
    // Hostile specs: by link and by setState; the last good state stays (a refused field of a hand-edited
    // link keeps the value on screen).
    for (const bad of ['steer_torque=step:1e308@1', 'steer_torque=pulse:1@0:NaN', 'steer_torque=pulse:1@0:1e300', 'steer_torque=%3Cscript%3E',
                       'from_turn=lean=1e308,family=handlebar-forward']) {
      const before = (await state(page)).steer_torque;
      await page.evaluate((h) => { location.hash = h; }, `#v=x&steer_torque=step:1@2&${bad}`);
      await frames(page, 3);
      const st = await state(page);
      assert.equal(st.steer_torque, bad.startsWith('steer') ? before : 'step:1@2', bad);
      if (bad.startsWith('steer')) assert.equal(before, 'pulse:1.5@0.2:0.25');
      const messages = await page.evaluate(() => window.carvallo.messages());
      assert.ok(messages.some((m) => m.includes(bad.split('=')[0] + '=')), `${bad}: ${messages.join(' | ')}`);
    }
    await page.evaluate(() => window.carvallo.setState({ steer_torque: 'step:0.5@1' }));
    for (const bad of [{ steer_torque: 1e308 }, { steer_torque: 'step:1e308@0' }, { roll_torque: 'sine:1:nan' }, { roll_torque: 'pulse:1@0:1e300' },
                       { from_turn: 'lean=0.3,family=upside-down' }, { torque: 1e308 }]) {
      const reply = await page.evaluate((b) => window.carvallo.setState(b), bad);
      assert.equal(reply.ignored.length, 1, JSON.stringify(bad));
      const st = await state(page);
      assert.equal(st.steer_torque, 'step:0.5@1');
      assert.equal(st.roll_torque, '');
      assert.equal(st.from_turn, '');
      assert.equal(st.torque, 1);
    }
    assert.equal((await sim(page)).available, true, 'the simulation still runs');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Scenarios > Steady turns in presentation (1280x720) puts the turns on the stage, where they are computed', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#present=1', still({ width: 1280, height: 720 }));
  try {
    await frames(page, 3);
    assert.equal((await page.evaluate(() => window.carvallo.turns())).shown, false);
    await page.mouse.click(...centre(await rect(page, 'menu:scenarios')));
    await frames(page, 2);
    await page.mouse.click(...centre(await rect(page, 'menu:turns')));
    await frames(page, 2);
    const s = await state(page);
    assert.equal(s.stage, 'turns');
    assert.equal(s.turns, true);
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 60000, polling: 100 });
    const t = await page.evaluate(() => window.carvallo.turns());
    assert.ok(t.shown && t.points.length > 100, `${t.points.length} turns shown`);
    await page.screenshot({ path: path.join(artifacts, 'rider-turns-stage-1280x720.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Scenarios > Steady turns beside the panels (1280x800) puts them on the stage too: a scene kept of the view shows them when presented', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    await frames(page, 3);
    await page.mouse.click(...centre(await rect(page, 'menu:scenarios')));
    await frames(page, 2);
    await page.mouse.click(...centre(await rect(page, 'menu:turns')));
    await frames(page, 2);
    assert.equal((await state(page)).stage, 'turns', 'the stage gets the turns though none is shown');
    await page.getByRole('button', { name: 'Add this view as a scene', exact: true }).press('Enter');
    await frames(page, 3);
    const scene = (await page.evaluate(() => window.carvallo.lesson())).scenes[0];
    assert.match(scene.link, /(^|&)stage=turns(&|$)/, scene.link);
    // Presented (a lecturer's P), the scene's plot is the turns (it had been the eigenvalues).
    await page.keyboard.press('p');
    await frames(page, 4);
    await page.waitForFunction(() => window.carvallo.turns().shown, null, { timeout: 30000, polling: 100 });
    // Hidden again, the stage has the eigenvalues back.
    await page.evaluate(() => window.carvallo.setState({ present: false }));
    await frames(page, 3);
    await page.mouse.click(...centre(await rect(page, 'menu:scenarios')));
    await frames(page, 2);
    await page.mouse.click(...centre(await rect(page, 'menu:turns')));
    await frames(page, 2);
    const hidden = await state(page);
    assert.equal(hidden.turns, false);
    assert.equal(hidden.stage, 'eigenvalues');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a scenario on a design that is not self-stable at its speed says its caption is the benchmark's", async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    const start = async () => {
      await page.mouse.click(...centre(await rect(page, 'menu:scenarios')));
      await frames(page, 2);
      await page.mouse.click(...centre(await rect(page, 'scenario:countersteer')));
      await frames(page, 3);
      return page.evaluate(() => window.carvallo.messages());
    };
    assert.ok(!(await start()).some((m) => m.startsWith('Countersteer at 5 m/s:')), 'the benchmark: nothing to say');
    // Half the trail: at 5 m/s it slowly capsizes (the built-in lesson's scene 4), so it does not right itself.
    await page.evaluate(() => window.carvallo.setState({ bike: { c: 0.04 } }));
    await frames(page, 3);
    const said = await start();
    assert.ok(said.includes('Countersteer at 5 m/s: the caption is about the benchmark bicycle. At 5.00 m/s: not self-stable: the capsize grows.'),
      JSON.stringify(said));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('countersteer from the Scenarios menu: steer right first, lean left, turn left; the path on the ground (1280x720 presentation)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 720 });
  try {
    await page.evaluate(() => window.carvallo.setState({ present: true }));
    await frames(page, 3);
    await page.mouse.click(...centre(await rect(page, 'menu:scenarios')));
    await frames(page, 2);
    await page.mouse.click(...centre(await rect(page, 'scenario:countersteer')));
    await frames(page, 2);
    await page.evaluate(() => window.carvallo.play(false));
    const s = await state(page);
    assert.equal(s.speed, 5);
    assert.ok(s.steer_torque.startsWith('pulse:'), s.steer_torque);
    await page.evaluate(() => window.carvallo.resetSimulation());
    let firstSteer = 0, minRoll = 0, r;
    while (!r || r.t < 4 - 1e-9) {
      r = await page.evaluate(() => window.carvallo.step(10));
      if (firstSteer === 0 && Math.abs(r.steer) > 1e-4) firstSteer = r.steer;
      minRoll = Math.min(minRoll, r.roll);
    }
    assert.ok(firstSteer > 0, `steers right first: ${firstSteer}`);
    assert.ok(minRoll < -0.01, `leans left: ${minRoll}`);
    assert.ok(r.yaw < -0.05, `heading turned left: yaw ${r.yaw}`);
    assert.equal(r.fallen, false);
    assert.deepEqual(await page.evaluate(() => window.carvallo.messages()), []);
    await frames(page, 3);
    await page.screenshot({ path: path.join(artifacts, 'rider-countersteer-1280x720.png') });
    // Another preset leaves the scenario: its torque pulse and its camera from high above go with it, so a
    // link made now does not carry them.
    await page.evaluate(() => window.carvallo.setState({ preset: 'browser' }));
    await frames(page, 2);
    const left = await state(page);
    assert.ok(!left.steer_torque.startsWith('pulse:'), `the scenario's torque is gone: ${left.steer_torque}`);
    assert.notEqual(left.pitch, 1.2, 'the scenario\'s camera is gone');
    assert.ok(!/steer_torque=pulse/.test(left.link), left.link);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('steady turns at 1920x1080: the families plotted by stability; a stable turn clicked is ridden on carvallo turn\'s circle', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#v=x&turns=1', { width: 1920, height: 1080 });
  try {
    // The families are traced a slice of each frame (under a second of work in all) and shown once done.
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 120000, polling: 100 });
    // A new design (trail 0.09 m): its families from scratch, timed by the page (a benchmark printed for
    // docs/performance.md, not asserted: the frame rate of a loaded machine's software renderer sets it).
    for (const bike of [{ c: 0.09 }, { c: 0.08 }]) {
      assert.deepEqual((await page.evaluate((b) => window.carvallo.setState({ bike: b }), bike)).ignored, []);
      await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 120000, polling: 50 });
      const t = await page.evaluate(() => window.carvallo.turns());
      assert.equal(t.error, '');
      assert.ok(t.points.length > 100, `${t.points.length} turns shown`);
      assert.ok(t.located && t.locatedMs > 0 && t.locatedMs < t.elapsedMs, JSON.stringify([t.located, t.locatedMs, t.elapsedMs]));
      assert.ok(t.points.every((p) => typeof p.stable === 'boolean'), 'every turn with its stability once done');
      console.log(`# steady-turn families of trail ${bike.c} m: every turn shown ${t.locatedMs.toFixed(0)} ms and done ` +
        `${t.elapsedMs.toFixed(0)} ms after the first slice, ` +
        `${t.computeMs.toFixed(0)} ms of computing in ${t.advances} slices (longest ${t.longestAdvanceMs.toFixed(1)} ms), ` +
        `${t.points.length} turns`);
    }
    await frames(page, 2);
    const turns = await page.evaluate(() => window.carvallo.turns());
    assert.equal(turns.error, '');
    assert.equal(turns.progress, 1);
    const families = new Set(turns.points.map((p) => p.family));
    assert.ok(families.has('handlebar-forward') && families.has('handlebar-reversed'), [...families].join());
    assert.ok(turns.points.some((p) => p.stable) && turns.points.some((p) => !p.stable));
    await page.screenshot({ path: path.join(artifacts, 'rider-turns-1920x1080.png') });
    // The stable handlebar-reversed turn at lean 0.7 rad (Basu-Mandal et al. 2007: a small stable section).
    const target = turns.points.find((p) => p.stable && p.family === 'handlebar-reversed' && Math.abs(p.lean - 0.7) < 1e-9);
    assert.ok(target, 'a stable reversed turn at lean 0.7');
    await page.mouse.click(target.x, target.y);
    await frames(page, 2);
    await page.evaluate(() => window.carvallo.play(false));
    const s = await state(page);
    const request = Object.fromEntries(s.from_turn.split(',').map((kv) => kv.split('=')));
    assert.ok(Math.abs(Number(request.lean) - 0.7) < 1e-12 && request.family === 'handlebar-reversed' &&
              Math.abs(Number(request.steer) - target.steer) < 1e-12, s.from_turn);
    // The command line's numbers for this turn (an independent run of the turn solver at the CLI's grid).
    const cli = path.join(root, 'build', 'native', 'bin', 'carvallo');
    const out = JSON.parse(execFileSync(cli, ['turn', '--bike', 'benchmark', '--lean', '0.7', '--json'], { encoding: 'utf8' }));
    const ref = out.turns.filter((t) => t.family === 'handlebar-reversed').sort((a, b) => Math.abs(a.steer - target.steer) - Math.abs(b.steer - target.steer))[0];
    assert.ok(ref.stable);
    assert.ok(Math.abs(target.speed - ref.speed) < 1e-9 * ref.speed && Math.abs(target.radius - ref.radius) < 1e-9 * ref.radius);
    // Ride it for 5 s; the rear contact's circle from three points of the last second.
    await page.evaluate(() => window.carvallo.resetSimulation());
    const r0 = await sim(page);
    assert.ok(Math.abs(r0.roll - 0.7) < 1e-12 && Math.abs(r0.speed - ref.speed) < 1e-9 * ref.speed, 'starts on the turn');
    await page.evaluate(() => window.carvallo.step(800));
    const a = await page.evaluate(() => window.carvallo.step(100));
    const b = await page.evaluate(() => window.carvallo.step(50));
    const c = await page.evaluate(() => window.carvallo.step(50));
    assert.ok(Math.abs(c.t - 5) < 1e-9 && !c.fallen);
    const d = (p, q) => Math.hypot(p.x - q.x, p.y - q.y);
    const area2 = Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    const radius = d(a, b) * d(b, c) * d(c, a) / (2 * area2);
    assert.ok(Math.abs(radius - ref.radius) < 1e-3 * ref.radius, `radius ${radius} vs ${ref.radius}`);
    assert.ok(Math.abs(c.roll - ref.lean) < 1e-3 * ref.lean, `lean ${c.roll} vs ${ref.lean}`);
    // The link restores the turn.
    const link = await hashSettled(page);
    assert.ok(link.includes(`&from_turn=${s.from_turn}&`), link);
    await page.evaluate(() => window.carvallo.play(true));
    await page.waitForFunction(() => window.carvallo.simState().t > 1.5, null, { timeout: 60000 });
    await page.screenshot({ path: path.join(artifacts, 'rider-turn-riding-1920x1080.png') });
    // A new design while riding: the ride starts again on this bicycle's turn of the family at that lean
    // nearest the one ridden, and the request follows it, so the link and the plot's mark name what is ridden.
    await page.evaluate(() => window.carvallo.setState({ bike: { c: 0.09 } }));
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 120000, polling: 50 });
    const moved = Object.fromEntries((await state(page)).from_turn.split(',').map((kv) => kv.split('=')));
    const candidates = (await page.evaluate(() => window.carvallo.turns())).points
      .filter((p) => p.family === 'handlebar-reversed' && Math.abs(p.lean - 0.7) < 1e-9);
    const nearest = candidates.sort((p, q) => Math.abs(p.steer - target.steer) - Math.abs(q.steer - target.steer))[0];
    assert.ok(nearest && Number(moved.steer) !== target.steer && Math.abs(Number(moved.steer) - nearest.steer) < 1e-9,
              `from_turn ${JSON.stringify(moved)}, the new design's turn ${nearest && nearest.steer}`);
    assert.equal(Number(moved.lean), 0.7);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('riding a steady turn on a phone (390x844@3, the stage\'s turns): the riding line and "Leave the turn" fit under the plot', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#stage=turns&from_turn=lean=0.7,family=handlebar-reversed', PHONE);
  try {
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 60000, polling: 100 });
    await frames(page, 3);
    const panel = await rect(page, 'turns'), plot = await rect(page, 'turns-plot'), leave = await rect(page, 'leave-turn');
    assert.ok(panel && plot && leave, JSON.stringify({ panel, plot, leave }));
    assert.ok(leave.y >= plot.y + plot.h && leave.y + leave.h <= panel.y + panel.h,
              `the button ${JSON.stringify(leave)} under the plot ${JSON.stringify(plot)}, inside the window ${JSON.stringify(panel)}`);
    await page.screenshot({ path: path.join(artifacts, 'rider-turn-riding-phone.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('riding a steady turn at 1280x800: "Leave the turn" fits its panel; the speed shown is the turn\'s', async () => {
  const hash = '#v=0.1.0&turns=1&from_turn=lean=0.7,family=handlebar-reversed';
  const { context, page, problems } = await openPage(env.browser, env.server.url + hash, { width: 1280, height: 800 });
  try {
    await frames(page, 4);
    const panel = await rect(page, 'turns'), leave = await rect(page, 'leave-turn');
    assert.ok(panel && leave, 'the turns panel and its button are shown');
    assert.ok(leave.y >= panel.y && leave.y + leave.h <= panel.y + panel.h && leave.x + leave.w <= panel.x + panel.w,
              `the button ${JSON.stringify(leave)} inside the panel ${JSON.stringify(panel)}`);
    await page.screenshot({ path: path.join(artifacts, 'rider-turn-riding-1280x800.png') });
    const ridden = await sim(page);
    assert.ok(Math.abs(ridden.speed - 5) > 0.05, `the turn's speed (${ridden.speed}) is not the speed field's 5 m/s`);
    await page.mouse.click(leave.x + leave.w / 2, leave.y + leave.h / 2);
    await frames(page, 3);
    assert.equal((await state(page)).from_turn, '', 'left the turn');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a phone (390x844@3) opened on #turns=1: the turns on the stage; a finger held on a turn reads it, a tap rides it at its speed', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#turns=1', PHONE);
  try {
    assert.equal((await state(page)).stage, 'turns', 'a link with turns=1 and no stage plot shows the turns on the stage');
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 60000, polling: 100 });
    await frames(page, 3);
    const turns = await page.evaluate(() => window.carvallo.turns());
    assert.ok(turns.shown && turns.points.length > 100, `${turns.points.length} turns drawn on the stage`);
    const target = turns.points.find((p) => p.stable && p.family === 'handlebar-reversed' && Math.abs(p.lean - 0.7) < 1e-9);
    assert.ok(target, 'the stable reversed turn at lean 0.7');
    const touch = await touchInput(context, page);
    // Held still past the long press (0.5 s): the turn's tooltip, nothing ridden, before or after lifting.
    await touch('touchStart', [[target.x, target.y]]);
    const held = Date.now();
    while (Date.now() - held < 900) await frames(page, 1);
    await page.screenshot({ path: path.join(artifacts, 'rider-turn-held-phone.png') });
    assert.ok(await rect(page, 'turns-readout'), 'held: the turn is read');
    assert.equal((await state(page)).from_turn, '', 'held: read, not ridden');
    await touch('touchEnd', []);
    await frames(page, 4);
    assert.equal((await state(page)).from_turn, '', 'lifted after a long press: not ridden');
    // A tap rides it.
    await touch('touchStart', [[target.x, target.y]]);
    await touch('touchEnd', []);
    await frames(page, 4);
    const request = Object.fromEntries((await state(page)).from_turn.split(',').map((kv) => kv.split('=')));
    assert.ok(Number(request.lean) === 0.7 && request.family === 'handlebar-reversed' && Number(request.steer) === target.steer,
              JSON.stringify(request));
    // Held still again on the turn just ridden, the finger reads it, above itself where the hand leaves it
    // in sight (a still finger on the dot it had tapped read nothing, and the readout stood under the hand).
    await touch('touchStart', [[target.x, target.y]]);
    const again = Date.now();
    while (Date.now() - again < 900) await frames(page, 1);
    const readout = await rect(page, 'turns-readout');
    await touch('touchEnd', []);
    await frames(page, 3);
    assert.ok(readout && readout.y + readout.h <= target.y, `the readout ${JSON.stringify(readout)} above the finger at ${target.y}`);
    // The speed shown (the stage's slider and its mirror) is the turn's, and cannot be changed while riding.
    const slider = page.getByRole('slider', { name: 'Speed' });
    // The mirror follows the canvas a few frames later on a loaded machine (CI read 5.0 four frames after the tap).
    const spoken = `${target.speed.toFixed(1)} metres per second`;
    for (const until = Date.now() + 3000; Date.now() < until && (await slider.getAttribute('aria-valuetext')) !== spoken;) await frames(page, 1);
    assert.equal(await slider.getAttribute('aria-valuetext'), spoken);
    assert.ok(await slider.isDisabled(), 'the speed is the turn\'s while it is ridden');
    // The typed field shows it to the three decimals said, as typed values read, not every digit.
    const typed = await page.getByRole('spinbutton', { name: 'Speed, typed' }).inputValue();
    assert.equal(typed, String(Number(target.speed.toFixed(3))), `typed ${typed}, turn ${target.speed}`);
    // The ride's own turn (requested_turn, the CLI's solver), the plotted one's to 1e-9: the run's speed at its start.
    const start = await page.evaluate(() => window.carvallo.seek(0));
    assert.equal(start.t, 0);
    assert.ok(Math.abs(start.probes.speed - target.speed) < 1e-9 * target.speed, `ridden at ${start.probes.speed}, turn ${target.speed}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the steady turns by keyboard and screen reader: shown, described as a table, a stable one ridden from a list and left', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    const toggle = page.getByRole('button', { name: 'Steady turns', exact: true });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await page.getByRole('button', { name: 'Describe the steady turns' }).press('Enter');
    await frames(page, 2);
    assert.match(await page.evaluate(() => window.carvallo.description()), /not shown: press Steady turns/);
    await toggle.press('Enter');
    await frames(page, 2);
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 60000, polling: 100 });
    await frames(page, 2);
    await page.getByRole('button', { name: 'Describe the steady turns' }).press('Enter');
    await frames(page, 2);
    const text = await page.evaluate(() => window.carvallo.description());
    const points = (await page.evaluate(() => window.carvallo.turns())).points;
    const stable = points.filter((p) => p.stable);
    assert.ok(text.includes(`${points.length} turns at leans from 0.02 to 1.4 rad, ${stable.length} of them stable`), text);
    // Each family's stable turns said as the runs they are: one range from the first stable lean to the last
    // read the unstable turns between as stable (the reversed family: one stable turn at 0.48 rad, then
    // none until 0.64; a tester).
    let said = 0;
    for (const family of ['handlebar-forward', 'handlebar-reversed']) {
      const found = text.split('\n')[0].match(new RegExp(`${family}: stable turns (.*?)\\.(?: |$)`));
      if (!found) {
        assert.ok(text.includes(`${family}: no stable turn.`) && !stable.some((p) => p.family === family), `${family}: ${text.split('\n')[0]}`);
        continue;
      }
      ++said;
      const sentence = found[1];
      const runs = [...sentence.matchAll(/at leans? (?:from )?([\d.]+)(?: to ([\d.]+))? rad, speeds? (?:from )?([\d.]+)(?: to ([\d.]+))? m\/s/g)]
        .map((m) => [Number(m[1]), Number(m[2] ?? m[1]), Number(m[3]), Number(m[4] ?? m[3])]);
      assert.ok(runs.length >= 1, `${family}: ${sentence}`);
      // Every lean of the turns' grid (0.02 rad) within a run said has a stable turn, and every stable turn
      // lies in a run said: the runs said are the runs there are.
      const mine = stable.filter((p) => p.family === family);
      for (const [a, b] of runs)
        for (let lean = a; lean <= b + 1e-9; lean += 0.02)
          assert.ok(mine.some((p) => Math.abs(p.lean - lean) < 0.006), `${family}: a stable turn at ${lean.toFixed(2)} rad, within ${a}-${b} as said`);
      for (const p of mine)
        assert.ok(runs.some(([a, b, u, w]) => p.lean >= a - 0.006 && p.lean <= b + 0.006 && p.speed >= u - 0.006 && p.speed <= w + 0.006),
                  `${family}: the stable turn ${JSON.stringify(p)} in a run said (${sentence})`);
    }
    assert.ok(said > 0, 'the benchmark has stable turns');
    // A row for every turn at each tenth of a radian, as the plot has it.
    const tenths = points.filter((p) => Math.abs(p.lean * 10 - Math.round(p.lean * 10)) < 1e-9);
    const rows = text.split('\n').filter((line) => /^handlebar-(forward|reversed)\t/.test(line));
    assert.equal(rows.length, tenths.length, text);
    for (const p of tenths)
      assert.ok(rows.includes(`${p.family}\t${p.lean.toFixed(1)}\t${p.speed.toFixed(3)}\t${p.steer.toFixed(3)}\t${p.radius.toFixed(2)}\t${p.stable ? 'stable' : 'unstable'}`),
                `${JSON.stringify(p)} in the table`);
    // Ride the stable reversed turn at lean 0.7 from the list, by its label.
    const ride = page.getByRole('combobox', { name: 'Ride a stable steady turn' });
    const target = tenths.find((p) => p.stable && p.family === 'handlebar-reversed' && Math.abs(p.lean - 0.7) < 1e-9);
    assert.ok(target, 'a stable reversed turn at lean 0.7');
    await ride.selectOption({ label: `handlebar-reversed, lean 0.7 rad, ${target.speed.toFixed(2)} m/s` });
    await frames(page, 3);
    const request = Object.fromEntries((await state(page)).from_turn.split(',').map((kv) => kv.split('=')));
    assert.ok(Number(request.lean) === 0.7 && request.family === 'handlebar-reversed' && Number(request.steer) === target.steer,
              JSON.stringify(request));
    assert.ok(Math.abs((await sim(page)).speed - target.speed) < 1e-9 * target.speed, 'starts at the turn\'s speed');
    await page.getByRole('button', { name: 'Leave the turn' }).press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).from_turn, '');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('on a paused run, a kick and a held torque say that they act once the run plays', async () => {
  // Kick pressed twice on a paused page, then a steer button held: nothing moved and nothing said why (a
  // student).
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    await frames(page, 4);
    assert.equal((await sim(page)).playing, false, 'the page opens paused');
    await page.mouse.click(...centre(await settledRect(page, 'kick')));
    await frames(page, 3);
    assert.ok(await rect(page, 'toast'), 'a kick on a paused run shows a note');
    assert.ok((await page.evaluate(() => window.carvallo.announcements())).some((a) => /^Kick at t = 0\.000 s; paused: it acts when the run plays$/.test(a)));
    await page.waitForTimeout(2800);  // the note goes
    await frames(page, 2);
    assert.equal(await rect(page, 'toast'), null);
    const steer = await settledRect(page, 'hold:steer-right');
    await page.mouse.move(...centre(steer));
    await page.mouse.down();
    await frames(page, 3);
    assert.ok(await rect(page, 'toast'), 'a torque held on a paused run shows a note');
    await page.mouse.up();
    await frames(page, 2);
    assert.ok((await page.evaluate(() => window.carvallo.announcements())).includes('Paused: the torque acts while the run plays (Play, Space)'));
    assert.equal((await sim(page)).playing, false, 'and the run stays paused: what plays is the user\'s to choose');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a run rewound from its fall no longer says that it has ended', async () => {
  // Kick pressed after the fall says the run has ended; |< then showed t = 0.00 under that note (a student).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#speed=2&roll_rate=0.5`, { width: 1280, height: 800 });
  try {
    await page.evaluate(() => window.carvallo.step(1000));  // the bicycle falls within 2 s
    await frames(page, 3);
    await page.mouse.click(...centre(await settledRect(page, 'kick')));
    await frames(page, 3);
    assert.ok(await rect(page, 'toast'), 'a kick after the fall says the run has ended');
    assert.match((await page.evaluate(() => window.carvallo.announcements())).at(-1), /^The run has ended/);
    await page.mouse.click(...centre(await settledRect(page, 'timeline:start')));
    await frames(page, 3);
    assert.equal(await rect(page, 'toast'), null, 'rewound to its start, the run has not ended');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('riding a steady turn, a tap or click on the speed it sets says why it does not change', async () => {
  // The speed is the turn's while it is ridden: greyed out, its reason in a tooltip a finger never sees, and
  // a tap did nothing (a student on a tablet).
  const ride = '#from_turn=lean=0.3,family=handlebar-forward';
  const note = 'The steady turn sets the initial state; leave the turn to set your own';
  const tablet = await openPage(env.browser, `${env.server.url}${ride}&present=1`, { width: 1180, height: 820, deviceScaleFactor: 2, hasTouch: true });
  try {
    await frames(tablet.page, 4);
    assert.notEqual((await state(tablet.page)).from_turn, '');
    const speed = (await sim(tablet.page)).speed;
    await tablet.page.touchscreen.tap(...centre(await settledRect(tablet.page, 'stage-speed')));
    await frames(tablet.page, 3);
    assert.ok((await tablet.page.evaluate(() => window.carvallo.announcements())).includes(note), 'the tap is answered');
    assert.ok(await rect(tablet.page, 'toast'), 'in a note on the screen');
    assert.equal((await sim(tablet.page)).speed, speed, 'and the speed stays the turn\'s');
    assert.deepEqual(tablet.problems, []);
  } finally {
    await tablet.context.close();
  }
  const laptop = await openPage(env.browser, `${env.server.url}${ride}`, { width: 1280, height: 800 });
  try {
    await frames(laptop.page, 4);
    await laptop.page.mouse.click(...centre(await settledRect(laptop.page, 'setting:speed')));
    await frames(laptop.page, 3);
    assert.ok((await laptop.page.evaluate(() => window.carvallo.announcements())).includes(note), 'the panel\'s field answers a click too');
    assert.deepEqual(laptop.problems, []);
  } finally {
    await laptop.context.close();
  }
});

test('a fall\'s message leaves the run\'s buttons, the rider\'s and the speed where they were', async () => {
  // The fall's line had come above the rider's buttons and the speed, pushing them 40 px down: the next drag
  // at the speed's place hit the steer buttons (a teacher at a whiteboard).
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#speed=2&roll_rate=0.5`, { width: 1920, height: 1080 });
  try {
    await frames(page, 4);
    const names = ['play', 'kick', 'hold:steer-right', 'setting:speed'];
    const before = await Promise.all(names.map((n) => settledRect(page, n)));
    await page.evaluate(() => window.carvallo.step(1000));  // the bicycle falls within 2 s
    await frames(page, 3);
    assert.equal((await sim(page)).fallen, true);
    const after = await Promise.all(names.map((n) => settledRect(page, n)));
    names.forEach((n, i) => assert.ok(Math.abs(after[i].y - before[i].y) <= 0.5, `${n}: ${before[i].y} to ${after[i].y} px`));
    await page.screenshot({ path: path.join(artifacts, 'rider-fall-message-1920x1080.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a stable steady turn thrown over by the page\'s kick says that it holds against small disturbances only', async () => {
  // The turns panel called the turn stable; Kick's 0.5 rad/s threw it over, and a student concluded the page
  // was wrong (the lesson's scene kicks it with 0.1).
  const { context, page, problems } = await openPage(env.browser,
    `${env.server.url}#from_turn=lean=0.74,family=handlebar-reversed&tscale=10`, { width: 1280, height: 800 });
  try {
    await frames(page, 4);
    await page.evaluate(() => window.carvallo.kick());
    await page.evaluate(() => window.carvallo.play(true));
    await page.waitForFunction(() => window.carvallo.simState().fallen, null, { timeout: 30000 });
    await frames(page, 2);
    const said = (await page.evaluate(() => window.carvallo.messages())).join('\n');
    assert.match(said, /fell over: it leaned past 57 degrees/);
    assert.match(said, /A stable steady turn holds against small disturbances only: a smaller kick \(Initial state, settings, inputs\) dies out\./);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the steady turns\' two families are told apart by their marks as well as their colours: dots and squares', async () => {
  // In grey (achromatopsia) the blue forward and red reversed dots had been alike (a colour-blind student).
  const scale = 3;  // device pixels per CSS px: an unstable turn's mark is some 14 across
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#present=1&stage=turns&speed=5`,
    still({ width: 1280, height: 720, deviceScaleFactor: scale }));
  try {
    await page.waitForFunction(() => window.carvallo.turns().done, null, { timeout: 120000, polling: 100 });
    await frames(page, 3);
    // The turn of each family farthest from any other (the marks lie along their families' curves, a lean
    // of 0.02 rad apart), off the plot's frame, which cuts a mark.
    const all = await page.evaluate(() => window.carvallo.turns().points);
    const nearest = (p) => Math.min(...all.filter((q) => q.x !== p.x || q.y !== p.y).map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
    const inside = (q) => q.lean > 0.05 && q.lean < 1.35 && q.speed > 0.5 && q.speed < 19;
    const loneliest = (family) => all.filter((q) => q.family === family && inside(q)).map((q) => [nearest(q), q]).sort((a, b) => b[0] - a[0])[0];
    const shot = decodePng(await page.screenshot({ path: path.join(artifacts, 'rider-turn-marks.png') }));
    const colour = (x, y) => { const o = (y * shot.width + x) * 4; return [shot.pixels[o], shot.pixels[o + 1], shot.pixels[o + 2]]; };
    const near = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) <= 60;
    for (const [family, square] of [['handlebar-reversed', true], ['handlebar-forward', false]]) {
      const [apart, p] = loneliest(family);
      assert.ok(apart >= 8, `a ${family} turn ${apart} px from any other`);
      // The mark: the pixels of its centre's colour joined to the centre, within half the way to the next
      // turn. A square fills its bounding box, a dot pi/4 of it.
      const cx = Math.round(p.x * scale), cy = Math.round(p.y * scale), reach = (apart / 2) * scale;
      const centre = colour(cx, cy), seen = new Set([`${cx},${cy}`]), todo = [[cx, cy]];
      let count = 0, x0 = cx, x1 = cx, y0 = cy, y1 = cy;
      while (todo.length) {
        const [x, y] = todo.pop();
        count++, x0 = Math.min(x0, x), x1 = Math.max(x1, x), y0 = Math.min(y0, y), y1 = Math.max(y1, y);
        for (const [u, v] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
          const key = `${u},${v}`;
          if (seen.has(key) || Math.hypot(u - cx, v - cy) > reach || !near(colour(u, v), centre)) continue;
          seen.add(key);
          todo.push([u, v]);
        }
      }
      const [w, h] = [x1 - x0 + 1, y1 - y0 + 1], fill = count / (w * h);
      assert.ok(w >= 8 && h >= 8 && w < 2 * reach && h < 2 * reach, `${family}: a mark ${w}x${h} device px`);
      assert.ok(square ? fill > 0.92 : fill < 0.86, `${family} at lean ${p.lean}: ${count} px fill ${fill.toFixed(3)} of ${w}x${h}: ${square ? 'a square' : 'a dot'}`);
    }
    // Stable marks that overlap keep their shapes apart: each is rimmed in the plot's ground, so the way
    // between two overlapping centres crosses a light pixel (they had merged into one dark blob in grey).
    const stable = all.filter((q) => q.stable === true && inside(q));
    let pair = null;
    for (const a of stable)
      for (const b of stable) {
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (a !== b && d >= 3 && (!pair || d < pair[2])) pair = [a, b, d];
      }
    assert.ok(pair, 'two stable turns near each other');
    const [a, b] = pair, samples = Math.ceil(pair[2] * scale * 2);
    const along = [];
    for (let i = 0; i <= samples; i++)
      along.push(colour(Math.round((a.x + (b.x - a.x) * i / samples) * scale), Math.round((a.y + (b.y - a.y) * i / samples) * scale)));
    const dark = (c) => Math.max(...c) < 200, light = (c) => Math.min(...c) > 225;
    assert.ok(dark(along[Math.round(samples / 2)]), `the marks at ${JSON.stringify([a.x, a.y])} and ${JSON.stringify([b.x, b.y])} overlap between their centres`);
    assert.ok(along.some(light), `a rim between them: ${JSON.stringify(along)}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
