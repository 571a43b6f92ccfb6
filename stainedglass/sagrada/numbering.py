"""How OpenSpiel and PettingZoo number Sagrada's moves, fast (``stainedglass.interop`` asks
for it by name): a placement or a tool use is spelt from its key; where the game's analysis
core is compiled, a turn's actions and its draws are read from the core's legal codes (the
engine lists every tool use at a far higher cost)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..analysis import jit
from ..core import Move, State
from ..interop.actions import ActionSpace, Speller, _Outcomes

__all__ = ["MOVES_ON_CORE", "turn_blocks", "core_blocks", "chance_node", "row_of"]

MOVES_ON_CORE = True
"""A turn's actions and draws are read from the core's codes where the core is compiled."""


def turn_blocks(space: ActionSpace, state: State, turn: Speller) -> dict[int, Any] | None:
    """The turn's rows of actions by their first word: from the core's codes, or else from
    the moves' keys."""
    if space.moves_on_core:
        return _sagrada_core_blocks(space, turn)
    return _sagrada_blocks(space, state)


def core_blocks(space: ActionSpace, turn: Speller) -> dict[int, Any] | None:
    """A turn played on the core alone (:class:`~stainedglass.interop.actions.CoreSpeller`):
    :func:`_sagrada_core_blocks`, each row's move its code."""
    return _sagrada_core_blocks(space, turn, as_codes=True)


