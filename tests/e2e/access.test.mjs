// End-to-end: every student (WCAG 2.1 AA for a canvas page). The parallel DOM found by role and name with
// its values; axe-core (npm) on the 1920x1080, 1280x720 presentation and 390x844 phone layouts with no
// moderate, serious or critical violation; the keyboard alone starts the simulation, changes the speed, kicks, opens
// the built-in lesson and steps through its scenes, with no pointer event; the live region says a refusal,
// a link's refusals, a caption and a fall; a plot as text; Escape closes the QR code; under
// prefers-reduced-motion nothing plays by itself and under prefers-contrast: more the high-contrast profile
// is chosen. Three page loads. Screenshots: build/e2e/access-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, PHONE, artifacts, root, still } from './browser.mjs';

const T0 = Date.now();
const mark = (what) => { if (process.env.CARVALLO_E2E_TIMES) console.log(`${((Date.now() - T0) / 1000).toFixed(1)} s: ${what}`); };
const AXE = path.join(root, 'node_modules', 'axe-core', 'axe.min.js');

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const state = (page) => page.evaluate(() => window.carvallo.getState());
const sim = (page) => page.evaluate(() => window.carvallo.simState());
const said = (page) => page.evaluate(() => window.carvallo.announcements());

// axe-core's violations of moderate, serious or critical impact, named with their elements.
async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
  return found;
}

