"""Coloring in the Stained Glass: the rules (the rulebook, the rulings, and RULES.md here).

>>> import stainedglass as sg
>>> state = sg.load("coloring", players=2).new_game(seed=1)
>>> state.pencils()                  # all five pencils in the middle: color five shapes
['red', 'blue', 'green', 'yellow', 'purple']
>>> state.play("take red 1 2 3 4 5")
>>> state.pencils(), state.current_player
(['blue', 'green', 'yellow', 'purple'], 1)
>>> print(state.explain("take blue 1 2 3 4"))
Legal: Player 2 takes the blue pencil and colors 4 shapes blue (1, 2, 3, 4).

Public attributes a view needs (besides ``game.sheet``, see ``sheet.py``):

* ``state.paint[p][c]``: mask of player p's shapes of color index c (``COLORS[c]``), pre-coloured
  shapes included; ``state.color_of(p, number)`` gives a shape's color name or None;
* ``state.circles_used[p]`` of ``len(sheet.circles)``; ``state.pool`` (``state.pencils()``);
* ``state.high[s]`` / ``state.low[s]`` per section index (``SECTIONS``): ``OPEN``, ``CROSSED``
  (solo) or the player who took the value; ``state.stars[p][k]``: ``OPEN``, ``CROSSED`` (solo)
  or the points written in star k+1;
* ``state.finished``: players in the order they finished; ``state.crossing``: a solo cross-off
  decision is due; ``state.rating()``: the solo rating.
"""

from __future__ import annotations

import random
import re
from typing import Any, cast
from collections.abc import Sequence

import numpy as np

from ..core import (
    TERMINAL,
    Consequence,
    Facts,
    Game,
    IllegalMove,
    Move,
    Option,
    PuzzleRules,
    State,
    is_number,
    register,
)
from .consequences import consequences, projected_margin, projected_points, shares
from .position import StartPosition, apply_start, check_form, parse_start, problems
from .position import position as start_of
from .sheet import COLORS, MAX_GROUP, SECTION_VALUES, SECTIONS, SYMBOLS, Sheet, load_sheet

OPEN = -1
"""A section value or star nobody has marked yet."""
CROSSED = -2
"""A value or star crossed off (by another player's claim shown as the owner; solo: crossed)."""
ALL_PENCILS = (1 << len(COLORS)) - 1
SOLO_TARGET = 40
RATINGS: tuple[tuple[int, str], ...] = (  # (lowest score, name): the rulebook's table, named
    (0, "Not yet fit for the cathedral"),
    (40, "Apprentice glazier"),
    (51, "Journeyman glazier"),
    (61, "Master glazier"),
    (71, "Cathedral glazier"),
    (81, "Glazier to the king"),
)
_COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}


class Coloring(Move):
    """``take COLOR SHAPES [+K]``: take a pencil, color a set of shapes, fill K circles."""

    __slots__ = ("color", "mask", "circles")

    def __init__(self, color: int, mask: int, circles: int = 0) -> None:
        self.color = color
        self.mask = mask
        self.circles = circles
        self.key = ("take", color, mask, circles)
        self._hash = hash(self.key)

    @property
    def text(self) -> str:  # type: ignore[override]  # built on demand: thousands are listed
        words = ["take", COLORS[self.color]]
        m, i = self.mask, 1
        while m:
            if m & 1:
                words.append(str(i))
            m >>= 1
            i += 1
        if self.circles:
            words.append(f"+{self.circles}")
        return " ".join(words)


PASS = Move(("pass",), "pass")


def _cross(target: str) -> Move:
    return Move(("cross", target), f"cross {target}")


class _Tables:
    """Per sheet: a Move for every (pencil, connected set) pair, as object arrays by size."""

    _cache: dict[int, _Tables] = {}

    def __init__(self, sheet: Sheet) -> None:
        self.by_size: list[dict[int, np.ndarray]] = []
        for c in range(len(COLORS)):
            per: dict[int, np.ndarray] = {}
            for size, masks in sheet.group_masks.items():
                arr = np.empty(len(masks), dtype=object)
                arr[:] = [Coloring(c, m) for m in masks]
                per[size] = arr
            self.by_size.append(per)

    @classmethod
    def of(cls, sheet: Sheet) -> _Tables:
        t = cls._cache.get(id(sheet))
        if t is None:
            t = cls._cache[id(sheet)] = cls(sheet)
        return t


def _key(move: Move) -> tuple[Any, ...]:
    return cast(tuple[Any, ...], move.key)


