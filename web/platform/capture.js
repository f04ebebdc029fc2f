// window.carvallo's pictures and video (docs/playground.md, "Pictures and video"), after pre.js: the C side
// (web/platform/js_api_capture.cpp) draws without the UI and hands over RGBA pixels; the page makes the PNG
// (a canvas's encoder) and the WebM (MediaRecorder on a canvas stream).
(function () {
  const api = window.carvallo;

  // A canvas holding w x h RGBA pixels at `pointer` in the module's memory (rows bottom to top, as GL reads them).
  function pixelsCanvas(pointer, w, h, canvas) {
    canvas = canvas || document.createElement('canvas');
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(w, h);
    const stride = w * 4;
    for (let y = 0; y < h; ++y) {
      const from = pointer + (h - 1 - y) * stride;
      image.data.set(HEAPU8.subarray(from, from + stride), y * stride);
    }
    ctx.putImageData(image, 0, 0);
    return canvas;
  }

  function call(name, args) {
    if (!api._running) throw new Error('Carvallo is not ready yet: await window.carvallo.ready first');
    return JSON.parse(api._invoke(name, 'string', args));
  }
  // Numbers cross as doubles; anything else (a string, undefined) as NaN, which the C side refuses.
  const num = (v) => (typeof v === 'number' ? v : NaN);

  /// A PNG of the 3D view, the plot or both side by side, without the UI: capture({what: 'view' | 'plot' |
  /// 'both', width, height}) resolves to a data URL of exactly width x height px (both omitted: the view's
  /// size on screen); a size outside 1..7680 px, or an unknown `what`, rejects with the reason.
  api.capture = function (options) {
    return new Promise((resolve, reject) => {
      const o = options || {};
      let { width, height } = o;
      if (width === undefined && height === undefined) ({ width, height } = call('carvallo_picture_size', [1]));
      const start = performance.now();
      const reply = call('carvallo_capture', [String(o.what === undefined ? 'view' : o.what), num(width), num(height)]);
      if (reply.error) {
        reject(new Error(reply.error));
        return;
      }
      try {
        const url = pixelsCanvas(reply.pointer, reply.width, reply.height).toDataURL('image/png');
        api.lastCapture = { width: reply.width, height: reply.height, renderMs: reply.renderMs, totalMs: performance.now() - start };
        resolve(url);
      } catch (e) {
        reject(e);
      } finally {
        api._invoke('carvallo_capture_release', null, []);
      }
    });
  };

  // "Save picture" (the View menu): the PNG downloaded.
  api._savePicture = function (pointer, w, h, name) {
    pixelsCanvas(pointer, w, h).toBlob((blob) => {
      if (blob) api._download(name, 'image/png', blob);
    }, 'image/png');
  };

  /// The body of the model drawn at (x, y) CSS px ({index, name, x, y}, or null); without arguments, the
  /// body under the pointer as the page last saw it.
  api.bodyAt = (x, y) => call('carvallo_body_at', [x === undefined ? NaN : num(x), y === undefined ? NaN : num(y)]);

  // ---- video ----
  let recording = null;
  // VP8 first: it encodes several times faster than VP9 in software, and a frame waits for the encoder.
  const VIDEO_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'];

  /// A WebM of the run from t0 to t1 (simulated s) at `rate` (1 real time, 0.5 or 0.25 slowed), the 3D view
  /// without the UI at width x height (default 1280 x 720): recordVideo({t0, t1, rate, width, height})
  /// resolves to {bytes: Uint8Array, mimeType, durationMs, frames, endedAt} once t1 is reached (endedAt: the
  /// time the run ended before t1, or null). Nothing is downloaded.
  api.recordVideo = function (options) {
    return new Promise((resolve, reject) => {
      const o = options || {};
      if (recording) return reject(new Error('recordVideo: a recording is already running'));
      if (typeof MediaRecorder === 'undefined' || !HTMLCanvasElement.prototype.captureStream)
        return reject(new Error('recordVideo: this browser has no MediaRecorder for canvases'));
      const mimeType = VIDEO_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
      if (!mimeType) return reject(new Error('recordVideo: this browser cannot record WebM video'));
      const canvas = document.createElement('canvas');
      const stream = canvas.captureStream(0);
      const track = stream.getVideoTracks()[0];
      const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 8e6 });
      const chunks = [];
      recorder.ondataavailable = (e) => { if (e.data && e.data.size) chunks.push(e.data); };
      const state = { canvas, track, recorder, frames: 0, start: 0, endedAt: null, error: '' };
      recorder.onstop = async () => {
        recording = null;
        track.stop();
        if (state.error) return reject(new Error(state.error));
        const blob = new Blob(chunks, { type: recorder.mimeType || mimeType });
        resolve({ bytes: new Uint8Array(await blob.arrayBuffer()), mimeType: blob.type, durationMs: performance.now() - state.start,
                  frames: state.frames, endedAt: state.endedAt });
      };
      // The C side goes to t0 and starts: its first frame comes with the next one drawn.
      const reply = call('carvallo_record_video', [num(o.t0), num(o.t1), o.rate === undefined ? 1 : num(o.rate),
                                                   o.width === undefined ? NaN : num(o.width), o.height === undefined ? NaN : num(o.height)]);
      if (reply.error) return reject(new Error(reply.error));
      canvas.width = reply.width;
      canvas.height = reply.height;
      recording = state;
      recorder.start();
      state.start = performance.now();
    });
  };

  api._videoFrame = function (pointer, w, h) {
    if (!recording) return;
    pixelsCanvas(pointer, w, h, recording.canvas);
    recording.track.requestFrame();
    recording.frames += 1;
  };
  api._videoDone = function (error, endedAt) {
    if (!recording) return;
    recording.error = error;
    recording.endedAt = Number.isFinite(endedAt) ? endedAt : null;
    // The last frame is in the stream; the recorder writes it once it has been shown for a moment.
    setTimeout(() => recording && recording.recorder.state !== 'inactive' && recording.recorder.stop(), 100);
  };

  // "Record video" (the View menu): outside the frame that asked, then the file downloaded.
  api._recordAndDownload = function (t0, t1, rate, name) {
    setTimeout(() => {
      // A failure is told to whoever chose the menu, in the page's language, not to the console.
      api.recordVideo({ t0, t1, rate }).then((video) => api._download(name, video.mimeType, video.bytes),
        (e) => call('carvallo_video_failed', [String(e && e.message ? e.message : e)]));
    }, 0);
  };
})();