// Presses Tab (the keyboard only) until the focused element has that accessible name; at most `limit` times.
const focusedName = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return el && (el.getAttribute('aria-label') || el.textContent);
});
async function tabTo(page, name, { limit = 80, key = 'Tab' } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await focusedName(page) === name) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${key} never reached "${name}"`);
}

test('1280x720 presentation: roles, names and values; a DOM change checked like the widget; the keyboard alone through the lesson; the live region', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#present=1&speed=5', {
    width: 1280, height: 720,
    // Every pointer event the page sees is counted: the keyboard test must cause none.
    initScript: () => {
      window.__pointer = 0;
      for (const t of ['pointerdown', 'mousedown', 'click', 'touchstart'])
        window.addEventListener(t, (e) => { if (e.isTrusted && (e.pointerType !== '' || t !== 'click')) window.__pointer++; }, true);
    },
  });
  try {
    mark('await frames(page, 3);\n    // ');
    await frames(page, 3);
    // Roles and names, with values and their units in words.
    for (const name of ['Play', 'Step', 'Reset', 'Kick', 'Steer torque left', 'Steer torque right', 'Lean torque left',
      'Lean torque right', 'Copy link', 'QR code of this link', 'Open lesson: Why bicycles stay up', 'Describe the eigenvalue plot'])
      await page.getByRole('button', { name, exact: true }).waitFor({ state: 'attached', timeout: 5000 });
    assert.equal(await page.getByRole('button', { name: 'Kick' }).getAttribute('aria-keyshortcuts'), 'K');
    const speed = page.getByRole('slider', { name: 'Speed' });
    // With the speed, whether the bicycle is self-stable there (Meijaard 2007, Table 2: 4.2924 < v < 6.0243 m/s),
    // as the plot's shaded band shows it.
    assert.equal(await speed.getAttribute('aria-valuetext'), '5.0 metres per second, self-stable');
    const s0 = await state(page);
    const w = page.getByRole('spinbutton', { name: /^w, / });
    assert.equal(Number(await w.inputValue()), s0.bike.w);
    assert.equal(await w.getAttribute('aria-valuetext'), `${s0.bike.w} metres`);
    assert.equal(await page.getByRole('combobox', { name: 'Model' }).inputValue(), 'Whipple-Carvallo bicycle');  // its menu title
    assert.equal(await page.getByRole('combobox', { name: 'Preset' }).inputValue(), s0.preset);
    // The stage's plot by its title, as the View menu offers it (the link has its word).
    const stageTitles = { eigenvalues: 'Eigenvalues', 'roll-steer': 'Roll and steer', torques: 'Rider torques', turns: 'Steady turns',
                          'design-map': 'Design map', compare: 'Methods compared', violations: 'Constraint violations', none: 'No plot' };
    assert.equal(await page.getByRole('combobox', { name: 'Stage plot' }).inputValue(), stageTitles[s0.stage]);
    assert.equal(Number(await page.getByRole('spinbutton', { name: 'Eigenvalue plot to speed' }).inputValue()), s0.vmax);
    await page.getByRole('spinbutton', { name: 'Head angle' }).waitFor({ state: 'attached' });
    await page.getByRole('checkbox', { name: 'Front assembly moves with the wheelbase' }).waitFor({ state: 'attached' });

    mark('assert.deepEqual(await axeViol');
    assert.deepEqual(await axeViolations(page), [], 'axe on the 1280x720 presentation');

    mark('// The keyboard alone: the fir');
    // The keyboard alone: the first Tab reaches Play; Space plays.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Play');
    await page.keyboard.press('Space');
    await frames(page, 2);
    assert.equal((await sim(page)).playing, true, 'Space on Play plays');
    assert.ok((await said(page)).includes('Playing'), 'and says so');
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'access-presentation-focus.png') });
    // A field away from its widget (the parameters are not on the stage) shows its name above it while it
    // has the focus (its value alone said nothing), and the name goes with the focus.
    const away = await page.evaluate(() => {
      const el = [...document.querySelectorAll('#a11y-dom input')].find((e) => /^Head angle/.test(e.getAttribute('aria-label') || ''));
      el.focus();
      const name = [...document.querySelectorAll('body > div[aria-hidden="true"]')].find((d) => d.textContent === el.getAttribute('aria-label'));
      const r = name && getComputedStyle(name).display !== 'none' ? name.getBoundingClientRect() : null, f = el.getBoundingClientRect();
      return { away: el.classList.contains('a11y-away'), name: r && { top: r.top, bottom: r.bottom, w: r.width }, field: { top: f.top } };
    });
    assert.ok(away.away, 'Head angle is not on the stage');
    assert.ok(away.name && away.name.w > 0 && away.name.bottom <= away.field.top, `its name shows above it: ${JSON.stringify(away)}`);
    await page.screenshot({ path: path.join(artifacts, 'access-presentation-away-field.png') });
    await page.getByRole('button', { name: 'Pause', exact: true }).focus();  // where the walk below goes on from
    const namesShown = () => page.evaluate(() => [...document.querySelectorAll('body > div[aria-hidden="true"]')].filter((d) => getComputedStyle(d).display !== 'none').map((d) => d.textContent));
    assert.deepEqual(await namesShown(), [], 'its name goes with the focus');
    // A control sharing its widget (the typed speed, the speed slider's) is named under it as the focus
    // comes, then the name leaves: it had stood over the message under the widget (a tester).
    await page.getByRole('spinbutton', { name: 'Speed, typed', exact: true }).focus();
    assert.deepEqual(await namesShown(), ['Speed, typed'], 'named as the focus comes');
    await page.waitForTimeout(3000);
    assert.deepEqual(await namesShown(), [], 'and the name leaves after a moment');
    await page.getByRole('button', { name: 'Pause', exact: true }).focus();
    // The shortcut list from its button: its rows as a table a screen reader reads, its opening said, the
    // focus kept on the button (only it is left while the list covers the page), and Escape closes it.
    await tabTo(page, 'Keyboard shortcuts');
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.match(await page.evaluate(() => window.carvallo.description()), /\?\tthis list/);
    assert.ok((await said(page)).some((line) => line.startsWith('The keyboard shortcuts, as a table')), 'the list is said');
    assert.equal(await focusedName(page), 'Keyboard shortcuts', 'the focus stays on the button');
    // Tab and Shift+Tab go round what the list leaves: past it the focus went to the page's body, unseen.
    for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
      await page.keyboard.press(key);
      assert.equal(await focusedName(page), 'Keyboard shortcuts', `${key}: the focus stays on the list's button`);
    }
    await page.keyboard.press('Escape');
    await frames(page, 3);
    assert.equal(await page.getByRole('button', { name: 'Play', exact: true }).count() +
                 await page.getByRole('button', { name: 'Pause', exact: true }).count(), 1, 'the controls are back');
    // A hold button held with Space: the steer torque acts while the key is down.
    await tabTo(page, 'Steer torque right', { key: 'Shift+Tab' });  // back from the list's button, before the panels' many controls
    await page.keyboard.down('Space');
    await frames(page, 2);
    assert.equal((await sim(page)).steerTorque, s0.torque, 'the steer torque acts while Space is held');
    await page.keyboard.up('Space');
    await frames(page, 2);
    assert.equal((await sim(page)).steerTorque, 0, 'and stops when it is released');
    // The speed slider: two steps of 0.1 m/s with the arrow key, through the same setter as the canvas's.
    await tabTo(page, 'Speed');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await frames(page, 2);
    assert.ok(Math.abs((await state(page)).speed - 5.2) < 1e-9, `speed ${(await state(page)).speed}`);
    assert.equal(await speed.getAttribute('aria-valuetext'), '5.2 metres per second, self-stable');
    mark('// Kick: the roll');
    // Kick: the roll rate jumps by the kick's amount.
    await tabTo(page, 'Kick', { key: 'Shift+Tab' });
    await page.evaluate(() => window.carvallo.play(false));
    const before = (await sim(page)).rollRate;
    await page.keyboard.press('Enter');
    await frames(page, 1);
    const after = (await sim(page)).rollRate;
    assert.ok(Math.abs(after - before - s0.kick) < 1e-9, `kick: roll rate ${before} -> ${after}, kick ${s0.kick}`);

    mark('// A value typed into the DOM');
    // A value typed into the DOM's field is refused as the canvas field refuses it, and said.
    await w.fill('1000');  // focuses the field and types (no pointer)
    await w.press('Enter');
    await frames(page, 2);
    assert.equal((await state(page)).bike.w, s0.bike.w, 'w stays');
    const refusal = (await page.evaluate(() => window.carvallo.messages())).find((m) => m.startsWith('w = 1000 m refused: '));
    assert.ok(refusal && refusal.endsWith(`; w stays ${s0.bike.w} m`), `refusal ${refusal}`);
    assert.ok((await said(page)).includes(refusal), 'the refusal is said');

    mark('// The lesson by keyboard');
    // The lesson by keyboard: open it, hear the first caption, go to the next scenes.
    await tabTo(page, 'Open lesson: Why bicycles stay up', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await frames(page, 2);
    let lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.index, 0);
    assert.ok((await said(page)).includes(lesson.scenes[0].caption), 'the first caption is said');
    for (const index of [1, 2]) {
      await tabTo(page, 'Next scene');
      await page.keyboard.press('Enter');
      await frames(page, 2);
      lesson = await page.evaluate(() => window.carvallo.lesson());
      assert.equal(lesson.index, index);
      assert.ok((await said(page)).includes(lesson.scenes[index].caption), `caption ${index + 1} is said`);
      if (index === 1) {
        // Scene 2 falls at 2 m/s: the fall is said in the panel's words.
        await page.evaluate(() => window.carvallo.step(3000));
        await frames(page, 2);
        const event = (await sim(page)).event;
        assert.match(event, /fell|handlebars turned/);
        assert.ok((await said(page)).includes(event), `the fall "${event}" is said`);
        // After the fall Kick (K) cannot act, and says so rather than nothing.
        await page.keyboard.press('k');
        await frames(page, 3);
        assert.equal((await said(page)).at(-1), 'The run has ended: Reset (R) starts it again');
        // The caption, said when the scene opened and followed since by the fall, is read again on request:
        // it is nowhere else in the page's text.
        const read = page.getByRole('button', { name: 'Read the caption', exact: true });
        assert.match(await read.getAttribute('aria-description') ?? '', /Scene 2 of \d+ of Why bicycles stay up/);
        await read.press('Enter');
        await frames(page, 2);
        assert.equal(await page.evaluate(() => window.carvallo.description()), lesson.scenes[1].caption);
        assert.equal((await said(page)).at(-1), lesson.scenes[1].caption, 'and said');
      }
    }
    // On to the last scene: the focus stays on "Next scene", which can no longer act, not on the page.
    await tabTo(page, 'Next scene');
    while (lesson.index < lesson.scenes.length - 1) {
      await page.keyboard.press('Enter');
      await frames(page, 2);
      lesson = await page.evaluate(() => window.carvallo.lesson());
    }
    await page.waitForFunction(() => document.activeElement.getAttribute('aria-disabled') === 'true', null, { timeout: 5000 });
    await page.keyboard.press('Enter');  // past the last: nothing happens, and that is said (it had said nothing; a tester)
    await frames(page, 2);
    assert.equal((await page.evaluate(() => window.carvallo.lesson())).index, lesson.scenes.length - 1);
    assert.equal((await said(page)).at(-1), 'This is the last scene');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Next scene', 'the focus stays on the button');
    assert.equal(await page.getByRole('button', { name: 'Next scene', exact: true }).isDisabled(), true, 'which says it cannot act');
    mark('assert.equal(await page.evalua');
    assert.equal(await page.evaluate(() => window.__pointer), 0, 'no pointer event');
    // Escape closes the QR code (Q opens it).
    await page.keyboard.press('q');
    await frames(page, 4);
    assert.ok(await page.evaluate(() => window.carvallo.qrText()));
    // While it covers the page, Tab goes only to what belongs to it (and on, out of the page, as from the
    // page's last control), never to the controls hidden under it.
    const reached = [await page.evaluate(() => document.activeElement.id)];
    for (let k = 0; k < 3; k++) {
      await page.keyboard.press('Tab');
      await frames(page, 2);
      reached.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
    }
    assert.deepEqual(reached.slice(0, 2), ['a11y-qr', 'a11y-copy-link'], reached.join(', '));
    for (const id of reached) assert.ok(['a11y-qr', 'a11y-copy-link', 'BODY'].includes(id), `Tab with the QR code open: ${reached.join(', ')}`);
    await page.keyboard.press('Escape');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.carvallo.qrText()), null, 'Escape closes the QR code');

    mark('// The eigenvalue plot as text');
    // The eigenvalue plot as text: the stability line and the eigenvalues at the current speed.
    await page.getByRole('button', { name: 'Describe the eigenvalue plot' }).press('Enter');
    await frames(page, 2);
    const text = await page.evaluate(() => window.carvallo.description());
    const summary = (await page.evaluate(() => window.carvallo.criticalSpeeds())).summary;
    assert.ok(text.includes(summary), `${text} has ${summary}`);
    const v = (await state(page)).speed;
    const eig = await page.evaluate((sp) => window.carvallo.eigenvalues([sp])[0], v);
    for (const e of eig) assert.ok(text.includes(`${e.mode}\t${(Math.abs(e.re) < 5e-5 ? 0 : e.re).toFixed(4)}`), `${e.mode} ${e.re} in ${text}`);

    mark('// A refused link');
    // The time plots as text: each probe's value now (the run's, rounded to 4 decimals) and its extremes.
    await page.evaluate(() => window.carvallo.play(false));  // the values then stay as described
    await frames(page, 1);
    await page.getByRole('button', { name: 'Describe the time plots' }).press('Enter');
    await frames(page, 2);
    const times = await page.evaluate(() => window.carvallo.description());
    const probes = (await sim(page)).probes;
    for (const name of ['roll', 'steer', 'speed']) {
      const row = times.split('\n').find((l) => l.startsWith(`${name} (`));
      assert.ok(row, `${name} in ${times}`);
      const [now, lo, hi] = row.split('\t').slice(1).map(Number);
      assert.ok(Math.abs(now - probes[name]) <= 5e-5 + 1e-12, `${name} now ${now} vs ${probes[name]}`);
      assert.ok(lo <= now && now <= hi, `${name}: ${lo} <= ${now} <= ${hi}`);
    }
    // A refused link: every refusal is said.
    await page.evaluate(() => { location.hash = '#speed=abc&vmax=1e308&contrast=loud'; });
    await page.waitForFunction(() => window.carvallo.messages().some((m) => m.includes('contrast')), null, { timeout: 5000 });
    await frames(page, 2);
    const messages = await page.evaluate(() => window.carvallo.messages());
    const heard = await said(page);
    for (const m of messages) assert.ok(heard.includes(m), `"${m}" is said`);
    // contrast=high from the link.
    await page.evaluate(() => { location.hash = '#contrast=high'; });
    await page.waitForFunction(() => window.carvallo.getState().contrast === 'high', null, { timeout: 5000 });
    await frames(page, 2);
    await page.screenshot({ path: path.join(artifacts, 'access-high-contrast.png') });
    // The speed typed: applied on Enter (not per keystroke), past the slider's 0.1 m/s steps.
    const speedNow = (await state(page)).speed;
    const typedSpeed = page.getByRole('spinbutton', { name: 'Speed, typed', exact: true });
    assert.equal(Number(await typedSpeed.inputValue()), speedNow);
    await typedSpeed.fill('4.321');
    await frames(page, 2);
    assert.equal((await state(page)).speed, speedNow, 'not applied while typing');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 4.321, 'applied on Enter');
    assert.equal(await speed.getAttribute('aria-valuetext'), '4.3 metres per second, self-stable', 'the slider follows');
    // A decimal comma is the point it stands for (not 55, as a browser's number field in English reads it);
    // what is not a number is refused and said, naming what was typed, and the field shows the value in effect.
    await typedSpeed.fill('5,5');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 5.5, 'a decimal comma');
    await typedSpeed.fill('abc');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 5.5, 'abc changes nothing');
    assert.match((await said(page)).join('\n'), /Speed = 'abc' refused: not a number; Speed stays 5.5 m\/s/);
    assert.equal(await typedSpeed.inputValue(), '5.5', 'the field shows the value in effect');
    // A number too large for any field is said to be that, not "not a number" (a tester).
    await typedSpeed.fill('1e999');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 5.5, '1e999 changes nothing');
    assert.match((await said(page)).join('\n'), /Speed = '1e999' refused: too large a number; Speed stays 5.5 m\/s/);
    // Up and Down step the typed speed by a tenth and apply at once.
    await typedSpeed.press('ArrowUp');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 5.6, 'ArrowUp');
    assert.equal(await typedSpeed.inputValue(), '5.6');
    await typedSpeed.press('ArrowDown');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 5.5, 'ArrowDown');
    // The View menu's text size and presentation, and the Scenarios menu, as buttons.
    const text0 = (await state(page)).text;
    await page.getByRole('button', { name: 'Text larger', exact: true }).press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).text, text0 * 1.25, 'Text larger');
    await page.getByRole('button', { name: 'Text smaller', exact: true }).press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).text, text0, 'Text smaller');
    const presentation = page.getByRole('button', { name: 'Presentation mode', exact: true });
    const present0 = (await state(page)).present;
    assert.equal(await presentation.getAttribute('aria-pressed'), String(present0));
    await presentation.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).present, !present0, 'Presentation mode toggles');
    assert.equal(await presentation.getAttribute('aria-pressed'), String(!present0));
    const scenario = page.getByRole('button', { name: /^Scenario: Countersteer/ });
    const unstarted = JSON.stringify(await state(page));
    await scenario.press('Enter');
    await frames(page, 3);
    assert.notEqual(JSON.stringify(await state(page)), unstarted, 'the scenario starts');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('phone and 1920x1080: axe; reduced motion plays nothing by itself; prefers-contrast: more gives the high profile', async () => {
  const phone = await openPage(env.browser, env.server.url + '#lesson=why-bicycles-stay-up&scene=1',
    { ...PHONE, reducedMotion: 'reduce', contrast: 'more' });
  try {
    await frames(phone.page, 3);
    assert.equal((await sim(phone.page)).playing, false, 'a scene does not play under reduced motion');
    assert.equal((await state(phone.page)).contrast, 'high');
    await phone.page.keyboard.press('Tab');
    assert.equal(await phone.page.evaluate(() => document.activeElement.textContent), 'Play', 'Play first');
    assert.deepEqual(await axeViolations(phone.page), [], 'axe on the phone');
    await phone.page.screenshot({ path: path.join(artifacts, 'access-phone.png') });
    assert.deepEqual(phone.problems, []);
  } finally {
    await phone.context.close();
  }
  const wide = await openPage(env.browser, env.server.url, { width: 1920, height: 1080 });
  try {
    await frames(wide.page, 3);
    assert.deepEqual(await axeViolations(wide.page), [], 'axe at 1920x1080');
    // Each element lies over the widget it mirrors, so the focus lands where the widget is.
    for (const [name, widget] of [['Play', 'play'], ['Copy link', 'copy-link']]) {
      const box = await wide.page.getByRole('button', { name, exact: true }).boundingBox();
      const r = await wide.page.evaluate((n) => window.carvallo.widgetRect(n), widget);
      assert.ok(Math.abs(box.x - r.x) < 1 && Math.abs(box.y - r.y) < 1, `${name}: ${JSON.stringify(box)} over ${JSON.stringify(r)}`);
      assert.ok(box.width >= 24 && box.height >= 24, `${name}: at least 24x24 CSS px`);
    }
    // A control inside a collapsed section (Methods, a parameter group) opens it when it gets the focus,
    // and its panel scrolls to it (the front wheel's group opens below the Parameters panel's fold), so its
    // widget is on screen and its element lies over it.
    for (const [role, name, widget] of [['combobox', 'Integrator', 'method:integrator'], ['spinbutton', /^mR, /, 'param:mR'],
                                        ['spinbutton', /^IFyy, /, 'param:IFyy']]) {
      assert.equal(await wide.page.evaluate((n) => window.carvallo.widgetRect(n), widget), null, `${widget} starts collapsed`);
      await wide.page.getByRole(role, { name }).focus();
      await frames(wide.page, 3);
      const opened = await wide.page.evaluate((n) => window.carvallo.widgetRect(n), widget);
      assert.ok(opened && opened.h >= 20, `${widget}: its section opened on focus, the widget whole on screen: ${JSON.stringify(opened)}`);
      const at = await wide.page.getByRole(role, { name }).boundingBox();
      assert.ok(Math.abs(at.x - opened.x) < 1 && Math.abs(at.y - opened.y) < 1, `${widget}: ${JSON.stringify(at)} over ${JSON.stringify(opened)}`);
    }
    const w = await wide.page.getByRole('spinbutton', { name: /^w, / }).boundingBox();
    const rw = await wide.page.evaluate(() => window.carvallo.widgetRect('param:w'));
    assert.ok(Math.abs(w.x - rw.x) < 1 && Math.abs(w.y - rw.y) < 1, `w: ${JSON.stringify(w)} over ${JSON.stringify(rw)}`);
    await wide.page.keyboard.press('Tab');
    await frames(wide.page, 2);
    await wide.page.screenshot({ path: path.join(artifacts, 'access-1920-focus.png') });

    // The View menu's switches, the methods, a time plot's y-axis and the design map's settings, each
    // through its native control, with the canvas's checks.
    const page = wide.page;
    const inertia = page.getByRole('button', { name: 'Inertia ellipsoids', exact: true });
    assert.equal(await inertia.getAttribute('aria-pressed'), 'false');
    await inertia.press('Enter');
    await frames(page, 2);
    assert.equal((await state(page)).inertia, true, 'Inertia ellipsoids on');
    assert.equal(await inertia.getAttribute('aria-pressed'), 'true');
    // The methods read as words ("Runge-Kutta 4"), their values the link's names.
    const integrator = page.getByRole('combobox', { name: 'Integrator' });
    assert.equal(await integrator.locator('option[value="rk4"]').textContent(), 'Runge-Kutta 4');
    assert.equal(await page.getByRole('combobox', { name: 'Stabilization' }).locator('option[value="direct"]').textContent(), 'Direct correction');
    await integrator.selectOption({ label: 'Runge-Kutta 4' });
    await page.getByRole('combobox', { name: 'Stabilization' }).selectOption('baumgarte');
    const step = page.getByRole('spinbutton', { name: 'Time step (s)' });
    await step.fill('0,002');  // a decimal comma, as typed in Dutch or Spanish
    await step.press('Enter');
    await frames(page, 2);
    const methods = await state(page);
    assert.deepEqual([methods.integ, methods.stab, methods.dt], ['rk4', 'baumgarte', 0.002]);
    // Past the slider's ends: refused and said, not clamped in silence.
    await step.fill('10');
    await step.press('Enter');
    await frames(page, 2);
    assert.equal((await state(page)).dt, 0.002, 'the time step stays');
    const stepRefusal = 'Time step (s) = 10 s refused: 0.0001 to 0.05 s (default 0.005); Time step (s) stays 0.002 s';
    assert.ok((await page.evaluate(() => window.carvallo.messages())).includes(stepRefusal), 'the refusal is shown');
    assert.ok((await said(page)).includes(stepRefusal), 'and said');
    // The field is marked invalid and describes the refusal; the same refusal a second time is said again.
    assert.equal(await step.getAttribute('aria-invalid'), 'true');
    assert.ok((await step.getAttribute('aria-description')).startsWith(stepRefusal), 'the refusal describes the field');
    const times = async () => (await said(page)).filter((a) => a === stepRefusal).length;
    const once = await times();
    await step.fill('10');
    await step.press('Enter');
    await frames(page, 2);
    assert.equal(await times(), once + 1, 'a second refusal is said again');
    await step.fill('0.002');
    await step.press('Enter');
    await frames(page, 2);
    assert.equal(await step.getAttribute('aria-invalid'), null,
      `a value applied: no longer invalid (${JSON.stringify(await page.evaluate(() => window.carvallo.messages()))})`);
    assert.equal(await times(), once + 1, 'and nothing more said of the refusal');
    const yaxis = page.getByRole('combobox', { name: 'roll and steer: y-axis' });
    await yaxis.selectOption('fixed');
    await frames(page, 2);
    const from = page.getByRole('spinbutton', { name: 'roll and steer: from' });
    await from.fill('50');  // above the upper end (10): refused, the range stays
    await from.press('Enter');
    await frames(page, 2);
    assert.ok((await page.evaluate(() => window.carvallo.messages())).includes(
      'roll and steer: from = 50 deg refused: from must be below to; the range stays -10 to 10 deg'));
    await from.fill('-20');
    await from.press('Enter');
    await frames(page, 2);
    assert.equal((await state(page)).yangles, '-20:10');
    await page.getByRole('button', { name: 'Design map and side view', exact: true }).press('Enter');
    await frames(page, 3);
    await page.getByRole('combobox', { name: 'Design map shows' }).selectOption('weave');
    const vmax = page.getByRole('spinbutton', { name: 'The highest speed the map looks for (0.1 to 100 m/s)' });
    await vmax.fill('500');
    await vmax.press('Enter');
    await frames(page, 2);
    const map = await state(page);
    assert.equal(map.mapq, 'weave');
    assert.equal(map.mapvmax, 10, 'vmax 500 refused');
    assert.deepEqual(await axeViolations(page), [], 'axe with the design map and its controls');
    assert.deepEqual(wide.problems, []);
  } finally {
    await wide.context.close();
  }
});

