// Randomized browser test: thousands of hostile links and setState calls (extreme numbers such as
// 1e-308, 5e-324, 1e308 and -0, wrong types, unknown keys, thousands of keys), seeded and reproducible.
// After every call: control came back within a bound, no page error, and nothing non-finite in
// getState(), simState() or criticalSpeeds(). Frames are drawn in between, so every state is also drawn.
//
// CARVALLO_FUZZ_SEED (default 20261123) and CARVALLO_FUZZ_COUNT (default 1000 calls, for CI's time budget) reproduce or
// lengthen a run; a failure prints the seed and the call.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, artifacts } from './browser.mjs';

const SEED = Number(process.env.CARVALLO_FUZZ_SEED || 20261123);
const COUNT = Number(process.env.CARVALLO_FUZZ_COUNT || 1000);
const CALL_BOUND_MS = 3000;  // one call, including the analysis it triggers, in software-rendered CI

let env;
before(async () => { env = await launch(); });
after(async () => { if (env) await env.close(); });

// Mulberry32: a small, fully specified generator, so a seed names a run.
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick };
}

const PARAMS = ['w', 'c', 'lambda', 'g', 'rR', 'mR', 'IRxx', 'IRyy', 'xB', 'zB', 'mB', 'IBxx', 'IByy', 'IBzz', 'IBxz',
  'xH', 'zH', 'mH', 'IHxx', 'IHyy', 'IHzz', 'IHxz', 'rF', 'mF', 'IFxx', 'IFyy'];
// The models' settings by the registry's names, and the bicycle's older names of its own.
const FIELDS = ['speed', 'vmin', 'vmax', 'imag', 'locus', 'integ', 'dt', 'solver', 'stab', 'tscale', 'roll0', 'steer0', 'droll0',
  'dsteer0', 'roll', 'steer', 'roll_rate', 'steer_rate', 'fall_roll', 'lean', 'lean_rate', 'yaw_rate', 'kick', 'inertia', 'follow', 'present', 'text', 'panel', 'perf', 'plotwin', 'yangles', 'yspeed', 'yprobes', 'yaw',
  'pitch', 'dist', 'tx', 'ty', 'tz'];
const MODELS = ['bicycle', 'four-bar', 'slider-crank', 'double-inverted-pendulum', 'quick-return', 'epicyclic-gear', 'appell-hamel',
  'sliding-particle', 'rolling-disk', 'chaplygin-sleigh', 'nope', ''];
const EXTREME = [1e-308, 5e-324, -5e-324, 1e308, -1e308, -0, 0, 1, -1, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-300, 1e300,
  0.1, 3, 50, 100, 1e6, -1e6, 0.3, 0.08, 1.02];
const WORDS = ['ab4', 'rk4', 'dopri5', 'augmented', 'udwadia-kalaba', 'rgcpa', 'selective', 'direct', 'baumgarte', 'none', 'fit',
  'sym', '1:2', '-1e308:1e308', '5e-324:1e-323', '0:0', '2:1', 'view', 'parameters', 'eigenvalues', 'simulation', 'benchmark',
  'browser', 'two-mass-skate', 'true', 'false', '1', '0', ''];
const JUNK = ['NaN', 'Infinity', '-inf', '0x1p3', '1e999', '-1e999', '1e', '.', '-', '+', '1.2.3', '9'.repeat(400), '%zz', '%00',
  '%', '&&', '==', '<script>alert(1)</script>', '\u00e9\u4e2d', "'; DROP", '../..', '\\', '{}', '[]', 'null', ' 1', '1 '];

function numberText(r) {
  const choice = r.int(4);
  if (choice === 0) return String(r.pick(EXTREME));
  if (choice === 1) return (r.next() * 2 - 1).toExponential(r.int(17)).replace('e+', 'e') .replace(/e(-?)(\d+)$/, (m, s, d) => `e${s}${Number(d) % 325}`);
  if (choice === 2) return String((r.next() * 2 - 1) * 10 ** (r.int(640) - 320));
  return r.pick(JUNK);
}