@jit
def _fill_rows(
    rows: np.ndarray,
    codes: np.ndarray,
    place: int,
    pass_code: int,
    tool: int,
    span: int,
    none: int,
    end: int,
    places: np.ndarray,
    pass_word: int,
    tools: np.ndarray,
    cells: np.ndarray,
    pays: np.ndarray,
    cards: np.ndarray,
    kinds: np.ndarray,
) -> None:
    """Each code's row of actions: ``place CARD`` and the field; ``pass``; ``tool NAME``, the
    card paid, then its cards and fields (``kinds``: each tool's pips, then each argument's
    kind, 1 a card, 0 a field, -1 none), then ``end``."""
    width = rows.shape[1]
    for i in range(len(codes)):
        code = codes[i]
        for j in range(width):
            rows[i, j] = end
        if code < pass_code:
            rows[i, 0] = places[(code - place) // 20]
            rows[i, 1] = cells[(code - place) % 20]
        elif code == pass_code:
            rows[i, 0] = pass_word
        else:
            x = code - tool
            tp, a = x // span, x % span
            t = tp // 5
            rows[i, 0] = tools[t]
            rows[i, 1] = pays[(tp % 5) * 6 + kinds[t, 0] - 1]
            scale = 1
            for k in range(4):
                word = a // scale % 31
                scale *= 31
                kind = kinds[t, 1 + k]
                if kind < 0 or word == none:
                    continue
                if kind == 1:
                    rows[i, 2 + k] = cards[min(word, len(cards) - 1)]
                else:
                    rows[i, 2 + k] = cells[min(word, len(cells) - 1)]


def chance_node(space: ActionSpace, turn: Speller) -> _Outcomes:
    """A draw's outcomes, read from the core's codes (where ``space.moves_on_core``)."""
    return _sagrada_core_draws(space, turn)


def row_of(space: ActionSpace, move: Move) -> tuple[int, ...] | None:
    """A move's row of actions, read from its key."""
    return _sagrada_row(space, move)


def _sagrada_tables(space: ActionSpace) -> tuple[Any, ...]:
    """The actions of Sagrada's words by what they name: ``place CARD``, ``pay CARD``, a card,
    a field, ``tool NAME``; each tool's kinds of arguments; the class of its moves."""
    tables = space._tables.get("sagrada")
    if tables is None:
        from ..sagrada.cards import ALL_CARDS, card_text
        from ..sagrada.moves import SagradaMove
        from ..sagrada.tools import CARD_ARGS, TOOL_IDS
        from ..sagrada.windows import CELL_NAMES

        index = space.index
        tables = space._tables["sagrada"] = (
            {c: index[f"place {card_text(c)}"] for c in ALL_CARDS},
            {c: index[f"pay {card_text(c)}"] for c in ALL_CARDS},
            {c: index[card_text(c)] for c in ALL_CARDS},
            [index[name] for name in CELL_NAMES],
            {t: index[f"tool {t}"] for t in TOOL_IDS},
            CARD_ARGS,
            SagradaMove,
        )
    return tables


def _sagrada_row(space: ActionSpace, move: Move) -> tuple[int, ...] | None:
    """A Sagrada placement's or tool's actions from its key, as ``move_words`` spells it
    (``place CARD``, the field; ``tool NAME``, ``pay CARD``, then its cards and fields), with
    no text made; None for another move."""
    place, pay, card, cell, tool, card_args, kind = _sagrada_tables(space)
    key: tuple[Any, ...] = move.key  # type: ignore[assignment]
    if type(move) is not kind or key[0] not in ("place", "tool"):
        return None
    if key[0] == "place":
        return (place[key[1]], cell[key[2]])
    _, tid, paid, args = key
    kinds = card_args.get(tid, "f" * len(args))
    return (tool[tid], pay[paid], *[card[a] if k == "c" else cell[a] for k, a in zip(kinds, args)])


def _sagrada_blocks(space: ActionSpace, state: State) -> dict[int, Any] | None:
    """A Sagrada turn's moves by their first word (``place CARD``, ``tool NAME``, ``pass``),
    read from their keys; each word's rows made only once it is chosen (a turn can offer
    dozens of ways to use a tool, each spelt in up to six words)."""
    place, _, _, _, tool, _, kind = _sagrada_tables(space)
    groups: dict[int, list[Move]] = {}
    for m in state.legal_moves():
        key: tuple[Any, ...] = m.key  # type: ignore[assignment]
        if type(m) is kind and key[0] == "place":
            first = place[key[1]]
        elif type(m) is kind and key[0] == "tool":
            first = tool[key[1]]
        else:
            first = space.spell(m)[0]
        group = groups.get(first)
        if group is None:
            group = groups[first] = []
        group.append(m)

    def rows_of(moves: list[Move]) -> Callable[[], Any]:
        return lambda: (space._rows(moves), moves.__getitem__)

    return {first: rows_of(moves) for first, moves in groups.items()} or None


def _sagrada_core_blocks(
    space: ActionSpace, turn: Speller, as_codes: bool = False
) -> dict[int, Any] | None:
    """A Sagrada turn's moves by their first word, as :func:`_sagrada_blocks` gives them, read
    from the analysis core's legal codes (compiled: the engine lists a turn's tool uses in
    Python): every code's row of actions at once (:func:`_fill_rows`, as ``move_words`` spells
    the code's move: the tests check every one), each word's rows picked out only once it is
    chosen, and a move made only once it is spelt (``as_codes``: a row's move is its code)."""
    sim = space.sim
    assert sim is not None
    codes = sim.legal(turn.core())
    if not len(codes):
        return None
    rc, places, pass_word, tools, cells, pays, cards, kinds = _sagrada_code_tables(space)
    rows = np.empty((len(codes), space.game.max_words), dtype=np.intp)
    _fill_rows(
        rows, codes, rc.PLACE, rc.PASS, rc.TOOL, rc.SPAN, rc.NONE, space.end,
        places, pass_word, tools, cells, pays, cards, kinds,
    )  # fmt: skip
    listed = codes.tolist()
    by_first: dict[int, list[int]] = {}
    for i, first in enumerate(rows[:, 0].tolist()):
        at = by_first.get(first)
        if at is None:
            by_first[first] = [i]
        else:
            at.append(i)

    def block(at: list[int]) -> Callable[[], tuple[Any, Callable[[int], Any]]]:
        def make() -> tuple[Any, Callable[[int], Any]]:  # once the first word is chosen
            mine = rows[at]
            codes_of = [listed[i] for i in at]

            def move(i: int) -> Move:
                return sim.move(turn.state, codes_of[i])

            of: Callable[[int], Any] = codes_of.__getitem__ if as_codes else move
            if len(at) <= 64:  # few: plain lists answer faster than arrays
                return [tuple(r) for r in mine.tolist()], of
            return mine, of

        return make

    return {first: block(at) for first, at in by_first.items()}


def _sagrada_core_draws(space: ActionSpace, turn: Speller) -> _Outcomes:
    """A Sagrada draw's outcomes (the cards that may come, in card order, equally likely: the
    engine's ``chance_outcomes()``, the same numbers) read from the core's chance codes."""
    from ..sagrada.moves import DRAW

    sim = space.sim
    assert sim is not None
    codes, probs = sim.chance_outcomes(turn.core())
    ids = space._tables.get("sagrada draws")
    if ids is None:
        ids = space._tables["sagrada draws"] = np.array(
            [space.chance_index[str(m)] for m in DRAW], dtype=np.intp
        )
    moves = [DRAW[c] for c in codes.tolist()]
    return _Outcomes([], moves, probs.tolist(), ids[codes].tolist())


def _sagrada_code_tables(space: ActionSpace) -> tuple[Any, ...]:
    """For the core's move codes: the rules' module, the actions of ``place CARD`` by card, of
    ``pass``, of ``tool NAME`` by tool (``TOOL_IDS`` order), of the fields, of ``pay CARD`` and
    of the cards by card; each tool's pips, then its four arguments' kinds (1 a card, 0 a
    field, -1 none), as :func:`_fill_rows` reads them."""
    known = space._tables.get("sagrada codes")
    if known is None:
        from ..sagrada import rules_core as rc
        from ..sagrada.moves import PASS
        from ..sagrada.tools import TOOL_IDS, TOOLS

        place, pay, card, cell, tool, card_args, _ = _sagrada_tables(space)
        kinds = np.full((len(TOOL_IDS), 5), -1, dtype=np.intp)
        for t, tid in enumerate(TOOL_IDS):
            kinds[t, 0] = TOOLS[tid].pips
            args = card_args.get(tid)  # (None: fields only)
            for k in range(4 if args is None else len(args)):
                kinds[t, 1 + k] = 1 if args is not None and args[k] == "c" else 0
        known = space._tables["sagrada codes"] = (
            rc,
            np.array([place[c] for c in range(len(place))], dtype=np.intp),
            space.index[space.game.move_words(PASS)[0]],
            np.array([tool[t] for t in TOOL_IDS], dtype=np.intp),
            np.array(cell, dtype=np.intp),
            np.array([pay[c] for c in range(len(pay))], dtype=np.intp),
            np.array([card[c] for c in range(len(card))], dtype=np.intp),
            kinds,
        )
    return known
