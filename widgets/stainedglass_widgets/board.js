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
  const stopKeeping = model.get("keeper") ? keep(model) : () => {};
  return () => {
    model.off("change:svg", draw);
    stopKeeping();
  };
}

// On one board of a play dashboard (`keeper`): the page's address follows the game (`address`,
// a `?record=` link: a reload reopens the same position), and a kernel that stops answering
// (killed, out of memory, culled) is said in words, with a Reload button, instead of a board
// that silently ignores clicks. The kernel answers every "ping" with a "pong".
const PING_MS = 2500;
const LOST_MS = 10000;
function keep(model) {
  let lastPong = 0;
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
  const follow = () => {
    const address = model.get("address");
    if (address && location.pathname.includes("/voila/render/")) {
      history.replaceState(history.state, "", location.pathname + address);
    }
  };
  const onMessage = (msg) => {
    if (!msg || msg.event !== "pong") return;
    lastPong = Date.now();
    if (lost) {
      lost = false;
      note.hidden = true;
    }
  };
  const check = () => {
    try {
      model.send({ event: "ping" });
    } catch (e) {
      // the connection is gone; the silence below says so
    }
    if (lastPong && !lost && Date.now() - lastPong > LOST_MS) {
      lost = true;
      const moves = model.get("moves");
      words.textContent = model.get("address")
        ? `The game lost its connection. Reload to continue from move ${moves}.`
        : "The game lost its connection. Reload the page to start again.";
      note.hidden = false;
    }
  };
  model.on("msg:custom", onMessage);
  model.on("change:address", follow);
  follow();
  check();
  const timer = setInterval(check, PING_MS);
  return () => {
    clearInterval(timer);
    model.off("msg:custom", onMessage);
    model.off("change:address", follow);
    note.remove();
  };
}
export default { render };
