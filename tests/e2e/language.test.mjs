// End-to-end: the page's languages (issue 30 item 7). `lang=nl` and `lang=es` give <html lang>, the parallel
// DOM's names, the lesson's captions and a fall in Dutch and Spanish, as the string table (web/strings/)
// has them; with no `lang=` the browser's language is the page's; the Language choice changes it; the
// pseudo-locale (`lang=x-long`, every string 40 % longer) leaves no window with content past its edge on the
// 1280x720 projector in presentation at every text step, at 1920x1080 and on a phone. Screenshots:
// build/e2e/language-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, recordProblems, PHONE, artifacts, root, still } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

// The table: English -> {nl, es}.
const table = {};
for (const f of fs.readdirSync(path.join(root, 'web', 'strings')).filter((n) => n.endsWith('.json')))
  Object.assign(table, JSON.parse(fs.readFileSync(path.join(root, 'web', 'strings', f), 'utf8')));
const t = (english, lang) => {
  assert.ok(table[english] && table[english][lang], `the table has ${lang} for "${english}"`);
  return table[english][lang];
};

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}
const said = async (page) => [].concat(await page.evaluate(() => window.carvallo.announcements())).join('\n');

for (const lang of ['nl', 'es']) {
  test(`lang=${lang}: <html lang>, the controls' names, the lesson's captions and a fall`, async () => {
    const { context, page, problems } = await openPage(env.browser,
      env.server.url + `#lesson=why-bicycles-stay-up&scene=1&lang=${lang}&present=1`, { width: 1280, height: 720 });
    try {
      await page.evaluate(() => window.carvallo.ready);
      await frames(page, 3);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      // The title names the lesson's scene, in the language.
      const scene = t('Scene %d of %d of %s', lang).replace('%d', '1').replace('%d', '7').replace('%s', t('Why bicycles stay up', lang));
      assert.equal(await page.title(), `${scene} — Carvallo`, 'the title in the language');
      // A value said with the language's decimal comma: "5.000" would be five thousand.
      const valueText = await page.getByRole('slider', { name: t('Speed', lang), exact: true }).getAttribute('aria-valuetext');
      assert.match(valueText, /^[0-9]+,[0-9]+ /, `the speed said in ${lang}: ${valueText}`);
      for (const name of ['Step', 'Reset', 'Next scene', 'Copy link'])
        assert.equal(await page.getByRole('button', { name: t(name, lang), exact: true }).count(), 1, `${name} in ${lang}`);
      // The presets by their names in the language; choosing one by that name sets the link's preset.
      const preset = page.getByRole('combobox', { name: t('Preset', lang), exact: true });
      assert.equal(await preset.evaluate((el) => el.selectedOptions[0].textContent), t('benchmark', lang));
      const lesson = await page.evaluate(() => window.carvallo.lesson());
      assert.ok((await said(page)).includes(t(lesson.scenes[0].caption, lang)), 'the first caption is said in the language');
      await page.screenshot({ path: path.join(artifacts, `language-${lang}-scene1.png`) });
      // The clicker's PageDown: scene 2, its caption, and its fall, said in the language.
      await page.keyboard.press('PageDown');
      await frames(page, 3);
      assert.ok((await said(page)).includes(t(lesson.scenes[1].caption, lang)), 'the second caption is said in the language');
      await page.evaluate(() => window.carvallo.step(3000));
      await frames(page, 3);
      const event = (await page.evaluate(() => window.carvallo.simState())).event;  // the API's words: English
      assert.match(event, /^At t = ([0-9.]+) s (the bicycle fell over|the handlebars turned)/);
      const time = event.match(/^At t = ([0-9.]+) s/)[1];
      const heard = (await said(page)).split('\n').find((line) => line.includes(`t = ${time} s`));
      assert.ok(heard, `the fall at t = ${time} s is said`);
      assert.doesNotMatch(heard, /fell over|handlebars|Press R/, `the fall is said in ${lang}: ${heard}`);
      await page.screenshot({ path: path.join(artifacts, `language-${lang}-fall.png`) });
      await preset.selectOption(t('two-mass-skate', lang));
      await frames(page, 3);
      assert.equal((await page.evaluate(() => window.carvallo.getState())).preset, 'two-mass-skate');
      assert.equal(await preset.evaluate((el) => el.selectedOptions[0].textContent), t('two-mass-skate', lang));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('no lang=: the browser\'s language; the Language choice and lang=en override it; the link keeps a chosen one', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url + '#speed=5', { width: 1280, height: 720, locale: 'es-ES' });
  try {
    await page.evaluate(() => window.carvallo.ready);
    await frames(page, 2);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
    assert.equal(await page.getByRole('button', { name: t('Step', 'es'), exact: true }).count(), 1);
    assert.equal((await page.evaluate(() => window.carvallo.getState())).lang, 'auto');
    // The parallel DOM's Language choice, as a screen reader or the keyboard uses it.
    await page.getByRole('combobox', { name: t('Language', 'es') }).selectOption('Nederlands');
    // Dutch's words are fetched first (a file of their own): a few frames were not always enough under load.
    await page.waitForFunction(() => document.documentElement.lang === 'nl', null, { timeout: 10000 });
    await frames(page, 3);
    assert.equal((await page.evaluate(() => window.carvallo.getState())).lang, 'nl');
    assert.equal(await page.getByRole('button', { name: t('Step', 'nl'), exact: true }).count(), 1);
    assert.match((await page.evaluate(() => window.carvallo.getState())).link, /(^|&)lang=nl(&|$)/);
    // A link that says English wins over the browser's Spanish.
    await page.evaluate(() => { location.hash = '#lang=en'; });
    await frames(page, 4);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByRole('button', { name: 'Step', exact: true }).count(), 1);
    // An unknown language is refused and said; the one in effect stays.
    const reply = await page.evaluate(() => window.carvallo.setState({ lang: 'tlh' }));
    assert.ok(JSON.stringify(reply).includes('lang'), `refused: ${JSON.stringify(reply)}`);
    assert.equal((await page.evaluate(() => window.carvallo.getState())).lang, 'en');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// Every window's content within its edges (carvallo.clipped()), with every string 40 % longer.
async function clippedAt(page, name) {
  await frames(page, 4);
  const clipped = await page.evaluate(() => window.carvallo.clipped());
  await page.screenshot({ path: path.join(artifacts, `language-x-long-${name}.png`) });
  return clipped.map((c) => `${name}: "${c.window}" by ${c.px.toFixed(1)} px`);
}

test('lang=x-long: nothing runs past a window\'s edge on the projector at every text step, at 1920x1080 and on a phone', async () => {
  const found = [];
  {
    const { context, page, problems } = await openPage(env.browser,
      env.server.url + '#lesson=why-bicycles-stay-up&scene=3&lang=x-long&present=1', still({ width: 1280, height: 720 }));
    try {
      await page.evaluate(() => window.carvallo.ready);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-x-long');
      for (const text of [1, 1.25, 1.5625, 1.953125]) {
        await page.evaluate((s) => window.carvallo.setState({ text: s }), text);
        found.push(...await clippedAt(page, `1280x720-present-text${text}`));
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
  for (const [name, options] of [['1920x1080', { width: 1920, height: 1080 }], ['1280x720', { width: 1280, height: 720 }],
                                 ['phone-390x844', PHONE], ['phone-844x390', { ...PHONE, width: 844, height: 390 }]]) {
    const { context, page, problems } = await openPage(env.browser, env.server.url + '#lang=x-long&speed=5', still(options));
    try {
      await page.evaluate(() => window.carvallo.ready);
      found.push(...await clippedAt(page, name));
      // A phone at a large text (] four times): the menus and the tabs give back some of their size, never cut.
      if (options.isMobile) {
        await page.evaluate(() => window.carvallo.setState({ text: 2.44140625 }));  // ] four times
        found.push(...await clippedAt(page, `${name}-text2.44`));
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(found, []);
});

test('the loader speaks the language before the application runs: a download that fails, in Dutch', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.route('**/*.wasm', (route) => route.abort());
    await page.goto(env.server.url + '#lang=nl');
    await page.waitForFunction(() => document.getElementById('status').className === 'error');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl');
    const text = await page.locator('#status-text').textContent();
    assert.ok(text.startsWith(t('Carvallo could not be loaded (%s). Check the connection and reload the page.', 'nl').split('%s')[0]), text);
  } finally {
    await context.close();
  }
});

// A refused link and a refused setState quote what was typed (speed=abc, steer_torque=pulse:1@0:nan) in
// sentences of the table: the student reads and hears the reasons in the page's language, the typed
// text as typed. The expected words come from web/strings/, the English from the API's messages().
for (const lang of ['nl', 'es']) {
  test(`lang=${lang}: a refused link's and setState's messages are said in the language, what was typed kept`, async () => {
    const { context, page, problems } = await openPage(env.browser,
      env.server.url + `#lang=${lang}&speed=abc&nonsense=1&steer_torque=pulse:1@0:nan&present=2`, { width: 1280, height: 720 });
    try {
      await page.evaluate(() => window.carvallo.ready);
      await frames(page, 4);
      const english = await page.evaluate(() => window.carvallo.messages());
      assert.ok(english.some((m) => m.includes('speed=abc: not a number')), JSON.stringify(english));
      let heard = await said(page);
      const before = (format) => t(format, lang).split('%s')[0];
      assert.ok(heard.includes(t('Parts of the link could not be used as given:', lang)), heard);
      const speedLine = heard.split('\n').find((l) => l.includes('speed=abc'));
      assert.ok(speedLine && speedLine.includes(t('not a number', lang)), `speed=abc refused in ${lang}: ${speedLine}`);
      const unknown = heard.split('\n').find((l) => l.includes('nonsense'));
      assert.ok(unknown && unknown.includes(t('unknown field', lang)), `an unknown key in ${lang}: ${unknown}`);
      const pulse = heard.split('\n').find((l) => l.includes("'pulse:1@0:nan'"));
      // The format begins with the typed part (%s): the words after it are the table's.
      const notFinite = t('%s is not a finite number; expected step:<amp>@<t0>, pulse:<amp>@<t0>:<duration>, sine:<amp>:<freq> or <amp>', lang).split('%s')[1];
      assert.ok(pulse && pulse.includes(t('the duration', lang) + notFinite), `the torque spec refused in ${lang}: ${pulse}`);
      // The refused fields are named last, as kept or as given their defaults.
      assert.ok(heard.includes(before('these took their defaults: %s')) || heard.includes(before('these keep their previous values: %s')), heard);
      assert.doesNotMatch(heard, /could not be used|not a number|unknown field|is not a finite number|took their defaults|keep their previous|expected 0 or 1/,
                          `no English reason is said in ${lang}`);

      // setState with a word where a number goes and a key it does not know: refused, said in the language.
      const reply = await page.evaluate(() => window.carvallo.setState({ speed: 'fast', bogus: 1 }));
      assert.ok(reply.ignored.some((m) => m.startsWith('speed: ')), JSON.stringify(reply));  // the API's words: English
      await frames(page, 4);
      heard = await said(page);
      const refusals = heard.split('\n').filter((l) => l.startsWith(before('setState ignored %s')));
      assert.ok(refusals.some((l) => l.includes('bogus') && l.includes(t('unknown field', lang))), `setState's unknown key in ${lang}: ${heard}`);
      assert.ok(refusals.some((l) => l.includes('speed') && l.includes(t('wrong type (expected a number)', lang))), `setState's word for a number in ${lang}: ${heard}`);
      assert.doesNotMatch(heard, /setState ignored|wrong type|not a finite number|unknown field/, `no English reason is said in ${lang}`);

      // "Record video" in a browser without MediaRecorder: the reason shown and said in the language.
      await page.evaluate(() => { window.MediaRecorder = undefined; window.carvallo._recordAndDownload(0, 1, 1, 'ride.webm'); });
      await frames(page, 6);
      heard = await said(page);
      const video = t('The video was not recorded: %s', lang).replace('%s', t('this browser has no MediaRecorder for canvases', lang));
      assert.ok(heard.split('\n').includes(video), `the video's failure in ${lang}: ${heard}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('an English page fetches the words of Dutch only when Dutch is chosen, then speaks it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    const requested = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
    const words = await page.evaluate(() => window.carvalloLoading.assets.words);
    assert.match(words.nl, /^carvallo\.[0-9a-f]{12}\.json$/);
    assert.match(words.es, /^carvallo\.[0-9a-f]{12}\.json$/);
    assert.ok(!requested.some((url) => url.endsWith(words.nl) || url.endsWith(words.es)), 'an English page downloads no language\'s words');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('Nederlands');
    await page.waitForFunction(() => document.documentElement.lang === 'nl', null, { timeout: 10000 });
    await page.getByRole('button', { name: t('Step', 'nl'), exact: true }).waitFor({ timeout: 10000 });
    assert.equal(await page.title(), t('Carvallo — bicycle and multibody dynamics playground', 'nl'), 'the title too');
    assert.ok(requested.some((url) => url.endsWith(words.nl)), 'Dutch downloads its words');
    assert.ok(!requested.some((url) => url.endsWith(words.es)), 'and not Spanish\'s');
    await page.screenshot({ path: path.join(artifacts, 'language-nl-chosen-later.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a language whose words do not arrive is said so, and the page keeps the language it speaks, title and all', async () => {
  // No service worker: it would have the words from its offline cache.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(env.server.url + '#lang=nl');
    await page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
    const words = await page.evaluate(() => window.carvalloLoading.assets.words);
    await page.route(`**/${words.es}`, (route) => route.abort());
    const dutchTitle = await page.evaluate(() => document.title);
    assert.notEqual(dutchTitle, 'Carvallo — bicycle and multibody dynamics playground', 'the title is Dutch');
    await page.evaluate(() => window.carvallo.setState({ lang: 'es' }));
    await page.waitForFunction(() => window.carvallo.messages().length > 0, null, { timeout: 10000 });
    const shown = await page.evaluate(() => window.carvallo.messages());
    assert.ok(shown.some((m) => m.includes('Español') && m.includes('Nederlands')), `said: ${JSON.stringify(shown)}`);
    await frames(page, 4);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl', 'still Dutch');
    assert.equal(await page.evaluate(() => document.title), dutchTitle);
    assert.equal(await page.getByRole('button', { name: t('Step', 'nl'), exact: true }).count(), 1);
    // A language whose words are in switches everything at once, the title too.
    await page.evaluate(() => window.carvallo.setState({ lang: 'en' }));
    await frames(page, 4);
    assert.equal(await page.evaluate(() => document.title), 'Carvallo — bicycle and multibody dynamics playground');
    assert.deepEqual(problems.filter((p) => !/words of es did not load|ERR_FAILED|registration blocked/.test(p)), []);
  } finally {
    await context.close();
  }
});
