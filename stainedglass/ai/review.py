"""After the game: a move against the best one (``compare``) and a whole game judged move by
move (``review``), every verdict in words.

Values are the mover's share of the win (0..1: a win chance in a two-player game, the chance to
reach the target in solo Sagrada), each found the same way: the search's best value of the
position after the move, seen from the mover's seat. The searches are the game's hint search
(``Game.hint_bot``: MCTS, or the game's own); by ``playouts`` they are exactly reproducible
(same record, playouts and seed: the same review; for a search that is not MCTS, the same work
in its own units, ``Bot.effort``), by ``budget_s`` they follow the clock. Hidden cards stay
hidden: each search sees the game as the mover saw it (or, for a review made for one player,
as that player saw it).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=3)
>>> verdict = sg.ai.compare(state, state.legal_moves()[-1], playouts=60, seed=1)
>>> verdict.loss >= 0 and verdict.best in [str(m) for m in state.legal_moves()]
True
>>> label(0.0), label(0.07), label(0.25)
('best', 'inaccuracy', 'blunder')
"""

from __future__ import annotations

import re

import random
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from ..core import CHANCE, Move, State
from .bots import bot as make_bot, bot_class
from .explain import gives_away, summary
from .search import StopFlag, leaf_value, sample_outcome

__all__ = ["Comparison", "Judgement", "Review", "compare", "review", "label", "LABELS"]

LABELS: tuple[tuple[str, float], ...] = (
    ("best", 0.02),
    ("good", 0.05),
    ("inaccuracy", 0.10),
    ("mistake", 0.20),
    ("blunder", 1.01),
)
"""A judged move's label by its loss (win-chance points given away, 0..1): below 0.02 it is as
good as the best (two searches of one position at the default playouts differ by about that
much, so a smaller loss is noise); below 0.05 good; below 0.10 an inaccuracy (one game in ten
or twenty); below 0.20 a mistake; from 0.20 a blunder (one game in five thrown away)."""

DEFAULT_PLAYOUTS = 400
"""Playouts a position at the default budget: ``make bench`` times a whole Cathedral review."""


def label(loss: float) -> str:
    """The word for a move that gave away ``loss`` (see ``LABELS``)."""
    for word, below in LABELS:
        if loss < below:
            return word
    return LABELS[-1][0]


@dataclass(frozen=True)
class Comparison:
    """A move against the best the search found, from the mover's seat (values 0..1)."""

    move: str
    value: float
    best: str
    best_value: float
    loss: float
    label: str
    refutation: str | None
    """The next player's best answer to ``move`` (None where the mover moves again, chance
    comes next, or the game ends)."""
    reason: str

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Judgement:
    """One ply of a review. ``player`` is the mover (``sg.CHANCE`` for dice and cards: not
    judged, labelled "luck": ``before`` -> ``after`` for the player to move next; another
    player's move in a review made for one player of a hidden-card game: labelled "hidden");
    ``chances`` is every player's share of the win after this ply, for the timeline."""

    ply: int
    player: int
    move: str
    before: float
    after: float
    loss: float
    label: str
    best: str | None
    reason: str
    chances: tuple[float, ...]


@dataclass
class Review:
    """A game judged move by move; ``start`` is every player's share of the win before move 1."""

    game: str
    judgements: list[Judgement] = field(default_factory=list)
    start: tuple[float, ...] = ()
    complete: bool = True

    def mean_loss(self, player: int) -> float:
        """The mean loss of ``player``'s judged moves (0 if they made none)."""
        losses = [j.loss for j in self.judgements if j.player == player]
        return sum(losses) / len(losses) if losses else 0.0

    def counts(self, player: int) -> dict[str, int]:
        """How many of ``player``'s moves got each label."""
        out = {word: 0 for word, _ in LABELS}
        for j in self.judgements:
            if j.player == player:
                out[j.label] += 1
        return out


# ---- one move -------------------------------------------------------------------------------


