// End-to-end: the playground loads in a real browser, draws, reports its version and stays free of
// console errors, at device pixel ratios 1 and 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, artifacts, root } from './browser.mjs';
import { decodePng, colourStats } from './png.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

const expectedVersion = fs.readFileSync(path.join(root, 'CMakeLists.txt'), 'utf8').match(/project\(carvallo VERSION ([0-9.]+)/)[1];

for (const scale of [1, 2]) {
  test(`renders a non-blank canvas with the version at devicePixelRatio ${scale}`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.server.url, { deviceScaleFactor: scale });
    try {
      assert.equal(await page.evaluate(() => window.carvallo.version), expectedVersion);
      // A few more frames so the canvas has settled at its final size.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const dims = await page.evaluate(() => {
        const c = document.getElementById('canvas');
        return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight, dpr: devicePixelRatio };
      });
      assert.equal(dims.dpr, scale);
      assert.equal(dims.w, Math.round(dims.cssW * dims.dpr), 'backing store follows CSS size x devicePixelRatio');
      assert.equal(dims.h, Math.round(dims.cssH * dims.dpr));
      const shot = await page.screenshot({ path: path.join(artifacts, `default-dpr${scale}.png`) });
      const stats = colourStats(decodePng(shot));
      assert.ok(stats.distinct >= 8, `canvas looks blank: only ${stats.distinct} distinct colours`);
      assert.ok(stats.dominantShare < 0.95, `canvas looks blank: one colour covers ${(100 * stats.dominantShare).toFixed(1)}%`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('the canvas follows a window resize', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 900, height: 600 });
  try {
    await page.setViewportSize({ width: 640, height: 480 });
    await page.waitForFunction(() => document.getElementById('canvas').width === 640, null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => document.getElementById('canvas').height), 480);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
