"""Why a move: the words of hints, of "Compare my move" and of the review, written once.

A search ranks moves by a number; a teacher says why. Given a position, the ranked candidates
of a search and the line it expects after each, :func:`explain` writes for each move:

- ``lead``: one short sentence, what the move does now and what it leads to (the other
  player's answer, the margin expected at the end);
- ``details``: the consequences along the line, move by move (a chance outcome in it marked
  as one the line assumed);
- ``versus``: what it has that the next best lacks (the difference of the two moves'
  consequences, and of the margins), or, when the search cannot tell their values apart,
  that they are equally good;
- ``margin``: the final margin expected, in the game's unit (``Facts.margin_unit``).

The facts are the game's own (``State.consequences(move)``, ``State.projected_margin``): this
module names no game. The line is the search's (``Bot.line``) as far as it saw; past that, and
for a search that keeps none, it goes on with the move a greedy player makes (the best by
``evaluate()`` one ply deep, among at most ``GREEDY_SAMPLE`` moves) and, at a chance node, an
outcome drawn with a seeded generator, marked as assumed. The margin is the search's own figure
where it counts in the game's unit; otherwise the game's projection (``projected_margin``) at
the end of the expected line, the mean over ``MARGIN_LINES`` lines where chance comes in.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> hints = sg.ai.suggest(state, top=2, seed=1, budget=None, nodes=400)
>>> hints[0].lead.endswith(".") and hints[0].margin is not None and len(hints[0].line) >= 2
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Sequence

from ..core import CHANCE, Consequence, Move, State
from .search import Candidate, leaf_value, sample_outcome

__all__ = [
    "Step",
    "Told",
    "explain",
    "expected_line",
    "indistinct",
    "move_words",
    "summary",
    "gives_away",
]

GREEDY_SAMPLE = 64
"""A greedy move of a line is the best of at most this many legal moves (drawn with the seeded
generator where there are more: a turn may have thousands)."""
LINE_STEPS = 8
"""A line holds at most this many plies after the move (chance outcomes included)."""
MARGIN_LINES = 4
"""Where chance comes in, the margin is the mean of the projections at the end of this many
lines (the first the one shown), each assuming other outcomes."""
EQUAL_UNITS = 0.5
"""Two moves whose margins a search counts in the game's unit are equally good when they differ
by less than this (half a square, half a point: below what the game counts)."""
EQUAL_SIGMAS = 2.0
"""Two moves weighed by playouts are equally good when their values differ by less than this
many standard errors of the difference (each value a share of wins over its playouts)."""
APART = 0.05
"""Two moves whose values (shares of the win) differ by this much or more are never called
equally good, however few playouts back them: a pupil sees the two figures, in the list and
on the chart."""
LEAD_FACTS = 2
"""The consequences of a move that its summary (:func:`summary`) names, at most."""
LEAD_WORDS = 18
"""A lead sentence's words, at most, where the move's name leaves room: the move in words,
one reason, the expected end; a longer reason is said shorter (its words before a colon, no
bracket), or left to the details."""
LEAD_MORE = 4
"""Words a lead may run past ``LEAD_WORDS`` to keep its reason, said as short as it goes."""
TELLING = 0.5
"""A consequence a lead names matters this much at least to someone (its ``worth``, either
way, in the game's unit); the others are for the details."""


@dataclass(frozen=True)
class Step:
    """One ply of an expected line: its ``move`` (text), who plays it (``player``, or
    ``sg.CHANCE`` for a roll or a draw), whether it is a chance outcome the line ``assumed``
    (one of several), what it does (``words``: its consequences, or what the game's
    ``explain`` says) and the move in words (``name``: ``State.move_name``)."""

    move: str
    player: int
    assumed: bool
    words: str
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "player": self.player,
            "assumed": self.assumed,
            "words": self.words,
            "name": self.name,
        }


@dataclass(frozen=True)
class Told:
    """What :func:`explain` says of one candidate (see the module)."""

    move: Move
    margin: float | None
    line: tuple[Step, ...]
    lead: str
    details: tuple[str, ...]
    versus: str
    facts: tuple[Consequence, ...]
    """The move's own consequences, the most telling first."""
    equal_to_next: bool


