"""Walls of Light's face designer: draw a window face on its 4x4 grid, see it as the game draws
it, keep it in a small file of faces, and play with it at once (the notebook
``walls_of_light_faces.ipynb``).

Pick what to paint (stone, plain glass, a "+1" or "+card" space, a printed colour), then click
cells. The engine checks the face as you go (``parse_face``: 5 to 16 spaces, at least one of them
not printed) and says why a face is not a window yet. **Keep** adds it to your faces, **Save**
downloads them (a JSON file the engine reads, ``faces_from_text``), **Open** reads such a file,
and **Play with this face** starts a game whose six windows show it.

>>> designer = FaceDesigner()
>>> designer.paint.value = "R"
>>> designer.board.click("a1")
>>> designer.rows[0][0], designer.face() is not None
('R', True)
"""

from __future__ import annotations

import html
from typing import Any
from collections.abc import Callable

import ipywidgets as w

import stainedglass as sg
from stainedglass.walls_of_light.start import faces_from_text, faces_to_text
from stainedglass.walls_of_light.svg import face_svg
from stainedglass.walls_of_light.windows import WINDOWS, Face, draft_face, face_rows, parse_face

from ..kit.board import Board
from ..kit.messages import guard, message_html, strict_default
from ..features.records import download_link, read_upload
from .view import WallsOfLightView

PAINTS = [
    ("# stone", "#"),
    (". glass", "."),
    ("+1", "+"),
    ("+card", "*"),
    ("R red", "R"),
    ("B blue", "B"),
    ("Y yellow", "Y"),
    ("O orange", "O"),
    ("P purple", "P"),
    ("G green", "G"),
]
PAINT_TIPS = [
    "stone: not part of the window",
    "an empty glass space",
    'an empty "+1" space: 1 point for the colour that fills it',
    'an empty "+card" space: a card for the colour that fills it',
    "a printed red pane",
    "a printed blue pane",
    "a printed yellow pane",
    "a printed orange pane",
    "a printed purple pane",
    "a printed green pane",
]
START_ROWS = ["#..#", "#+.#", "#.R#", "#..#"]
MAX_NAME = 40


