"""The teacher's console on the views' Python side (``stainedglass_widgets.pages.console``), on a real
SQLite store that play dashboards (standing for the pupils' devices) write to."""

from __future__ import annotations

import base64
import html
import csv
import io
import pathlib
import re

import ipywidgets as w
import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
from stainedglass_widgets.serving.classroom import open_store
from stainedglass_widgets.pages.console import Console
from test_views_rooms import cathedral_room

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def store(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "class.sqlite3"


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_console_asks_for_the_teachers_password(store: pathlib.Path) -> None:
    console = Console(store, password="owl7", background=False)
    assert not console.opened and console.body not in console.children
    console.password_text.value = "owl"
    console.open_button.click()
    assert not console.opened and "not the teacher's password" in console.message.value
    console.password_text.value = "owl7"
    console.open_button.click()
    assert console.opened and console.body in console.children


def test_every_room_is_in_the_grid_and_follows_its_game(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    console = Console(store, password="", background=False)
    assert code in console.grid_html() and "Light: Ana" in text(console.grid_html())
    assert "move 0" in text(console.grid_html())
    before = re.search(rf'data-room="{code}">(<svg.*?</svg>)', console.grid_html(), re.S)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    console.refresh()
    after = re.search(rf'data-room="{code}">(<svg.*?</svg>)', console.grid_html(), re.S)
    assert before and after and before.group(1) != after.group(1)  # the board follows
    assert "move 1" in text(console.grid_html())


def test_show_puts_a_room_large_with_its_review_link_and_end_ends_it(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    console = Console(store, password="", background=False)
    show = [
        b
        for box in console.grid.children
        for b in box.children
        if isinstance(b, type(console.open_button)) and b.description == f"Show {code}"
    ]
    show[0].click()  # the card's own button
    assert console.room_picker.value == code
    assert f"Room {code}" in console.large.value and "<svg" in console.large.value
    link = re.search(r'href="(review\.ipynb\?record=[^"]+)"', console.large.value)
    assert link is not None
    record = sg.load_record(link.group(1).split("record=")[1])
    assert [str(m) for m in record.moves] == ["cathedral e4 d5 e5 f5 e6 e7"]
    console.end_button.click()
    assert open_store(store).room(code).ended and "ended" in text(console.grid_html())
    ben.rooms.sync()
    assert ben.rooms.code == "" and "has ended" in ben.message.value


def test_progress_sorts_by_any_column_and_downloads_as_csv(store: pathlib.Path) -> None:
    s = open_store(store)
    s.add_progress("Ana", "cathedral", "puzzle", "c-01", True)
    s.add_progress("Ana", "cathedral", "puzzle", "c-02", False)
    s.add_progress("Ben", "sagrada", "puzzle", "s-01", True)
    s.add_progress("Ben", "sagrada", "lesson", "dice")
    console = Console(store, password="", background=False)
    rows = re.findall(r"<tr><td>(\w+)</td>", console.table.value)
    assert rows == ["Ana", "Ben"]
    console.sort_picker.value = "first_try_score"
    console.descending.value = True
    assert re.findall(r"<tr><td>(\w+)</td>", console.table.value) == ["Ben", "Ana"]
    assert "100%" in console.table.value and "50%" in console.table.value
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', console.csv_link.value)
    assert data is not None
    table = list(csv.DictReader(io.StringIO(base64.b64decode(data.group(1)).decode())))
    assert [r["pupil"] for r in table] == ["Ben", "Ana"]
    assert table[1]["puzzles_tried"] == "2" and table[1]["puzzles_first_try"] == "1"


def test_a_game_under_way_in_a_room_shows_in_the_progress_table(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    console = Console(store, password="", background=False)
    assert "No progress yet" not in console.table.value
    rows = re.findall(r"<tr>(<td>.*?)</tr>", console.table.value)
    assert [re.findall(r"<td>(.*?)</td>", r)[0] for r in rows] == ["Ana", "Ben"]
    head = re.findall(r"<th>(.*?)</th>", console.table.value)
    under_way = head.index("Games under way")
    assert all(re.findall(r"<td>(.*?)</td>", r)[under_way] == "1" for r in rows)
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', console.csv_link.value)
    assert data is not None and "games_under_way" in base64.b64decode(data.group(1)).decode()


def test_the_progress_table_says_where_pupils_give_their_name(store: pathlib.Path) -> None:
    console = Console(store, password="", background=False)
    assert "No progress yet" in console.table.value
    said = text(console.table.value)
    assert "Your name box at the top of a tutorial" in said and "coach" in said
    assert "in the Name box of a play dashboard" in said


def test_the_progress_tables_headings_are_words_with_each_games_title(
    store: pathlib.Path,
) -> None:
    open_store(store).add_progress("Ana", sg.games()[0], "lesson", "start")
    console = Console(store, password="", background=False)
    head = re.findall(r"<th>(.*?)</th>", console.table.value)
    for game in sg.games():
        assert f"Lesson steps: {html.escape(sg.load(game).title)}" in head
    assert not [h for h in head if "_" in h or h[0].islower()], head
    assert [label for label, _ in console.sort_picker.options] == [html.unescape(h) for h in head]


def test_end_the_room_and_projector_show_only_with_a_room_shown(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    console = Console(store, password="", background=False)
    assert console.shown == ""
    assert console.end_button.layout.display == "none"
    assert console.projector.layout.display == "none"
    console.room_picker.value = code
    assert console.end_button.layout.display is None and console.projector.layout.display is None
    console.room_picker.value = ""
    assert console.end_button.layout.display == "none"


def test_the_console_says_when_it_has_no_password_and_why(store: pathlib.Path) -> None:
    local = Console(store, password="", background=False)
    assert local.opened
    said = text(local.access.value)
    assert "No password" in said and "this machine only" in said and "asks for" in said
    guarded = Console(store, password="owl7", background=False)
    said = text(guarded.gate_words.value)
    assert "reached from other machines" in said and "printed it" in said


def test_the_console_counts_the_players_moves_not_the_rolls(store: pathlib.Path) -> None:
    import random

    from test_views_rooms import device

    red = device("walls_of_light", store, seats=["human", "remote"], players=2)
    code = red.rooms.start("Rosa")
    blue = device("walls_of_light", store)
    blue.rooms.join(code, "Bo")
    red.rooms.sync()
    rng = random.Random(5)
    played = 0
    while played < 6:
        (red, blue)[red.state.current_player].play(rng.choice(red.state.legal_moves()))
        played += 1
        for d in (red, blue):
            d.rooms.sync()
    room = open_store(store).room(code)
    assert room.ply > played  # the room's dice and cards are in its moves too
    console = Console(store, password="", background=False)
    assert f"move {played}" in text(console.grid_html()), text(console.grid_html())
    console.show(code)
    assert f"move {played}" in text(console.large.value)


def test_the_lead_boards_message_follows_a_typed_move(store: pathlib.Path) -> None:
    console = Console(store, password="", background=False)
    console.leading.start("cathedral")
    view = console.leading.view
    assert view is not None and "Holding the cathedral" in view.preview.value
    view.play_text("cathedral e4 d5 e5 f5 e6 e7")
    assert len(view.state.history) == 1
    said = text(view.preview.value + view.message.value)
    assert "Holding the cathedral" not in said and "places the cathedral" in said, said


def _explanations(html_text: str) -> int:
    """How many times ``html_text`` explains the teacher's password."""
    return text(html_text).count("teacher's password")


@pytest.mark.parametrize("password", ["", "owl7"])
def test_the_console_page_explains_the_password_once(store: pathlib.Path, password: str) -> None:
    import json

    notebook = json.loads((ROOT / "notebooks" / "class_console.ipynb").read_text())
    page = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    console = Console(store, password=password, background=False)

    def shown() -> str:  # the console's words on the page as it stands
        boxes = [console]
        said = ""
        while boxes:
            box = boxes.pop()
            if getattr(box, "layout", None) is not None and box.layout.display == "none":
                continue
            if isinstance(box, w.HTML):
                said += box.value
            boxes += list(getattr(box, "children", ()))
        return said

    assert _explanations(page) + _explanations(shown()) == 1, page
    if password:
        console.password_text.value = password
        console.open_button.click()
        assert console.opened
        assert _explanations(page) + _explanations(shown()) == 1
