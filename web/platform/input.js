// Pointer input that Emscripten 3.1.6's GLFW gets wrong, taken over before GLFW sees it (pre-js):
// - wheel: GLFW hands ImGui the raw deltaY (100 per notch in Chrome, in pixels, lines or pages) with
//   the wrong sign; here every event becomes steps (a notch is one step) with wheel-down positive;
// - touch: GLFW drops touch coordinates (a tap acts where the previous one was); here every touch event
//   is forwarded with its fingers' positions;
// - a mouse drag that ends outside the canvas: GLFW never hears the release and keeps the button down.
// The listeners sit on window in the capture phase, so they run before the canvas's own (GLFW's) and
// can stop the events from reaching them. Coordinates are CSS pixels relative to the canvas.
(function () {
  const PIXELS_PER_STEP = 100, LINES_PER_STEP = 3;  // a notch in Chrome / Firefox
  const MAX_STEPS_PER_EVENT = 3;                     // a fling or a trackpad's momentum stays bounded

  function canvas() { return Module['canvas']; }
  function ready() { return window.carvallo && window.carvallo._running; }
  function onCanvas(event) { const c = canvas(); return c && (event.target === c); }
  function local(c, clientX, clientY) {
    const r = c.getBoundingClientRect();
    return [clientX - r.left, clientY - r.top];
  }

  /// Wheel deltas to steps: pixels / 100, lines / 3, pages x 1 (exported for tests).
  function wheelSteps(delta, mode) {
    const steps = mode === 1 ? delta / LINES_PER_STEP : mode === 2 ? delta : delta / PIXELS_PER_STEP;
    if (!isFinite(steps)) return 0;
    return Math.max(-MAX_STEPS_PER_EVENT, Math.min(MAX_STEPS_PER_EVENT, steps));
  }
  window.carvallo = window.carvallo || {};
  window.carvallo._wheelSteps = wheelSteps;

  // A page shown in another's frame (the embed code on a course page) leaves the wheel to that page until it
  // is clicked or tapped into (or Ctrl is held), as an embedded map does: the wheel had zoomed the camera of
  // every embed it passed over, and the course page would not scroll (a student).
  const framed = (function () { try { return window.self !== window.top; } catch (e) { return true; } })();

  window.addEventListener('wheel', function (event) {
    if (!onCanvas(event)) return;
    if (framed && !document.hasFocus() && !event.ctrlKey) {
      event.stopPropagation();  // not GLFW's either: the host page scrolls
      return;
    }
    event.stopPropagation();
    event.preventDefault();
    if (!ready()) return;
    const [x, y] = local(canvas(), event.clientX, event.clientY);
    Module['ccall']('carvallo_input_wheel', null, ['number', 'number', 'number', 'number'],
                    [wheelSteps(event.deltaX, event.deltaMode), wheelSteps(event.deltaY, event.deltaMode), x, y]);
  }, { capture: true, passive: false });

  // Likewise a finger on a framed page not yet tapped into pans the page around it (it had orbited the
  // camera, and a phone's course page could not be scrolled past a full-width embed; a student): the
  // canvas lets the browser pan, and a tap, left to the browser, is a click that focuses the page.
  function framedIdle() { return framed && !document.hasFocus(); }
  function syncTouchAction() {
    const c = canvas();
    if (c) c.style.touchAction = framedIdle() ? 'pan-x pan-y' : 'none';
  }
  if (framed) {
    window.addEventListener('focus', syncTouchAction);
    window.addEventListener('blur', syncTouchAction);
    window.addEventListener('DOMContentLoaded', syncTouchAction);
    setTimeout(syncTouchAction, 0);
  }

  // kind: 0 start, 1 move, 2 end, 3 cancel; then the fingers still on the screen (at most two are used).
  function onTouch(kind) {
    return function (event) {
      if (!onCanvas(event)) return;
      if (framedIdle()) {
        event.stopPropagation();  // not GLFW's: the browser pans, or makes a tap a click
        return;
      }
      event.stopPropagation();
      event.preventDefault();  // no emulated mouse events, no page zoom or scroll
      if (!ready()) return;
      const c = canvas(), t = event.touches, xy = [0, 0, 0, 0];
      const n = kind === 3 ? 0 : Math.min(t.length, 2);
      for (let i = 0; i < n; i++) [xy[2 * i], xy[2 * i + 1]] = local(c, t[i].clientX, t[i].clientY);
      // A finger lifted: where it was lifted is where a tap acts.
      let lx = xy[0], ly = xy[1];
      if ((kind === 2 || kind === 3) && event.changedTouches.length > 0)
        [lx, ly] = local(c, event.changedTouches[0].clientX, event.changedTouches[0].clientY);
      Module['ccall']('carvallo_input_touch', null, ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
                      [kind, n, xy[0], xy[1], xy[2], xy[3], lx, ly]);
    };
  }
  const touchOptions = { capture: true, passive: false };
  window.addEventListener('touchstart', onTouch(0), touchOptions);
  window.addEventListener('touchmove', onTouch(1), touchOptions);
  window.addEventListener('touchend', onTouch(2), touchOptions);
  window.addEventListener('touchcancel', onTouch(3), touchOptions);

  // A release GLFW cannot see (outside the canvas, outside the window, or while the tab lost focus):
  // clear the button in GLFW's own state so ImGui and the camera see the drag end.
  function release(domButton) {
    if (typeof GLFW === 'undefined' || !GLFW.active) return;
    const glfwButton = domButton === 1 ? 2 : domButton === 2 ? 1 : domButton;  // DOM middle/right -> GLFW
    GLFW.active.buttons &= ~(1 << glfwButton);
  }
  window.addEventListener('mouseup', function (event) { if (!onCanvas(event)) release(event.button); }, true);
  // Back over the canvas with a button no longer held (released where no event reached the page).
  window.addEventListener('mousemove', function (event) {
    if (typeof GLFW === 'undefined' || !GLFW.active || !GLFW.active.buttons) return;
    const held = event.buttons;  // DOM bits: 1 left, 2 right, 4 middle
    if (!(held & 1)) release(0);
    if (!(held & 2)) release(2);
    if (!(held & 4)) release(1);
  }, true);
  // A held torque (web/panels/rider_panel.cpp) ends when the page loses focus or is hidden: the key-up
  // would go elsewhere, and a torque must never stick.
  function releaseTorques() { if (ready()) Module['ccall']('carvallo_input_release_all', null, [], []); }
  window.addEventListener('blur', function () { release(0); release(1); release(2); releaseTorques(); });
  document.addEventListener('visibilitychange', function () { if (document.hidden) { release(0); releaseTorques(); } });
  window.addEventListener('pagehide', releaseTorques);

  // Text pasted while a text box of the canvas is open (web/main.cpp, carvallo_input_paste); a page's own
  // fields (the parallel DOM's) paste as they always do. Capped: a caption keeps 280 characters.
  const MAX_PASTE = 4096;
  let imeField = null;  // below
  window.addEventListener('paste', function (event) {
    const t = event.target;
    if (!ready() || (t && t !== imeField && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'))) return;
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    if (text && Module['ccall']('carvallo_input_paste', 'number', ['string'], [text.slice(0, MAX_PASTE)])) event.preventDefault();
  }, true);

  // Text that comes with no key press (an input method's composition, for Chinese or Japanese; a Mac's
  // dead keys, where ´ then e is é; a character picker; text inserted by assistive software) goes to the
  // element with the focus, and a canvas takes none: such text reached only the parallel DOM's fields. While
  // a text box of the canvas is open (web/main.cpp), a hidden field outside the parallel DOM keeps the focus
  // at the box's cursor, where an input method shows its candidates, and what is inserted into it is typed
  // into the box (carvallo_input_text). Key presses still reach GLFW on window as before: the characters a
  // key press types are GLFW's, and the field's own insertion of them is cancelled. A touch screen's page is
  // left as it was: focusing a field there raises the on-screen keyboard over the canvas.
  let keyPressed = false, composed = '';
  function typeText(text) {
    if (text && ready()) Module['ccall']('carvallo_input_text', 'number', ['string'], [text.slice(0, MAX_PASTE)]);
  }
  function imeSetup() {
    if (imeField) return imeField;
    const field = document.createElement('textarea');
    field.id = 'carvallo-ime';
    field.setAttribute('aria-hidden', 'true');
    field.tabIndex = -1;
    field.autocomplete = 'off';
    field.spellcheck = false;
    field.setAttribute('autocapitalize', 'off');
    field.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:16px;opacity:0;pointer-events:none;border:0;' +
      'padding:0;margin:0;resize:none;overflow:hidden;font-size:16px;z-index:-1;';
    field.addEventListener('keypress', () => { keyPressed = true; });
    field.addEventListener('beforeinput', (event) => {
      const byKey = keyPressed;
      keyPressed = false;
      if (event.isComposing || event.inputType === 'insertCompositionText') return;  // its end types it
      event.preventDefault();
      // A composition just ended types its text; a browser that inserts it once more is not typed twice.
      const again = composed && event.data === composed;
      composed = '';
      if (event.inputType === 'insertText' && !byKey && !again) typeText(event.data);
    });
    field.addEventListener('compositionend', (event) => {
      composed = event.data || '';
      typeText(composed);
      field.value = '';
      setTimeout(() => { composed = ''; }, 0);
    });
    document.body.appendChild(field);
    imeField = field;
    return field;
  }
  window.carvallo._textBox = function (open, x, y) {
    const coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    if (coarse && !imeField) return;
    const field = imeSetup(), active = document.activeElement;
    if (!open) {
      if (active === field) { field.blur(); if (canvas()) canvas().focus({ preventScroll: true }); }
      return;
    }
    if (isFinite(x) && isFinite(y) && Math.abs(x) < 1e6 && Math.abs(y) < 1e6) {
      field.style.left = Math.round(x) + 'px';
      field.style.top = Math.round(y) + 'px';
    }
    // Only from the canvas or the page itself: a parallel DOM's control keeps the focus it was given.
    if (!coarse && active !== field && (!active || active === document.body || active === canvas())) field.focus({ preventScroll: true });
  };

  // Any input wakes a frame loop slowed on a page left alone (web/logic/frame_pace.hpp), before the
  // handlers above and GLFW's see the event.
  // It also tells a loop catching up on a computation, whose frames may then only compute, that the next
  // frame must see the input (web/main.cpp, FramePace::compute_only).
  function wake() {
    if (ready()) Module['ccall']('carvallo_input_seen', null, [], []);
    if (window.carvallo._wake) window.carvallo._wake();
  }
  for (const type of ['keydown', 'keyup', 'mousedown', 'mouseup', 'mousemove', 'wheel', 'touchstart', 'touchmove',
                      'touchend', 'touchcancel', 'focusin', 'input', 'change', 'resize', 'visibilitychange'])
    window.addEventListener(type, wake, { capture: true, passive: true });
})();
