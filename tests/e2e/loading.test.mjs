// The page's loading (index.html's loader, scripts/package_site.mjs, scripts/serve.mjs): what it weighs,
// how it is sent and cached, and the progress it shows on a phone's connection before the WebAssembly runs.
// The time to the first frame is a benchmark (bench/first_frame_bench.mjs), not a test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, openPage, artifacts, SLOW_4G } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// The versioned names and sizes the packaged page announces (scripts/package_site.mjs).
async function announcedAssets() {
  const html = await (await fetch(env.server.url)).text();
  return JSON.parse(html.match(/<script id="carvallo-assets" type="application\/json">([^<]*)<\/script>/)[1]);
}

// The page's weight may not grow unnoticed: today's (3.283 MB raw, 863.6 kB as brotli on 2026-12-02, with the
// panels, the browser adapters, the mechanisms and the once-per-design or per-link code compiled for size;
// 5.7 kB raw and 1.3 kB sent of it added that day for the methods' titles in three languages and the
// keyboard's opening and scrolling of sections) plus a little room. Issue 31's target, 1.5 MB and 500 kB, is not
// reached yet (docs/performance.md, "The page's weight").
const RAW_BUDGET = 3.29e6;
const SENT_BUDGET = 870e3;

test('the page stays within its weight, sent compressed; versioned assets are immutable', async () => {
  const assets = await announcedAssets();
  assert.match(assets.wasm, /^carvallo\.[0-9a-f]{12}\.wasm$/);
  assert.match(assets.js, /^carvallo\.[0-9a-f]{12}\.js$/);
  assert.ok(assets.jsBytes + assets.wasmBytes <= RAW_BUDGET, `raw ${assets.jsBytes + assets.wasmBytes} bytes`);
  let sent = 0;
  for (const name of [assets.js, assets.wasm]) {
    // node's fetch decompresses; the bytes on the wire are what the server sends for "br".
    const response = await fetch(env.server.url + name, { headers: { 'Accept-Encoding': 'br' } });
    const body = Buffer.from(await response.arrayBuffer());
    assert.equal(response.headers.get('content-encoding'), 'br', name);
    assert.equal(response.headers.get('vary'), 'Accept-Encoding', name);
    assert.match(response.headers.get('cache-control'), /immutable/, name);
    assert.equal(body.length, name.endsWith('.wasm') ? assets.wasmBytes : assets.jsBytes, `${name} decompresses to its announced size`);
    sent += Number(response.headers.get('content-length'));
  }
  assert.ok(sent <= SENT_BUDGET, `${sent} bytes as sent (brotli)`);
  // A client that accepts no compression gets the plain file; the page itself is always revalidated.
  const plain = await fetch(env.server.url + assets.wasm, { headers: { 'Accept-Encoding': 'identity' } });
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.equal(Number(plain.headers.get('content-length')), assets.wasmBytes);
  const page = await fetch(env.server.url, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(page.headers.get('content-encoding'), 'gzip');
  assert.equal(page.headers.get('cache-control'), 'no-cache');
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
    await page.screenshot({ path: path.join(artifacts, 'loading-ready.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
