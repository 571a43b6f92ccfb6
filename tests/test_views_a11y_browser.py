"""Accessibility in a real browser: axe-core (``axe-playwright-python``) on every notebook Voila
serves, and projector mode measured on every game's play dashboard at 1920 x 1080.

The shared Voila server of ``tests/conftest.py`` (``stainedglass serve``, as ``make run`` starts
it), pages opened in turn. Every notebook in ``notebooks/`` when
the tests run is checked, so a new one is covered with nothing more. A page is checked once its
cells have run and its widgets have stopped appearing, every board drawn.

No rule is left out: axe's violations of impact "serious" or "critical" fail the test, each named
with its rule, the element and the page. (Where ipywidgets gives a field no name, the page
template names it; see ``serving/server/jupyter/voila/templates/stainedglass/index.html.j2``.)

Screenshots go to ``test-artifacts/``: ``projector-<game>.png`` (projector mode with a hint on
the board), ``a11y-<notebook>.png``.
"""

from __future__ import annotations

import time
from typing import Any
from collections.abc import Iterator

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("axe_playwright_python")

from stainedglass_widgets.features.projector import (
    BOARD_MIN_FRACTION,
    BOARD_TEXT_MIN_PX,
    BUTTON_MIN_PX,
    MARK_MIN_PX,
    WORDS_MIN_PX,
)
from harness import (
    ARTIFACTS,
    ROOT,
    VoilaServer,
    open_page,
    shot,
)

pytestmark = pytest.mark.full  # axe and projector mode on every page: make test-all

WIDTH, HEIGHT = 1920, 1080
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
GAMES = sorted(
    p.name.removesuffix("_play.ipynb") for p in (ROOT / "notebooks").glob("*_play.ipynb")
)
FAILING = ("serious", "critical")

EXCLUDED: dict[str, str] = {}
"""axe rules left out, each with its reason (none: every rule is checked)."""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page of the shared browser at the projector's size (requests off 127.0.0.1 held, or
    refused while axe checks)."""
    pg = open_page(browser, WIDTH, HEIGHT)
    yield pg
    pg.context.close()


def open_settled(page: Any, url: str, timeout: float = 120.0) -> None:
    """Open ``url`` and wait until its cells have run, every board is drawn and no widget has
    appeared for a while (widgets are drawn one by one after the page). A board left empty (a
    designer's blank sheet) is waited for longer, then taken as it is."""
    page.goto(url, timeout=timeout * 1000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout * 1000)
    deadline = time.monotonic() + timeout
    last, steady = None, 0
    while steady < 3 or (steady < 8 and last[1] != last[2]):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{url}: the widgets did not settle within {timeout} s "
                f"(widgets, boards, boards drawn: {last})"
            )
        now = page.evaluate("""() => [document.querySelectorAll('.jupyter-widgets').length,
            document.querySelectorAll('.sg-board').length,
            document.querySelectorAll('.sg-board svg').length]""")
        steady = steady + 1 if now == last else 0
        last = now
        page.wait_for_timeout(400)


def axe_problems(page: Any, where: str) -> list[str]:
    """The page's serious and critical axe violations, each as a line naming the rule, the
    element and the page."""
    from axe_playwright_python.sync_playwright import Axe

    page.checking = True
    try:
        found = Axe().run(page).response["violations"]
    finally:
        page.checking = False
    lines = []
    for v in found:
        if v["impact"] not in FAILING or v["id"] in EXCLUDED:
            continue
        for node in v["nodes"]:
            lines.append(
                f"{where}: {v['impact']} {v['id']} ({v['help']}) at "
                f"{' '.join(map(str, node['target']))}: {node['html'][:200]}"
            )
    return lines


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_axe_finds_nothing_serious(server: VoilaServer, page: Any, notebook: str) -> None:
    """Each dashboard and tutorial passes axe-core with no serious or critical violation."""
    open_settled(page, server.url(notebook))
    assert page.outside == []  # type: ignore[attr-defined]
    problems = axe_problems(page, notebook)
    shot(page, f"a11y-{notebook.removesuffix('.ipynb')}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_nothing_serious_in_the_position_editor(
    server: VoilaServer, page: Any, game: str
) -> None:
    """The position editor (Edit) of each play dashboard passes axe-core too."""
    open_settled(page, server.url(f"{game}_play.ipynb"))
    page.click(".sg-edit")
    page.wait_for_selector(".sg-editor .sg-board svg", timeout=60_000)
    page.wait_for_selector(".sg-editor-message .sg-message", timeout=30_000)
    problems = axe_problems(page, f"{game}_play.ipynb, editing")
    shot(page, f"a11y-{game}-editor")
    assert not problems, "\n".join(problems)


