"""The Cathedral Windows of Walls of Light: colors, the text form of a face, the twelve faces.

The rulebook's pictures are lost (rulings, Walls of Light): the project designs its own faces.
A face is a 4x4 grid written as four rows of four characters (``docs/api.md``)::

    #  stone, not part of the window      .  empty space
    +  empty "+1" space                   *  empty "+card" space
    R Y B  printed primary pane           O P G  printed secondary pane

Cells are numbered ``index = row * 4 + col``; ``a1`` (index 0) is the top-left cell.

>>> face = parse_face(["#+.#", "#..#", "#.B#", "#..#"], "Lancet")
>>> len(face.spaces), face.plus1, face.printed
(8, (1,), ((10, 1),))
>>> parse_face(["#+.#", "#..#", "#.X#", "#..#"], "sketch")
Traceback (most recent call last):
...
ValueError: face 'sketch', row 3, column c: 'X' is not a window character (use # . + * R Y B O P G)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any
from collections.abc import Sequence

from ..core import cell_name

# ---- colors ---------------------------------------------------------------------------------

RED, BLUE, YELLOW, ORANGE, PURPLE, GREEN = range(6)
"""Colors 0-2 are the primaries (and the players: player 0 red, 1 blue, 2 yellow); 3-5 the
secondaries."""
COLOR_NAMES = ("red", "blue", "yellow", "orange", "purple", "green")
COLOR_LETTERS = "RBYOPG"
PRIMARIES = (RED, BLUE, YELLOW)
DIE_LETTERS = "rby"  # the red, blue and yellow dice, in that order


def mix(a: int, b: int) -> int:
    """Two primary panes on one space: the same color stacks, two primaries make the secondary.

    >>> COLOR_NAMES[mix(RED, YELLOW)], COLOR_NAMES[mix(BLUE, BLUE)]
    ('orange', 'blue')
    """
    if a == b:
        return a
    return {
        frozenset((RED, YELLOW)): ORANGE,
        frozenset((RED, BLUE)): PURPLE,
        frozenset((BLUE, YELLOW)): GREEN,
    }[frozenset((a, b))]


# ---- faces ----------------------------------------------------------------------------------

SIZE = 4
MIN_SPACES, MAX_SPACES = 5, 16
_PRINTED = {"R": RED, "B": BLUE, "Y": YELLOW, "O": ORANGE, "P": PURPLE, "G": GREEN}
_CHARS = "#.+*" + "RYBOPG"


@dataclass(frozen=True)
class Face:
    """One side of a Cathedral Window.

    ``spaces``: cell indices (``row * 4 + col``) of the glass spaces, in reading order;
    ``printed``: ``(cell, color)`` for each printed pane; ``plus1`` / ``plus_card``: the cells of
    the "+1" and "+card" spaces; ``rows``: the text form.
    """

    name: str
    rows: tuple[str, str, str, str]
    spaces: tuple[int, ...]
    printed: tuple[tuple[int, int], ...]
    plus1: tuple[int, ...]
    plus_card: tuple[int, ...]
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """A cache for the game's evaluation: what this face promises, by the codes of its cells."""

    def is_space(self, cell: int) -> bool:
        return cell in self.spaces

    def special(self, cell: int) -> str | None:
        """``"+1"``, ``"+card"`` or None."""
        if cell in self.plus1:
            return "+1"
        if cell in self.plus_card:
            return "+card"
        return None

    def __str__(self) -> str:
        return "\n".join(self.rows)

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle starts with an empty memo
        return (Face, tuple(getattr(self, f.name) for f in fields(self) if f.compare))