function randomLink(r) {
  const pairs = [];
  if (r.next() < 0.8) pairs.push(`v=${r.pick(['0.1.0', '9.9', '', 'x'])}`);
  const n = r.next() < 0.02 ? 1000 + r.int(2000) : r.int(30);
  for (let i = 0; i < n; i++) {
    const kind = r.int(10);
    let key, value;
    if (kind < 4) key = r.pick(PARAMS), value = numberText(r);
    else if (kind < 7) key = r.pick(FIELDS), value = r.next() < 0.5 ? numberText(r) : r.pick(WORDS);
    else if (kind < 8) key = r.pick(['model', 'variant', 'preset']), value = r.pick([...MODELS, ...WORDS]);
    else key = r.pick([...JUNK, `k${r.int(1e6)}`, '__proto__', 'constructor']), value = r.pick([...JUNK, ...WORDS]);
    pairs.push(r.next() < 0.05 ? key : `${encodeURIComponent(key)}=${r.next() < 0.9 ? encodeURIComponent(value) : value}`);
  }
  return pairs.join('&');
}

function randomValue(r, depth = 0) {
  const kind = r.int(depth > 1 ? 5 : 8);
  if (kind === 0) return r.pick(EXTREME);
  if (kind === 1) return (r.next() * 2 - 1) * 10 ** (r.int(640) - 320);
  if (kind === 2) return r.pick([...WORDS, ...JUNK]);
  if (kind === 3) return r.pick([true, false, null]);
  if (kind === 4) return r.pick(EXTREME);
  if (kind === 5) return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
  const o = {};
  for (let i = r.int(5); i > 0; i--) o[r.pick([...PARAMS, ...FIELDS, 'x'])] = randomValue(r, depth + 1);
  return o;
}

function randomPartial(r) {
  if (r.next() < 0.05) return r.pick([null, 3, 'speed', [], [1, 2], true]);
  const o = {};
  const n = r.next() < 0.02 ? 2000 + r.int(2000) : r.int(8);
  for (let i = 0; i < n; i++) {
    const kind = r.int(10);
    if (kind < 3) {
      const bike = {};
      for (let j = r.int(5); j >= 0; j--) bike[r.pick([...PARAMS, 'nope'])] = r.next() < 0.85 ? r.pick(EXTREME) * (r.next() < 0.5 ? 1 : r.next()) : randomValue(r, 1);
      o.bike = r.next() < 0.9 ? bike : randomValue(r, 1);
    } else if (kind < 7) {
      o[r.pick(FIELDS)] = randomValue(r);
    } else if (kind < 8) {
      o[r.pick(['model', 'variant', 'preset'])] = r.next() < 0.8 ? r.pick([...MODELS, 'benchmark', 'browser']) : randomValue(r);
    } else {
      o[r.pick([...JUNK, `k${r.int(1e6)}`])] = randomValue(r);
    }
  }
  return o;
}