# ---- projector mode ------------------------------------------------------------------------

LARGEST = """const largest = root =>
  [...root.querySelectorAll('.sg-projector .sg-board svg.sg-svg')]
    .map(s => [s.getBoundingClientRect(), s])
    .sort((a, b) => b[0].width * b[0].height - a[0].width * a[0].height)[0][1];"""
"""The main board's drawing: the largest on the boards (a supply, a hand are smaller)."""
MEASURE = (
    """() => {
  """
    + LARGEST
    + """
  const box = el => { const r = el.getBoundingClientRect();
                      return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const shown = el => el.getClientRects().length > 0 &&
                      getComputedStyle(el).visibility !== 'hidden';
  const view = document.querySelector('.sg-view.sg-projector');
  const main = largest(view);
  // a text's size on the screen: its font size in the drawing's units times the drawing's scale
  const drawn = sel => [...main.querySelectorAll(sel)].filter(shown).map(t => {
      const m = t.getScreenCTM();
      return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) *
              Math.sqrt(m.a * m.a + m.b * m.b)}; });
  // the words: every piece of text shown in the banner, the message, the hints, the coach
  const words = [];
  for (const part of view.querySelectorAll(
      '.sg-banner, .sg-message, .sg-hints li, .sg-coach-words, .sg-coach-hints')) {
    if (!shown(part)) continue;
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const st = getComputedStyle(n.parentElement);
      words.push({text: n.textContent.trim().slice(0, 40), px: parseFloat(st.fontSize),
                  color: st.color});
    }
  }
  const buttons = [...view.querySelectorAll('button')].filter(shown).map(b => ({
      text: b.innerText.trim(), px: parseFloat(getComputedStyle(b).fontSize)}));
  const message = getComputedStyle(view.querySelector('.sg-message'));
  return {board: box(main), viewBox: main.viewBox.baseVal.width + 'x' +
            main.viewBox.baseVal.height,
          text: drawn('text'), marks: drawn('.hint text, .suggestion text, text.hint'),
          words, buttons, message: [message.color, message.backgroundColor],
          folded: [...view.querySelectorAll('.sg-log, select, .widget-slider')]
                    .filter(shown).length,
          width: innerWidth, height: innerHeight};
}"""
)


