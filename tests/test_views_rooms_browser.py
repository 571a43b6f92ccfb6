"""Rooms in a real browser: two browser contexts (their own storage, their own kernels) stand
for two pupils' devices on the shared Voila server (``tests/conftest.py``), whose kernels share
the class's store (a SQLite file, ``STAINEDGLASS_STORE``). Screenshots: ``test-artifacts/room-*``
and ``console-*.png``."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
from harness import CITY, open_page, shot, wait_moves, wait_text

pytestmark = pytest.mark.full  # journeys across devices: make test-all

MOVE_BOX = 'input[placeholder^="or type a move"]'
PUPIL_TIMEOUT = 60_000


def type_move(page: Any, move: str) -> None:
    box = page.locator(MOVE_BOX)
    box.fill(move)
    box.press("Enter")


def start_room(page: Any, server: Any, game: str, name: str, remote: int) -> str:
    """On ``page``: open ``game``'s play dashboard, set seat ``remote`` to Another device,
    type ``name`` and Start a room; returns the room's code."""
    page.goto(server.url(f"{game}_play.ipynb"))
    page.wait_for_selector(".sg-room-start", timeout=PUPIL_TIMEOUT)
    page.select_option(f".sg-view select >> nth={remote}", label="Another device")
    page.fill(".sg-room-name input", name)
    page.click(".sg-room-start")
    page.wait_for_selector(".sg-room-code-shown")
    return page.inner_text(".sg-room-code-shown").strip()


def join_room(page: Any, server: Any, game: str, code: str, name: str) -> None:
    """On ``page``: open the room's link, type ``name`` and Join."""
    page.goto(server.url(f"{game}_play.ipynb") + f"?room={code}")
    page.wait_for_selector(".sg-room-join", timeout=PUPIL_TIMEOUT)
    wait_text(page, ".sg-view .sg-message", f"Room {code}")
    page.fill(".sg-room-name input", name)
    page.click(".sg-room-join")
    page.wait_for_selector(".sg-room-code-shown")
    said = page.inner_text(".sg-view .sg-message")
    assert "Not done" not in said and "you play" in said, said


def first_move(server: Any, ana: Any, ben: Any) -> str:
    """Ana starts a Cathedral room, Ben joins it, Ana places the Cathedral; once Ben's board
    shows it and his page's address holds his seat, the room's code."""
    code = start_room(ana, server, "cathedral", "Ana", remote=1)
    join_room(ben, server, "cathedral", code, "Ben")
    type_move(ana, "cathedral e4 d5 e5 f5 e6 e7")
    wait_moves(ben, 1)
    ben.wait_for_function("() => location.search.includes('seat=')")
    return code


def test_two_pupils_play_a_cathedral_game_to_its_end_on_their_own_devices(
    server: Any, browser: Any
) -> None:
    ana, ben = open_page(browser), open_page(browser, width=820, height=1180)  # a tablet
    try:
        code = start_room(ana, server, "cathedral", "Ana", remote=1)
        shot(ana, "room-1-started")
        assert ana.locator(".sg-room-card svg").count() == 1  # the QR code to scan
        join_room(ben, server, "cathedral", code, "Ben")
        wait_text(ana, ".sg-room-seats", "Dark: Ben")
        state, rng = sg.load("cathedral").new_game(), random.Random(7)
        pages = [ana, ben]
        while not state.is_terminal():
            move = rng.choice(state.legal_moves())
            type_move(pages[state.current_player], str(move))
            state.play(move)
            for page in pages:  # each device shows the move, whoever made it
                wait_moves(page, len(state.history))
        for page in pages:
            wait_text(page, ".sg-banner", "Game over")
        shot(ana, "room-2-over-ana")
        shot(ben, "room-2-over-ben")
    finally:
        ana.context.close()
        ben.context.close()


def test_walls_of_light_each_device_shows_only_its_own_hand(server: Any, browser: Any) -> None:
    rosa, bo = open_page(browser), open_page(browser)
    try:
        rosa.goto(server.url("walls_of_light_play.ipynb"))
        rosa.wait_for_selector(".sg-room-start", timeout=PUPIL_TIMEOUT)
        rosa.select_option(".sg-view select >> nth=1", label="Another device")  # blue
        rosa.select_option(".sg-view select >> nth=2", label="Random bot")  # yellow, on Rosa's
        rosa.fill(".sg-room-name input", "Rosa")
        rosa.click(".sg-room-start")
        rosa.wait_for_selector(".sg-room-code-shown")
        code = rosa.inner_text(".sg-room-code-shown").strip()
        join_room(bo, server, "walls_of_light", code, "Bo")
        for page, mine, others in (
            (rosa, "red's cards", ("blue's", "yellow's")),
            (bo, "blue's cards", ("red's", "yellow's")),
        ):
            page.wait_for_function(  # the hand is drawn: its words are the SVG's text
                "t => (document.querySelector('.sg-hand-board') || {}).textContent?.includes(t)",
                arg=mine,
            )
            hand = page.text_content(".sg-hand-board") or ""
            assert not any(o in hand for o in others), hand
        shot(rosa, "room-hands-rosa")
        shot(bo, "room-hands-bo")
    finally:
        rosa.context.close()
        bo.context.close()


