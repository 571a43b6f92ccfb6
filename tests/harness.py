"""Helpers for tests and benchmarks: the gestures that make a move on a view, a Voila server on a
free port, and Chromium.

Playwright drives Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser download
cannot work offline), with the switches that keep it from reaching the network.

>>> import stainedglass_widgets as sgw
>>> view = sgw.view("cathedral", background=False)
>>> move = view.state.parse_move("cathedral e4 d5 e5 f5 e6 e7")
>>> perform(view, view.gestures(move))
>>> view.state.history
['cathedral e4 d5 e5 f5 e6 e7']
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from typing import Any
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[1]  # the checkout (holds notebooks/)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_path() -> str | None:
    """Debian's Chromium, or None when it is not installed."""
    for path in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path
    return None


def launch_chromium(playwright: Any) -> Any:
    return playwright.chromium.launch(
        executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Server:
    """A Jupyter server process on a free port, its output in ``test-artifacts/``; stopped by
    ending the process group it started (the server and its kernels)."""

    name = "server"

    def __init__(
        self,
        port: int | None = None,
        extra_args: list[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = port or free_port()
        self.extra_args = extra_args or []
        self.env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = ROOT / "test-artifacts" / f"{self.name}-{self.port}.log"

    def command(self) -> list[str]:  # hook
        raise NotImplementedError

    def ready_url(self) -> str:  # hook
        raise NotImplementedError

    def __enter__(self) -> _Server:
        self.log_path.parent.mkdir(exist_ok=True)
        self._log = open(self.log_path, "wb")
        env = {**os.environ, **self.env}
        self.proc = subprocess.Popen(
            self.command() + self.extra_args,
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited; see {self.log_path}")
            try:
                urllib.request.urlopen(self.ready_url(), timeout=2).read()
                return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"{self.name} did not start within 60 s; see {self.log_path}")

    def __exit__(self, *exc: Any) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self._log.close()


class VoilaServer(_Server):
    """``stainedglass serve`` on a free port, as ``make run`` starts it: the project's
    ``voila.json`` (preheated kernels, culling) and the offline template ``stainedglass``;
    ``extra_args`` go to Voila.

    >>> with VoilaServer() as server:                       # doctest: +SKIP
    ...     url = server.url("cathedral_play.ipynb")
    """

    name = "voila"

    def __init__(
        self,
        notebooks: str = "notebooks",
        port: int | None = None,
        extra_args: list[str] | None = None,
        serve_args: list[str] | None = None,
    ) -> None:
        super().__init__(port, extra_args)
        self.notebooks = notebooks
        self.serve_args = serve_args or []  # stainedglass serve's own, e.g. --class 8

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "stainedglass",
            "serve",
            f"--notebooks={self.notebooks}",
            f"--port={self.port}",
            *self.serve_args,
            "--",
        ]

    def url(self, notebook: str = "") -> str:
        """A notebook's address, or without one the bare address (it leads to the
        gallery)."""
        base = f"http://127.0.0.1:{self.port}"
        return f"{base}/voila/render/{notebook}" if notebook else base + "/"

    def ready_url(self) -> str:  # the list of files: it answers without taking a kernel
        return f"http://127.0.0.1:{self.port}/voila/tree"

    def filled(self) -> int:
        """How many times a kernel pool has reported itself filled (in the log)."""
        return self.log_path.read_text(errors="replace").count("is filled with")

    def ready_line(self) -> str | None:
        """What the server said once every preheated kernel had run its notebook and it had
        fallen quiet (``serve.ready_words``), or None before that."""
        for line in self.log_path.read_text(errors="replace").splitlines():
            # the analysis cores' line (``serve.warm_words``) comes on its own clock: not this one
            if line.startswith("stainedglass: ") and " ready" in line and " run " in line:
                return line
        return None

    def wait_ready(self, timeout: float = 300) -> str:
        """Wait until the server says it is ready (every preheated kernel has run its
        notebook, and it has fallen quiet); that line."""
        deadline = time.monotonic() + timeout
        while (line := self.ready_line()) is None:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"the server ended; see {self.log_path}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"not ready within {timeout} s; see {self.log_path}")
            time.sleep(0.2)
        return line

    def wait_preheated(self, count: int, timeout: float = 90) -> None:
        """Wait until the kernel pools have reported ``count`` fills and their notebooks have
        run. (Voila logs "filled" once a pool's kernel has started, while the notebook still
        runs in it: a page asked for then waits for the rest. So wait for the server and its
        kernels to fall quiet too.)"""
        deadline = time.monotonic() + timeout
        while self.filled() < count:
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"kernel pools not filled within {timeout} s; see {self.log_path}"
                )
            time.sleep(0.2)
        self.wait_quiet(max(deadline - time.monotonic(), 1.0))

    def wait_quiet(self, timeout: float = 60, window: float = 0.5, busy: float = 0.05) -> None:
        """Wait until the server and its kernels together use less than ``busy`` of a core
        over ``window`` seconds (or ``timeout`` passes: then go on, the machine is busy)."""
        import psutil  # a dependency of ipykernel

        assert self.proc is not None
        deadline = time.monotonic() + timeout

        def cpu() -> float:
            total = 0.0
            try:
                root = psutil.Process(self.proc.pid)
                for proc in [root, *root.children(recursive=True)]:
                    with contextlib.suppress(psutil.Error):
                        times = proc.cpu_times()
                        total += times.user + times.system
            except psutil.Error:
                pass
            return total

        before = cpu()
        while time.monotonic() < deadline:
            time.sleep(window)
            now = cpu()
            if now - before < busy * window:
                return
            before = now


@contextlib.contextmanager
def serving(folder: pathlib.Path, *notebooks: str, timeout: float = 300) -> Iterator[VoilaServer]:
    """Voila serving copies of the project's ``notebooks`` alone, from ``folder``: one kernel
    each to preheat (not the whole gallery's), ready when they are."""
    for name in notebooks:
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    with VoilaServer(notebooks=str(folder)) as server:
        server.wait_ready(timeout=timeout)
        yield server


class LabServer(_Server):
    """JupyterLab on 127.0.0.1 without a token (for tests only), serving the project."""

    name = "lab"

    def command(self) -> list[str]:
        root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        return [
            str(pathlib.Path(sys.executable).with_name("jupyter")),
            "lab",
            "--no-browser",
            f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            *root,
        ]

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/lab/tree/{path}?reset"

    def ready_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/status"


# ---- gestures: a move made as a person makes it ----------------------------------------------


def widget_at(view: Any, name: str) -> Any:
    """The view's widget called ``name`` (``"city"``, ``"supply[1]"``, ``"pass_button"``)."""
    base, _, index = name.partition("[")
    widget = getattr(view, base)
    return widget[int(index.rstrip("]"))] if index else widget


def perform(view: Any, gestures: list[tuple[str, str, Any]]) -> None:
    """Make ``gestures`` (see ``GameView.gestures``) on ``view``: board clicks, hovers and key
    presses through the board's own event path, button clicks, selector changes."""
    for name, action, value in gestures:
        widget = widget_at(view, name)
        if (
            action in ("click", "hover", "press")
            and hasattr(widget, "on_msg")
            and hasattr(widget, "hover")
        ):
            getattr(widget, action)(value)
        elif action == "click":
            widget.click()
        elif action == "select":
            widget.value = value
        else:
            raise ValueError(f"unknown gesture {action!r} on {name}")


def run_first_cell(
    page: Any,
    notebook_url: str,
    shows: str,
    kernel: str = "Python 3 (ipykernel)",
    timeout: float = 30_000,
) -> None:
    """Open a notebook in JupyterLab, wait for its ``kernel`` to be idle, run its first code
    cell and wait until ``shows`` (a selector) appears. One failure is known and run again (up
    to ``LAB_ATTEMPTS`` runs in all, each retry a warning saying so): the run lost on its way,
    a request sent while the kernel is still connecting (``lost_run``). A cell that ran and
    did not show ``shows`` fails at once, as does the last attempt; with a screenshot
    ``test-artifacts/lab-failure.png``."""
    page.goto(notebook_url)
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
    page.wait_for_selector(f"text={kernel} | Idle", timeout=90_000)
    for attempt in range(1, LAB_ATTEMPTS + 1):
        page.click(".jp-CodeCell .jp-InputArea-prompt")
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_selector(shows, timeout=timeout)
            return
        except Exception:
            lost = lost_run(page, kernel)
            if lost is None or attempt == LAB_ATTEMPTS:
                (ROOT / "test-artifacts").mkdir(exist_ok=True)
                page.screenshot(path=str(ROOT / "test-artifacts" / "lab-failure.png"))
                raise
            warnings.warn(
                f"run_first_cell: {lost}; the cell is run again ({attempt + 1} of {LAB_ATTEMPTS})",
                stacklevel=2,
            )


LAB_ATTEMPTS = 4
"""The runs of a JupyterLab cell whose run was lost (``lost_run``) before the test fails."""


def lost_run(page: Any, kernel: str) -> str | None:
    """Why the first code cell's run was lost, in words, or None when it was not: the cell has
    no count (``[ ]``, the keys went nowhere) or waits for one (``[*]``) while the kernel says
    it is idle (the request went out before the kernel's connection was up, and no answer will
    come). A cell with a count ran: whatever it showed is the test's to judge, not to retry."""
    prompt = (page.text_content(".jp-CodeCell .jp-InputArea-prompt") or "").strip()
    idle = page.locator(f"text={kernel} | Idle").count() > 0
    if prompt in ("", "[ ]:", "[*]:") and idle:
        return f"the cell's run was lost (its prompt {prompt or 'empty'}, the kernel idle)"
    return None


# ---- a lesson's steps, as a pupil takes them -----------------------------------------------------


def _widgets(widget: Any) -> Iterator[Any]:
    """``widget`` and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets(child)


def pupil_actions(view: Any, do: str) -> list[tuple[str, Any, Any]]:
    """What a pupil does for a lesson's step (``kit.lessons.Step.do``) on ``view``, as
    ``(action, widget, value)``: ``click``, ``hover`` or ``press`` on a board (a target's id,
    a key), ``button`` (pressed), ``toggle`` (an option chosen by its value), ``type`` (the
    move box, then Enter). A move is made by the view's own gestures."""
    import ipywidgets as w

    from stainedglass_widgets.kit.board import Board, boards_in

    verb, _, rest = do.partition(" ")
    if verb == "type":
        return [("type", view.move_text, rest)]
    if verb == "press":
        found = [
            b for b in _widgets(view) if isinstance(b, w.Button) and b.description.startswith(rest)
        ]
        if not found:
            raise AssertionError(f"no button {rest!r} on the board")
        return [("button", found[0], None)]
    if verb == "key":
        boards = [b for b in boards_in(view.board_widgets) if rest in b.watch_keys]
        if not boards:
            raise AssertionError(f"no board answers the key {rest!r}")
        return [("press", boards[0], rest)]
    if verb == "click":
        boards = [b for b in boards_in(view.board_widgets) if f'data-id="{rest}"' in b.svg]
        if not boards:
            raise AssertionError(f"nothing to click called {rest!r} on the board")
        return [("hover", boards[0], rest), ("click", boards[0], rest)]
    out: list[tuple[str, Any, Any]] = []
    for name, action, value in view.gestures(view.state.parse_move(do)):
        widget = widget_at(view, name)
        if isinstance(widget, Board):
            out.append((action, widget, value))
        elif isinstance(widget, w.Button):
            out.append(("button", widget, None))
        elif isinstance(widget, w.ToggleButtons):
            out.append(("toggle", widget, value))
        else:
            raise AssertionError(f"a gesture on {name}: no pupil's action for it")
    return out


def act(action: str, widget: Any, value: Any) -> None:
    """One pupil's action (:func:`pupil_actions`) on the widgets, kernel side."""
    if action in ("click", "hover", "press"):
        getattr(widget, action)(value)
    elif action == "button":
        widget.click()
    elif action in ("toggle", "type"):
        widget.value = value
    else:
        raise ValueError(f"unknown action {action!r}")


def said(view: Any) -> tuple[str, str]:
    """The kind (``good``, ``bad``, ``info``) and the words of the view's message line."""
    import html
    import re

    value = view.message.value
    kind = re.search(r"sg-(good|bad|info)", value)
    words = html.unescape(re.sub(r"<[^>]+>", "", value)).strip()
    return (kind.group(1) if kind else "info"), words


def answer_problems(step: Any, kind: str, words: str, played: bool, bad: int) -> list[str]:
    """What is wrong with the board's answer to a lesson's ``step``: its message's ``kind`` and
    ``words``, whether the move was ``played``, and how many refusals the board shows (``bad``:
    every red box, the message's included). One message per event: a legal move is said once,
    as legal, with no refusal beside it; a refusal is said once."""
    problems = []
    if step.played:
        if not played:
            problems.append("not played")
        if kind != "good":
            problems.append(f"not said as legal ({kind})")
        if bad:
            problems.append(f"{bad} refusal(s) shown beside a legal move")
    elif step.refused:
        if played:
            problems.append("played, not refused")
        if kind != "bad":
            problems.append(f"not said as refused ({kind})")
        if bad != 1:
            problems.append(f"the refusal is shown {bad} times")
    elif kind == "bad" or bad:
        problems.append("refused")
    if step.words not in words:
        problems.append(f"the words {step.words!r} are missing")
    return [f"{step.do!r} answered {kind}: {words!r}: {'; '.join(problems)}"] if problems else []


def rehearse(view: Any, steps: Any) -> list[str]:
    """Take a lesson's ``steps`` on its ``view`` as a pupil does, kernel side; what went wrong
    (empty: the board answered every step as the lesson says)."""
    import re

    problems: list[str] = []
    for step in steps:
        before = len(view.state.history)
        for action in pupil_actions(view, step.do):
            act(*action)
        kind, words = said(view)
        shown = [
            x.value for x in _widgets(view) if hasattr(x, "value") and isinstance(x.value, str)
        ]
        bad = sum(len(re.findall(r'class="[^"]*\bsg-bad\b', value)) for value in shown)
        problems += answer_problems(step, kind, words, len(view.state.history) > before, bad)
    return problems


# ---- page helpers (Playwright sync API) ----------------------------------------------------------

CITY = ".sg-city .sg-board"


def board_version(page: Any, selector: str = CITY) -> int:
    return int(page.eval_on_selector(selector, "el => el.dataset.version || '0'"))


def wait_redraw(page: Any, before: int, selector: str = CITY, timeout: float = 10_000) -> None:
    """Wait until the board at ``selector`` has drawn something newer than version ``before``."""
    page.wait_for_function(
        "([sel, v]) => { const el = document.querySelector(sel);"
        " return el && Number(el.dataset.version || 0) > v; }",
        arg=[selector, before],
        timeout=timeout,
    )


def board_cursor(page: Any, board: str) -> str | None:
    """The id the keyboard's cursor is on, on the board at ``board`` (a ``.sg-board``
    selector); None before the first arrow key."""
    return page.eval_on_selector(board, "el => el.dataset.cursor || null")


def _centre(page: Any, board: str, ident: str) -> tuple[float, float]:
    box = page.eval_on_selector_all(
        f'{board} [data-id="{ident}"]',
        "els => { const r = els[0].getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2]; }",
    )
    return box[0], box[1]


def arrow_to(page: Any, board: str, ident: str, presses: int = 40) -> None:
    """Move the keyboard's cursor to the target ``ident`` with the arrow keys alone (the board
    must have the focus): each press towards it, by where it is on the page; at an edge, the
    other way round. Fails after ``presses`` presses."""
    if board_cursor(page, board) is None:
        page.keyboard.press("ArrowRight")  # the first arrow shows the cursor
    for _ in range(presses):
        here = board_cursor(page, board)
        if here == ident:
            return
        if here is None:
            raise AssertionError(f"no cursor on {board}: does it have the focus?")
        (x0, y0), (x1, y1) = _centre(page, board, here), _centre(page, board, ident)
        dx, dy = x1 - x0, y1 - y0
        across = ("ArrowRight" if dx > 0 else "ArrowLeft", "ArrowDown" if dy > 0 else "ArrowUp")
        first, second = across if abs(dx) >= abs(dy) else across[::-1]
        page.keyboard.press(first)
        if board_cursor(page, board) == here:
            page.keyboard.press(second)
    raise AssertionError(f"the arrow keys did not reach {ident} (at {board_cursor(page, board)})")


def wait_cursor(page: Any, container: str, ident: str, timeout: float = 10_000) -> None:
    """Wait until the visible cursor (the ring) frames ``ident`` in the board widget inside
    ``container`` (e.g. ``.sg-city``)."""
    page.wait_for_selector(
        f'{container} .sg-cursor[data-id="{ident}"]:not([hidden])', timeout=timeout
    )


# ---- browser pages: the tests' shared fixtures (tests/conftest.py) build on these --------------

ARTIFACTS = ROOT / "test-artifacts"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")


def need_browser() -> Any:
    """Playwright's ``sync_playwright``, or the test skipped saying what is missing; where the
    environment variable CI is set, failed instead (CI needs the browser tests)."""
    import pytest

    problem = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        problem = "playwright is not installed"
    if problem is None and chromium_path() is None:
        problem = "Chromium is not installed (apt-get install chromium)"
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the browser tests: {problem}")
        pytest.skip(problem)
    return sync_playwright


def open_page(browser: Any, width: int = 1280, height: int = 1000, **options: Any) -> Any:
    """A page in a fresh browser context (its own cookies and storage) of ``width`` x ``height``
    (``options`` go to the context). Every request that leaves 127.0.0.1, from this page or
    another the context opens (a link to a new tab), is held unanswered (a network that drops
    packets, the worst case of offline) and listed in ``page.outside``; ``page.checking`` set,
    such requests are refused at once instead (axe reads every style sheet, the page's refused
    ones too). Its waits time out after 60 s, not Playwright's 30: the shared server's page may
    wait for a kernel started for it on a loaded machine. Close it with
    ``page.context.close()``."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    context.set_default_timeout(60_000)
    pg = context.new_page()
    pg.outside = []
    pg.checking = False

    def route(r: Any) -> None:
        if r.request.url.startswith(LOCAL):
            r.continue_()
        elif pg.checking:
            r.abort()
        else:
            pg.outside.append(r.request.url)  # never answered

    context.route("**/*", route)
    return pg


def shot(page: Any, name: str) -> pathlib.Path:
    """A full-page screenshot ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


CHART_WORDS = """(chart) => {
  // every word of the charts in ``chart`` (SVG text, plotly's too): a box inside its chart's
  // drawing, and over no other word; what is wrong, in words
  const problems = [];
  const drawings = [...chart.querySelectorAll('svg')].filter(s => !s.parentElement.closest('svg'));
  const frame = chart.getBoundingClientRect();
  const words = [];
  for (const svg of drawings) {
    const s = svg.getBoundingClientRect();
    if (s.width < 1 || s.height < 1) continue;
    if (s.left < frame.left - 1 || s.right > frame.right + 1)
      problems.push(`a drawing ${s.width.toFixed(0)} px wide, shown in ${frame.width.toFixed(0)} px`);
    // plotly draws a figure as several SVGs laid on one another: the figure's box holds them
    const figure = svg.closest('.js-plotly-plot');
    const box = figure ? figure.getBoundingClientRect() : s;
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (!t.textContent.trim() || r.width < 0.5 || r.height < 0.5) continue;
      if (getComputedStyle(t).visibility === 'hidden' || getComputedStyle(t).opacity === '0') continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
        problems.push(`"${t.textContent}" runs out of its chart`);
      for (const [other, q] of words) {
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (w > 1 && h > 1 && !t.contains(other) && !other.contains(t))
          problems.push(`"${t.textContent}" over "${other.textContent}"`);
      }
      words.push([t, r]);
    }
  }
  return {problems, words: words.length};
}"""
"""JavaScript: the words of the charts in an element, checked (:func:`chart_problems`)."""


def chart_problems(page: Any, selector: str) -> list[str]:
    """What is wrong with the words of the charts under ``selector`` (each shown): a word out
    of its chart or over another, a drawing wider than its place; fails when it holds no
    word at all (the chart is not drawn)."""
    found = page.eval_on_selector(selector, CHART_WORDS)
    assert found["words"] > 0, f"{selector}: no chart words"
    return list(found["problems"])


def message(page: Any) -> str:
    """The view's message line."""
    import html

    return html.unescape(page.inner_text(".sg-view .sg-message"))


def wait_text(page: Any, selector: str, text: str, timeout: float | None = None) -> str:
    """Wait until the element at ``selector`` shows ``text`` (widgets update one by one), for
    the page's own timeout or ``timeout`` milliseconds."""
    import html

    page.wait_for_function(
        "([sel, t]) => { const el = document.querySelector(sel);"
        " return el && el.innerText.includes(t); }",
        arg=[selector, text],
        **({} if timeout is None else {"timeout": timeout}),
    )
    return html.unescape(page.inner_text(selector))


def wait_moves(page: Any, n: int, timeout: float = 60_000) -> None:
    """Wait until the move log lists ``n`` moves (the banner and log follow the board; a shared
    link's game comes once the page's kernel has its request, later on a busy machine)."""
    page.wait_for_function(
        "(n) => { const s = document.querySelector('.sg-log summary');"
        " return s && s.innerText.includes('(' + n + ' moves)'); }",
        arg=n,
        timeout=timeout,
    )


def moves_in_log(page: Any) -> int:
    import re

    m = re.search(r"\((\d+) moves\)", page.inner_text(".sg-log summary"))
    assert m
    return int(m.group(1))


def hover(page: Any, cell: str, board: str = CITY) -> None:
    """Move the pointer over ``cell`` of ``board`` and wait for the redraw (the preview)."""
    before = board_version(page, board)
    page.hover(f'{board} [data-id="{cell}"]')
    wait_redraw(page, before, board)


def click_cell(page: Any, cell: str, redraw: bool = True, board: str = CITY) -> None:
    """Click ``cell`` of ``board`` and (``redraw``) wait for the redraw."""
    before = board_version(page, board)
    page.click(f'{board} [data-id="{cell}"]')
    if redraw:
        wait_redraw(page, before, board)


def choose(page: Any, side: str, piece: str) -> None:
    """Take Cathedral building ``piece`` from ``side``'s supply ("light" or "dark")."""
    sel = f".sg-supply-{side} .sg-board"
    before = board_version(page, sel)
    page.click(f'{sel} [data-id="piece:{piece}"]')
    wait_redraw(page, before, sel)


def lesson_views(page: Any, count: int, timeout: float = 180_000) -> Any:
    """The tutorial's boards (``.sg-view``), once ``count`` of them are drawn."""
    page.wait_for_function(
        "(n) => document.querySelectorAll('.sg-view .sg-board svg').length >= n"
        " && document.querySelectorAll('.sg-view').length >= n",
        arg=count,
        timeout=timeout,
    )
    return page.locator(".sg-view")


def in_page(action: str, widget: Any, value: Any) -> tuple[str, str, Any]:
    """One pupil's action (:func:`pupil_actions`) as the page finds it: a board by its CSS
    selector, a button or a toggle by its words (read now: they change as the game goes on)."""
    if action in ("click", "hover", "press"):
        classes = [c for c in widget._dom_classes if c.startswith("sg-")]
        if not classes:
            raise AssertionError(f"a board without a class of its own: {widget.label!r}")
        return action, f".{classes[0]} .sg-board", value
    if action == "button":
        return action, widget.description, None
    if action == "toggle":
        return action, widget._options_labels[list(widget._options_values).index(value)], None
    return action, "", value


_POINT_IN = """(box, [where, id]) => {
    const el = box.querySelector(where).querySelector(`[data-id="${id}"]`);
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const hits = (x, y) => {
        const top = document.elementFromPoint(x, y);
        const t = top && top.closest('[data-id]');
        return !!t && t.getAttribute('data-id') === id && el.ownerSVGElement === t.ownerSVGElement;
    };
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (hits(cx, cy)) return [cx, cy];
    let best = null, bestD = Infinity;
    for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
        const x = r.left + r.width * i / 24, y = r.top + r.height * j / 24;
        if (!hits(x, y)) continue;
        let inner = 0;  // how far the target reaches round the point: the middle of the shape
        for (const [dx, dy] of [[4, 0], [-4, 0], [0, 4], [0, -4], [8, 0], [-8, 0], [0, 8], [0, -8]])
            if (hits(x + dx, y + dy)) inner++;
        const d = Math.hypot(x - cx, y - cy) - 1000 * inner;
        if (d < bestD) { bestD = d; best = [x, y]; }
    }
    return best || [cx, cy];
}"""
"""Where a pupil points to reach the target ``id`` of the board at ``where``: its middle, or where a thin or
curved shape (a crescent at the rim) is itself under the pointer, not a line drawn over it."""


def connection_lost(page: Any) -> str:
    """The words of the page's note that its kernel stopped answering (board.js), if it
    shows: '' while the kernel answers."""
    shown = page.locator(".sg-lost").evaluate_all(
        "els => els.filter(e => !e.hidden).map(e => e.innerText.trim())"
    )
    return f"; the page shows {shown[0]!r}" if shown else ""


def act_in_page(box: Any, action: str, where: str, value: Any, timeout: float = 30_000) -> None:
    """One pupil's action (:func:`in_page`) made in the page, inside the view ``box``, with
    the mouse and the keyboard; a target waited for at most ``timeout`` ms."""
    if action in ("click", "hover"):
        box.locator(where).first.locator(f'[data-id="{value}"]').first.wait_for(timeout=timeout)
        # found and measured at once: a redraw (a hover's preview) replaces the elements
        x, y = box.evaluate(_POINT_IN, [where, value])
        box.page.mouse.move(x, y)
        if action == "click":
            box.page.mouse.down()
            box.page.mouse.up()
    elif action == "press":
        box.locator(where).first.press(value)
    elif action == "button":
        box.get_by_role("button", name=where, exact=True).first.click()
    elif action == "toggle":
        import re

        label = where
        exact = re.compile(rf"^\s*{re.escape(label)}\s*$")
        button = box.locator(".widget-toggle-buttons button").filter(has_text=exact).first
        if button.is_visible():
            button.click()
        elif "mod-active" not in (button.get_attribute("class") or ""):  # hidden: chosen already
            raise AssertionError(f"{label!r} is hidden and not chosen")
    elif action == "type":
        field = box.locator('input[placeholder^="or type a move"]').first
        field.fill(value)
        field.press("Enter")
    else:
        raise ValueError(f"unknown action {action!r}")


_WATCH = """el => {
    if (el.sgSeen) return;
    el.sgLast = Date.now();
    el.sgSeen = new MutationObserver(() => { el.sgLast = Date.now(); });
    el.sgSeen.observe(el, {subtree: true, childList: true, attributes: true, characterData: true});
}"""
_SETTLED = """([box, words]) => {
    const lost = document.querySelector('.sg-lost');
    if (lost && !lost.hidden) return 'lost';  // the kernel stopped answering: no use waiting
    const el = document.querySelectorAll('.sg-view')[box];
    const msg = el && el.querySelector('.sg-message');
    return !!msg && msg.innerText.trim() === words && Date.now() - el.sgLast >= 400;
}"""


def page_answer(box: Any) -> tuple[str, str, int]:
    """The kind and words of the message line of the view ``box`` as the page shows it, and
    how many refusals (red boxes) the view shows."""
    import html

    message = box.locator(".sg-message").first
    classes = message.get_attribute("class") or ""
    kind = next((k for k in ("good", "bad", "info") if f"sg-{k}" in classes.split()), "info")
    bad = box.locator(".sg-bad").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null && e.innerText.trim()).length"
    )
    return kind, html.unescape(message.inner_text()).strip(), int(bad)


