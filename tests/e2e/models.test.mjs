// End-to-end: every registered model plays in the 3D view, drawn from its bodies' poses
// (window.carvallo.bodies()), which are finite and move; the bicycle's drawn rear frame is the state's
// Rz(yaw) Rx(roll) Ry(pitch). Screenshots of each model's view go to build/e2e/model-<name>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, artifacts } from './browser.mjs';
import { decodePng, colourStats } from './png.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const finite = (x) => typeof x === 'number' && Number.isFinite(x);
const poseFinite = (b) => b.position.every(finite) && b.rotation.every((row) => row.length === 3 && row.every(finite));
const distance = (a, b) => Math.max(...a.position.map((x, i) => Math.abs(x - b.position[i])),
  ...a.rotation.flatMap((row, i) => row.map((x, j) => Math.abs(x - b.rotation[i][j]))));

test('every registered model plays in 3D from its body poses', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 720 });
  try {
    const models = await page.evaluate(() => window.carvallo.models());
    assert.ok(models.length >= 8, `models: ${models.map((m) => m.name)}`);
    assert.equal(models[0].name, 'bicycle');
    for (const { name } of models) {
      await page.evaluate((model) => window.carvallo.setState({ model }), name);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const before = await page.evaluate(() => window.carvallo.bodies());
      assert.ok(before.length >= 1, `${name}: no bodies`);
      assert.ok(before.every(poseFinite), `${name}: a pose is not finite`);
      const stepped = await page.evaluate(() => window.carvallo.step(200));
      assert.ok(stepped.stepped > 0, `${name}: did not step (${stepped.event})`);
      const after = await page.evaluate(() => window.carvallo.bodies());
      assert.ok(after.every(poseFinite), `${name}: a pose is not finite after stepping`);
      const moved = Math.max(...after.map((b, i) => distance(b, before[i])));
      assert.ok(moved > 1e-6, `${name}: the bodies did not move (${moved})`);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const shot = await page.screenshot({ path: path.join(artifacts, `model-${name}.png`) });
      const stats = colourStats(decodePng(shot));
      assert.ok(stats.distinct >= 8, `${name}: the view looks blank`);
      // On a projector's 720 lines every time plot keeps a readable height (the panel scrolls instead).
      const plots = await page.evaluate(() => ['angles', 'speed', 'torques', 'probes', 'violations']
        .map((id) => [id, window.carvallo.widgetRect(`plot:${id}`)]).filter(([, r]) => r));
      assert.ok(plots.length >= 2, `${name}: plots ${JSON.stringify(plots)}`);
      for (const [id, r] of plots) assert.ok(r.h >= 119.5, `${name}: the ${id} plot is ${r.h} px tall`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the bicycle's drawn rear frame is the state's Rz(yaw) Rx(roll) Ry(pitch)", async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url);
  try {
    await page.evaluate(() => window.carvallo.setState({ model: 'bicycle' }));
    const s = await page.evaluate(() => window.carvallo.step(300));  // 1.5 s after a 0.5 rad/s roll-rate start
    const bodies = await page.evaluate(() => window.carvallo.bodies());
    assert.deepEqual(bodies.map((b) => b.name), ['rear_wheel', 'rear_frame', 'front_frame', 'front_wheel']);
    const [cy, sy, cr, sr, cp, sp] = [Math.cos(s.yaw), Math.sin(s.yaw), Math.cos(s.roll), Math.sin(s.roll), Math.cos(s.pitch), Math.sin(s.pitch)];
    const mul = (A, B) => A.map((row) => B[0].map((_, j) => row.reduce((acc, a, k) => acc + a * B[k][j], 0)));
    const R = mul(mul([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]], [[1, 0, 0], [0, cr, -sr], [0, sr, cr]]), [[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]]);
    const err = Math.max(...R.flatMap((row, i) => row.map((x, j) => Math.abs(x - bodies[1].rotation[i][j]))));
    assert.ok(Math.abs(s.roll) > 1e-3 && Math.abs(s.yaw) > 1e-3, `the bicycle should have rolled and turned: ${JSON.stringify(s)}`);
    assert.ok(err < 1e-9, `rear frame rotation differs from Rz(yaw) Rx(roll) Ry(pitch) by ${err}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('one camera for every model: zoomed away, V fits the model in view; F follows a model that rolls away', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 720 });
  const frames = (n) => page.evaluate((k) => new Promise((r) => { const f = () => (--k > 0 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);
  const state = () => page.evaluate(() => window.carvallo.getState());
  try {
    await page.evaluate(() => window.carvallo.setState({ model: 'appell-hamel' }));
    await frames(3);
    // Its wheel travels (a traced path): followed by default. Held still here to check V and F by hand.
    assert.equal((await state()).follow, true, 'the Appell-Hamel wheel is followed once framed');
    await page.evaluate(() => window.carvallo.setState({ follow: false }));
    const fitted = await state();
    // Zoom in and pan away with the mouse as a user would, then ask for the fit again.
    await page.mouse.move(640, 600);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -100);
    await page.mouse.move(640, 600);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(400, 500, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    await frames(3);
    const away = await state();
    assert.ok(away.dist < fitted.dist / 2, `the wheel zoomed in: ${fitted.dist} -> ${away.dist}`);
    assert.ok(Math.hypot(away.tx - fitted.tx, away.ty - fitted.ty, away.tz - fitted.tz) > 1e-3, 'the right drag panned');
    await page.keyboard.press('v');
    await frames(3);
    const refit = await state();
    for (const k of ['dist', 'tx', 'ty', 'tz', 'yaw', 'pitch']) assert.ok(Math.abs(refit[k] - fitted[k]) < 1e-9, `V restores ${k}: ${refit[k]} vs ${fitted[k]}`);

    // The wheel rolls off its starting place; V framed it and follows it again (it travels), so the
    // camera's target stays over its bodies.
    assert.equal((await state()).follow, true, 'V follows the travelling wheel again');
    await page.evaluate(() => window.carvallo.step(400));
    await frames(3);
    const bodies = await page.evaluate(() => window.carvallo.bodies());
    const followed = await state();
    assert.ok(Math.hypot(followed.tx - refit.tx, followed.ty - refit.ty) > 1e-3, 'the target moved with the model');
    assert.ok(bodies.every((b) => b.position.every(Number.isFinite)));
    await page.screenshot({ path: path.join(artifacts, 'model-follow-appell-hamel.png') });
    // A model with a steady motion rolls away at metres per second: framed, the camera follows it (V too).
    await page.evaluate(() => window.carvallo.setState({ model: 'rolling-disk' }));
    await frames(3);
    assert.equal((await state()).follow, true, 'the rolling disk is followed once framed');
    await page.keyboard.press('f');
    await frames(2);
    await page.keyboard.press('v');
    await frames(2);
    assert.equal((await state()).follow, true, 'V frames the disk and follows it again');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a link restores methods, tolerances, initial conditions and the camera of any model; the four-bar stands above the floor', async () => {
  // Two models by link in one page: each field read back exactly, the camera included (it was refitted before).
  const gear = 'model=epicyclic-gear&integ=kutta-merson-adaptive&tol=1e-7&dt=0.001&yaw=-2.53&pitch=0.41&dist=0.9';
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#${gear}`, { width: 1280, height: 720 });
  const frames = (n) => page.evaluate((k) => new Promise((r) => { const f = () => (--k > 0 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);
  try {
    await frames(3);
    let s = await page.evaluate(() => window.carvallo.getState());
    assert.deepEqual([s.model, s.integ, s.tol, s.yaw, s.pitch, s.dist], ['epicyclic-gear', 'kutta-merson-adaptive', 1e-7, -2.53, 0.41, 0.9]);
    // 200 time steps of 1 ms asked: the adaptive integrator takes its own steps, each a whole number of time
    // steps as its error control allows (at most 50 ms), so the run ends on a millisecond at or after 0.2 s
    // (docs/playground.md "Time").
    const run = await page.evaluate(() => window.carvallo.step(200));
    assert.ok(run.t > 0.2 - 1e-12 && run.t < 0.25, `t = ${run.t}`);
    assert.ok(Math.abs(run.t * 1e3 - Math.round(run.t * 1e3)) < 1e-9, `t = ${run.t} is not on a time step`);
    assert.ok(run.integratorSteps > 0 && run.integratorSteps < 50, `${run.integratorSteps} integrator steps for 200 time steps`);
    assert.ok(run.evaluations >= 5 * run.integratorSteps, `${run.evaluations} evaluations`);
    assert.equal(run.rejected >= 0, true);
    assert.equal(run.event, '');

    const bar = 'model=four-bar&angle=-1.2&rate=0.5&stab=baumgarte&alpha=5&beta=7&ctol=1e-9&yaw=-1.2&pitch=0.2&dist=14&follow=0';
    await page.evaluate((h) => { location.hash = h; }, bar);
    await frames(4);
    s = await page.evaluate(() => window.carvallo.getState());
    assert.deepEqual([s.model, s.angle, s.rate, s.stab, s.alpha, s.beta, s.ctol, s.yaw, s.pitch, s.dist, s.follow],
      ['four-bar', -1.2, 0.5, 'baumgarte', 5, 7, 1e-9, -1.2, 0.2, 14, false]);
    const start = await page.evaluate(() => window.carvallo.simState());
    assert.ok(start.positionViolation < 1e-12, `assembled at the angle: |C| = ${start.positionViolation}`);
    // Swing for 3 s (it passes hanging straight down), then look: the linkage above the grid.
    await page.evaluate(() => window.carvallo.step(3000));
    await frames(3);
    const shot = await page.screenshot({ path: path.join(artifacts, 'model-four-bar-link.png') });
    assert.ok(colourStats(decodePng(shot)).distinct >= 8, 'the view looks blank');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("View > Body and joint names labels every body and joint of a model with the registry's names, inside the view", async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#model=epicyclic-gear', { width: 1280, height: 720 });
  try {
    const click = async (name) => {
      const r = await page.evaluate((n) => window.carvallo.widgetRect(n), name);
      assert.ok(r, `${name} not shown`);
      await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
      for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => res())));
    };
    await click('menu:view');
    await click('view:labels');
    assert.equal((await page.evaluate(() => window.carvallo.getState())).labels, true);
    assert.match((await page.evaluate(() => window.carvallo.getState())).link, /labels=1/);
    const names = (await page.evaluate(() => window.carvallo.bodies())).map((b) => b.name);
    assert.deepEqual(names, ['ring', 'sun', 'arm', 'carrier1', 'planet1', 'carrier2', 'planet2']);
    // Between the two panels, on the canvas.
    const left = await page.evaluate(() => window.carvallo.widgetRect('panel:parameters'));
    const right = await page.evaluate(() => window.carvallo.widgetRect('panel:simulation'));
    for (const name of names) {
      const r = await page.evaluate((n) => window.carvallo.widgetRect('label:' + n), name);
      assert.ok(r, `no label for ${name}`);
      assert.ok(r.x >= left.x + left.w && r.x + r.w <= right.x && r.y >= 0 && r.y + r.h <= 720, `${name} ${JSON.stringify(r)}`);
    }
    // The joints too: the shafts, the pins and the meshes, each at its point (a ring) in the view.
    for (const name of ['central shaft', 'planet1 pin', 'planet2 pin', 'sun-planet1 mesh', 'ring-planet1 mesh', 'sun-planet2 mesh', 'ring-planet2 mesh']) {
      const r = await page.evaluate((n) => window.carvallo.widgetRect('joint:' + n), name);
      assert.ok(r, `no label for the joint ${name}`);
      assert.ok(r.x >= left.x + left.w && r.x + r.w <= right.x && r.y >= 0 && r.y + r.h <= 720, `${name} ${JSON.stringify(r)}`);
    }
    await page.screenshot({ path: path.join(artifacts, 'model-labels-epicyclic-gear.png') });
    // The four-bar's pins by their paper's letters.
    await page.evaluate(() => window.carvallo.setState({ model: 'four-bar' }));
    for (let i = 0; i < 4; i++) await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => res())));
    for (const name of ['pin A', 'pin B', 'pin C', 'pin D'])
      assert.ok(await page.evaluate((n) => window.carvallo.widgetRect('joint:' + n), name), `no label for the four-bar's ${name}`);
    await page.screenshot({ path: path.join(artifacts, 'model-labels-four-bar.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a planar mechanism is seen as its paper draws it: its forward runs left to right", async () => {
  // The slider-crank of 002 Fig. 3: the crank's pivot at the origin, its slider 13.4 m along +x. Seen from
  // the viewer's -y, it had stood mirrored (the slider left of the crank).
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#model=slider-crank&present=1', { width: 1280, height: 720 });
  try {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const bodies = await page.evaluate(() => window.carvallo.bodies());
    assert.ok(bodies[0].position[0] < bodies[1].position[0], `the crank's centre lies before the rod's along x: ${JSON.stringify(bodies.map((b) => b.position))}`);
    // The view left of the stage's plot (x < 740 CSS px at 1280x720), its bodies by their colours: the crank
    // blue, the rod orange (examples/mechanisms/planar_mechanism.cpp's palette).
    const shot = await page.screenshot({ path: path.join(artifacts, 'model-slider-crank-as-drawn.png'), clip: { x: 0, y: 30, width: 730, height: 600 } });
    const { width, height, pixels } = decodePng(shot);
    const mean = (pick) => {
      let sum = 0, n = 0;
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
        const i = 4 * (y * width + x), [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
        if (pick(r, g, b)) { sum += x; ++n; }
      }
      return { x: sum / n, n };
    };
    const crank = mean((r, g, b) => b > r + 70 && b > 110 && g < b - 40);
    const rod = mean((r, g, b) => r > b + 90 && r > 130);
    assert.ok(crank.n > 20 && rod.n > 20, `crank ${JSON.stringify(crank)}, rod ${JSON.stringify(rod)} pixels`);
    assert.ok(crank.x < rod.x, `the crank is drawn left of the rod: crank at x = ${crank.x.toFixed(0)}, rod at ${rod.x.toFixed(0)}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
