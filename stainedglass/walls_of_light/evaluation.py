"""Walls of Light: how good a position looks to each player (``state.evaluate()``), for the
bots' searches. Points so far, the points the glass already promises, the window bonuses in reach,
cards and winks, turned into shares of the win.

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
>>> shares = evaluate(state)
>>> round(sum(shares), 9), all(0.3 < share < 0.7 for share in shares)  # nothing placed yet
(1.0, True)
"""

from __future__ import annotations

import math
from typing import Protocol
from collections.abc import Callable, Iterable

from .moves import ALL_DICE, CELLS, ROLL_CHANCES, WMove
from .panes import SHOWN
from .windows import PRIMARIES, Face


class Position(Protocol):
    """What the evaluation reads of a position (``WallsOfLightState`` has all of it)."""

    score: tuple[int, ...]
    supply: list[int]
    cells: list[int]
    windows: tuple[tuple[Face, Face], ...]
    side: list[int]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    cubes: tuple[bool, ...]
    dice: tuple[int, int, int] | None
    reroll: tuple[int, ...]
    to_move: int
    placements_left: int
    pending_draws: tuple[int, ...]

    @property
    def phase(self) -> str: ...
    def colors_of(self, player: int) -> tuple[int, ...]: ...
    def shares_of_win(self, cards: list[int]) -> list[float]: ...
    def returns(self) -> list[float]: ...


# how sure a pane's points are per space still missing in its window; what a card
# in hand and a wink in supply (up to 4) are worth in points; the softness of the shares
_KEEP = 0.85
_CARD = 1.0
_SUPPLY = 0.1
_TEMPERATURE, _TEMPERATURE_PER_POSITION = 3.0, 1.2
_KEEP_POWERS = [_KEEP**k for k in range(17)]  # by the spaces still missing in a window
_ROLLS_A_WINDOW = 91 / 216  # the chance that at least one of three dice shows a given number


def _windows_shown(numbers: Iterable[int]) -> int:
    """The windows these die ``numbers`` show, as a bit mask (window 1 the lowest bit)."""
    return sum(1 << (w - 1) for w in set(numbers))


def _windows_rolled(outcomes: list[tuple[WMove, float]]) -> list[tuple[tuple[int, float], ...]]:
    """For each bit mask of windows, the chance of each part of it that a throw with these
    ``outcomes`` (``ROLL_CHANCES``) shows: ``[mask] -> ((shown & mask, chance), ...)``."""
    shown: dict[int, float] = {}
    for move, chance in outcomes:
        key = _windows_shown(value for _, value in move.a)
        shown[key] = shown.get(key, 0.0) + chance
    out = []
    for mask in range(64):
        parts: dict[int, float] = {}
        for key, chance in shown.items():
            parts[key & mask] = parts.get(key & mask, 0.0) + chance
        out.append(tuple(sorted(parts.items())))
    return out


_ROLLED = {dice: _windows_rolled(chances) for dice, chances in ROLL_CHANCES.items()}
"""By the dice thrown (all three, or those Roll Again rerolls): ``_windows_rolled``."""


def evaluate(state: Position) -> list[float]:
    """Each player's points so far plus what the board promises them, as shares of the win
    that sum to 1 (exact at the end):

    * a space showing a player's color pays 2 (and a "+1" space 1 more) when its window is
      completed: counted at ``_KEEP ** missing`` (the fewer spaces missing, the surer);
    * a window one space short pays its completer 2 per color: to the player to move if
      the dice let them fill it now, else to whoever first rolls its number, in turn order
      from the next player (``_completers``: the chance each player does it first);
    * a bonus further off is anybody's; cards in hand and winks in supply count a little.

    The shares sharpen as the game nears its end (fewer positions without a cube). Where
    chance comes next, the estimate is the mean of those after each of its outcomes: before
    a roll (or the reroll of Roll Again), over the dice (they change only which windows one
    space short are in the mover's reach); before a card is drawn, the card counts in its
    drawer's hand whatever it is.
    """
    if state.phase == "over":
        return state.returns()
    return _estimate(state, True)