def _names(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _shapes(numbers: list[int]) -> str:
    """``shape 4`` / ``shapes 1, 2 and 3``."""
    if len(numbers) == 1:
        return f"shape {numbers[0]}"
    return f"shapes {_names(numbers[:-1])} and {numbers[-1]}"


class ColoringState(State):
    """A position: every player's sheet, the pencils in the middle, the races and the crosses."""

    game: ColoringGame
    paint: list[list[int]]
    colored: list[int]
    touch: list[list[int]]
    circles_used: list[int]
    stars: list[list[int]]
    high: list[int]
    low: list[int]
    finished: list[int]
    pool: int
    to_move: int
    crossing: bool
    held: int
    """Solo: the pencil held back at the last return (an index of COLORS), or -1."""

    @property
    def sheet(self) -> Sheet:
        return self.game.sheet

    @property
    def solo(self) -> bool:
        return self.game.num_players == 1

    # ---- setup and snapshots -------------------------------------------------------------------

    def _setup(self, rng: random.Random) -> None:
        sheet = self.sheet
        n = self.num_players
        self.paint = [list(sheet.precolored) for _ in range(n)]
        pre = 0
        for m in sheet.precolored:
            pre |= m
        self.colored = [pre] * n
        self.touch = [[sheet.touching(m) for m in sheet.precolored] for _ in range(n)]
        self.circles_used = [0] * n
        self.stars = [[OPEN] * len(sheet.stars) for _ in range(n)]
        self.high = [OPEN] * len(SECTIONS)
        self.low = [OPEN] * len(SECTIONS)
        self.finished = []
        self.pool = ALL_PENCILS
        self.to_move = 0  # the last player to have been to a cathedral: player 1 (index 0)
        self.crossing = False
        self.held = -1
        self._legal_cache: list[Move] | None = None
        start: StartPosition | None = self.game.start
        if start is not None:
            apply_start(self, start)

    def _snapshot(self) -> Any:
        return (
            tuple(tuple(p) for p in self.paint),
            tuple(self.colored),
            tuple(tuple(t) for t in self.touch),
            tuple(self.circles_used),
            tuple(tuple(s) for s in self.stars),
            tuple(self.high),
            tuple(self.low),
            tuple(self.finished),
            self.pool,
            self.to_move,
            self.crossing,
            self.held,
        )

    def _restore(self, snap: Any) -> None:
        (
            paint,
            colored,
            touch,
            circles,
            stars,
            high,
            low,
            finished,
            self.pool,
            self.to_move,
            self.crossing,
            self.held,
        ) = snap
        self.paint = [list(p) for p in paint]
        self.colored = list(colored)
        self.touch = [list(t) for t in touch]
        self.circles_used = list(circles)
        self.stars = [list(s) for s in stars]
        self.high = list(high)
        self.low = list(low)
        self.finished = list(finished)
        self._legal_cache = None

    # ---- facts ---------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.to_move

    def pencils(self) -> list[str]:
        """The pencils in the middle, in the order red, blue, green, yellow, purple."""
        return [c for i, c in enumerate(COLORS) if self.pool >> i & 1]

    def color_of(self, player: int, number: int) -> str | None:
        """The color of shape ``number`` on ``player``'s sheet, or None."""
        self._check_player(player)
        bit = 1 << (number - 1)
        for c, m in enumerate(self.paint[player]):
            if m & bit:
                return COLORS[c]
        return None

    def allowed(self, player: int, color: int) -> int:
        """Shapes ``player`` may color with ``color``: uncolored, touching no shape of it."""
        return self.sheet.full & ~(self.colored[player] | self.touch[player][color])

    def can_color(self, player: int) -> bool:
        """Can ``player`` color at least one shape with some pencil in the middle?"""
        free = self.sheet.full & ~self.colored[player]
        touch = self.touch[player]
        pool = self.pool
        return any(pool >> c & 1 and free & ~touch[c] for c in range(len(COLORS)))

    def circles_left(self, player: int) -> int:
        return len(self.sheet.circles) - self.circles_used[player]

    # ---- one set at a time (for a board that builds a move shape by shape) --------------------

    def join_reason(self, color: str, chosen: Sequence[int], number: int) -> str | None:
        """Why shape ``number`` may not join the shapes ``chosen`` so far for the ``color``
        pencil, in the rules' words; None when it may. It asks about one shape, never lists the
        moves (an opening turn has about 19,000).

        >>> import stainedglass as sg
        >>> state = sg.load("coloring", players=2).new_game(seed=1)
        >>> state.join_reason("purple", [], 39)
        'shape 39 touches shape 38, already purple: a group may never touch another group of the same color'
        >>> state.join_reason("red", [1], 20)
        'shape 20 does not touch the shapes chosen (1): the shapes colored in one turn must be adjacent to each other'
        >>> state.join_reason("red", [1], 2) is None
        True
        """
        c = self._pencil(color)
        p = self.to_move
        sheet = self.sheet
        if not 1 <= number <= len(sheet.shapes):
            return f"there is no shape {number}: the shapes are numbered 1 to {len(sheet.shapes)}"
        if not self.pool >> c & 1:
            return f"the {color} pencil is not in the middle"
        need = self.pool.bit_count()
        chosen_mask = sheet.mask_of(chosen)
        bit = 1 << (number - 1)
        if bit & chosen_mask:
            return None
        if bit & self.colored[p]:
            return f"shape {number} is already colored"
        if bit & self.touch[p][c]:
            j = sheet.numbers(sheet.nbr[number - 1] & self.paint[p][c])[0]
            return (
                f"shape {number} touches shape {j}, already {color}: a group may never "
                "touch another group of the same color"
            )
        if chosen_mask.bit_count() >= need:
            return (
                f"{need} shape{'s are' if need > 1 else ' is'} chosen already: as many as "
                f"there are pencils in the middle"
            )
        if chosen_mask and not sheet.nbr[number - 1] & chosen_mask:
            return (
                f"shape {number} does not touch the shapes chosen "
                f"({_names(sheet.numbers(chosen_mask))}): the shapes colored in one turn "
                "must be adjacent to each other"
            )
        return None

    def largest_set(self, color: str) -> int:
        """How many shapes the ``color`` pencil must color now: the pencils in the middle, or
        fewer when no connected set of that many is allowed (rule 3)."""
        return self._best(self.to_move, self._pencil(color), self.pool.bit_count())[0]

    def coloring(self, color: str, chosen: Sequence[int]) -> Move:
        """The move that colors ``chosen`` with ``color``, with the circles that follow (checked
        as any move is, by ``play``)."""
        c = self._pencil(color)
        need = self.pool.bit_count()
        mask = self.sheet.mask_of(chosen)
        k = min(need - mask.bit_count(), self.circles_left(self.to_move))
        return Coloring(c, mask, max(0, k))

    def _pencil(self, color: str) -> int:
        if color not in COLORS:
            raise IllegalMove(f"{color!r} is not a pencil: the pencils are {', '.join(COLORS)}")
        return COLORS.index(color)

    def _best(self, player: int, color: int, need: int) -> tuple[int, list[int]]:
        """Largest allowed connected size (capped at ``need``) and, below ``need``, those sets."""
        allowed = self.allowed(player, color)
        if not allowed:
            return 0, [0]
        comps = self.sheet.components(allowed)
        size = comps[0].bit_count()
        if size >= need:
            return need, []
        return size, [m for m in comps if m.bit_count() == size]

    # ---- legal moves ---------------------------------------------------------------------------

    def _legal(self) -> list[Move]:
        if self._legal_cache is None:
            self._legal_cache = self._generate()
        return list(self._legal_cache)

    def _generate(self) -> list[Move]:
        p = self.to_move
        if self.crossing:
            return [_cross(t) for t in self._cross_targets()]
        # a player who can color nothing still takes a pencil and fills circles (rules 3 and 5:
        # only a player with no circles left passes, and that player has finished)
        sheet = self.sheet
        need = self.pool.bit_count()
        tables = _Tables.of(sheet).by_size
        moves: list[Move] = []
        for c in range(len(COLORS)):
            if not self.pool >> c & 1:
                continue
            allowed = self.allowed(p, c)
            idx = sheet.groups_within(allowed, need) if allowed else None
            if idx is not None and len(idx):
                moves += tables[c][need][idx].tolist()
            else:
                size, sets = self._best(p, c, need)
                k = min(need - size, self.circles_left(p))
                moves += [Coloring(c, m, k) for m in sets]
        return moves

    def cross_targets(self) -> list[str]:
        """Solo, when the pencils have just returned: what may be crossed off now (a section's
        name, or ``"star 3"``); otherwise nothing."""
        return self._cross_targets() if self.crossing else []

    def _cross_targets(self) -> list[str]:
        """Solo: what may be crossed off now (RULES.md, ruling 6)."""
        untouched = [
            s for i, s in enumerate(SECTIONS) if self.high[i] == OPEN and self.low[i] == OPEN
        ]
        if untouched:
            return untouched
        lows = [s for i, s in enumerate(SECTIONS) if self.low[i] == OPEN]
        if lows:
            return lows
        return [f"star {k + 1}" for k, v in enumerate(self.stars[0]) if v == OPEN]

    # ---- why a move is illegal ------------------------------------------------------------------

    def _illegal_reason(self, move: Move) -> str | None:
        p = self.to_move
        who = self._who(p)
        if self.crossing:
            if _key(move)[0] != "cross":
                return (
                    "the pencils have just returned: first cross off one scoring "
                    "opportunity (solo rule), e.g. " + f"'cross {self._cross_targets()[0]}'"
                )
            return self._cross_reason(_key(move)[1])
        if _key(move)[0] == "cross":
            if not self.solo:
                return "crossing off is a solo rule: in a game of several players nobody crosses"
            return "a scoring opportunity is crossed off only when the pencils return to the middle"
        if _key(move)[0] == "pass":
            left = self.circles_left(p)
            if self.can_color(p):
                c = next(c for c in range(len(COLORS)) if self.pool >> c & 1 and self.allowed(p, c))
                return (
                    f"{who} can still color a shape (with the {COLORS[c]} pencil, for one): "
                    "only a player who can color nothing and has no circles left passes"
                )
            return (
                f"{who} can color nothing, but {left} circle{'s' if left != 1 else ''} "
                f"{'are' if left != 1 else 'is'} left: take a pencil and fill circles "
                f"(e.g. 'take {self.pencils()[0]} +{min(left, self.pool.bit_count())}'); "
                "only a player with no circles left passes"
            )
        if not isinstance(move, Coloring):
            return f"{move} is not a move of Coloring in the Stained Glass"
        name = COLORS[move.color]
        if not self.pool >> move.color & 1:
            if self.solo and self.pool.bit_count() == len(COLORS) - 1:
                return (
                    f"the {name} pencil was the last one used and was not returned with the "
                    "others (solo rule): wait until all the pencils are returned"
                )
            return f"the {name} pencil is not in the middle: it was taken this round"
        need = self.pool.bit_count()
        sheet, mask = self.sheet, move.mask
        count = mask.bit_count()
        if count > need:
            return (
                f"there {'is' if need == 1 else 'are'} {need} pencil{'s' if need > 1 else ''}"
                f" in the middle: color exactly {need} shape{'s' if need > 1 else ''}, "
                f"not {count}"
            )
        done = mask & self.colored[p]
        if done:
            return (
                f"{_shapes(sheet.numbers(done))} "
                f"{'are' if done.bit_count() > 1 else 'is'} already colored"
            )
        if mask and not sheet.is_connected(mask):
            parts = sheet.components(mask)
            apart = sheet.numbers(mask & ~parts[0])
            return (
                f"{_shapes(apart)} {'is' if len(apart) == 1 else 'are'} not connected to "
                f"{_shapes(sheet.numbers(parts[0]))}: the shapes colored in one turn must "
                "be adjacent to each other"
            )
        bad = mask & self.touch[p][move.color]
        if bad:
            i = sheet.numbers(bad)[0]
            j = sheet.numbers(sheet.nbr[i - 1] & self.paint[p][move.color])[0]
            return (
                f"shape {i} touches shape {j}, already {name}: a group may never touch "
                f"another group of the same color"
            )
        if count == need:
            if move.circles:
                return (
                    "all the shapes are colored on the window: circles are filled only "
                    "for shapes that cannot be colored"
                )
            return None
        size, _ = self._best(p, move.color, need)
        if size > count:
            what = f"exactly {need}" if size == need else f"the largest group ({size} shapes)"
            return (
                f"a connected group of {size} shape{'s' if size > 1 else ''} can be colored "
                f"{name}: color {what}, not {count}; circles only for the shapes that cannot "
                "be colored"
            )
        k = min(need - count, self.circles_left(p))
        if move.circles != k:
            left = self.circles_left(p)
            extra = f" ({left} left: fill them all)" if left < need - count else ""
            return (
                f"{need} pencils counted, {count} shape{'s' if count != 1 else ''} colored: "
                f"fill {k} circle{'s' if k != 1 else ''}, not {move.circles}{extra}"
            )
        return None

    def _cross_reason(self, target: str) -> str | None:
        targets = self._cross_targets()
        if target in targets:
            return None
        if target.startswith("star"):
            k = int(target.split()[1])
            if k > len(self.stars[0]):
                return f"there is no star {k}: the stars are numbered 1 to {len(self.stars[0])}"
            if self.stars[0][k - 1] != OPEN:
                return f"star {k} is already {'crossed off' if self.stars[0][k - 1] == CROSSED else 'scored'}"
            return (
                "a star is crossed off only once no section value is left to cross off "
                f"(now: {', '.join(targets)})"
            )
        i = SECTIONS.index(target)
        if self.high[i] != OPEN and self.low[i] != OPEN:
            return f"both {target} values are already crossed off or scored"
        return (
            f"the {target} section is already marked: cross off the high value of a section "
            f"not marked in any way yet ({', '.join(targets)})"
        )

    # ---- playing -------------------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        self._legal_cache = None
        p = self.to_move
        kind = _key(move)[0]
        if kind == "cross":
            self._apply_cross(_key(move)[1])
            self.crossing = False
            self._after_solo_turn()
            return
        assert isinstance(move, Coloring)
        sheet = self.sheet
        c, mask = move.color, move.mask
        self.pool &= ~(1 << c)
        self.paint[p][c] |= mask
        self.colored[p] |= mask
        self.touch[p][c] |= sheet.touching(mask)
        self.circles_used[p] += move.circles
        self._score(p, mask)
        if p not in self.finished and (self.colored[p] == sheet.full or self.circles_left(p) <= 0):
            self.finished.append(p)
        returned = self.pool == 0
        if returned:  # the last pencil: they all return (solo: all but the one just used)
            self.pool = ALL_PENCILS & ~(1 << c) if self.solo else ALL_PENCILS
            self.held = c if self.solo else -1
        if self.solo:
            if returned and not self._solo_over():
                self.crossing = True
            else:
                self._after_solo_turn()
        else:
            self._next_player(p)

    def _score(self, p: int, mask: int) -> None:
        sheet = self.sheet
        colored = self.colored[p]
        for i, name in enumerate(SECTIONS):
            sec = sheet.section_mask[name]
            if sec & mask and not sec & ~colored:
                if self.solo:  # both values, if still open
                    if self.high[i] == OPEN:
                        self.high[i] = p
                    if self.low[i] == OPEN:
                        self.low[i] = p
                elif self.high[i] == OPEN:
                    self.high[i] = p
                elif self.low[i] == OPEN:
                    self.low[i] = p
        for k, around in enumerate(sheet.star_mask):
            if around & mask and not around & ~colored and self.stars[p][k] == OPEN:
                self.stars[p][k] = min(4, sum(1 for m in self.paint[p] if m & around))

    def _apply_cross(self, target: str) -> None:
        if target.startswith("star"):
            self.stars[0][int(target.split()[1]) - 1] = CROSSED
            return
        i = SECTIONS.index(target)
        if self.high[i] == OPEN:
            self.high[i] = CROSSED
        else:
            self.low[i] = CROSSED

    def _solo_over(self) -> bool:
        """Solo end: finished, or every section value and star scored or crossed off."""
        return bool(self.finished) or (
            OPEN not in self.high and OPEN not in self.low and OPEN not in self.stars[0]
        )

    def _after_solo_turn(self) -> None:
        """Solo: play on until the player has finished or nothing is left to score (rule 9)."""
        self.to_move = TERMINAL if self._solo_over() else 0

    def _next_player(self, p: int) -> None:
        """The next player who has not finished; the end once every player has (rule 5: a
        player who could pass, with no circles left, has finished already)."""
        n = self.num_players
        if len(self.finished) == n:
            self.to_move = TERMINAL
            return
        for step in range(1, n + 1):
            q = (p + step) % n
            if q not in self.finished:
                self.to_move = q
                return

    # ---- scores --------------------------------------------------------------------------------

    def section_points(self, player: int) -> int:
        total = 0
        for i, name in enumerate(SECTIONS):
            hi, lo = SECTION_VALUES[name]
            total += (hi if self.high[i] == player else 0) + (lo if self.low[i] == player else 0)
        return total

    def star_points(self, player: int) -> int:
        return sum(v for v in self.stars[player] if v > 0)

    def scores(self) -> list[int]:
        """Sections + stars + one point per unused circle, for each player."""
        return [
            self.section_points(p) + self.star_points(p) + self.circles_left(p)
            for p in range(self.num_players)
        ]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("returns(): the game is not over")
        scores = self.scores()
        if self.solo:
            return [1.0 if scores[0] >= SOLO_TARGET else 0.0]
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        done = [p for p in self.finished if p in tied]
        winners = [done[0]] if done else tied  # tie: the first to finish; else shared
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    def rating(self) -> str:
        """Solo: the band of the rulebook's table (40-50 ... 81-90) the score falls in."""
        score = self.scores()[0]
        return [name for low, name in RATINGS if score >= low][-1]

    def evaluate(self) -> list[float]:
        """Points so far plus half the value of sections and stars still within reach
        (``projected_points``), as shares of the win."""
        if self.is_terminal():
            return self.returns()
        return shares(projected_points(self), self.solo, SOLO_TARGET)

    def projected_margin(self, player: int) -> float:
        """The final margin in points the position promises: the points so far plus half the
        value of the sections and stars still within reach, less the best other player's
        (solo: less the target, 40)."""
        self._check_player(player)
        return projected_margin(self, player, SOLO_TARGET)

    def _consequences(self, move: Move) -> list[Consequence]:
        """Stars surrounded, sections completed or near it, circles filled, the pencils left
        to the others (consequences.py)."""
        return consequences(self, move)

    # ---- notation ------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``take red 12 13 17 18 19``, ``take red 12 13 +3``, ``pass``, ``cross heart``,
        ``cross star 3``."""
        if not isinstance(text, str):
            raise IllegalMove(f"{text!r} is not a move")
        words = text.lower().split()
        if words == ["pass"]:
            return PASS
        if not words or words[0] not in ("take", "cross"):
            raise IllegalMove(
                f"{text!r} is not a move: moves are 'take red 12 13 17', "
                "'take red 12 +3', 'pass', 'cross heart' or 'cross star 3'"
            )
        if words[0] == "cross":
            rest = words[1:]
            if len(rest) == 1 and rest[0] in SECTIONS:
                return _cross(rest[0])
            if len(rest) == 2 and rest[0] == "star" and is_number(rest[1]) and int(rest[1]) >= 1:
                return _cross(f"star {int(rest[1])}")
            raise IllegalMove(
                f"{text!r}: cross off a section ({', '.join(SECTIONS)}) or a star ('cross star 3')"
            )
        if len(words) < 2 or words[1] not in _COLOR_INDEX:
            raise IllegalMove(f"{text!r}: take a pencil: {', '.join(COLORS)}")
        color = _COLOR_INDEX[words[1]]
        rest = words[2:]
        circles = 0
        if rest and rest[-1].startswith("+"):
            k = rest.pop()[1:]
            if not is_number(k) or not 1 <= int(k) <= MAX_GROUP:
                raise IllegalMove(f"{text!r}: circles are written +1 to +{MAX_GROUP}")
            circles = int(k)
        n = self.sheet.n
        mask = 0
        for w in rest:
            if not is_number(w) or not 1 <= int(w) <= n:
                raise IllegalMove(f"{w!r} is not a shape: the shapes are numbered 1 to {n}")
            bit = 1 << (int(w) - 1)
            if mask & bit:
                raise IllegalMove(f"{text!r} names shape {int(w)} twice: name each shape once")
            mask |= bit
        if not mask and not circles:
            raise IllegalMove(f"{text!r}: name the shapes to color (or the circles to fill)")
        if mask.bit_count() + circles > MAX_GROUP:
            raise IllegalMove(f"{text!r}: at most {MAX_GROUP} shapes and circles in one turn")
        if not circles:
            tables = _Tables.of(self.sheet).by_size[color].get(mask.bit_count())
            found = self.sheet.group_index(mask) if tables is not None else None
            if tables is not None and found is not None:
                return cast(Move, tables[found])  # the listed Move object itself
        return Coloring(color, mask, circles)

    # ---- words ---------------------------------------------------------------------------------

    def _who(self, p: int) -> str:
        return "you" if self.solo else f"player {p + 1}"

    def _whose(self, p: int) -> str:
        return "your" if self.solo else f"player {p + 1}'s"

    def _name(self, move: Move) -> str:
        """ "the green pencil on shapes 23, 39 and 54", "crossing off star 3"."""
        if _key(move)[0] == "cross":
            target = _key(move)[1]
            if target.startswith("star"):
                return f"crossing off {target}"
            which = ("high", "low")[0 if self.high[SECTIONS.index(target)] == OPEN else 1]
            return f"crossing off the {target} section's {which} value"
        assert isinstance(move, Coloring)
        numbers = self.sheet.numbers(move.mask)
        words = f"the {COLORS[move.color]} pencil on {_shapes(numbers) if numbers else 'no shape'}"
        if move.circles:
            words += f", filling {move.circles} circle{'s' if move.circles > 1 else ''}"
        return words

    def _describe(self, move: Move) -> str:
        p = self.to_move
        who = self._who(p).capitalize()
        s = "" if self.solo else "s"  # "you take", "player 2 takes"
        if _key(move)[0] == "cross":
            target = _key(move)[1]
            if target.startswith("star"):
                return f"{who} cross{'es' if s else ''} off {target}: it can no longer score."
            i = SECTIONS.index(target)
            which = 0 if self.high[i] == OPEN else 1
            value = SECTION_VALUES[target][which]
            return (
                f"{who} cross{'es' if s else ''} off the {target}'s {('high', 'low')[which]}"
                f" value ({value}): it can no longer be scored."
            )
        assert isinstance(move, Coloring)
        after = self.clone()
        after._apply(move)
        name = COLORS[move.color]
        numbers = self.sheet.numbers(move.mask)
        parts = [f"{who} take{s} the {name} pencil and color{s}"]
        if numbers:
            parts[0] += (
                f" {len(numbers)} shape{'s' if len(numbers) > 1 else ''} {name} ({_names(numbers)})"
            )
        else:
            parts[0] += " nothing (no shape can take it)"
        if move.circles:
            parts.append(
                f"fills {move.circles} circle{'s' if move.circles > 1 else ''} "
                f"(-{move.circles} at the end)"
            )
        for i, sec in enumerate(SECTIONS):
            gained = [
                (label, val)
                for label, val, before, now in (
                    ("high", SECTION_VALUES[sec][0], self.high[i], after.high[i]),
                    ("low", SECTION_VALUES[sec][1], self.low[i], after.low[i]),
                )
                if before == OPEN and now == p
            ]
            if gained:
                total = sum(v for _, v in gained)
                how = " and ".join(label for label, _ in gained)
                parts.append(f"completes the {sec} section: +{total} ({how} value)")
            elif (
                self.sheet.section_mask[sec] & move.mask
                and not self.sheet.section_mask[sec] & ~after.colored[p]
            ):
                parts.append(f"completes the {sec} section, but both its values are gone")
        for k, (b, a) in enumerate(zip(self.stars[p], after.stars[p])):
            if b == OPEN and a >= 0:
                parts.append(f"surrounds star {k + 1}: +{a}")
        if self.pool.bit_count() == 1:
            parts.append(
                "the pencils return to the middle"
                + (
                    f" (all but {name}); a scoring opportunity must be crossed off"
                    if self.solo and after.crossing
                    else ""
                )
            )
        if p in after.finished and p not in self.finished:
            parts.append(
                "finishes the window"
                if after.colored[p] == self.sheet.full
                else "fills the last circle: finished"
            )
        return ", ".join(parts) + "."

    def observation(self, player: int) -> np.ndarray:
        """What ``player`` sees, as ``game.observation_size`` numbers (for ``n`` shapes and
        ``s`` stars, ``20 n + 4 s + 83``; 1,323 on the rose window). Seats count from the player
        (a seat no one sits in is all zeros). For each seat and each of the five pencils, the
        shapes it has colored (1 a shape); per seat the circles filled (a share), each star's
        value (/4) and whether the seat has finished; each section's high and low value: open,
        crossed off, or taken by one of the four seats; the pencils in the pool, the pencil
        held back (solo), a crossing off due, and whose turn it is.

        >>> import stainedglass as sg
        >>> sg.load("coloring").new_game(seed=1).observation(0).shape
        (1323,)
        """
        self._check_player(player)
        sheet = self.sheet
        n, k = sheet.n, len(sheet.stars)
        seats = [
            (player + j) % self.num_players if j < self.num_players else None for j in range(4)
        ]
        paint = np.zeros((4, len(COLORS), n), dtype=np.float32)
        per_seat = np.zeros((4, 2 + k), dtype=np.float32)
        # every seat's pencils' shapes at once (the seats at the table come first)
        width = (n + 7) // 8
        masks = [m for q in seats if q is not None for m in self.paint[q]]
        raw = b"".join(m.to_bytes(width, "little") for m in masks)
        bits = np.unpackbits(
            np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), width), axis=1, bitorder="little"
        )[:, :n]
        paint[: len(masks) // len(COLORS)] = bits.reshape(-1, len(COLORS), n)
        at_table = [q for q in seats if q is not None]
        here = len(at_table)
        circles = max(1, len(sheet.circles))
        per_seat[:here, 0] = [self.circles_used[q] / circles for q in at_table]
        per_seat[:here, 1] = [q in self.finished for q in at_table]
        if k:
            stars = np.array([self.stars[q] for q in at_table], dtype=np.float64)
            per_seat[:here, 2:] = np.maximum(stars, 0) / 4
        sections = np.zeros((len(SECTIONS), 2, 6), dtype=np.float32)
        for i in range(len(SECTIONS)):
            for h, v in enumerate((self.high[i], self.low[i])):
                slot = 0 if v == OPEN else 1 if v == CROSSED else 2 + seats.index(v)
                sections[i, h, slot] = 1.0
        pool = [float(self.pool >> c & 1) for c in range(len(COLORS))]
        held = [float(self.held == c) for c in range(len(COLORS))]
        turn = [float(self.to_move == q) for q in seats]
        return np.concatenate(
            [
                paint.ravel(),
                per_seat.ravel(),
                sections.ravel(),
                np.array([*pool, *held, self.crossing, *turn], dtype=np.float32),
            ]
        )

    def __str__(self) -> str:
        sheet = self.sheet
        lines = []
        for p in range(self.num_players):
            head = "Sheet" if self.solo else f"Player {p + 1}"
            circles = "o" * self.circles_left(p) + "x" * self.circles_used[p]
            status = " (finished)" if p in self.finished else ""
            lines.append(f"{head}: {self.scores()[p]} points, circles {circles}{status}")
            rows: dict[str, list[str]] = {}
            for s in sheet.shapes:
                col = self.color_of(p, s.number)
                cell = f"{s.number}{col[0].upper() if col else '.'}"
                rows.setdefault(SYMBOLS.get(s.symbol or "", "-"), []).append(cell)
            for sym, cells in rows.items():
                lines.append(f"  {sym} " + " ".join(cells))
            stars = " ".join(
                f"{k + 1}:{'x' if v == CROSSED else '.' if v == OPEN else v}"
                for k, v in enumerate(self.stars[p])
            )
            lines.append(f"  stars {stars}")
        sections = []
        for i, name in enumerate(SECTIONS):
            marks = []
            for val, owner in zip(SECTION_VALUES[name], (self.high[i], self.low[i])):
                marks.append(
                    f"{val}"
                    if owner == OPEN
                    else f"{val}x"
                    if owner == CROSSED
                    else f"{val}:P{owner + 1}"
                )
            sections.append(f"{SYMBOLS[name]} {'/'.join(marks)}")
        lines.append("Sections: " + "  ".join(sections))
        lines.append("Pencils in the middle: " + (", ".join(self.pencils()) or "none"))
        if self.is_terminal():
            lines.append("Game over" + (f": {self.rating()}" if self.solo else ""))
        elif self.crossing:
            lines.append("Cross off a scoring opportunity")
        else:
            lines.append(f"{'Your' if self.solo else f'Player {self.to_move + 1}'} turn")
        lines.append("Colors: R red, B blue, G green, Y yellow, P purple, . uncolored")
        return "\n".join(lines)


def _players(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 4:
        raise ValueError(f"must be 1 (solo) to 4, not {v!r}")
    return v


def _sheet(v: Any) -> Any:
    if v is not None and not isinstance(v, (str, dict)):
        raise ValueError("must be a sheet file name or a mapping (see sheet.py)")
    load_sheet(v)  # validated now: a bad sheet is a ValueError saying where
    return v


@register
class ColoringGame(Game):
    """Coloring in the Stained Glass for 1 to 4 players (1: the solo game). ``sheet=`` a custom
    sheet (a JSON file name or a mapping)."""

    name = "coloring"
    title = "Coloring in the Stained Glass"
    facts = Facts(
        chance=False,
        hidden_information=False,
        min_players=1,
        max_players=4,
        lower_is_better=False,
        player_names=("Player 1", "Player 2", "Player 3", "Player 4"),
        player_colours=("gold", "silver", "copper", "bronze"),
        hint_bot="coloring",
        hint_bot_by_players=((1, "alphabeta"),),  # benchmarks/STRENGTH.md
        best_move_words="the best pencil and shapes",
    )
    options = {
        "players": Option(2, "1 (solo) to 4 players", _players),
        "sheet": Option(
            None, "a custom sheet: a JSON file name or a mapping (default: the rose window)", _sheet
        ),
        "start": Option(
            None,
            "a position to start from (the position editor, tests): see position.py",
            check_form,
        ),
    }
    state_class = ColoringState
    variants = [{"players": 1}, {"players": 2}, {"players": 3}, {"players": 4}]

    max_words = 1 + MAX_GROUP  # the pencil, then up to five shapes (the circles one word)

    def _prepare(self) -> None:
        self.sheet: Sheet = load_sheet(self.settings["sheet"])
        sheet = self.sheet
        # every take colors a shape or fills a circle, and a player who passes has finished;
        # solo, the crossings off: two values a section and the stars
        self.max_plays = (
            self.num_players * (sheet.n + len(sheet.circles) + 1)
            + 2 * len(SECTIONS)
            + len(sheet.stars)
        )
        self.observation_size = 20 * sheet.n + 4 * len(sheet.stars) + 83
        self.start: StartPosition | None = None
        if self.settings["start"] is not None:
            try:
                self.start = parse_start(self.settings["start"], sheet, self.num_players)
            except ValueError as e:
                raise ValueError(f"{self.name}: option start= {e}") from None

    # ---- positions set up by hand --------------------------------------------------------------

    def position(self, state: State) -> dict[str, Any]:
        """The ``start=`` mapping of ``state`` (see position.py): every player's colors and
        circles, the pencils in the middle, the section values taken, who has finished, whose
        turn; solo also the pencil held back, the crossings off and a crossing off due."""
        assert isinstance(state, ColoringState)
        return start_of(state)

    def validate(self, state: State) -> None:
        """Refuse, in the rules' words, a position no game could reach (RULES.md, "Setting up
        a position"): the first reason only; :func:`position.problems` lists them all."""
        assert isinstance(state, ColoringState)
        found = problems(state)
        if found:
            more = len(found) - 1
            raise ValueError(
                found[0] + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")
            )

    puzzle_rules = PuzzleRules(playouts=200, margin=0.15, first_ply=4)

    def margin_words(self, margin: float) -> str:
        """Points ahead or behind; solo, against the target (40).

        >>> sg_load = __import__("stainedglass").load
        >>> sg_load("coloring", players=1).margin_words(-3.2)
        '3 points below the target of 40'
        """
        if self.num_players > 1:
            return super().margin_words(margin)
        n = round(margin)
        if n == 0:
            return "right at the target of 40"
        side = "above" if n > 0 else "below"
        return f"{abs(n)} point{'s' if abs(n) != 1 else ''} {side} the target of {SOLO_TARGET}"

    def puzzle_theme(self, state: State, best: Move, rival: Move) -> str:
        """ "complete the rose section first (+5)", "surround star 2 (+4)", "fill the last
        circle", "save your circles", "color 5 shapes at once", "bring the club section to 1 shape short of +9" or "leave the
        yellow pencil to player 1": what the take brings about, never the take again."""
        assert isinstance(state, ColoringState)
        mine, other = state.explain(best).words, state.explain(rival).words
        for pattern, theme in (
            (r"completes the (\w+) section: \+(\d+)", "complete the {0} section first (+{1})"),
            (r"surrounds star (\d+): \+(\d+)", "surround star {0} (+{1})"),
            (r"finishes the window", "finish the window"),
            (r"fills the last circle", "fill the last circle"),
            (r"cross(?:es)? off (the )?(\S+)", "cross off the right one"),
        ):
            found = re.search(pattern, mine)
            if found and found.group(0) not in other:
                return theme.format(*found.groups())
        if isinstance(best, Coloring) and isinstance(rival, Coloring):
            if best.circles < rival.circles:
                return "save your circles"
            if best.mask.bit_count() > rival.mask.bit_count():
                return f"color {best.mask.bit_count()} shapes at once"
            theirs = {c.words for c in state.consequences(rival)}
            for fact in state.consequences(best):  # what the take brings about, not the take
                if fact.words not in theirs and fact.kind in ("near", "pencils"):
                    return re.sub(
                        r"^leaves the (\w+) section ", r"bring the \1 section to ", fact.words
                    ).replace("leaves ", "leave ", 1)
            return "keep the better pencils for later"
        return "the right move"

    def action_words(self) -> tuple[str, ...]:
        """A take is spelt in words: ``take red``, then its shapes one number at a time, then
        ``+3`` for circles; ``pass`` and each crossing off are one word."""
        return (
            ("pass",)
            + tuple(f"cross {s}" for s in SECTIONS)
            + tuple(f"cross star {k + 1}" for k in range(len(self.sheet.stars)))
            + tuple(f"take {c}" for c in COLORS)
            + tuple(str(i + 1) for i in range(self.sheet.n))
            + tuple(f"+{k}" for k in range(1, MAX_GROUP + 1))
        )

    def move_words(self, move: Move) -> tuple[str, ...]:
        words = str(move).split()
        if words[0] == "take":
            return (f"take {words[1]}", *words[2:])
        return (str(move),)
