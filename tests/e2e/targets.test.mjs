// End-to-end: WCAG 2.5.8 target size (issue 30, item 6). Every pointer target the canvas draws
// (carvallo.pointerTargets(): ImGui's items from its test-engine hook, title bars, scrollbars, resize
// grips and borders) is at least 24 x 24 CSS px, on every layout: the 390x844 phone upright and on its
// side (844x390) at 3 device pixels per px, each of its panel tabs; 1280x720 presentation at every text
// step (View > Text larger / smaller: 0.5 to 3); 1920x1080 with its panels, the Design window and the
// steady turns. The menus and their submenus, a combo's list and a plot's scale popup are opened too.
// A target partly scrolled out of its panel counts once scrolled into view (its whole box is then
// checked where it is whole). Prints the smallest target of each layout. Screenshots: build/e2e/targets-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, PHONE, touchInput, artifacts, still } from './browser.mjs';

const MIN = 24;  // CSS px, WCAG 2.5.8
const TEXT_STEPS = [0.5, 0.64, 0.8, 1, 1.25, 1.5625, 1.953125, 2.44140625, 3];  // View > Text smaller / larger from 100 %

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

// The last frame's targets, recording from the first call on.
async function targets(page) {
  let list = await page.evaluate(() => window.carvallo.pointerTargets());
  for (let i = 0; !list && i < 5; i++) {
    await frames(page, 1);
    list = await page.evaluate(() => window.carvallo.pointerTargets());
  }
  assert.ok(Array.isArray(list) && list.length > 0, 'pointerTargets() gave no targets');
  return list;
}

const name = (t) => `${t.kind} "${t.label}" in "${t.window}"`;
const size = (t) => `${t.w.toFixed(1)}x${t.h.toFixed(1)}`;

// What one layout collects: every target seen (whole), the smallest, and the ones under 24 px.
class Survey {
  constructor(layout) {
    this.layout = layout;
    this.count = 0;
    this.smallest = null;
    this.under = new Map();
  }
  add(list, where) {
    for (const t of list) {
      if (t.scrolled) continue;
      this.count++;
      const side = Math.min(t.w, t.h);
      if (!this.smallest || side < Math.min(this.smallest.w, this.smallest.h)) this.smallest = { ...t, where };
      // 0.01 px: the rectangles are framebuffer pixels divided by the device pixel ratio.
      const key = `${name(t)} ${size(t)}`;
      if (side < MIN - 0.01 && !this.under.has(key)) this.under.set(key, `${key} (${where})`);
    }
  }
  report(t) {
    const s = this.smallest;
    t.diagnostic(`${this.layout}: ${this.count} targets; smallest ${s ? `${size(s)}, ${name(s)} (${s.where})` : 'none'}; ${this.under.size} under ${MIN} px`);
  }
}

// The first whole target with this label (optionally of this window), or undefined.
async function find(page, label, window) {
  return (await targets(page)).find((x) => x.label === label && !x.scrolled && (!window || x.window === window));
}

// The centre of that target, in CSS px; a menu taller than the screen is scrolled (the wheel over it) to it.
async function centreOf(page, label, window) {
  let t = await find(page, label, window);
  const menu = (await targets(page)).filter((x) => x.window.startsWith('##Menu_')).pop();
  for (let i = 0; !t && menu && i < 10; i++) {
    await page.mouse.move(menu.x + menu.w / 2, menu.y + menu.h / 2);
    await page.mouse.wheel(0, 120);
    await frames(page, 2);
    t = await find(page, label, window);
  }
  assert.ok(t, `no target "${label}"${window ? ` in ${window}` : ''}`);
  return [t.x + t.w / 2, t.y + t.h / 2];
}

async function clickLabel(page, label, window) {
  const [x, y] = await centreOf(page, label, window);
  await page.mouse.click(x, y);
  await frames(page, 3);
}

async function clickRect(page, widget) {
  const r = await page.evaluate((n) => window.carvallo.widgetRect(n), widget);
  assert.ok(r, `no widget ${widget}`);
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  await frames(page, 3);
}

async function hoverLabel(page, label, window) {
  const [x, y] = await centreOf(page, label, window);
  await page.mouse.move(x, y);
  await frames(page, 4);  // ImGui opens a submenu after a short hover
}

async function closeMenus(page) {
  await page.keyboard.press('Escape');
  await frames(page, 2);
}

// The menu bar's menus one after another, with the View menu's submenus; `menus` names the top ones.
async function surveyMenus(page, survey, menus, shot) {
  for (const menu of menus) {
    await clickLabel(page, menu);
    survey.add(await targets(page), `${menu} menu`);
    if (shot && menu === 'View') await page.screenshot({ path: path.join(artifacts, `targets-${shot}-view-menu.png`) });
    if (menu === 'View') {
      for (const sub of ['Stage plot', 'Save picture', 'Record video']) {
        await hoverLabel(page, sub);
        survey.add(await targets(page), `View > ${sub}`);
        if (shot && sub === 'Save picture') await page.screenshot({ path: path.join(artifacts, `targets-${shot}-menu.png`) });
      }
    }
    await closeMenus(page);
  }
}

