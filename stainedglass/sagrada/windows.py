"""Sagrada solo's glass windows: the geometry of the 4x5 grid, the designed windows, validation.

A window is four rows of five fields, written as text (``docs/api.md``): ``.`` a blank field,
``R G Y B K`` a color restriction, ``1``-``6`` a value restriction. Field ``a1`` is the top-left
field, letters are columns, numbers rows. A field is a bit: ``index = row * 5 + col``.

>>> w = window_named("Morning Lantern")
>>> w.difficulty, w.restriction("a1"), w.restriction("e1"), w.restriction("b1")
(3, 'R', '3', '')
>>> parse_window(["R....", ".....", ".....", "....."]).name
'custom'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import cell_name, parse_cell, read_json
from .cards import COLOR_NAMES, COLORS, NUM_CARDS, color_of, value_of

COLS, ROWS = 5, 4
CELLS = COLS * ROWS
FULL = (1 << CELLS) - 1
_COL_A = sum(1 << (r * COLS) for r in range(ROWS))
_COL_E = _COL_A << (COLS - 1)
NOT_A = FULL & ~_COL_A
NOT_E = FULL & ~_COL_E
EDGE = sum(
    1 << (r * COLS + c)
    for r in range(ROWS)
    for c in range(COLS)
    if r in (0, ROWS - 1) or c in (0, COLS - 1)
)
CELL_NAMES = tuple(cell_name(i % COLS, i // COLS) for i in range(CELLS))
ORTHO: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r2 * COLS + c2
        for c2, r2 in (
            (i % COLS - 1, i // COLS),
            (i % COLS + 1, i // COLS),
            (i % COLS, i // COLS - 1),
            (i % COLS, i // COLS + 1),
        )
        if 0 <= c2 < COLS and 0 <= r2 < ROWS
    )
    for i in range(CELLS)
)
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r2 * COLS + c2
        for r2 in range(i // COLS - 1, i // COLS + 2)
        for c2 in range(i % COLS - 1, i % COLS + 2)
        if 0 <= c2 < COLS and 0 <= r2 < ROWS and (c2, r2) != (i % COLS, i // COLS)
    )
    for i in range(CELLS)
)
"""The fields next to each field, diagonals included."""


def around(m: int) -> int:
    """``m`` grown by one step in all eight directions (``m`` included), clipped to the window."""
    h = m | ((m << 1) & NOT_A) | ((m >> 1) & NOT_E)
    return (h | (h << COLS) | (h >> COLS)) & FULL


def beside(m: int) -> int:
    """The fields orthogonally next to a field of ``m``."""
    return ((m << 1) & NOT_A) | ((m >> 1) & NOT_E) | ((m << COLS) & FULL) | (m >> COLS)


def parse_field(text: str) -> int:
    """``"b3"`` -> field index; raises IllegalMove naming the window's size otherwise."""
    col, row = parse_cell(text, COLS, ROWS)
    return row * COLS + col