// Runs in the page: applies a batch of operations and checks every invariant after each one.
async function runBatch(page, ops, bound) {
  return page.evaluate(([ops, bound]) => {
    const api = window.carvallo;
    const bad = [];
    let slowest = 0;
    const finite = (x) => typeof x === 'number' && Number.isFinite(x);
    const check = (label) => {
      const s = api.getState();
      for (const [k, v] of Object.entries(s.bike)) if (!finite(v)) bad.push(`${label}: getState().bike.${k} = ${v}`);
      const settings = (api.models().find((m) => m.name === s.model) || { settings: [] }).settings;
      for (const k of [...settings, 'vmin', 'vmax', 'dt', 'tscale', 'kick', 'text', 'plotwin', 'yaw', 'pitch', 'dist', 'tx', 'ty', 'tz'])
        if (!finite(s[k])) bad.push(`${label}: getState().${k} = ${s[k]}`);
      if (!(s.vmin < s.vmax)) bad.push(`${label}: vmin ${s.vmin} >= vmax ${s.vmax}`);
      const sim = api.simState();
      if (sim.available) {
        for (const k of ['t', 'roll', 'steer', 'pitch', 'rollRate', 'steerRate', 'heading', 'x', 'y', 'speed', 'positionViolation',
          'velocityViolation', 'energy', 'C', 'Cdot', 'D'])
          if (k in sim && !finite(sim[k])) bad.push(`${label}: simState().${k} = ${sim[k]}`);
        for (const k of ['q', 'qd']) if (k in sim && !sim[k].every(finite)) bad.push(`${label}: simState().${k} has a non-finite entry`);
        if (sim.probes) for (const [k, v] of Object.entries(sim.probes)) if (!finite(v)) bad.push(`${label}: probe ${k} = ${v}`);
      }
      const c = api.criticalSpeeds();
      for (const k of ['weave', 'capsize']) if (c[k] !== null && !finite(c[k])) bad.push(`${label}: criticalSpeeds().${k} = ${c[k]}`);
      if (c.stableRanges && !c.stableRanges.every((r) => finite(r[0]) && finite(r[1]))) bad.push(`${label}: stableRanges not finite`);
      const m = api.messages();
      if (!Array.isArray(m) || m.length > 200) bad.push(`${label}: ${m.length} messages`);
    };
    for (const [i, op] of ops.entries()) {
      const t0 = performance.now();
      let label;
      try {
        if (op.link !== undefined) {
          label = `link #${op.index} (${op.link.length} chars)`;
          history.replaceState(null, '', '#' + op.link);
          window.dispatchEvent(new HashChangeEvent('hashchange'));
        } else {
          label = `setState #${op.index}`;
          api.setState(op.partial);
        }
        if (op.steps) api.step(op.steps);
        check(label);
      } catch (e) {
        bad.push(`${label}: threw ${e && e.message}`);
      }
      const ms = performance.now() - t0;
      slowest = Math.max(slowest, ms);
      if (ms > bound) bad.push(`${label}: took ${ms.toFixed(0)} ms`);
      if (bad.length) return { bad, slowest, failedAt: i };
    }
    return { bad, slowest };
  }, [ops, bound]);
}

test(`${COUNT} random hostile links and setState calls (seed ${SEED}): bounded, no error, nothing non-finite`, async () => {
  const r = generator(SEED);
  const { context, page, problems } = await openPage(env.browser, env.server.url, { width: 1280, height: 800 });
  const started = Date.now();
  let slowest = 0, links = 0, calls = 0;
  try {
    for (let done = 0; done < COUNT;) {
      const ops = [];
      for (let k = 0; k < 25 && done < COUNT; k++, done++) {
        const steps = r.next() < 0.1 ? 1 + r.int(20) : 0;
        if (r.next() < 0.5) ops.push({ index: done, link: randomLink(r), steps }), links++;
        else ops.push({ index: done, partial: randomPartial(r), steps }), calls++;
      }
      const result = await runBatch(page, ops, CALL_BOUND_MS);
      slowest = Math.max(slowest, result.slowest);
      if (result.bad.length) {
        const op = ops[result.failedAt];
        assert.fail(`seed ${SEED}: ${result.bad.join('; ')}\n  operation: ${JSON.stringify(op).slice(0, 2000)}`);
      }
      // Draw what the state now is (layouts, plots, text sizes) before the next batch.
      await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
      assert.deepEqual(problems, [], `seed ${SEED}, after operation ${done}`);
    }
    const figures = { seed: SEED, links, setStateCalls: calls, slowestCallMs: Math.round(slowest), seconds: (Date.now() - started) / 1000 };
    fs.writeFileSync(path.join(artifacts, 'fuzz.json'), JSON.stringify(figures, null, 2));
    console.log(`fuzz: ${JSON.stringify(figures)}`);
    assert.ok(links + calls >= Math.min(2000, COUNT));
  } finally {
    await context.close();
  }
});