test('the lesson editor from the keyboard: title, a caption, the order and a deletion, each through its native control', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#lesson=why-bicycles-stay-up&scene=1', still({ width: 1280, height: 720 }));
  try {
    await page.evaluate(() => window.carvallo.ready);
    await frames(page, 2);
    const edit = page.getByRole('button', { name: 'Edit lesson', exact: true });
    assert.equal(await edit.getAttribute('aria-pressed'), 'false');
    await edit.focus();
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.equal(await edit.getAttribute('aria-pressed'), 'true');
    // The title: typed and applied on Enter, as on the canvas.
    const title = page.getByRole('textbox', { name: 'Lesson title' });
    assert.equal(await title.inputValue(), 'Why bicycles stay up');
    await title.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Bicycles, kept up', { delay: 10 });
    await page.keyboard.press('Enter');
    await frames(page, 3);
    let lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.title, 'Bicycles, kept up');
    // A caption: several lines, applied when the field is left; the keys typed stay in the field (K is not a kick).
    const caption = page.getByRole('textbox', { name: 'Caption of scene 2' });
    await caption.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Kicked at 2 m/s,\nit falls.', { delay: 10 });
    await page.keyboard.press('Tab');
    await frames(page, 3);
    lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.scenes[1].caption, 'Kicked at 2 m/s,\nit falls.');
    assert.equal(lesson.scenes.length, 7);
    // Scene 2 moves up, then the new first scene is deleted.
    await page.getByRole('button', { name: 'Move scene 2 up', exact: true }).focus();
    await page.keyboard.press('Enter');
    await frames(page, 3);
    lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.scenes[0].caption, 'Kicked at 2 m/s,\nit falls.');
    // The focus follows the scene moved (it had stayed on "Move scene 2 up", now another scene's button).
    assert.equal(await focusedName(page), 'Move scene 1 up');
    assert.equal(await page.getByRole('button', { name: 'Move scene 1 up', exact: true }).isDisabled(), true, 'the first scene cannot move up');
    await page.getByRole('button', { name: 'Delete scene 1', exact: true }).focus();
    await page.keyboard.press('Enter');
    await frames(page, 3);
    lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.scenes.length, 6);
    assert.ok(!lesson.scenes.some((s) => s.caption.startsWith('Kicked')));
    // The focus goes to the scene now in the deleted one's place, not to its Delete (a second Enter had
    // deleted another scene; a screen reader's user).
    assert.equal(await focusedName(page), 'Show scene 1');
    // The scene shown deleted: the one now at its place is shown, its view and caption (the deleted one's
    // view stayed, under the next scene's number, and a lesson link opened it as that scene).
    assert.equal(lesson.index, 0, 'the scene shown is the first');
    const next = lesson.scenes[1];
    await page.getByRole('button', { name: 'Delete scene 1', exact: true }).focus();
    await page.keyboard.press('Enter');
    await frames(page, 3);
    lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(lesson.scenes.length, 5);
    assert.equal(lesson.index, 0);
    assert.equal((await state(page)).caption, next.caption, 'the scene now first is shown');
    assert.match(next.link, new RegExp(`speed=${(await state(page)).speed}(&|$)`), `its view: ${next.link}`);
    // The view changed, the scene shown takes it, its caption kept (a scene's settings had to be corrected
    // by adding a scene, moving it and deleting the old one; a lecturer).
    const keep = page.getByRole('button', { name: 'Keep this view as scene 1', exact: true });
    assert.equal(await keep.count(), 0, 'nothing to keep while the view is the scene');
    await page.evaluate(() => window.carvallo.setState({ speed: 3.25 }));
    await frames(page, 3);
    await keep.press('Enter');
    await frames(page, 3);
    lesson = await page.evaluate(() => window.carvallo.lesson());
    assert.match(lesson.scenes[0].link, /speed=3\.25(&|$)/, `the scene's view: ${lesson.scenes[0].link}`);
    assert.equal(lesson.scenes[0].caption, next.caption, 'its caption kept');
    assert.equal(lesson.scenes.length, 5);
    assert.equal(await keep.count(), 0, 'the view is the scene again');
    // A refused title is said, and the title stays.
    await title.fill('x'.repeat(600));  // pasted, as a long text would be
    await page.keyboard.press('Enter');
    await frames(page, 3);
    assert.equal((await page.evaluate(() => window.carvallo.lesson())).title, 'Bicycles, kept up');
    assert.match((await said(page)).join('\n'), /Lesson title: longer than/);
    await page.screenshot({ path: path.join(artifacts, 'access-lesson-editor.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// A keyboard-only student (no pointer): a caption typed is seen as it is typed and kept by Escape, as on the
// canvas; a field is left by Escape and the one-key shortcuts work again; the timeline's arrows move a tenth
// of a second; a mechanism's formulation, "Paper's methods" and the plots' time window are native controls.
test('the keyboard alone: a caption seen as typed and kept by Escape, Escape leaves a field, the timeline by tenths, a mechanism\'s controls', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#lesson=why-bicycles-stay-up&scene=1', { width: 1366, height: 768 });
  try {
    await page.evaluate(() => window.carvallo.ready);
    await frames(page, 2);
    await page.getByRole('button', { name: 'Edit lesson', exact: true }).press('Enter');
    await frames(page, 3);
    const caption = page.getByRole('textbox', { name: 'Caption of scene 1' });
    await caption.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' ABC', { delay: 10 });
    // Over its widget, visible, at the canvas's text size: what is typed is on screen.
    const look = await caption.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { opacity: cs.opacity, fontSize: parseFloat(cs.fontSize), width: el.getBoundingClientRect().width };
    });
    assert.equal(look.opacity, '1', 'the caption typed in is visible');
    assert.ok(look.fontSize >= 12 && look.width > 100, JSON.stringify(look));
    await page.screenshot({ path: path.join(artifacts, 'access-caption-typed.png') });
    // Escape keeps what was typed and leaves the editor open; a second Escape closes it.
    await page.keyboard.press('Escape');
    await frames(page, 3);
    assert.ok((await page.evaluate(() => window.carvallo.lesson())).scenes[0].caption.endsWith(' ABC'), 'Escape kept the caption typed');
    assert.equal(await page.getByRole('button', { name: 'Edit lesson', exact: true }).getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('Escape');
    await frames(page, 3);
    assert.equal(await page.getByRole('button', { name: 'Edit lesson', exact: true }).getAttribute('aria-pressed'), 'false', 'the second Escape closed the editor');
    assert.ok((await page.evaluate(() => window.carvallo.lesson())).scenes[0].caption.endsWith(' ABC'));
  } finally {
    await context.close();
  }
  {
    const { context: c2, page: p2 } = await openPage(env.browser, env.server.url + '#speed=5', { width: 1366, height: 768 });
    try {
      await p2.evaluate(() => window.carvallo.ready);
      await frames(p2, 2);
      // The skip links come first: a section's first control in a few presses, not 37 (to the Model list).
      await tabTo(p2, 'Skip to: Model and parameters', { limit: 10 });
      const link = await p2.evaluate(() => {
        const r = document.activeElement.getBoundingClientRect();
        return { opacity: getComputedStyle(document.activeElement).opacity, w: r.width };
      });
      assert.deepEqual([link.opacity, link.w > 100], ['1', true], 'the skip link is seen while it has the focus');
      await p2.keyboard.press('Enter');
      assert.equal(await focusedName(p2), 'Model');
      // A plot described from its button is shown while the button has the focus, not to screen readers alone.
      await p2.getByRole('button', { name: 'Describe the time plots', exact: true }).press('Enter');
      await frames(p2, 3);
      const region = p2.getByRole('region', { name: 'Plot as text' });
      assert.ok((await region.boundingBox()).height > 40, 'the description is on screen');
      await p2.screenshot({ path: path.join(artifacts, 'access-description-shown.png') });
      await p2.keyboard.press('Tab');
      assert.ok((await region.boundingBox()).height <= 1, 'and hidden once the focus moves on');
      // A number typed and applied with Enter; Escape then leaves the field, and K kicks again.
      const speed = p2.getByRole('spinbutton', { name: 'Speed, typed' });
      await speed.focus();
      await p2.keyboard.press('Control+A');
      await p2.keyboard.type('4.5');
      await p2.keyboard.press('Enter');
      await frames(p2, 3);
      assert.equal((await state(p2)).speed, 4.5);
      await p2.keyboard.press('Escape');
      assert.equal(await p2.evaluate(() => document.activeElement.getAttribute('aria-label')), null, 'Escape left the field');
      const before = (await sim(p2)).rollRate;
      await p2.keyboard.press('k');
      await frames(p2, 3);
      assert.notEqual((await sim(p2)).rollRate, before, 'K kicked once the field was left');
      // The timeline: an arrow key moves 0.1 s, not one 5 ms step.
      await p2.evaluate(() => window.carvallo.step(400));  // 2 s at 5 ms
      await frames(p2, 3);
      const moment = p2.getByRole('slider', { name: 'Moment shown' });
      await moment.focus();
      const t0 = (await sim(p2)).t;
      await p2.keyboard.press('ArrowLeft');
      await frames(p2, 3);
      assert.ok(Math.abs((t0 - (await sim(p2)).t) - 0.1) < 1e-6, `ArrowLeft from ${t0} s to ${(await sim(p2)).t} s`);
      // A mechanism: its formulation, the paper's methods and the time window, each a native control.
      await p2.evaluate(() => window.carvallo.setState({ model: 'four-bar' }));
      await frames(p2, 4);
      const formulation = p2.getByRole('combobox', { name: 'Formulation' });
      const variants = await formulation.evaluate((el) => Array.from(el.options).map((o) => o.value));
      assert.ok(variants.length >= 2, variants.join(', '));
      await formulation.selectOption(variants[1]);
      await frames(p2, 3);
      assert.equal((await state(p2)).variant, variants[1]);
      await p2.evaluate(() => window.carvallo.setState({ integrator: 'rk4', dt: 0.02 }));
      await frames(p2, 3);
      await p2.getByRole('button', { name: 'Paper\'s methods', exact: true }).press('Enter');
      await frames(p2, 3);
      assert.notDeepEqual([(await state(p2)).integrator, (await state(p2)).dt], ['rk4', 0.02], 'the paper\'s methods taken');
      const window = p2.getByRole('spinbutton', { name: 'Time window (s)' });
      await window.fill('30');
      await window.press('Enter');
      await frames(p2, 3);
      assert.equal(await window.getAttribute('aria-valuenow'), '30');
    } finally {
      await c2.close();
    }
  }
  assert.deepEqual(problems, []);
});

