// The one board widget of stainedglass: shows the SVG it is given and reports, by id, what the
// pointer clicks or hovers ([data-id] elements) and the keys listed in `watch_keys`. No game logic
// here. Without a mouse: the arrow keys move a visible cursor among the [data-id] targets (to the
// nearest one that way, by their boxes), which the board reports as hovered; Enter or Space
// clicks it. With touch: a first tap on a target shows it (sends `hover`, the preview), a second
// tap on the same target clicks it (unless `confirm_taps` is off, or its id starts with one of
// `quick_taps`). For screen readers: the board is named (`label`), described (`description`,
// the picture's data-label words), and the cursor's target is said through a polite live region.
const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

function render({ model, el }) {
  const uid = `sg-board-${(window.__sgBoards = (window.__sgBoards || 0) + 1)}`;
  const wrap = document.createElement("div");
  wrap.className = "sg-board-wrap";
  const root = document.createElement("div");
  root.className = "sg-board";
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-roledescription", "board");
  const hidden = (tag, id) => {
    const node = document.createElement(tag);
    node.className = "sg-sr-only";
    if (id) node.id = `${uid}-${id}`;
    return node;
  };
  const desc = hidden("div", "desc");
  const help = hidden("div", "help");
  const said = hidden("div");  // the cursor's target, in words
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "polite");
  said.setAttribute("aria-atomic", "true");
  root.setAttribute("aria-describedby", `${desc.id} ${help.id}`);
  const ring = document.createElement("div");  // the visible cursor
  ring.className = "sg-cursor";
  ring.setAttribute("aria-hidden", "true");
  ring.hidden = true;
  wrap.append(root, ring, desc, help, said);

  let hovered = null;  // the id last sent as hovered
  let cursor = null;  // the keyboard's (or a tap's) target, by id: it survives redraws
  let lastCentre = null;  // where the cursor was, for when its target goes away
  let armed = null;  // a target tapped once (touch): a second tap clicks it
  let mode = "pointer";  // "pointer", "key" or "touch": the ring shows for keys and taps
  let pointerType = "mouse";
  let pointerFocus = false;

  const send = (event, id) => model.send({ event, id });
  const hover = (id) => {
    if (id !== hovered) {
      hovered = id;
      send("hover", id);
    }
  };
  const elementsOf = (id) => Array.from(root.querySelectorAll("[data-id]"))
    .filter((t) => t.getAttribute("data-id") === id);
  // every target once, in page order, with the box around its elements
  const targets = () => {
    const out = new Map();
    for (const t of root.querySelectorAll("[data-id]")) {
      const r = t.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const id = t.getAttribute("data-id");
      const box = out.get(id);
      out.set(id, box ? {
        left: Math.min(box.left, r.left), top: Math.min(box.top, r.top),
        right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom),
      } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
    return out;
  };
  const centre = (b) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });

  // the nearest target from `from` in direction `dir`: ahead of it, little off the line
  const nearest = (all, from, dir) => {
    const c = centre(all.get(from));
    let best = null;
    let bestScore = Infinity;
    for (const [id, box] of all) {
      if (id === from) continue;
      const p = centre(box);
      const dx = p.x - c.x;
      const dy = p.y - c.y;
      const ahead = { right: dx, left: -dx, down: dy, up: -dy }[dir];
      const across = dir === "left" || dir === "right" ? Math.abs(dy) : Math.abs(dx);
      if (ahead < 1) continue;
      const score = ahead + 2 * across;
      if (score < bestScore) {
        best = id;
        bestScore = score;
      }
    }
    return best;
  };
  const closestTo = (all, point) => {
    let best = null;
    let bestD = Infinity;
    for (const [id, box] of all) {
      const p = centre(box);
      const d = (p.x - point.x) ** 2 + (p.y - point.y) ** 2;
      if (d < bestD) {
        best = id;
        bestD = d;
      }
    }
    return best;
  };

  // the words for a target: its id, and the data-label words of what shows there
  const wordsFor = (id) => {
    const els = elementsOf(id);
    if (!els.length) return id;
    const found = [];
    const add = (node) => {
      const holder = node && node.closest ? node.closest("[data-label]") : null;
      if (holder && root.contains(holder)) {
        const words = holder.getAttribute("data-label");
        if (words && !found.includes(words)) found.push(words);
      }
    };
    els.forEach(add);
    els.forEach((t) => t.querySelectorAll("[data-label]").forEach(add));
    if (!found.length) {  // drawn beneath the target: what is under its middle
      const r = els[0].getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const stack = document.elementsFromPoint ? document.elementsFromPoint(x, y) : [];
      stack.filter((n) => root.contains(n)).forEach(add);
    }
    const shown = id.replace(/^([A-Za-z]+):/, "$1 ");
    if (!found.length) {  // a target's own title, else its id alone
      const title = els[0].querySelector("title");
      const extra = title ? title.textContent.trim() : "";
      return extra && extra !== id ? `${shown}: ${extra}` : shown;
    }
    const text = found.join("; ");
    return text.startsWith(id) ? text : `${shown}: ${text}`;
  };
  const say = (words) => {
    said.textContent = "";
    requestAnimationFrame(() => { said.textContent = words; });
  };

  const showRing = () => {
    const focused = document.activeElement === root;
    const show = cursor !== null && ((mode === "key" && focused) || armed !== null);
    const els = show ? elementsOf(cursor) : [];
    if (!els.length) {
      ring.hidden = true;
      return;
    }
    const box = targets().get(cursor);
    const w = wrap.getBoundingClientRect();
    if (!box) {
      ring.hidden = true;
      return;
    }
    ring.hidden = false;
    ring.style.left = `${box.left - w.left - 3}px`;
    ring.style.top = `${box.top - w.top - 3}px`;
    ring.style.width = `${box.right - box.left + 6}px`;
    ring.style.height = `${box.bottom - box.top + 6}px`;
    ring.dataset.id = cursor;
  };
  const setCursor = (id, extra = "") => {
    cursor = id;
    root.dataset.cursor = id;
    const els = elementsOf(id);
    if (els.length && els[0].scrollIntoView) els[0].scrollIntoView({ block: "nearest" });
    const box = targets().get(id);
    if (box) lastCentre = centre(box);
    hover(id);  // the preview follows the cursor, as it follows the mouse
    showRing();
    say(wordsFor(id) + extra);
  };

  const name = () => {
    const svg = root.querySelector("svg");
    const label = model.get("label") || (svg && svg.getAttribute("aria-label")) || "game board";
    root.setAttribute("aria-label", label);
    desc.textContent = model.get("description");
    const choose = model.get("watch_keys").includes("Enter") ? "Space" : "Enter or Space";
    help.textContent = `Arrow keys move the cursor; ${choose} chooses. ${model.get("key_help")}`;
  };
  // the picture's ids (glass gradients, patterns) made this board's own: two boards on a page
  // may draw the same ids, and a browser paints from the first, even from a hidden board
  const own = (svg) => svg.replace(/\sid="([^"]*)"/g, ` id="${uid}-p-$1"`)
    .replace(/url\(#([^)]*)\)/g, `url(#${uid}-p-$1)`)
    .replace(/href="#([^"]*)"/g, `href="#${uid}-p-$1"`);
  const draw = () => {
    root.innerHTML = own(model.get("svg"));
    root.dataset.version = String(model.get("version"));
    name();
    if (armed !== null && !elementsOf(armed).length) armed = null;
    showRing();
  };
  const idOf = (e) => {
    const t = e.target.closest ? e.target.closest("[data-id]") : null;
    return t && root.contains(t) ? t.getAttribute("data-id") : null;
  };
  const quick = (id) => model.get("quick_taps").some((prefix) => id.startsWith(prefix));
  const focusQuietly = () => {
    if (document.activeElement === root) return;
    pointerFocus = true;
    root.focus({ preventScroll: true });
    pointerFocus = false;
  };

  const clicked = (id, touch) => {
    focusQuietly();
    if (id === null) return;
    if (touch && model.get("confirm_taps") && !quick(id) && armed !== id) {
      mode = "touch";
      armed = id;
      setCursor(id, ". Tap again to choose it.");
      return;
    }
    armed = null;
    cursor = id;
    root.dataset.cursor = id;
    if (touch) hover(id);
    send("click", id);
    showRing();
  };
  // A redraw (a hover's preview, say) that lands between a press and its release replaces the
  // element pressed, and the browser then fires no click: the release clicks instead (once: a
  // click that a browser fires after all is then not counted again).
  let pressed = null;  // the element pressed, and the target's id
  let released = false;  // the last release clicked: a click that follows it is the same
  root.addEventListener("pointerdown", (e) => {
    pointerType = e.pointerType || "mouse";
    pressed = { node: e.target, id: idOf(e) };
  });
  root.addEventListener("pointerup", (e) => {
    const down = pressed;
    pressed = null;
    if (down && down.id !== null && !down.node.isConnected && idOf(e) === down.id) {
      released = true;  // until the click a browser may fire with this release, no longer
      setTimeout(() => { released = false; }, 0);
      clicked(down.id, (e.pointerType || pointerType) === "touch");
    }
  });
  root.addEventListener("click", (e) => {
    if (released) {
      released = false;
      return;
    }
    clicked(idOf(e), (e.pointerType || pointerType) === "touch");
  });
  root.addEventListener("pointermove", (e) => {
    if (e.pointerType === "touch") return;
    mode = "pointer";
    const id = idOf(e);
    if (id !== hovered) hover(id);
    if (!ring.hidden) showRing();
  });
  root.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "touch") return;
    hover(null);
  });
  root.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "touch") focusQuietly();
  });
  root.addEventListener("focus", () => {
    if (pointerFocus) return;
    if (mode === "pointer") mode = "key";
    if (cursor !== null && elementsOf(cursor).length) {
      hover(cursor);
      showRing();
    }
  });
  root.addEventListener("blur", () => showRing());
  root.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (model.get("watch_keys").includes(e.key)) {  // the view's own keys come first
      e.preventDefault();
      model.send({ event: "key", id: e.key });
      return;
    }
    if (model.get("kit_keys").includes(e.key)) {  // undo, hint, next: the game view's
      e.preventDefault();
      model.send({ event: "kit", id: e.key });
      return;
    }
    const dir = ARROWS[e.key];
    if (dir) {
      e.preventDefault();
      mode = "key";
      armed = null;
      const all = targets();
      if (!all.size) return;
      let next;
      if (cursor !== null && all.has(cursor)) {
        next = nearest(all, cursor, dir);
        if (next === null) {  // the edge: say so, stay
          say(`${wordsFor(cursor)} (edge of the board)`);
          return;
        }
      } else {
        next = lastCentre ? closestTo(all, lastCentre) : all.keys().next().value;
      }
      setCursor(next);
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && cursor !== null) {
      if (!elementsOf(cursor).length) return;
      e.preventDefault();
      mode = "key";
      armed = null;
      hover(cursor);
      send("click", cursor);
    }
  });
  model.on("change:svg", draw);
  model.on("change:description", name);
  model.on("change:label", name);
  model.on("change:key_help", name);
  draw();
  el.appendChild(wrap);
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(showRing) : null;
  if (resized) resized.observe(root);
  const stopFollowing = model.get("keeper") ? follow(model) : () => {};
  const stopRemembering = remember(model);
  // one board per page watches the kernel, and makes the views' messages live regions
  const stopWatching = window.__sgWatching ? () => {} : watch(model);
  const stopSpeaking = window.__sgSpeaking ? () => {} : speak();
  leaveOnEscape();
  return () => {
    model.off("change:svg", draw);
    model.off("change:description", name);
    model.off("change:label", name);
    model.off("change:key_help", name);
    if (resized) resized.disconnect();
    stopFollowing();
    stopRemembering();
    stopWatching();
    stopSpeaking();
  };
}

