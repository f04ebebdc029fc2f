// End-to-end: the playground loads in a real browser, draws, reports its version and stays free of
// console errors, at device pixel ratios 1 and 2, with its TrueType font (at 3 on the phone, classroom.test.mjs).
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

// Accented Latin (Latin-1 Supplement, Latin Extended-A), Greek and the symbols lessons write: the atlas
// must have a glyph for each (web/CMakeLists.txt lists the ranges the font is subset to).
const FONT_SAMPLE = '0123456789-.,:;+=%()[]' + 'éèêàâçñüöäßøåæœłőšžčřąęğışţŷż' + 'ΓΔΣΩαβδεζθλμνπρσφψωάέ' +
                    '°±·×²³½µ–—…‘’“”→←↑↓≈≤≥≠−√∂∆∑∞ℓ⁻¹₀₁₂';

for (const scale of [1, 2]) {
  test(`renders a non-blank canvas with the version and its font at devicePixelRatio ${scale}`, async () => {
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
      // The TrueType font, not the bitmap fallback, at 13 px per CSS px, with every sample character.
      const font = await page.evaluate((sample) => window.carvallo.font(sample), FONT_SAMPLE);
      assert.equal(font.name, 'DejaVu Sans');
      assert.equal(font.sizePixels, 13 * scale);
      assert.deepEqual(font.missing, []);
      if (scale === 2) {
        // Presentation (x 1.5) at its top step (x 3) would be 117 px; on the stage a line is at most a
        // twentieth of the screen's height (800 CSS px: 40 CSS px, 80 device px), rasterized at that size.
        // The atlas stays at most 2048 x 2048 (16 MB as RGBA).
        await page.evaluate(() => window.carvallo.setState({ present: true, text: 3 }));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const big = await page.evaluate(() => window.carvallo.font(''));
        const cap = Math.round(2 * (await page.evaluate(() => window.innerHeight)) / 20);
        assert.deepEqual([big.sizePixels, big.rasterPixels], [Math.min(117, cap), Math.min(96, Math.min(117, cap))]);
        assert.ok(big.atlasWidth * big.atlasHeight <= 2048 * 2048, `atlas ${big.atlasWidth} x ${big.atlasHeight}`);
        console.log(`font at ${big.sizePixels} px: atlas ${big.atlasWidth} x ${big.atlasHeight}, ${big.glyphs} glyphs, built in ${big.buildMs.toFixed(1)} ms`);
        await page.screenshot({ path: path.join(artifacts, 'font-dpr2-presentation-text300.png'), clip: { x: 0, y: 0, width: 480, height: 300 } });
      } else {
        // A close-up of the menu bar and the parameters to look at for crisp text (dpr 2: default-dpr2.png).
        await page.screenshot({ path: path.join(artifacts, 'font-dpr1.png'), clip: { x: 0, y: 0, width: 420, height: 260 } });
      }
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

// A page left alone (paused, nothing computing) runs its frame four times a second on a timer instead of
// every animation frame (web/logic/frame_pace.hpp: the animation frames alone kept the browser's GPU
// process busy); a key brings every animation frame back before it acts.
test('a page left alone slows its frame loop to four frames a second, and a key wakes it at once', async () => {
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 720 });
  // The frames counted without going through window.carvallo, whose every call wakes the loop.
  const framesRun = () => page.evaluate(() => JSON.parse(Module.ccall('carvallo_performance', 'string', [], [])).frames);
  // The page's frames per animation frame over 20 animation frames: 1 when the loop runs on them, whatever
  // the machine's frame rate; a quarter second's timer gives far fewer.
  const perAnimationFrame = () => page.evaluate(async () => {
    const count = () => JSON.parse(Module.ccall('carvallo_performance', 'string', [], [])).frames;
    const c0 = count();
    for (let i = 0; i < 20; i++) await new Promise((r) => requestAnimationFrame(r));
    return (count() - c0) / 20;
  });
  try {
    await page.waitForFunction(() => window.carvallo._slow === true, null, { timeout: 15000, polling: 100 });
    const f0 = await framesRun();
    await page.waitForTimeout(2000);
    const slowFrames = (await framesRun()) - f0;
    assert.ok(slowFrames >= 3 && slowFrames <= 12, `${slowFrames} frames in 2 s left alone (4 a second expected)`);
    const slowRatio = await perAnimationFrame();
    assert.ok(slowRatio < 0.6, `left alone: ${slowRatio} frames per animation frame`);
    assert.equal(await page.evaluate(() => window.carvallo._slow), true);

    await page.keyboard.press('Space');
    assert.equal(await page.evaluate(() => window.carvallo._slow), false, 'the key woke the loop');
    await page.waitForFunction(() => window.carvallo.simState().playing && window.carvallo.simState().t > 0.05, null, { timeout: 15000 });
    const playingRatio = await perAnimationFrame();
    assert.ok(playingRatio > 0.8, `playing: ${playingRatio} frames per animation frame`);
    assert.equal(await page.evaluate(() => window.carvallo._slow), false, 'a moving bicycle keeps every animation frame');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