def walk_steps(page: Any, index: int, view: Any, steps: Any, timeout: float = 60_000) -> list[str]:
    """Take a lesson's ``steps`` in the page, on its ``index``-th board, as a pupil does (the
    mouse on the board's targets, the buttons, the move box), keeping ``view`` (the same
    lesson built here) in step; after each, the page must say what ``view`` says, and that must
    be the answer the step declares (:func:`answer_problems`). What went wrong (empty: all
    well)."""
    box = page.locator(".sg-view").nth(index)
    box.scroll_into_view_if_needed()
    box.evaluate(_WATCH)  # when the view last changed: its answer is read once it is quiet
    problems: list[str] = []
    for step in steps:
        before = len(view.state.history)
        actions = pupil_actions(view, step.do)
        found = [in_page(*action) for action in actions]
        for action in actions:
            act(*action)
        expected = said(view)[1]
        try:
            for action in found:
                act_in_page(box, *action, timeout=timeout)
            answer = page.wait_for_function(
                _SETTLED, arg=[index, expected], timeout=timeout, polling=100
            )
            if answer.json_value() == "lost":
                raise AssertionError("no answer")
        except Exception as error:  # Playwright's timeout, or no kernel: said, the walk stops
            kind, words, _ = page_answer(box)
            waited = str(error).splitlines()[0]
            problems.append(
                f"{step.do!r}: the page says {words!r}, not {expected!r} ({waited})"
                + connection_lost(page)
            )
            break
        kind, words, bad = page_answer(box)
        played = len(view.state.history) > before
        problems += answer_problems(step, kind, words, played, bad)
    return problems


