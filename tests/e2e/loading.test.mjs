// The page's loading (index.html's loader, scripts/package_site.mjs, scripts/serve.mjs): what it weighs,
// how it is sent and cached, and the progress it shows on a phone's connection before the WebAssembly runs.
// The time to the first frame is a benchmark (bench/first_frame_bench.mjs), not a test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { launch, openPage, recordProblems, artifacts, SLOW_4G } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// The versioned names and sizes the packaged page announces (scripts/package_site.mjs).
async function announcedAssets() {
  const html = await (await fetch(env.server.url)).text();
  return JSON.parse(html.match(/<script id="carvallo-assets" type="application\/json">([^<]*)<\/script>/)[1]);
}

// The page's weight may not grow unnoticed: today's plus a little room. The WebAssembly comes in two parts
// (scripts/package_site.mjs): what the first frame needs, sent before it, and the rest, after it; the string
// table is a file of its own, fetched for Dutch and Spanish only, and so is the QR code's encoder, fetched
// when a QR code is first shown. On 2026-12-07 21:20 UTC: 2 686 203 bytes raw, 796 584 sent as brotli in all
// (the encoder included), 484 708 of it before the first frame (a character a number field leaves out
// said, a mechanism's scene link without the bicycle's fields and the resting speed said before a message
// since 2026-12-07 18:15 UTC: 743 bytes raw, 832 sent).
// Issue 31's target, 1.5 MB and 500 kB, is reached before the first frame only (docs/performance.md,
// "The page's weight").
const RAW_BUDGET = 2.688e6;
const SENT_BUDGET = 797.6e3;
const FIRST_SENT_BUDGET = 485.6e3;

