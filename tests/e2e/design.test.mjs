// End-to-end: the design window (heat map over two parameters, dimensioned side view) and the designer's
// inputs, used as a student or a lecturer uses them: the map fills in without stalling the page, its
// values equal `carvallo map`'s CSV (the native command line, run here), a real mouse click on a cell
// loads that design, hovering shows the cell, designer inputs typed on the keyboard change trail and
// lambda consistently and the link restores them; phone (touch), 1280x720 presentation and 1920x1080.
// Screenshots go to build/e2e/design-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, openPage, openPageIn, PHONE, touchInput, artifacts, root, settledRect, still } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const rect = (page, name) => page.evaluate((n) => window.carvallo.widgetRect(n), name);
const centre = (r) => [r.x + r.w / 2, r.y + r.h / 2];

// Frame intervals (requestAnimationFrame) over n frames.
const frameGaps = (page, n) => page.evaluate((n) => new Promise((res) => {
  const g = [];
  let last = performance.now();
  const tick = (t) => { g.push(t - last); last = t; if (g.length < n) requestAnimationFrame(tick); else res(g); };
  requestAnimationFrame(tick);
}), n);

// Asks for a map and waits for it to be complete, recording every frame interval meanwhile; also the
// intervals of 20 frames before, without the map (the page's own frame time on this machine: software
// WebGL on shared cores).
async function fillMap(page, settings) {
  await frames(page, 10);  // past the page's first frames (fonts, shaders)
  const baseline = await frameGaps(page, 20);
  await page.evaluate(() => {
    window.__frameGaps = [];
    let last = performance.now();
    const tick = (t) => { window.__frameGaps.push(t - last); last = t; if (!window.__stopGaps) requestAnimationFrame(tick); };
    window.__stopGaps = false;
    requestAnimationFrame(tick);
  });
  const wall0 = await page.evaluate(() => performance.now());
  await page.evaluate((s) => window.carvallo.setState(s), settings);
  // Done for the grid asked for: until the window's first frame sets the job up, it reports an empty map as done
  // (count 0: a cell's point was then Infinity, "mouse.move: Invalid parameters", in full CI runs).
  await page.waitForFunction((n) => { const m = window.carvallo.designMap(); return m.done && m.x.count === n && m.y.count === n; },
    settings.mapn ?? 100, { timeout: 20000 });
  const wall = (await page.evaluate(() => performance.now())) - wall0;
  const gaps = await page.evaluate(() => { window.__stopGaps = true; return window.__frameGaps; });
  return { wall, map: await page.evaluate(() => window.carvallo.designMap()), maxGap: Math.max(...gaps), baselineMax: Math.max(...baseline),
           baselineMedian: [...baseline].sort((a, b) => a - b)[10] };
}

// The map's cell (ix, iy) on screen: x left to right, y bottom to top (CSS px).
async function cellPoint(page, map, ix, iy) {
  const r = await rect(page, 'design-map');
  assert.ok(r, 'the heat map is on screen');
  return [r.x + (ix + 0.5) * r.w / map.x.count, r.y + r.h - (iy + 0.5) * r.h / map.y.count];
}

