// Shared set-up for the end-to-end tests: a local server for the built playground and Debian's
// chromium driven by playwright-core (never a downloaded browser). Screenshots go to build/e2e/.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
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

/// Opens the page in a new context and records every console error or warning and page error.
export async function openPage(browser, url, { width = 1280, height = 800, deviceScaleFactor = 1 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.carvallo && window.carvallo.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.carvallo.ready);
  return { context, page, problems };
}
