"""After the game: a move against the best one (``compare``) and a whole game judged move by
move (``review``), every verdict in words.

Values are the mover's share of the win (0..1: a win chance in a two-player game, the chance to
reach the target in solo Sagrada), seen from the mover's seat. The best move and its value
come from the search of the position the move was played in; the played move's value from
that same search where it weighed the move well (a playout search's own estimate), else from
the position after it (searched once: a review's next verdict starts there). A search that
counts depth looks at the best move a ply on too, so both are valued alike. The searches are
the game's hint search (``Game.hint_bot``: MCTS, or the game's own); by ``playouts`` they are
exactly reproducible (same record, playouts and seed: the same review; for a search that is
not MCTS, the same work in its own units, ``Bot.effort``), by ``budget_s`` they follow the
clock. Hidden cards stay hidden: each search sees the game as the player to move there saw
it (or, for a review made for one player, as that player saw it).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=3)
>>> verdict = sg.ai.compare(state, state.legal_moves()[-1], playouts=60, seed=1)
>>> verdict.loss >= 0 and verdict.best in [str(m) for m in state.legal_moves()]
True
>>> label(0.0), label(0.01), label(0.07), label(0.25)
('best', 'excellent', 'inaccuracy', 'blunder')
"""

from __future__ import annotations

import functools
import random
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from ..core import CHANCE, IllegalMove, Move, State
from ..processes import process_pool
from .bots import bot as make_bot, bot_class
from .explain import TELLING, _short, gives_away, summary
from .search import Candidate, StopFlag, leaf_value, sample_outcome

__all__ = [
    "Comparison",
    "Judgement",
    "Review",
    "compare",
    "review",
    "label",
    "LABELS",
    "MEANINGS",
    "SYMBOLS",
    "verdict_words",
]

LABELS: tuple[tuple[str, float], ...] = (
    ("best", 0.005),
    ("excellent", 0.02),
    ("good", 0.05),
    ("inaccuracy", 0.10),
    ("mistake", 0.20),
    ("blunder", 1.01),
)
"""The one scale of verdicts (the review, "Compare my move", the coach, a class's answers, the
puzzles), a judged move's word by its loss (win-chance points given away, 0..1): the move the
search found best, or below half a point, best; below 0.02 excellent (two searches of one
position at the default playouts differ by about that much); below 0.05 good; below 0.10 an
inaccuracy (one game in ten or twenty); below 0.20 a mistake; from 0.20 a blunder (one game in
five thrown away)."""

SYMBOLS = {
    "best": "★",
    "excellent": "!",
    "good": "✓",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
}
"""The sign that goes with each verdict, wherever it is shown (besides its word and colour)."""

MEANINGS = {
    "best": "the move the computer rates highest",
    "excellent": "almost as good as the best (under 2% of the win given away)",
    "good": "a little behind the best (2-5% of the win given away)",
    "inaccuracy": "a small slip (5-10% of the win given away)",
    "mistake": "a real loss (10-20% of the win given away)",
    "blunder": "a big loss (more than a fifth of the win given away)",
}
"""What each verdict means, in a sentence's words a pupil reads."""

DEFAULT_PLAYOUTS = 400
"""Playouts a position at the default budget: ``make bench`` times a whole Cathedral review."""


