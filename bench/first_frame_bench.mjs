// The page's first frame on a phone's connection (issue 31, docs/performance.md): headless chromium with
// CDP network throttling at Chrome DevTools' "Slow 4G" (1.6 Mbit/s down, 150 ms round trip), a fresh
// browser context each round (nothing cached), from the navigation's start to the first frame drawn
// (window.carvallo.firstFrameMs, performance.now() when the first frame is drawn).
//   node bench/first_frame_bench.mjs [--rounds 3] [--unthrottled] [--link '#lang=nl']
// Needs the wasm build (cmake --build --preset wasm --target carvallo_web). Prints, per round, the first
// frame's time and the bytes the page received (transfer sizes of the page and its assets).
import { launch, openPage, SLOW_4G, PHONE } from '../tests/e2e/browser.mjs';

const i = process.argv.indexOf('--rounds');
const rounds = i > 0 ? Number(process.argv[i + 1]) : 3;
const network = process.argv.includes('--unthrottled') ? undefined : SLOW_4G;
const l = process.argv.indexOf('--link');
const link = l > 0 ? process.argv[l + 1] : '';  // e.g. '#lang=nl': a page that also fetches the string table

const env = await launch();
try {
  const times = [];
  for (let round = 0; round < rounds; ++round) {
    const { context, page, problems } = await openPage(env.browser, env.server.url + link, { ...PHONE, network });
    const row = await page.evaluate(() => {
      const transfers = performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
        .map((e) => ({ name: e.name.replace(/^.*\//, '') || '/', sent: e.transferSize, bytes: e.decodedBodySize }));
      return { ms: window.carvallo.firstFrameMs, transfers };
    });
    times.push(row.ms);
    const sent = row.transfers.reduce((s, t) => s + t.sent, 0);
    console.log(`round ${round + 1}: first frame at ${(row.ms / 1000).toFixed(2)} s; received ${(sent / 1000).toFixed(0)} kB ` +
                `(${row.transfers.map((t) => `${t.name} ${(t.sent / 1000).toFixed(1)} kB of ${(t.bytes / 1000).toFixed(1)}`).join(', ')})`);
    if (problems.length) console.log('page problems:', problems);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${network ? 'Slow 4G' : 'unthrottled'}: median first frame ${(sorted[Math.floor(rounds / 2)] / 1000).toFixed(2)} s ` +
              `(min ${(sorted[0] / 1000).toFixed(2)}, max ${(sorted[rounds - 1] / 1000).toFixed(2)}) over ${rounds} rounds`);
} finally {
  await env.close();
}
