"""Positions set up by hand: the ``start=`` option of Coloring in the Stained Glass.

A ``start=`` mapping holds every part of a position (all keys optional)::

    {"sheets": [{"red": [1, 2, 3, 4, 5]}, {"blue": [2, 3, 4, 5]}],   # each player's shapes
     "circles": [0, 1],                   # circles filled, per player
     "pencils": ["green", "yellow", "purple"],   # the pencils in the middle
     "sections": {"cross": [1, "open"]},  # high and low value: a player, "open" or "crossed"
     "finished": [],                      # players who have finished, in the order they did
     "to_move": 1,                        # whose turn (None once the game is over)
     "held": None, "crossing": False, "crossed_stars": []}   # solo only

Players are numbered from 1, shapes and stars as on the sheet. Pre-coloured shapes are colored
already and need not be listed. A star's points follow from the shapes around it. Form and ranges
are checked by :func:`parse_start` (with the game's sheet and players); what the rules forbid by
:func:`problems` (``Game.validate``). RULES.md, "Setting up a position", gives the rulings.

>>> import stainedglass as sg
>>> game = sg.load("coloring", players=2)
>>> state = game.setup({"sheets": [{"red": [1, 2, 3, 4, 5]}, {}],
...                     "pencils": ["blue", "green", "yellow", "purple"], "to_move": 2})
>>> state.color_of(0, 3), state.pencils(), state.current_player
('red', ['blue', 'green', 'yellow', 'purple'], 1)
>>> try:
...     game.setup({"sheets": [{"red": [1, 2, 3, 4, 5, 6, 7, 8, 9]}, {}],
...                 "pencils": ["green", "yellow", "purple"]})
... except ValueError as e:
...     print(str(e).split(":")[1])
 option start= player 1's red shapes 1, 2, 3, 4, 5, 6, 7, 8 and 9 touch each other
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping

from ..core import TERMINAL
from .sheet import COLORS, MAX_GROUP, SECTIONS, Sheet

if TYPE_CHECKING:  # annotations only (game.py imports this module)
    from .game import ColoringState

OPEN = -1  # as in game.py (kept here so that game.py may import this module)
CROSSED = -2
ALL_PENCILS = (1 << len(COLORS)) - 1
KEYS = (
    "sheets",
    "circles",
    "pencils",
    "sections",
    "finished",
    "to_move",
    "held",
    "crossing",
    "crossed_stars",
)


@dataclass(frozen=True)
class StartPosition:
    """A ``start=`` position checked for form and ranges (masks over the game's sheet)."""

    paint: tuple[tuple[int, ...], ...]
    """Per player, per color index: the shapes of that color, pre-coloured ones included."""
    circles_used: tuple[int, ...]
    pool: int
    high: tuple[int, ...]
    low: tuple[int, ...]
    finished: tuple[int, ...] | None
    to_move: int | None
    held: int
    crossing: bool
    crossed_stars: tuple[int, ...]


def check_form(value: Any) -> Any:
    """The ``start=`` option's own check, before the sheet and players are known: a mapping of
    the known keys (None: no start position)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ValueError("must be a mapping with keys " + ", ".join(KEYS))
    unknown = sorted(str(k) for k in value if k not in KEYS)
    if unknown:
        raise ValueError(f"unknown key {unknown[0][:40]!r}; the keys are {', '.join(KEYS)}")
    return value


def _int(v: Any, low: int, high: int, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ValueError(
            f"{where}: expected a whole number from {low} to {high}, not {str(v)[:40]!r}"
        )
    return v


def _list(v: Any, where: str, most: int) -> list[Any]:
    if not isinstance(v, (list, tuple)):
        raise ValueError(f"{where}: expected a list, not {str(v)[:40]!r}")
    if len(v) > most:
        raise ValueError(f"{where}: at most {most} items, not {len(v)}")
    return list(v)


def _color(v: Any, where: str) -> int:
    if v not in COLORS:
        raise ValueError(
            f"{where}: {str(v)[:40]!r} is not a pencil; the pencils are " + ", ".join(COLORS)
        )
    return COLORS.index(v)


def _owner(v: Any, players: int, where: str) -> int:
    if v == "open":
        return OPEN
    if v == "crossed":
        return CROSSED
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= players:
        raise ValueError(
            f"{where}: expected 'open', 'crossed' or a player from 1 to {players}, "
            f"not {str(v)[:40]!r}"
        )
    return v - 1


def parse_start(value: Mapping[str, Any], sheet: Sheet, players: int) -> StartPosition:
    """Check a ``start=`` mapping's form and ranges against ``sheet`` and ``players``: a
    ValueError saying where."""
    n = sheet.n
    sheets = _list(value.get("sheets", [{}] * players), "sheets", 4)
    if len(sheets) != players:
        raise ValueError(f"sheets: give one sheet per player ({players}), not {len(sheets)}")
    paint: list[tuple[int, ...]] = []
    for p, given in enumerate(sheets):
        where = f"sheets: player {p + 1}"
        if not isinstance(given, Mapping):
            raise ValueError(
                f"{where}: expected a mapping of pencils to shape numbers, such as "
                "{'red': [1, 2]}"
            )
        masks = list(sheet.precolored)
        seen: dict[int, str] = {}
        for i, c in enumerate(sheet.precolored):
            for number in sheet.numbers(c):
                seen[number] = COLORS[i]
        listed: set[int] = set()
        for color, numbers in given.items():
            c = _color(color, where)
            for number in _list(numbers, f"{where}, {color}", n):
                number = _int(number, 1, n, f"{where}, {color}: a shape")
                if number in listed:
                    raise ValueError(f"{where}: shape {number} is listed twice")
                listed.add(number)
                pre = sheet.shapes[number - 1].color
                if pre is not None and pre != color:
                    raise ValueError(
                        f"{where}: shape {number} is pre-coloured {pre} on the "
                        f"sheet, it cannot be {color}"
                    )
                masks[c] |= 1 << (number - 1)
        paint.append(tuple(masks))
    total = len(sheet.circles)
    circles = _list(value.get("circles", [0] * players), "circles", 4)
    if len(circles) != players:
        raise ValueError(
            f"circles: give the circles filled by each player ({players}), "
            f"not {len(circles)} numbers"
        )
    used = tuple(_int(k, 0, total, f"circles: player {p + 1}") for p, k in enumerate(circles))
    pool = 0
    for color in _list(value.get("pencils", list(COLORS)), "pencils", len(COLORS)):
        bit = 1 << _color(color, "pencils")
        if pool & bit:
            raise ValueError(f"pencils: {color} is listed twice: there is one {color} pencil")
        pool |= bit
    sections = value.get("sections", {})
    if not isinstance(sections, Mapping):
        raise ValueError("sections: expected a mapping such as {'heart': [1, 'open']}")
    high, low = [OPEN] * len(SECTIONS), [OPEN] * len(SECTIONS)
    for name, pair in sections.items():
        if name not in SECTIONS:
            raise ValueError(
                f"sections: {str(name)[:40]!r} is not a section; the sections are "
                + ", ".join(SECTIONS)
            )
        pair = _list(pair, f"sections: {name}", 2)
        if len(pair) != 2:
            raise ValueError(f"sections: {name}: give the high and the low value's owner")
        i = SECTIONS.index(name)
        high[i] = _owner(pair[0], players, f"sections: {name}, high value")
        low[i] = _owner(pair[1], players, f"sections: {name}, low value")
    finished: tuple[int, ...] | None = None
    if value.get("finished") is not None:
        order = [
            _int(q, 1, players, "finished: a player") - 1
            for q in _list(value["finished"], "finished", players)
        ]
        if len(set(order)) != len(order):
            raise ValueError("finished: a player is listed twice")
        finished = tuple(order)
    to_move = value.get("to_move", 1)
    turn = None if to_move is None else _int(to_move, 1, players, "to_move") - 1
    held = -1 if value.get("held") is None else _color(value["held"], "held")
    crossing = value.get("crossing", False)
    if not isinstance(crossing, bool):
        raise ValueError(f"crossing: expected True or False, not {str(crossing)[:40]!r}")
    stars = [
        _int(k, 1, len(sheet.stars), "crossed_stars: a star")
        for k in _list(value.get("crossed_stars", []), "crossed_stars", len(sheet.stars))
    ]
    if len(set(stars)) != len(stars):
        raise ValueError("crossed_stars: a star is listed twice")
    return StartPosition(
        tuple(paint),
        used,
        pool,
        tuple(high),
        tuple(low),
        finished,
        turn,
        held,
        crossing,
        tuple(k - 1 for k in sorted(stars)),
    )


def apply_start(state: ColoringState, start: StartPosition) -> None:
    """Set up ``state`` (fresh from ``_setup``) at ``start``: the colors, what follows from them
    (the stars' points, the window's touching shapes), and the rest as given."""
    sheet = state.sheet
    n = state.num_players
    pre = 0
    for m in sheet.precolored:
        pre |= m
    state.paint = [list(masks) for masks in start.paint]
    state.colored = [_union(masks) for masks in start.paint]
    state.touch = [[sheet.touching(m) for m in masks] for masks in start.paint]
    state.circles_used = list(start.circles_used)
    state.stars = []
    for p in range(n):
        row = []
        for k, around in enumerate(sheet.star_mask):
            if state.solo and k in start.crossed_stars:
                row.append(CROSSED)
            elif not around & ~state.colored[p] and around & ~pre:
                row.append(min(4, sum(1 for m in state.paint[p] if m & around)))
            else:
                row.append(OPEN)
        state.stars.append(row)
    state.high, state.low = list(start.high), list(start.low)
    if start.finished is None:
        state.finished = [p for p in range(n) if _has_finished(state, p)]
    else:
        state.finished = list(start.finished)
    state.pool = start.pool
    state.held = start.held
    state.crossing = start.crossing
    if state.solo:
        state.to_move = TERMINAL if state._solo_over() else 0
    elif len(state.finished) == n:
        state.to_move = TERMINAL
    else:
        state.to_move = 0 if start.to_move is None else start.to_move
    state._legal_cache = None


def _union(masks: tuple[int, ...] | list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _has_finished(state: ColoringState, p: int) -> bool:
    return state.colored[p] == state.sheet.full or state.circles_left(p) <= 0


def _owner_text(v: int) -> str | int:
    return "open" if v == OPEN else "crossed" if v == CROSSED else v + 1


def position(state: ColoringState) -> dict[str, Any]:
    """The ``start=`` mapping of ``state`` (plain JSON data)."""
    sheet = state.sheet
    sheets = []
    for p in range(state.num_players):
        mine: dict[str, list[int]] = {}
        for c, mask in enumerate(state.paint[p]):
            numbers = sheet.numbers(mask & ~sheet.precolored[c])
            if numbers:
                mine[COLORS[c]] = numbers
        sheets.append(mine)
    out: dict[str, Any] = {
        "sheets": sheets,
        "circles": list(state.circles_used),
        "pencils": state.pencils(),
        "sections": {
            name: [_owner_text(state.high[i]), _owner_text(state.low[i])]
            for i, name in enumerate(SECTIONS)
        },
        "finished": [p + 1 for p in state.finished],
        "to_move": None if state.is_terminal() else state.to_move + 1,
    }
    if state.solo:
        out["held"] = None if state.held < 0 else COLORS[state.held]
        out["crossing"] = state.crossing
        out["crossed_stars"] = [k + 1 for k, v in enumerate(state.stars[0]) if v == CROSSED]
    return out


# ---- what the rules forbid -----------------------------------------------------------------------


def _shapes_text(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"shape {numbers[0]}"
    return "shapes " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def problems(state: ColoringState) -> list[str]:
    """Why no game could ever reach ``state``, in the rules' words (empty: it could)."""
    out: list[str] = []
    sheet = state.sheet
    n = state.num_players
    solo = state.solo
    pre = _union(sheet.precolored)

    def who(p: int) -> str:
        return "your" if solo else f"player {p + 1}'s"

    # the colors: each connected piece of one color is one turn's group
    for p in range(n):
        for c, mask in enumerate(state.paint[p]):
            for piece in sheet.components(mask):
                numbers = sheet.numbers(piece)
                if piece & pre and piece.bit_count() > 1:
                    j = sheet.numbers(piece & pre)[0]
                    others = [k for k in numbers if k != j]
                    out.append(
                        f"on {who(p)} sheet, {_shapes_text(others)} "
                        f"{'touches' if len(others) == 1 else 'touch'} shape {j}, "
                        f"pre-coloured {COLORS[c]}: a group may never touch another "
                        "group of the same color"
                    )
                elif piece.bit_count() > MAX_GROUP:
                    out.append(
                        f"{who(p)} {COLORS[c]} {_shapes_text(numbers)} touch each other: "
                        f"one turn colors at most {MAX_GROUP} connected shapes, and a "
                        "group may never touch another group of the same color"
                    )
    # finishing
    done = [p for p in range(n) if _has_finished(state, p)]
    for p in range(n):
        why = "window is full" if state.colored[p] == sheet.full else "circles are all filled"
        if p in done and p not in state.finished:
            out.append(f"{who(p)} {why}: that player has finished (list them in finished)")
        if p not in done and p in state.finished:
            out.append(
                f"{'you are' if solo else f'player {p + 1} is'} listed as finished, but "
                f"{'your' if solo else 'their'} window has uncolored shapes and "
                f"{state.circles_left(p)} circle{'s' if state.circles_left(p) != 1 else ''}"
                " left: a player finishes when the window is full or the circles are all "
                "filled"
            )
    # the pencils
    if not state.pool:
        out.append("no pencil is in the middle: when the last one is used they all return")
    if solo:
        out += _solo_problems(state)
    else:
        if (
            state.held >= 0
            or state.crossing
            or any(CROSSED in row for row in state.stars)
            or CROSSED in state.high
            or CROSSED in state.low
        ):
            out.append(
                "crossing off and holding back a pencil are solo rules: in a game of "
                "several players nothing is crossed off or held back"
            )
        out += _race_problems(state)
        if not state.is_terminal() and state.to_move in state.finished:
            out.append(
                f"it is player {state.to_move + 1}'s turn, but player "
                f"{state.to_move + 1} has finished: finished players take no more turns"
            )
    out += _count_problems(state)
    return out


def _completed(state: ColoringState, p: int, name: str) -> bool:
    return not state.sheet.section_mask[name] & ~state.colored[p]


def _race_problems(state: ColoringState) -> list[str]:
    """Several players: the first to complete a section takes its high value, the second its
    low value, later players nothing."""
    out = []
    for i, name in enumerate(SECTIONS):
        high, low = state.high[i], state.low[i]
        done = [p for p in range(state.num_players) if _completed(state, p, name)]
        for label, owner in (("high", high), ("low", low)):
            if owner >= 0 and owner not in done:
                out.append(
                    f"player {owner + 1} took the {name}'s {label} value without "
                    f"completing the {name} section"
                )
        if high >= 0 and high == low:
            out.append(
                f"player {high + 1} took both {name} values: the first to complete a "
                "section takes its high value, the second its low value"
            )
        if low >= 0 and high == OPEN:
            out.append(
                f"the {name}'s low value is taken while its high value is open: the "
                "first to complete a section takes the high value"
            )
        for p in done:
            if p in (high, low):
                continue
            if high == OPEN or low == OPEN:
                out.append(
                    f"player {p + 1} completed the {name} section but took no value of "
                    f"it while one was open: the first to complete it takes the high "
                    "value, the second the low"
                )
                break
    return out


def _solo_problems(state: ColoringState) -> list[str]:
    out = []
    if state.held >= 0 and state.pool >> state.held & 1:
        out.append(
            f"the {COLORS[state.held]} pencil is held back and in the middle at once: "
            "the last pencil used is not returned with the others"
        )
    if state.crossing:
        if state.held < 0 or state.pool != ALL_PENCILS & ~(1 << state.held):
            out.append(
                "a crossing off is due only when the pencils have just returned: all "
                "four in the middle and the last one used held back"
            )
        elif state.is_terminal():
            out.append("the game is over: nothing is crossed off any more")
    marked = [state.high[i] != OPEN for i in range(len(SECTIONS))]
    for i, name in enumerate(SECTIONS):
        high, low = state.high[i], state.low[i]
        if _completed(state, 0, name):
            if OPEN in (high, low):
                out.append(
                    f"the {name} section is complete: completing it scores every value "
                    "of it still open"
                )
            elif high == 0 and low == CROSSED:
                out.append(
                    f"the {name}'s low value is crossed off but its high value scored: "
                    "a low value is crossed off only after the high one"
                )
        else:
            if high == 0 or low == 0:
                out.append(f"a {name} value is scored but the {name} section is not complete")
        if low == CROSSED and high != CROSSED and not _completed(state, 0, name):
            out.append(
                f"the {name}'s low value is crossed off but not its high value: the high "
                "value is crossed off first"
            )
    if CROSSED in state.low and not all(marked):
        open_ = [SECTIONS[i] for i in range(len(SECTIONS)) if not marked[i]]
        out.append(
            f"a low value is crossed off while the {', '.join(open_)} section is not "
            "marked in any way: cross off high values first (ruling 6)"
        )
    if CROSSED in state.stars[0] and (OPEN in state.high or OPEN in state.low):
        out.append(
            "a star is crossed off while a section value is open: stars are crossed off "
            "only once no section value is left (ruling 6)"
        )
    return out


def _count_problems(state: ColoringState) -> list[str]:
    """Every turn takes a pencil and colors as many shapes and circles as there were pencils in
    the middle (fewer only when the last circles run out): the shapes and circles filled must
    add up to the pencils taken; solo, one scoring opportunity is crossed off at each return."""
    sheet = state.sheet
    pre = _union(sheet.precolored)
    work = sum(
        (state.colored[p] & ~pre).bit_count() + state.circles_used[p]
        for p in range(state.num_players)
    )
    ran_out = sum(1 for p in range(state.num_players) if state.circles_left(p) <= 0)
    slack = (MAX_GROUP - 1) * ran_out  # a player whose circles run out fills fewer
    left = state.pool.bit_count()
    later = state.solo and state.held >= 0  # solo after the first return: four pencils a round
    top = len(COLORS) - 1 if later else len(COLORS)
    per_round = sum(range(1, top + 1))
    base = sum(range(left + 1, top + 1)) + (15 if later else 0)
    if state.solo and not later:
        totals = [base]  # no return yet
    else:
        rounds = max(0, -(-(work - base) // per_round))  # the fewest rounds that could hold it
        totals = [base + per_round * r for r in (rounds - 1, rounds) if r >= 0]
    if not any(0 <= t - work <= slack for t in totals):
        shown = " or ".join(str(t) for t in totals)
        return [
            f"the sheets hold {work} colored shape{'s' if work != 1 else ''} and filled "
            f"circles, but with {left} pencil{'s' if left != 1 else ''} in the middle "
            f"{'and none held back ' if state.solo and not later else ''}they would hold "
            f"{shown}: each turn colors as many shapes (or circles) as there are pencils "
            "in the middle"
        ]
    if not state.solo:
        return []
    rounds = next(
        r
        for r, t in enumerate(range(base, base + per_round * (work // per_round + 2), per_round))
        if 0 <= t - work <= slack
    )
    returns = rounds + (1 if later else 0)
    crosses = state.high.count(CROSSED) + state.low.count(CROSSED) + state.stars[0].count(CROSSED)
    due = returns - (1 if state.crossing else 0)
    ok = due - 1 <= crosses <= due if state.is_terminal() else crosses == due
    if ok:
        return []
    return [
        f"{crosses} scoring opportunit{'y is' if crosses == 1 else 'ies are'} crossed off "
        f"after {returns} return{'s' if returns != 1 else ''} of the pencils: one is crossed "
        "off at each return (and a crossing off is due right after it)"
    ]