def verdict_words(word: str) -> str:
    """A verdict as a pupil reads it, its sign first: ``"?? Blunder"`` (any other label, such as
    luck, as it is).

    >>> verdict_words("blunder"), verdict_words("excellent"), verdict_words("luck")
    ('?? Blunder', '! Excellent', 'Luck')
    """
    return f"{SYMBOLS.get(word, '')} {word.capitalize()}".strip()


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
    better: str = ""
    """Where ``move`` is not as good as the best: the best in words and what it keeps ("the
    castle on e1-g2 kept 50% (claims 1 square)"); else empty."""
    punished: str = ""
    """The answer that punishes ``move``, in words ("Light answers the castle on e1-g2: claims
    2 squares"); empty where none is telling."""

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
    state: State,
    seed: int,
    playouts: int | None,
    budget_s: float | None,
    stop: StopFlag | None,
    bot: str | None = None,
) -> Any:
    """The game's hint search (or ``bot``) with this budget (``playouts`` in its own units of
    work)."""
    name = bot or state.game.hint_bot
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
    lines: int | None = None,
    bot: str | None = None,
) -> tuple[float, Move | None]:
    """The ``mover``'s value of ``state`` (just after their move) and the next player's best
    answer when another player moves next; where chance comes first, the mean over
    ``lines`` ways it may go (default ``CHANCE_LINES``); searched by ``bot`` (default: the
    game's hint search)."""
    if state.is_terminal():
        return state.returns()[mover], None
    if state.is_chance():  # the mean over what chance may bring, searched after each
        ways = _chance_lines(state, seed, lines or CHANCE_LINES)
        few = None if playouts is None else max(8, playouts // len(ways))
        part = None if budget_s is None else budget_s / len(ways)
        total = 0.0
        for outcomes, p in ways:
            for outcome in outcomes:
                state._push(outcome)
            total += p * _value_after(state, mover, seed, few, part, stop, lines, bot)[0]
            for _ in outcomes:
                state.undo()
        return total, None
    top = _searcher(state, seed, playouts, budget_s, stop, bot).analyse(state, top=1)
    return _value_of(state, mover, _Searched.of(top))


CHANCE_LINES = 12
"""At most this many ways chance may go are searched after a move (all of them when fewer)."""


def _chance_lines(
    state: State, seed: int, count: int = CHANCE_LINES
) -> list[tuple[list[Move], float]]:
    """The ways chance may go from here to the next decision, with their weights: every
    outcome when there are at most ``count`` and a decision follows each, else ``count``
    lines drawn by probability (seeded: reproducible)."""
    outcomes = state.chance_outcomes()
    if len(outcomes) <= count:
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
    for _ in range(count):
        line: list[Move] = []
        while state.is_chance():
            move = sample_outcome(state, rng)
            state._push(move)
            line.append(move)
        for _ in line:
            state.undo()
        lines.append((line, 1 / count))
    return lines


def _words(state: State, move: Move | str) -> str:
    """What ``move`` does, as hints say it (:func:`stainedglass.ai.explain.summary`): its most
    telling consequences, or the game's own words for it."""
    return summary(state, move)


def _name(state: State, move: Move | str) -> str:
    """``move`` in words (``State.move_name``), or its text where it is not legal here."""
    try:
        return state.move_name(move)
    except IllegalMove:
        return str(move)


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def _short_fact(state: State, move: Move) -> str:
    """The most telling thing ``move`` brings about, said short (no list of buildings)."""
    facts = sorted(state.consequences(move), key=lambda c: -c.worth)
    telling = [c for c in facts if c.worth >= TELLING]
    if not telling:
        return ""
    words = _short(telling[0].words)
    return words if len(words.split()) <= 8 else ""


def said_with_gain(state: State, move: Move | str) -> str:
    """``move`` in words with the most telling thing it brings about, said short: what a
    class's reveal says of the best move.

    >>> import stainedglass as sg
    >>> said_with_gain(sg.load("cathedral").new_game(), "cathedral e4 d5 e5 f5 e6 e7")
    'the cathedral on d4-f7'
    """
    name = _name(state, move)
    try:
        fact = _short_fact(state, state.parse_move(str(move)))
    except IllegalMove:
        fact = ""
    return f"{name}: {fact}" if fact else name


def said_move(state: State, move: Move | str) -> str:
    """``move`` in ``state`` as a learner reads it: the move in words, as the board shows it
    (``State.move_name``); its text where it is not legal here.

    >>> import stainedglass as sg
    >>> said_move(sg.load("cathedral").new_game(), "cathedral e4 d5 e5 f5 e6 e7")
    'the cathedral on d4-f7'
    """
    return _name(state, move)


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
    share = None if budget_s is None else budget_s / 2
    work = state.view(mover)  # the mover's knowledge only
    here = _search_position(work, str(move), None, seed, playouts, share, stop)
    after = work.clone()
    after._push(move)
    found: list[_Searched] = []

    def next_search() -> _Searched:  # the position after the move, searched once if need be
        if not found:
            found.append(_search_position(after, None, mover, seed + 1, playouts, share, stop))
        return found[0]

    return _judge(work, move, here, after, next_search, seed)


def _judge(
    before: State,
    move: Move,
    here: _Searched,
    after: State,
    next_search: Callable[[], _Searched],
    seed: int,
) -> Comparison:
    """The verdict on ``move``, played in ``before`` (searched: ``here``) to reach ``after``:
    the best move and its value from ``here``; the played move's from ``here`` too where the
    search weighed it, else from ``next_search()`` (the position after it), whose best move
    is also the next player's answer (the refutation)."""
    mover = before.current_player
    refutation = None
    if here.best is None or here.best == str(move) or here.played is not None:
        value = here.value if here.played is None else here.played
    elif after.is_terminal():
        value = after.returns()[mover]
    elif after.is_chance():  # not valued by the search (a move it could not see)
        value = _chance_mean(after, seed)[mover]
    else:
        value, refutation = _value_of(after, mover, next_search())
    if (
        refutation is None
        and not after.is_terminal()
        and not after.is_chance()
        and after.current_player != mover
    ):  # the answer the next position's search found
        reply = next_search().best
        refutation = None if reply is None else after.parse_move(reply)
    return _verdict(
        before,
        move,
        value,
        move if here.best is None else before.parse_move(here.best),
        value if here.best is None else here.value if here.second is None else here.second,
        refutation,
        seed,
    )


def _verdict(
    state: State,
    move: Move,
    value: float,
    best: Move,
    best_value: float,
    refutation: Move | None,
    seed: int,
) -> Comparison:
    """The comparison of ``move`` (worth ``value`` to its mover) with ``best``, in words."""
    best_value = max(best_value, value)  # a second look may rate the played move higher
    loss = best_value - value
    word = "best" if best == move else label(loss)
    name = _name(state, move)
    better = punished = ""
    if best == move:
        reason = f"{_cap(name)}: the best move the computer found, {value:.0%} to win"
    elif loss < LABELS[1][1]:
        reason = (
            f"{_cap(name)}: about as good as the best the computer found, {_name(state, best)}"
            f" ({value:.0%} to win against {best_value:.0%})"
        )
    else:
        fact = _short_fact(state, best)
        better = f"{_name(state, best)} kept {best_value:.0%}{f' ({fact})' if fact else ''}"
        reason = f"{_cap(name)} leaves {value:.0%} to win; {better}"
        punished = gives_away(state, move, refutation, seed)  # the answer that punishes it
        if punished:
            reason += f". {punished}"
    return Comparison(
        str(move),
        value,
        str(best),
        best_value,
        loss,
        word,
        None if refutation is None else str(refutation),
        reason + ".",
        better,
        punished,
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
    partial: Callable[[Review], None] | None = None,
    jobs: int = 1,
) -> Review:
    """Every move of ``record`` (a :class:`~stainedglass.Record`, or a state whose game so far
    is reviewed) judged as :func:`compare` judges one; chance moves shown as luck. ``player``:
    review as that player saw the game (the others' hidden cards guessed). ``progress(done,
    total)`` is called after each ply, and ``partial(review)`` with the review so far (the
    judgements as they come); ``stop`` (an Event) ends it early with ``complete`` False.

    Each position of the game is searched once (``playouts`` a position, or ``budget_s`` shared
    among them): the best move and its value come from the search of the position a move was
    played in, the played move's value from that same search where it weighed the move well
    (``SUPPORTED``), else from the search of the position after it (the next move's, so no
    work is done twice) and the next player's best answer there. ``jobs`` processes (1 to
    ``MAX_JOBS``) search the positions, in the game's order; the review is the same whatever
    their number (each search has its own seed)."""
    _check_budget(playouts, budget_s)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be a whole number 1 to {MAX_JOBS}, not {jobs!r}")
    if isinstance(record, State):
        record = record.record()
    moves = list(record.moves)
    state = record.state(0)
    if player is not None:
        state._check_player(player)
    if playouts is None and budget_s is None:
        playouts = DEFAULT_PLAYOUTS
    per_ply = None if budget_s is None else budget_s / max(1, len(moves))
    searched: dict[int, _Searched] = {}
    ahead = _Ahead(record, player, seed, playouts, per_ply, jobs, stop) if jobs > 1 else None

    def search(ply: int) -> _Searched:
        """The search of the position after ``ply`` moves (``state`` stands there), from its
        mover's seat (or the reviewer's): once."""
        if ply not in searched:
            found = None if ahead is None else ahead.result(ply)
            if found is None:
                nxt = moves[ply] if ply < len(moves) else None
                found = _search_position(
                    state, nxt, player, seed + ply + 1, playouts, per_ply, stop
                )
            searched[ply] = found
        return searched[ply]

    def chances(ply: int) -> tuple[float, ...]:
        """Every player's share of the win after ``ply`` moves (the timeline's point)."""
        if state.is_terminal():
            return tuple(state.returns())
        if state.is_chance():
            return _chance_mean(state, seed + ply)
        mover = state.current_player
        found = search(ply)
        return _spread(
            state, mover, leaf_value(state)[mover] if found.best is None else found.value
        )

    try:
        out = Review(record.game)
        out.start = chances(0)
        previous = out.start
        for ply, text in enumerate(moves, 1):
            if stop is not None and stop.is_set():
                out.complete = False
                break
            mover = state.current_player
            if mover == CHANCE:
                state.play(text)
                after = chances(ply)
                nxt = state.current_player if state.current_player >= 0 else 0
                judgement = Judgement(
                    ply,
                    CHANCE,
                    text,
                    previous[nxt],
                    after[nxt],
                    0.0,
                    "luck",
                    None,
                    f"{text}: luck for {state.game.player_names[nxt]}, "
                    f"{previous[nxt]:.0%} -> {after[nxt]:.0%}",
                    after,
                )
            elif player is not None and player != mover and state.game.facts.hidden_information:
                state.play(text)  # their cards are hidden from the reviewer: not judged
                after = chances(ply)
                who = state.game.player_names[mover]
                judgement = Judgement(
                    ply,
                    mover,
                    text,
                    previous[mover],
                    after[mover],
                    0.0,
                    "hidden",
                    None,
                    f"{who} played {text}: not judged, their cards are hidden from you",
                    after,
                )
            else:
                before = state.clone() if player is None or player == mover else state.view(player)
                move = before.parse_move(text)
                here = search(ply - 1)
                state.play(text)
                # the position the move reached: searched once, for this verdict and the next
                verdict = _judge(
                    before, move, here, state, functools.partial(search, ply), seed + ply
                )
                judgement = Judgement(
                    ply,
                    mover,
                    text,
                    verdict.best_value,
                    verdict.value,
                    verdict.loss,
                    verdict.label,
                    verdict.best,
                    verdict.reason,
                    _spread(state, mover, verdict.value),
                )
            out.judgements.append(judgement)
            previous = judgement.chances
            if progress is not None:
                progress(ply, len(moves))
            if partial is not None:
                partial(out)
        return out

    finally:
        if ahead is not None:
            ahead.close()


SUPPORTED = 0.1
"""A move a playout search gave at least this share of its playouts is weighed well enough to
be judged by that search's value for it (a review's played move); with less, the position
after it is searched."""

REVIEW_CHANCE_LINES = 4
"""Where chance follows a move a review must weigh itself, this many ways it may go are
searched (``CHANCE_LINES`` for one move compared)."""


def _well_weighed(candidate: Candidate, top: list[Candidate]) -> bool:
    """Whether a search weighed ``candidate`` well enough for its value to judge it: a playout
    search's own estimate, given a fair share of the playouts (a search that counts depth
    bounds every move but the best)."""
    if candidate.unit != "playouts":
        return False
    total = sum(c.support for c in top)
    return candidate.support >= max(8, SUPPORTED * total)


def _value_of(state: State, mover: int, found: _Searched) -> tuple[float, Move | None]:
    """The ``mover``'s value of ``state`` (just after their move, a decision next) from the
    search of it, and the next player's best answer when another player moves."""
    if found.best is None:
        return leaf_value(state)[mover], None
    if state.current_player == mover:
        return found.value, None
    reply = state.parse_move(found.best)
    if state.num_players == 2:
        return 1 - found.value, reply
    state._push(reply)
    value = leaf_value(state)[mover]
    state.undo()
    return value, reply


@dataclass(frozen=True)
class _Searched:
    """What a review keeps of the search of one position: the best move (None: no move was
    weighed) and its value for the player to move, and the value of the move played there
    when the search weighed it well (``SUPPORTED``)."""

    best: str | None
    value: float
    played: float | None
    second: float | None = None
    """The best move's value from the position after it, where the played move is valued
    there too (a search that counts depth rates the moves it plays in its own root
    differently from positions a ply on: the two are compared alike)."""

    @classmethod
    def of(
        cls, top: list[Candidate], played: float | None = None, second: float | None = None
    ) -> _Searched:
        """What is kept of a search's candidates ``top`` (best first)."""
        if not top:
            return cls(None, 0.0, None)
        return cls(str(top[0].move), top[0].value, played, second)


def _search_position(
    state: State,
    played: str | None,
    player: int | None,
    seed: int,
    playouts: int | None,
    budget_s: float | None,
    stop: StopFlag | None,
) -> _Searched:
    """Search ``state`` (a decision) as a review does, from its mover's seat (or ``player``'s),
    with ``seed``; ``played``: the move played there, if any. Where the search did not weigh
    it well and chance follows it, the mean over ``REVIEW_CHANCE_LINES`` ways chance may go
    (seeded ``seed + 1``, as the next position's search would be) values it."""
    mover = state.current_player
    seen = state.view(mover if player is None else player)
    top = _searcher(seen, seed, playouts, budget_s, stop).analyse(seen, top=None)
    if not top:
        return _Searched.of(top)
    value = None
    few = None if playouts is None else max(8, playouts // REVIEW_CHANCE_LINES)
    if played is not None:
        try:
            move: Move | None = seen.parse_move(played)
        except ValueError:  # a move the reviewer cannot see (IllegalMove among them)
            move = None
        weighed = next((c for c in top if c.move == move), None)
        if weighed is not None and _well_weighed(weighed, top):
            value = weighed.value
        elif move is not None and move != top[0].move:
            seen._push(move)
            if seen.is_chance() and not seen.is_terminal():
                value = _value_after(
                    seen, mover, seed + 1, few, budget_s, stop, lines=REVIEW_CHANCE_LINES
                )[0]
            seen.undo()
            if top[0].unit != "playouts":  # the best valued as the played move will be
                seen._push(top[0].move)
                second = _value_after(
                    seen, mover, seed + 1, playouts, budget_s, stop, lines=REVIEW_CHANCE_LINES
                )[0]
                seen.undo()
                return _Searched.of(top, value, second)
    return _Searched.of(top, value)


def _search_record(
    record: Any,
    ply: int,
    player: int | None,
    seed: int,
    playouts: int | None,
    budget_s: float | None,
) -> _Searched:
    """:func:`_search_position` of the position after ``ply`` moves of ``record``, in
    another process."""
    played = record.moves[ply] if ply < len(record.moves) else None
    return _search_position(
        record.state(ply), played, player, seed + ply + 1, playouts, budget_s, None
    )


MAX_JOBS = 64
"""The most processes a review searches with."""


class _Ahead:
    """A review's searches, every decision position of the game handed in order to ``jobs``
    processes as soon as the review starts; ``result(ply)`` waits for one (None once stopped,
    or where the position was not handed out)."""

    def __init__(
        self,
        record: Any,
        player: int | None,
        seed: int,
        playouts: int | None,
        budget_s: float | None,
        jobs: int,
        stop: StopFlag | None,
    ) -> None:
        self.stop = stop
        # spawned, not forked: the review board reviews in a thread of the notebook's kernel,
        # and a fork of a process with other threads running may copy a lock one of them holds
        # (a new process that starts afresh is safe wherever it starts); a script must then
        # keep its code under `if __name__ == "__main__":`, which process_pool checks, in words,
        # before a process starts
        self.pool = process_pool(jobs, "spawn")
        self.futures: dict[int, Future[_Searched]] = {}
        state = record.state(0)
        for ply in range(len(record.moves) + 1):
            if not state.is_terminal() and not state.is_chance():
                self.futures[ply] = self.pool.submit(
                    _search_record, record, ply, player, seed, playouts, budget_s
                )
            if ply < len(record.moves):
                state.play(record.moves[ply])

    def result(self, ply: int) -> _Searched | None:
        future = self.futures.get(ply)
        if future is None:
            return None
        while True:
            if self.stop is not None and self.stop.is_set():
                return None
            try:
                return future.result(timeout=0.05)
            except FuturesTimeout:
                continue

    def close(self) -> None:
        for future in self.futures.values():
            future.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)


def _chance_mean(state: State, seed: int) -> tuple[float, ...]:
    """Every player's share of the win at a chance position: ``evaluate()`` after each outcome
    (24 drawn when there are more), weighed by its chance."""
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