def points(state: Position) -> list[float]:
    """What ``evaluate()`` adds up before it turns points into shares of the win: each
    player's points so far and those the board promises them (the same parts), in points.
    Before a roll, the mean over the dice of the points after it. At the end, the scores, with
    a hundredth of a point per card in hand (rule 8's tie-break).

    >>> import stainedglass as sg
    >>> state = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
    >>> [round(v, 1) for v in points(state)]
    [17.3, 17.6]
    """
    if state.phase == "over":
        return [s + 0.01 * sum(h) for s, h in zip(state.score, state.hands)]
    return _estimate(state, False)


def _estimate(state: Position, shares: bool) -> list[float]:
    """``evaluate()`` (``shares``) or ``points()`` of a position short of the end."""
    finish = _shares if shares else _points
    value, short, able = _board(state)
    phase, to_move = state.phase, state.to_move
    if phase == "draw":  # the cards owed are drawn; then the turn goes on, or the next
        owed = state.pending_draws[: sum(state.pile) + sum(state.discard)]
        for p in owed:
            value[p] += _CARD
        if all(state.cubes):  # rule 8: the game ends once they are drawn
            cards = [sum(hand) for hand in state.hands]
            for p in owed:
                cards[p] += 1
            if not shares:
                return [s + 0.01 * c for s, c in zip(state.score, cards)]
            return state.shares_of_win(cards)
        if not state.placements_left:
            phase, to_move = "roll", (to_move + 1) % len(value)
    if not short:
        return finish(state.cubes, value)
    if phase == "roll":
        return _mean_over_roll(state, value, short, able, to_move, ALL_DICE, 1, finish)
    if phase == "reroll":
        return _mean_over_roll(
            state, value, short, able, to_move, state.reroll, state.placements_left, finish
        )
    mover = to_move if state.placements_left > 0 and able[to_move] else -1
    rolled = _windows_shown(state.dice or ())
    _give_short(value, short, able, mover, rolled, state.placements_left, to_move + 1)
    return finish(state.cubes, value)


def _board(state: Position) -> tuple[list[float], list[tuple[int, frozenset[int]]], list[bool]]:
    """What ``evaluate()`` adds up but for the windows one space short: each player's
    points, promises, shares of the bonuses further off, cards and winks; those windows
    (position and colors showing); and who has winks to place."""
    n = len(state.score)
    value = [float(s) for s in state.score]
    supply = state.supply
    able = [any(map(supply.__getitem__, state.colors_of(p))) for p in range(n)]
    short: list[tuple[int, frozenset[int]]] = []
    cells, windows, side = state.cells, state.windows, state.side
    for pos in range(6):
        face = windows[pos][side[pos]]
        base = pos * CELLS
        key = tuple(cells[base : base + CELLS])
        glass = face.memo.get(key)
        if glass is None:
            glass = _glass(face, key)
        missing, promises, colors = glass
        for p, points in promises:
            if p < n:
                value[p] += points
        if missing == 1:
            short.append((pos, colors))
        else:
            share = 2 * (len(colors) + 1) * _KEEP_POWERS[missing] / n
            for p in range(n):
                value[p] += share
    hands = state.hands
    for p in range(n):
        value[p] += _CARD * sum(hands[p]) + _SUPPLY * min(supply[p], 4)
    return value, short, able


def _give_short(
    value: list[float],
    short: list[tuple[int, frozenset[int]]],
    able: list[bool],
    mover: int,
    rolled: int,
    placements: int,
    first: int,
) -> None:
    """Add to ``value`` the bonuses of the windows one space short: the ``mover`` fills
    the biggest ``placements`` of those whose number is in the ``rolled`` bit mask (window
    1 the lowest bit); each other goes to whoever first rolls its number from ``first``."""
    n = len(value)
    chain: list[float] | None = None
    in_reach: list[int] = []
    for pos, colors in short:
        if mover >= 0 and rolled >> pos & 1:
            in_reach.append(2 * (len(colors) + (mover not in colors)))
            continue
        if chain is None:
            chain = _completers(able, first)
        for p in range(n):
            value[p] += chain[p] * 2 * (len(colors) + (p not in colors))
    if in_reach:  # the mover fills what this turn's placements allow, the biggest first
        in_reach.sort(reverse=True)
        for i, bonus in enumerate(in_reach):
            if i < placements:
                value[mover] += bonus
            else:
                if chain is None:
                    chain = _completers(able, first)
                for p in range(n):
                    value[p] += chain[p] * bonus