def _short(value: Any) -> str:
    """A value quoted in a message, cut short: a message stays small whatever it was given."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def draft_face(rows: Any, name: str) -> Face:
    """Four rows of four characters -> a :class:`Face`, its form checked (a ValueError names
    face, row and column) but not its number of spaces: a face being drawn (the designer)."""
    if isinstance(rows, str):
        rows = rows.split()
    if not isinstance(rows, (list, tuple)) or len(rows) != SIZE:
        raise ValueError(
            f"face {name!r}: a face is {SIZE} rows of {SIZE} characters, not {_short(rows)}"
        )
    spaces: list[int] = []
    printed: list[tuple[int, int]] = []
    plus1: list[int] = []
    plus_card: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != SIZE:
            raise ValueError(
                f"face {name!r}, row {r + 1}: a row is {SIZE} characters, not {_short(row)}"
            )
        for c, ch in enumerate(row):
            if ch not in _CHARS:
                raise ValueError(
                    f"face {name!r}, row {r + 1}, column {cell_name(c, r)[0]}: {ch!r} is not a "
                    "window character (use # . + * R Y B O P G)"
                )
            cell = r * SIZE + c
            if ch == "#":
                continue
            spaces.append(cell)
            if ch in _PRINTED:
                printed.append((cell, _PRINTED[ch]))
            elif ch == "+":
                plus1.append(cell)
            elif ch == "*":
                plus_card.append(cell)
    return Face(name, tuple(rows), tuple(spaces), tuple(printed), tuple(plus1), tuple(plus_card))


def parse_face(rows: Any, name: str) -> Face:
    """Four rows of four characters -> a :class:`Face`; a ValueError names face, row and column,
    or says why it is not a window (5 to 16 spaces, one of them not printed)."""
    face = draft_face(rows, name)
    spaces, printed = face.spaces, face.printed
    if not spaces:
        raise ValueError(f"face {name!r}: no space: a window needs glass, not only stone")
    if not MIN_SPACES <= len(spaces) <= MAX_SPACES:
        raise ValueError(
            f"face {name!r}: {len(spaces)} spaces; a face has {MIN_SPACES} to {MAX_SPACES} spaces"
        )
    if len(printed) == len(spaces):
        raise ValueError(
            f"face {name!r}: every space is printed: a window needs at least one "
            "empty space to be completed"
        )
    return face


# The twelve designed faces: six double-sided windows, (front, back). Shapes of real windows:
# lancets, roses, arches, a lunette over a door, a quatrefoil, an oriel.
DESIGNED: tuple[tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]], ...] = (
    (("Lancet", ("#+.#", "#OB#", "#.G#", "#P.#")), ("Rose", ("#*G#", ".OPG", "P+G.", "#.O#"))),
    (
        ("Quatrefoil", ("#.##", "+O.#", "#.##", "####")),
        ("Great Arch", ("#+.#", "OYPO", ".P*G", "G.O.")),
    ),
    (
        ("Twin Lancets", (".##.", "+##*", "O##P", ".##G")),
        ("Great Rose", ("G+.P", ".RPG", "PGO*", "O..G")),
    ),
    (
        ("Lunette", ("####", "####", "#+P#", ".G.O")),
        ("Gothic Arch", ("#.+#", "G..P", "G#*#", "O##P")),
    ),
    (("Oriel", ("OG.P", ".+BO", "#.G#", "####")), ("Trefoil", ("#+.#", ".OY.", "##P#", "####"))),
    (("Wheel", ("#.+G", "P.OP", "..G*", "G#O#")), ("Clerestory", ("P..G", "+O.P", "#GO#", "####"))),
)

WINDOWS: tuple[tuple[Face, Face], ...] = tuple(
    (parse_face(front_rows, front), parse_face(back_rows, back))
    for (front, front_rows), (back, back_rows) in DESIGNED
)
"""The six designed Cathedral Windows as (front, back) faces."""


def read_face(value: Any, where: str) -> Face:
    """A face as options and files give it: four rows (named ``where``), or
    ``{"name": ..., "rows": [...]}``; a ValueError says where it is wrong."""
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"name", "rows"})
        if unknown:
            raise ValueError(f"{where}: unknown key {unknown[0]!r}; a face has name and rows")
        name = value.get("name", where)
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise ValueError(f"{where}: a face's name is a short text (1-40 characters)")
        return parse_face(value.get("rows"), name)
    return parse_face(value, where)


def parse_windows(value: Any) -> tuple[tuple[Face, Face], ...]:
    """The ``windows=`` option: six (front, back) pairs of faces, each four row strings (or
    ``{"name": ..., "rows": [...]}``, a face with its name)."""
    if not isinstance(value, (list, tuple)) or len(value) != 6:
        raise ValueError("give six (front, back) pairs of faces, one per position 1-6")
    out: list[tuple[Face, Face]] = []
    for pos, pair in enumerate(value, 1):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError(f"position {pos}: give a (front, back) pair of faces")
        out.append(
            (
                read_face(pair[0], f"position {pos} front"),
                read_face(pair[1], f"position {pos} back"),
            )
        )
    return tuple(out)


def face_rows(faces: Sequence[Face]) -> list[list[str]]:
    """Faces back to their text form (for the ``windows=`` option)."""
    return [list(f.rows) for f in faces]
