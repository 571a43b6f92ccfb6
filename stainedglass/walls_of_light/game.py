"""Walls of Light: the rules (the published rulebook, the rulings; see RULES.md).

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=3, first_player=0).new_game(seed=1)
>>> state.is_chance()                 # every turn starts with a roll of the three dice
True
>>> state.play("roll r2 b3 y6")
>>> state.current_player, state.dice
(0, (2, 3, 6))
>>> print(state.explain("place red 4:a1"))
Illegal: window 4 was not rolled (the dice show r2 b3 y6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    Consequence,
    Facts,
    Game,
    IllegalMove,
    Move,
    Option,
    PuzzleRules,
    State,
    register,
)
from . import moves as M
from .moves import (
    CARD_NAMES,
    CARD_TITLES,
    CELLS,
    DRAW,
    DRAWS,
    EXTRA,
    MODIFY,
    PASS,
    PASS_MOVE,
    PLACE,
    PLACES,
    REMOVE,
    REMOVES,
    REROLL,
    ROLL,
    ROLL_CHANCES,
    ROLLS,
    SWAP,
    WMove,
    space_name,
    swap_move,
)
from .panes import EMPTY, LONE_WINK, PANES, SHOWN, SINGLE, WINKS, code_of, printed_of, winks_of
from .panes import PLACE as PLACE_CODE
from .panes import REMOVE as REMOVE_CODE
from .consequences import consequences, projected_margin
from .evaluation import evaluate
from .options import CARDS_PER_TYPE, check_first_player, check_hands, check_players, check_windows
from .start import check_start, position_of
from .windows import COLOR_NAMES, DIE_LETTERS, WINDOWS, YELLOW, Face
from .words import board_text, describe, name, puzzle_theme

WINKS_PER_COLOR = 8
HAND_SIZE = {2: 5, 3: 4}
# an observation's scores: a score s reads s / (s + SCORE_HALF), a seat's margin d over the
# player 0.5 + 0.5 d / (|d| + MARGIN_HALF) (``observation``; the core's ``observe`` too)
SCORE_HALF = 50
MARGIN_HALF = 20

# turn phases
PH_ROLL, PH_ACTION, PH_REROLL, PH_DRAW, PH_OVER = range(5)
_CARD_KINDS = {name: t for t, name in enumerate(CARD_NAMES)}  # (``recall``: a card's kind)
_NO_CARDS = (0, 0, 0, 0)


@dataclass(frozen=True)
class Completion:
    """What the last completed window gave (``state.last_completion``), for views and words.

    ``position`` 1-6; ``face`` the completed face's name, ``new_face`` the face flipped up;
    ``completer`` the player who completed it; ``colors`` the distinct colors shown;
    ``points`` per player; ``cards_for`` the players owed a card by "+card" spaces;
    ``cube`` True when this was the position's first completion (a white cube was placed).
    """

    position: int
    face: str
    new_face: str
    completer: int
    colors: tuple[str, ...]
    points: tuple[int, ...]
    cards_for: tuple[int, ...]
    cube: bool

    def gains(self) -> str:
        """``"red +8, yellow +4"`` and the cards drawn: ``"...; blue draws a card"``."""
        words = ", ".join(f"{COLOR_NAMES[p]} +{n}" for p, n in enumerate(self.points) if n)
        return (words or "no points") + "".join(
            f"; {COLOR_NAMES[p]} draws a card" for p in self.cards_for
        )

    def __str__(self) -> str:
        words = f"completes window {self.position}: {self.gains()}"
        words += f"; flips to {self.new_face}"
        if self.cube:
            words += f"; a white cube goes beside window {self.position}"
        return words


class WallsOfLightState(State):
    """A position of Walls of Light. Public attributes (what a board view draws):

    - ``windows``: per position 0-5 (window number - 1) its ``(front, back)`` :class:`Face`
      pair; ``side[pos]`` 0 or 1 says which shows, ``face(pos)`` gives it.
    - ``cells``: 96 codes, ``cells[pos * 16 + row * 4 + col]`` (see ``panes``);
      ``space(pos, cell)`` gives a readable dict (printed, winks, shown color, special).
    - ``dice``: (red, blue, yellow) values 1-6, or None before the first roll.
    - ``hands``: per player, counts of (extra, swap, reroll, modify); ``hand(p)`` names them.
      ``pile`` and ``discard``: card counts of the draw pile (order unknown) and discard pile.
    - ``supply``: winks not on the board, per color (red, blue, yellow).
    - ``cubes``: six booleans, a white cube beside that position.
    - ``scores()``; ``last_completion``: a :class:`Completion` or None.
    - the turn: ``to_move`` (whose turn), ``phase`` ("roll", "action", "reroll", "draw",
      "over"), ``card_played``, ``placements_left``, ``pending_draws`` (players owed a card),
      ``quiet_turns`` (turns in a row that ended in a pass with nothing done: ruling 13).
    """

    windows: tuple[tuple[Face, Face], ...]
    cells: list[int]
    is_view = False
    """True for a copy made by ``view(player)``: it holds guesses, so it cannot be saved."""
    _past_cut = False
    """True for a view whose past starts at a shuffle of the discards, not the game's start."""

    # ---- setup -------------------------------------------------------------------------------

    def _setup(self, rng: random.Random) -> None:
        s = self.game.settings
        n = self.game.num_players
        if s["windows"] is None:  # shuffle the six windows into positions, random side up
            order = list(range(6))
            rng.shuffle(order)
            self.windows = tuple(WINDOWS[i] for i in order)
            side = [rng.randrange(2) for _ in range(6)]
        else:
            self.windows = s["windows"]
            side = [0] * 6
        self.to_move = rng.randrange(n) if s["first_player"] is None else s["first_player"]
        if s["hands"] is None:  # shuffle the deck, deal 4 each (5 with two players)
            deck = [t for t in range(4) for _ in range(CARDS_PER_TYPE)]
            rng.shuffle(deck)
            k = HAND_SIZE[n]
            hands = [tuple(deck[p * k : (p + 1) * k].count(t) for t in range(4)) for p in range(n)]
        else:
            hands = [tuple(h) for h in s["hands"]]
        self.hands = tuple(hands)
        self.pile = tuple(CARDS_PER_TYPE - sum(h[t] for h in hands) for t in range(4))
        self.discard: tuple[int, ...] = _NO_CARDS
        self.side = side
        self.cells = [EMPTY] * (6 * CELLS)
        self.filled = [0] * 6
        for pos in range(6):
            self._lay_face(pos)
        self.supply = [WINKS_PER_COLOR] * 3
        self.cubes: tuple[bool, ...] = (False,) * 6
        self.score = (0,) * n
        self.dice: tuple[int, int, int] | None = None
        self._phase = PH_ROLL
        self.reroll: tuple[int, ...] = ()
        self.card_played = False
        self.acted = False
        self.quiet_turns = 0
        self.placements_left = 0
        self.pending_draws: tuple[int, ...] = ()
        self.last_completion: Completion | None = None
        self._legal_cache: tuple[Move, ...] | None = None
        start = self.game.settings["start"]
        if start is not None:
            self._set_start(start)

    def _set_start(self, start: dict[str, Any]) -> None:
        """Set up a ``start=`` position (checked and completed by ``WallsOfLight._prepare``)."""
        n = self.game.num_players
        self.windows = start["windows"]
        self.side = list(start.get("showing", (0,) * 6))
        for pos in range(6):
            self._lay_face(pos)
        for g, winks in start.get("winks", ()):
            self.cells[g] = code_of(printed_of(self.cells[g]), winks)
        self.filled = [
            sum(SHOWN[self.cells[pos * CELLS + c]] >= 0 for c in self.face(pos).spaces)
            for pos in range(6)
        ]
        on_board = [0, 0, 0]
        for code in self.cells:
            for wink in WINKS[code]:
                on_board[wink] += 1
        self.supply = [WINKS_PER_COLOR - k for k in on_board]
        self.cubes = start.get("cubes", (False,) * 6)
        self.score = start.get("scores", (0,) * n)
        if "hands" in start:
            self.hands = start["hands"]
        self.discard = start.get("discard", _NO_CARDS)
        self.pile = start.get(
            "pile",
            tuple(
                CARDS_PER_TYPE - sum(h[t] for h in self.hands) - self.discard[t] for t in range(4)
            ),
        )
        self.to_move = start.get("to_move", self.to_move)
        self._phase = start.get("phase", PH_ROLL)
        self.dice = start.get("dice", None if self._phase == PH_ROLL else (1, 1, 1))
        self.card_played = start.get("card_played", False)
        self.acted = start.get("acted", False)
        self.placements_left = start.get(
            "placements_left", int(self._phase in (PH_ACTION, PH_REROLL))
        )
        self.quiet_turns = start.get("quiet_turns", 0)
        self.reroll = start.get("reroll", ())
        self.pending_draws = start.get("pending_draws", ())

    def _lay_face(self, pos: int) -> None:
        """Empty the position and show its face's printed panes."""
        base = pos * CELLS
        face = self.face(pos)
        for cell in range(CELLS):
            self.cells[base + cell] = EMPTY
        for cell, color in face.printed:
            self.cells[base + cell] = code_of(color)
        self.filled[pos] = len(face.printed)

    # ---- snapshots ---------------------------------------------------------------------------

    def _snapshot(self) -> Any:
        return (
            tuple(self.cells),
            tuple(self.filled),
            tuple(self.supply),
            tuple(self.side),
            self.cubes,
            self.hands,
            self.pile,
            self.discard,
            self.score,
            self.dice,
            self.to_move,
            self._phase,
            self.reroll,
            self.card_played,
            self.acted,
            self.quiet_turns,
            self.placements_left,
            self.pending_draws,
            self.last_completion,
            self.windows,
            self._legal_cache,
        )

    def _position(self) -> Any:
        return self._snapshot()[:-1]

    def _restore(self, snap: Any) -> None:
        (
            cells,
            filled,
            supply,
            side,
            self.cubes,
            self.hands,
            self.pile,
            self.discard,
            self.score,
            self.dice,
            self.to_move,
            self._phase,
            self.reroll,
            self.card_played,
            self.acted,
            self.quiet_turns,
            self.placements_left,
            self.pending_draws,
            self.last_completion,
            self.windows,
            self._legal_cache,
        ) = snap
        self.cells = list(cells)
        self.filled = list(filled)
        self.supply = list(supply)
        self.side = list(side)

    # ---- reading the position ----------------------------------------------------------------

    @property
    def current_player(self) -> int:
        ph = self._phase
        if ph == PH_ACTION:
            return self.to_move
        if ph == PH_OVER:
            return TERMINAL
        return CHANCE

    @property
    def phase(self) -> str:
        return ("roll", "action", "reroll", "draw", "over")[self._phase]

    def face(self, pos: int) -> Face:
        """The face showing at position ``pos`` (0-5)."""
        return self.windows[pos][self.side[pos]]

    def space(self, pos: int, cell: int) -> dict[str, Any] | None:
        """The space at ``pos`` (0-5), ``cell`` (0-15) in words; None for stone.

        >>> import stainedglass as sg
        >>> st = sg.load("walls_of_light").new_game(seed=1)
        >>> sorted(st.space(0, st.face(0).spaces[0]))
        ['printed', 'shown', 'special', 'winks']
        """
        face = self.face(pos)
        if cell not in face.spaces:
            return None
        code = self.cells[pos * CELLS + cell]
        printed = dict(face.printed).get(cell)
        return {
            "printed": None if printed is None else COLOR_NAMES[printed],
            "winks": [COLOR_NAMES[w] for w in WINKS[code]],
            "shown": None if SHOWN[code] < 0 else COLOR_NAMES[SHOWN[code]],
            "special": face.special(cell),
        }

    def hand(self, player: int) -> list[str]:
        """The card names in ``player``'s hand."""
        self._check_player(player)
        return [CARD_NAMES[t] for t in range(4) for _ in range(self.hands[player][t])]

    def colors_of(self, player: int) -> tuple[int, ...]:
        """The wink colors ``player`` may place: their own, and yellow too with two players."""
        return (player, YELLOW) if len(self.score) == 2 else (player,)  # (one score a player)

    def dice_text(self) -> str:
        """The dice as "r2 b3 y6"."""
        d = self.dice or (0, 0, 0)
        return " ".join(f"{DIE_LETTERS[i]}{d[i]}" for i in range(3))

    # ---- legal moves -------------------------------------------------------------------------

    def _legal(self) -> list[Move]:
        if self._legal_cache is None:
            ph = self._phase
            if ph == PH_ROLL:
                self._legal_cache = tuple(ROLLS[M.ALL_DICE])
            elif ph == PH_REROLL:
                self._legal_cache = tuple(ROLLS[self.reroll])
            elif ph == PH_DRAW:
                self._legal_cache = tuple(DRAWS[t] for t in range(4) if self.pile[t])
            else:
                self._legal_cache = tuple(self._decisions())
        return list(self._legal_cache)

    def _chance_probabilities(self) -> list[tuple[Move, float]]:
        ph = self._phase
        if ph == PH_ROLL:
            return list(ROLL_CHANCES[M.ALL_DICE])
        if ph == PH_REROLL:
            return list(ROLL_CHANCES[self.reroll])
        total = sum(self.pile)
        return [(DRAWS[t], n / total) for t, n in enumerate(self.pile) if n]

    def _placements(self) -> list[Move]:
        """Rule 3: every placement the roll allows the player to move now."""
        p = self.to_move
        supply = self.supply
        colors = [c for c in self.colors_of(p) if supply[c]]
        if not colors:
            return []
        dice = self.dice
        assert dice is not None
        cells = self.cells
        out: list[Move] = []
        for w in sorted(set(dice)):
            pos = w - 1
            base = pos * CELLS
            for cell in self.windows[pos][self.side[pos]].spaces:
                g = base + cell
                code = cells[g]
                single = SINGLE[code]
                if code == EMPTY or (single >= 0 and dice[single] == w):
                    for c in colors:
                        out.append(PLACES[c][g])
        return out

    def _decisions(self) -> list[Move]:
        p = self.to_move
        out: list[Move] = []
        if not self.card_played and not self.acted:
            out.extend(self._card_moves())
        places = self._placements()
        out.extend(places)
        out_of_winks = self.supply[p] == 0
        if out_of_winks and not self.acted:
            dice = self.dice
            assert dice is not None
            for w in sorted(set(dice)):
                base = (w - 1) * CELLS
                for cell in self.face(w - 1).spaces:
                    if p in WINKS[self.cells[base + cell]]:
                        out.append(REMOVES[base + cell])
        if out_of_winks or not places:
            out.append(PASS_MOVE)
        return out

    def _card_moves(self) -> list[Move]:
        hand = self.hands[self.to_move]
        out: list[Move] = []
        if hand[EXTRA]:
            out.append(M.EXTRA_MOVE)
        if hand[SWAP]:
            lone = [
                (g, LONE_WINK[code]) for g, code in enumerate(self.cells) if LONE_WINK[code] >= 0
            ]
            for i, (g1, c1) in enumerate(lone):
                for g2, c2 in lone[i + 1 :]:
                    if c1 != c2:
                        out.append(swap_move(g1, g2))
        if hand[REROLL]:
            out.extend(M.REROLLS.values())
        if hand[MODIFY]:
            dice = self.dice
            assert dice is not None
            for (d, s), move in M.MODIFIES.items():
                if 1 <= dice[d] + s <= 6:
                    out.append(move)
        return out

    # ---- why a move is illegal ---------------------------------------------------------------

    def _illegal_reason(self, move: Move) -> str | None:
        if not isinstance(move, WMove):
            return f"{move} is not a Walls of Light move"
        ph = self._phase
        kind = move.kind
        if ph != PH_ACTION:  # a chance node
            if kind == ROLL:
                dice = tuple(d for d, _ in move.a)
                if ph == PH_ROLL and dice != M.ALL_DICE:
                    return "the turn's roll throws all three dice, e.g. 'roll r2 b3 y6'"
                if ph == PH_REROLL and dice != self.reroll:
                    names = " ".join(DIE_LETTERS[d] for d in self.reroll)
                    return f"Roll Again rerolls exactly the dice chosen ({names}), no others"
                if ph == PH_DRAW:
                    return self._awaiting()
                return None
            if kind == DRAW:
                if ph != PH_DRAW:
                    return self._awaiting()
                if not self.pile[move.a]:
                    return f"no {CARD_TITLES[move.a]} card is left in the draw pile"
                return None
            return self._awaiting()
        if kind in (ROLL, DRAW):
            return (
                f"'{move}' is a chance outcome, not a player's move: it is "
                f"{COLOR_NAMES[self.to_move]}'s turn to play"
            )
        if kind == PLACE:
            return self._why_not_place(move.a, move.b)
        if kind == REMOVE:
            return self._why_not_remove(move.b)
        if kind == PASS:
            if self.supply[self.to_move] == 0:
                return None
            places = self._placements()
            if places:
                return (
                    f"pass only when nothing can be placed: {places[0]} is possible "
                    f"(and {len(places) - 1} more)"
                    if len(places) > 1
                    else f"pass only when nothing can be placed: {places[0]} is possible"
                )
            return None
        return self._why_not_card(move)

    def _awaiting(self) -> str:
        ph = self._phase
        if ph == PH_ROLL:
            return "the turn starts with a roll of all three dice: 'roll r? b? y?' comes first"
        if ph == PH_REROLL:
            names = " ".join(DIE_LETTERS[d] for d in self.reroll)
            return f"Roll Again was played: the dice {names} are rerolled first"
        return (
            f"{COLOR_NAMES[self.pending_draws[0]]} draws a card first "
            "(a '+card' space of a completed window)"
        )

    def _where(self, g: int) -> str | None:
        """Why the space ``g`` cannot take part this turn: its window not rolled, or stone."""
        pos, cell = divmod(g, CELLS)
        dice = self.dice
        assert dice is not None
        if pos + 1 not in dice:
            return f"window {pos + 1} was not rolled (the dice show {self.dice_text()})"
        if cell not in self.face(pos).spaces:
            return f"{space_name(g)} is stone, not part of the window"
        return None

    def _why_not_place(self, color: int, g: int) -> str | None:
        p = self.to_move
        me = COLOR_NAMES[p]
        if color not in self.colors_of(p):
            if self.game.num_players == 2:
                return (
                    f"{COLOR_NAMES[color]} winks belong to the {COLOR_NAMES[color]} player: "
                    f"{me} places {me} or the neutral yellow"
                )
            return (
                f"{COLOR_NAMES[color]} winks belong to the {COLOR_NAMES[color]} player: "
                f"{me} places {me} winks only"
            )
        if not self.supply[color]:
            return f"all eight {COLOR_NAMES[color]} winks are on the windows: none is left to place"
        where = self._where(g)
        if where:
            return where
        code = self.cells[g]
        shown = SHOWN[code]
        name = space_name(g)
        if shown >= 3:
            return (
                f"{name} shows {COLOR_NAMES[shown]}: {COLOR_NAMES[shown]} is a secondary "
                "color: nothing can be placed on it"
            )
        if PANES[code] >= 2:
            return (
                f"{name} already holds two panes (a stack of {COLOR_NAMES[shown]}): "
                "no pane may be played on a space that already has two"
            )
        if shown >= 0:
            w = g // CELLS + 1
            dice = self.dice
            assert dice is not None
            if dice[shown] != w:
                c = COLOR_NAMES[shown]
                return (
                    f"{name} holds a single {c} pane: a pane goes on top of {c} only in the "
                    f"window shown by the {c} die, and the {c} die shows {dice[shown]}, "
                    f"not {w}"
                )
        return None

    def _why_not_remove(self, g: int) -> str | None:
        p = self.to_move
        me = COLOR_NAMES[p]
        if self.supply[p]:
            return (
                f"only a player with no winks left may remove one: {me} still has "
                f"{self.supply[p]} {me} wink{'s' if self.supply[p] > 1 else ''} to place"
            )
        if self.acted:
            return "a wink is removed instead of placing a pane, not after a placement"
        where = self._where(g)
        if where:
            return where
        code = self.cells[g]
        if p not in WINKS[code]:
            if code >= 16 and code // 16 - 1 == p:
                return (
                    f"the {me} pane on {space_name(g)} is printed: printed panes are "
                    "permanent and cannot be removed"
                )
            return f"{space_name(g)} holds no {me} wink: a player removes only their own winks"
        return None

    def _why_not_card(self, move: WMove) -> str | None:
        p = self.to_move
        card = move.a
        if self.acted:
            return "cards are played after the roll and before the first placement"
        if self.card_played:
            return "only one card can be played per turn"
        if not self.hands[p][card]:
            return f"{COLOR_NAMES[p]} holds no {CARD_TITLES[card]} card"
        dice = self.dice
        assert dice is not None
        if card == MODIFY:
            d, s = move.b
            if not 1 <= dice[d] + s <= 6:
                return (
                    f"the {COLOR_NAMES[d]} die shows {dice[d]}: Modify Roll keeps a die within 1-6"
                )
        if card == SWAP:
            colors = []
            for g in move.b:
                pos, cell = divmod(g, CELLS)
                if cell not in self.face(pos).spaces:
                    return f"{space_name(g)} is stone, not part of the window"
                code = self.cells[g]
                if code == EMPTY:
                    return f"{space_name(g)} is empty: there is no wink to swap"
                if LONE_WINK[code] < 0:
                    if code >= 16:
                        return (
                            f"{space_name(g)} holds a printed pane: printed panes are "
                            "permanent and cannot be swapped"
                        )
                    if SHOWN[code] >= 3:
                        return (
                            f"{space_name(g)} shows {COLOR_NAMES[SHOWN[code]]}: Swap Panes "
                            "cannot move winks composing a secondary color"
                        )
                    return (
                        f"{space_name(g)} is a stack: Swap Panes cannot move winks within a stack"
                    )
                colors.append(LONE_WINK[code])
            if colors[0] == colors[1]:
                return (
                    f"both winks are {COLOR_NAMES[colors[0]]}: Swap Panes exchanges winks "
                    "of different colors"
                )
        return None

    # ---- playing -----------------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        assert isinstance(move, WMove)
        self._legal_cache = None
        kind = move.kind
        if kind == ROLL:
            d = list(self.dice or (0, 0, 0))
            for die, value in move.a:
                d[die] = value
            self.dice = (d[0], d[1], d[2])
            if self._phase == PH_ROLL:  # a new turn
                self.card_played = False
                self.acted = False
                self.placements_left = 1
            self._phase = PH_ACTION
        elif kind == PLACE:
            self._place(move.a, move.b)
        elif kind == REMOVE:
            g = move.b
            p = self.to_move
            self.cells[g] = code = REMOVE_CODE[self.cells[g]][p]
            self.supply[p] += 1
            if code == EMPTY:
                self.filled[g // CELLS] -= 1
            self.acted = True
            self.quiet_turns = 0
            self.placements_left = 0
            self._continue()
        elif kind == PASS:
            self.quiet_turns = self.quiet_turns_after_pass()
            self.acted = True
            self.placements_left = 0
            self._continue()
        elif kind == DRAW:
            t = move.a
            p, self.pending_draws = self.pending_draws[0], self.pending_draws[1:]
            self.hands = _add(self.hands, p, t, 1)
            self.pile = _bump(self.pile, t, -1)
            self._continue()
        else:
            self._play_card(move)

    def quiet_turns_after_pass(self) -> int:
        """Ruling 13: a turn ended by a pass with nothing placed, removed or played this turn
        adds to the count of quiet turns in a row; any such action starts it again."""
        return 0 if self.acted or self.card_played else self.quiet_turns + 1

    def _place(self, color: int, g: int) -> None:
        cells = self.cells
        code = cells[g]
        cells[g] = PLACE_CODE[code][color]
        self.supply[color] -= 1
        pos = g // CELLS
        if code == EMPTY:
            self.filled[pos] += 1
            if self.filled[pos] == len(self.face(pos).spaces):
                self._complete(pos)
        self.acted = True
        self.quiet_turns = 0
        self.placements_left -= 1
        self._continue()

    def _play_card(self, move: WMove) -> None:
        card = move.a
        self.hands = _add(self.hands, self.to_move, card, -1)
        self.discard = _bump(self.discard, card, 1)
        self.card_played = True
        self.quiet_turns = 0
        if card == EXTRA:
            self.placements_left += 1
        elif card == SWAP:
            g1, g2 = move.b
            self.cells[g1], self.cells[g2] = self.cells[g2], self.cells[g1]
        elif card == REROLL:
            self.reroll = move.b
            self._phase = PH_REROLL
        else:
            d, s = move.b
            dice = list(self.dice or (0, 0, 0))
            dice[d] += s
            self.dice = (dice[0], dice[1], dice[2])

    def _continue(self) -> None:
        """After a placement, removal, pass or draw: owed cards, the end, or the next turn."""
        if self.pending_draws:
            if not any(self.pile) and any(self.discard):  # rule 6: shuffle the discards
                self.pile, self.discard = self.discard, _NO_CARDS
            if any(self.pile):
                self._phase = PH_DRAW
                return
            self.pending_draws = ()  # no card left anywhere: no card
        if all(self.cubes) or self.quiet_turns >= self.game.num_players:
            self._phase = PH_OVER  # ruling 13: a whole round of passes also ends the game
        elif self.placements_left > 0:
            self._phase = PH_ACTION
        else:
            self.to_move = (self.to_move + 1) % self.game.num_players
            self._phase = PH_ROLL

    def _complete(self, pos: int) -> None:
        """Rule 7: score the completed window, return its winks, flip it, place a cube."""
        n = self.game.num_players
        face = self.face(pos)
        base = pos * CELLS
        cells = self.cells
        shown = [SHOWN[cells[base + c]] for c in face.spaces]
        points = [0] * n
        distinct = sorted(set(shown))
        points[self.to_move] += 2 * len(distinct)
        for p in range(n):
            k = shown.count(p)
            points[p] += (3 if k == len(shown) else 2) * k
        for cell in face.plus1:
            s = SHOWN[cells[base + cell]]
            if s < n:
                points[s] += 1
        draws = tuple(
            SHOWN[cells[base + cell]] for cell in face.plus_card if SHOWN[cells[base + cell]] < n
        )
        for c in face.spaces:
            for w in WINKS[cells[base + c]]:
                self.supply[w] += 1
        self.score = tuple(a + b for a, b in zip(self.score, points))
        cube = not self.cubes[pos]
        if cube:
            self.cubes = tuple(True if i == pos else c for i, c in enumerate(self.cubes))
        self.side[pos] ^= 1
        self._lay_face(pos)
        self.pending_draws += draws
        self.last_completion = Completion(
            pos + 1,
            face.name,
            self.face(pos).name,
            self.to_move,
            tuple(COLOR_NAMES[c] for c in distinct),
            tuple(points),
            draws,
            cube,
        )

    # ---- results -----------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.score)

    def returns(self) -> list[float]:
        """Rule 8: highest score wins; tied, the most cards in hand; still tied, a draw."""
        if not self.is_terminal():
            raise ValueError("returns(): the game is not over")
        return self.shares_of_win([sum(hand) for hand in self.hands])

    def shares_of_win(self, cards: list[int]) -> list[float]:
        """Rule 8 with these ``cards`` in hand: each player's share of the win."""
        keys = [(self.score[p], cards[p]) for p in range(self.game.num_players)]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(keys))]

    def evaluate(self) -> list[float]:
        """Each player's share of the win as the board promises it (evaluation.py)."""
        return evaluate(self)

    # ---- notation and words ------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """Walls of Light notation (see ``moves``), e.g. ``"place red 3:b2"``."""
        return M.parse(text)

    def observation(self, player: int) -> np.ndarray:
        """What ``player`` sees, as ``game.observation_size`` (1786) numbers in 0..1, shape
        ``(1786,)``, seats counted from the player (the player, the next to play after them, the
        one after; a seat no one sits in reads 0).

        - ``[0:1728]``: for each of the 96 spaces (window 1's 16 cells in reading order, then
          window 2's...) 18: glass or stone, the printed color (one of six), the color shown
          (one of six), the red, blue and yellow winks on it (halves), a "+1" space, a "+card"
          space;
        - ``[1728:1746]`` each die's value (3 x 6, none before the roll), ``[1746:1751]`` the
          phase (roll, action, reroll, draw, over), ``[1751:1755]`` the player's cards of each
          kind (quarters), ``[1755:1761]`` each window's back face up, ``[1761:1763]`` the next
          two seats' hand sizes (/16), ``[1763]`` the pile and ``[1764]`` the discards (/16);
        - ``[1765:1768]`` the scores from the player on, each ``s / (s + 50)``: no score reaches
          1 (the game has no highest score: a window can be completed again and again), every
          point counts at any stage (50 points read 0.5, 100 read 0.667), so late positions
          are told apart; ``[1768:1770]`` each of the next two seats' margin over the player,
          ``0.5 + 0.5 d / (|d| + 20)`` for ``d`` its score less the player's: 0.5 level, above
          it ahead, below it behind (20 points ahead read 0.75);
        - ``[1770:1773]`` the winks left of each color (/8), ``[1773:1779]`` the white cubes,
          ``[1779]`` a card played, ``[1780]`` an action taken, ``[1781]`` the placements left
          (/3), ``[1782:1785]`` whose turn from the player on, ``[1785]`` a two-player game.

        >>> import stainedglass as sg
        >>> sg.load("walls_of_light").new_game(seed=1).observation(0).shape
        (1786,)
        """
        self._check_player(player)
        n = self.game.num_players
        seats = [(player + k) % n if k < n else None for k in range(3)]
        # made once: each code's numbers (printed, shown, winks), and for the faces showing
        # their spaces' own (glass, "+1", "+card") and which cells are glass
        cls = type(self)
        tables = cls.__dict__.get("_observation_tables")
        if tables is None:
            by_code = code_numbers()
            faces_seen: dict[tuple[int, ...], tuple[Any, np.ndarray, np.ndarray]] = {}
            tables = (by_code, faces_seen)
            cls._observation_tables = tables  # type: ignore[attr-defined]
        by_code, by_faces = tables
        faces = tuple(self.windows[pos][self.side[pos]] for pos in range(6))
        known = by_faces.get(tuple(map(id, faces)))
        if known is None or any(a is not b for a, b in zip(known[0], faces)):
            glass = np.zeros((6 * CELLS, 18), dtype=np.float32)
            for pos, face in enumerate(faces):
                for cell in face.spaces:
                    row = glass[pos * CELLS + cell]
                    row[0] = 1.0
                    special = face.special(cell)
                    row[16] = special == "+1"
                    row[17] = special == "+card"
            if len(by_faces) > 4096:
                by_faces.clear()
            known = by_faces[tuple(map(id, faces))] = (faces, glass, glass[:, :1].copy())
        dice = [0.0] * 18
        for d, value in enumerate(self.dice or ()):
            dice[6 * d + value - 1] = 1.0
        phase = [0.0] * 5
        phase[self._phase] = 1.0
        hand = [h / CARDS_PER_TYPE for h in self.hands[player]]
        others = [sum(self.hands[q]) / 16 if q is not None else 0.0 for q in seats[1:]]
        score = self.score
        scores = [score[q] / (score[q] + SCORE_HALF) if q is not None else 0.0 for q in seats]
        margins = [
            0.5 + 0.5 * (score[q] - score[player]) / (abs(score[q] - score[player]) + MARGIN_HALF)
            if q is not None
            else 0.0
            for q in seats[1:]
        ]
        turn = [float(self.to_move == q) for q in seats]
        rest = [
            *dice,
            *phase,
            *hand,
            *self.side,
            *others,
            sum(self.pile) / 16,
            sum(self.discard) / 16,
            *scores,
            *margins,
            *(w / WINKS_PER_COLOR for w in self.supply),
            *self.cubes,
            self.card_played,
            self.acted,
            self.placements_left / 3,
            *turn,
            n == 2,
        ]
        # one array: the spaces' numbers (each code's, on the glass only, and the glass's
        # own), then the rest as float32 numbers
        glass = known[1]
        out = np.empty(glass.size + len(rest), dtype=np.float32)
        spaces = out[: glass.size].reshape(glass.shape)
        np.multiply(by_code[self.cells], known[2], out=spaces)
        spaces += glass
        out[glass.size :] = rest
        return out

    def recall(self, player: int, plays: Sequence[tuple[str | None, int]]) -> np.ndarray:
        """What ``player`` has seen of the cards that the position no longer shows, as
        ``game.recall_size`` (20) numbers in 0..1, shape ``(20,)`` (OpenSpiel's
        information-state tensor puts them after the observation). The observation counts
        the discards; every card there was seen played (or lay there when the game began):

        - ``[0:4]`` the discards of each kind (quarters);
        - ``[4:8]`` the cards of each kind the player cannot account for (quarters): four less
          their own and the discards, so in the others' hands or the pile;
        - ``[8:20]`` for each seat from the player on (3 x 4; a seat no one sits in reads 0),
          the cards of each kind it was seen to play in ``plays``, ``k / (k + 4)`` (a card
          can come round again once the discards are shuffled into the pile).

        Nothing here is hidden from the player: the cards others drew unseen (None in
        ``plays``) count only as they are played.

        >>> import stainedglass as sg
        >>> game = sg.load("walls_of_light", players=2, hands=[["extra"], []], first_player=0)
        >>> state = game.new_game()
        >>> state.play("roll r1 b2 y3")
        >>> state.play("card extra")
        >>> plays = [("roll r1 b2 y3", sg.CHANCE), ("card extra", 0)]
        >>> [round(x, 3) for x in state.recall(0, plays)[[0, 4, 8]].tolist()]  # discards, unseen, red
        [0.25, 0.75, 0.2]
        """
        self._check_player(player)
        n = self.game.num_players
        out = np.zeros(20, dtype=np.float32)
        own = self.hands[player]
        for t in range(4):
            out[t] = self.discard[t] / CARDS_PER_TYPE
            out[4 + t] = (CARDS_PER_TYPE - own[t] - self.discard[t]) / CARDS_PER_TYPE
        played = [0] * 12
        kinds = _CARD_KINDS
        for word, by in plays:
            if by >= 0 and word is not None and word[:5] == "card ":
                played[4 * ((by - player) % n) + kinds[word[5:].split(" ", 1)[0]]] += 1
        for i, k in enumerate(played):
            out[8 + i] = k / (k + CARDS_PER_TYPE)
        return out

    def text_for(self, player: int) -> str:
        """The position as ``player`` sees it: the others' hands as a count of cards."""
        self._check_player(player)
        return board_text(self, viewer=player)

    def chance_seen_by(self) -> int | None:
        """A card drawn goes into one hand, unseen by the others; dice are seen by all."""
        if self._phase == PH_DRAW and self.pending_draws:
            return int(self.pending_draws[0])
        return None

    def _describe(self, move: Move) -> str:
        return describe(self, move)

    def _name(self, move: Move) -> str:
        return name(self, move)

    def _consequences(self, move: Move) -> list[Consequence]:
        """A window completed and who scores what, a window left one pane short, who shows
        the most panes in a window, the cards and winks left (consequences.py)."""
        return consequences(self, move)

    def projected_margin(self, player: int) -> float:
        """The final margin in points as the board promises it: the points so far plus what
        the glass promises, less the best other player's."""
        self._check_player(player)
        return projected_margin(self, player)

    def __str__(self) -> str:
        return board_text(self)

    # ---- hidden information ------------------------------------------------------------------

    def view(self, player: int) -> WallsOfLightState:
        """What ``player`` knows: the others' hands are redrawn from the cards they cannot see
        (the others' hands and the draw pile), the future is a fresh chance. The game so far is
        kept as the player may believe it went (:meth:`_past_seen_by`): the same moves, but a
        card drawn into another hand is a guess that fits the redrawn hands (``draw <guess>``
        in the history), so ``undo()`` steps back through it as through the game, each position
        as the player could have seen it. Where the discards were shuffled into a new pile,
        the pile's new cards were known to all, and a guess made afterwards may not fit the
        time before: the view's history then starts at that shuffle. The same state gives the
        same view; it draws nothing from the state's own generator."""
        self._check_player(player)
        other = self.clone()
        # The redraw comes from the copy's generator, so this state's own future chance is left
        # as it was, and a bot that reseeds the state before each view (``determinize``) gets a
        # fresh guess every time. Reseeded by its own draw, it tells nothing of the game's future.
        rng = other._rng
        seed = rng.getrandbits(64) << 2 | player
        rng.seed(seed)
        # the cards unseen by kind, in an order that tells nothing of where they are
        others = [p for p in range(self.game.num_players) if p != player]
        unseen = [
            t for t in range(4) for _ in range(self.pile[t] + sum(self.hands[p][t] for p in others))
        ]
        rng.shuffle(unseen)
        hands = list(self.hands)
        for p in range(self.game.num_players):
            if p != player:
                k = sum(self.hands[p])
                dealt, unseen = unseen[:k], unseen[k:]
                hands[p] = tuple(dealt.count(t) for t in range(4))
        other.hands = tuple(hands)
        other.pile = tuple(unseen.count(t) for t in range(4))
        other._legal_cache = None
        # the past's guesses from a generator of their own: the view's (its future chance)
        # draws nothing for them
        past = random.Random(seed ^ 1 << 70)
        other.history, other._undo_stack = self._past_seen_by(player, other.hands, other.pile, past)
        other._past_cut = len(other.history) < len(self.history)
        other.is_view = True
        return other

    def _past_seen_by(
        self,
        player: int,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        rng: random.Random,
    ) -> tuple[list[str], list[Any]]:
        """The game so far as ``player`` may believe it went, leading to ``hands`` and ``pile``
        (a view's guess): the view's history and undo snapshots. Stepping back from the guess,
        a card played goes back to its hand (its kind was shown), one drawn into the player's
        own hand goes back to the pile (the player saw it), one drawn into another hand is
        drawn back from that hand's guessed cards (``rng``); the pile is then the cards the
        player could not see less the others' guessed hands. Each snapshot keeps only what is
        public or the player's own: its hands and pile are the guess, and the moves it had
        listed (the mover's cards, the pile's kinds) are dropped. Where a step back would ask
        the pile for a card it did not hold (the discards, known to all, were shuffled into a
        new pile there), the past ends there."""
        stack = self._undo_stack
        others = [p for p in range(self.game.num_players) if p != player]
        real_hands, real_pile = self.hands, self.pile  # the game's, after the move stepped back
        snaps: list[Any] = []  # from the last back
        drawn: list[tuple[int, str]] = []  # the guessed cards drawn into other hands, by ply
        for k in range(len(stack) - 1, -1, -1):
            snap = stack[k]  # the position before move k, as ``_snapshot`` lays it out
            was_hands, was_pile = snap[5], snap[6]
            phase, pending_draws = snap[11], snap[17]
            hidden = phase == PH_DRAW and pending_draws[0] != player
            if hidden:  # a card into another hand: which one, a guess from that hand
                drawer = pending_draws[0]
                held = hands[drawer]
                pick = rng.randrange(sum(held))
                t = 0
                while pick >= held[t]:
                    pick -= held[t]
                    t += 1
                hands = _add(hands, drawer, t, -1)
                drawn.append((k, str(DRAWS[t])))
            elif was_hands is not real_hands:
                # what everyone saw (a card played) or the player's own (a card drawn): the
                # others' hands change as the game's did
                guessed = list(hands)
                guessed[player] = was_hands[player]
                for p in others:
                    guessed[p] = tuple(
                        g + b - a for g, b, a in zip(hands[p], was_hands[p], real_hands[p])
                    )
                hands = tuple(guessed)
            if hidden or was_hands is not real_hands or was_pile is not real_pile:
                # the pile: the cards the player could not see, less the others' guessed hands
                pile = tuple(
                    was_pile[t] + sum(was_hands[p][t] - hands[p][t] for p in others)
                    for t in range(4)
                )
                if min(pile) < 0:
                    break  # no guess made after the discards' shuffle fits the time before it
                real_hands, real_pile = was_hands, was_pile
            # the same position with the guessed hands and pile, and without the moves it
            # listed (the mover's cards, the pile's kinds)
            snaps.append((*snap[:5], hands, pile, *snap[7:-1], None))
        snaps.reverse()
        first = len(stack) - len(snaps)
        moves = self.history[first:]
        for k, text in drawn:
            if k >= first:
                moves[k - first] = text
        return moves, snaps

    def undo(self) -> None:
        """Take back the last play; a view whose past starts after the discards were shuffled
        into a new pile (``view``) goes back no further than that shuffle."""
        if self._past_cut and not self._undo_stack:
            raise ValueError(
                "undo(): this view goes back no further: the discards were shuffled into a new "
                "pile here, and no guess of the others' hands fits both sides of the shuffle "
                "(the game itself goes back to the start)"
            )
        super().undo()

    def _unsaveable(self) -> str | None:
        if self.is_view:
            return (
                "a view cannot be saved: the others' hands in it are guesses; save the game itself"
            )
        return None