def run_async(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own, its result or its exception. In a
    test process that has started the shared browser (tests/conftest.py), Playwright's sync
    API keeps an event loop running in the main thread, where ``asyncio.run`` refuses to start
    another.

    >>> async def two() -> int:
    ...     return 2
    >>> run_async(two())
    2
    """
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Visitor:
    """A visitor's end of a dashboard, as a browser has it without drawing: the page, its
    scripts and stylesheets from this server (the widget extensions' too), the kernel's socket,
    the kernel's info and every widget's state (ipywidgets' ``request_states``, in
    :attr:`states` by model id). :meth:`send` and :meth:`reply` speak the kernel's protocol on
    its socket; :meth:`update` sets a widget's value as a pupil's typing does. Open it with
    ``await Visitor.open(url)``; a refused page (the class is full) raises ``RuntimeError``
    with its status."""

    def __init__(self, url: str, socket: Any, session: str, states: dict[str, Any]) -> None:
        self.url, self.socket, self.session, self.states = url, socket, session, states

    @classmethod
    async def open(cls, url: str, timeout: float = 300) -> Visitor:
        import json
        import re
        import uuid
        from urllib.parse import urljoin, urlsplit

        from tornado.httpclient import AsyncHTTPClient, HTTPClientError
        from tornado.websocket import websocket_connect

        client = AsyncHTTPClient(force_instance=True, max_clients=16)
        try:
            try:
                page = (await client.fetch(url, request_timeout=timeout)).body.decode()
            except HTTPClientError as e:
                raise RuntimeError(f"{e.code}: {url}") from None
            config = json.loads(
                re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S).group(1)
            )
            assets = [
                urljoin(url, a)
                for a in re.findall(
                    r'(?:src|href)="(/[^"]+\.(?:js|css)'
                    r'[^"]*)"',
                    page,
                )
            ]
            assets += [
                urljoin(url, f"/voila/labextensions/{x['name']}/{x['load']}")
                for x in config.get("federated_extensions", [])
            ]
            for asset in assets:
                await client.fetch(asset, request_timeout=timeout)
        finally:
            client.close()
        where = urlsplit(url)
        session = uuid.uuid4().hex
        socket_ = await websocket_connect(
            f"ws://{where.netloc}/api/kernels/{config['kernelId']}/channels?session_id={session}",
            connect_timeout=timeout,
        )
        visitor = cls(url, socket_, session, {})
        try:
            await visitor.reply(visitor.answers(visitor.send("kernel_info_request", {})))
            await visitor.reply(
                visitor.answers(
                    visitor.send("comm_info_request", {"target_name": "jupyter.widget"})
                )
            )
            comm = uuid.uuid4().hex
            visitor.send(
                "comm_open",
                {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "1.0.0"},
            )  # ipywidgets' control
            visitor.send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
            msg = await visitor.reply(
                lambda m: (
                    m["header"]["msg_type"] == "comm_msg" and m["content"].get("comm_id") == comm
                )
            )
        except BaseException:
            socket_.close()
            raise
        visitor.states = msg["content"]["data"].get("states", {})
        return visitor

    def send(self, msg_type: str, content: dict[str, Any], metadata: Any = None) -> str:
        import json
        import uuid

        msg_id = uuid.uuid4().hex
        self.socket.write_message(
            json.dumps(
                {
                    "header": {
                        "msg_id": msg_id,
                        "msg_type": msg_type,
                        "session": self.session,
                        "username": "",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": metadata or {},
                    "content": content,
                    "channel": "shell",
                    "buffers": [],
                }
            )
        )
        return msg_id

    async def reply(self, predicate: Any) -> dict[str, Any]:
        """The next message from the kernel for which ``predicate`` holds (others dropped)."""
        import json

        while True:
            raw = await self.socket.read_message()
            if raw is None:
                raise RuntimeError(f"the kernel's socket closed: {self.url}")
            if isinstance(raw, bytes):  # a message with buffers: offsets, then the JSON
                count = int.from_bytes(raw[:4], "big")
                offsets = [int.from_bytes(raw[4 + 4 * i : 8 + 4 * i], "big") for i in range(count)]
                raw = raw[offsets[0] : offsets[1] if count > 1 else None].decode()
            msg = json.loads(raw)
            if predicate(msg):
                return msg

    @staticmethod
    def answers(msg_id: str) -> Any:
        return lambda m: (
            m.get("parent_header", {}).get("msg_id") == msg_id
            and m["header"]["msg_type"].endswith("_reply")
        )

    def model(self, **state: Any) -> str:
        """The id of the first widget whose state has these values (e.g. ``keeper=True``)."""
        return next(
            model
            for model, s in self.states.items()
            if all(s.get("state", {}).get(k) == v for k, v in state.items())
        )

    def update(self, model: str, **state: Any) -> None:
        """Set widget ``model``'s traits as the page does when a pupil types or picks."""
        self.send(
            "comm_msg",
            {"comm_id": model, "data": {"method": "update", "state": state, "buffer_paths": []}},
        )

    async def ping(self) -> None:
        """The page's keeper board is pinged and answers, as board.js checks the kernel."""
        keeper = self.model(keeper=True)
        self.send(
            "comm_msg",
            {"comm_id": keeper, "data": {"method": "custom", "content": {"event": "ping"}}},
        )
        await self.reply(
            lambda m: (
                m["header"]["msg_type"] == "comm_msg"
                and m["content"].get("comm_id") == keeper
                and m["content"]["data"].get("content") == {"event": "pong"}
            )
        )

    def close(self) -> None:
        self.socket.close()


async def visit(url: str, timeout: float = 300) -> tuple[float, dict[str, Any]]:
    """One visitor opening a dashboard as a browser does, without drawing it (:class:`Visitor`)
    and, on a play dashboard, the board's answer to a ping (board.js's check that the kernel is
    there). Returns the seconds from asking for the page to the board answering, and the
    states by model id.

    The states are what a board is drawn from; a browser on the pupil's own machine then
    draws it in a few milliseconds, so this times the server's part for many visitors at once
    without running one browser each on the machine being measured."""
    start = time.perf_counter()
    visitor = await Visitor.open(url, timeout)
    try:
        if any(s.get("state", {}).get("keeper") for s in visitor.states.values()):
            await visitor.ping()
    finally:
        visitor.close()
    return time.perf_counter() - start, visitor.states