// Escape leaves projector mode wherever the focus is: it presses the Projector toggle that is on.
// A board the focus is on keeps Escape for its game (what the pointer holds goes back first);
// with nothing held the kernel turns projector mode off. One listener a page, for good.
function leaveOnEscape() {
  if (window.__sgEscape) return;
  window.__sgEscape = true;
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const on = [...document.querySelectorAll(".sg-projector-toggle.mod-active")]
      .filter((b) => b.getClientRects().length > 0);
    if (!on.length) return;
    e.preventDefault();
    on[on.length - 1].click();
  });
}

// The views' messages (widgets of class `sg-live`: the last move and its result, a preview's
// verdict) are polite live regions: a screen reader says each new one. The widget's own element
// stays while its words change, so it carries the role.
function speak() {
  window.__sgSpeaking = true;
  const mark = () => {
    for (const node of document.querySelectorAll(".sg-live:not([data-sg-live])")) {
      node.setAttribute("data-sg-live", "");
      node.setAttribute("role", "status");
      node.setAttribute("aria-live", "polite");
      node.setAttribute("aria-atomic", "true");
    }
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    window.__sgSpeaking = false;
  };
}

// The pupil's name, typed once on a dashboard of the class (a room, the puzzles), is kept by the
// browser (localStorage, on the class's server only) and given to every board it draws, so the
// class's store keeps the pupil's progress under it. Nothing leaves the class's server.
const PUPIL_KEY = "stainedglass-pupil";
function remember(model) {
  let stored = "";
  try {
    stored = localStorage.getItem(PUPIL_KEY) || "";
  } catch (e) {
    stored = "";  // storage refused (a private window): the name is typed again
  }
  if (stored && !model.get("pupil")) {
    model.set("pupil", stored.slice(0, 40));
    model.save_changes();
  }
  const save = () => {
    try {
      if (model.get("pupil")) localStorage.setItem(PUPIL_KEY, model.get("pupil"));
    } catch (e) {
      // storage refused: the name lasts as long as the page
    }
  };
  model.on("change:pupil", save);
  const stopLevels = rememberLevels(model);
  return () => {
    model.off("change:pupil", save);
    stopLevels();
  };
}