def code_numbers() -> np.ndarray:
    """For each pane code, its numbers in an observation (``WallsState.observation``): the
    printed color, the color shown (one of six each), the red, blue and yellow winks (halves,
    from column 13); column 0, glass, is the face's."""
    out = np.zeros((len(SHOWN), 18), dtype=np.float32)
    for code, row in enumerate(out):
        printed = printed_of(code)
        if printed is not None:
            row[1 + printed] = 1.0
        if SHOWN[code] >= 0:
            row[7 + SHOWN[code]] = 1.0
        for wink in winks_of(code):
            row[13 + wink] += 0.5
    return out


def _add(hands: tuple[tuple[int, ...], ...], p: int, t: int, k: int) -> tuple[tuple[int, ...], ...]:
    return hands[:p] + (_bump(hands[p], t, k),) + hands[p + 1 :]


def _bump(counts: tuple[int, ...], t: int, k: int) -> tuple[int, ...]:
    return counts[:t] + (counts[t] + k,) + counts[t + 1 :]


# ---- the game and its options -----------------------------------------------------------------


@register
class WallsOfLight(Game):
    """Walls of Light for two or three players: red (player 0), blue (1), yellow (2)."""

    name = "walls_of_light"
    title = "Walls of Light"
    facts = Facts(
        chance=True,
        hidden_information=True,
        min_players=2,
        max_players=3,
        lower_is_better=False,
        player_names=("Red", "Blue", "Yellow"),
        player_colours=("red", "blue", "yellow"),
        chance_action="Roll the dice",
        hint_bot="walls_mcts",  # benchmarks/STRENGTH.md: the ladder's strongest within a second
        # STRENGTH.md: at two players it beat walls_horizon, which beat walls_mcts
        hint_bot_by_players=((2, "walls_of_light"),),
    )
    options = {
        "players": Option(3, "2 or 3 players (with 2, yellow is the neutral color)", check_players),
        "windows": Option(
            None,
            "six (front, back) pairs of faces, four row strings each, in "
            "positions 1-6 (the front shows first); default: the designed windows "
            "shuffled, random side up",
            check_windows,
        ),
        "first_player": Option(
            None, "the player who starts (default: a roll-off)", check_first_player
        ),
        "hands": Option(
            None,
            "the starting hands, one list of card names per player "
            "(extra, swap, reroll, modify); default: dealt from the deck",
            check_hands,
        ),
        "start": Option(
            None,
            "a position to begin at (the position editor, share links): a "
            "mapping of windows, showing, winks, cubes, scores, hands, pile, discard, "
            "to_move, phase, dice, ... (see start.py, RULES.md)",
            check_start,
        ),
    }
    state_class = WallsOfLightState
    variants = [{"players": 2}, {"players": 3}]
    max_plays = 2000  # random play ends within about 300 plays; thoughtful play sooner
    observation_size = 6 * CELLS * 18 + 58
    recall_size = 20  # (``WallsOfLightState.recall``: the cards seen played)

    def action_words(self) -> tuple[str, ...]:
        return M.action_words()

    puzzle_rules = PuzzleRules(playouts=100, margin=0.2, first_ply=10)

    def puzzle_theme(self, state: State, best: Move, rival: Move) -> str:
        assert isinstance(state, WallsOfLightState)
        return puzzle_theme(state, best, rival)

    def answer_brings_moves(self, state: State, move: Move) -> bool:
        """A card is whole with the panes it brings this turn (Extra Glass: two panes; Modify
        Roll: the pane of the turned die)."""
        return isinstance(move, WMove) and move.kind == M.CARD

    def chance_words(self) -> tuple[str, ...]:
        return M.chance_words()

    def _prepare(self) -> None:
        n = self.settings["players"]
        fp = self.settings["first_player"]
        if fp is not None and fp >= n:
            raise ValueError(
                f"{self.name}: option first_player= must be 0-{n - 1} with {n} players, not {fp}"
            )
        hands = self.settings["hands"]
        if hands is not None and len(hands) != n:
            raise ValueError(f"{self.name}: option hands= gives {len(hands)} hands for {n} players")
        if self.settings["start"] is not None:
            try:
                self.settings["start"] = self._complete_start(self.settings["start"])
            except ValueError as e:
                raise ValueError(f"{self.name}: option start= {e}") from None

    def _complete_start(self, start: dict[str, Any]) -> dict[str, Any]:
        """Check what a ``start=`` position's form needs the players and faces for, and fill
        in its windows (``windows=``, else the designed windows in order)."""
        n = self.settings["players"]
        start = dict(start)
        if "windows" not in start:
            start["windows"] = self.settings["windows"] or WINDOWS
        for key in ("hands", "scores"):
            if key in start and len(start[key]) != n:
                raise ValueError(f"{key}: give {n} entries, one per player, not {len(start[key])}")
        for key, players in (
            ("to_move", (start.get("to_move", 0),)),
            ("pending_draws", start.get("pending_draws", ())),
        ):
            for p in players:
                if p >= n:
                    raise ValueError(
                        f"{key}: {COLOR_NAMES[p]} is not playing in a game of "
                        f"{n} (red, blue{', yellow' if n == 3 else ''})"
                    )
        if "to_move" not in start:  # the first player, else red
            start["to_move"] = self.settings["first_player"] or 0
        side = start.get("showing", (0,) * 6)
        for g, winks in start.get("winks", ()):
            pos, cell = divmod(g, CELLS)
            face = start["windows"][pos][side[pos]]
            where = f"winks at {M.space_name(g)}"
            if cell not in face.spaces:
                raise ValueError(f"{where}: that cell is stone on {face.name!r}, not glass")
            printed = dict(face.printed).get(cell)
            if printed is not None and printed > YELLOW:
                raise ValueError(
                    f"{where}: a printed {COLOR_NAMES[printed]} pane is a "
                    "secondary: nothing goes on a secondary (rule 3)"
                )
            if printed is not None and len(winks) > 1:
                raise ValueError(
                    f"{where}: a printed pane and two winks are three panes; a "
                    "space holds at most two (rule 3)"
                )
        return start

    # ---- positions set up by hand ------------------------------------------------------------

    def position(self, state: State) -> dict[str, Any]:
        """The ``start=`` mapping of ``state``'s position (every key given)."""
        assert isinstance(state, WallsOfLightState)
        return position_of(state)

    def validate(self, state: State) -> None:
        """Refuse, in the rules' words, a position no game could reach (RULES.md, "Setting up
        a position")."""
        assert isinstance(state, WallsOfLightState)
        n = self.num_players
        for c, left in enumerate(state.supply):
            if left < 0:
                raise ValueError(
                    f"the windows hold {WINKS_PER_COLOR - left} {COLOR_NAMES[c]} "
                    f"winks; there are only {WINKS_PER_COLOR} of each color"
                )
        for pos in range(6):
            face = state.face(pos)
            if state.filled[pos] == len(face.spaces):
                raise ValueError(
                    f"window {pos + 1} ({face.name}) shows a color on every space: "
                    "a complete window is scored and flipped at once (rule 7)"
                )
        for t, title in enumerate(CARD_TITLES):
            total = sum(h[t] for h in state.hands) + state.pile[t] + state.discard[t]
            if total > CARDS_PER_TYPE:
                raise ValueError(
                    f"{total} {title} cards are in the hands, pile and discards; "
                    f"the deck has {CARDS_PER_TYPE} (a card counted twice?)"
                )
            if total < CARDS_PER_TYPE:
                raise ValueError(
                    f"only {total} {title} cards are in the hands, pile and "
                    f"discards; the deck has {CARDS_PER_TYPE}, each somewhere"
                )
        cubes = sum(state.cubes)
        if not cubes and any(state.score):
            raise ValueError(
                "nobody can have scored: no window has been completed yet (no "
                "white cube), and only completions score (rule 7)"
            )
        if sum(state.score) < 2 * cubes:
            many = (
                f"{cubes} white cubes mean {cubes} windows have"
                if cubes > 1
                else "a white cube means a window has"
            )
            raise ValueError(
                f"{many} been completed, each giving its completer at least 2 "
                f"points (rule 7); the scores add up to {sum(state.score)}, less "
                f"than {2 * cubes}"
            )
        if state.dice is None:
            if state._phase != PH_ROLL:
                raise ValueError(
                    f"in the {state.phase} phase the dice have been rolled: give the dice"
                )
            if any(state.supply[c] < WINKS_PER_COLOR for c in range(3)) or cubes:
                raise ValueError(
                    "no die has been rolled yet (no dice), so no wink can be on a "
                    "window and no window completed (no white cube)"
                )
        self._validate_turn(state, n)

    def _validate_turn(self, state: WallsOfLightState, n: int) -> None:
        """The turn's parts: the phase, the cards played, the placements, the draws owed."""
        ph = state._phase
        over = all(state.cubes) or state.quiet_turns >= n
        if state.quiet_turns > n:
            raise ValueError(
                f"quiet_turns: a round of {n} passes ends the game (ruling 13); "
                f"{state.quiet_turns} cannot happen"
            )
        if ph == PH_OVER and not over:
            raise ValueError(
                "the game is over only when all six positions have a white cube "
                "(rule 8) or after a whole round of passes (ruling 13)"
            )
        if ph in (PH_ROLL, PH_ACTION, PH_REROLL) and all(state.cubes):
            raise ValueError("all six positions have a white cube: the game is over (rule 8)")
        if ph in (PH_ROLL, PH_ACTION, PH_REROLL) and state.quiet_turns >= n:
            raise ValueError("a whole round of passes has ended the game (ruling 13)")
        if state.pending_draws and ph != PH_DRAW:
            raise ValueError(
                "players are owed cards only while the cards are being drawn (phase draw)"
            )
        if ph == PH_DRAW:
            if not state.pending_draws:
                raise ValueError("phase draw: name the players owed a card (pending_draws)")
            if not any(state.pile):
                raise ValueError(
                    "phase draw: the draw pile is empty; the discards are "
                    "shuffled into a new pile first (rule 6)"
                )
            if not state.acted:
                raise ValueError(
                    "phase draw: cards are drawn after a placement completes a "
                    "window, so the player has acted this turn"
                )
        if ph == PH_ACTION:
            left = state.placements_left
            if left == 0:
                raise ValueError(
                    "in the action phase a placement is still to make "
                    "(placements_left 1, or 2 after Extra Glass)"
                )
            if left == 2 and (state.acted or not state.card_played):
                raise ValueError(
                    "two placements are left only after playing Extra Glass, "
                    "before the first placement (rule 6)"
                )
            if state.acted and not state.card_played:
                raise ValueError(
                    "a second placement after the first needs Extra Glass, a "
                    "card played this turn (rule 6)"
                )
            # the Extra Glass played is in the discards, unless a card drawn after the first
            # placement had the discards shuffled into the pile (rule 6, ruling 7)
            if not state.discard[EXTRA] and (left == 2 or (state.acted and any(state.discard))):
                raise ValueError(
                    "a second placement needs the Extra Glass card played this "
                    "turn, and so in the discards (rule 6)"
                )
        if ph == PH_REROLL:
            if not state.reroll:
                raise ValueError("phase reroll: name the dice Roll Again throws again")
            if state.acted or not state.card_played:
                raise ValueError(
                    "Roll Again is played after the roll and before any placement "
                    "(rule 2): card played, nothing placed yet"
                )
            if not state.discard[REROLL]:
                raise ValueError("phase reroll: the Roll Again card played is in the discards")
            if state.placements_left != 1:
                raise ValueError(
                    "phase reroll: one placement is left (Roll Again is the "
                    "turn's one card, so no Extra Glass)"
                )


__all__ = ["WallsOfLight", "WallsOfLightState", "Completion", "IllegalMove"]
