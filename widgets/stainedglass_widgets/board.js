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
  return () => model.off("change:svg", draw);
}
export default { render };