test('the page stays within its weight, sent compressed; versioned assets are immutable', async () => {
  const assets = await announcedAssets();
  assert.match(assets.wasm, /^carvallo\.[0-9a-f]{12}\.wasm$/);
  assert.match(assets.rest, /^carvallo\.[0-9a-f]{12}\.wasm$/);
  assert.match(assets.js, /^carvallo\.[0-9a-f]{12}\.js$/);
  assert.match(assets.qrcode, /^carvallo\.[0-9a-f]{12}\.js$/);
  const encoderBytes = (await (await fetch(env.server.url + assets.qrcode, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer()).byteLength;
  const raw = assets.jsBytes + assets.wasmBytes + assets.restBytes + encoderBytes;
  assert.ok(raw <= RAW_BUDGET, `raw ${raw} bytes`);
  const sent = {};
  for (const [name, bytes] of [[assets.js, assets.jsBytes], [assets.wasm, assets.wasmBytes], [assets.rest, assets.restBytes],
                               [assets.qrcode, encoderBytes]]) {
    // node's fetch decompresses; the bytes on the wire are what the server sends for "br".
    const response = await fetch(env.server.url + name, { headers: { 'Accept-Encoding': 'br' } });
    const body = Buffer.from(await response.arrayBuffer());
    assert.equal(response.headers.get('content-encoding'), 'br', name);
    assert.equal(response.headers.get('vary'), 'Accept-Encoding', name);
    assert.match(response.headers.get('cache-control'), /immutable/, name);
    assert.equal(body.length, bytes, `${name} decompresses to its announced size`);
    sent[name] = Number(response.headers.get('content-length'));
  }
  const first = sent[assets.js] + sent[assets.wasm];
  assert.ok(first <= FIRST_SENT_BUDGET, `${first} bytes as sent before the first frame (brotli)`);
  const all = first + sent[assets.rest] + sent[assets.qrcode];
  assert.ok(all <= SENT_BUDGET, `${all} bytes as sent (brotli)`);
  // A client that accepts no compression gets the plain file; the page itself is always revalidated.
  const plain = await fetch(env.server.url + assets.wasm, { headers: { 'Accept-Encoding': 'identity' } });
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.equal(Number(plain.headers.get('content-length')), assets.wasmBytes);
  const page = await fetch(env.server.url, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(page.headers.get('content-encoding'), 'gzip');
  assert.equal(page.headers.get('cache-control'), 'no-cache');
});

test('the server answers malformed and escaping paths with an error and goes on serving', async () => {
  // Raw paths, as a hostile client sends them (fetch would normalize them first).
  const status = (rawPath) => new Promise((resolve, reject) => {
    http.get(env.server.url.replace(/\/$/, '') + '/', { path: rawPath }, (res) => { res.resume(); resolve(res.statusCode); }).on('error', reject);
  });
  assert.equal(await status('//'), 400);
  assert.equal(await status('/%E0%A4%A'), 400);
  assert.equal(await status('/../../etc/passwd'), 404);
  assert.equal(await status('/%2e%2e/%2e%2e/etc/passwd'), 404);
  assert.equal(await status('/'), 200);
});

test('on Slow 4G the page shows in plain HTML how many bytes have arrived, then starts and hides it', async () => {
  // Every text the status line shows, recorded in the page as it changes (the page's own clock).
  const recordStatus = () => {
    window.__statusTexts = [];
    new MutationObserver(() => {
      const text = document.getElementById('status-text')?.textContent;
      if (text && text !== window.__statusTexts.at(-1)) window.__statusTexts.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  };
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 390, height: 844, network: SLOW_4G, initScript: recordStatus });
  try {
    const assets = await announcedAssets();
    const texts = await page.evaluate(() => window.__statusTexts);
    const total = Math.round((assets.jsBytes + assets.wasmBytes) / 1000);
    const downloads = texts.map((t) => t.match(/^Downloading Carvallo: (\d+) of (\d+) kB$/)).filter(Boolean);
    assert.ok(downloads.length >= 3, `progress shown while downloading: ${JSON.stringify(texts)}`);
    assert.ok(downloads.every((m) => Number(m[2]) === total), `the total is the page's size, ${total} kB`);
    assert.ok(downloads.some((m) => Number(m[1]) > 0 && Number(m[1]) < total), 'a part received is shown');
    const received = downloads.map((m) => Number(m[1]));
    assert.deepEqual(received, [...received].sort((a, b) => a - b), 'the bytes received only grow');
    assert.ok(texts.includes('Compiling Carvallo…') || texts.includes('Starting…'), `then it starts: ${JSON.stringify(texts)}`);
    assert.equal(await page.evaluate(() => document.getElementById('status').hidden), true, 'hidden once the first frame is drawn');
    assert.ok(await page.evaluate(() => window.carvallo.firstFrameMs > 0));
    // The first frame ran on the first part alone (web/site/first_frame_functions.txt is current: otherwise
    // node scripts/profile_first_frame.mjs), and the rest arrives after it.
    assert.equal(await page.evaluate(() => window.carvalloLoading.rest.loadedOnDemand), undefined,
                 'no call waited for the second part before the first frame');
    // Nor does a first drag of the view or a kick, while the rest is still on its way.
    assert.equal(await page.evaluate(() => window.carvalloLoading.rest.instance), null, 'the rest is still on its way');
    await page.mouse.move(195, 300);
    await page.mouse.down();
    await page.mouse.move(235, 310, { steps: 3 });
    await page.mouse.up();
    await page.keyboard.press('k');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => window.carvalloLoading.rest.loadedOnDemand), undefined,
                 'a drag and a kick need no wait for the second part');
    await page.waitForFunction(() => window.carvalloLoading.rest.instance !== null, null, { timeout: 30000 });
    await page.screenshot({ path: path.join(artifacts, 'loading-ready.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// A page without a service worker, whose offline cache would answer for the files a test refuses.
async function pageWithoutServiceWorker(viewport) {
  const context = await env.browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page, problems: recordProblems(page) };
}

test('a call into the second part before it arrived loads it at once, and the page goes on', async () => {
  // The background download of the second part fails; the first call that needs it then loads it itself.
  const { context, page, problems } = await pageWithoutServiceWorker({ width: 1280, height: 800 });
  try {
    const assets = await announcedAssets();
    let refused = 0;
    await page.route(`**/${assets.rest}`, (route) => (refused++ === 0 ? route.abort() : route.continue()));
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
    await page.waitForFunction(() => window.carvalloLoading.rest.background !== null, null, { timeout: 30000 });
    await page.evaluate(() => window.carvalloLoading.rest.background);
    assert.equal(await page.evaluate(() => window.carvalloLoading.rest.instance), null, 'the background download failed');
    // The mechanisms are not among the first frame's functions.
    const run = await page.evaluate(() => {
      window.carvallo.setState({ model: 'four-bar' });
      window.carvallo.play(false);
      window.carvallo.resetSimulation();
      const stepped = window.carvallo.step(100);
      return { stepped, sim: window.carvallo.simState(), model: window.carvallo.getState().model };
    });
    assert.equal(run.model, 'four-bar');
    assert.equal(run.stepped.stepped, 100);
    assert.ok(run.sim.t > 0);
    assert.equal(await page.evaluate(() => window.carvalloLoading.rest.loadedOnDemand), true, 'loaded on demand');
    assert.equal(refused, 2, 'the background download, then the one on demand');
    const shot = path.join(artifacts, 'loading-rest-on-demand.png');
    await page.screenshot({ path: shot });
    assert.deepEqual(problems.filter((p) => !/did not load in the background|ERR_FAILED|Synchronous XMLHttpRequest|registration blocked/.test(p)), []);
  } finally {
    await context.close();
  }
});

test('when the second part cannot be loaded at all, the page stops and says so', async () => {
  const { context, page } = await pageWithoutServiceWorker({ width: 1280, height: 800 });
  try {
    const assets = await announcedAssets();
    await page.route(`**/${assets.rest}`, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
    await page.evaluate(() => window.carvalloLoading.rest.background);
    const error = await page.evaluate(() => {
      try {
        window.carvallo.setState({ model: 'four-bar' });
        return null;
      } catch (e) {
        return e.message;
      }
    });
    assert.match(error ?? '', /HTTP 503/, 'the call that needed it fails, naming why');
    const status = await page.evaluate(() => ({ hidden: document.getElementById('status').hidden,
                                                text: document.getElementById('status-text').textContent }));
    assert.equal(status.hidden, false, 'the status line is shown again');
    assert.equal(await page.locator('#status-bar').isVisible(), false, 'without the progress bar');
    assert.match(status.text, /^Carvallo could not be loaded \(.*HTTP 503\)\. Check the connection and reload the page\.$/);
    await page.screenshot({ path: path.join(artifacts, 'loading-rest-failed.png') });
  } finally {
    await context.close();
  }
});

test('the QR code\'s encoder refused: the overlay says so, fetches it again and shows the code', async () => {
  const { context, page, problems } = await pageWithoutServiceWorker({ width: 1280, height: 720 });
  try {
    const assets = await announcedAssets();
    let requests = 0;
    await page.route(`**/${assets.qrcode}`, (route) => (requests++ === 0 ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
    await page.goto(env.server.url + '#present=1');
    await page.waitForFunction(() => window.carvallo && window.carvallo._running, null, { timeout: 30000 });
    assert.equal(requests, 0, 'not fetched before a QR code is asked for');
    await page.keyboard.press('q');
    await page.waitForFunction(() => window.carvallo.widgetRect('qr-window'), null, { timeout: 10000, polling: 50 });
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.carvallo.widgetRect('qr')), null, 'no code while the encoder is refused');
    await page.screenshot({ path: path.join(artifacts, 'loading-qr-refused.png') });
    // Asked again 3 s after the failure (the overlay asks every frame while it waits).
    await page.waitForFunction(() => window.carvallo.widgetRect('qr'), null, { timeout: 10000, polling: 100 });
    assert.equal(requests, 2, 'refused once, then fetched');
    assert.ok(await page.evaluate(() => window.carvallo.qrText()));
    assert.deepEqual(problems.filter((p) => !/QR code encoder|503|registration blocked/.test(p)), []);
  } finally {
    await context.close();
  }
});
