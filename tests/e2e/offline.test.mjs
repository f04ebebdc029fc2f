// Offline use (web/site/sw.js, web/site/manifest.webmanifest, index.html's update offer): after one visit
// the page reloads and opens links with no network, can be installed, and a new version served later is
// offered, never forced.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, openPageIn, root, artifacts } from './browser.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { packageSite } from '../../scripts/package_site.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
const running = (page) => page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
const version = (page) => page.evaluate(() => JSON.parse(document.getElementById('carvallo-assets').textContent).version);

test('after one visit the page reloads offline, opens a link and simulates; it can be installed', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { serviceWorkers: 'allow' });
  try {
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'the manifest parses');
    const parsed = JSON.parse(manifest.data);
    assert.equal(parsed.display, 'standalone');
    assert.ok(parsed.icons.length > 0 && parsed.start_url, 'an icon and a start URL');
    // What Chrome requires to offer installing it; a test's browser context is incognito, which is the
    // one reason allowed.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), [], 'installable as an app');

    await context.setOffline(true);
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the network is gone');
    await page.reload();
    await running(page);
    assert.equal(await page.evaluate(() => document.getElementById('status').hidden), true);

    const link = await openPageIn(context, `${env.server.url}#model=rolling-disk&lean=0.3`);
    try {
      const state = await link.page.evaluate(() => window.carvallo.getState());
      assert.equal(state.model, 'rolling-disk');
      assert.equal(state.lean, 0.3);
      const run = await link.page.evaluate(() => {
        window.carvallo.play(false);
        window.carvallo.resetSimulation();
        const stepped = window.carvallo.step(200);
        return { stepped, sim: window.carvallo.simState() };
      });
      assert.equal(run.stepped.stepped, 200);
      assert.ok(run.sim.t > 0, `simulated offline to t = ${run.sim.t}`);
      assert.ok(Number.isFinite(run.sim.lean) && Math.abs(run.sim.lean) < 1.6, `the disk stands: lean ${run.sim.lean}`);
      // The QR code's encoder, never fetched on this page, comes from the offline cache.
      await link.page.keyboard.press('q');
      await link.page.waitForFunction(() => window.carvallo.widgetRect('qr'), null, { timeout: 10000, polling: 50 });
      await link.page.screenshot({ path: path.join(artifacts, 'offline-link.png') });
      assert.deepEqual(link.problems, []);
      await link.page.keyboard.press('Escape');
    } finally {
      await link.page.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// About a minute, most of it inside the new worker's install (not yet understood): outside CI's 35-minute
// budget, run with CARVALLO_E2E_UPDATE=1 node --test tests/e2e/offline.test.mjs (docs/performance.md).
test('a new version served later is offered on the page and taken only when the user reloads', { skip: !process.env.CARVALLO_E2E_UPDATE && 'CARVALLO_E2E_UPDATE=1 runs it (about a minute)' }, async () => {
  // A site of its own, so that this test can serve a second version of it.
  const buildDir = process.env.CARVALLO_WEB_BUILD ? path.resolve(process.env.CARVALLO_WEB_BUILD) : path.join(root, 'build/wasm/web');
  const own = path.join(artifacts, 'update-site');
  fs.rmSync(own, { recursive: true, force: true });
  fs.mkdirSync(own, { recursive: true });
  for (const f of ['carvallo.js', 'carvallo.wasm', 'carvallo.js.symbols']) fs.copyFileSync(path.join(buildDir, f), path.join(own, f));
  packageSite({ buildDir: own, compress: false });
  const server = await startServer({ port: 0, buildDir: own });
  const { context, page, problems } = await openPage(env.browser, server.url, { serviceWorkers: 'allow' });
  try {
    await controlled(page);
    const first = await version(page);
    await page.evaluate(() => { window.__sameDocument = true; });

    fs.appendFileSync(path.join(own, 'carvallo.js'), '\n// the next version\n');
    packageSite({ buildDir: own, compress: false });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForFunction(() => !document.getElementById('update').hidden, null, { timeout: 30000 });
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page did not reload by itself');
    assert.equal(await version(page), first);

    await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.click('#update-reload')]);
    await running(page);
    assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'reloaded when asked');
    assert.notEqual(await version(page), first, 'the new version runs');
    assert.equal(await page.evaluate(() => document.getElementById('update').hidden), true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});
