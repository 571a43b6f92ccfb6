"""Walls of Light's face designer driven from Python: painting cells, the engine's check of the
face, keeping, saving and opening faces, and a game played with the face at once."""

from __future__ import annotations

import base64
import json
import re

import pytest

pytest.importorskip("anywidget")

from stainedglass.walls_of_light.start import faces_from_text
from stainedglass_widgets.walls_of_light import FaceDesigner


def text(widget) -> str:
    return re.sub(r"<[^>]+>", "", widget.value)


def saved(designer: FaceDesigner) -> str:
    data = re.search(r"base64,([^\"]+)\"", designer.save_link.value)
    assert data is not None
    return base64.b64decode(data.group(1)).decode()


def paint(designer: FaceDesigner, what: str, *cells: str) -> None:
    designer.paint.value = what
    for cell in cells:
        designer.board.click(cell)


def test_every_cell_is_a_target_and_painting_changes_the_rows() -> None:
    d = FaceDesigner()
    ids = set(re.findall(r'data-id="([a-d][1-4])"', d.board.svg))
    assert len(ids) == 16
    paint(d, "G", "a1")
    paint(d, "*", "d4")
    assert d.text_rows()[0][0] == "G" and d.text_rows()[3][3] == "*"
    assert 'data-special="+card"' in d.board.svg and 'data-printed="green"' in d.board.svg


def test_the_rulings_5_to_16_spaces_are_checked_live() -> None:
    """RULES.md, "Components": "A face has 5 to 16 spaces"; the engine's reason is shown."""
    d = FaceDesigner(rows=["####", "####", "####", "#..."])
    assert "Not a window yet" in text(d.check) and "3 spaces" in text(d.check)
    assert d.face() is None
    paint(d, ".", "a1", "b1")
    assert "A window of 5 spaces" in text(d.check) and d.face() is not None
    paint(d, "#", "b1")
    assert "4 spaces" in text(d.check)
    assert d.play() is None and "Not a window yet" in text(d.message)


def test_a_face_of_printed_panes_only_is_refused() -> None:
    d = FaceDesigner(rows=["RRRR", "R###", "R###", "####"])
    assert "every space is printed" in text(d.check)


def test_keep_save_and_open_round_trip() -> None:
    d = FaceDesigner(name="Little Rose")
    assert d.keep() is True
    d.name.value = "Second"
    paint(d, "+", "a1")
    assert d.keep() is True
    names = [f.name for f in faces_from_text(saved(d))]
    assert names == ["Little Rose", "Second"]
    other = FaceDesigner()
    assert other.open_text(saved(d), "faces.json") is True
    assert [f.name for f in other.faces] == names
    assert other.face_name() == "Little Rose"
    assert other.text_rows() == list(d.faces[0].rows)
    other.kept.value = "Second"
    other.show_kept()
    assert other.text_rows()[0][0] == "+"


def test_a_bad_file_is_refused_with_where() -> None:
    d = FaceDesigner()
    bad = json.dumps({"faces": [{"name": "A", "rows": ["#..#", "#X.#", "#..#", "#..#"]}]})
    assert d.open_text(bad, "bad.json") is False
    assert "face 1" in text(d.message) and "row 2, column b" in text(d.message)
    assert d.open_text("x" * 200_000, "big.json") is False
    assert "too long" in text(d.message)
    d._opened([{"name": "bin.json", "content": b"\xff\xfe"}])
    assert "not text" in text(d.message)


def test_play_with_this_face_makes_a_playable_game() -> None:
    d = FaceDesigner(rows=["#..#", "+RY*", "#..#", "####"], name="Little Rose")
    d.players.value = 2
    view = d.play()
    assert view is not None and d.play_box.children == (view,)
    state = view.state
    assert all(state.face(p).name == "Little Rose" for p in range(6))
    assert "Little Rose" in view.board.svg
    view.roll()
    targets = sorted(view.targets())
    assert targets
    view.board.click(targets[0])
    assert view.state.history[-1].startswith("place ")
    view.players_picker.value = 3
    view.new_game()  # New game keeps the windows
    assert view.state.num_players == 3 and view.state.face(2).name == "Little Rose"
