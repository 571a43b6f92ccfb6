"""Leading the class in Chromium: the teacher's console and three pupils' devices (four browser
contexts, their own storage and kernels) on the shared Voila server and its class's store
(``tests/conftest.py``).

The teacher leads a Cathedral board from the console; two named pupils follow it and see the
teacher's moves; the teacher asks "Your move?"; the pupils answer by clicking their boards (one
changes the answer), one reloads mid-question and finds the answer kept, a late pupil joins and
sees the question; the teacher's screen counts the answers on the board and beside it; Reveal
judges them, and each pupil sees their own verdict. Then a Walls of Light board: the dice rolled
on the teacher's board, the class asked, an answer typed. Screenshots: ``test-artifacts/lead-*.png``.
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
        wait_text(teacher, ".sg-lead-answers", "2 of 2")
        # a reload mid-question: the page follows again, the answer kept
        bo.reload()
        wait_text(bo, ".sg-follow-words", "Your answer")
        # a late pupil: offered to follow, sees the question
        cy = named_pupil(browser, server, NAMES[2])
        pupils.append(cy)
        cy.wait_for_selector(".sg-follow >> visible=true", timeout=TIMEOUT)
        cy.click(".sg-follow")
        wait_text(cy, ".sg-follow-words", "Your move?")
        wait_text(teacher, ".sg-lead-answers", "2 of 3")
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
        wait_text(teacher, ".sg-lead-answers", "1 of 1")
        shot(wol, "lead-4-wol")
        teacher.click(".sg-lead-reveal")
        wait_text(wol, ".sg-follow-words", "Best:")
        for page in (teacher, *pupils):
            assert "Traceback" not in page.inner_text("body")
    finally:
        for page in (teacher, *pupils):
            page.context.close()