test('the 100 x 100 benchmark map over trail and tilt fills without stalling, equal to `carvallo map`', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    const { wall, map, maxGap, baselineMax, baselineMedian } = await fillMap(page, { design: true, dtab: 'map' });
    console.log(`# 100x100 map: filled in ${map.elapsedMs.toFixed(0)} ms (designMap().elapsedMs: first frame to last row), ` +
      `${map.computeMs.toFixed(1)} ms of computing in ${map.advances} frames (longest ${map.longestAdvanceMs.toFixed(1)} ms); ` +
      `${wall.toFixed(0)} ms from setState to done seen by the test; frame intervals: longest ${maxGap.toFixed(0)} ms while filling, ` +
      `median ${baselineMedian.toFixed(0)} / longest ${baselineMax.toFixed(0)} ms before, without the map`);
    assert.deepEqual([map.x.name, map.x.count, map.y.name, map.y.count], ['trail', 100, 'steer_axis_tilt', 100]);
    // The < 2 s target is a benchmark figure (printed above, recorded in docs/performance.md), not an assertion:
    // the fill time is set by how fast the page draws frames, which a loaded machine decides. What is asserted
    // is the design: the map fills (the wait above) and its own share of any frame stays far from a stall
    // (its per-frame budget is 25 ms; what the frame costs besides is the page's drawing, reported above).
    assert.ok(map.longestAdvanceMs < 200, `the map held a frame for ${map.longestAdvanceMs} ms`);
    assert.deepEqual(map.issues, []);
    // The same map from the native command line: three cells (a stable, an unstable, the benchmark's).
    const csv = path.join(os.tmpdir(), `carvallo-design-test-${process.pid}.csv`);
    execFileSync(path.join(root, 'build/native/bin/carvallo'),
      ['map', '--bike', 'benchmark', '--x', 'trail:-0.1:0.3:100', '--y', 'steer_axis_tilt:0:0.7:100', '--vmax', '10', '--csv', csv]);
    const rows = fs.readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    fs.rmSync(csv);
    const num = (t) => (t === '' ? null : Number(t));
    for (const [ix, iy] of [[45, 44], [5, 90], [99, 0]]) {
      const c = await page.evaluate(([a, b]) => window.carvallo.designMapCell(a, b), [ix, iy]);
      const row = rows[iy * 100 + ix];
      assert.ok(Math.abs(c.x - Number(row[0])) <= 1e-12 && Math.abs(c.y - Number(row[1])) <= 1e-12, `cell ${ix},${iy} position`);
      for (const [k, col] of [['weave', 2], ['capsize', 3], ['width', 4]]) {
        const want = num(row[col]);
        if (want === null) assert.equal(c[k], null, `${k} at ${ix},${iy}`);
        else assert.ok(Math.abs(c[k] - want) <= 1e-9, `${k} at ${ix},${iy}: ${c[k]} vs ${want}`);
      }
    }
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'design-map-1280x800.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('hover shows a cell, a real mouse click loads that design; the link restores the map settings', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, still({ width: 1920, height: 1080 }));
  try {
    const { map } = await fillMap(page, { design: true, dtab: 'map', mapn: 40 });
    const [ix, iy] = [30, 12];
    const [px, py] = await cellPoint(page, map, ix, iy);
    await page.mouse.move(px, py);
    await frames(page, 3);
    const hovered = (await page.evaluate(() => window.carvallo.designMap())).hover;
    assert.ok(hovered, 'a hovered cell');
    assert.deepEqual([hovered.ix, hovered.iy], [ix, iy]);
    const cell = await page.evaluate(([a, b]) => window.carvallo.designMapCell(a, b), [ix, iy]);
    assert.equal(hovered.width, cell.width);
    await page.screenshot({ path: path.join(artifacts, 'design-map-hover.png') });
    await page.mouse.click(px, py);
    await frames(page, 3);
    const s = await page.evaluate(() => window.carvallo.getState());
    assert.equal(s.bike.c, cell.x, 'trail is the cell\'s x');
    assert.equal(s.bike.lambda, cell.y, 'lambda is the cell\'s y');
    // The map was not recomputed for the new design (only its own two inputs changed).
    assert.ok((await page.evaluate(() => window.carvallo.designMap())).done);
    // Map settings go through the link and come back exactly.
    await page.evaluate(() => window.carvallo.setState({ mapx: 'mB', mapxlo: 20, mapxhi: 120, mapq: 'weave', mapvmax: 12 }));
    await frames(page, 2);
    const link = (await page.evaluate(() => window.carvallo.getState())).link;
    const { page: page2, problems: problems2 } = await openPageIn(context, env.server.url + '#' + link);
    const s2 = await page2.evaluate(() => window.carvallo.getState());
    assert.equal(s2.link, link);
    assert.deepEqual([s2.mapx, s2.mapxlo, s2.mapxhi, s2.mapq, s2.mapvmax, s2.mapn], ['mB', 20, 120, 'weave', 12, 40]);
    // Hostile values are refused with a message, the last good setting kept.
    const r = await page2.evaluate(() => window.carvallo.setState({ mapxlo: 1e308, mapn: 5e-324, mapq: 'nope', mapy: 7 }));
    assert.equal(r.ignored.length, 4, JSON.stringify(r.ignored));
    const s3 = await page2.evaluate(() => window.carvallo.getState());
    assert.deepEqual([s3.mapxlo, s3.mapn, s3.mapq, s3.mapy], [20, 40, 'weave', 'steer_axis_tilt']);
    // A range typed empty is refused as the eigenvalue plot's speed range is, the last good one kept (it
    // had been kept, and the map said the command line's "<lo> must be less than <hi>" and never finished).
    // Typed in the field's native twin, which applies it as the canvas's field does (set_map_range_end).
    const fromField = page2.getByRole('spinbutton', { name: 'X from', exact: true });
    await fromField.fill('200');
    await fromField.press('Enter');
    await page2.waitForFunction(() => window.carvallo.designMap().mapProblem !== '', null, { timeout: 5000 });
    const refused = await page2.evaluate(() => window.carvallo.designMap());
    assert.equal(refused.mapProblem, 'x from = 200 refused: from must be below to (120); x from stays 20');
    assert.equal((await page2.evaluate(() => window.carvallo.getState())).mapxlo, 20);
    // Said in the live region too (a student heard nothing of it).
    await frames(page2, 2);
    assert.ok((await page2.evaluate(() => window.carvallo.announcements())).includes(refused.mapProblem), 'the refusal is said');
    // The points along each axis typed on the canvas past 2 to 200: refused and said, not clamped (1 000 had
    // become 200 without a word; a student).
    for (const typed of ['1000', '1']) {
      const count = await rect(page2, 'map-count');
      await page2.mouse.dblclick(...centre(count));
      await frames(page2, 2);
      await page2.keyboard.press('Control+A');
      await page2.keyboard.type(typed);
      await page2.keyboard.press('Enter');
      await frames(page2, 3);
      assert.equal((await page2.evaluate(() => window.carvallo.getState())).mapn, 40, `${typed}: the points stay`);
      const said = `pts = ${typed} refused: 2 to 200 points along each axis; pts stays 40`;
      assert.equal((await page2.evaluate(() => window.carvallo.designMap())).mapProblem, said);
      assert.equal((await page2.evaluate(() => window.carvallo.announcements())).at(-1), said);
    }
    assert.deepEqual((await page2.evaluate(() => window.carvallo.setState({ mapxhi: 10 }))).ignored,
      ['mapxlo, mapxhi: the design map\'s range must have mapxlo < mapxhi, got 20 and 10; not changed']);
    assert.deepEqual(problems2, [], 'the page opened from the link');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the preset list shows every preset whole; wheels that overlap are said beside the designer and the side view', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#design=1&dtab=side', { width: 1920, height: 1080 });
  try {
    await frames(page, 3);
    // ImGui sized the list for 8 rows of text, which held 5 1/2 of its taller rows: the sixth preset was
    // cut and scrolled (a tester).
    await page.mouse.click(...centre(await rect(page, 'preset')));
    await frames(page, 3);
    const list = await rect(page, 'preset:list');
    assert.ok(list, 'the preset list is open');
    for (const name of ['benchmark', 'two-mass-skate']) {
      const row = await rect(page, `preset:${name}`);
      assert.ok(row && row.y >= list.y - 0.5 && row.y + row.h <= list.y + list.h + 0.5, `${name} ${JSON.stringify(row)} whole in ${JSON.stringify(list)}`);
    }
    await page.screenshot({ path: path.join(artifacts, 'design-preset-list.png') });
    await page.keyboard.press('Escape');
    await frames(page, 2);
    assert.equal(await rect(page, 'designer:wheels-overlap'), null, 'the benchmark\'s wheels are apart');
    // A wheelbase shorter than the radii's sum: the model lets the wheels pass through each other, which no
    // bicycle is built to do; the page computed its stability and said nothing (a tester).
    await page.evaluate(() => window.carvallo.setState({ frontmoves: false, bike: { w: 0.5 } }));
    await frames(page, 3);
    for (const where of ['designer:wheels-overlap', 'side-wheels-overlap']) assert.ok(await rect(page, where), `${where} says so`);
    await page.screenshot({ path: path.join(artifacts, 'design-wheels-overlap.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("the stage's Design... opens above its button with the inputs shown: a phone's tap, a projector's click", async () => {
  // On a phone it showed only the inputs' closed header, which a tap did not open; on a projector it opened
  // down from the pointer, off the screen's bottom (testers).
  for (const [viewport, hash] of [[PHONE, '#lang=es'], [{ width: 1280, height: 720 }, '#present=1']]) {
    const { context, page, problems } = await openPage(env.browser, env.server.url + hash, still(viewport));
    try {
      await frames(page, 3);
      const button = await settledRect(page, 'stage-design');
      assert.ok(button, 'the bar has Design...');
      if (viewport.hasTouch) {
        const touch = await touchInput(context, page);
        await touch('touchStart', [centre(button)]);
        await frames(page, 2);
        await touch('touchEnd', []);
      } else {
        await page.mouse.click(...centre(button));
      }
      await frames(page, 4);
      const popup = await rect(page, 'stage-design-popup');
      assert.ok(popup, 'the popup is open');
      assert.ok(await rect(page, 'designer:front-moves'), 'its inputs are shown');
      assert.ok(popup.y >= -0.5 && popup.y + popup.h <= button.y + 0.5 && popup.x >= -0.5 && popup.x + popup.w <= viewport.width + 0.5,
        `${viewport.width}x${viewport.height}: the popup ${JSON.stringify(popup)} above the button ${JSON.stringify(button)}, on the screen`);
      await page.screenshot({ path: path.join(artifacts, `design-stage-popup-${viewport.width}x${viewport.height}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('designer inputs typed on the keyboard change trail and lambda consistently; the side view is drawn', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1920, height: 1080 });
  try {
    const type = async (name, text) => {
      const r = await settledRect(page, name);  // the panel lays out again after each change
      assert.ok(r, `${name} on screen`);
      await page.mouse.click(...centre(r));
      await frames(page, 2);  // ImGui activates the field on the frame after the click
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text, { delay: 20 });  // a quick typist, not every key within one frame
      await frames(page, 1);
      await page.keyboard.press('Enter');
      await frames(page, 3);
      return page.evaluate(() => window.carvallo.getState());
    };
    const b0 = (await page.evaluate(() => window.carvallo.getState())).bike;
    const rake0 = b0.rF * Math.sin(b0.lambda) - b0.c * Math.cos(b0.lambda);
    // Head angle 70 deg: lambda = 20 deg, the rake kept, so c = (rF sin(lambda) - d) / cos(lambda).
    let s = await type('designer:head-angle', '70');
    const lam = 20 * Math.PI / 180;
    assert.ok(Math.abs(s.bike.lambda - lam) < 1e-12, `lambda ${s.bike.lambda}`);
    assert.ok(Math.abs(s.bike.c - (b0.rF * Math.sin(lam) - rake0) / Math.cos(lam)) < 1e-12, `c ${s.bike.c}`);
    // Rake 45 mm: lambda kept, the trail follows.
    s = await type('designer:rake', '45');
    assert.ok(Math.abs(s.bike.lambda - lam) < 1e-12);
    assert.ok(Math.abs(s.bike.c - (b0.rF * Math.sin(lam) - 0.045) / Math.cos(lam)) < 1e-12, `c ${s.bike.c}`);
    // Wheelbase 1100 mm with the front assembly moving: xH moves by the same amount.
    s = await type('designer:wheelbase', '1100');
    assert.ok(Math.abs(s.bike.w - 1.1) < 1e-12 && Math.abs(s.bike.xH - (b0.xH + 1.1 - b0.w)) < 1e-12, `xH ${s.bike.xH}`);
    // A hostile value: refused with a message naming the input, the bicycle unchanged.
    const before = s.bike;
    s = await type('designer:head-angle', '1e308');
    assert.deepEqual(s.bike, before);
    const problem = (await page.evaluate(() => window.carvallo.designMap())).designerProblem;
    assert.match(problem, /head angle/);
    // A number with an exponent is read whole: ImGui's filter dropped the "e", so "1e400" set a 1400 mm
    // wheel and "1e-3" was refused as "'1-3'" (a tester).
    for (const text of ['1e400', '1e-3']) {
      s = await type('designer:front-diameter', text);
      assert.deepEqual(s.bike, before, `front wheel ${text}: refused`);
      const said = (await page.evaluate(() => window.carvallo.designMap())).designerProblem;
      assert.match(said, /front wheel/, `front wheel ${text}: ${said}`);
      assert.doesNotMatch(said, /1400|'1-3'/, `front wheel ${text}: ${said}`);
    }
    // A wheel of 1e308 mm breaks the trail, the head and the wheel: two reasons and a count, not nine lines
    // of red (a student).
    s = await type('designer:front-diameter', '1e308');
    assert.deepEqual(s.bike, before, 'front wheel 1e308: refused');
    const many = (await page.evaluate(() => window.carvallo.designMap())).designerProblem;
    assert.match(many, /^Front wheel = 1e\+308 mm refused: [^;]+; [^;]+ \.\.\. and \d+ more; front wheel stays 700\.0 mm$/, many);
    // The link restores the design exactly.
    const { page: page2, problems: problems2 } = await openPageIn(context, env.server.url + '#' + s.link);
    assert.deepEqual((await page2.evaluate(() => window.carvallo.getState())).bike, before);
    assert.deepEqual(problems2, [], 'the page opened from the link');
    await page2.close();
    // The side view of this design.
    await page.evaluate(() => window.carvallo.setState({ design: true, dtab: 'side' }));
    await frames(page, 4);
    assert.ok(await rect(page, 'side-view'), 'the side view is drawn');
    await page.screenshot({ path: path.join(artifacts, 'design-side-1920x1080.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('phone 390x844@3: the Design tab, a tap on a cell loads it; presentation 1280x720 shows map and side view', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, still(PHONE));
  try {
    const touch = await touchInput(context, page);
    const tapAt = async ([x, y]) => { await touch('touchStart', [[x, y]]); await frames(page, 2); await touch('touchEnd', []); await frames(page, 3); };
    await frames(page, 3);
    const tab = await rect(page, 'tab:design');
    assert.ok(tab, 'a Design tab');
    await tapAt(centre(tab));
    await page.waitForFunction(() => window.carvallo.designMap().done, null, { timeout: 20000 });
    await frames(page, 2);
    const map = await page.evaluate(() => window.carvallo.designMap());
    const [ix, iy] = [70, 50];
    await tapAt(await cellPoint(page, map, ix, iy));
    const cell = await page.evaluate(([a, b]) => window.carvallo.designMapCell(a, b), [ix, iy]);
    const s = await page.evaluate(() => window.carvallo.getState());
    assert.equal(s.bike.c, cell.x);
    assert.equal(s.bike.lambda, cell.y);
    await page.screenshot({ path: path.join(artifacts, 'design-phone-map.png') });
    await page.evaluate(() => window.carvallo.setState({ dtab: 'side' }));
    await frames(page, 4);
    assert.ok(await rect(page, 'side-view'));
    await page.screenshot({ path: path.join(artifacts, 'design-phone-side.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  const { context: c2, page: p2, problems: pr2 } = await openPage(env.browser, env.server.url, still({ width: 1280, height: 720 }));
  try {
    await p2.evaluate(() => window.carvallo.setState({ present: true, stage: 'design-map', dtab: 'map' }));
    await p2.waitForFunction(() => window.carvallo.designMap().done, null, { timeout: 20000 });
    await frames(p2, 3);
    const panel = await rect(p2, 'panel:design'), free = await rect(p2, 'view:free');
    assert.deepEqual(panel, await rect(p2, 'stage-plot'), 'the design window is the stage plot');
    assert.ok(panel && free && free.x + free.w <= panel.x, 'the model and the design window side by side');
    await p2.screenshot({ path: path.join(artifacts, 'design-presentation-1280x720-map.png') });
    await p2.evaluate(() => window.carvallo.setState({ dtab: 'side' }));
    await frames(p2, 4);
    await p2.screenshot({ path: path.join(artifacts, 'design-presentation-1280x720-side.png') });
    assert.deepEqual(pr2, []);
  } finally {
    await c2.close();
  }
});

test('the design window and the steady turns side by side at a desk, the bicycle framed below the turns', async () => {
  // A designer: the turns' window opened over the design window's top half (the map's axes and ranges under
  // it), and a link of both drew the map over the turns; the bicycle rode under the turns' window, where Fit
  // framed it too.
  const viewport = { width: 1920, height: 1080 };
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#c=0.0212121&lambda=0.212121&turns=1&design=1`, viewport);
  try {
    await frames(page, 6);
    const turns = await settledRect(page, 'turns'), design = await settledRect(page, 'panel:design');
    assert.ok(turns && design, 'both windows are shown');
    assert.ok(design.y >= turns.y + turns.h, `the design window ${JSON.stringify(design)} below the turns' ${JSON.stringify(turns)}`);
    assert.ok(design.y + design.h <= viewport.height + 0.5 && design.h >= 300, `the design window ${JSON.stringify(design)} within the screen`);
    await page.screenshot({ path: path.join(artifacts, 'design-with-turns-1920x1080.png') });
    // The design window closed: the bicycle, played and kicked, is framed below the turns' window.
    await page.evaluate(() => window.carvallo.setState({ design: false }));
    await page.evaluate(() => window.carvallo.play(true));
    await frames(page, 4);
    await page.keyboard.press('v');
    await frames(page, 4);
    const below = await settledRect(page, 'turns');
    for (const body of ['rear_wheel', 'front_wheel']) {
      const b = await rect(page, `body:${body}`);
      assert.ok(b && b.y >= below.y + below.h - 1, `the ${body} ${JSON.stringify(b)} below the turns' window ${JSON.stringify(below)}`);
    }
    await page.screenshot({ path: path.join(artifacts, 'design-turns-bicycle-below-1920x1080.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
