"""The sheet designer of Coloring in the Stained Glass: load a sheet file, see it checked against
the sheet requirements (each failure in words and drawn on the sheet), preview it, play it.

A sheet file is the JSON that ``load_sheet`` reads (``stainedglass/coloring/sheet.py``): shapes
(polygons with a section symbol, some pre-coloured), stars and circles. The engine checks it
(``check_sheet``: every failure with the shapes and stars it names) and draws it
(``check_svg``); the designer shows what they say.

>>> from stainedglass_widgets.coloring import SheetDesigner
>>> designer = SheetDesigner(background=False)
>>> designer.load_default()
>>> designer.check.ok, designer.play_button.disabled
(True, False)
>>> designer.load_text('{"shapes": [{"polygon": [[0, 0], [1, 0], [1, 1]], "symbol": "moon"}]}')
>>> designer.check.problems[0].message
"shape 1: unknown symbol 'moon'; the symbols are cross, heart, diamond, club, spade"
"""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.coloring.sheet import DEFAULT_FILE, MAX_SHEET_BYTES, SheetCheck, check_sheet
from stainedglass.coloring.svg import check_svg, main_svg

from ..kit.board import Board
from ..kit.messages import guard, message_html, strict_default
from .view import ColoringView

MAX_SHOWN = 12  # problems listed in words (all are drawn)


