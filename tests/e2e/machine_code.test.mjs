// End-to-end: in the browser the engine's recorded programs become WebAssembly functions made at run time
// (core/src/machine_code_wasm.cpp and machine_code_wasm.js), compiled in the background and called through the
// engine's function table, with the interpreter's results bit for bit. The same simulation in a page whose
// run-time modules are refused (every program then stays interpreted) must give exactly the same numbers,
// and the first page must have compiled and used some.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

// Runs in the page before its scripts: counts the engine's run-time modules (they import only env.memory and
// its library functions; the engine's own module imports no memory) and, with `refuse`, rejects them.
function watchModules(refuse) {
  window.__runtimeModules = { made: 0, refused: 0 };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (code, imports) {
    const ours = imports && Object.keys(imports).length === 1 && imports.env && 'memory' in imports.env;
    if (!ours) return instantiate.apply(this, arguments);
    if (refuse) {
      ++window.__runtimeModules.refused;
      return Promise.reject(new Error('refused by the test'));
    }
    ++window.__runtimeModules.made;
    return instantiate.apply(this, arguments);
  };
}

async function simulate(refuse) {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 700 } });
  try {
    await context.addInitScript(watchModules, refuse);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.carvallo && window.carvallo.ready, null, { timeout: 20000 });
    const result = await page.evaluate(async () => {
      const api = window.carvallo;
      api.play(false);
      api.setState({ model: 'bicycle', bike: 'benchmark', speed: 5 });
      api.resetSimulation();
      let s;
      for (let k = 0; k < 10; ++k) {  // 1000 steps, yielding so that background compilations land
        s = api.step(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { s, modules: window.__runtimeModules };
    });
    return { ...result, problems };
  } finally {
    await context.close();
  }
}

test('the programs run as WebAssembly functions made at run time, with the interpreter\'s bits', async () => {
  const compiled = await simulate(false);
  const interpreted = await simulate(true);
  assert.deepEqual(compiled.problems, []);
  assert.deepEqual(interpreted.problems, []);
  assert.ok(compiled.modules.made > 0, `no run-time module was made: ${JSON.stringify(compiled.modules)}`);
  assert.ok(interpreted.modules.refused > 0 && interpreted.modules.made === 0);
  assert.equal(compiled.s.stepped, 100);
  for (const key of ['t', 'x', 'y', 'yaw', 'roll', 'pitch', 'steer'])
    assert.ok(Object.is(compiled.s[key], interpreted.s[key]), `${key}: ${compiled.s[key]} compiled, ${interpreted.s[key]} interpreted`);
  console.log(`# run-time modules: ${compiled.modules.made}; roll after ${compiled.s.t} s: ${compiled.s.roll}`);
});
