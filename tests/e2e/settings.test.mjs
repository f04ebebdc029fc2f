// End-to-end: every model's settings by the registry's names, as a user follows a shared link. The rolling
// disk opened at lean=0.3 runs from that lean, its share link carries it and opens it again; a lean the
// registry refuses is named and the default kept; setState sets the sleigh's yaw_rate.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, artifacts } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

test('#model=rolling-disk&lean=0.3 runs the disk from that lean, and its share link opens it again', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#model=rolling-disk&lean=0.3`);
  try {
    const state = await page.evaluate(() => window.carvallo.getState());
    assert.equal(state.model, 'rolling-disk');
    assert.equal(state.lean, 0.3);
    assert.equal(state.lean_rate, 0);
    assert.ok(!('roll0' in state) && !('roll' in state), 'the bicycle\'s settings are not the disk\'s');
    assert.deepEqual(await page.evaluate(() => window.carvallo.messages()), []);
    const sim = await page.evaluate(() => { window.carvallo.resetSimulation(); return window.carvallo.simState(); });
    assert.equal(sim.t, 0);
    assert.ok(Math.abs(sim.lean - 0.3) < 1e-9, `the run starts at the link's lean: ${sim.lean}`);
    // The share link (getState().link, the address bar's hash) carries it.
    assert.match(state.link, /&lean=0\.3&/);
    // The address bar is written 300 ms after the last change (pre.js debounces history updates).
    await page.waitForFunction(() => /&lean=0\.3&/.test(location.hash), null, { timeout: 10000 });
    await page.screenshot({ path: path.join(artifacts, 'settings-disk-lean.png') });

    const second = await openPage(env.browser, `${env.server.url}#${state.link}`);
    try {
      const again = await second.page.evaluate(() => window.carvallo.getState());
      assert.equal(again.model, 'rolling-disk');
      assert.equal(again.lean, 0.3);
      assert.equal(again.link, state.link);
      const sim2 = await second.page.evaluate(() => window.carvallo.simState());
      assert.ok(Math.abs(sim2.lean - 0.3) < 1e-9, `reopened: ${sim2.lean}`);
      assert.deepEqual(second.problems, []);
    } finally {
      await second.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a refused setting is named and keeps the value on screen; setState sets the sleigh\'s yaw_rate', async () => {
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#model=rolling-disk&lean=5`);
  try {
    const state = await page.evaluate(() => window.carvallo.getState());
    assert.equal(state.lean, 0.05, 'the registry\'s default lean stays');
    const messages = await page.evaluate(() => window.carvallo.messages());
    assert.ok(messages.some((m) => m.includes('lean=5') && m.includes('out of range')), messages.join('\n'));
    // A hand edit breaking the lean keeps the lean on screen.
    await page.evaluate(() => window.carvallo.setState({ lean: 0.2 }));
    await page.evaluate(() => { location.hash = window.carvallo.getState().link.replace('lean=0.2', 'lean=abc'); });
    await page.waitForFunction(() => window.carvallo.messages().some((m) => m.includes('lean=abc')), null, { timeout: 10000 });
    assert.equal((await page.evaluate(() => window.carvallo.getState())).lean, 0.2);

    const refused = await page.evaluate(() => window.carvallo.setState({ model: 'chaplygin-sleigh', yaw_rate: 1e9 }));
    assert.ok(JSON.stringify(refused).includes('yaw_rate'), JSON.stringify(refused));
    await page.evaluate(() => window.carvallo.setState({ yaw_rate: -1.25 }));
    const sleigh = await page.evaluate(() => window.carvallo.getState());
    assert.equal(sleigh.model, 'chaplygin-sleigh');
    assert.equal(sleigh.yaw_rate, -1.25);
    const sim = await page.evaluate(() => { window.carvallo.resetSimulation(); return window.carvallo.simState(); });
    assert.ok(Math.abs(sim.yawRate + 1.25) < 1e-12, `the run starts turning at the rate set: ${sim.yawRate}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a typed value that is no plain number is refused by a message, in a field with no message of its own too', async () => {
  // ImGui's own reading of a typed double read "10/4" as 10 and applied "+4" to the value before; now a
  // typed value is read as a link's number, and a field without a message of its own says the refusal.
  const { context, page, problems } = await openPage(env.browser, `${env.server.url}#speed=5&vmin=1`, { width: 1280, height: 800 });
  const frames = async (n) => { for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r()))); };
  try {
    await frames(6);
    const field = await page.evaluate(() => window.carvallo.widgetRect('vmin'));
    assert.ok(field, 'the sweep\'s lowest speed is shown');
    const type = async (text) => {
      await page.keyboard.down('Control');
      await page.mouse.click(field.x + field.w / 2, field.y + field.h / 2);
      await frames(2);
      await page.keyboard.up('Control');
      await frames(1);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await frames(1);
      await page.keyboard.press('Enter');
      await frames(3);
      return page.evaluate(() => [window.carvallo.getState().vmin, window.carvallo.messages()]);
    };
    const [vmin, messages] = await type('10/4');
    assert.equal(vmin, 1, 'the value stays');
    assert.ok(messages.includes("'10/4' refused: not a number; the value stays 1"), JSON.stringify(messages));
    assert.equal((await type('+4'))[0], 4, '+4 is 4');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