def _mean_over_roll(
    state: Position,
    value: list[float],
    short: list[tuple[int, frozenset[int]]],
    able: list[bool],
    player: int,
    thrown: tuple[int, ...],
    placements: int,
    finish: Callable[[tuple[bool, ...], list[float]], list[float]],
) -> list[float]:
    """``evaluate()`` before ``player`` throws the dice ``thrown`` (the others keep their
    values): the mean over the throws of the estimate after it, grouped by which of the
    windows one space short the dice show."""
    mover = player if able[player] else -1
    dice = state.dice or (0, 0, 0)
    kept = _windows_shown(dice[d] for d in range(3) if d not in thrown)
    mask = sum(1 << pos for pos, _ in short) if mover >= 0 else 0
    mean = [0.0] * len(value)
    for shown, chance in _ROLLED[thrown][mask]:
        after = list(value)  # after the throw, the mover has had their chance: next, first
        _give_short(after, short, able, mover, shown | kept, placements, player + 1)
        for p, share in enumerate(finish(state.cubes, after)):
            mean[p] += chance * share
    return mean


def _points(cubes: tuple[bool, ...], value: list[float]) -> list[float]:
    """Points as they are (``points()``)."""
    return value


def _shares(cubes: tuple[bool, ...], value: list[float]) -> list[float]:
    """Points to shares of the win: a softmax, sharper as fewer positions lack a cube."""
    temperature = _TEMPERATURE + _TEMPERATURE_PER_POSITION * cubes.count(False)
    top = max(value)
    weights = [math.exp((v - top) / temperature) for v in value]
    total = sum(weights)
    return [w / total for w in weights]


def _completers(able: list[bool], first: int) -> list[float]:
    """For a window one space short and not filled this turn: the chance that each player
    is the first to roll its number (some die shows it: 91 in 216), turn by turn from
    player ``first`` (taken modulo the players); a player without winks to place cannot
    fill it."""
    n = len(able)
    chance = [0.0] * n
    left = 1.0
    for k in range(3 * n):  # three rounds: what remains after them is negligible
        p = (first + k) % n
        if able[p]:
            chance[p] += left * _ROLLS_A_WINDOW
            left *= 1 - _ROLLS_A_WINDOW
    return chance


_GLASS_MEMO_SIZE = 4_096  # window summaries kept per face (some 600 bytes each: 2.5 MB a face)


def _glass(
    face: Face, codes: tuple[int, ...]
) -> tuple[int, tuple[tuple[int, float], ...], frozenset[int]]:
    """What a window with these cell ``codes`` means to ``evaluate()``, kept in ``face.memo``:
    the spaces still missing; the points its shown colors promise, as ``(color, points)`` in
    the order evaluate() adds them (2 a space, 1 more on "+1", at ``_KEEP ** missing``); and the
    colors showing."""
    shown = [SHOWN[codes[cell]] for cell in face.spaces]
    missing = shown.count(-1)
    keep = _KEEP_POWERS[missing]
    promises = [(p, 2 * keep * shown.count(p)) for p in PRIMARIES if p in shown]
    promises += [
        (SHOWN[codes[cell]], keep) for cell in face.plus1 if SHOWN[codes[cell]] in PRIMARIES
    ]
    colors = frozenset(shown) - {-1}
    if len(face.memo) >= _GLASS_MEMO_SIZE:
        face.memo.clear()
    glass = face.memo[codes] = (missing, tuple(promises), colors)
    return glass
