// Shared set-up for the end-to-end tests: a local server for the built playground and Debian's
// chromium driven by playwright-core (never a downloaded browser). Screenshots go to build/e2e/.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifacts = path.join(root, 'build', 'e2e');

// Flags verified on these machines (see DEVELOPERS.md): software WebGL 2 through SwiftShader, and no
// background network traffic (the machines have no network besides package registries).
const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-quic',
];

export async function launch() {
  fs.mkdirSync(artifacts, { recursive: true });
  // CARVALLO_WEB_BUILD lets a developer test a build other than build/wasm/web.
  const server = await startServer({ port: 0, ...(process.env.CARVALLO_WEB_BUILD ? { buildDir: path.resolve(process.env.CARVALLO_WEB_BUILD) } : {}) });
  let browser;
  try {
    // playwright-core gives every launch a fresh, temporary user-data-dir.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60000,
    });
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/// Lowers every thread of the GPU processes this test process started to the least priority (nice 19) and
/// returns how many threads it lowered. Chromium raises its GPU process's main thread to nice -8; there
/// this machine's software WebGL (SwiftShader) draws, with worker threads on every core, so on 2 cores it
/// preempts the page's main thread in the middle of the page's own work, which a real GPU does not. Lowered,
/// the GPU process draws when the page waits for it (its GL calls) or is idle. Every page the tests open
/// calls it (openPageIn): a page computing the steady turns at 1920x1080 took 247 s of a CI run with the GPU
/// process at nice -8, 43 s alone. Threads the GPU process starts later inherit the priority. Linux only
/// (/proc); elsewhere it lowers nothing.
export function lowerGpuPriority() {
  const parentOf = (pid) => {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...", comm may hold spaces and parentheses.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return 0;
    }
  };
  const ours = (pid) => {
    for (let p = parentOf(pid), hops = 0; p > 1 && hops < 16; p = parentOf(p), hops++) if (p === process.pid) return true;
    return false;
  };
  let lowered = 0;
  let pids = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d)).map(Number);
  } catch {
    return 0;
  }
  for (const pid of pids) {
    let args = '';
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!args.includes('--type=gpu-process') || !ours(pid)) continue;
    let tids = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        os.setPriority(tid, 19);  // setpriority(PRIO_PROCESS, tid): on Linux, that one thread
        lowered++;
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return lowered;
}

/// A phone as the tests emulate it: 390 x 844 CSS px at 3 device pixels per px, touch, mobile viewport.
export const PHONE = Object.freeze({ width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

/// Chrome DevTools' "Slow 4G" (a phone's connection), for CDP's Network.emulateNetworkConditions:
/// 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
export const SLOW_4G = Object.freeze({ offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });

/// Context options for a test about something other than the run: the user prefers reduced motion, so a
/// lesson's scene or a link's state waits at its start rather than playing (what the page does for such a
/// user; access.test.mjs tests it). A run that plays is drawn every frame, and SwiftShader's pictures, 30 to
/// 100 ms each on these 2 cores, then take most of a test's time: the lesson editor's caption test took 28 s
/// with its scene playing, 11 s still. A test that starts a run itself (play, kick, a key) still runs it.
export const still = (options = {}) => ({ ...options, reducedMotion: 'reduce' });

/// Opens the page in a new context and records every console error or warning and page error. The one
/// place the tests, benchmarks and scripts make a browser context: the viewport (width, height), the device
/// scale factor and a phone's isMobile and hasTouch (PHONE); `network` throttles the page (SLOW_4G) and
/// `initScript` runs in it before its own scripts (openPageIn); `serviceWorkers: 'allow'` lets the page
/// register its service worker, which the other tests block: installed, it downloads and caches every asset
/// again while the test runs (0.3 s of each page's first seconds on these 2 cores; offline.test.mjs tests
/// it); any other option goes to newContext as is.
export async function openPage(browser, url, { width = 1280, height = 800, deviceScaleFactor = 1, isMobile = false,
                                               hasTouch = false, network, initScript, serviceWorkers = 'block',
                                               ...contextOptions } = {}) {
  const context = await browser.newContext({ ...contextOptions, viewport: { width, height }, deviceScaleFactor, isMobile,
                                             hasTouch, serviceWorkers });
  try {
    return { context, ...(await openPageIn(context, url, { network, initScript })) };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/// The page's console errors and warnings and its uncaught errors, as they come (for a test that opens a
/// page itself, e.g. to route its requests before it loads).
export function recordProblems(page) {
  const problems = [];
  page.on('console', (msg) => {
    // Playwright's own word on a service worker it blocked (openPage's default) is not the page's problem.
    if (msg.text() === 'Service Worker registration blocked by Playwright') return;
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

/// Another page in an existing context (a second tab with the same device), recorded like openPage's.
/// `network`: conditions for CDP's Network.emulateNetworkConditions, set before the page loads;
/// `initScript`: a function run in the page before its own scripts (page.addInitScript).
export async function openPageIn(context, url, { network, initScript } = {}) {
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  const problems = recordProblems(page);
  lowerGpuPriority();  // the software GPU yields to the page (see there): the tests time the page, not SwiftShader
  await page.goto(url);
  await page.waitForFunction(() => window.carvallo && window.carvallo.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.carvallo.ready);
  return { page, problems };
}

/// Touch events through the DevTools protocol (a context opened with hasTouch): touch(type, [[x, y], ...])
/// with type touchStart, touchMove or touchEnd; each point's id is its index.
export async function touchInput(context, page) {
  const cdp = await context.newCDPSession(page);
  return (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
}

/// Resolves once the application has run at least one more frame. An animation frame alone is not enough:
/// a loop left alone runs four frames a second and one that catches up runs off the animation frames
/// (web/logic/frame_pace.hpp), so two animation frames can pass without a frame of the application between
/// them, and a rectangle read twice looks settled before the wheel or the layout reached it.
export async function nextAppFrame(page) {
  await page.evaluate(async () => {
    const start = window.carvallo.performance().frames;
    const until = performance.now() + 5000;
    while (window.carvallo.performance().frames === start && performance.now() < until) {
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    }
  });
}

/// The screen rectangle of widget `name` once it stopped moving: the same in two frames of the application
/// in a row, the first of them after this call (a window that fits its contents, a layout after a font or a
/// panel changed, a panel scrolled by the wheel, takes a few frames). Null when the widget is not shown;
/// throws when it still moves after 60 frames.
export async function settledRect(page, name) {
  return (await settledRects(page, [name]))[0];
}

/// The rectangles of the widgets `names` once none of them moves (settledRect's test, for them together): a
/// layout settled, read in as few frames as it takes rather than a fixed count.
export async function settledRects(page, names) {
  const read = () => page.evaluate((ns) => ns.map((n) => window.carvallo.widgetRect(n)), names);
  await nextAppFrame(page);
  let last = await read();
  for (let i = 0; i < 60; i++) {
    await nextAppFrame(page);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error(`widgets ${names.join(', ')} still move after 60 frames`);
}