def _searcher(
    state: State, seed: int, playouts: int | None, budget_s: float | None, stop: StopFlag | None
) -> Any:
    """The game's hint search with this budget (``playouts`` in its own units of work)."""
    name = state.game.hint_bot
    cls = bot_class(name)
    opts: dict[str, Any] = {"seed": seed}
    if "early_stop" in cls.defaults:  # a review weighs every move: no settling early
        opts["early_stop"] = False
    if playouts is not None:
        if cls.effort is None:
            raise ValueError(f"the {name} bot has no fixed budget of work for a review")
        unit, per_playout = cls.effort
        opts[unit] = max(1, round(playouts * per_playout))
    if budget_s is not None:
        opts["budget"] = budget_s
    if stop is not None:
        opts["stop"] = stop
    return make_bot(name, **opts)


def _check_budget(playouts: int | None, budget_s: float | None) -> None:
    if playouts is not None and (
        isinstance(playouts, bool)
        or not isinstance(playouts, int)
        or not 1 <= playouts <= 1_000_000
    ):
        raise ValueError(f"playouts must be a whole number 1 to 1,000,000, not {playouts!r}")
    if budget_s is not None and (
        isinstance(budget_s, bool)
        or not isinstance(budget_s, (int, float))
        or not 0 < budget_s <= 3600
    ):
        raise ValueError(f"budget_s must be a number of seconds above 0, not {budget_s!r}")


def _spread(state: State, mover: int, value: float) -> tuple[float, ...]:
    """Every player's share of the win, given the ``mover``'s: two players split it; with more,
    the others share the rest as the game's ``evaluate()`` weighs them."""
    n = state.num_players
    if n == 1:
        return (value,)
    if n == 2:
        return (value, 1 - value) if mover == 0 else (1 - value, value)
    shares = leaf_value(state)
    others = sum(s for p, s in enumerate(shares) if p != mover) or 1.0
    return tuple(value if p == mover else (1 - value) * s / others for p, s in enumerate(shares))