# ---- the game's facts, ranked ---------------------------------------------------------------


def _facts(state: State, move: Move) -> list[Consequence]:
    """The move's consequences, the most telling first (by what they are worth to the mover,
    either way; the game's order among equals)."""
    found = list(state.consequences(move))
    return sorted(found, key=lambda c: -abs(c.worth))


def move_words(state: State, move: Move) -> str:
    """What ``move`` does in ``state``, without the final full stop (the game's ``explain``)."""
    said = state.explain(move)
    return said.words.rstrip(".") if said.legal else str(said)


def _said(facts: Sequence[Consequence], state: State, move: Move, most: int) -> str:
    """The first ``most`` facts that matter to someone (``TELLING``), or the game's own
    words for the move when it names none."""
    telling = [c for c in facts if abs(c.worth) >= TELLING]
    if telling:
        return ", ".join(c.words for c in telling[:most])
    return move_words(state, move)


def _who(state: State, player: int) -> str:
    return state.game.player_names[player]


# ---- the line ---------------------------------------------------------------------------------


def _greedy(state: State, rng: random.Random) -> Move:
    """The move after which ``evaluate()`` rates the player to move best, among at most
    ``GREEDY_SAMPLE`` legal moves (the first of equals)."""
    player = state.current_player
    moves = state.legal_moves()
    if len(moves) > GREEDY_SAMPLE:
        moves = rng.sample(moves, GREEDY_SAMPLE)
    best, best_value = moves[0], -math.inf
    for move in moves:
        state._push(move)
        value = leaf_value(state)[player]
        state.undo()
        if value > best_value:
            best, best_value = move, value
    return best


def expected_line(
    state: State,
    move: Move,
    given: Sequence[Move],
    rng: random.Random,
    steps: int = LINE_STEPS,
    deadline: float | None = None,
) -> list[tuple[Move, int, bool]]:
    """The plies expected after ``move`` in ``state`` (which is left unchanged), as (move,
    player, assumed): the search's line ``given`` while its moves are legal, then greedy moves
    and chance outcomes drawn from ``rng`` (assumed), until the other players have answered
    and the mover has moved again (alone, or when the others cannot move: the mover's next
    move, or two in a row), the game ends or ``steps`` plies are listed; past the
    ``deadline`` (``time.perf_counter()``), only the search's own moves."""
    mover = state.current_player
    state._push(move)
    out: list[tuple[Move, int, bool]] = []
    others = state.num_players == 1
    again = 0  # the mover's moves in a row (the others skipped, or the turn goes on)
    try:
        for ply in range(steps):
            if state.is_terminal():
                break
            player = state.current_player
            if ply < len(given) and given[ply] in state.legal_moves():
                nxt = given[ply]
                assumed = state.is_chance() and len(state.chance_outcomes()) > 1
            elif deadline is not None and time.perf_counter() > deadline:
                break  # out of time: the line as far as the search saw it
            elif state.is_chance():
                nxt = sample_outcome(state, rng)
                assumed = len(state.chance_outcomes()) > 1
            else:
                nxt = _greedy(state, rng)
                assumed = False
            given = given if ply < len(given) and given[ply] == nxt else ()
            state._push(nxt)
            out.append((nxt, player, assumed))
            if player >= 0 and player != mover:
                others = True
            elif player == mover:
                again += 1
                if others or again >= 2:
                    break  # the mover's next move closes the line
    finally:
        for _ in range(len(out) + 1):
            state.undo()
    return out


def _steps(
    state: State, move: Move, plies: Sequence[tuple[Move, int, bool]]
) -> tuple[list[Step], list[tuple[int, Consequence]], float | None]:
    """The line as Steps, the consequences along it (each with who caused it) and the
    ``mover``'s projected margin at its end; ``state`` is left unchanged."""
    mover = state.current_player
    state._push(move)
    out: list[Step] = []
    along: list[tuple[int, Consequence]] = []
    try:
        for nxt, player, assumed in plies:
            if player == CHANCE:
                words = move_words(state, nxt)
            else:
                facts = _facts(state, nxt)
                along += [(player, c) for c in facts]
                words = _said(facts, state, nxt, LEAD_FACTS)
            out.append(Step(str(nxt), player, assumed, words, state._name(nxt)))
            state._push(nxt)
        end = state.projected_margin(mover) if not state.is_terminal() else state.margin(mover)
    finally:
        for _ in range(len(out) + 1):
            state.undo()
    return out, along, end