class FaceDesigner(w.VBox):
    """A face on a grid to click, checked by the engine as it is drawn; your faces to keep, save
    and open; and a game to play with the face (:attr:`play_box` holds its view)."""

    def __init__(
        self, rows: list[str] | None = None, name: str = "My window", strict: bool | None = None
    ) -> None:
        super().__init__()
        self.strict = strict_default() if strict is None else bool(strict)
        self.rows: list[list[str]] = [list(r) for r in (rows or START_ROWS)]
        draft_face(["".join(r) for r in self.rows], name)  # a ValueError if the form is wrong
        self.faces: list[Face] = []  # the faces kept (what Save writes)
        self.view: WallsOfLightView | None = None
        self.name = w.Text(
            value=name,
            description="Name",
            tooltip="the face's name",
            style={"description_width": "50px"},
            layout=w.Layout(width="300px"),
        )
        self.name.observe(self.safe(lambda _: self.redraw()), "value")
        self.paint = w.ToggleButtons(
            options=PAINTS, value="R", tooltips=PAINT_TIPS, style={"button_width": "78px"}
        )
        self.paint.add_class("sg-designer-paint")
        self.board = Board(layout=w.Layout(width="320px"))
        self.board.add_class("sg-designer-board")
        self.board.label = "the face's 4 by 4 grid: click a cell to paint it"
        self.board.confirm_taps = False
        self.board.watch_keys = []
        self.board.on_click(self.safe(self.click))
        self.rows_text = w.HTML()
        self.check = w.HTML()
        self.check.add_class("sg-designer-check")
        self.message = w.HTML()
        self.message.add_class("sg-designer-message")
        self.keep_button = w.Button(
            description="Keep this face", tooltip="add it to your faces (what Save writes)"
        )
        self.keep_button.on_click(self.safe(lambda _: self.keep()))
        self.kept = w.Dropdown(
            description="Your faces",
            options=[],
            tooltip="your kept faces",
            style={"description_width": "80px"},
            layout=w.Layout(width="300px"),
        )
        self.load_button = w.Button(
            description="Show it", tooltip="put the chosen face on the grid"
        )
        self.load_button.on_click(self.safe(lambda _: self.show_kept()))
        self.save_link = w.HTML()
        self.save_link.add_class("sg-designer-save")
        self.open_button = w.FileUpload(
            accept=".json", multiple=False, description="Open", tooltip="open a file of faces"
        )
        self.open_button.add_class("sg-designer-open")
        self.open_button.observe(self.safe(lambda ch: self._opened(ch["new"])), "value")
        self.players = w.Dropdown(
            options=[("3 players", 3), ("2 players", 2)],
            value=2,
            tooltip="how many players the game with this face has",
            layout=w.Layout(width="120px"),
        )
        self.play_button = w.Button(
            description="Play with this face",
            button_style="primary",
            tooltip="a game whose six windows show this face",
        )
        self.play_button.on_click(self.safe(lambda _: self.play()))
        self.play_box = w.VBox()
        self.children = [
            w.HBox([self.name]),
            self.paint,
            w.HBox(
                [
                    self.board,
                    w.VBox(
                        [self.check, self.rows_text],
                        layout=w.Layout(margin="0 0 0 12px", width="460px"),
                    ),
                ]
            ),
            w.HBox([self.keep_button, self.kept, self.load_button]),
            w.HBox([self.save_link, self.open_button], layout=w.Layout(align_items="center")),
            w.HBox([self.players, self.play_button]),
            self.message,
            self.play_box,
        ]
        self.redraw()

    # ---- errors shown, not raised ------------------------------------------------------------

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` with an error shown as a message (raised in strict mode, as in the tests)."""
        return guard(fn, self.say, self.strict)

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    # ---- the face ----------------------------------------------------------------------------

    def text_rows(self) -> list[str]:
        return ["".join(r) for r in self.rows]

    def face_name(self) -> str:
        return self.name.value.strip()[:MAX_NAME] or "My window"

    def problem(self) -> str | None:
        """Why the engine refuses the face (None: it is a window the game can play)."""
        try:
            parse_face(self.text_rows(), self.face_name())
        except ValueError as e:
            return str(e)
        return None

    def face(self) -> Face | None:
        """The face as the engine reads it (None when it is refused)."""
        try:
            return parse_face(self.text_rows(), self.face_name())
        except ValueError:
            return None

    def redraw(self) -> None:
        """Draw the face as the game draws it and say whether the engine accepts it."""
        draft = draft_face(self.text_rows(), self.face_name())
        self.board.draw(face_svg(draft, title=f"designing {self.face_name()}"))
        problem = self.problem()
        spaces = len(draft.spaces)
        if problem is None:
            self.check.value = message_html(
                f"A window of {spaces} spaces: ready to keep and to play.", "good"
            )
        else:
            self.check.value = message_html(f"Not a window yet: {problem}.", "bad")
        self.rows_text.value = (
            '<pre class="sg-designer-rows" style="font-size:18px;line-height:1.2;margin:8px 0">'
            + html.escape("\n".join(self.text_rows()))
            + "</pre>"
            '<div style="font-size:13px;color:#3d3a33"># stone · . glass · + "+1" · * "+card" '
            "· R Y B O P G printed panes</div>"
        )
        self.update_save()

    def click(self, ident: str | None) -> None:
        """A cell clicked: paint it with the chosen paint."""
        if not ident or len(ident) != 2 or ident[0] not in "abcd" or ident[1] not in "1234":
            return
        col, row = "abcd".index(ident[0]), int(ident[1]) - 1
        self.rows[row][col] = self.paint.value
        self.redraw()

    def set_rows(self, rows: list[str], name: str | None = None) -> None:
        """Put a face on the grid (a ValueError, shown, when its form is wrong)."""
        draft_face(rows, name or self.face_name())
        self.rows = [list(r) for r in rows]
        if name is not None:
            self.name.value = name  # redraws
        self.redraw()

    # ---- your faces: keep, save, open --------------------------------------------------------

    def keep(self) -> bool:
        """Add the face to your faces (replacing one of the same name)."""
        face = self.face()
        if face is None:
            self.say(f"Not kept: {self.problem()}.", "bad")
            return False
        self.faces = [f for f in self.faces if f.name != face.name] + [face]
        self._list_faces(face.name)
        self.update_save()
        self.say(
            f"Kept {face.name!r}: you have {len(self.faces)} face"
            f"{'' if len(self.faces) == 1 else 's'}. Save downloads them.",
            "good",
        )
        return True

    def _list_faces(self, chosen: str | None = None) -> None:
        self.kept.options = [f.name for f in self.faces]
        if chosen is not None:
            self.kept.value = chosen

    def show_kept(self) -> None:
        """Put the face chosen among yours on the grid."""
        for face in self.faces:
            if face.name == self.kept.value:
                self.set_rows(list(face.rows), face.name)
                self.say(f"{face.name!r} is on the grid.")
                return
        self.say("Keep a face first (or open a file of faces).")

    def save_text(self) -> str:
        """The faces file Save downloads: your faces, or the face on the grid."""
        faces = self.faces or [f for f in [self.face()] if f is not None]
        return faces_to_text(faces) if faces else ""

    def update_save(self) -> None:
        text = self.save_text()
        if not text:
            self.save_link.value = ""
            return
        self.save_link.value = download_link(
            text,
            "walls-of-light-faces.json",
            "sg-designer-save-link",
            "download your faces as a file",
        )

    def _opened(self, files: Any) -> None:
        opened = read_upload(files, self.say, "a faces file")
        if opened is not None:
            self.open_text(opened[1], opened[0])

    def open_text(self, text: str, name: str = "the file") -> bool:
        """Read a faces file: its faces become yours, the first on the grid. False, with the
        engine's reason shown, when it cannot be read."""
        try:
            faces = faces_from_text(text)
        except ValueError as e:
            self.say(f"Could not open {name}: {e}", "bad")
            return False
        self.faces = faces
        self._list_faces(faces[0].name)
        self.set_rows(list(faces[0].rows), faces[0].name)
        self.update_save()
        self.say(f"Opened {name}: {len(faces)} face{'' if len(faces) == 1 else 's'}.", "good")
        return True

    # ---- play --------------------------------------------------------------------------------

    def windows(self, face: Face) -> list[list[Any]]:
        """The ``windows=`` option: every position shows ``face`` first; the backs are your other
        kept faces in turn, else the designed windows' backs."""
        others = [f for f in self.faces if f.rows != face.rows] or [b for _, b in WINDOWS]
        front = {"name": face.name, "rows": list(face.rows)}
        return [
            [
                front,
                {
                    "name": others[i % len(others)].name,
                    "rows": face_rows([others[i % len(others)]])[0],
                },
            ]
            for i in range(6)
        ]

    def play(self) -> WallsOfLightView | None:
        """A game whose windows show the face, on the page at once (None when refused)."""
        face = self.face()
        if face is None:
            self.say(f"Not a window yet: {self.problem()}.", "bad")
            return None
        game = sg.load("walls_of_light", players=self.players.value, windows=self.windows(face))
        self.view = WallsOfLightView(game.new_game(), strict=self.strict)
        self.play_box.children = [self.view]
        self.say(f"A game with {face.name!r} in all six windows is below: roll and play.", "good")
        return self.view


__all__ = ["FaceDesigner"]
