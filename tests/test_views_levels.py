"""The computer's levels and Match me on the play dashboards, on the views' Python side: the level
picker under a computer seat (``features/seats.py``), the play model's level seats
(``kit/play.py``), Match me moving after a finished game and kept (the browser's boards without a
class, the class's store with one: ``kit/progress.py``), the coach at a level, and the teacher's
console showing the level. Games are finished in one move from a position near their end (a
random game replayed to its last move), and the levels play on counted budgets."""

from __future__ import annotations

import html
import json
import pathlib
import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
from stainedglass.ai.levels import LEVELS, MatchMe, level_words
from stainedglass_widgets import HUMAN, view
from stainedglass_widgets.kit import progress
from stainedglass_widgets.kit.board import Board, boards_in
from stainedglass_widgets.kit.play import DEFAULT_LEVEL, Play
from stainedglass_widgets.kit.searches import LEVEL, MATCH, REMOTE
from stainedglass_widgets.pages.console import Console
from stainedglass_widgets.serving.classroom import open_store

WIN_SEED, LOSS_SEED = 4, 1
"""Random Cathedral games (``random.Random(seed)``) whose last move is Light's: Light wins the
first and loses the second."""


def text(widget: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def line_shown(v: Any) -> bool:
    """Whether the Match me line is on the page (under the first seat on Match me)."""
    seats = v.features["seats"]
    return any(seats.match_line in box.children for box in seats.seat_boxes)


def board(v: Any) -> Board:
    """The view's first board: the one the browser hands the kept levels to."""
    return boards_in(v.board_widgets)[0]


def near_end(seed: int) -> tuple[sg.State, str, float]:
    """A Cathedral position one move (Light's) from the end of a random game, that move, and
    Light's result once it is played."""
    state = sg.load("cathedral").new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    result = state.returns()[0]
    last = state.history[-1]
    state.undo()
    assert state.current_player == 0 and not state.is_terminal()
    return state, last, result


def dashboard(seed: int, **options: Any) -> tuple[Any, str, float]:
    """A Cathedral dashboard near the end of a game: Light a person, Dark the computer on Match
    me; the last move and Light's result."""
    state, last, result = near_end(seed)
    v = view("cathedral", state=state, seats=[HUMAN, LEVEL], background=False, **options)
    v.level_pickers[1].value = MATCH
    return v, last, result


def expected(level: int, *results: float) -> int:
    match = MatchMe(level)
    for r in results:
        match.record(r)
    return match.level


@pytest.fixture
def class_store(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> pathlib.Path:
    """The dashboards served to a class: its store a SQLite file of this test's."""
    where = tmp_path / "class.sqlite3"
    monkeypatch.setenv(progress.STORE_VARIABLE, str(where))
    return where


# ---- the picker ------------------------------------------------------------------------------


def test_a_computer_seat_picks_a_level_by_name_in_place_of_seconds() -> None:
    v = view("cathedral", background=False)
    seats = v.features["seats"]
    assert [value for _, value in v.seat_pickers[1].options][:2] == [HUMAN, LEVEL]
    assert v.seat_pickers[1].label == "Human"
    assert v.level_pickers[1] not in seats.seat_boxes[1].children  # a person: no level
    v.seat_pickers[1].value = LEVEL
    box = seats.seat_boxes[1].children
    assert v.level_pickers[1] in box and not shown(v.strength_sliders[1])  # no slider
    assert v.level_pickers[0] not in seats.seat_boxes[0].children
    options = v.level_pickers[1].options
    assert [value for _, value in options] == [*range(1, LEVELS + 1), MATCH]
    assert [label for label, _ in options][:LEVELS] == [
        level_words("cathedral", n) for n in range(1, LEVELS + 1)
    ]
    assert options[-1][0] == f"Match me (now Level {DEFAULT_LEVEL})"
    assert v.level_pickers[1].value == DEFAULT_LEVEL == v.model.levels[1]
    v.level_pickers[1].value = 2
    assert v.model.levels[1] == 2 and v.model.level_of(1) == 2
    # the model's seats, set by anyone: the pickers follow
    assert v.model.set_seat(1, level=7) and v.level_pickers[1].value == 7
    assert not v.model.set_seat(1, level=7)  # nothing changed: nothing told
    v.model.set_seat(0, LEVEL, level=1)
    assert v.seat_pickers[0].value == LEVEL and v.level_pickers[0].value == 1
    assert v.level_pickers[0] in seats.seat_boxes[0].children
    # a timed bot for exploring keeps its seconds; the level goes off the page
    v.seat_pickers[1].value = "mcts"
    assert shown(v.strength_sliders[1]) and v.level_pickers[1] not in seats.seat_boxes[1].children
    for bad in (0, 9, "7", True, None, "hard"):
        with pytest.raises(ValueError, match="a level is a whole number 1 to 8"):
            v.model.set_seat(1, LEVEL, level=bad if bad is not None else "none")


def test_a_level_seat_plays_at_its_level_on_a_counted_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[dict[str, Any]] = []
    real = sg.ai.bot

    def bot(name: Any, **options: Any) -> Any:
        made.append({"name": name, **options})
        return real(name, **options)

    monkeypatch.setattr(sg.ai, "bot", bot)
    v = view("cathedral", seats=[HUMAN, LEVEL], budget_s=0.05)
    v.level_pickers[1].value = 2
    v.play("cathedral e4 d5 e5 f5 e6 e7")
    assert v.wait() and len(v.state.history) == 2  # the computer answered for Dark
    asked = [m for m in made if m["name"] == LEVEL]
    assert asked and asked[-1]["level"] == 2 and "budget" not in asked[-1]  # not on the clock
    assert "Dark (Computer, level 2) is thinking" in v.model.about
    assert "Computer (Dark):" in text(v.message)
    v.model.set_seat(1, level=MATCH)  # Match me: the level Match me is at
    assert v.model.level_of(1) == v.model.match_me.level == DEFAULT_LEVEL


def test_new_game_keeps_the_level_and_every_game_offers_levels() -> None:
    v = view("cathedral", background=False)
    v.seat_pickers[1].value = LEVEL
    v.level_pickers[1].value = 3
    v.new_button.click()
    assert v.seats[1] == LEVEL and v.model.levels[1] == 3
    for name in ("coloring", "walls_of_light"):
        w = view(name, background=False)
        assert LEVEL in [value for _, value in w.seat_pickers[1].options], name
        assert w.level_pickers[1].options[-1][1] == MATCH, name
    solo = view("sagrada", background=False)  # alone: no opponent to match
    assert MATCH not in [value for _, value in solo.level_pickers[0].options]


# ---- Match me ---------------------------------------------------------------------------------


def test_match_me_moves_after_a_finished_game_and_the_browser_keeps_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(progress.STORE_VARIABLE, raising=False)  # no class: the browser keeps
    v, last, result = dashboard(WIN_SEED)
    assert result == 1.0
    seats = v.features["seats"]
    assert line_shown(v) and f"Level {DEFAULT_LEVEL}" in text(seats.match_line)
    assert seats.match_line in seats.seat_boxes[1].children  # under Dark's level
    told: list[tuple[float, int, int]] = []
    v.model.listen("matched", lambda *args: told.append(args))
    v.play(last)  # Light's last move: the game is over, won
    assert v.state.is_terminal()
    up = expected(DEFAULT_LEVEL, 1.0)
    assert up > DEFAULT_LEVEL and told == [(1.0, DEFAULT_LEVEL, up)]
    assert v.model.match_me.level == up and v.model.level_of(1) == up
    assert v.level_pickers[1].label == f"Match me (now Level {up})"
    assert v.level_pickers[1].value == MATCH
    said = text(seats.match_line)
    assert f"Match me: Level {up} next game (up from Level {DEFAULT_LEVEL} after your win)" in said
    assert "This browser keeps it" in said
    kept = json.loads(board(v).levels)  # handed to the browser (board.js keeps it)
    assert kept == {"cathedral": v.model.match_me.to_dict()}
    # the same game again, its last move taken back and played again: counted once
    v.undo()
    v.play(last)
    assert v.state.is_terminal() and v.model.match_me.level == up and len(told) == 1
    # a new page of the same browser: its boards bring the kept levels, Match me reads them
    again, last, result = dashboard(LOSS_SEED)
    assert again.model.match_me.level == DEFAULT_LEVEL
    board(again).levels = json.dumps(kept)
    assert again.model.match_me.level == up and again.model.level_of(1) == up
    assert f"Level {up}, as kept for you" in text(again.features["seats"].match_line)
    again.play(last)  # lost: down again
    assert result == 0.0 and again.model.match_me.level == expected(DEFAULT_LEVEL, 1.0, 0.0)
    assert "down from Level" in text(again.features["seats"].match_line)


def test_match_me_counts_only_a_game_of_one_person_against_it() -> None:
    v, last, _ = dashboard(WIN_SEED)
    v.level_pickers[1].value = 3  # a fixed level: Match me stays
    v.play(last)
    assert v.state.is_terminal() and v.model.match_me.games == 0
    assert not line_shown(v)
    # whose result counts: the one person here, against a Match me seat, at a table of its own
    coloring = sg.load("coloring", players=3)
    for seats, person in (
        ([HUMAN, LEVEL, "greedy"], 0),
        ([LEVEL, "greedy", HUMAN], 2),
        ([HUMAN, HUMAN, LEVEL], None),  # a hot seat: whose result would it be?
        ([HUMAN, REMOTE, LEVEL], None),  # a room: the pupil elsewhere plays too
        ([HUMAN, "greedy", "mcts"], None),  # no Match me seat
    ):
        play = Play(coloring, seats=seats, background=False)
        for p, seat in enumerate(seats):
            if seat == LEVEL:
                play.set_seat(p, level=MATCH)
        assert play.match_player() == person, seats


def test_what_a_browser_hands_in_as_levels_never_breaks_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(progress.STORE_VARIABLE, raising=False)
    v, _, _ = dashboard(WIN_SEED)  # strict: an error would raise here
    first = board(v)
    for junk in (
        "not json",
        "[1, 2]",
        json.dumps({"cathedral": {"level": 99, "games": 0, "results": []}}),
        json.dumps({"cathedral": "level 5"}),
        json.dumps({"cathedral": {"level": 3}}),
        "{" * 30_000,
    ):
        first.levels = junk
        assert v.model.match_me.level == DEFAULT_LEVEL, junk
    first.levels = json.dumps({"cathedral": {"level": 6, "games": 4, "results": [1, 1]}})
    assert v.model.match_me.level == 6


def test_in_a_class_match_me_is_kept_under_the_pupils_name_and_the_console_shows_it(
    class_store: pathlib.Path,
) -> None:
    v, last, _ = dashboard(WIN_SEED)
    progress.set_pupil(v.board_widgets, "Nadia Level")  # as the browser hands it in
    v.play(last)
    up = expected(DEFAULT_LEVEL, 1.0)
    seats = v.features["seats"]
    assert "Kept under your name for your teacher" in text(seats.match_line)
    store = open_store(class_store)
    assert store.kept_level("Nadia Level", "cathedral") == v.model.match_me.to_dict()
    assert json.loads(board(v).levels or "{}") == {}  # not in the browser: the class's
    # the pupil's next page: their name comes in from the browser, their level with it
    page, _, _ = dashboard(LOSS_SEED)
    assert page.model.match_me.level == DEFAULT_LEVEL
    progress.set_pupil(page.board_widgets, "Nadia Level")
    assert page.model.match_me.level == up
    # a pupil with no name: nothing kept, and the words say how to keep it
    nameless, last, _ = dashboard(WIN_SEED)
    nameless.play(last)
    assert "Give your name" in text(nameless.features["seats"].match_line)
    # the teacher's console: the level beside the pupil's progress
    console = Console(class_store, password="", background=False)
    table = console.table.value
    assert "<th>Match me level: Cathedral</th>" in table
    row = re.search(r"<tr><td>Nadia Level</td>(.*?)</tr>", table)
    assert row is not None
    heads = re.findall(r"<th>(.*?)</th>", table)
    cells = re.findall(r"<td>(.*?)</td>", row.group(1))
    assert cells[heads.index("Match me level: Cathedral") - 1] == str(up)
    sorts = [value for _, value in console.sort_picker.options]
    assert "level_cathedral" in sorts and "level_sagrada" not in sorts  # played alone: none
    console.sort_picker.value = "level_cathedral"  # the teacher sorts by it
    assert "Nadia Level" in console.table.value
    store.close()


def test_the_coach_plays_at_the_chosen_level_and_match_me_moves_after_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(progress.STORE_VARIABLE, raising=False)
    state, last, _ = near_end(WIN_SEED)
    v = view("cathedral", state=state, background=False)
    v.coach.playouts = 8  # a reproducible judgement
    v.coach.start("off", learner=0, level=MATCH)
    assert v.seats[:2] == [HUMAN, LEVEL] and v.model.levels[1] == MATCH
    assert "against the Computer (Match me, now Level 4)" in text(v.coach.words)
    v.play(last)
    up = expected(DEFAULT_LEVEL, 1.0)
    assert v.state.is_terminal() and v.model.match_me.level == up
    assert v.coach.level_picker.label == f"Match me (now Level {up})"
    v.coach.start("off", learner=0, level=2)
    assert v.model.levels[1] == 2 and v.level_pickers[1].value == 2