def _margin(
    state: State,
    move: Move,
    first: float | None,
    seed: int,
    deadline: float | None = None,
) -> float | None:
    """The mean projected margin over ``MARGIN_LINES`` lines (``first``: the shown line's,
    the others with other outcomes of chance and greedy moves) where chance comes into them
    (as many as the ``deadline`` allows); ``first`` alone where it does not."""
    if first is None or not state.game.facts.chance:
        return first
    total, n = first, 1
    for k in range(1, MARGIN_LINES):
        if deadline is not None and time.perf_counter() > deadline:
            break
        plies = expected_line(state, move, (), random.Random(seed * 7919 + k), deadline=deadline)
        if not any(assumed for _, _, assumed in plies):
            break  # nothing left to chance: every line is the same
        total += _steps(state, move, plies)[2] or 0.0
        n += 1
    return total / n


# ---- telling moves apart ----------------------------------------------------------------------


def indistinct(a: Candidate, b: Candidate) -> bool:
    """Whether the search cannot tell ``a`` and ``b`` (ranked next) apart. Values ``APART`` or
    more apart are told apart; otherwise the search's own word where it gives one
    (``a.apart``); values weighed by playouts within ``EQUAL_SIGMAS`` standard errors of their
    difference (each a share of wins over its playouts); margins a search counts in the game's
    unit within ``EQUAL_UNITS``; otherwise the same value.

    >>> from stainedglass.core import Move
    >>> m = Move(("m",), "m")
    >>> indistinct(Candidate(m, 0.52, 100, "playouts"), Candidate(m, 0.49, 100, "playouts"))
    True
    >>> indistinct(Candidate(m, 0.70, 400, "playouts"), Candidate(m, 0.50, 400, "playouts"))
    False
    >>> indistinct(Candidate(m, 0.3, 4, "plies deep", -2.2), Candidate(m, 0.2, 4, "plies deep", -3.1))
    False
    >>> indistinct(Candidate(m, 0.50, 9, "playouts"), Candidate(m, 0.35, 9, "playouts"))
    False
    >>> indistinct(Candidate(m, 0.52, 100, "playouts", apart=True), Candidate(m, 0.51, 100, "playouts"))
    False
    """
    if abs(a.value - b.value) >= APART:
        return False
    if a.apart is not None:  # the search's own measure of the two
        return not a.apart
    if a.unit == "playouts" and b.unit == "playouts" and a.support > 0 and b.support > 0:
        spread = 0.0
        for c in (a, b):
            p = min(max(c.value, 0.05), 0.95)
            spread += p * (1 - p) / c.support
        return abs(a.value - b.value) <= EQUAL_SIGMAS * math.sqrt(spread)
    if a.margin is not None and b.margin is not None:
        return abs(a.margin - b.margin) < EQUAL_UNITS
    return abs(a.value - b.value) < 1e-9


def _difference(
    state: State,
    mine: Told,
    theirs: Told,
    mine_along: list[tuple[int, Consequence]],
    theirs_along: list[tuple[int, Consequence]],
) -> str:
    """What ``mine`` has that ``theirs`` (the next best) lacks, in words."""
    mover = state.current_player
    other = state._name(theirs.move)
    if mine.equal_to_next:
        return f"About as good as {other} (the search cannot tell them apart)."
    said = {c.words for c in theirs.facts}
    reasons: list[str] = []  # the first that holds is said: one reason, short
    gains = [c for c in mine.facts if c.words not in said and c.worth > 0]
    if gains:
        reasons.append(f"this one: {_short(gains[0].words)}")
    # an answer the next best allows that this move does not
    answered = {c.words for p, c in mine_along if p != mover}
    threats = [
        (p, c)
        for p, c in theirs_along
        if p >= 0 and p != mover and c.worth > 0 and c.words not in answered
    ]
    if threats:
        p, c = max(threats, key=lambda t: t[1].worth)
        step = next((s for s in theirs.line if s.player == p and c.words in s.words), None)
        answer = f" {step.name or step.move}" if step is not None else ""
        reasons.append(f"after that one, {_who(state, p)} answers{answer}: {_short(c.words)}")
    kept = {c.words for c in mine.facts}
    costs = [c for c in theirs.facts if c.words not in kept and c.worth <= -TELLING]
    if costs:
        reasons.append(f"that one: {_short(costs[0].words)}")
    if mine.margin is not None and theirs.margin is not None:
        gap = round(mine.margin - theirs.margin)
        unit = state.game.facts.margin_unit
        if gap >= 1:
            reasons.append(f"about {gap} {unit if gap != 1 else unit.rstrip('s')} more at the end")
    why = reasons[0] if reasons else "the search rates what follows it higher"
    parts = [f"Better than {other} ({why})."]
    return " ".join(parts)


