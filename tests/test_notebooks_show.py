"""Each notebook shows what it is for. nbval (``--nbval-lax``) shows that no cell raises; here the
notebook's own code (its code cells, run in order in one namespace from ``notebooks/``, as nbval
and Voila run them) is run and what each cell shows (its last expression, as Jupyter displays
it) is looked at: a board drawn, a lesson on each lesson's cell, the lab's chart from the
ladders' data, the gallery's links. Every notebook has its check here."""

from __future__ import annotations

import ast
import json
import pathlib
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets.kit.board import Board, boards_in
from stainedglass_widgets.kit.game_view import GameView

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GAMES = sg.games()


def run(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], list[Any]]:
    """Run notebook ``name``'s code cells; its namespace, and what each code cell shows."""
    monkeypatch.chdir(NOTEBOOKS)
    space: dict[str, Any] = {"__name__": "__main__"}
    shown = []
    for cell in json.loads((NOTEBOOKS / name).read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), space)
        value = eval(compile(ast.Expression(last.value), name, "eval"), space) if last else None
        shown.append(value)
    return space, shown


SHAPES = re.compile(r"<(rect|path|polygon|circle|line|ellipse)\b")


def drawn(board: Board) -> int:
    """How many shapes ``board``'s drawing holds (0 when it is not a drawing)."""
    svg = board.svg
    if not (svg.startswith("<svg") and "viewBox" in svg and svg.rstrip().endswith("</svg>")):
        return 0
    return len(SHAPES.findall(svg))


def assert_boards_drawn(widget: Any, least: int = 1) -> list[Board]:
    """``widget`` holds at least ``least`` boards, and every one is a drawing of shapes."""
    boards = boards_in([widget])
    assert len(boards) >= least, f"{type(widget).__name__}: {len(boards)} boards"
    for board in boards:
        assert drawn(board) >= 10, f"{type(widget).__name__}: a board drew {drawn(board)}"
    return boards


def test_every_notebook_has_its_check() -> None:
    names = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    checked = {f"{g}_play" for g in GAMES} | {f"{g}_tutorial" for g in GAMES} | set(CHECKS)
    assert names == checked


@pytest.mark.parametrize("game", GAMES)
def test_a_play_notebook_draws_a_new_game(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    space, shown = run(f"{game}_play.ipynb", monkeypatch)
    view = shown[0]
    assert isinstance(view, GameView) and view is space["board"]
    assert view.state.game.name == game and view.state.history == []
    assert_boards_drawn(view)


@pytest.mark.parametrize("game", GAMES)
def test_a_play_notebook_opened_at_a_link_shows_the_board_and_nothing_more(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the page's address holds a shared game: the board opens it, and no cell shows anything
    # below it (a cell's last expression shows its value: a stray True at the page's foot)
    state = sg.load(game).new_game(seed=3)
    state.play(state.sample_chance() if state.is_chance() else state.legal_moves()[0])
    link = state.record().to_link(f"{game}_play.ipynb")
    monkeypatch.setenv("QUERY_STRING", link.split("?", 1)[1])
    space, shown = run(f"{game}_play.ipynb", monkeypatch)
    assert space["board"].state.history == state.history
    assert shown[0] is space["board"] and shown[1:] == [None] * (len(shown) - 1), shown


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_shows_each_lesson_on_its_board(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, shown = run(f"{game}_tutorial.ipynb", monkeypatch)
    lessons = shown[1:]  # the first cell asks the pupil's name
    assert len(lessons) >= 10
    for lesson in lessons:
        views = [w for w in _widgets(lesson) if isinstance(w, GameView)]
        assert views and all(v.state.game.name == game for v in views)
        assert_boards_drawn(lesson)


def _widgets(widget: Any) -> list[Any]:
    return [widget, *(w for c in getattr(widget, "children", ()) for w in _widgets(c))]


def _ai_lab(space: dict[str, Any], shown: list[Any]) -> None:
    assert_boards_drawn(shown[2])  # the search lab's board
    # the chart of strength against time, from the shipped ladder: a line for each search,
    # the rating axis up to the highest rating's upper bound
    chart = next(w for w in _widgets(shown[3]) if "sg-lab-strength" in w._dom_classes)
    labels = re.findall(r"<text[^>]*>([^<]*)", chart.value)
    rungs = json.loads((ROOT / "stainedglass" / "cathedral" / "ladder.json").read_text())["rungs"]
    searches = {r["bot"].split(":")[0] for r in rungs if "budget=" in r["bot"]}
    assert len(searches) >= 2 and searches <= set(labels)
    assert str(round(max(r["high"] for r in rungs))) in labels
    assert len(re.findall(r"<path\b", chart.value)) >= len(searches)
    # beside it, the computer's levels in order, 1 to 8, as the game's level table has them
    table = next(w for w in _widgets(shown[3]) if "sg-lab-levels" in w._dom_classes)
    cells = re.findall(r"<tr><td[^>]*>(\d+)</td><td[^>]*>([\d,]+)</td>", table.value)
    works = json.loads((ROOT / "stainedglass" / "cathedral" / "levels.json").read_text())
    first = works["tables"][0]["levels"]
    assert cells == [(str(lv["level"]), f"{lv['work']:,}") for lv in first]


def _class_console(space: dict[str, Any], shown: list[Any]) -> None:
    console = shown[0]
    try:  # no password on this server: the console is open, its rooms' controls shown
        assert console.opened and console.body in console.children
    finally:
        console.close()


def _coloring_sheets(space: dict[str, Any], shown: list[Any]) -> None:
    designer, small = shown  # an empty designer, then one with a small sheet loaded
    assert "Load a sheet file" in designer.message.value
    assert small.check.ok and not small.play_button.disabled
    assert_boards_drawn(small.board)


def _index(space: dict[str, Any], shown: list[Any]) -> None:
    links = set(re.findall(r'href="([\w.]+\.ipynb)', shown[0].data))
    assert {f"{g}_{kind}.ipynb" for g in GAMES for kind in ("play", "tutorial")} <= links


def _puzzles(space: dict[str, Any], shown: list[Any]) -> None:
    assert_boards_drawn(shown[0])


def _review(space: dict[str, Any], shown: list[Any]) -> None:
    reviews = space["reviews"]  # an example game of each game, each shown on its board
    games = [game for _, game in reviews.picker.options]
    assert sorted(games) == sorted(GAMES) and reviews.picker.value == games[0]
    for game in reversed(games):  # the first chosen last: each choice a change
        reviews.picker.value = game
        assert reviews.board is not None and reviews.board.record.game == game
        assert_boards_drawn(reviews.board, least=2)


def _designer(space: dict[str, Any], shown: list[Any]) -> None:
    assert_boards_drawn(shown[0])


CHECKS = {
    "ai_lab": _ai_lab,
    "class_console": _class_console,
    "coloring_sheets": _coloring_sheets,
    "index": _index,
    "puzzles": _puzzles,
    "review": _review,
    "sagrada_windows": _designer,
    "walls_of_light_faces": _designer,
}


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_a_notebook_shows_what_it_is_for(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    space, shown = run(f"{name}.ipynb", monkeypatch)
    CHECKS[name](space, shown)