class SheetDesigner(w.VBox):
    """Load a sheet (a file, the default sheet, or JSON text), see its problems listed and
    marked on it, preview a sheet that passes, and play it (``self.game_view``)."""

    def __init__(self, *, background: bool = True) -> None:
        super().__init__()
        self.background = background
        self.check: SheetCheck = SheetCheck(())
        self.data: Any = None  # the sheet's data once it passes
        self.game_view: ColoringView | None = None
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a sheet")
        self.upload.observe(lambda change: self._safe(self._uploaded, change), "value")
        self.default_button = w.Button(
            description="Start from the default sheet",
            tooltip="the rose window, as an example to change",
            layout=w.Layout(width="230px"),
        )
        self.default_button.on_click(lambda _: self._safe(self.load_default))
        self.text = w.Textarea(
            placeholder="or paste a sheet's JSON here",
            layout=w.Layout(width="620px", height="120px"),
        )
        self.check_button = w.Button(description="Check this text", icon="check")
        self.check_button.on_click(lambda _: self._safe(self.load_text, self.text.value))
        self.message = w.HTML()
        self.message.add_class("sg-designer-message")
        self.problem_list = w.HTML()
        self.problem_list.add_class("sg-designer-problems")
        self.board = Board(layout=w.Layout(width="620px"))
        self.board.add_class("sg-designer-board")
        self.board.watch_keys = []
        self.board.on_click(lambda ident: self._safe(self.click, ident))
        self.players_picker = w.Dropdown(
            options=[("solo", 1), ("2 players", 2), ("3 players", 3), ("4 players", 4)],
            value=2,
            tooltip="how many play the game on this sheet",
            layout=w.Layout(width="120px"),
        )
        self.play_button = w.Button(
            description="Play this sheet",
            button_style="primary",
            disabled=True,
            tooltip="a game on this sheet, below",
        )
        self.play_button.on_click(lambda _: self._safe(self.play))
        self.game_box = w.VBox()
        self.add_class("sg-designer")
        self.children = [
            w.HBox([self.upload, self.default_button]),
            w.HBox([self.text, self.check_button], layout=w.Layout(align_items="flex-end")),
            self.message,
            self.problem_list,
            self.board,
            w.HBox([self.players_picker, self.play_button]),
            self.game_box,
        ]
        self.say("Load a sheet file, or start from the default sheet.")

    # ---- loading -----------------------------------------------------------------------------

    def _safe(self, fn: Any, *args: Any) -> None:
        """Run a handler; a failure is shown as a message, never raised into the page."""
        guard(fn, self.say, strict_default())(*args)

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    def _uploaded(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = item["content"] if isinstance(item, dict) else item.content
        name = item["name"] if isinstance(item, dict) else getattr(item, "name", "the file")
        self.load_bytes(bytes(content), str(name))

    def load_bytes(self, raw: bytes, name: str = "the file") -> None:
        """A sheet file's bytes (an upload): checked and drawn."""
        if len(raw) <= MAX_SHEET_BYTES:
            try:
                self.text.value = raw.decode("utf-8")
            except UnicodeDecodeError:
                self.text.value = ""
        self.show(check_sheet(raw[: MAX_SHEET_BYTES + 1]), name)

    def load_text(self, text: str) -> None:
        """A sheet's JSON text (the text box, or given here: then shown in it, a shape a
        line): checked and drawn."""
        shown = sheet_text(text)
        if self.text.value != shown and self.text.value != text:
            self.text.value = shown
        self.show(check_sheet(text.encode("utf-8")), "the text")

    def load_default(self) -> None:
        """The default sheet, as an example to start from (in the box a shape a line)."""
        raw = DEFAULT_FILE.read_bytes()
        self.text.value = sheet_text(raw.decode("utf-8"))
        self.show(check_sheet(raw), "the default sheet")

    # ---- showing -----------------------------------------------------------------------------

    def show(self, check: SheetCheck, name: str) -> None:
        """Show a checked sheet: its problems in words and on the picture, or its preview."""
        self.check = check
        self.data = check.sheet.to_data() if check.sheet is not None else None
        self.play_button.disabled = check.sheet is None
        if check.sheet is not None:
            sheet = check.sheet
            self.problem_list.value = ""
            self.board.layout.display = None
            preview = sg.load(
                "coloring", players=self.players_picker.value, sheet=self.data
            ).new_game(seed=0)
            self.board.draw(main_svg(preview, 0))
            self.say(
                f"{_upper_first(html.escape(name))} meets every requirement: "
                f"{_count(sheet.n, 'shape')}, {_count(len(sheet.stars), 'star')}, "
                f"{_count(len(sheet.circles), 'circle')}. Here it is as the game draws it; "
                "press Play this sheet.",
                "good",
            )
            return
        problems = check.problems
        drawn = check_svg(check)
        self.board.draw(drawn)
        self.board.layout.display = None if drawn else "none"
        items = []
        for k, p in enumerate(problems[:MAX_SHOWN], 1):
            names = (
                [f"shape{'s' if len(p.shapes) > 1 else ''} " + ", ".join(map(str, p.shapes))]
                if p.shapes
                else []
            )
            names += (
                [f"star{'s' if len(p.stars) > 1 else ''} " + ", ".join(map(str, p.stars))]
                if p.stars
                else []
            )
            marked = f" <i>(marked !{k}: {html.escape('; '.join(names))})</i>" if names else ""
            items.append(f"<li>{html.escape(p.message)}{marked}</li>")
        more = len(problems) - MAX_SHOWN
        tail = f"<p>... and {more} more, all marked on the sheet.</p>" if more > 0 else ""
        self.problem_list.value = f"<ol>{''.join(items)}</ol>{tail}"
        where = (
            "each is marked on the sheet in dashed red with its number"
            if drawn
            else "the file cannot be drawn until its form is right"
        )
        self.say(
            f"{_upper_first(html.escape(name))} fails {len(problems)} requirement"
            f"{'s' if len(problems) != 1 else ''}: {where}.",
            "bad",
        )

    def click(self, ident: str | None) -> None:
        """A shape or star clicked on a failing sheet: which problems name it."""
        if not ident or ":" not in ident:
            return
        kind, _, number = ident.partition(":")
        if not number.isdigit():
            return
        n = int(number)
        found = [
            k
            for k, p in enumerate(self.check.problems, 1)
            if n in (p.shapes if kind == "shape" else p.stars if kind == "star" else ())
        ]
        if not found:
            self.say(f"{kind.capitalize()} {n}: no problem here.", "good")
            return
        texts = "; ".join(f"{k}. {self.check.problems[k - 1].message}" for k in found)
        self.say(f"{kind.capitalize()} {n}: {html.escape(texts)}", "bad")
        self.board.draw(check_svg(self.check, chosen=found[0]))

    # ---- playing -----------------------------------------------------------------------------

    def play(self) -> ColoringView | None:
        """A game on the sheet, below the designer, ready to play (New game keeps the sheet)."""
        if self.data is None:
            self.say("Only a sheet that meets every requirement can be played.", "bad")
            return None
        data = self.data
        view = ColoringView(
            players=self.players_picker.value, sheet=data, background=self.background
        )
        self.game_view = view
        self.game_box.children = [view]
        self.say(
            f"A game of {self.players_picker.value} on {data.get('name', 'this sheet')}: "
            "take a pencil to begin.",
            "good",
        )
        return view


def _count(n: int, thing: str) -> str:
    """``"1 star"``, ``"5 stars"``."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def sheet_text(text: str) -> str:
    """A sheet's JSON laid out to read and change: each shape, star and outline on a line of
    its own (the numbers as they are); text that is not a JSON object stays as it is.

    >>> print(sheet_text('{"name": "strip", "shapes": [{"polygon": [[0, 0], [1, 0], [1, 1]]}],'
    ...                  ' "circles": 3}'))
    {
     "name": "strip",
     "shapes": [
      {"polygon":[[0,0],[1,0],[1,1]]}
     ],
     "circles": 3
    }
    """
    try:
        data = json.loads(text)
    except ValueError:
        return text
    if not isinstance(data, dict):
        return text
    lines = ["{"]
    for i, (key, value) in enumerate(data.items()):
        end = "," if i < len(data) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            lines.append(f" {json.dumps(key)}: [")
            lines += [
                "  "
                + json.dumps(_whole(item), separators=(",", ":"))
                + ("," if j < len(value) - 1 else "")
                for j, item in enumerate(value)
            ]
            lines.append(" ]" + end)
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{end}")
    return "\n".join(lines + ["}"])


def _whole(value: Any) -> Any:
    """``value`` with its whole floats written as integers (``80.0`` as ``80``)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    return value


def _upper_first(text: str) -> str:
    """``the default sheet`` -> ``The default sheet`` (a file's name otherwise as it is)."""
    return text[:1].upper() + text[1:]