# ---- the explainer ----------------------------------------------------------------------------


def _lead(
    state: State,
    move: Move,
    facts: Sequence[Consequence],
    steps: Sequence[Step],
    along: Sequence[tuple[int, Consequence]],
    margin: float | None,
) -> str:
    """One short sentence: the move in words, the one reason that matters most to the mover
    (the largest gain of the move, or of the mover's next move along the line: what a card
    makes possible; none where nothing gains), the end expected; at most ``LEAD_WORDS`` words
    where the move's name allows."""
    mover = state.current_player
    name = state._name(move)
    end = f"ends {state.game.margin_words(margin)}" if margin is not None else ""
    reasons = [(c.worth, c.words) for c in facts if c.worth >= TELLING]
    seen = {c.words for c in facts}
    for p, c in along:
        if p == mover and c.worth >= TELLING and c.words not in seen:
            step = next((s for s in steps if s.player == p and c.words in s.words), None)
            if step is not None:
                reasons.append((c.worth - 1e-9, f"then {step.name or step.move}: {c.words}"))
    reason = max(reasons, default=(0.0, ""), key=lambda r: r[0])[1]
    room = LEAD_WORDS - _count(name) - _count(end)
    forms = (reason, _short(reason), _short(reason, keep_then=False))
    said = next((f for f in forms if _count(f) <= room), "")
    if not said and _count(forms[-1]) <= room + LEAD_MORE:
        said = forms[-1]  # a long name: the reason said as short as it goes

    parts = [name[:1].upper() + name[1:] + (f": {said}" if said else "")]
    if end:
        parts.append(end)
    return "; ".join(parts) + "."


def _count(words: str) -> int:
    return len(words.split())


def _short(words: str, keep_then: bool = True) -> str:
    """A reason said shorter: without its brackets and what follows a colon ("completes
    window 2: red +2, yellow +15" -> "completes window 2"); ``keep_then=False`` also drops
    the move a "then ..." reason names."""
    import re

    head = ""
    if words.startswith("then ") and ": " in words:
        head, words = words.split(": ", 1)
        head = head + ": " if keep_then else "then "
    words = re.sub(r" \([^()]*\)", "", words).split(": ", 1)[0]
    return head + words


def _details(
    state: State,
    move: Move,
    facts: Sequence[Consequence],
    steps: Sequence[Step],
    margin: float | None,
    searched: bool,
) -> tuple[str, ...]:
    """The move's consequences, then each ply of the line, then the margin and whose it is."""
    mover = state.current_player
    out = [f"Now: {move_words(state, move)}."]
    if facts:
        out.append("So: " + "; ".join(c.words for c in facts) + ".")
    for step in steps:
        named = f"{step.name} ({step.move})" if step.name and step.name != step.move else step.move
        if step.player == CHANCE:
            how = "if, say," if step.assumed else "then"
            out.append(f"Then, {how} {named}: {step.words}.".replace("Then, then", "Then"))
        elif step.player == mover and state.num_players == 1:
            out.append(f"Then you play {named}: {step.words}.")
        else:
            out.append(f"Then {_who(state, step.player)} plays {named}: {step.words}.")
    if margin is not None:
        how = "the search's own figure" if searched else "the game's estimate after this line"
        out.append(f"Expected at the end: {state.game.margin_words(margin)} ({how}).")
    return tuple(out)


