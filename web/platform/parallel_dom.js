// The parallel DOM (pre-js): native HTML controls that mirror the canvas's widgets for screen readers and
// the keyboard (WCAG 2.1: names, roles and values 4.1.2, keyboard 2.1.1, status messages 4.1.3). The
// application describes every control each frame (web/panels/access_controls.cpp) and this file makes one
// element per control, in that order (the Tab order), each laid over the widget it mirrors and invisible
// (the canvas draws the focus ring on the widget). What an element does goes back to the application,
// which applies it through the panel's own function: the same checks, the same messages.
(function () {
  const api = (window.carvallo = window.carvallo || {});
  let root = null, status = null, described = null;
  const kSaidForMs = 15000;    // how long words stay in the live region after they are said
  const kLinesKept = 6;        // the live region's lines at most (the oldest leave first)
  const elements = new Map();  // id -> element
  const headings = new Map();  // a group's heading text -> its h2 (a control's `heading`: it begins the group)
  // The skip links: the Tab stops after Play (the first, always), one per section after the first, each
  // shown while it has the focus; it takes the focus to its section's first control (a keyboard-only
  // student had pressed Tab 37 times to reach the Model list, 68 to reach a parameter).
  let skips = null, skipsFor = '', skipWords = 'Skip to: %s';
  let focusAfterSync = null;   // the ids to move the focus to, the first that exists, once the next controls arrive
  const said = [];             // everything the live region said, for tests (announcements())
  let editing = null;          // the number field being typed into: its value is not overwritten

  function send(id, value) {
    if (api._running && api._invoke) api._invoke('carvallo_access_input', null, [id, String(value)]);
  }
  function focus(id) {
    if (api._running && api._invoke) api._invoke('carvallo_access_focus', null, [id || '']);
  }

  // Visually hidden, still in the accessibility tree (the usual clip pattern).
  const DESCRIPTION_SHOWN = 'position:fixed;left:50%;transform:translateX(-50%);bottom:56px;z-index:20;max-width:min(60em,calc(100vw - 32px));' +
    'max-height:40vh;overflow:auto;font:14px sans-serif;color:#000;background:#fff;border:2px solid #005ac8;padding:4px 10px;';
  const HIDDEN = 'position:fixed;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;';

  let awayName = null;
  // Another control over the same widget (the Lesson menu's word stands for its items): the ring alone
  // did not say which of them has the focus (a keyboard-only student pressed Tab and saw nothing move).
  function sharesItsBox(el) {
    if (el.classList.contains('a11y-away')) return false;
    for (const other of root.querySelectorAll('.a11y-c'))
      if (other !== el && !other.classList.contains('a11y-away') && other.style.left === el.style.left &&
          other.style.top === el.style.top && other.style.width === el.style.width && other.style.height === el.style.height) return true;
    return false;
  }
  // Under a shared widget the name says which control the Tab reached, then leaves: it stood over the
  // text below the widget (a typed speed's name over the fall's message; a tester).
  const kSharedNameMs = 2500;
  let sharedFor = null, sharedSince = 0, sharedTimer = 0;
  function showAwayName() {
    if (!awayName) return;
    const el = document.activeElement;
    const ours = el && root && root.contains(el) && el.classList.contains('a11y-c');
    const away = ours && el.classList.contains('a11y-away') && el.tagName !== 'BUTTON';
    let shared = ours && !away && sharesItsBox(el);
    if (shared && sharedFor !== el) {
      sharedFor = el, sharedSince = performance.now();
      clearTimeout(sharedTimer);
      sharedTimer = setTimeout(showAwayName, kSharedNameMs + 50);
    }
    if (!shared) sharedFor = null;
    shared = shared && performance.now() - sharedSince < kSharedNameMs;
    awayName.style.display = away || shared ? 'block' : 'none';
    if (!away && !shared) return;
    const name = el.getAttribute('aria-label') || el.textContent || '';
    if (awayName.textContent !== name) awayName.textContent = name;
    if (away) {
      awayName.style.left = '8px';
      awayName.style.top = '';
      awayName.style.bottom = (8 + el.offsetHeight + 6) + 'px';
    } else {  // under the widget they share, within the screen
      const box = el.getBoundingClientRect();
      awayName.style.bottom = '';
      awayName.style.left = Math.max(8, Math.min(box.left, window.innerWidth - awayName.offsetWidth - 8)) + 'px';
      awayName.style.top = Math.min(box.bottom + 8, window.innerHeight - 40) + 'px';
    }
  }

  function setup() {
    if (root) return;
    root = document.createElement('main');
    root.id = 'a11y-dom';
    root.setAttribute('aria-label', 'Carvallo playground controls');
    const style = document.createElement('style');
    // Over its widget, invisible and letting the pointer through to the canvas; a control whose widget is
    // not on this layout shows itself in a corner while it has the focus, so the focus is always visible.
    // Not selected by Ctrl+A (a copy took the hidden controls' names, 2 304 characters; a tester); the
    // fields' own text still is.
    style.textContent =
      '#a11y-dom,#a11y-status{user-select:none;-webkit-user-select:none;}' +
      '#a11y-dom input,#a11y-dom textarea{user-select:text;-webkit-user-select:text;}' +
      '#a11y-dom .a11y-c{position:fixed;opacity:0;pointer-events:none;margin:0;min-width:24px;min-height:24px;box-sizing:border-box;}' +
      '#a11y-dom .a11y-c.a11y-away{left:8px;bottom:8px;}' +
      // A field typed in shows itself over its widget: what is typed there is seen as it is typed (the canvas
      // draws the text in effect; a caption typed from the keyboard had shown nothing until left; a tester).
      '#a11y-dom input.a11y-c[type=text]:focus,#a11y-dom textarea.a11y-c:focus{opacity:1;z-index:20;color:#000;' +
      'background:#fff;font-family:sans-serif;padding:0 4px;border:1px solid #555;outline:3px solid #005ac8;resize:none;}' +
      '#a11y-dom .a11y-skip{position:fixed;left:8px;top:8px;opacity:0;pointer-events:none;margin:0;}' +
      '#a11y-dom .a11y-skip:focus{opacity:1;z-index:21;font:16px sans-serif;color:#000;background:#fff;' +
      'outline:3px solid #005ac8;outline-offset:2px;padding:4px 8px;}' +
      '#a11y-dom .a11y-c.a11y-away:focus{opacity:1;z-index:20;font:16px sans-serif;color:#000;background:#fff;' +
      'outline:3px solid #005ac8;outline-offset:2px;padding:4px 8px;}';
    document.head.appendChild(style);
    // A field or check box away from its widget shows its name above it while it has the focus: its value
    // alone ("72" at the bottom left) told a sighted keyboard user nothing. Screen readers have the name.
    awayName = document.createElement('div');
    awayName.setAttribute('aria-hidden', 'true');
    awayName.style.cssText = 'position:fixed;left:8px;display:none;z-index:20;font:16px sans-serif;color:#000;' +
      'background:#fff;border:1px solid #005ac8;padding:2px 8px;max-width:calc(100vw - 32px);';
    document.body.appendChild(awayName);
    const h1 = document.createElement('h1');
    h1.textContent = 'Carvallo: bicycle dynamics playground';
    h1.style.cssText = HIDDEN;
    root.appendChild(h1);
    skips = document.createElement('div');
    status = document.createElement('div');
    status.id = 'a11y-status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    status.style.cssText = HIDDEN;
    described = document.createElement('section');
    described.id = 'a11y-description';
    described.setAttribute('aria-label', 'Plot as text');
    described.style.cssText = HIDDEN;
    document.body.appendChild(root);
    document.body.appendChild(status);
    document.body.appendChild(described);
    const canvas = document.getElementById('canvas');
    if (canvas) {
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', 'The model in 3D and its plots; every control is also a native control of this page');
    }
  }

  function make(c) {
    let el;
    if (c.role === 'select') {
      // A choice picked from the open list (or set by a script) applies at once; one reached by the arrow
      // keys on the closed list applies on Enter, when the list is left or after a second and a half on it,
      // so that the language's list does not speak each language on the way to the one wanted (a screen
      // reader's user; WCAG 3.2.2).
      el = document.createElement('select');
      const commit = () => {
        clearTimeout(el._timer);
        if (el._pending === undefined) return;
        const value = el._pending;
        el._pending = undefined;
        send(c.id, value);
      };
      el._onKeyDown = (event) => {
        el._keyed = event.key !== 'Enter';
        if (event.key === 'Enter') commit();
      };
      el.addEventListener('change', () => {
        if (!el._keyed) return send(c.id, el.value);
        el._keyed = false;
        el._pending = el.value;
        clearTimeout(el._timer);
        el._timer = setTimeout(commit, 1500);
      });
      el.addEventListener('blur', commit);
      el.addEventListener('pointerdown', () => { el._keyed = false; });
    } else if (c.role === 'slider') {
      // A slider moved by its keys applies at once.
      el = document.createElement('input');
      el.type = 'range';
      el.addEventListener('input', () => send(c.id, el.value));
      // Where the control asks for more than its step per arrow key (the timeline: 0.1 s, not one 5 ms step).
      el._onKeyDown = (e) => {
        const arrow = Number(el.dataset.arrow);
        const sign = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
        if (!arrow || !sign) return;
        e.preventDefault();
        const v = Math.min(Number(el.max), Math.max(Number(el.min), Number(el.value) + sign * arrow));
        el.value = String(v);
        send(c.id, String(v));
      };
    } else if (c.role === 'number') {
      // A text field with the spinbutton role, not <input type=number>: the browser's number field reads
      // "5,5" by its own locale (as 55 in English) and gives '' for "abc", so the application could neither
      // read what was typed nor say why it refused it. What was typed is sent as typed, on Enter or when the
      // field is left, as on the canvas (never per keystroke); Up and Down step it and apply at once.
      el = document.createElement('input');
      el.type = 'text';
      el.setAttribute('role', 'spinbutton');
      el.inputMode = 'decimal';
      el.autocomplete = 'off';
      el.spellcheck = false;
      // The text applied last, until something is typed: Enter and then change are one. Enter always applies,
      // the value in effect too (that takes back a refusal still shown).
      let applied = null;
      const apply = (always) => {
        if (always === true || el.value !== applied) send(c.id, el.value);
        applied = el.value;
        if (editing === el) editing = null;
        // Refused, the value in effect has not changed and no update comes: the field returns to it once
        // the application has had the text (a message says why).
        requestAnimationFrame(() => requestAnimationFrame(() => {
          if (editing !== el && el._valueInEffect !== undefined && el.value !== el._valueInEffect) el.value = el._valueInEffect;
        }));
      };
      el.addEventListener('focus', () => { editing = el; applied = el.value; });
      el.addEventListener('blur', () => { if (editing === el) editing = null; });
      el.addEventListener('input', () => { editing = el; applied = null; });
      el.addEventListener('change', apply);
      // Escape takes back what was typed (the value in effect returns; leaving the field then applies
      // nothing), as on the canvas. Returns whether there was anything to take back.
      el._cancelEdit = () => {
        if (el._valueInEffect === undefined || el.value === el._valueInEffect) return false;
        el.value = el._valueInEffect;
        applied = el.value;
        return true;
      };
      // Called by the window's capture listener below, which stops the key before it reaches the field.
      el._onKeyDown = (e) => {
        if (e.key === 'Enter') apply(true);
        if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && el.value.trim() !== '' && Number.isFinite(Number(el.value))) {
          e.preventDefault();
          // The control's step, or else a tenth of the value's leading digit's place (0.1 at 5.5 m/s, 0.0001 at
          // a 0.002 s time step); twelve digits drop the sum's round-off (5.6, not 5.6000000000000005).
          const v = Number(el.value);
          const step = Number(el.dataset.step) || (v === 0 ? 1 : 10 ** (Math.floor(Math.log10(Math.abs(v))) - 1));
          el.value = String(Number((v + (e.key === 'ArrowUp' ? step : -step)).toPrecision(12)));
          apply();
          editing = el;
        }
      };
    } else if (c.role === 'text' || c.role === 'textarea') {
      // A text (a lesson's title, a caption): applied when the field is left or, on one line, on Enter.
      el = document.createElement(c.role === 'text' ? 'input' : 'textarea');
      if (c.role === 'text') el.type = 'text';
      el.addEventListener('focus', () => { editing = el; });
      el.addEventListener('blur', () => { if (editing === el) editing = null; });
      el.addEventListener('change', () => send(c.id, el.value));
      // Escape applies what was typed (returns whether there was anything); `change` then fires with nothing new.
      el._keepText = () => {
        if (el.value === el._textInEffect) return false;
        el._textInEffect = el.value;
        send(c.id, el.value);
        return true;
      };
    } else if (c.role === 'checkbox') {
      el = document.createElement('input');
      el.type = 'checkbox';
      el.addEventListener('change', () => send(c.id, el.checked ? '1' : '0'));
    } else {
      el = document.createElement('button');
      el.type = 'button';
      if (c.role === 'hold') {
        // Held while the key or pointer is down, as the canvas's hold button.
        let down = false;
        const press = () => { if (!down && el.getAttribute('aria-disabled') !== 'true') { down = true; send(c.id, 'down'); } };
        const release = () => { if (down) { down = false; send(c.id, 'up'); } };
        // Space and Enter hold it: taken in stopForControl (below), before GLFW's window listeners.
        el._hold = { press, release };
        el.addEventListener('pointerdown', press);
        el.addEventListener('pointerup', release);
        el.addEventListener('blur', release);
      } else {
        el.addEventListener('click', () => {
          if (el.getAttribute('aria-disabled') === 'true') {
            if (el._disabledNote) announce(el._disabledNote);  // why nothing happened ("This is the last scene")
            return;
          }
          send(c.id, 'press');
          // A scene moved or deleted: the focus follows the scene moved, or goes to the one now in the deleted
          // one's place, not to the same button, which now belongs to another scene (a screen reader's user
          // pressed Delete twice and lost two scenes).
          const m = /^lesson-(up|down|delete)-(\d+)$/.exec(c.id);
          if (m) {
            const i = Number(m[2]);
            focusAfterSync = m[1] === 'delete' ? ['lesson-show-' + i, 'lesson-show-' + (i - 1)] : ['lesson-' + m[1] + '-' + (m[1] === 'up' ? i - 1 : i + 1)];
          }
        });
      }
    }
    el.id = 'a11y-' + c.id;
    el.className = 'a11y-c';
    el.dataset.id = c.id;
    el.addEventListener('focus', () => { focus(c.id); showAwayName(); });
    el.addEventListener('blur', () => { focus(''); showAwayName(); });
    if (c.id.startsWith('describe-')) el.addEventListener('blur', showDescription);
    return el;
  }

  function update(el, c) {
    el._modal = !!c.modal;
    const label = c.name;
    if (el.tagName === 'BUTTON') { if (el.textContent !== label) el.textContent = label; }
    else if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    if (c.keys) el.setAttribute('aria-keyshortcuts', c.keys); else el.removeAttribute('aria-keyshortcuts');
    // A field whose last value was refused is invalid while the refusal is shown, and describes it (which
    // names the value that stays).
    if (c.error) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    const description = [c.error, c.description].filter(Boolean).join('. ');
    if (description) el.setAttribute('aria-description', description); else el.removeAttribute('aria-description');
    // A button that cannot act now stays focusable (aria-disabled): a disabled one would drop the focus to
    // the page, as "Next scene" did on the last scene.
    if (el.tagName === 'BUTTON') {
      if (c.disabled) el.setAttribute('aria-disabled', 'true'); else el.removeAttribute('aria-disabled');
      el._disabledNote = c.disabledNote || '';
    } else {
      el.disabled = !!c.disabled;
    }
    if (c.role === 'select') {
      // An option's value is the link's name, its text the choice's title where it has one.
      const want = c.options.join('\n') + '\n\n' + (c.labels || []).join('\n');
      if (el.dataset.options !== want) {
        el.textContent = '';
        for (let i = 0; i < c.options.length; i++) {  // no destructuring: Emscripten 3.1.6's minifier drops it
          const o = c.options[i], opt = document.createElement('option');
          opt.value = o;
          opt.textContent = (c.labels && c.labels[i]) || o;
          el.appendChild(opt);
        }
        el.dataset.options = want;
      }
      if (el.value !== c.option && el._pending === undefined) el.value = c.option;  // not a choice yet to apply
    } else if (c.role === 'slider') {
      if (c.min !== null) el.min = String(c.min);
      if (c.max !== null) el.max = String(c.max);
      el.step = c.step ? String(c.step) : 'any';
      el.dataset.arrow = c.arrow ? String(c.arrow) : '';
      if (c.value !== null && Number(el.value) !== c.value) el.value = String(c.value);
      el.setAttribute('aria-valuetext', c.valueText);
    } else if (c.role === 'number') {
      // The value in effect, unless the field is being typed into; after a refusal it returns to it.
      // ARIA's numbers are plain decimals ("1e+300" is not one): an unbounded end is left out.
      const plain = (x) => (/e/i.test(String(x)) ? x.toFixed(20).replace(/\.?0+$/, '') : String(x));
      if (c.min !== null && Math.abs(c.min) < 1e15) el.setAttribute('aria-valuemin', plain(c.min));
      else el.removeAttribute('aria-valuemin');
      if (c.max !== null && Math.abs(c.max) < 1e15) el.setAttribute('aria-valuemax', plain(c.max));
      else el.removeAttribute('aria-valuemax');
      el.dataset.step = c.step ? String(c.step) : '';
      if (c.value !== null && Math.abs(c.value) < 1e15) el.setAttribute('aria-valuenow', plain(c.value));
      else el.removeAttribute('aria-valuenow');
      if (c.value !== null) el._valueInEffect = String(c.value);
      if (editing !== el && c.value !== null && el.value !== String(c.value)) el.value = String(c.value);
      el.setAttribute('aria-valuetext', c.valueText);
    } else if (c.role === 'text' || c.role === 'textarea') {
      el._textInEffect = c.text;
      if (editing !== el && el.value !== c.text) el.value = c.text;
    } else if (c.role === 'checkbox') {
      el.checked = !!c.pressed;
    } else if ('pressed' in c) {
      el.setAttribute('aria-pressed', c.pressed ? 'true' : 'false');
    }
    if (c.box) {
      el.classList.remove('a11y-away');
      if (c.font) el.style.fontSize = c.font + 'px';
      el.style.left = c.box[0] + 'px';
      el.style.top = c.box[1] + 'px';
      el.style.width = Math.max(24, c.box[2]) + 'px';
      el.style.height = Math.max(24, c.box[3]) + 'px';
      el.style.bottom = '';
    } else {
      el.classList.add('a11y-away');
      el.style.left = el.style.top = el.style.width = el.style.height = el.style.fontSize = '';
    }
  }

  function sync(controls) {
    setup();
    // Moving the focused element to keep the order blurs it (an overlay opened: only its own toggle is
    // left, and it moves to the top): it gets the focus back below.
    const active = document.activeElement;
    const seen = new Set(), headed = new Set();
    let before = null;  // keeps the elements in the rows' order (the Tab order), each group after its heading
    const place = (node) => {
      const next = before ? before.nextSibling : root.firstChild.nextSibling;  // after the page's h1
      if (node !== next) root.insertBefore(node, next);
      before = node;
    };
    for (const c of controls) {
      seen.add(c.id);
      if (c.heading) {
        let h = headings.get(c.heading);
        if (!h) {
          headings.set(c.heading, (h = document.createElement('h2')));
          h.textContent = c.heading;
          h.style.cssText = HIDDEN;
        }
        headed.add(c.heading);
        place(h);
      }
      let el = elements.get(c.id);
      if (!el) elements.set(c.id, (el = make(c)));
      update(el, c);
      place(el);
      if (c === controls[0]) place(skips);  // Play stays the first Tab stop; the skip links follow it
    }
    for (const text of Array.from(headings.keys()))  // no destructuring here: Emscripten 3.1.6's minifier drops it
      if (!headed.has(text)) {
        headings.get(text).remove();
        headings.delete(text);
      }
    const order = controls.filter((c) => c.heading).map((c) => c.heading).slice(1);
    if (order.join('\n') !== skipsFor) {
      skipsFor = order.join('\n');
      const focused = skips && skips.contains(document.activeElement) ? document.activeElement.dataset.section : null;
      skips.textContent = '';
      for (const text of order) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'a11y-skip';
        b.dataset.section = text;
        b.textContent = skipWords.replace('%s', text);
        b.addEventListener('click', () => {
          const h = headings.get(text);
          let next = h && h.nextElementSibling;
          while (next && !(next.classList.contains('a11y-c') && !next.disabled)) next = next.nextElementSibling;
          if (next) next.focus();
        });
        skips.appendChild(b);
        if (text === focused) b.focus();
      }
    }
    for (const id of Array.from(elements.keys()))
      if (!seen.has(id)) {
        const el = elements.get(id);
        // Removing the focused element would drop the focus to the page: it goes to Play, or where there is
        // no Play (an overlay open: only what closes it is left), to the first control. A lesson opened or
        // closed from its button: to its caption's reading, or to reopening it (the focus had gone to
        // Pause, which the next Enter pressed; a keyboard user).
        const had = document.activeElement === el;
        el.remove();
        elements.delete(id);
        const after = id.startsWith('lesson-') ? ['caption-read', 'scene-next', 'lesson-reopen', 'play'] : ['play'];
        const first = after.map((k) => elements.get(k)).find((e) => e) || (controls.length ? elements.get(controls[0].id) : null);
        if (had && first) first.focus();
      }
    if (active && active !== document.activeElement && active.isConnected && root.contains(active)) active.focus();
    if (focusAfterSync) {
      const target = focusAfterSync.map((id) => elements.get(id)).find((e) => e);
      focusAfterSync = null;
      if (target) target.focus();
    }
    showAwayName();  // the focused control may have left its widget, or come back to it
  }

  // `fresh`: the words begin a scene; the lines before it are about the scene left and leave the region now
  // (a screen-reader tester reading the region on scene 3 found scene 2's fall and caption).
  function announce(text, fresh) {
    setup();
    said.push(...text.split('\n'));
    if (said.length > 200) said.splice(0, said.length - 200);
    // Each announcement is a line added to the region, which a screen reader says after the ones before:
    // replacing the region's text cut a scene's caption off with the fall said a second later (a tester).
    // The same words twice are two lines, said twice. Once said, a line leaves the region after a while,
    // so that a screen reader reading the page later finds no stale message (a refusal whose value has
    // since been changed).
    const line = document.createElement('div');
    line.textContent = text;
    setTimeout(() => {
      if (fresh) while (status.firstChild) status.firstChild.remove();
      status.appendChild(line);
      while (status.childNodes.length > kLinesKept) status.firstChild.remove();
      setTimeout(() => line.remove(), kSaidForMs);
    }, 50);
  }

  // `quiet`: a plot described before, described again for what changed, is shown but not said.
  function describe(text, quiet) {
    setup();
    const lines = text.split('\n').filter((l) => l.length);
    described.textContent = '';
    const table = document.createElement('table');
    for (const line of lines) {
      if (!line.includes('\t')) {
        const p = document.createElement('p');
        p.textContent = line;
        described.appendChild(p);
        continue;
      }
      const tr = document.createElement('tr');
      const header = !table.rows.length;
      for (const cell of line.split('\t')) {
        const td = document.createElement(header ? 'th' : 'td');
        td.textContent = cell;
        tr.appendChild(td);
      }
      table.appendChild(tr);
    }
    if (table.rows.length) described.appendChild(table);
    if (!quiet) announce(lines.filter((l) => !l.includes('\t')).join(' '));
    showDescription();
  }
  // A plot described from its button is also shown, under the view, while the button has the focus: a
  // sighted keyboard user had seen nothing happen (the text went to screen readers alone).
  function showDescription() {
    const el = document.activeElement;
    const shown = !!(el && el.dataset && (el.dataset.id || '').startsWith('describe-') && described.childNodes.length);
    described.style.cssText = shown ? DESCRIPTION_SHOWN : HIDDEN;
  }

  // The live region exists before anything is said in it, or a screen reader may miss the first words.
  if (document.body) setup();
  else document.addEventListener('DOMContentLoaded', setup);

  /// The page's own words in its language (the application sends them when the language changes).
  api._accessWords = function (json) {
    setup();
    const w = JSON.parse(json);
    root.setAttribute('aria-label', w.controls);
    root.firstChild.textContent = w.heading;
    if (w.title) document.title = w.title;
    described.setAttribute('aria-label', w.plotAsText);
    if (w.skipTo) skipWords = w.skipTo;
    skipsFor = '';  // named again in the new language
    const canvas = document.getElementById('canvas');
    if (canvas) canvas.setAttribute('aria-label', w.canvas);
  };
  api._accessSync = function (controls, text, description, quiet, fresh) {
    if (controls) sync(JSON.parse(controls));
    if (text) announce(text, fresh);
    if (description) describe(description, quiet);
  };
  /// "Plot as text" emptied: what it held (the shortcut list) has closed.
  api._accessClearDescription = function () {
    setup();
    described.textContent = '';
  };
  /// Everything the live region said since the page loaded (oldest first, at most 200 lines).
  api.announcements = () => said.slice();
  /// The last plot described, as text (the table's rows tab-separated).
  api.description = () => (described ? described.innerText : '');

  // Keys on a native control are the control's: Tab moves the focus (Emscripten's GLFW otherwise takes
  // Tab page-wide), Space and Enter press a button, a field takes its text, arrows move a slider. GLFW's
  // listeners on window run after this capture listener; the other keys still reach them, so the
  // shortcuts (K, Q, ?) and Escape work wherever the focus is.
  function ours(event) { return root && event.target instanceof Element && root.contains(event.target); }
  // While an overlay leaves only its own controls, Tab goes round them (Escape closes it): past the last,
  // the focus went to the page's body, where nothing showed it (a tester).
  function tabRound(event) {
    const ring = Array.from(root.querySelectorAll('.a11y-c')).filter((el) => el._modal && !el.disabled);
    const at = ring.indexOf(event.target);
    if (at < 0) return;
    event.preventDefault();
    ring[(at + (event.shiftKey ? ring.length - 1 : 1)) % ring.length].focus();
  }
  // A text box of the canvas being typed in (the focus on the canvas, not on a native control).
  let tabToCanvas = false;
  function canvasTyping(event) {
    return !ours(event) && api._running && api._invoke && api._invoke('carvallo_canvas_typing', 'number', []) === 1;
  }
  function stopForControl(event) {
    if (event.key === 'Tab') {
      // Typing in the canvas, Tab is its own (GLFW keeps the focus on the page): it leaves the box, applying
      // the number typed, and goes on to the next field. Taken by the native controls, it had left the number
      // typed unapplied in its box and the focus on Play, which the next Enter pressed (a tester).
      // Its key-up goes where its key-down went (the box is closed by then): a Tab held down in the canvas
      // would tab on and on.
      if (event.type === 'keydown') tabToCanvas = canvasTyping(event);
      if (tabToCanvas) {
        if (event.type === 'keyup') tabToCanvas = false;
        return;
      }
      event.stopImmediatePropagation();
      if (event.type === 'keydown' && ours(event) && event.target._modal) tabRound(event);
      return;
    }
    if (!ours(event)) return;
    if (event.key === 'Escape') {
      // A number being typed: Escape cancels it, and goes no further (another Escape closes an overlay). A
      // text (a caption) keeps what was typed, as the canvas's boxes do, and goes no further: a caption had
      // been lost to the Escape that closed the lesson editor (a tester).
      if (event.type !== 'keydown') return;
      const el = event.target;
      if ((el._cancelEdit && el._cancelEdit()) || (el._keepText && el._keepText())) {
        event.stopImmediatePropagation();
        return;
      }
      // Nothing to take back or keep: the field is left, and the key goes on (closing an overlay, a menu or
      // the editor). The page's one-key shortcuts (R, K, Space) work again; a tester had found no key that
      // left a field after Enter.
      if ((el.tagName === 'INPUT' && el.type === 'text') || el.tagName === 'TEXTAREA') el.blur();
      return;
    }
    const el = event.target, tag = el.tagName;
    const field = tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
    const pressKey = event.key === ' ' || event.key === 'Enter';
    if (pressKey && el._hold) {
      // The window's capture listener is the only one that sees the key first: it holds the button itself.
      event.preventDefault();
      if (event.type === 'keydown') el._hold.press();
      else if (event.type === 'keyup') el._hold.release();
    }
    // A clicker's PageDown and PageUp move a lesson's scenes wherever the focus is (the scene buttons, in
    // the page only while a lesson is open, name them as their shortcuts), unless a text is being typed:
    // not the large step of the slider or the next option of the list a lecturer last used.
    const typing = tag === 'TEXTAREA' || (tag === 'INPUT' && !['range', 'checkbox', 'radio', 'button'].includes(el.type));
    if ((event.key === 'PageDown' || event.key === 'PageUp') && !typing && root.querySelector('[aria-keyshortcuts="PageDown"]')) {
      event.preventDefault();  // the control's own action; the key goes on to the page's handler
      return;
    }
    if (event.type === 'keydown' && el._onKeyDown) el._onKeyDown(event);
    if (field || pressKey) event.stopImmediatePropagation();
  }
  window.addEventListener('keydown', stopForControl, true);
  window.addEventListener('keyup', stopForControl, true);
  window.addEventListener('keypress', stopForControl, true);
})();
