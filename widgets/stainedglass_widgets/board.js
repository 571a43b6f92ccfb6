// The one board widget of stainedglass: shows the SVG it is given and reports, by id, what the
// pointer clicks or hovers ([data-id] elements) and the keys listed in `watch_keys`. No game logic here.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sg-board";
  root.tabIndex = 0;
  let hovered = null;
  const draw = () => {
    root.innerHTML = model.get("svg");
    root.dataset.version = String(model.get("version"));
  };
  const idOf = (e) => {
    const t = e.target.closest ? e.target.closest("[data-id]") : null;
    return t && root.contains(t) ? t.getAttribute("data-id") : null;
  };
  const send = (event, id) => model.send({ event, id });
  root.addEventListener("click", (e) => {
    const id = idOf(e);
    if (id !== null) send("click", id);
    root.focus({ preventScroll: true });
  });
  root.addEventListener("pointermove", (e) => {
    const id = idOf(e);
    if (id !== hovered) {
      hovered = id;
      send("hover", id);
    }
  });
  root.addEventListener("pointerleave", () => {
    if (hovered !== null) {
      hovered = null;
      send("hover", null);
    }
  });
  root.addEventListener("pointerenter", () => root.focus({ preventScroll: true }));
  root.addEventListener("keydown", (e) => {
    if (model.get("watch_keys").includes(e.key)) {
      e.preventDefault();
      model.send({ event: "key", id: e.key });
    }
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(root);
  const stopFollowing = model.get("keeper") ? follow(model) : () => {};
  // one board per page watches the kernel
  const stopWatching = window.__sgWatching ? () => {} : watch(model);
  return () => {
    model.off("change:svg", draw);
    stopFollowing();
    stopWatching();
  };
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
