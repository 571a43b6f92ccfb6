"""Walls of Light in words: what a legal move does (``state.explain``), what a card does, and
the position as text (``print(state)``).

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
>>> print(state.explain("roll r1 b2 y3"))
Legal: The dice roll r1 b2 y3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Move
from .moves import CARD, CELLS, DRAW, EXTRA, PASS, REMOVE, REROLL, ROLL, SWAP, CARD_TITLES, WMove
from .moves import space_name
from .panes import EMPTY, LONE_WINK, SHOWN, text_of
from .panes import PLACE as PLACE_CODE
from .windows import COLOR_NAMES, DIE_LETTERS

DIE_NAMES = {letter: COLOR_NAMES[i] for i, letter in enumerate(DIE_LETTERS)}

if TYPE_CHECKING:  # for the annotations only: the state imports this module
    from .game import WallsOfLightState


def describe(state: WallsOfLightState, move: Move) -> str:
    """``state.explain(move)`` for a legal ``move``: what it does, in words, its subject first
    ("Red places ...", "The dice roll ...")."""
    words = _describe(state, move)
    return words[:1].upper() + words[1:]


def _describe(state: WallsOfLightState, move: Move) -> str:
    assert isinstance(move, WMove)
    kind = move.kind
    who = COLOR_NAMES[state.to_move]
    if kind == ROLL:
        return f"the dice roll {' '.join(move.text.split()[1:])}."
    if kind == DRAW:
        return f"{COLOR_NAMES[state.pending_draws[0]]} draws {CARD_TITLES[move.a]}."
    if kind == PASS:
        if state.supply[state.to_move] == 0:
            text = f"{who} has no winks left and passes"
        else:
            text = f"nothing can be placed with {state.dice_text()}: {who} passes"
        if state.quiet_turns_after_pass() >= state.game.num_players:
            return text + "; a whole round of passes ends the game (ruling 13)."
        return text + "."
    if kind == REMOVE:
        return (
            f"{who} has no winks left and takes a {who} wink back from "
            f"{space_name(move.b)}; the turn ends."
        )
    if kind == CARD:
        return card_words(state, move) + "."
    # a placement
    color, g = move.a, move.b
    code = state.cells[g]
    after = PLACE_CODE[code][color]
    if code == EMPTY:
        how = f"(an empty space of window {g // CELLS + 1})"
    else:
        how = (
            f"on the single {COLOR_NAMES[SHOWN[code]]} pane (the "
            f"{COLOR_NAMES[SHOWN[code]]} die shows {g // CELLS + 1})"
        )
    words = f"{who.capitalize()} places a {COLOR_NAMES[color]} wink on {space_name(g)} {how}"
    if code != EMPTY:
        made = COLOR_NAMES[SHOWN[after]]
        words += f", making {made}" if SHOWN[after] >= 3 else f", a stack of {made}"
    twin = state.clone()
    twin.play(move)
    if twin.last_completion is not None and twin.last_completion is not state.last_completion:
        words += f"; {twin.last_completion}"
    if twin.is_terminal():
        words += "; all six positions have a white cube: the game ends"
    return words + "."


def name(state: WallsOfLightState, move: Move) -> str:
    """A legal ``move`` in words, as the board shows it: "a red wink on window 3, a2 (the +1
    space)", "Roll Again on the red and blue dice"."""
    assert isinstance(move, WMove)
    kind = move.kind
    if kind == ROLL:
        pairs = move.text.split()[1:]
        return "a roll of " + _listed([f"{DIE_NAMES[p[0]]} {p[1:]}" for p in pairs])
    if kind == DRAW:
        return f"{COLOR_NAMES[state.pending_draws[0]]} draws {CARD_TITLES[move.a]}"
    if kind == PASS:
        return "a pass"
    if kind == REMOVE:
        return f"taking back a {COLOR_NAMES[state.to_move]} wink from {_space(move.b)}"
    if kind == CARD:
        card = move.a
        if card == EXTRA:
            return "Extra Glass"
        if card == SWAP:
            g1, g2 = move.b
            return f"Swap Panes on {_space(g1)} and {_space(g2)}"
        if card == REROLL:
            dice = _listed([COLOR_NAMES[d] for d in move.b])
            return f"Roll Again on the {dice} {'dice' if len(move.b) > 1 else 'die'}"
        d, step = move.b
        assert state.dice is not None
        return (
            f"Modify Roll: the {COLOR_NAMES[d]} die from {state.dice[d]} to {state.dice[d] + step}"
        )
    color, g = move.a, move.b
    special = state.face(g // CELLS).special(g % CELLS)
    kind_of = {"+1": " (the +1 space)", "+card": " (the card space)"}.get(special or "", "")
    return f"a {COLOR_NAMES[color]} wink on {_space(g)}{kind_of}"


def _space(g: int) -> str:
    """``_space(33) == "window 3, b1"``: a space as the board labels it."""
    window, cell = space_name(g).split(":")
    return f"window {window}, {cell}"


def _listed(items: list[str]) -> str:
    """ "red", "red and blue", "red, blue and yellow"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def card_words(state: WallsOfLightState, move: WMove) -> str:
    """What playing the card ``move`` does: "red plays Extra Glass and may place ..."."""
    card, who = move.a, COLOR_NAMES[state.to_move]
    if card == EXTRA:
        return f"{who} plays Extra Glass and may place a second pane this turn"
    if card == SWAP:
        g1, g2 = move.b
        c1, c2 = (COLOR_NAMES[LONE_WINK[state.cells[g]]] for g in (g1, g2))
        return (
            f"{who} plays Swap Panes: the {c1} wink on {space_name(g1)} and the {c2} "
            f"wink on {space_name(g2)} change places"
        )
    if card == REROLL:
        names = _listed([COLOR_NAMES[d] for d in move.b])
        return f"{who} plays Roll Again and rerolls the {names} " + (
            "dice" if len(move.b) > 1 else "die"
        )
    d, s = move.b
    assert state.dice is not None
    return (
        f"{who} plays Modify Roll: the {COLOR_NAMES[d]} die goes from {state.dice[d]} "
        f"to {state.dice[d] + s}"
    )


def board_text(state: WallsOfLightState, viewer: int | None = None) -> str:
    """The position as text: six windows side by side, then scores, hands and the turn (with
    a ``viewer``, the others' hands as a count of cards: what that player sees)."""
    lines = []
    heads = []
    for pos in range(6):
        face = state.face(pos)
        heads.append(f"{pos + 1} {face.name[:11]:<11}")
    lines.append("  ".join(heads))
    for row in range(4):
        parts = []
        for pos in range(6):
            face = state.face(pos)
            cells = []
            for col in range(4):
                cell = row * 4 + col
                if cell not in face.spaces:
                    cells.append("###")
                    continue
                text = text_of(state.cells[pos * CELLS + cell])
                if not text:
                    text = {"+1": "+1", "+card": "+c"}.get(face.special(cell) or "", ".")
                cells.append(f"{text:^3}")
            parts.append("".join(cells) + " ")
        lines.append("  ".join(parts))
    n = state.game.num_players
    lines.append(
        "scores: "
        + ", ".join(f"{COLOR_NAMES[p]} {state.score[p]}" for p in range(n))
        + "; winks left: "
        + ", ".join(f"{COLOR_NAMES[c]} {state.supply[c]}" for c in range(3))
    )
    lines.append(
        "hands: "
        + "; ".join(
            f"{COLOR_NAMES[p]} {' '.join(state.hand(p)) or '-'}"
            if viewer in (None, p)
            else f"{COLOR_NAMES[p]} {len(state.hand(p))} card{'' if len(state.hand(p)) == 1 else 's'}"
            for p in range(n)
        )
        + f"; pile {sum(state.pile)}, discard {sum(state.discard)}"
    )
    turn = {
        "roll": "to roll",
        "action": "to play",
        "reroll": "rerolling",
        "draw": "a card is drawn",
        "over": "game over",
    }[state.phase]
    dice = f"; dice {state.dice_text()}" if state.dice else ""
    cubes = " ".join(str(p + 1) for p in range(6) if state.cubes[p]) or "none"
    lines.append(
        f"{COLOR_NAMES[state.to_move]} {turn}{dice}; white cubes at: {cubes}"
        + ("; yellow is neutral" if n == 2 else "")
    )
    lines.append(
        "printed panes in capitals, winks in small letters (Ry: printed red under "
        "a yellow wink); +1 / +c: empty special spaces; ###: stone"
    )
    return "\n".join(lines)


CARD_THEMES = (
    "place two panes this turn",
    "put the panes where the windows need them",
    "roll again for the colors the windows need",
    "turn a die into the color a window needs",
)
"""A puzzle's theme when its answer plays a card (Extra Glass, Swap Panes, Roll Again, Modify
Roll): what playing it now brings about."""


def puzzle_theme(state: WallsOfLightState, best: Move, rival: Move) -> str:
    """A puzzle's theme: what ``best`` does that ``rival`` does not, in a few words ("complete
    window 3 for 6 points", "place two panes this turn", "mix purple in window 4")."""
    assert isinstance(best, WMove)
    me = state.to_move
    after = state.clone()
    after.play(best)
    done = after.last_completion
    if done is not None and done is not state.last_completion:
        gain = done.points[me] if me < len(done.points) else 0
        return (
            f"complete window {done.position} for {gain} point{'s' if gain != 1 else ''}"
            if gain
            else f"complete window {done.position}"
        )
    if best.kind == CARD:  # what the card brings about this turn, not the card again
        return CARD_THEMES[best.a]
    gain = after.scores()[me] - state.scores()[me]
    if gain > 0:
        return f"score {gain} point{'s' if gain != 1 else ''} now"
    if best.kind not in (ROLL, DRAW, PASS, REMOVE):
        code = state.cells[best.b]
        if code != EMPTY and SHOWN[PLACE_CODE[code][best.a]] >= 3:
            return (
                f"mix {COLOR_NAMES[SHOWN[PLACE_CODE[code][best.a]]]} in window "
                f"{best.b // CELLS + 1}"
            )
        return f"the {COLOR_NAMES[best.a]} wink belongs in window {best.b // CELLS + 1}"
    return "the quiet move"