def tab_to(page: Any, name: str, presses: int = 80) -> None:
    """Move the keyboard's focus with Tab until it is on the button called ``name``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(n) => document.activeElement && document.activeElement.tagName == "
            "'BUTTON' && document.activeElement.innerText.trim().startsWith(n)",
            name,
        ):
            return
    raise AssertionError(f"{presses} presses of Tab never reached the {name} button")


@pytest.mark.parametrize("game", GAMES)
def test_projector_mode_fills_the_screen(server: VoilaServer, page: Any, game: str) -> None:
    """Projector mode on each play dashboard at 1920 x 1080, switched on and off by the keyboard:
    the board fills the screen, the words and the hint's marks are large, high contrast, the
    controls one strip (the promised sizes are the constants of ``projector.py``)."""
    open_settled(page, server.url(f"{game}_play.ipynb"))
    tab_to(page, "Projector")
    page.keyboard.press("Enter")
    page.wait_for_selector(".sg-view.sg-projector .sg-board svg")
    floor = BOARD_MIN_FRACTION * min(WIDTH, HEIGHT)
    page.wait_for_function(
        "(f) => { " + LARGEST + " const r = largest(document).getBoundingClientRect();"
        " return Math.max(r.width, r.height) >= f; }",
        arg=floor,
        timeout=10_000,
    )
    # chance first where the game starts with it (the dice, the cards): the strip keeps its
    # button
    chance = page.locator(".sg-projector-strip button.sg-chance")
    if chance.is_visible() and chance.is_enabled():
        chance.click()
        page.wait_for_function(
            "() => document.querySelector('.sg-projector-strip button.sg-chance').disabled"
        )
    # a hint: its marks on the board, its words beside it
    page.click(".sg-projector-strip button:has-text('Hint')")
    page.wait_for_selector(".sg-projector .sg-board .hint", timeout=30_000)
    page.wait_for_selector(".sg-hints li", timeout=30_000)
    page.wait_for_timeout(300)  # the hint's words follow the marks
    m = page.evaluate(MEASURE)
    ARTIFACTS.mkdir(exist_ok=True)  # the screen as the room sees it
    page.screenshot(path=str(ARTIFACTS / f"projector-{game}.png"))
    board = m["board"]
    assert max(board["w"], board["h"]) >= floor, (game, board, m["viewBox"])
    assert board["x"] >= 0 and board["y"] >= 0, board
    assert board["x"] + board["w"] <= WIDTH + 1 and board["y"] + board["h"] <= HEIGHT + 1, board
    small = [t for t in m["words"] if t["px"] < WORDS_MIN_PX]
    assert m["words"] and not small, small
    assert any(t["text"].startswith(("1", "Suggestions")) for t in m["words"])  # the hint's
    # the marks on the main board (a hint may be all cards in a hand: then none are there)
    assert m["marks"] or page.query_selector(".sg-projector .sg-board :is(.hint, .suggestion)")
    small = [t for t in m["marks"] if t["px"] < MARK_MIN_PX]
    assert not small, small
    tiny = [t for t in m["text"] if t["px"] < BOARD_TEXT_MIN_PX]
    assert not tiny, tiny
    names = [b["text"] for b in m["buttons"]]
    for needed in ("Undo", "Hint", "Projector"):
        assert any(n.startswith(needed) for n in names), names
    assert all(b["px"] >= BUTTON_MIN_PX for b in m["buttons"]), m["buttons"]
    assert m["folded"] == 0, "seat pickers, sliders and the move log fold away"
    assert m["message"] == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], m["message"]
    # the coach's words, large too (its settings fold away)
    page.click(".sg-projector-strip button:has-text('Teach me')")
    page.wait_for_function(
        "() => { const w = document.querySelector("
        "'.sg-projector .sg-coach-words .sg-coach-message');"
        " return w && w.innerText.trim().length > 0; }",
        timeout=30_000,
    )
    coach = page.evaluate(
        "() => [...document.querySelectorAll('.sg-projector .sg-coach-words *')]"
        ".filter(e => e.innerText && e.innerText.trim())"
        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert coach and min(coach) >= WORDS_MIN_PX, coach
    assert not page.is_visible(".sg-projector .sg-coach-strictness")
    # and off again, by the keyboard: everything back as it was
    page.focus(".sg-projector-toggle")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.sg-view.sg-projector')")
    assert page.is_visible(".sg-log")
    assert page.outside == []  # type: ignore[attr-defined]


OTHERS = {
    # the page, what shows its words beside the board, the screenshot's name
    "cathedral_tutorial.ipynb": (".sg-message", "projector-tutorial"),
    "puzzles.ipynb?game=cathedral": (".sg-puzzle-question", "projector-puzzles"),
    "review.ipynb?game=cathedral": (".sg-message", "projector-review"),
}


@pytest.mark.parametrize("notebook", sorted(OTHERS))
def test_projector_mode_on_the_other_dashboards(
    server: VoilaServer, page: Any, notebook: str
) -> None:
    """A tutorial's lesson, a puzzle and a review go on the projector too: the board fills the
    screen, the words beside it are large."""
    words, name = OTHERS[notebook]
    open_settled(page, server.url(notebook))
    toggle = page.locator(".sg-projector-toggle:visible").first
    toggle.click()
    page.wait_for_selector(".sg-projector")
    floor = BOARD_MIN_FRACTION * min(WIDTH, HEIGHT)
    page.wait_for_function(
        "(f) => { " + LARGEST + " const r = largest(document).getBoundingClientRect();"
        " return Math.max(r.width, r.height) >= f && r.right <= innerWidth + 1"
        " && r.bottom <= innerHeight + 1; }",
        arg=floor,
        timeout=10_000,
    )
    sizes = page.evaluate(
        "(sel) => [...document.querySelectorAll(`.sg-projector ${sel}`)]"
        ".filter(e => e.getClientRects().length && e.innerText.trim())"
        ".map(e => [e.innerText.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize),"
        " e.getBoundingClientRect().right <= innerWidth + 1])",
        words,
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert sizes, f"{notebook}: no words beside the board"
    assert all(px >= WORDS_MIN_PX and inside for _, px, inside in sizes), sizes
    toggle.click()  # and off again
    page.wait_for_function("() => !document.querySelector('.sg-projector')")
    assert page.outside == []  # type: ignore[attr-defined]
