// Time you can hold (docs/playground.md, "Time"): a run rewound by the timeline's keys and seek() shows the
// bodies it passed through, to the bit, and plays on into the same states; a link carries the inputs
// (inputs=) and the moment (t=), and a fresh page replays it to the bit; `carvallo simulate --replay`
// gives the browser's trajectory (round-off without a threshold-triggered correction); Copy link says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, artifacts, root, PHONE, touchInput, settledRect, nextAppFrame } from './browser.mjs';

const cli = path.join(root, 'build', 'native', 'bin', 'carvallo');
let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const api = (page, f, arg) => page.evaluate(f, arg);
async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

// The largest difference of q and q̇, relative to max(1, |value|).
function worst(a, b) {
  let w = 0;
  for (const key of ['q', 'qd']) for (let i = 0; i < a[key].length; i++) w = Math.max(w, Math.abs(a[key][i] - b[key][i]) / Math.max(1, Math.abs(b[key][i])));
  return w;
}

test('rewind to 3 s of a 10 s ride: the same bodies, then the same states to the bit; a replay link and the CLI give the motion', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=4.6&roll_rate=0', { width: 1280, height: 720 });
  try {
    // A ride with a kick at 1 s and a steer torque held from 2 to 2.5 s, by the real keys (K, Right arrow).
    await page.mouse.click(640, 300);
    const recorded = {};
    await api(page, () => window.carvallo.step(200));
    await page.keyboard.press('k');
    await frames(page, 2);
    await api(page, () => window.carvallo.step(200));
    await page.keyboard.down('ArrowRight');
    await frames(page, 2);
    await api(page, () => window.carvallo.step(100));
    await page.keyboard.up('ArrowRight');
    await frames(page, 2);
    await api(page, () => window.carvallo.step(100));
    recorded.at3 = await api(page, () => ({ sim: window.carvallo.simState(), bodies: window.carvallo.bodies() }));
    await api(page, () => window.carvallo.step(1400));
    recorded.end = await api(page, () => window.carvallo.simState());
    assert.equal(recorded.end.steps, 2000);
    const history = await api(page, () => window.carvallo.history());
    assert.equal(history.t0, 0);
    assert.equal(history.t1, recorded.end.t);
    assert.equal(history.steps, 2000);
    assert.equal(history.inputs, 3, 'the kick, the press and the release');

    // Scrub: seek(3) shows the bodies recorded at 3 s, to the bit; ',' and '.' step back and forth, Home goes to the start.
    const seen = await api(page, (t) => window.carvallo.seek(t), recorded.at3.sim.t + 0.001);
    assert.equal(seen.t, recorded.at3.sim.t);
    assert.deepEqual(await api(page, () => window.carvallo.bodies()), recorded.at3.bodies);
    await frames(page, 2);
    assert.ok(await api(page, () => window.carvallo.widgetRect('timeline:slider')), 'the timeline under the view');
    // The time is written on the side of the slider away from its thumb (centred, the thumb had covered it
    // mid-run; a tester): at 3 s of 10 s right of the middle, at 8 s left of it.
    const slider = await api(page, () => window.carvallo.widgetRect('timeline:slider'));
    const timeAt3 = await api(page, () => window.carvallo.widgetRect('timeline:time'));
    assert.ok(timeAt3 && timeAt3.x > slider.x + slider.w / 2, `at 3 s: ${JSON.stringify(timeAt3)} in ${JSON.stringify(slider)}`);
    await page.screenshot({ path: path.join(artifacts, 'time-rewound-1280x720.png') });
    await page.keyboard.press('Comma');
    await page.keyboard.press('Comma');
    await frames(page, 2);
    assert.equal((await api(page, () => window.carvallo.simState())).steps, 598);
    await page.keyboard.press('Period');
    await page.keyboard.press('Period');
    await frames(page, 2);
    const back = await api(page, () => window.carvallo.simState());
    assert.equal(back.steps, 600);
    assert.deepEqual(back.q, recorded.at3.sim.q);
    assert.deepEqual(back.qd, recorded.at3.sim.qd);
    // Playing on from 3 s repeats the original continuation, the recorded inputs included.
    const again = await api(page, () => window.carvallo.step(1400));
    assert.deepEqual(again.q, recorded.end.q, 'the same end state, to the bit');
    assert.deepEqual(again.qd, recorded.end.qd);
    await api(page, () => window.carvallo.seek(8));
    await frames(page, 2);
    const timeAt8 = await api(page, () => window.carvallo.widgetRect('timeline:time'));
    assert.ok(timeAt8.x + timeAt8.w < slider.x + slider.w / 2, `at 8 s: ${JSON.stringify(timeAt8)} in ${JSON.stringify(slider)}`);
    await page.screenshot({ path: path.join(artifacts, 'time-at-8-of-10-1280x720.png') });
    await page.keyboard.press('Home');
    await frames(page, 2);
    assert.equal((await api(page, () => window.carvallo.simState())).t, 0);
    // Slow motion from the timeline: 1x, a click 0.5x, another 0.25x; the link carries it (tscale).
    for (const expected of [0.5, 0.25]) {
      const rate = await api(page, () => window.carvallo.widgetRect('timeline:rate'));
      await page.mouse.click(rate.x + rate.w / 2, rate.y + rate.h / 2);
      await frames(page, 2);
      assert.match((await api(page, () => window.carvallo.getState())).link, new RegExp(`(^|&)tscale=${expected}(&|$)`));
    }
    await api(page, () => window.carvallo.seek(1e9));  // the furthest kept

    // The link of the moment shown replays it in a fresh page, to the bit.
    const link = (await api(page, () => window.carvallo.getState())).link;
    assert.match(link, /&inputs=p200:0\.5,i0@400:1,i0@500:0&/);
    // The moment to the microsecond: the clock is a sum of 2000 steps, and its round-off stays out of links.
    const linkT = link.match(/&t=([^&]*)/)[1];
    assert.match(linkT, /^\d+(\.\d{1,6})?$/, `t=${linkT}`);
    assert.equal(Number(linkT), Math.round(recorded.end.t * 1e6) / 1e6);
    assert.ok(link.length < 2048);
    const fresh = await openPage(env.browser, `${env.server.url}#${link}`, { width: 1280, height: 720 });
    try {
      await fresh.page.waitForFunction(() => !window.carvallo.history().replaying && window.carvallo.simState().steps === 2000, null, { timeout: 30000 });
      const replayed = await api(fresh.page, () => window.carvallo.simState());
      assert.equal(replayed.playing, false, 'stopped at t');
      assert.deepEqual(replayed.q, recorded.end.q);
      assert.deepEqual(replayed.qd, recorded.end.qd);
      // A screen reader hears the moment reached, not every moment the replay passed on its way (an embed
      // had said "Paused at t = 0.280 s", "0.960 s", ... as it opened; a student).
      await nextAppFrame(fresh.page);
      await nextAppFrame(fresh.page);
      const paused = (await api(fresh.page, () => window.carvallo.announcements())).filter((a) => /^Paused at t = /.test(a));
      assert.ok(paused.length <= 1 && paused.every((a) => /^Paused at t = 10(\.0+)? s$/.test(a)), JSON.stringify(paused));
      assert.deepEqual(fresh.problems, []);
    } finally {
      await fresh.context.close();
    }

    // Copy link's toast says the link replays the motion up to the moment shown.
    const copy = await api(page, () => window.carvallo.widgetRect('copy-link'));
    await page.mouse.click(copy.x + copy.w / 2, copy.y + copy.h / 2);
    await frames(page, 3);
    await page.screenshot({ path: path.join(artifacts, 'time-copy-link.png') });

    // The CLI replays the link to 1e-9, with RGCPA (whose DOF analysis breaks near-ties of pivots by
    // order, partitioning.hpp, not by their last bits) and without a stabilizer.
    if (fs.existsSync(cli)) {
      const replay = (hash) => JSON.parse(execFileSync(cli, ['simulate', '--replay', hash, '--json']).toString());
      const native = replay(link);
      assert.equal(native.t_end, recorded.end.t);
      assert.ok(worst(recorded.end, native) <= 1e-9, `rgcpa: browser vs CLI ${worst(recorded.end, native)}`);
      const plain = await api(page, (l) => {
        const c = window.carvallo;
        c.setState({ stab: 'none' });
        c.resetSimulation();
        c.step(200);
        c.kick();
        c.step(1000);
        return { sim: c.simState(), link: c.getState().link };
      }, link);
      const native2 = replay(plain.link);
      assert.equal(native2.t_end, plain.sim.t);
      assert.ok(worst(plain.sim, native2) <= 1e-9, `no stabilizer: browser vs CLI ${worst(plain.sim, native2)}`);
      // A step that is no whole number of microseconds: the link's t is rounded, here up past the 776th
      // step's time, and the CLI replays to the step nearest it, as the page does.
      const odd = await api(page, () => {
        const c = window.carvallo;
        c.setState({ dt: 0.00123456789 });
        c.resetSimulation();
        c.step(776);
        return { sim: c.simState(), link: c.getState().link };
      });
      assert.match(odd.link, /&t=0\.958025(&|$)/, odd.link);
      assert.equal(replay(odd.link).t_end, odd.sim.t);
      console.log(`# CLI vs browser: ${worst(recorded.end, native).toExponential(2)} (rgcpa), ${worst(plain.sim, native2).toExponential(2)} (none)`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a real mouse drag on the rear frame pushes the bicycle the way it pulls, drawn with its force; the push replays', async () => {
  // Seen from behind and to the side, so a drag across the screen pulls mostly sideways.
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=4.6&roll_rate=0&yaw=-0.6&pitch=0.3&dist=3', { width: 1280, height: 720 });
  try {
    await frames(page, 3);
    const box = await api(page, () => window.carvallo.widgetRect('body:rear_frame'));
    assert.ok(box && box.pointX !== null, 'the rear frame is drawn and can be grabbed');
    assert.ok(box.x >= 0 && box.x + box.w <= 1280 && box.y >= 0 && box.y + box.h <= 720);
    assert.equal((await api(page, ([x, y]) => window.carvallo.bodyAt(x, y), [box.pointX, box.pointY])).name, 'rear_frame');
    const yaw0 = (await api(page, () => window.carvallo.getState())).yaw;
    await page.mouse.move(box.pointX, box.pointY);
    await page.mouse.down();
    await frames(page, 2);
    await page.mouse.move(box.pointX + 80, box.pointY, { steps: 5 });
    await frames(page, 2);
    const arrow = await api(page, () => window.carvallo.widgetRect('push-arrow'));
    assert.ok(arrow && arrow.w > 20, 'the push is drawn as an arrow');
    await api(page, () => window.carvallo.play(true));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(artifacts, 'time-push-1280x720.png') });
    await api(page, () => window.carvallo.play(false));
    await page.mouse.up();
    await frames(page, 2);
    const s = await api(page, () => window.carvallo.simState());
    const state = await api(page, () => window.carvallo.getState());
    assert.equal(state.yaw, yaw0, 'a drag on the bicycle pushes it, it does not orbit the camera');
    // The log: the grab (its target the point grabbed), the targets the pointer moved to, the release.
    const pulls = state.inputs.split(',').filter((e) => /^d\d+:\d+:/.test(e)).map((e) => e.split(':').slice(5).map(Number));
    assert.ok(pulls.length >= 2 && /d\d+:-$/.test(state.inputs), state.inputs);
    const sideways = pulls[pulls.length - 1][1] - pulls[0][1];  // y: the bicycle's right
    assert.ok(Math.abs(sideways) > 0.02, `pulled sideways by ${sideways} m`);
    assert.ok(Math.sign(s.rollRate) === Math.sign(sideways) && Math.abs(s.rollRate) > 0.05,
      `rolls the way it is pulled: roll rate ${s.rollRate} rad/s, pull ${sideways} m`);
    // The push is part of the motion a link replays.
    const fresh = await openPage(env.browser, `${env.server.url}#${state.link}`, { width: 1280, height: 720 });
    try {
      await fresh.page.waitForFunction((n) => !window.carvallo.history().replaying && window.carvallo.simState().steps === n, s.steps, { timeout: 30000 });
      const replayed = await api(fresh.page, () => window.carvallo.simState());
      assert.deepEqual(replayed.q, s.q);
      assert.deepEqual(replayed.qd, s.qd);
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a finger dragged on the rear frame of a phone pushes the bicycle as the mouse does', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=4.6&roll_rate=0&yaw=-0.6&pitch=0.3&dist=3', PHONE);
  try {
    const box = await settledRect(page, 'body:rear_frame');
    assert.ok(box && box.pointX !== null, 'the rear frame is drawn on the phone and can be grabbed');
    const touch = await touchInput(context, page);
    const yaw0 = (await api(page, () => window.carvallo.getState())).yaw;
    const frame = (await api(page, () => window.carvallo.bodies())).find((b) => b.name === 'rear_frame');
    await touch('touchStart', [[box.pointX, box.pointY]]);
    // A quarter of the frame's width on screen, about 0.35 m sideways however the view frames it.
    for (let i = 1; i <= 6; i++) {
      await touch('touchMove', [[box.pointX + box.w * 0.045 * i, box.pointY]]);
      await frames(page, 1);
    }
    await frames(page, 2);
    const arrow = await api(page, () => window.carvallo.widgetRect('push-arrow'));
    assert.ok(arrow && arrow.w > 20, 'the push is drawn as an arrow under the finger');
    await api(page, () => window.carvallo.play(true));  // held while it rides, as the mouse's test
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(artifacts, 'time-push-phone-390x844.png') });
    await api(page, () => window.carvallo.play(false));
    await touch('touchEnd', []);
    await frames(page, 3);
    const s = await api(page, () => window.carvallo.simState());
    const state = await api(page, () => window.carvallo.getState());
    assert.equal(state.yaw, yaw0, 'a finger on the bicycle pushes it, it does not orbit the camera');
    const pulls = state.inputs.split(',').filter((e) => /^d\d+:\d+:/.test(e)).map((e) => e.split(':').slice(5).map(Number));
    assert.ok(pulls.length >= 1 && /d\d+:-$/.test(state.inputs), `the grab, its pulls and the release are logged: ${state.inputs}`);
    // The farthest target from the point grabbed, where it was when grabbed (the log names it in the body's
    // frame; paused, every move of the finger revises the one event of that step, whose target the link holds).
    const grab = state.inputs.split(',').find((e) => /^d\d+:\d+:/.test(e)).split(':').slice(2, 5).map(Number);
    const grabbedY = frame.position[1] + frame.rotation[1].reduce((sum, r, k) => sum + r * grab[k], 0);
    const sideways = pulls.map((p) => p[1] - grabbedY).reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
    assert.ok(Math.abs(sideways) > 0.02, `pulled sideways by ${sideways} m`);
    assert.ok(Math.sign(s.rollRate) === Math.sign(sideways) && Math.abs(s.rollRate) > 0.01,
      `rolls the way it is pulled: roll rate ${s.rollRate} rad/s, pull ${sideways} m`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('hostile motion links are refused by name and the page keeps a finite state', async () => {
  const many = Array.from({ length: 201 }, (_, k) => `p${k}:1`).join(',');
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#inputs=${many}&t=1e9&speed=5`, { width: 1280, height: 720 });
  try {
    await frames(page, 3);
    const messages = await api(page, () => window.carvallo.messages());
    const said = messages.join('\n');
    assert.match(said, /inputs=p0:1,.*201 events, more than the 200 a link carries; refused, not cut/);
    assert.match(said, /t=1e9: out of range \[0, 600\]/);
    const s = await api(page, () => window.carvallo.simState());
    assert.equal(s.t, 0);
    assert.equal((await api(page, () => window.carvallo.getState())).speed, 5, 'the rest of the link applies');
    // A log for inputs this model does not have; a moment needing too many steps.
    await api(page, () => window.carvallo.setState({ model: 'four-bar', inputs: 'i0@10:1', t: 500, dt: 0.0001 }));
    await frames(page, 3);
    const later = await api(page, () => window.carvallo.messages());
    assert.match(later.join('\n'), /inputs=i0@10:1: this model has no inputs to hold; the run starts without them/);
    assert.match(later.join('\n'), /t=500: 5000000 steps of 0.0001 s, more than the 200000 a link replays/);
    for (const t of [NaN, 'x', null]) await api(page, (x) => window.carvallo.seek(x), t);
    assert.ok(Number.isFinite((await api(page, () => window.carvallo.simState())).t));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a narrow timeline writes the moment alone rather than under its thumb', async () => {
  // The methods compared on a 1024x768 projector at a larger text step leave the view a third of the screen:
  // "t = 11.88 of 11.88 s" ran under the thumb and past the groove's end (a lecturer in an old hall).
  const { context, page, problems } = await openPage(env.browser,
    `${env.server.url}#model=four-bar&dt=0.02&stab=none&compare=baumgarte,direct,rgcpa&present=1&stage=compare&text=1.953125`, { width: 1024, height: 768 });
  try {
    await frames(page, 4);
    await api(page, () => window.carvallo.step(600));  // 12 s: "t = 12.00 of 12.00 s"
    await frames(page, 3);
    const [slider, time] = await Promise.all(['timeline:slider', 'timeline:time'].map((n) => settledRect(page, n)));
    // At the run's end the thumb is at the groove's right end and the text left of it, whole.
    assert.ok(time.x + time.w <= slider.x + slider.w - 20, `the time ${JSON.stringify(time)} clear of the thumb in ${JSON.stringify(slider)}`);
    await page.screenshot({ path: path.join(artifacts, 'time-narrow-1024x768.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
