"""A class as a teacher runs it, in Chromium: three browser contexts (their own storage, their own
kernels) on the shared Voila server (``tests/conftest.py``) stand for two pupils' devices and the
teacher's console, all on the class's store (``STAINEDGLASS_STORE``).

Pupil A starts a Cathedral room on ``cathedral_play.ipynb``, pupil B types its code and joins;
they play by clicking the board, B reloads and comes back to the same seat and position, and the
teacher's console (``class_console.ipynb``) shows the room and both pupils' games under way. A
and a third pupil, C, try the Cathedral tutorial's first lesson: A's name is filled in from the
browser (asked once), C types theirs at the tutorial's top, and the console counts the lesson
under each. No device says a refusal at any step (none is true in this journey). Screenshots:
``test-artifacts/class-*.png``."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

from harness import CITY, choose, click_cell, hover, open_page, shot, wait_moves, wait_text

pytestmark = pytest.mark.full  # a journey across three devices: make test-all

PUPIL_TIMEOUT = 60_000
ANA, BEN, CLEO = "Iris Class", "Tomas Class", "Cleo Class"  # names no other test gives
LESSON = ".sg-city .sg-board"
"""The tutorial's first lesson board (the first on its page: the Cathedral placed)."""
MOVES = [  # (who moves, the supply the piece is taken from, the piece, the cell clicked)
    ("a", None, None, "e5"),  # Light's Cathedral: e4 d5 e5 f5 e6 e7
    ("b", "dark", "tavern", "a1"),
    ("a", "light", "tavern", "j10"),
    ("b", "dark", "inn", "d3"),  # c3 d3 d4
    ("a", "light", "stable", "h1"),  # h1 i1
]
AFTER_RELOAD = ("b", "dark", "tavern", "a10")
REFUSALS = ("✗", "Not done", "Not played", "Illegal", "illegal", "Could not", "went wrong")
MESSAGE_AREAS = ".sg-view .sg-message, .sg-preview, .sg-banner, .sg-room-status, .sg-room-waiting"


WATCH = """
window.__said = [];
const seen = new Set();
const look = () => {
  for (const el of document.querySelectorAll(AREAS)) {
    const t = el.innerText;
    if (t && !seen.has(t)) { seen.add(t); window.__said.push(t); }
  }
};
new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
""".replace("AREAS", json.dumps(MESSAGE_AREAS))
"""Kept in every page of a device before its scripts run: each text its message areas show, even
for a moment (a refusal said, then replaced)."""


def device(browser: Any, **size: Any) -> Any:
    page = open_page(browser, **size)
    page.context.add_init_script(WATCH)
    return page


def said(page: Any) -> str:
    """Everything the page's message areas say now (the message line, the board's preview,
    the banner, the room's panel)."""
    return page.eval_on_selector_all(MESSAGE_AREAS, "els => els.map(e => e.innerText).join(' | ')")


def no_refusal(page: Any, step: str) -> None:
    """Nothing refused was said on ``page`` after ``step``: no move or action here was refused,
    so any refusal in words would not be true. Checked once late answers have had time."""
    page.wait_for_timeout(400)
    assert page.locator(".sg-view .sg-message").count() == 1  # the areas are there to read
    words = [said(page), *page.evaluate("window.__said")]
    wrong = [w for w in words if any(r in w for r in REFUSALS)]
    assert not wrong, f"after {step}, said: {wrong}"


def position(page: Any) -> list[str]:
    """The city as drawn: every owned square or piece of the board, by id and owner."""
    return sorted(
        page.eval_on_selector_all(
            f"{CITY} [data-owner]",
            "els => els.map(e => [e.dataset.id || '', e.dataset.owner, e.dataset.piece || '']"
            ".join(':'))",
        )
    )


def place(page: Any, side: str | None, piece: str | None, cell: str) -> None:
    """A person's move: the building taken from ``side``'s supply, the pointer over ``cell``
    (the preview), a click."""
    if piece is not None:
        assert side is not None
        choose(page, side, piece)
    hover(page, cell)
    wait_text(page, ".sg-preview", "✓")  # the preview says the placement is legal
    click_cell(page, cell)