// The pupil's Match me level by game (JSON text), kept by the browser the same way, for a
// pupil who plays without a class (a class keeps it in its store): the play dashboards read
// it when they open and write it after each game against a Match me seat.
const LEVELS_KEY = "stainedglass-levels";
const LEVELS_LIMIT = 20000;
function rememberLevels(model) {
  let stored = "";
  try {
    stored = localStorage.getItem(LEVELS_KEY) || "";
  } catch (e) {
    stored = "";  // storage refused: Match me starts again on each page
  }
  if (stored && stored.length <= LEVELS_LIMIT && !model.get("levels")) {
    model.set("levels", stored);
    model.save_changes();
  }
  const save = () => {
    const text = model.get("levels");
    try {
      if (text && text.length <= LEVELS_LIMIT) localStorage.setItem(LEVELS_KEY, text);
    } catch (e) {
      // storage refused: the level lasts as long as the page
    }
  };
  model.on("change:levels", save);
  return () => model.off("change:levels", save);
}

// The keeper board of a play dashboard: the page's address follows the game (`address`, a
// `?record=` link), so a reload reopens the same position. Kept on the window: each board may
// load its own copy of this module, and the board that watches the kernel (the first drawn)
// need not be the keeper.
const page = (window.__sgPage ??= { address: "", moves: 0 });
function follow(model) {
  const update = () => {
    page.address = model.get("address");
    page.moves = model.get("moves");
    if (page.address && location.pathname.includes("/voila/render/")) {
      history.replaceState(history.state, "", location.pathname + page.address);
    }
  };
  model.on("change:address", update);
  update();
  return () => model.off("change:address", update);
}