// The parallel DOM follows what moves without anyone acting, four times a second (not at every frame:
// its rows, JSON and elements were most of a frame's own work): a playing run's moment shown.
test('a playing run: the parallel DOM follows the moment shown four times a second, with no input', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    await page.getByRole('button', { name: 'Play', exact: true }).press('Enter');
    const moment = page.getByRole('slider', { name: 'Moment shown' });
    await moment.waitFor({ state: 'attached', timeout: 5000 });
    // Counted in the page, with no call into the application meanwhile.
    const seen = await page.evaluate(() => new Promise((done) => {
      const values = [];
      let frames = 0;
      const observer = new MutationObserver((records) => {
        for (const r of records)
          if (r.target.getAttribute && r.target.getAttribute('aria-label') === 'Moment shown') values.push(r.target.getAttribute('aria-valuetext'));
      });
      observer.observe(document.querySelector('main'), { attributes: true, subtree: true, attributeFilter: ['aria-valuetext'] });
      const count = () => { ++frames; requestAnimationFrame(count); };
      requestAnimationFrame(count);
      setTimeout(() => { observer.disconnect(); done({ values, frames }); }, 2000);
    }));
    const distinct = new Set(seen.values).size;
    assert.ok(distinct >= 3, `the moment shown changed ${distinct} times in 2 s (${seen.frames} frames): ${seen.values.join(' | ')}`);
    assert.ok(seen.values.length <= 12, `at most about 4 updates a second, not one a frame: ${seen.values.length} in 2 s (${seen.frames} frames)`);
    // Paused, the slider says the moment shown to the millisecond, and its range reaches it (a last moment
    // summed step by step fell a rounding below it, so End stopped a 5 ms step short). Its number is the
    // browser's, snapped to the step.
    await page.getByRole('button', { name: 'Pause', exact: true }).press('Enter');
    await frames(page, 3);
    const t = (await sim(page)).t;
    assert.equal(await moment.getAttribute('aria-valuetext'), `${t.toFixed(3)} seconds`);
    assert.ok(Number(await moment.getAttribute('max')) >= t, `the range ends at ${await moment.getAttribute('max')}, not below the moment ${t}`);
    assert.ok(Math.abs(Number(await moment.inputValue()) - t) <= 0.005 + 1e-9, `the slider's value ${await moment.inputValue()} is the moment ${t} within a step`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// A typed field from the keyboard as a screen reader's user meets it: a refusal said once and the field
// marked invalid until a value is taken; spaces around a number are no part of it; Escape takes back what
// was typed, and leaving the field then applies nothing.
test('a typed number: refused, then taken, then typed and taken back with Escape', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    const typedSpeed = page.getByRole('spinbutton', { name: 'Speed, typed', exact: true });
    await typedSpeed.waitFor({ state: 'attached', timeout: 5000 });
    const refusal = /Speed = 'abc' refused/;
    await typedSpeed.fill('abc');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await said(page)).filter((s) => refusal.test(s)).length, 1, 'the refusal is said');
    assert.equal(await typedSpeed.getAttribute('aria-invalid'), 'true', 'and the field is marked invalid');
    await typedSpeed.fill('6');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 6);
    assert.equal((await said(page)).filter((s) => refusal.test(s)).length, 1, 'a value taken: the old refusal is not said again');
    assert.equal(await typedSpeed.getAttribute('aria-invalid'), null, 'nor is the field invalid any more');
    await typedSpeed.fill(' 4.25 ');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 4.25, 'spaces around a number');
    await typedSpeed.fill('9');
    await typedSpeed.press('Escape');
    await frames(page, 2);
    assert.equal(await typedSpeed.inputValue(), '4.25', 'Escape takes back what was typed');
    await page.keyboard.press('Shift+Tab');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 4.25, 'and leaving the field applies nothing');
    // A parameter refused by the model (a mass must be positive) marks its field too, whose name says more
    // than the symbol the refusal begins with.
    const mass = page.getByRole('spinbutton', { name: /^mB, / });
    await mass.fill('-5');
    await mass.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).bike.mB, 85, 'the mass stays');
    assert.equal(await mass.getAttribute('aria-invalid'), 'true', 'the refused parameter is marked invalid');
    assert.match(await mass.getAttribute('aria-description'), /^mB = -5 kg refused/);
    await mass.fill('80');
    await mass.press('Enter');
    await frames(page, 3);
    assert.equal(await mass.getAttribute('aria-invalid'), null, 'a mass taken: no longer invalid');
    // A number the model refuses (not only one that is no number) marks the field: its refusal names the
    // speed in words, the field "Speed" (a tester's 1e99 was refused, the field left as if taken).
    await typedSpeed.fill('1e99');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 4.25, 'the speed stays');
    assert.equal(await typedSpeed.getAttribute('aria-invalid'), 'true', 'a speed out of range is marked invalid');
    assert.match(await typedSpeed.getAttribute('aria-description'), /refused: .*speed stays 4.25 m\/s/);
    await typedSpeed.fill('5');
    await typedSpeed.press('Enter');
    await frames(page, 3);
    assert.equal(await typedSpeed.getAttribute('aria-invalid'), null);
    // So does a designer input, whose range is the one it takes (it had said -1e9 to 1e9).
    const head = page.getByRole('spinbutton', { name: 'Head angle', exact: true });
    assert.equal(await head.getAttribute('aria-valuemin'), '0');
    assert.equal(await head.getAttribute('aria-valuemax'), '180');
    assert.equal(await page.getByRole('spinbutton', { name: 'Fork offset', exact: true }).getAttribute('aria-valuemin'), null, 'unbounded');
    const angle = (await state(page)).bike.lambda;
    await head.fill('180');
    await head.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).bike.lambda, angle, 'the head angle stays');
    assert.equal(await head.getAttribute('aria-invalid'), 'true', 'a refused head angle is marked invalid');
    assert.match(await head.getAttribute('aria-description'), /^Head angle = 180 deg refused: .*; head angle stays \d+\.\d{4} deg\./);
    await head.fill('72');
    await head.press('Enter');
    await frames(page, 3);
    assert.equal(await head.getAttribute('aria-invalid'), null, 'a head angle taken: no longer invalid');
    // Another model chosen is said.
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Four-bar linkage');
    await frames(page, 4);
    assert.ok((await said(page)).includes('Model: Four-bar linkage'), (await said(page)).join(' | '));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the live region says a kick, the QR code opening and closing, a lesson closed and another language; the shortcut table leaves with its list', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=5', { width: 1920, height: 1080 });
  try {
    await frames(page, 3);
    const kick = page.getByRole('button', { name: 'Kick', exact: true });
    await kick.waitFor({ state: 'attached', timeout: 5000 });
    await page.evaluate(() => window.carvallo.play(false));
    await frames(page, 2);
    // A kick says itself and when: paused, nothing else would tell a listener it arrived.
    const t = (await sim(page)).t;
    const heard0 = (await said(page)).length;
    // Paused, it says that the kick waits for the run to play (the press had seemed to do nothing; a
    // student), as the toast shows it, once.
    const kicked = `Kick at t = ${t.toFixed(3)} s; paused: it acts when the run plays`;
    await kick.press('Enter');
    await frames(page, 3);
    assert.deepEqual((await said(page)).slice(heard0), [kicked]);
    await kick.press('Enter');  // a second kick at the same moment is said again
    await frames(page, 3);
    assert.deepEqual((await said(page)).slice(heard0), [kicked, kicked]);
    // K from the keyboard, as the button.
    await page.keyboard.press('k');
    await frames(page, 3);
    assert.equal((await said(page)).length, heard0 + 3, 'K is said too');
    // A speed typed out of the self-stable band is said with what it does (a listener had heard nothing
    // while the marker left the band); one typed within the band it is already in, not.
    const typed = page.getByRole('spinbutton', { name: 'Speed, typed' });
    await typed.fill('3');
    await typed.press('Enter');
    // Said once the speed rests (0.4 s).
    await page.waitForFunction(() => window.carvallo.announcements().includes('At 3.00 m/s: not self-stable: the weave grows'), null, { timeout: 5000 });
    const heardAt3 = (await said(page)).length;
    await typed.fill('3.5');
    await typed.press('Enter');
    await page.waitForTimeout(600);
    await frames(page, 4);
    assert.ok(!(await said(page)).slice(heardAt3).some((l) => l.startsWith('At 3.50 m/s')), 'still out of the band: not said again');
    // The slider's arrow keys, ten presses from 5 m/s: the stability at the speed they rest at, once (it had
    // said "At 4.20 m/s" of a slider that ended at 4.00; a student).
    await typed.fill('5');
    await typed.press('Enter');
    await page.waitForFunction(() => window.carvallo.announcements().at(-1) === 'At 5.00 m/s: self-stable', null, { timeout: 5000 });
    const heardAt5 = (await said(page)).length;
    const slider = page.getByRole('slider', { name: 'Speed', exact: true });
    await slider.focus();
    for (let k = 0; k < 10; k++) await slider.press('ArrowLeft');
    await page.waitForTimeout(800);
    await frames(page, 3);
    const steps = (await said(page)).slice(heardAt5).filter((l) => /^At [0-9.]+ m\/s/.test(l));
    assert.deepEqual(steps, ['At 4.00 m/s: not self-stable: the weave grows']);
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.activeElement.blur());
    // The QR code: its opening (Q) and its closing (Escape) are said.
    await page.keyboard.press('q');
    await frames(page, 3);
    assert.equal((await said(page)).at(-1), 'QR code of this link shown; Escape closes it');
    await page.keyboard.press('Escape');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => window.carvallo.qrText()), null);
    assert.equal((await said(page)).at(-1), 'QR code closed');
    // A text step and presentation mode rearrange the whole page, silently otherwise (a tester pressed
    // Text larger and heard nothing): each is said.
    await page.keyboard.press(']');
    await frames(page, 3);
    assert.equal((await said(page)).at(-1), 'Text size 125 %');
    await page.keyboard.press('[');
    await frames(page, 3);
    assert.equal((await said(page)).at(-1), 'Text size 100 %');
    await page.keyboard.press('p');
    await frames(page, 3);
    assert.equal((await said(page)).at(-1), 'Presentation mode on');
    await page.keyboard.press('p');
    await frames(page, 3);
    assert.equal((await said(page)).at(-1), 'Presentation mode off');
    // The shortcut list's table is in "Plot as text" while the list is open, and leaves with it.
    await page.getByRole('button', { name: 'Keyboard shortcuts', exact: true }).press('Enter');
    await frames(page, 3);
    assert.match(await page.evaluate(() => window.carvallo.description()), /\?\tthis list/);
    await page.keyboard.press('Escape');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => window.carvallo.description()), '', 'the table has left with the list');
    // A plot described after it stays (the region is emptied only of the list).
    await page.getByRole('button', { name: 'Describe the time plots', exact: true }).press('Enter');
    await frames(page, 3);
    assert.match(await page.evaluate(() => window.carvallo.description()), /^Time plots at t = /);
    // A lesson opened and closed: its closing is said.
    await page.getByRole('button', { name: 'Open lesson: Why bicycles stay up', exact: true }).press('Enter');
    await frames(page, 3);
    // The focus on the caption's reading, not on Pause, which the next Enter would have pressed.
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent),
                 'Read the caption');
    await page.getByRole('button', { name: 'Close lesson', exact: true }).press('Enter');
    await frames(page, 3);
    assert.equal((await page.evaluate(() => window.carvallo.lesson())).name, null);
    assert.equal((await said(page)).at(-1), 'Lesson closed');
    // Another language: said in it, once its words have arrived, and alone (the model, the stability line,
    // the run's state are not said again in its words).
    const heard1 = (await said(page)).length;
    // By the arrow keys on the closed list: a language passed on the way is not applied, the one chosen is on
    // Enter (each arrow had re-spoken the whole page in another language).
    const languages = page.getByRole('combobox', { name: 'Language', exact: true });
    const [options, at] = await languages.evaluate((el) => [Array.from(el.options).map((o) => o.textContent), el.selectedIndex]);
    const [nl, es] = [options.indexOf('Nederlands'), options.indexOf('Español')];
    await languages.focus();
    for (let k = at; k < Math.max(nl, es); k++) await languages.press('ArrowDown');
    await frames(page, 2);  // well within the second and a half after which a choice is applied
    const before = (await state(page)).lang;
    assert.ok(!['nl', 'es'].includes(before), `passed over, not applied (the state, the link, has lang ${before})`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    for (let k = Math.max(nl, es); k > nl; k--) await languages.press('ArrowUp');
    await languages.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'nl', null, { timeout: 10000 });
    await frames(page, 4);
    assert.deepEqual((await said(page)).slice(heard1), ['Taal: Nederlands']);
    await page.getByRole('combobox', { name: 'Taal', exact: true }).selectOption('Español');
    await page.waitForFunction(() => document.documentElement.lang === 'es', null, { timeout: 10000 });
    await frames(page, 4);
    assert.deepEqual((await said(page)).slice(heard1), ['Taal: Nederlands', 'Idioma: Español']);
    // The kick said in Spanish, with the language's decimal comma.
    await page.getByRole('button', { name: 'Empujón', exact: true }).press('Enter');
    await frames(page, 3);
    assert.match((await said(page)).at(-1), /^Empujón en t = \d+,\d{3} s$/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the speed slider and the typed speed: one range, the model\'s; a steady turn\'s speed shown to three decimals', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=5', { width: 1920, height: 1080 });
  try {
    await frames(page, 3);
    const slider = page.getByRole('slider', { name: 'Speed', exact: true });
    const typed = page.getByRole('spinbutton', { name: 'Speed, typed', exact: true });
    await typed.waitFor({ state: 'attached', timeout: 5000 });
    // What the typed field, a link and setState accept, the slider spans: it shows a speed typed past 0 to 50
    // where it is, not at its end beside a text that says otherwise.
    assert.equal(await slider.getAttribute('min'), await typed.getAttribute('aria-valuemin'));
    assert.equal(await slider.getAttribute('max'), await typed.getAttribute('aria-valuemax'));
    for (const v of [-5, 60]) {
      await typed.fill(String(v));
      await typed.press('Enter');
      await frames(page, 3);
      assert.equal((await state(page)).speed, v);
      assert.equal(Number(await slider.inputValue()), v, `the slider at ${v}`);
      // The fastest-growing mode: riding backward the castering (s = +14.08 1/s at -5 m/s, the mirror of
      // Table 2's -14.08 at 5 m/s), far above the critical speeds the capsize.
      assert.match(await slider.getAttribute('aria-valuetext'), new RegExp(`^${v.toFixed(1)} metres per second, not self-stable: the ${v < 0 ? 'castering' : 'capsize'} grows$`));
    }
    // Below the weave speed the weave grows, above the capsize speed the capsize (Table 2's 4.2924, 6.0243 m/s).
    for (const [v, mode] of [[2, 'weave'], [8, 'capsize']]) {
      await typed.fill(String(v));
      await typed.press('Enter');
      await frames(page, 3);
      assert.equal(await slider.getAttribute('aria-valuetext'), `${v.toFixed(1)} metres per second, not self-stable: the ${mode} grows`);
    }
    // Past the model's range, both refuse it, as a link does.
    await typed.fill('150');
    await typed.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).speed, 8);
    assert.equal((await said(page)).at(-1), 'speed = 150 m/s refused: out of range [-100, 100] m/s; speed stays 8 m/s');
    await page.evaluate(() => { location.hash = '#speed=150'; });
    await page.waitForFunction(() => window.carvallo.messages().some((m) => m.includes('speed=150: speed = 150 m/s is out of range [-100, 100] m/s')),
                               null, { timeout: 5000 });
    assert.deepEqual(await page.evaluate(() => window.carvallo.setState({ speed: -150 }).ignored),
                     ['speed: speed = -150 m/s is out of range [-100, 100] m/s']);
    assert.equal((await state(page)).speed, 8);
    await page.evaluate(() => window.carvallo.setState({ speed: 5 }));
    await frames(page, 3);
    // A steady turn ridden: the field shows the turn's speed to three decimals, as typed values read, not to
    // every digit the continuation found.
    await page.evaluate(() => window.carvallo.setState({ from_turn: 'lean=0.3,family=handlebar-forward' }));
    await page.waitForFunction(() => { const el = document.getElementById('a11y-speed-typed'); return el && el.disabled; }, null, { timeout: 20000 });
    await frames(page, 3);
    const shown = await typed.inputValue();
    assert.match(shown, /^\d+(\.\d{1,3})?$/, `the turn's speed shown as ${shown}`);
    // Upright running's stability is not said of a steady turn's speed.
    assert.equal(await typed.getAttribute('aria-valuetext'), `${Number(shown).toFixed(3)} metres per second`);
    // Nor are the eigenvalue plot's readouts at the set speed the turn's: they say they are upright running's.
    await page.getByRole('button', { name: 'Describe the eigenvalue plot', exact: true }).press('Enter');
    await frames(page, 2);
    assert.match(await page.evaluate(() => window.carvallo.description()),
                 /Upright running at the set speed, 5\.00 m\/s \(not the steady turn ridden\), /);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('every canvas control has its native twin: Reset all, each parameter\'s reset, the eigenvalue panel\'s options, CSV, time x, the notes', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=5', still({ width: 1920, height: 1080 }));
  try {
    await frames(page, 3);
    const button = (name) => page.getByRole('button', { name, exact: true });
    await button('Reset all').waitFor({ state: 'attached', timeout: 5000 });
    const preset = (await state(page)).bike;
    // Each parameter's "x", named by its tooltip's words; it cannot act at the preset's value.
    const resetW = button(`Reset w to the preset's ${preset.w}`);
    assert.equal(await resetW.getAttribute('aria-disabled'), 'true');
    await page.getByRole('spinbutton', { name: /^w, / }).fill('1.1');
    await page.getByRole('spinbutton', { name: /^w, / }).press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).bike.w, 1.1);
    assert.equal(await resetW.getAttribute('aria-disabled'), null);
    await resetW.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).bike.w, preset.w, 'the x puts w back');
    // Reset all: every parameter back to the preset.
    await page.evaluate(() => window.carvallo.setState({ bike: { w: 1.2, c: 0.1 } }));
    await frames(page, 3);
    await button('Reset all').press('Enter');
    await frames(page, 3);
    assert.deepEqual((await state(page)).bike, preset, 'Reset all');
    // The eigenvalue plot's options, as checkboxes named by their labels (the symbol with its words).
    for (const [name, key] of [['Im s (imaginary parts)', 'imag'], ['root locus', 'locus']]) {
      const box = page.getByRole('checkbox', { name, exact: true });
      const before = (await state(page))[key];
      assert.equal(await box.isChecked(), before, name);
      await box.press('Space');
      await frames(page, 3);
      assert.equal((await state(page))[key], !before, `${name} changed`);
      assert.equal(await box.isChecked(), !before);
    }
    // Sensitivities and back, by the button's face.
    await button('Sensitivities').press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).eigview, 'sensitivity');
    await button('Eigenvalue plot').press('Enter');
    await frames(page, 3);
    assert.notEqual((await state(page)).eigview, 'sensitivity');
    // Pin as ghost, then Clear ghost.
    await button('Pin as ghost').press('Enter');
    await frames(page, 3);
    assert.deepEqual((await state(page)).ghost, preset, 'pinned');
    await button('Clear ghost').press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).ghost, null, 'cleared');
    // The bicycle's file: saved from the keyboard (Load opens the browser's file picker, not followed here).
    {
      const [download] = await Promise.all([page.waitForEvent('download'), button('Save bicycle (JSON)').press('Enter')]);
      assert.equal(download.suggestedFilename(), 'benchmark.json');
      await frames(page, 2);
      assert.ok((await said(page)).includes("Saved as benchmark.json: see the browser's downloads"), 'the file saved is said, by its name');
      assert.ok(await button('Load bicycle...').isEnabled());
    }
    // A lesson of one's own begins from the keyboard too: this view as its first scene.
    await button('Add this view as a scene').press('Enter');
    await frames(page, 3);
    const own = await page.evaluate(() => window.carvallo.lesson());
    assert.equal(own.scenes.length, 1, 'a lesson of one scene');
    await button('Close lesson').press('Enter');
    await frames(page, 3);
    // The two CSV buttons, told apart by their names (their label and their panel's), each downloads its file.
    for (const [name, file] of [['CSV (Eigenvalues)', 'carvallo-eigenvalues.csv'], ['CSV (Simulation)', 'carvallo-simulation.csv']]) {
      const [download] = await Promise.all([page.waitForEvent('download'), button(name).press('Enter')]);
      assert.equal(download.suggestedFilename(), file);
    }
    // time x: taken within the slider's ends, refused and said past them.
    const timeX = page.getByRole('spinbutton', { name: 'time x', exact: true });
    await timeX.fill('0.5');
    await timeX.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).tscale, 0.5);
    await timeX.fill('20');
    await timeX.press('Enter');
    await frames(page, 3);
    assert.equal((await state(page)).tscale, 0.5);
    assert.equal((await said(page)).at(-1), 'time x = 20 refused: 0.05 to 10; time x stays 0.5');
    // "What am I looking at?": one per panel, named and described by the panel's title (three alike told a
    // screen reader's list nothing); pressed, the note is the page's text.
    for (const panel of ['Eigenvalues', 'Parameters', 'Simulation'])
      assert.equal(await button(`What am I looking at? (${panel})`).getAttribute('aria-description'), panel);
    await page.locator('#a11y-note-eigen').press('Enter');
    await frames(page, 3);
    assert.match(await page.evaluate(() => window.carvallo.description()), /^Each curve is one eigenvalue of the bicycle/);
    // The focus ring on the canvas, around the widget each twin mirrors.
    for (const id of ['note-eigen', 'param-reset-w']) {
      await page.locator('#a11y-' + id).focus();
      await frames(page, 3);
      await page.screenshot({ path: path.join(artifacts, `access-twins-${id}.png`) });
    }
    // Each twin lies over its widget (the notes, Im s, CSV, the x).
    for (const [id, widget] of [['note-eigen', 'note:eigen'], ['im-s', 'im-s'], ['eigen-csv', 'eigen-csv'], ['reset-all', 'reset-all'],
                                ['time-scale', 'time-scale'], ['ghost-pin', 'ghost-pin'], ['param-reset-w', 'param-reset:w']]) {
      const box = await page.locator('#a11y-' + id).boundingBox();
      const r = await page.evaluate((n) => window.carvallo.widgetRect(n), widget);
      assert.ok(r && Math.abs(box.x - r.x) < 1 && Math.abs(box.y - r.y) < 1, `${id}: ${JSON.stringify(box)} over ${JSON.stringify(r)}`);
    }
    assert.deepEqual(await axeViolations(page), [], 'axe with the twins');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a plot described is described again when the scene or the language changes, not left as the one before', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#lesson=why-bicycles-stay-up&scene=3`, { width: 1280, height: 720 });
  const description = () => page.evaluate(() => window.carvallo.description());
  try {
    await frames(page, 3);
    await page.getByRole('button', { name: 'Describe the eigenvalue plot', exact: true }).press('Enter');
    await page.waitForFunction(() => /Self-stable for 4\.29/.test(window.carvallo.description()), null, { timeout: 5000, polling: 50 });
    await page.keyboard.press('PageDown');  // scene 4: half the trail, 3.75 to 4.77 m/s
    await page.waitForFunction(() => /Self-stable for 3\.75/.test(window.carvallo.description()), null, { timeout: 5000, polling: 50 })
      .catch(async () => assert.fail(`the next scene's plot: ${await description()}`));
    await page.evaluate(() => window.carvallo.setState({ lang: 'es' }));
    await page.waitForFunction(() => /Autoestable [^\n]*3[.,]75/.test(window.carvallo.description()), null, { timeout: 10000, polling: 50 })
      .catch(async () => assert.fail(`in Spanish: ${await description()}`));
    assert.doesNotMatch(await description(), /Self-stable/);
    // Said once, when asked for: described again, the region follows quietly.
    const told = (await page.evaluate(() => window.carvallo.announcements())).filter((l) => /^(Eigenvalue plot|Gráfico de valores propios)/.test(l));
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the page\'s controls are sections under headings a screen reader jumps between, each before its controls, in the page\'s language', async () => {
  // Some 150 controls stood under one h1: a screen reader's user could not jump from the lesson to the
  // parameters or the simulation (a tester).
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#lesson=why-bicycles-stay-up', { width: 1280, height: 800 });
  try {
    await frames(page, 4);
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    for (const name of ['The model: run, rider and speed', 'Lesson', 'View, link and language', 'Plots', 'Model and parameters', 'Eigenvalues', 'Simulation'])
      assert.ok(headings.includes(name), `"${name}" in ${JSON.stringify(headings)}`);
    // Each heading stands right before the first control of its group, in the Tab order.
    const before = async (heading) => page.evaluate((h) => {
      const hs = [...document.querySelectorAll('#a11y-dom h2')].find((e) => e.textContent === h);
      const next = hs && hs.nextElementSibling;
      return next ? next.getAttribute('aria-label') || next.textContent : null;
    }, heading);
    assert.equal(await before('The model: run, rider and speed'), 'Pause');
    assert.equal(await before('Model and parameters'), 'Model');
    const order = await page.evaluate(() => [...document.querySelectorAll('#a11y-dom h2, #a11y-dom [id^="a11y-"]')].map((e) => e.tagName === 'H2' ? `# ${e.textContent}` : e.id));
    assert.ok(order.indexOf('# Lesson') < order.indexOf('a11y-scene-next') && order.indexOf('a11y-scene-next') < order.indexOf('# View, link and language'), JSON.stringify(order.slice(0, 40)));
    // Ctrl+A on the canvas selects none of the hidden controls' words (a copy took 2 304 characters of them).
    await page.mouse.click(640, 400);
    await page.keyboard.press('Control+A');
    assert.equal(await page.evaluate(() => String(window.getSelection())), '', 'nothing hidden selected');
    // In Dutch, the headings too.
    await page.evaluate(() => window.carvallo.setState({ lang: 'nl' }));
    await page.waitForFunction(() => [...document.querySelectorAll('#a11y-dom h2')].some((e) => e.textContent === 'Model en parameters'), null, { timeout: 10000 });
    assert.deepEqual(await axeViolations(page), []);
    // The page's heading names the model shown, and a model with no rider has no rider in its headings (a
    // four-bar had stood under "bicycle dynamics playground" and "run, rider and speed"; a lecturer).
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Carvallo: Whipple-Carvallo-fiets');
    await page.evaluate(() => window.carvallo.setState({ lang: 'en', model: 'four-bar' }));
    await page.waitForFunction(() => document.querySelector('#a11y-dom h1, h1')?.textContent === 'Carvallo: Four-bar linkage', null, { timeout: 10000 });
    await page.waitForFunction(() => [...document.querySelectorAll('#a11y-dom h2')].some((e) => e.textContent === 'The model and its run'), null, { timeout: 10000 });
    const fourBar = await page.getByRole('heading', { level: 2 }).allTextContents();
    assert.ok(!fourBar.some((h) => /rider/.test(h)), JSON.stringify(fourBar));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the live region keeps a scene\'s caption when the fall is said a second later: each said as a line of its own', async () => {
  // The region's text was replaced: scene 2's caption was cut off by the fall said 1.1 s after it (a tester).
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#lesson=why-bicycles-stay-up', { width: 1280, height: 800 });
  try {
    await frames(page, 3);
    await page.getByRole('button', { name: 'Next scene', exact: true }).press('Enter');
    await page.waitForFunction(() => window.carvallo.simState().fallen, null, { timeout: 20000, polling: 100 });
    await frames(page, 6);
    const lines = await page.evaluate(() => [...document.getElementById('a11y-status').children].map((e) => e.textContent));
    const caption = (await page.evaluate(() => window.carvallo.lesson())).scenes[1].caption;
    const at = lines.findIndex((l) => l.includes(caption.slice(0, 40)));
    assert.ok(at >= 0 && lines.slice(at + 1).some((l) => /handlebars turned past 90 degrees/.test(l)), `the caption, then the fall: ${JSON.stringify(lines)}`);
    // The next scene's words replace the last scene's in the region: a screen reader reading it on scene 3
    // had found scene 2's caption and fall (a tester).
    const region = () => page.evaluate(() => [...document.getElementById('a11y-status').children].map((e) => e.textContent).join('\n'));
    const next = async (scene) => {
      const before = (await said(page)).length;
      await page.getByRole('button', { name: 'Next scene', exact: true }).press('Enter');
      await page.waitForFunction((s) => document.getElementById('a11y-status').textContent.startsWith(`Scene ${s} of 7`), scene, { timeout: 10000 });
      await frames(page, 6);
      return (await said(page)).slice(before).flatMap((l) => l.split('\n'));
    };
    await next(3);
    assert.doesNotMatch(await region(), /handlebars|The same bicycle at 2|Scene 2/, 'scene 2 left the region');
    // Scene 4's new band is said after its number and caption (it had come before "Scene 4 of 7").
    const four = await next(4);
    const band = four.findIndex((l) => /^Self-stable for 3\.7/.test(l));
    assert.ok(four[0].startsWith('Scene 4 of 7') && band > 1 && four[1].startsWith('Half the trail'), `scene 4 said: ${JSON.stringify(four)}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
