// The lecture's side of window.carvallo (docs/playground.md): lessons (their API, their link form
// compressed with the browser's CompressionStream, their files) and the QR code of the link shown
// (qrcode-generator from npm, bundled into carvallo.js by web/CMakeLists.txt). Runs after pre.js.
(function () {
  const api = window.carvallo;
  const json = (name, args) => JSON.parse(api._invoke(name, 'string', args || []));
  const running = () => {
    if (!api._running) throw new Error('Carvallo is not ready yet: await window.carvallo.ready first');
  };

  /// {name, title, index, scenes: [{caption, link}]}; index is 0-based, null when no lesson is open.
  api.lesson = () => { running(); return json('carvallo_lesson'); };
  /// Opens a lesson {title, scenes: [{caption, link}]} at its first scene; returns {ok, problem}.
  api.setLesson = (lesson) => {
    running();
    let text;
    try { text = JSON.stringify(lesson === undefined ? null : lesson); } catch (e) { text = 'null'; }
    return json('carvallo_set_lesson', [text === undefined ? 'null' : text]);
  };
  /// Shows scene i (0-based) of the open lesson; returns lesson().
  api.gotoScene = (i) => { running(); return json('carvallo_goto_scene', [Math.max(-1, Math.min(1e6, Math.floor(Number(i)))) | 0]); };
  /// The text the QR code shown encodes, or null when none is shown.
  api.qrText = () => { running(); return json('carvallo_qr_text'); };

  // ---- a lesson in a link: deflate-raw, base64url (no padding) ----
  const MAX_LESSON_BYTES = 65536;   // web/logic/lesson.hpp kMaxLessonBytes
  const MAX_LESSON_FIELD = 100000;  // characters of `lesson=`: more than any 64 KB lesson compresses to
  function toBase64url(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromBase64url(text) {
    const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(b.length);
    for (let i = 0; i < b.length; ++i) out[i] = b.charCodeAt(i);
    return out;
  }
  async function readAll(stream, limit) {
    const reader = stream.getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (limit && total > limit) {
        await reader.cancel();  // stop decompressing at the bound: a small link cannot become gigabytes
        return null;
      }
      chunks.push(value);
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) { out.set(c, at); at += c.length; }
    return out;
  }
  // A lesson of one's own is kept in this browser at each change (it is encoded at each), and offered by
  // Lesson > Reopen lesson when the page opens without a lesson: a closed tab loses nothing.
  const KEPT_LESSON = 'carvallo-lesson';
  // Offered once the second part of the WebAssembly is in (index.html), where the call lands: called before,
  // it would fetch that part at once and hold the page meanwhile.
  api.ready.then(() => {
    let kept = null;
    try { kept = localStorage.getItem(KEPT_LESSON); } catch (e) { /* storage refused: nothing kept */ }
    if (!kept) return;
    const offer = () => {
      const loading = window.carvalloLoading;
      if (loading && loading.assets.rest && !loading.rest.instance) return setTimeout(offer, 250);
      api._invoke('carvallo_kept_lesson', null, [kept]);
    };
    offer();
  }, () => {});
  api._encodeLesson = function (text, generation) {
    try { localStorage.setItem(KEPT_LESSON, text); } catch (e) { /* storage refused or full: the link still has it */ }
    const input = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    readAll(input, 0)
      .then((bytes) => api._invoke('carvallo_lesson_encoded', null, [generation, toBase64url(bytes)]))
      .catch((e) => console.info('lesson link: ' + e));
  };
  api._decodeLesson = function (data, scene, applyScene) {
    const refuse = (why) => api._invoke('carvallo_lesson_refused', null, [why]);
    if (data.length > MAX_LESSON_FIELD) return refuse(`the lesson in the link is longer than ${MAX_LESSON_FIELD} characters`);
    let bytes;
    try { bytes = fromBase64url(data); } catch (e) { return refuse('the lesson in the link is not base64url text'); }
    const output = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    readAll(output, MAX_LESSON_BYTES)
      .then((out) => {
        if (out === null) return refuse(`the lesson in the link is larger than ${MAX_LESSON_BYTES / 1024} KB once decompressed`);
        let text;
        try { text = new TextDecoder('utf-8', { fatal: true }).decode(out); } catch (e) { return refuse('the lesson in the link is not UTF-8 text'); }
        api._invoke('carvallo_open_lesson_json', null, [text, scene, applyScene ? 1 : 0]);
      })
      .catch(() => refuse('the lesson in the link could not be decompressed'));
  };
  api._uploadLesson = function () {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = function () {
      const file = input.files && input.files[0];
      if (!file) return;
      if (file.size > MAX_LESSON_BYTES) {
        api._invoke('carvallo_lesson_refused', null, [`${file.name}: larger than ${MAX_LESSON_BYTES / 1024} KB`]);
        return;
      }
      file.text().then((text) => api._invoke('carvallo_open_lesson_json', null, [text, 1, 1]));
    };
    input.click();
  };

  // ---- the QR code ----
  // The encoder (qrcode-generator from npm) is a file of its own (index.html's assets.qrcode, put there by
  // scripts/package_site.mjs; the service worker keeps it for offline use): most pages never show a QR
  // code, and it was 7 kB to send before every first frame. Fetched the first time a code is asked for;
  // after a failure, again when asked 3 s later.
  const QR_RETRY_MS = 3000;
  let qrScript = null;  // {state: 'loading' | 'ready' | 'unavailable', failedAt}
  function qrEncoder() {
    if (typeof window.qrcode === 'function') return 'ready';
    if (qrScript && (qrScript.state !== 'unavailable' || performance.now() - qrScript.failedAt < QR_RETRY_MS)) return qrScript.state;
    const assets = window.carvalloLoading && window.carvalloLoading.assets;
    if (!assets || !assets.qrcode) return 'unavailable';
    qrScript = { state: 'loading', failedAt: 0 };
    const script = document.createElement('script');
    script.src = assets.qrcode;
    script.onload = () => {
      qrScript.state = typeof window.qrcode === 'function' ? 'ready' : 'unavailable';
      qrScript.failedAt = performance.now();
      api._wake();
    };
    script.onerror = () => {
      script.remove();
      qrScript.state = 'unavailable';
      qrScript.failedAt = performance.now();
      console.warn('Carvallo: the QR code encoder (' + assets.qrcode + ') did not load');
      api._wake();
    };
    document.head.appendChild(script);
    return qrScript.state;
  }
  /// The modules of `text`'s QR code (byte mode, UTF-8) as '0'/'1' row by row, '' when the text is too long
  /// for a QR code, 'loading' or 'unavailable' while the encoder is not in. Error correction M (15 %) up to
  /// version 10 (213 bytes: a scene's link), L (7 %) beyond: a code on a screen is not worn or torn, and a
  /// lesson's long link then has larger modules to scan from the seats (1 700 bytes: 137 modules a side
  /// instead of 153; a lecturer measured 2.7 px a module at 1280x720).
  const QR_M_BYTES = 213;
  api._qrModules = function (text) {
    const encoder = qrEncoder();
    if (encoder !== 'ready') return encoder;
    try {
      qrcode.stringToBytes = qrcode.stringToBytesFuncs['UTF-8'];
      const q = qrcode(0, new TextEncoder().encode(text).length > QR_M_BYTES ? 'L' : 'M');
      q.addData(text, 'Byte');
      q.make();
      const n = q.getModuleCount();
      let out = '';
      for (let r = 0; r < n; ++r) for (let c = 0; c < n; ++c) out += q.isDark(r, c) ? '1' : '0';
      return out;
    } catch (e) {
      return '';
    }
  };
  api._reducedMotion = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
})();