// A kernel that stops answering (killed, out of memory, culled) is said in words, with a Reload
// button, instead of boards that silently ignore clicks: the page pings, the kernel answers
// "pong". After IDLE_MS without a pupil's input the pings stop, so an abandoned page's kernel
// falls idle and the server ends it; the pupil's next input starts them again.
const PING_MS = 2500;
const LOST_MS = 10000;
const IDLE_MS = 10 * 60 * 1000;
function watch(model) {
  window.__sgWatching = true;
  let lastPong = 0;
  let lastInput = Date.now();
  let paused = false;
  let lost = false;
  const note = document.createElement("div");
  note.className = "sg-lost";
  note.setAttribute("role", "alert");
  note.hidden = true;
  const words = document.createElement("span");
  const reload = document.createElement("button");
  reload.textContent = "Reload";
  reload.addEventListener("click", () => location.reload());
  note.append(words, reload);
  document.body.prepend(note);
  const input = () => { lastInput = Date.now(); };
  const inputs = ["pointerdown", "keydown", "touchstart", "wheel"];
  inputs.forEach((name) => document.addEventListener(name, input, true));
  const onMessage = (msg) => {
    if (!msg || msg.event !== "pong") return;
    lastPong = Date.now();
    if (lost) {
      lost = false;
      note.hidden = true;
    }
  };
  const check = () => {
    const now = Date.now();
    if (now - lastInput > IDLE_MS) {
      paused = true;
      return;
    }
    if (paused) {  // the pupil is back: give the kernel its time to answer
      paused = false;
      if (lastPong) lastPong = now;
    }
    try {
      model.send({ event: "ping" });
    } catch (e) {
      // the connection is gone; the silence below says so
    }
    if (lastPong && !lost && now - lastPong > LOST_MS) {
      lost = true;
      words.textContent = page.address
        ? `The game lost its connection. Reload to continue from move ${page.moves}.`
        : "The page lost its connection. Reload the page to start again.";
      note.hidden = false;
    }
  };
  model.on("msg:custom", onMessage);
  check();
  const timer = setInterval(check, PING_MS);
  return () => {
    clearInterval(timer);
    inputs.forEach((name) => document.removeEventListener(name, input, true));
    model.off("msg:custom", onMessage);
    note.remove();
    window.__sgWatching = false;
  };
}
export default { render };