def test_a_class_two_pupils_play_a_room_and_the_teacher_sees_it(server: Any, browser: Any) -> None:
    ana, ben = device(browser, height=1400), device(browser, height=1400)
    cleo = device(browser, height=1400)
    teacher = open_page(browser, width=1600, height=1500)
    devices = {"a": ana, "b": ben}
    untrue: list[str] = []  # words shown that were not true, found on the way
    try:
        # pupil A: a name, the other seat on Another device, Start a room
        ana.goto(server.url("cathedral_play.ipynb"))
        ana.wait_for_selector(".sg-room-start", timeout=PUPIL_TIMEOUT)
        ana.wait_for_selector(CITY + " svg", timeout=PUPIL_TIMEOUT)
        no_refusal(ana, "opening the dashboard")
        ana.fill(".sg-room-name input", ANA)
        ana.select_option(".sg-view select >> nth=1", label="Another device")  # Dark
        ana.click(".sg-room-start")
        ana.wait_for_selector(".sg-room-code-shown")
        code = ana.inner_text(".sg-room-code-shown").strip()
        assert len(code) == 5, code
        wait_text(ana, ".sg-view .sg-message", f"Room {code}: you play Light")
        wait_text(ana, ".sg-room-waiting", "waits for 1 more player")
        no_refusal(ana, "Start a room")
        shot(ana, "class-1-started")

        # pupil B: the same dashboard, a name, the code typed, Join pressed once
        ben.goto(server.url("cathedral_play.ipynb"))
        ben.wait_for_selector(".sg-room-join", timeout=PUPIL_TIMEOUT)
        ben.wait_for_selector(CITY + " svg", timeout=PUPIL_TIMEOUT)
        no_refusal(ben, "opening the dashboard")
        ben.fill(".sg-room-name input", BEN)
        ben.fill(".sg-room-code input", code)
        ben.click(".sg-room-join")
        ben.wait_for_selector(".sg-room-code-shown")
        assert ben.inner_text(".sg-room-code-shown").strip() == code
        wait_text(ben, ".sg-view .sg-message", f"Room {code}: you play Dark")
        no_refusal(ben, "Join")
        wait_text(ben, ".sg-room-seats", f"Light: {ANA}")
        wait_text(ana, ".sg-room-seats", f"Dark: {BEN}")
        ana.wait_for_function("() => !document.querySelector('.sg-room-waiting').innerText.trim()")
        no_refusal(ana, "B joined")
        shot(ben, "class-2-joined")
        shot(ana, "class-2-joined-a")
        # A's message line no longer says the room waits for a player (it has both now)
        for _ in range(30):  # three seconds: the seats are read every second
            line = ana.inner_text(".sg-view .sg-message")
            if "waits for" not in line:
                break
            ana.wait_for_timeout(100)
        if "waits for" in line:  # said at the end: the journey goes on meanwhile
            untrue.append(f"A's message line after B joined (class-2-joined-a): {line!r}")

        # a few moves in turn, by clicking the board
        for n, (who, side, piece, cell) in enumerate(MOVES, start=1):
            place(devices[who], side, piece, cell)
            for page in (ana, ben):  # each device shows the move, whoever made it
                wait_moves(page, n)
            for name, page in devices.items():
                no_refusal(page, f"move {n} (device {name})")
        assert ana.inner_text(".sg-log") == ben.inner_text(".sg-log")
        assert position(ana) == position(ben)
        wait_text(ben, ".sg-banner", "Dark")  # Dark, Ben's seat, to move
        shot(ana, "class-3-played-a")
        shot(ben, "class-3-played-b")

        # B reloads: the page's address holds the room and the seat
        ben.wait_for_function("() => location.search.includes('seat=')")
        log, drawn = ben.inner_text(".sg-log"), position(ben)
        ben.reload()
        ben.wait_for_selector(CITY + " svg", timeout=PUPIL_TIMEOUT)
        wait_moves(ben, len(MOVES))
        wait_text(ben, ".sg-view .sg-message", f"Room {code}: you play Dark")
        ben.wait_for_selector(".sg-room-code-shown")
        assert ben.inner_text(".sg-room-code-shown").strip() == code
        wait_text(ben, ".sg-room-seats", "Dark: you")
        assert ben.inner_text(".sg-log") == log
        assert position(ben) == drawn
        no_refusal(ben, "the reload")
        shot(ben, "class-4-reloaded")
        who, side, piece, cell = AFTER_RELOAD  # B's seat is B's again: B moves
        place(devices[who], side, piece, cell)
        moves = len(MOVES) + 1
        for page in (ana, ben):
            wait_moves(page, moves)
        for name, page in devices.items():
            no_refusal(page, f"move {moves}, after the reload (device {name})")

        # the tutorial asks for the name once: A's browser has it already, filled in; C, on a
        # device of their own, types it at the top; each tries the first lesson's board
        for page, name in ((ana, ANA), (cleo, CLEO)):
            page.goto(server.url("cathedral_tutorial.ipynb"))
            page.wait_for_selector(f"{LESSON} svg", timeout=PUPIL_TIMEOUT)
            assert "kept under this name" in page.inner_text(".sg-pupil-name-words")
            if page is cleo:
                page.fill(".sg-pupil-name input", name)
                page.press(".sg-pupil-name input", "Enter")
            page.wait_for_function(
                "(n) => document.querySelector('.sg-pupil-name input').value === n", arg=name
            )
            page.hover(f'{LESSON} [data-id="e5"]')
            click_cell(page, "e5", board=LESSON)
            line = page.inner_text(".sg-view .sg-message >> nth=0")  # the first lesson's
            assert not any(r in line for r in REFUSALS), (name, line)
        shot(cleo, "class-5-lesson")

        # the teacher's console, on this machine: no password, and it says so
        teacher.goto(server.url("class_console.ipynb"))
        teacher.wait_for_selector(".sg-console-grid", timeout=PUPIL_TIMEOUT)
        words = teacher.inner_text(".sg-console-access")
        assert "No password" in words and "this machine" in words, words
        assert not teacher.locator(".sg-console-password").is_visible()  # no gate
        assert teacher.locator(".sg-console-refused").count() == 0
        card = f'.sg-console-card[data-room="{code}"]'
        teacher.wait_for_selector(card)
        wait_text(teacher, card, f"move {moves}")
        text = teacher.inner_text(card)
        assert f"Light: {ANA}" in text and f"Dark: {BEN}" in text, text
        assert teacher.locator(f"{card} svg").count() == 1  # its board
        wait_text(teacher, ".sg-console-table", BEN)
        table = teacher.eval_on_selector(
            ".sg-console-table table",
            "t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText.trim()))",
        )
        head, rows = table[0], {row[0]: row for row in table[1:]}
        column = head.index("Games under way")
        for name in (ANA, BEN):
            assert name in rows, (name, table)
            assert rows[name][column] == "1", (name, head, rows[name])
        wait_text(teacher, ".sg-console-table", CLEO)
        table = teacher.eval_on_selector(
            ".sg-console-table table",
            "t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText.trim()))",
        )
        head, rows = table[0], {row[0]: row for row in table[1:]}
        lessons = head.index("Lesson steps: Cathedral")
        for name in (ANA, CLEO):  # the lesson tried, under the name given once
            assert rows[name][lessons] == "1", (name, head, rows[name])
        shot(teacher, "class-5-console")
        teacher.click(f".sg-console-card-show:has-text('Show {code}')")
        teacher.wait_for_selector(f'.sg-console-large [data-room="{code}"] svg')
        wait_text(teacher, ".sg-console-large", f"move {moves}")
        shot(teacher, "class-6-shown")
        for page in (ana, ben, cleo, teacher):
            assert "Traceback" not in page.inner_text("body")
            assert page.outside == []
        assert not untrue, untrue
    finally:
        for page in (ana, ben, cleo, teacher):
            page.context.close()
