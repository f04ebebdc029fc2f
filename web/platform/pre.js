// Runs before the Emscripten runtime: sets up window.carvallo, the page's JavaScript API (docs/playground.md),
// and the glue between the URL hash and the application's state.
// `ready` resolves when the application has drawn its first frame.
(function () {
  const api = (window.carvallo = window.carvallo || {});
  api.ready = new Promise((resolve, reject) => {
    api._resolveReady = resolve;
    api._rejectReady = reject;
  });
  api.version = null;
  api._running = false;

  // Every call goes through one C function per API entry; strings in, JSON text out. Nothing received
  // from the page or the link is ever evaluated: it is parsed by JSON.parse or by the C++ link reader.
  // Strings go to the C side through the heap, never through ccall's stack copies (a few MB of text
  // would overflow the 5 MB stack and corrupt memory), and are capped in length: a call with more text
  // than any real state is refused with an error naming the size, before anything runs.
  const MAX_TEXT = 1000000;
  const API_NAME = { carvallo_set_state: 'setState', carvallo_eigenvalues: 'eigenvalues', carvallo_load_bike_json: 'loadBikeJson' };
  function invoke(name, returnType, args) {
    api._wake();
    _carvallo_access_stale();  // what the call changes reaches the parallel DOM by the next frame
    const types = [], values = [], owned = [];
    try {
      for (const a of args || []) {
        if (typeof a === 'number') {
          types.push('number');
          values.push(a);
          continue;
        }
        const text = String(a);
        if (text.length > MAX_TEXT)
          throw new Error(`${API_NAME[name] || name}: the argument is too large (${text.length} characters; at most ${MAX_TEXT})`);
        const size = lengthBytesUTF8(text) + 1;
        const p = _malloc(size);
        if (!p) throw new Error(`${API_NAME[name] || name}: out of memory for a ${text.length}-character argument`);
        owned.push(p);
        stringToUTF8(text, p, size);
        types.push('number');
        values.push(p);
      }
      return Module['ccall'](name, returnType, types, values);
    } finally {
      for (const p of owned) _free(p);
    }
  }
  function call(name, args) {
    if (!api._running) throw new Error('Carvallo is not ready yet: await window.carvallo.ready first');
    return invoke(name, 'string', args);
  }
  function json(name, args) { return JSON.parse(call(name, args)); }
  api._invoke = invoke;
  // The frame loop runs four times a second when the page is left alone (web/logic/frame_pace.hpp); any
  // call or input (web/platform/input.js) brings it back to every animation frame before it acts.
  api._slow = false;
  api._wake = function () {
    if (!api._slow || !api._running) return;
    api._slow = false;
    Module['ccall']('carvallo_wake', null, [], []);
  };

  api.getState = () => json('carvallo_get_state');
  /// Applies any subset of getState()'s fields; returns {ignored: [...]} (also shown to the user).
  api.setState = function (partial) {
    let text;
    try {
      // JSON has no Infinity or NaN (JSON.stringify writes null): they cross as a marker, so that the
      // application says "not a finite number" rather than "wrong type".
      text = JSON.stringify(partial === undefined ? {} : partial,
        (key, value) => (typeof value === 'number' && !Number.isFinite(value) ? { 'carvallo:nonfinite': String(value) } : value));
    } catch (e) {
      text = '';  // e.g. a circular object: the C side reports "the argument is not JSON" like any unreadable one
    }
    // A state past the cap is refused with {ignored} and a message, as an unreadable one is (web/platform/js_api.cpp).
    if (text !== undefined && text.length > MAX_TEXT) text = JSON.stringify({ 'carvallo:too-large': [text.length, MAX_TEXT] });
    return json('carvallo_set_state', [text === undefined ? 'null' : text]);
  };
  /// speeds: array of m/s; returns per speed the four roll/steer eigenvalues [{re, im, mode}, ...].
  api.eigenvalues = (speeds) => json('carvallo_eigenvalues', [JSON.stringify(Array.isArray(speeds) ? speeds : [speeds])]);
  /// {weave, capsize (m/s or null), stableRanges ([[lo, hi], ...] m/s, searched up to searchMax, as the
  /// summary says), searchMax, summary}.
  api.criticalSpeeds = () => json('carvallo_critical_speeds');
  /// Any model's steady-motion eigenvalues (the eigenvalue panel of a model other than the bicycle):
  /// {model, steadyMotion, done, evaluated, samples, error, parameter, unit, values, eigenvalues: [[{re, im}]],
  ///  boundaries: [{value, destabilizing}], stableRanges, current}; each call advances the sweep one frame's budget.
  api.modelEigen = () => json('carvallo_model_eigen');
  /// The design window's heat map: axes, progress, timing, the hovered cell (web/platform/design_api.cpp).
  api.designMap = () => json('carvallo_design_map');
  const cellIndex = (i) => Math.max(0, Math.min(1e6, Math.floor(Number(i)) || 0));
  api.designMapCell = (ix, iy) => json('carvallo_design_map_cell', [cellIndex(ix), cellIndex(iy)]);
  api.step = (n) => json('carvallo_step', [Math.max(0, Math.min(1e6, Math.floor(Number(n === undefined ? 1 : n)) || 0))]);
  api.simState = () => json('carvallo_sim_state');
  api.turns = () => json('carvallo_turns');
  /// The model's bodies as drawn: [{name, position: [x, y, z], rotation: [[...], [...], [...]]}] (world frame).
  api.bodies = () => json('carvallo_bodies');
  /// The mode shape shown in the 3D view: {mode, active, speed, eigenvalue, roll, steer, ratio, phaseDeg, window, t, tau, motion, shown}.
  api.modeView = () => json('carvallo_mode_view');
  /// The sensitivity chart: {scale, weaveSpeed, capsizeSpeed, rows: [{name, unit, weave, capsize, weaveSI, capsizeSI}], computations}.
  api.sensitivity = () => json('carvallo_sensitivity');
  /// Both designs' critical speeds: {pinned, live: {weave, capsize}, ghost: {weave, capsize} | null}.
  api.ghost = () => json('carvallo_ghost');
  /// Every registered model: [{name, title, description, variants}] (the models menu's list).
  api.models = () => json('carvallo_models');
  api.play = (on) => json('carvallo_play', [on === false ? 0 : 1]);
  api.kick = () => json('carvallo_kick');
  api.resetSimulation = () => json('carvallo_reset_simulation');
  /// The run's kept history: {t0, t1 (the interval kept, s), steps, t (the moment shown), inputs, replaying}.
  api.history = () => json('carvallo_history');
  /// Methods compared (link field compare=): {compare, synced, study, published, runs: [{label, methods, t,
  /// positionViolation, velocityViolation, maxPositionViolation, maxVelocityViolation, energyDrift, steps,
  /// evaluations, rejected, corrections, cpuMsPerSimSecond, error?}]}, the shown run first.
  api.comparison = () => json('carvallo_comparison');
  /// Shows the kept moment nearest t (paused) and returns simState() there; a non-number changes nothing.
  api.seek = (t) => json('carvallo_seek', [Number.isFinite(Number(t)) ? Number(t) : NaN]);
  api.messages = () => json('carvallo_messages');
  /// {softwareRenderer (WebGL drawn on the CPU), viewSamples (the 3D view's multisampling: 4, or 0 on a
  /// software renderer or at 2.5 device px a CSS px), frameMs, cpuMs, updateMs, sweepMs, stepMs, simRatio,
  /// vertices, maxWindowVertices, frames, framesDrawn} (web/app.hpp's PerfStats).
  api.performance = () => json('carvallo_performance');
  /// The last 600 frames' main-thread time, those that began at or after `since` (performance.now(), ms):
  /// [{start, updateMs, sceneMs, glMs, parts: {turns, map, analysis, run, ...: ms}}] (web/logic/frame_work.hpp).
  api.frameWork = (since) => json('carvallo_frame_work', [Number.isFinite(Number(since)) ? Number(since) : -Infinity]);
  /// The UI font: {name ("DejaVu Sans", or "" if its atlas could not be built), sizePixels, rasterPixels,
  /// atlasWidth, atlasHeight, glyphs, buildMs, missing: the characters of `sample` it has no glyph for}.
  api.font = (sample) => json('carvallo_font', [String(sample ?? '')]);
  /// Screen rectangle (CSS px) of a named widget, for tests and tutorials: {x, y, w, h} or null.
  api.widgetRect = (name) => json('carvallo_widget_rect', [String(name)]);
  api.clipped = () => json('carvallo_clipped');
  /// Every pointer target the canvas drew in the last frame (WCAG 2.5.8's targets): [{kind ("item",
  /// "title-bar", "scrollbar", "resize-grip", "resize-border"), label, window, x, y, w, h (CSS px, the part
  /// within its window), scrolled (partly scrolled out of its window), disabled}]. The first call starts recording and returns null.
  api.pointerTargets = () => json('carvallo_pointer_targets');

  // ---- the share link ----
  // The application hands over its link every frame it changes; the page writes it to the URL debounced
  // (browsers limit history updates): a new history entry for a change after a pause, so back/forward
  // step through what the user did, and replaceState while the user keeps changing things.
  api._lastHash = null;
  let pending = null, timer = null, lastWrite = 0, replaceNext = false, pushNext = false;
  // The application's navigation (another scene): its link is a new entry, whatever the pause before.
  api._newEntry = () => { pushNext = true; };
  api._setLink = function (link) {
    pending = link;
    if (timer) return;
    timer = setTimeout(function flush() {
      timer = null;
      if (pending === null || pending === api._lastHash) {
        replaceNext = pushNext = false;
        return;
      }
      const now = Date.now();
      const url = location.pathname + location.search + '#' + pending;
      if (api._lastHash !== null && !replaceNext && (pushNext || now - lastWrite > 1500)) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
      replaceNext = pushNext = false;
      api._lastHash = pending;
      lastWrite = now;
    }, 300);
  };
  api._currentHash = () => location.hash.replace(/^#/, '');
  // The application normalizes a link it has just read (adds defaults, fixes what was ignored): that
  // rewrite replaces the entry rather than adding one.
  api._markNavigated = () => { lastWrite = Date.now(); replaceNext = true; };
  function onNavigate() {
    if (!api._running) return;
    const h = api._currentHash();
    if (h === api._lastHash) return;
    api._lastHash = h;
    pending = null;
    api._markNavigated();
    invoke('carvallo_apply_link', null, [h.length > 100000 ? h.slice(0, 100000) : h]);  // the reader refuses > 8192 anyway
  }
  window.addEventListener('hashchange', onNavigate);
  window.addEventListener('popstate', onNavigate);

  /// The page's address with `link` as its hash; without an argument, the link of what is on screen.
  api.linkUrl = (link) => location.origin + location.pathname + location.search + '#' + (link === undefined ? api.getState().link : String(link));

  // ---- files ----
  /// Offers `data` (text, bytes or a Blob) as a file download.
  api._download = function (name, mime, data) {
    const url = URL.createObjectURL(new Blob([data], { type: mime }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  api._upload = function () {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = function () {
      const file = input.files && input.files[0];
      if (!file) return;
      if (file.size > 256 * 1024) {
        invoke('carvallo_load_bike_json', 'string', [file.name, '(file larger than 256 kB)']);
        return;
      }
      file.text().then((text) => invoke('carvallo_load_bike_json', 'string', [file.name, text]));
    };
    input.click();
  };
  /// Loads a bicycle from JSON text (the same format as the saved file); returns the messages.
  api.loadBikeJson = (text) => json('carvallo_load_bike_json', ['loadBikeJson', String(text)]);
})();