def explain(
    state: State,
    candidates: Sequence[Candidate],
    lines: dict[Move, list[Move]] | None = None,
    seed: int | None = None,
    top: int | None = None,
    budget_s: float | None = None,
) -> list[Told]:
    """What to say of each of the first ``top`` ``candidates`` (ranked best first, by the
    search) in ``state`` (unchanged), each against the one after it (``candidates`` may hold
    one more than ``top`` for that); ``lines``: the search's expected line after each move,
    where it has one. ``seed`` makes the drawn chance outcomes reproducible. ``budget_s``:
    seconds for the words (None: no clock, the same words on any machine); once they are
    spent, lines go no further than the search saw them."""
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    if top is None:
        top = len(candidates)
    work = state.clone()
    base = 0 if seed is None else seed
    said: list[tuple[Told, list[tuple[int, Consequence]]]] = []
    for cand in candidates[: top + 1]:
        given = (lines or {}).get(cand.move, [])
        plies = expected_line(work, cand.move, given, random.Random(base * 7919), deadline=deadline)
        steps, along, end = _steps(work, cand.move, plies)
        searched = cand.margin is not None
        margin = cand.margin if searched else _margin(work, cand.move, end, base, deadline)
        facts = _facts(work, cand.move)
        told = Told(
            cand.move,
            margin,
            tuple(steps),
            _lead(work, cand.move, facts, steps, along, margin),
            _details(work, cand.move, facts, steps, margin, searched),
            "",
            tuple(facts),
            False,
        )
        said.append((told, along))
    out = []
    for k, (told, along) in enumerate(said[:top]):
        if k + 1 < len(said):
            nxt, nxt_along = said[k + 1]
            told = replace(told, equal_to_next=indistinct(candidates[k], candidates[k + 1]))
            told = replace(told, versus=_difference(work, told, nxt, along, nxt_along))
        out.append(told)
    return out


def summary(state: State, move: Move | str) -> str:
    """What ``move`` does in ``state`` in a few words, as a lead begins: its most telling
    consequences (at most ``LEAD_FACTS``), or the game's own words for it (``explain``) when
    none matters much; an illegal move's rule."""
    if isinstance(move, str):
        move = state.parse_move(move)
    said = state.explain(move)
    if not said.legal:
        return str(said)
    return _said(_facts(state, move), state, move, LEAD_FACTS)


def gives_away(state: State, move: Move, answer: Move | None, seed: int = 0) -> str:
    """What ``move`` gives away in ``state`` (unchanged), in words: the answer that punishes
    it (``answer``, the search's; without one, the other player's answer along the expected
    line past the chance it assumes, the most punishing of ``MARGIN_LINES`` such lines in a
    game of chance) and what that answer brings about. Empty when no other player's answer
    brings about anything that matters."""
    mover = state.current_player
    work = state.clone()
    if answer is not None:
        work._push(move)
        if answer in work.legal_moves():
            who = _who(work, work.current_player)
            telling = [c for c in _facts(work, answer) if abs(c.worth) >= TELLING]
            said = _short(", ".join(c.words for c in telling[:LEAD_FACTS]))
            return f"{who} answers {work._name(answer)}" + (f": {said}" if said else "")
        return ""
    if state.game.facts.hidden_information:  # the answer as the mover may imagine it
        work = state.view(mover)
    found: tuple[float, str] | None = None
    for k in range(MARGIN_LINES if state.game.facts.chance else 1):
        plies = expected_line(work, move, (), random.Random(seed * 7919 + k))
        steps, along, _ = _steps(work, move, plies)
        chance = [s.name or s.move for s in steps if s.player == CHANCE and s.assumed]
        step = next((s for s in steps if s.player >= 0 and s.player != mover), None)
        if step is None:
            continue
        hit = [c.worth for p, c in along if p == step.player and c.words in step.words]
        worth = max(hit, default=0.0)
        if worth >= TELLING and (found is None or worth > found[0]):
            say = f", after {chance[0]}, say" if chance else ""
            said = f"{step.name or step.move}{say}: {_short(step.words)}"
            found = (worth, f"{_who(work, step.player)} may answer {said}")
    return "" if found is None else found[1]