// Each panel scrolled through from top to bottom (a wheel notch at a time over its middle), so that every
// target of it is seen whole somewhere.
async function surveyScrolling(page, survey, panel, where) {
  const r = await page.evaluate((n) => window.carvallo.widgetRect(n), panel);
  if (!r) return;
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
  let last = '';
  for (let i = 0; i < 40; i++) {
    const list = await targets(page);
    survey.add(list, `${where}, scrolled ${i}`);
    const key = JSON.stringify(list.filter((t) => t.window && t.kind === 'item').slice(0, 6).map((t) => [t.label, Math.round(t.y)]));
    if (key === last) break;
    last = key;
    await page.mouse.wheel(0, 240);
    await frames(page, 2);
  }
  await page.mouse.wheel(0, -100000);
  await frames(page, 2);
}

function assertNone(survey) {
  const under = [...survey.under.values()];
  assert.ok(under.length === 0, `${survey.layout}: ${under.length} targets under ${MIN}x${MIN} CSS px:\n${under.join('\n')}`);
}

test('1920x1080: every target of the panels, the menus, a combo, the Design window and the steady turns', async (t) => {
  const survey = new Survey('1920x1080');
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1920, height: 1080 });
  try {
    await frames(page, 3);
    survey.add(await targets(page), 'panels');
    await page.screenshot({ path: path.join(artifacts, 'targets-1920.png') });
    await surveyMenus(page, survey, ['Models', 'View', 'Scenarios', 'Lesson', 'Help'], '1920');
    // A combo's list and a time plot's scale popup.
    await clickRect(page, 'preset');
    survey.add(await targets(page), 'Preset list');
    await closeMenus(page);
    for (const panel of ['panel:parameters', 'panel:eigenvalues', 'panel:simulation']) await surveyScrolling(page, survey, panel, panel);
    await clickRect(page, 'yscale:angles');
    survey.add(await targets(page), 'y-scale popup');
    await closeMenus(page);
    // The Design window and the steady turns.
    await page.evaluate(() => window.carvallo.setState({ design: true, turns: true }));
    await frames(page, 4);
    survey.add(await targets(page), 'design and turns');
    await page.screenshot({ path: path.join(artifacts, 'targets-1920-design.png') });
    survey.report(t);
    assertNone(survey);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('1280x720 presentation at every text step: the stage, its plot, the menus', async (t) => {
  const survey = new Survey('1280x720 presentation');
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#present=1', still({ width: 1280, height: 720 }));
  try {
    for (const text of TEXT_STEPS) {
      await page.evaluate((x) => window.carvallo.setState({ text: x }), text);
      await frames(page, 6);  // the font is rebuilt and the stage's bar settles
      survey.add(await targets(page), `text ${text}`);
      await page.screenshot({ path: path.join(artifacts, `targets-presentation-${text}.png`) });
      await clickLabel(page, 'View');
      survey.add(await targets(page), `text ${text}, View menu`);
      await closeMenus(page);
    }
    await page.evaluate(() => window.carvallo.setState({ text: 1 }));
    await frames(page, 6);
    await surveyMenus(page, survey, ['Models', 'Lesson', 'Help']);
    await clickLabel(page, 'Design...');
    survey.add(await targets(page), 'Design... popup');
    await closeMenus(page);
    survey.report(t);
    assertNone(survey);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [layout, viewport] of [['390x844 phone', PHONE], ['844x390 phone', { ...PHONE, width: 844, height: 390 }]]) {
  test(`${layout} at 3 device pixels per px: every panel tab, the menus`, async (t) => {
    const survey = new Survey(layout);
    const { context, page, problems } = await openPage(env.browser, env.server.url, still(viewport));
    const slug = layout.split(' ')[0];
    try {
      await frames(page, 3);
      for (const panel of ['view', 'parameters', 'eigenvalues', 'simulation', 'design']) {
        await page.evaluate((p) => window.carvallo.setState({ panel: p }), panel);
        await frames(page, 4);
        survey.add(await targets(page), `${panel} tab`);
        await page.screenshot({ path: path.join(artifacts, `targets-${slug}-${panel}.png`) });
        if (panel !== 'view') await surveyScrolling(page, survey, `panel:${panel}`, `${panel} tab`);
      }
      await page.evaluate(() => window.carvallo.setState({ panel: 'view' }));
      await frames(page, 4);
      await surveyMenus(page, survey, ['Models', 'View', 'Lesson', 'Help'], slug);
      if (viewport.height < 500) {
        // On its side the View menu's rows are taller than the screen: a finger's swipe scrolls it to its last.
        const touch = await touchInput(context, page);
        const [vx, vy] = await centreOf(page, 'View');
        await touch('touchStart', [[vx, vy]]);
        await touch('touchEnd', []);
        await frames(page, 3);
        assert.equal(await find(page, 'Read-only (lock)'), undefined, 'the View menu is taller than the screen');
        const first = await find(page, 'Presentation mode');
        assert.ok(first, 'the View menu opened by a tap');
        const x = first.x + first.w / 2;
        await touch('touchStart', [[x, 300]]);
        for (let i = 1; i <= 8; i++) { await touch('touchMove', [[x, 300 - 25 * i]]); await frames(page, 1); }
        await touch('touchEnd', []);
        await frames(page, 3);
        assert.ok(await find(page, 'Read-only (lock)'), 'a swipe scrolls the View menu to its last item');
        await page.screenshot({ path: path.join(artifacts, `targets-${slug}-view-menu-swiped.png`) });
      }
      survey.report(t);
      assertNone(survey);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