def difficulty_of(restrictions: int) -> int:
    """The difficulty 3-6 that goes with a number of restricted fields (8 -> 3 ... 14 -> 6)."""
    return max(3, min(6, (restrictions + 1) // 2 - 1))


@dataclass(frozen=True)
class Window:
    """A window: its name, difficulty and four rows of text; masks precomputed for play.

    ``allowed[card]`` is the mask of fields whose restriction the card meets; ``allowed_any_color``
    ignores color restrictions (Eglomise Brush), ``allowed_any_value`` value restrictions
    (Copper Foil Burnisher).
    """

    name: str
    difficulty: int
    rows: tuple[str, ...]
    fields: tuple[str, ...] = field(init=False, repr=False)  # 20 x "", "R".."K" or "1".."6"
    allowed: tuple[int, ...] = field(init=False, repr=False, compare=False)
    allowed_any_color: tuple[int, ...] = field(init=False, repr=False, compare=False)
    allowed_any_value: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = tuple("" if ch == "." else ch for row in self.rows for ch in row)
        object.__setattr__(self, "fields", fields)

        def mask(card: int, colors: bool, values: bool) -> int:
            m = 0
            for i, f in enumerate(fields):
                if not f:
                    ok = True
                elif f.isalpha():
                    ok = not colors or COLORS.index(f) == color_of(card)
                else:
                    ok = not values or int(f) == value_of(card)
                if ok:
                    m |= 1 << i
            return m

        object.__setattr__(self, "allowed", tuple(mask(c, True, True) for c in range(NUM_CARDS)))
        object.__setattr__(
            self, "allowed_any_color", tuple(mask(c, False, True) for c in range(NUM_CARDS))
        )
        object.__setattr__(
            self, "allowed_any_value", tuple(mask(c, True, False) for c in range(NUM_CARDS))
        )

    def restriction(self, where: str | int) -> str:
        """``""`` (blank), a color letter or a value digit, for a field name or index."""
        return self.fields[parse_field(where) if isinstance(where, str) else where]

    def restriction_words(self, i: int) -> str:
        f = self.fields[i]
        if not f:
            return "a blank field"
        if f.isalpha():
            return f"a {COLOR_NAMES[COLORS.index(f)]} field"
        return f"a {f} field"

    @property
    def restricted(self) -> int:
        """How many fields carry a restriction."""
        return sum(1 for f in self.fields if f)

    def text(self) -> str:
        return "\n".join(self.rows)


def parse_window(rows: Any, name: str = "custom", difficulty: int | None = None) -> Window:
    """Four row strings of five characters -> a validated Window; ValueError says where.

    A string with line breaks or ``/`` between rows is accepted too. Checks: the shape, the
    characters, no two orthogonally adjacent fields demanding the same color or the same value (no
    card could ever fill both), at most 6 fields of one color and 5 of one value (there are no more
    such cards). ``difficulty`` defaults to :func:`difficulty_of` the restricted fields.
    """
    if isinstance(rows, str):
        rows = [r for r in rows.replace("/", "\n").split("\n") if r.strip()]
    if not isinstance(rows, (list, tuple)) or not all(isinstance(r, str) for r in rows):
        raise ValueError(f"window {name!r}: expected four row strings, not {rows!r}")
    rows = tuple(r.strip().upper().replace(" ", "") for r in rows)
    if len(rows) != ROWS:
        raise ValueError(f"window {name!r}: a window has {ROWS} rows, not {len(rows)}")
    for r, row in enumerate(rows, 1):
        if len(row) != COLS:
            raise ValueError(f"window {name!r}: row {r} has {len(row)} fields, not {COLS}")
        for c, ch in enumerate(row):
            if ch not in ".RGYBK123456":
                raise ValueError(
                    f"window {name!r}: field {cell_name(c, r - 1)} (row {r}, column {c + 1}) is "
                    f"{ch!r}; use '.' blank, R G Y B K a color, 1-6 a value"
                )
    fields = [ch for row in rows for ch in row]
    for i, f in enumerate(fields):
        for j in ORTHO[i]:
            if j > i and f != "." and fields[j] == f:
                kind = "color" if f in COLORS else "value"
                raise ValueError(
                    f"window {name!r}: fields {CELL_NAMES[i]} and {CELL_NAMES[j]} are orthogonally "
                    f"adjacent and both demand {f}: cards of the same {kind} may never be "
                    "orthogonally adjacent, so they could never both be filled"
                )
    for ch in "RGYBK123456":
        n = fields.count(ch)
        limit = 6 if ch in COLORS else 5
        if n > limit:
            raise ValueError(
                f"window {name!r}: {n} fields demand {ch}, but only {limit} cards are {ch}"
            )
    restricted = sum(1 for f in fields if f != ".")
    if difficulty is None:
        difficulty = difficulty_of(restricted)
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 3 <= difficulty <= 6:
        raise ValueError(f"window {name!r}: difficulty must be 3-6, not {difficulty!r}")
    return Window(name, difficulty, rows)


# The designed windows: name, difficulty, four rows. Difficulty follows the number of restricted
# fields (difficulty_of); the benchmark checks that a fixed strategy wins less as it rises.
_DESIGNS = """
Morning Lantern     3   R...3  .5.G.  ..Y..  2..B6
Quiet Cloister      3   .B.4.  1...Y  ..K..  G.6.2
Harvest Rose        3   ..6..  Y...R  .3.4.  .GK.1
Saint's Ladder      4   K.2.B  .4..Y  R..5.  .1G.6
Blue Hour           4   B6..R  K.3..  4..Y2  .G.5.
Vintner's Arch      4   .1.R.  G.5.3  .Y.2.  6.K.B
Kingfisher          5   B.4GK  .2..6  R.K3.  .5.Y1
Ember Gate          5   6R.1.  .3Y.B  G.2.4  .K.5R
Night Choir         5   .K5.2  Y..4G  3B.1.  .6R.K
Martyr's Crown      6   R4.B6  .2Y.1  5.3K.  G1.6R
Tempest             6   3.G5.  K6.2Y  .1R.4  B.5K3
Last Judgement      6   6B.3R  .4K.2  Y.1G.  25.4B
"""


def _designed() -> tuple[Window, ...]:
    out = []
    for line in _DESIGNS.strip().splitlines():
        *name, difficulty, r1, r2, r3, r4 = line.split()
        out.append(parse_window([r1, r2, r3, r4], " ".join(name), int(difficulty)))
    return tuple(out)


WINDOWS: tuple[Window, ...] = _designed()
WINDOW_NAMES: tuple[str, ...] = tuple(w.name for w in WINDOWS)


def window_named(name: str) -> Window:
    """A designed window by name (any case)."""
    for w in WINDOWS:
        if w.name.lower() == name.strip().lower():
            return w
    raise ValueError(f"no window is named {name!r}; the windows are: {', '.join(WINDOW_NAMES)}")


def window_from_option(value: Any) -> Window | None:
    """The ``window=`` option: None (drawn at setup), a designed window's name, four rows, or
    a window of your own with its name, ``{"name": ..., "rows": [...]}``.

    >>> window_from_option({"name": "My Lantern", "rows": ["R...3", ".5.G.", "..Y..", "2..B6"]})
    Window(name='My Lantern', difficulty=3, rows=('R...3', '.5.G.', '..Y..', '2..B6'))
    """
    if value is None or isinstance(value, Window):
        return value
    if isinstance(value, str) and "/" not in value and "\n" not in value:
        return window_named(value)
    if isinstance(value, dict):
        if set(value) != {"name", "rows"}:
            raise ValueError(f"a window of your own is name and rows, not {sorted(value)}")
        return parse_window(value["rows"], check_window_name(value["name"]))
    return parse_window(value)


def windows_of_difficulty(d: int) -> list[Window]:
    return [w for w in WINDOWS if w.difficulty == d]


__all__ = [
    "Window",
    "WINDOWS",
    "WINDOW_NAMES",
    "parse_window",
    "window_named",
    "difficulty_of",
    "window_from_option",
    "around",
    "beside",
    "EDGE",
    "FULL",
    "CELL_NAMES",
    "parse_field",
    "COLS",
    "ROWS",
    "CELLS",
    "ORTHO",
    "NEAR",
]


# ---- window files: a designed window saved and opened (the window designer) -----------------

WINDOW_FORMAT = "stainedglass-sagrada-window"
"""The ``format`` a window file names."""
MAX_WINDOW_FILE = 10_000
"""Characters a window file may have (a window is about 150)."""
MAX_WINDOW_NAME = 40
"""Characters a window's name may have."""


def _short(value: Any, n: int = 40) -> str:
    """``repr(value)`` cut to about ``n`` characters: an error message stays small."""
    text = repr(value)
    return text if len(text) <= n else text[:n] + "…"


def check_window_name(name: Any) -> str:
    """A window's name: text of 1 to MAX_WINDOW_NAME printable characters (trimmed)."""
    if not isinstance(name, str):
        raise ValueError(f"a window's name is text, not {_short(name)}")
    text = " ".join(name.split())
    if not text:
        raise ValueError("a window's name is empty: give it one")
    if len(text) > MAX_WINDOW_NAME:
        raise ValueError(
            f"a window's name has at most {MAX_WINDOW_NAME} characters, not {len(text)}"
        )
    if not text.isprintable():
        raise ValueError(f"a window's name must be printable text, not {_short(text)}")
    return text


def window_to_text(window: Window) -> str:
    """A window as a small JSON file (:func:`window_from_text` reads it back).

    >>> window_from_text(window_to_text(window_named("Tempest"))) == window_named("Tempest")
    True
    """
    import json

    return (
        json.dumps(
            {
                "format": WINDOW_FORMAT,
                "version": 1,
                "name": window.name,
                "difficulty": window.difficulty,
                "rows": list(window.rows),
            },
            indent=1,
        )
        + "\n"
    )


def window_from_text(text: Any) -> Window:
    """The window a window file holds, validated as :func:`parse_window` does; a ValueError
    says where the file is wrong (``"window file: 'rows' ..."``), in a few words at most.

    >>> window_from_text('{"format": "stainedglass-sagrada-window", "rows": ["R....", '
    ...                  '".....", ".....", "....R"], "name": "Two reds"}').restricted
    2
    >>> window_from_text('{"rows": 3}')
    Traceback (most recent call last):
    ...
    ValueError: window file: 'format' must be 'stainedglass-sagrada-window', not None
    """
    data = read_json(text, "window file", MAX_WINDOW_FILE)
    if not isinstance(data, dict):
        raise ValueError(f"window file: expected a JSON object, not {type(data).__name__}")
    if data.get("format") != WINDOW_FORMAT:
        raise ValueError(
            f"window file: 'format' must be {WINDOW_FORMAT!r}, not {_short(data.get('format'))}"
        )
    version = data.get("version", 1)
    if version != 1 or isinstance(version, bool):
        raise ValueError(
            f"window file: 'version' {_short(version)} is not one this version reads (1)"
        )
    unknown = sorted(
        str(k) for k in data if k not in {"format", "version", "name", "difficulty", "rows"}
    )
    if unknown:
        raise ValueError(
            f"window file: unknown key {_short(unknown[0])}; the keys are format, "
            "version, name, difficulty, rows"
        )
    try:
        name = check_window_name(data.get("name", "custom"))
    except ValueError as e:
        raise ValueError(f"window file: 'name': {e}") from None
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise ValueError(
            f"window file: 'rows' must be a list of {ROWS} row strings, not {_short(rows)}"
        )
    for r, row in enumerate(rows, 1):
        if not isinstance(row, str) or len(row) > 3 * COLS:
            raise ValueError(
                f"window file: 'rows' row {r} must be {COLS} characters "
                f"('.', R G Y B K, 1-6), not {_short(row)}"
            )
    difficulty = data.get("difficulty")
    try:
        return parse_window(rows, name, difficulty)
    except ValueError as e:
        raise ValueError(f"window file: {e}") from None


def window_problem_fields(reason: str, rows: Any = None) -> list[str]:
    """The fields a :func:`parse_window` refusal names (``"fields b1 and c1 ..."``) or, for
    too many fields of one kind (``"7 fields demand R"``), the fields of ``rows`` demanding it:
    what a designer outlines in red.

    >>> window_problem_fields("window 'x': fields b1 and c1 are orthogonally adjacent ...")
    ['b1', 'c1']
    >>> window_problem_fields("window 'x': 6 fields demand 4, but only 5 cards are 4",
    ...                       ["4.4.4", ".....", "4.4.4", "....."])
    ['a1', 'c1', 'e1', 'a3', 'c3', 'e3']
    """
    import re

    named = list(re.findall(r"\b([a-e][1-4])\b", reason.split(":", 1)[-1]))
    too_many = re.search(r"\d+ fields demand ([RGYBK1-6])\b", reason)
    if too_many and isinstance(rows, (list, tuple)) and len(rows) == ROWS:
        text = "".join(str(r).upper() for r in rows)
        named += [CELL_NAMES[i] for i, ch in enumerate(text[:CELLS]) if ch == too_many[1]]
    return list(dict.fromkeys(named))


__all__ += [
    "WINDOW_FORMAT",
    "window_to_text",
    "window_from_text",
    "check_window_name",
    "window_problem_fields",
    "MAX_WINDOW_FILE",
    "MAX_WINDOW_NAME",
]
