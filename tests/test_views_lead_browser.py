"""Leading the class in Chromium: the teacher's console and three pupils' devices (four browser
contexts, their own storage and kernels) on the shared Voila server and its class's store
(``tests/conftest.py``).

The teacher leads a Cathedral board from the console; two named pupils follow it and see the
teacher's moves; the teacher asks "Your move?"; the pupils answer by clicking their boards (one
changes the answer), one reloads mid-question and finds the answer kept, a late pupil joins and
sees the question; the teacher's screen counts the answers on the board and beside it; Reveal
judges them, and each pupil sees their own verdict. Then a Walls of Light board: the dice rolled
on the teacher's board, the class asked, an answer typed. Screenshots: ``test-artifacts/lead-*.png``.

A second journey asks three pupils a question in Cathedral and one in Walls of Light: while it is
open their boards offer no help (Hint, Compare my move, Teach me off, the reason said), their
header says whose answer is asked and what cannot act is hidden; the teacher's board on the
projector at 1280 x 720 keeps the lead's buttons and count in its strip, and Reveal there draws
the best move on all four boards (``test-artifacts/lead-class-*.png``).
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
from harness import ARTIFACTS, CITY, choose, click_cell, hover, open_page, shot, wait_text
from stainedglass_widgets.kit.messages import MARKS

pytestmark = pytest.mark.full  # four devices: make test-all

TIMEOUT = 60_000
LEAD_CITY = ".sg-lead " + CITY
NAMES = ("Ada Lead", "Bo Lead", "Cy Lead")


def named_pupil(browser: Any, server: Any, name: str, game: str = "cathedral") -> Any:
    page = open_page(browser, height=1400)
    page.goto(server.url(f"{game}_play.ipynb"))
    page.wait_for_selector(".sg-room-name input", timeout=TIMEOUT)
    page.fill(".sg-room-name input", name)
    page.press(".sg-room-name input", "Enter")
    return page


def follow(page: Any) -> None:
    page.wait_for_selector(".sg-follow >> visible=true", timeout=TIMEOUT)
    wait_text(page, ".sg-follow-bar", "Your teacher is showing a position")
    page.click(".sg-follow")
    wait_text(page, ".sg-follow-words", "Following your teacher")


def answer(page: Any, piece: str, cell: str) -> None:
    choose(page, "dark", piece)
    hover(page, cell)
    wait_text(page, ".sg-preview", "✓")
    click_cell(page, cell, redraw=False)
    wait_text(page, ".sg-view .sg-message", "Your answer is sent")


def test_the_teacher_leads_asks_and_reveals_to_three_pupils(server: Any, browser: Any) -> None:
    teacher = open_page(browser, width=1500, height=1600)
    pupils: list[Any] = []
    try:
        teacher.goto(server.url("class_console.ipynb"))
        teacher.wait_for_selector(".sg-lead-start", timeout=TIMEOUT)
        teacher.select_option(".sg-lead-game select", label="Cathedral")
        teacher.click(".sg-lead-start")
        teacher.wait_for_selector(LEAD_CITY + " svg", timeout=TIMEOUT)
        ada, bo = (named_pupil(browser, server, n) for n in NAMES[:2])
        pupils += [ada, bo]
        for page in (ada, bo):
            follow(page)
        # the teacher's move shows on every following board
        hover(teacher, "e5", board=LEAD_CITY)
        click_cell(teacher, "e5", board=LEAD_CITY)
        for page in (ada, bo):
            page.wait_for_function(
                "() => document.querySelectorAll('.sg-city [data-piece=\"cathedral\"]').length > 0",
                timeout=10_000,
            )
        shot(ada, "lead-1-following")
        # Your move?
        teacher.click(".sg-lead-ask")
        wait_text(teacher, ".sg-lead-words", "Your move?")
        for page in (ada, bo):
            wait_text(page, ".sg-follow-words", "Your move?")
        answer(ada, "tavern", "a1")
        answer(bo, "tavern", "a1")
        answer(bo, "tavern", "j10")  # changed his mind
        wait_text(teacher, ".sg-lead-count", "2 of 2")
        # a reload mid-question: the page follows again, the answer kept
        bo.reload()
        wait_text(bo, ".sg-follow-words", "Your answer")
        # a late pupil: offered to follow, sees the question
        cy = named_pupil(browser, server, NAMES[2])
        pupils.append(cy)
        cy.wait_for_selector(".sg-follow >> visible=true", timeout=TIMEOUT)
        cy.click(".sg-follow")
        wait_text(cy, ".sg-follow-words", "Your move?")
        wait_text(teacher, ".sg-lead-count", "2 of 3")
        shot(teacher, "lead-2-answers")
        teacher.locator(".sg-lead").screenshot(path=str(ARTIFACTS / "lead-panel.png"))  # docs
        teacher.click(".sg-lead-reveal")
        wait_text(teacher, ".sg-lead-words", "Best:")
        for page in (ada, bo, cy):
            wait_text(page, ".sg-follow-words", "Best:")
        assert "Your answer" in ada.inner_text(".sg-follow-words")
        assert "did not answer" in cy.inner_text(".sg-follow-words")
        shot(teacher, "lead-3-revealed")
        shot(ada, "lead-3-verdict")
        # Walls of Light: the dice rolled on the teacher's board, then asked; an answer typed
        teacher.select_option(".sg-lead-game select", label="Walls of Light")
        teacher.click(".sg-lead-start")
        teacher.wait_for_selector(".sg-lead .sg-view svg", timeout=TIMEOUT)
        wol = named_pupil(browser, server, NAMES[0], "walls_of_light")
        pupils.append(wol)
        follow(wol)
        teacher.click(".sg-lead button:has-text('Roll')")
        teacher.wait_for_timeout(500)
        teacher.click(".sg-lead-ask")
        wait_text(wol, ".sg-follow-words", "Your move?")
        from stainedglass_widgets.serving.classroom import open_store

        store = open_store(pathlib.Path(os.environ["STAINEDGLASS_STORE"]))
        lead = store.lead()
        assert lead is not None and lead.question is not None
        state = sg.load_record(lead.question.position).state()
        move = str(state.legal_moves()[0])
        wol.fill(".sg-view input[placeholder^='or type a move']", move)
        wol.press(".sg-view input[placeholder^='or type a move']", "Enter")
        wait_text(wol, ".sg-view .sg-message", "Your answer is sent")
        wait_text(teacher, ".sg-lead-count", "1 of 1")
        shot(wol, "lead-4-wol")
        teacher.click(".sg-lead-reveal")
        wait_text(wol, ".sg-follow-words", "Best:")
        for page in (teacher, *pupils):
            assert "Traceback" not in page.inner_text("body")
    finally:
        for page in (teacher, *pupils):
            page.context.close()


CLASS = ("Ann Class", "Ben Class", "Cat Class")
SIGNS = {*MARKS.values(), *(label[:1].upper() for label in MARKS)} - {""}
"""The signs a reveal's marks may carry: each verdict's (the best move's too)."""
MARK_TEXT = (
    "(sel) => [...document.querySelectorAll(sel + ' svg g.hint text, ' + sel"
    " + ' svg g.suggestion text')].map(t => t.textContent)"
)


def marks_drawn(page: Any, where: str = ".sg-view") -> list[str]:
    """The signs and numbers on the marks drawn on the boards under ``where``."""
    return list(page.evaluate(MARK_TEXT, where))


def no_help_while_asked(page: Any, player: str) -> None:
    """A following pupil's page while the question is open: whose answer is asked, Hint and
    Compare my move off with the reason said, and Undo, New game, Edit and the seats hidden."""
    wait_text(page, ".sg-view .sg-banner", f"Your answer for {player}")
    for off in (".sg-hint-button", ".sg-compare", ".sg-coach-toggle"):  # widgets update one by one
        page.wait_for_selector(f"{off}:disabled", timeout=10_000)
    wait_text(page, ".sg-no-help", "No hints while your teacher's question is open")
    page.click(".sg-hint-button", force=True)  # pressed anyway: nothing searched, nothing marked
    page.wait_for_timeout(300)
    assert not marks_drawn(page)
    for hidden in (".sg-view button:has-text('Undo')", ".sg-view button:has-text('New game')"):
        assert not page.locator(hidden).first.is_visible(), hidden
    assert not page.locator(".sg-edit").is_visible()
    assert not page.locator(".sg-seat >> visible=true").count()


def projected_lead(teacher: Any, name: str) -> None:
    """The teacher's board on the projector at 1280 x 720: the lead's buttons and the count
    in the strip, on the screen."""
    teacher.click(".sg-lead .sg-projector-toggle")
    teacher.wait_for_selector(".sg-lead .sg-projector", timeout=TIMEOUT)
    teacher.wait_for_timeout(500)
    for part in (".sg-lead-reveal", ".sg-lead-stop", ".sg-lead-count"):
        box = teacher.locator(part).bounding_box()
        assert box is not None and box["width"] > 0, part
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (part, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 720, (part, box)
    assert "answered" in teacher.inner_text(".sg-lead-count")
    teacher.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def revealed_everywhere(teacher: Any, pupils: list[Any], name: str) -> None:
    """Reveal pressed on the projector: the best move drawn on the teacher's board and on
    every pupil's, each pupil's own answer with its verdict's sign."""
    teacher.click(".sg-lead-reveal")
    wait_text(teacher, ".sg-lead .sg-view .sg-message", "Best:")
    teacher.wait_for_selector(".sg-lead .sg-view svg g.hint", timeout=TIMEOUT)
    teacher.wait_for_function(  # the answers' counts give way to the verdicts' signs
        f"(signs) => ({MARK_TEXT})('.sg-lead .sg-view').every(t => signs.includes(t))",
        arg=sorted(SIGNS),
        timeout=10_000,
    )
    drawn = marks_drawn(teacher, ".sg-lead .sg-view")
    assert drawn and set(drawn) <= SIGNS, drawn
    assert teacher.locator(".sg-lead .sg-projector").count() == 1  # still projected
    teacher.screenshot(path=str(ARTIFACTS / f"{name}-projector.png"))
    for i, page in enumerate(pupils):
        wait_text(page, ".sg-follow-words", "Best:")
        page.wait_for_selector(".sg-view svg g.hint", timeout=TIMEOUT)
        signs = marks_drawn(page)
        assert signs and set(signs) <= SIGNS, signs
        page.wait_for_selector(".sg-hint-button:enabled", timeout=10_000)  # help is back
        shot(page, f"{name}-pupil-{i + 1}")
    teacher.click(".sg-lead .sg-projector-toggle")  # the class's board, off the projector


def test_a_question_in_two_games_no_help_while_open_and_the_reveal_on_every_board(
    server: Any, browser: Any
) -> None:
    """Teacher and three pupils, a question in Cathedral and one in Walls of Light: while it is
    open, no hint; Reveal on the projector at 1280 x 720 draws the best move on all four
    boards, the lead's buttons and count on the projector's strip. Screenshots:
    ``test-artifacts/lead-class-*.png``."""
    teacher = open_page(browser, width=1280, height=720)
    pupils: list[Any] = []
    try:
        teacher.goto(server.url("class_console.ipynb"))
        teacher.wait_for_selector(".sg-lead-start", timeout=TIMEOUT)
        teacher.select_option(".sg-lead-game select", label="Cathedral")
        teacher.click(".sg-lead-start")
        teacher.wait_for_selector(LEAD_CITY + " svg", timeout=TIMEOUT)
        pupils += [named_pupil(browser, server, n) for n in CLASS]
        for page in pupils:
            follow(page)
        hover(teacher, "e5", board=LEAD_CITY)
        click_cell(teacher, "e5", board=LEAD_CITY)
        teacher.click(".sg-lead-ask")
        wait_text(teacher, ".sg-lead .sg-view .sg-message", "Your move?")
        for page in pupils:
            wait_text(page, ".sg-follow-words", "Your move?")
            no_help_while_asked(page, "Dark")
        shot(pupils[0], "lead-class-1-asked")
        for page, cell in zip(pupils, ("a1", "j10", "a10"), strict=True):
            answer(page, "tavern", cell)
        wait_text(teacher, ".sg-lead-count", "3 of 3")
        projected_lead(teacher, "lead-class-2-asked-projector")
        revealed_everywhere(teacher, pupils, "lead-class-3-cathedral")
        # Walls of Light: the same pupils open its dashboard and follow the teacher's new board
        teacher.select_option(".sg-lead-game select", label="Walls of Light")
        teacher.click(".sg-lead-start")
        teacher.wait_for_selector(".sg-lead .sg-view svg", timeout=TIMEOUT)
        for page, name in zip(pupils, CLASS, strict=True):
            page.goto(server.url("walls_of_light_play.ipynb"))
            page.wait_for_selector(".sg-room-name input", timeout=TIMEOUT)
            page.fill(".sg-room-name input", name)
            page.press(".sg-room-name input", "Enter")
            follow(page)
        teacher.click(".sg-lead button:has-text('Roll')")
        teacher.wait_for_timeout(500)
        teacher.click(".sg-lead-ask")
        wait_text(teacher, ".sg-lead .sg-view .sg-message", "Your move?")
        from stainedglass_widgets.serving.classroom import open_store

        store = open_store(pathlib.Path(os.environ["STAINEDGLASS_STORE"]))
        lead = store.lead()
        assert lead is not None and lead.question is not None
        state = sg.load_record(lead.question.position).state()
        player = state.game.facts.player_names[lead.question.seat]
        moves = [str(m) for m in state.legal_moves()]
        for i, page in enumerate(pupils):
            wait_text(page, ".sg-follow-words", "Your move?")
            no_help_while_asked(page, player)
            box = ".sg-view input[placeholder^='or type a move']"
            page.fill(box, moves[i % len(moves)])
            page.press(box, "Enter")
            wait_text(page, ".sg-view .sg-message", "Your answer is sent")
        wait_text(teacher, ".sg-lead-count", "3 of 3")
        projected_lead(teacher, "lead-class-4-wol-asked-projector")
        revealed_everywhere(teacher, pupils, "lead-class-5-wol")
        for page in (teacher, *pupils):
            assert "Traceback" not in page.inner_text("body")
    finally:
        for page in (teacher, *pupils):
            page.context.close()