def test_a_move_sent_from_two_devices_at_once_gives_one_move_and_one_refusal(
    server: Any, browser: Any
) -> None:
    ana, ben, twin = open_page(browser), open_page(browser), open_page(browser)
    try:
        first_move(server, ana, ben)
        # Ben's page open a second time (its address holds his seat): the same turn twice
        twin.goto(ben.url)
        twin.wait_for_selector(".sg-room-code-shown", timeout=PUPIL_TIMEOUT)
        wait_moves(twin, 1)
        state = sg.load("cathedral").new_game()
        state.play("cathedral e4 d5 e5 f5 e6 e7")
        first, second = (str(m) for m in state.legal_moves()[:2])
        ben.locator(MOVE_BOX).fill(first)
        twin.locator(MOVE_BOX).fill(second)
        ben.locator(MOVE_BOX).press("Enter")
        twin.locator(MOVE_BOX).press("Enter")
        for page in (ana, ben, twin):
            wait_moves(page, 2)

        def refused_words() -> tuple[list[str], list[str]]:
            said = [p.inner_text(".sg-view .sg-message") for p in (ben, twin)]
            # the later one is refused: by the room (both sent for move 2), or by its own
            # board when the first had reached it already (the turn is Light's again)
            return said, [
                s
                for s in said
                if "Not played: another device played move 2 first" in s
                or "it is Light's turn, and Ana plays Light" in s
            ]

        # the played move can reach the later device before the answer to its own Enter does
        deadline = time.monotonic() + PUPIL_TIMEOUT / 1000
        said, refused = refused_words()
        while not refused and time.monotonic() < deadline:
            time.sleep(0.2)
            said, refused = refused_words()
        assert len(refused) == 1, said
        logs = {p.inner_text(".sg-log") for p in (ana, ben, twin)}
        assert len(logs) == 1  # one game on every device
        shot(twin if refused[0] == said[1] else ben, "room-refused")
    finally:
        for page in (ana, ben, twin):
            page.context.close()


def test_a_pupil_whose_kernel_was_killed_reloads_into_the_same_seat(
    server: Any, browser: Any
) -> None:
    from test_views_connection_browser import KERNEL_ID, kill_kernel

    ana, ben = open_page(browser), open_page(browser)
    try:
        first_move(server, ana, ben)
        kill_kernel(server, ben.evaluate(KERNEL_ID))
        ben.wait_for_selector(".sg-lost:not([hidden])", timeout=30_000)
        ben.click(".sg-lost button")  # Reload
        ben.wait_for_selector(CITY + " svg", timeout=PUPIL_TIMEOUT)
        wait_moves(ben, 1)
        wait_text(ben, ".sg-view .sg-message", "you play Dark")
        state = sg.load("cathedral").new_game()
        state.play("cathedral e4 d5 e5 f5 e6 e7")
        type_move(ben, str(state.legal_moves()[0]))
        wait_moves(ana, 2)
        shot(ben, "room-reloaded")
    finally:
        ana.context.close()
        ben.context.close()


def test_the_console_shows_the_rooms_and_a_pupils_puzzle_score(server: Any, browser: Any) -> None:
    from stainedglass.ai.puzzles import shipped

    ana, teacher = open_page(browser), open_page(browser, width=1600, height=1000)
    try:
        code = start_room(ana, server, "cathedral", "Ana", remote=1)
        ana.goto(server.url("puzzles.ipynb") + "?game=cathedral")
        ana.wait_for_selector(".sg-puzzle-name input", timeout=PUPIL_TIMEOUT)
        assert ana.input_value(".sg-puzzle-name input") in ("", "Ana")
        ana.fill(".sg-puzzle-name input", "Ana")
        ana.press(".sg-puzzle-name input", "Enter")
        shown = re.findall(r"\(([^()]+)\)", ana.inner_text(".sg-puzzle-counter"))[-1]
        puzzle = next(p for p in shipped("cathedral") if p.id == shown)  # "... (its id)"
        type_move(ana, puzzle.answer)
        wait_text(ana, ".sg-view .sg-message", "Solved")
        teacher.goto(server.url("class_console.ipynb"))
        teacher.wait_for_selector(".sg-console-grid", timeout=PUPIL_TIMEOUT)
        teacher.wait_for_selector(f'.sg-console-card[data-room="{code}"]')
        wait_text(teacher, ".sg-console-table", "Ana")
        row = teacher.inner_text(".sg-console-table tr:has-text('Ana')")
        assert "100%" in row, row  # one puzzle, right at the first try
        teacher.click(f".sg-console-card-show:has-text('Show {code}')")  # the card's button
        teacher.wait_for_selector(f'.sg-console-large [data-room="{code}"] svg')
        shot(teacher, "console-1")
    finally:
        ana.context.close()
        teacher.context.close()


def test_a_pupil_who_types_the_code_and_presses_join_joins_once(server: Any, browser: Any) -> None:
    ana, ben = open_page(browser), open_page(browser)
    try:
        code = start_room(ana, server, "cathedral", "Ana", remote=1)
        ben.goto(server.url("cathedral_play.ipynb"))
        ben.wait_for_selector(".sg-room-join", timeout=PUPIL_TIMEOUT)
        ben.fill(".sg-room-name input", "Ben")
        ben.fill(".sg-room-code input", code.lower())  # sent as the box loses focus to Join
        ben.click(".sg-room-join")
        ben.wait_for_selector(".sg-room-code-shown")
        wait_text(ben, ".sg-view .sg-message", "you play Dark")
        ben.wait_for_timeout(500)  # anything sent after the join has had time to answer
        said = ben.inner_text(".sg-view .sg-message")
        shot(ben, "room-joined-typed")
        assert "Not done" not in said, said
        wait_text(ana, ".sg-room-seats", "Dark: Ben")
    finally:
        ana.context.close()
        ben.context.close()