def _value_after(
    state: State,
    mover: int,
    seed: int,
    playouts: int | None,
    budget_s: float | None,
    stop: StopFlag | None,
) -> tuple[float, Move | None]:
    """The ``mover``'s value of ``state`` (just after their move) and the next player's best
    answer when another player moves next."""
    if state.is_terminal():
        return state.returns()[mover], None
    if state.is_chance():  # the mean over what chance may bring, searched after each
        lines = _chance_lines(state, seed)
        few = None if playouts is None else max(8, playouts // len(lines))
        part = None if budget_s is None else budget_s / len(lines)
        total = 0.0
        for outcomes, p in lines:
            for outcome in outcomes:
                state._push(outcome)
            total += p * _value_after(state, mover, seed, few, part, stop)[0]
            for _ in outcomes:
                state.undo()
        return total, None
    player = state.current_player
    top = _searcher(state, seed, playouts, budget_s, stop).analyse(state, top=1)
    if not top:
        return leaf_value(state)[mover], None
    if player == mover:
        return top[0].value, None
    reply = top[0].move
    if state.num_players == 2:
        return 1 - top[0].value, reply
    state._push(reply)
    value = leaf_value(state)[mover]
    state.undo()
    return value, reply


CHANCE_LINES = 12
"""At most this many ways chance may go are searched after a move (all of them when fewer)."""


def _chance_lines(state: State, seed: int) -> list[tuple[list[Move], float]]:
    """The ways chance may go from here to the next decision, with their weights: every
    outcome when there are at most ``CHANCE_LINES`` and a decision follows each, else
    ``CHANCE_LINES`` lines drawn by probability (seeded: reproducible)."""
    outcomes = state.chance_outcomes()
    if len(outcomes) <= CHANCE_LINES:
        exact = []
        for move, p in outcomes:
            state._push(move)
            simple = not state.is_chance()
            state.undo()
            if not simple:
                break
            exact.append(([move], p))
        else:
            return exact
    rng = random.Random(seed)
    lines = []
    for _ in range(CHANCE_LINES):
        line: list[Move] = []
        while state.is_chance():
            move = sample_outcome(state, rng)
            state._push(move)
            line.append(move)
        for _ in line:
            state.undo()
        lines.append((line, 1 / CHANCE_LINES))
    return lines


def _words(state: State, move: Move | str) -> str:
    """What ``move`` does, as hints say it (:func:`stainedglass.ai.explain.summary`): its most
    telling consequences, or the game's own words for it."""
    return summary(state, move)


def said_move(state: State, move: Move | str) -> str:
    """``move`` in ``state`` as a learner reads it: what it does, in the game's own words (up to
    what follows from it), with the notation beside.

    >>> import stainedglass as sg
    >>> said_move(sg.load("cathedral").new_game(), "cathedral e4 d5 e5 f5 e6 e7")
    'Light places the cathedral on e4 d5 e5 f5 e6 e7 (cathedral e4 d5 e5 f5 e6 e7)'
    """
    said = state.explain(move)
    text = str(move) if isinstance(move, str) else str(state.parse_move(str(move)))
    if not said.legal:
        return text
    words = re.split(r": |; |\. ", said.words.strip(), maxsplit=1)[0].rstrip(".")
    words = re.sub(r" \((?:a|an|the) [^()]*\)$", "", words)  # what kind of field or space
    return f"{words} ({text})" if words and words != text else text


def compare(
    state: State,
    move: Move | str,
    budget_s: float | None = None,
    playouts: int | None = None,
    seed: int = 0,
    stop: StopFlag | None = None,
) -> Comparison:
    """``move`` against the best move the search finds, from the mover's seat: both values, the
    loss, the next player's best answer to ``move`` and the reason in the game's own words,
    said as hints say them (:mod:`stainedglass.ai.explain`): what each move brings about and
    what the played move gives away (the answer that punishes it and what that answer does;
    in a game of chance, the other player's answer along the expected line).
    The budget: ``playouts`` per position searched (reproducible), or ``budget_s`` seconds in
    all; neither given, ``DEFAULT_PLAYOUTS``."""
    _check_budget(playouts, budget_s)
    if state.is_terminal():
        raise ValueError("compare(): the game is over")
    if state.is_chance():
        raise ValueError("compare(): chance moves are not judged (no one chooses them)")
    if isinstance(move, str):
        move = state.parse_move(move)
    reason = state._illegal_reason(move) if isinstance(move, Move) else "not a move"
    if reason is not None:
        raise ValueError(f"compare(): {move} is illegal: {reason}")
    if playouts is None and budget_s is None:
        playouts = DEFAULT_PLAYOUTS
    mover = state.current_player
    share = None if budget_s is None else budget_s / 3
    work = state.view(mover)  # the mover's knowledge only
    ranked = _searcher(work, seed, playouts, share, stop).analyse(work, top=1)
    best = ranked[0].move if ranked else move
    values: dict[Move, tuple[float, Move | None]] = {}
    for candidate in dict.fromkeys([move, best]):
        work._push(candidate)
        values[candidate] = _value_after(work, mover, seed, playouts, share, stop)
        work.undo()
    value, refutation = values[move]
    best_value = values[best][0]
    if value >= best_value:  # the second look rates the played move at least as high
        best, best_value = move, value
    loss = max(0.0, best_value - value)
    word = label(loss)
    words = _words(state, move)
    if best == move or word == "best":
        reason = f"{move} is as good as the best the search found: {value:.0%} to win ({words})"
    else:
        reason = (
            f"{best} was best, {best_value:.0%} to win ({_words(state, best)}); "
            f"{move} leaves {value:.0%} ({words})"
        )
        given = gives_away(state, move, refutation, seed)  # the answer that punishes it
        if given:
            reason += f"; {given}"
    return Comparison(
        str(move),
        value,
        str(best),
        best_value,
        loss,
        word,
        None if refutation is None else str(refutation),
        reason + ".",
    )


# ---- a whole game -------------------------------------------------------------------------------


def review(
    record: Any,
    budget_s: float | None = None,
    playouts: int | None = None,
    seed: int = 0,
    player: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: StopFlag | None = None,
) -> Review:
    """Every move of ``record`` (a :class:`~stainedglass.Record`, or a state whose game so far
    is reviewed) judged with :func:`compare`; chance moves shown as luck. ``player``: review as
    that player saw the game (the others' hidden cards guessed). ``progress(done, total)`` is
    called after each ply; ``stop`` (an Event) ends it early with ``complete`` False."""
    _check_budget(playouts, budget_s)
    if isinstance(record, State):
        record = record.record()
    moves = list(record.moves)
    state = record.state(0)
    if player is not None:
        state._check_player(player)
    if playouts is None and budget_s is None:
        playouts = DEFAULT_PLAYOUTS
    per_ply = None if budget_s is None else budget_s / max(1, len(moves))
    out = Review(record.game)
    out.start = _chances_here(state, seed, playouts, per_ply, stop, player)
    previous = out.start
    for ply, text in enumerate(moves, 1):
        if stop is not None and stop.is_set():
            out.complete = False
            break
        mover = state.current_player
        if mover == CHANCE:
            state.play(text)
            chances = _chances_here(state, seed + ply, playouts, per_ply, stop, player)
            nxt = state.current_player if state.current_player >= 0 else 0
            out.judgements.append(
                Judgement(
                    ply,
                    CHANCE,
                    text,
                    previous[nxt],
                    chances[nxt],
                    0.0,
                    "luck",
                    None,
                    f"{text}: luck for {state.game.player_names[nxt]}, "
                    f"{previous[nxt]:.0%} -> {chances[nxt]:.0%}",
                    chances,
                )
            )
        elif player is not None and player != mover and state.game.facts.hidden_information:
            state.play(text)  # their cards are hidden from the reviewer: not judged
            chances = _chances_here(state, seed + ply, playouts, per_ply, stop, player)
            who = state.game.player_names[mover]
            out.judgements.append(
                Judgement(
                    ply,
                    mover,
                    text,
                    previous[mover],
                    chances[mover],
                    0.0,
                    "hidden",
                    None,
                    f"{who} played {text}: not judged, their cards are hidden from you",
                    chances,
                )
            )
        else:
            seen = state if player is None or player == mover else state.view(player)
            verdict = compare(
                seen, text, budget_s=per_ply, playouts=playouts, seed=seed + ply, stop=stop
            )
            state.play(text)
            chances = _spread(state, mover, verdict.value)
            out.judgements.append(
                Judgement(
                    ply,
                    mover,
                    text,
                    verdict.best_value,
                    verdict.value,
                    verdict.loss,
                    verdict.label,
                    verdict.best,
                    verdict.reason,
                    chances,
                )
            )
        previous = chances
        if progress is not None:
            progress(ply, len(moves))
    return out


def _chances_here(
    state: State,
    seed: int,
    playouts: int | None,
    budget_s: float | None,
    stop: StopFlag | None,
    player: int | None,
) -> tuple[float, ...]:
    """Every player's share of the win in this position (the timeline's point)."""
    if state.is_terminal():
        return tuple(state.returns())
    if state.is_chance():
        n = state.num_players
        total = [0.0] * n
        outcomes = state.chance_outcomes()
        if len(outcomes) > 24:
            rng = random.Random(seed)
            picks = [outcomes[rng.randrange(len(outcomes))][0] for _ in range(24)]
            outcomes = [(m, 1 / 24) for m in picks]
        for outcome, p in outcomes:
            state._push(outcome)
            shares = leaf_value(state)
            state.undo()
            for i in range(n):
                total[i] += p * shares[i]
        return tuple(total)
    mover = state.current_player
    seen = state.view(mover if player is None else player)
    top = _searcher(seen, seed, playouts, budget_s, stop).analyse(seen, top=1)
    value = top[0].value if top else leaf_value(state)[mover]
    return _spread(state, mover, value)
