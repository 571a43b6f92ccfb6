"""Puzzles: positions with one clearly best move, mined from bot games and checked by search.

A puzzle is a position (a game record stopped at a ply), its answer, and why: the game's hint
search (``Game.hint_bot``) weighed the best moves it found from the position, each searched
after it is played, and the answer beat the next best by at least the game's margin
(``Game.puzzle_rules``) at the puzzle's budget and again at twice that budget with another seed.
Where that search reached every end of the game (Cathedral's last placements), the puzzle is
proved, not estimated. Each puzzle keeps its margin, the budget that checked it, a theme in words
(``Game.puzzle_theme``: "wall off 12 squares"), what is known in a game of chance (the dice
rolled, the cards drawn, and the mover's own moves since: what the board shows), and a
difficulty: the weakest of three solvers that finds it (greedy: "easy"; the hint search at an
eighth of the budget: "medium"; else "hard").

An answer that is only whole with the moves it brings (``Game.answer_brings_moves``: a card
that lets its player place two panes) keeps its line: the answer and the mover's moves after it
while the turn goes on, as the search plays them (``Puzzle.line``). A learner's moves are judged
once their turn is over or as long as that line (``Puzzle.waits``), and right when they leave
the position the whole line leaves. A wrong move is told what the best move gains, never which
move it is (``Puzzle.nudge``).

Budgets are in the search's units of work (``playouts``), never seconds: the same command makes
the same puzzles on any machine (``python -m stainedglass puzzles cathedral -n 40 --seed 0``).
The package ships checked puzzles for every game (``shipped(game)``), as records.

>>> import stainedglass as sg
>>> shipped = sg.ai.puzzles.shipped("cathedral")
>>> len(shipped) >= 40
True
>>> puzzle = shipped[0]
>>> state = puzzle.state()
>>> puzzle.is_answer(state.parse_move(puzzle.answer))
True
>>> puzzle.margin >= sg.load("cathedral").puzzle_rules.margin
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any
from collections.abc import Callable, Sequence

from ..core import Game, Move, State, load
from ..record import Record, load_record
from .bots import bot as make_bot
from .bots import bot_names
from .review import LABELS, _searcher, _value_after, compare, label, said_move, verdict_words
from .search import StopFlag, leaf_value, position_key, sample_outcome

__all__ = [
    "Puzzle",
    "Attempt",
    "make",
    "shipped",
    "check",
    "loads",
    "dumps",
    "FORMAT",
    "VERSION",
    "DIFFICULTIES",
]

FORMAT = "stainedglass-puzzles"
VERSION = 1
DIFFICULTIES = ("easy", "medium", "hard")
RIVALS = 3
"""How many of the search's best moves are weighed against each other."""
MAX_LINE = 8
"""Moves in an answer's line, at most (the answer and the moves it brings)."""
MAX_PUZZLES = 10_000
"""Puzzles in one file, at most."""
MAX_TEXT = 20_000_000
"""Characters in a puzzle file, at most."""
EXPLORE = 0.3
"""The mining games' players: greedy, except for this share of random moves (a puzzle often
punishes a slip)."""


@dataclass(frozen=True)
class Attempt:
    """A learner's move on a puzzle (or their moves, the answer's line being longer): right or
    not, and why in words. A wrong move's words never name the answer: they say what the best
    move gains (``Puzzle.nudge``)."""

    move: str
    right: bool
    words: str
    loss: float = 0.0
    """Win-chance points the move gave away against the answer (0 when right)."""


@dataclass(frozen=True)
class Puzzle:
    """A position with one clearly best move. ``record`` reaches the position (its ``at`` is
    the puzzle's ply); ``answer`` beat ``rival`` by ``margin`` (values ``value`` and
    ``rival_value``, the mover's share of the win) at ``playouts`` with ``seed``, and again at
    twice that budget."""

    id: str
    record: Record
    answer: str
    rival: str
    value: float
    rival_value: float
    margin: float
    playouts: int
    seed: int
    theme: str
    difficulty: str
    solver: str
    proved: bool = False
    known: str = ""
    line: tuple[str, ...] = ()
    """The answer and the moves it brings this turn (``Game.answer_brings_moves``), when it is
    only whole with them; empty: the answer alone."""
    search: str = ""
    """The search that weighed it (the game's hint search when it was made), which
    :func:`check` asks again; empty: the game's hint search now."""

    @property
    def answer_line(self) -> tuple[str, ...]:
        """The moves the learner must make: the answer, then the moves it brings."""
        return self.line or (self.answer,)

    @property
    def nudge(self) -> str:
        """What the best move gains, without naming it: its theme, unless the theme names a
        piece, square or card of the answer's line (then only that a better move is there)."""
        named = {w.lower() for move in self.answer_line for w in move.split()[1:]}
        said = {w.strip("(),.:").lower() for w in self.theme.split()}
        if named & said:
            return "A hint: a better move is there; look at what each move brings about."
        return f"A hint: the best move's idea is this: {self.theme}."

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def ply(self) -> int:
        return len(self.record.moves) if self.record.at is None else self.record.at

    def state(self) -> State:
        """The puzzle's position (a fresh state each call)."""
        return self.record.state(self.ply)

    @property
    def mover(self) -> str:
        """Who is to move, by name."""
        state = self.state()
        return state.game.player_names[state.current_player]

    @property
    def question(self) -> str:
        """The puzzle's task in words (``facts.best_move_words``: what a move is made of), with
        what is known in a game of chance."""
        state = self.state()
        who = state.game.player_names[state.current_player]
        text = f"{who} to move: find {state.game.facts.best_move_words}."
        return text + (f" {self.known}" if self.known else "")

    def is_answer(self, move: Move | str) -> bool:
        """Whether ``move`` is the answer: the same move, or one leaving the same position."""
        state = self.state()
        if isinstance(move, str):
            move = state.parse_move(move)
        return str(move) == self.answer or same_position(state, move, self.answer)

    def is_line(self, moves: Sequence[Move | str]) -> bool:
        """Whether the learner's ``moves`` are the whole answer line: as many, leaving the
        position the line leaves (the panes a card brings in either order)."""
        if len(moves) != len(self.answer_line):
            return False
        if len(moves) == 1:
            return self.is_answer(moves[0])
        mine, line = self.state(), self.state()
        for move in moves:
            mine.play(move)
        for move in self.answer_line:
            line.play(move)
        return position_key(mine) == position_key(line)

    def waits(self, moves: Sequence[Move | str]) -> bool:
        """Whether the learner's ``moves`` so far are not to be judged yet: fewer than the
        answer line's, and the mover's turn goes on (no chance, no other player, no end)."""
        if not moves or len(moves) >= len(self.answer_line):
            return False
        state = self.state()
        mover = state.current_player
        for move in moves:
            state.play(move)
        return not (state.is_terminal() or state.is_chance()) and state.current_player == mover

    def attempt(
        self, move: Move | str | Sequence[Move | str], stop: StopFlag | None = None
    ) -> Attempt:
        """Judge a learner's ``move``, or their moves this turn (an illegal one raises
        ``sg.IllegalMove``, the rule in words). The whole answer line is right at once; else
        the first move off the line is searched at the puzzle's budget: one the search finds as
        good as the answer (within 0.02) counts as right; a wrong one is told the answer that
        punishes it and what the best move gains (``nudge``), never which move it is."""
        state = self.state()
        given = [move] if isinstance(move, (str, Move)) else list(move)
        if not given:
            raise ValueError("attempt: no move to judge")
        moves, work = [], state.clone()
        for each in given:
            parsed = work.parse_move(each) if isinstance(each, str) else each
            work.clone().play(parsed)  # the rules first: IllegalMove with the reason
            work.play(parsed)
            moves.append(parsed)
        text = ", ".join(map(str, moves))
        best = said_line(state, self.answer_line)
        if self.is_line(moves):
            return Attempt(text, True, f"{verdict_words('best')}, right: {best}: {self.theme}.")
        mine, line, k = state.clone(), state.clone(), len(moves) - 1
        for i, move in enumerate(moves[: len(self.answer_line)]):
            mine.play(move)
            line.play(self.answer_line[i])
            if position_key(mine) != position_key(line):
                k = i  # the first move off the answer's line is judged
                break
        at = state.clone()
        for move in moves[:k]:
            at.play(move)
        move = moves[k]
        verdict = compare(at, move, playouts=self.playouts, seed=self.seed, stop=stop)
        loss = max(0.0, self.value - verdict.value)
        if loss < LABELS[1][1]:  # best or excellent: as good as the answer
            said = verdict_words(label(loss))
            return Attempt(
                text, True, f"{said}, right: {said_line(state, moves)} is as good as {best}.", loss
            )
        cells = {frozenset(m.split()[1:]) for m in self.answer_line}
        if verdict.refutation is not None and frozenset(verdict.refutation.split()[1:]) in cells:
            verdict = replace(verdict, refutation=None)  # the reply would show where the answer is
        if verdict.refutation is not None:
            after = at.clone()
            after.play(move)
            who = after.game.player_names[after.current_player]
            answer = after.parse_move(verdict.refutation)
            why = f"after {said_move(at, move)}, {who} answers: {said_move(after, answer)}"
        else:
            why = f"{said_move(at, move)} leaves a {verdict.value:.0%} chance to win"
        return Attempt(
            text,
            False,
            f"{verdict_words(label(loss))}, not quite: {why}. {self.nudge} (The best move: a"
            f" {self.value:.0%} chance to win; yours leaves {verdict.value:.0%}.)",
            loss,
        )

    def to_dict(self) -> dict[str, Any]:
        return (
            {
                "id": self.id,
                "record": self.record.to_dict(),
                "answer": self.answer,
                "rival": self.rival,
                "value": round(self.value, 4),
                "rival_value": round(self.rival_value, 4),
                "margin": round(self.margin, 4),
                "playouts": self.playouts,
                "seed": self.seed,
                "theme": self.theme,
                "difficulty": self.difficulty,
                "solver": self.solver,
                "proved": self.proved,
                "known": self.known,
            }
            | ({"line": list(self.line)} if len(self.answer_line) > 1 else {})
            | ({"search": self.search} if self.search else {})
        )


# ---- weighing moves ----------------------------------------------------------------------------


def _value(
    work: State, mover: int, seed: int, playouts: int, bot: str | None = None
) -> tuple[float, bool]:
    """The mover's value of ``work`` (just after their move) by ``bot`` (default: the game's
    hint search), and whether it is proved."""
    if work.is_terminal():
        return work.returns()[mover], True
    if work.is_chance() or work.num_players != 2 or work.current_player == mover:
        return _value_after(work, mover, seed, playouts, None, None, bot=bot)[0], False
    search = _searcher(work, seed, playouts, None, None, bot)
    top = search.analyse(work, top=1)
    if not top:
        return leaf_value(work)[mover], False
    return 1 - top[0].value, bool(getattr(search, "exact", False))


def _weigh(
    state: State,
    playouts: int,
    seed: int,
    moves: list[Move],
    root: bool = True,
    bot: str | None = None,
) -> tuple[list[tuple[Move, float]], bool]:
    """``moves`` and (``root``) the search's best moves from ``state``, each searched after it
    is played (by ``bot``, default the game's hint search): best first, and whether every
    value is proved."""
    mover = state.current_player
    work = state.view(mover)  # the mover's knowledge only
    ranked = []
    if root:
        ranked = _searcher(work, seed, playouts, None, None, bot).analyse(work, top=RIVALS)
    candidates = list(dict.fromkeys(moves + [c.move for c in ranked]))
    out, proved = [], True
    for move in candidates:
        work._push(move)
        value, exact = _value(work, mover, seed, playouts, bot)
        work.undo()
        out.append((move, value))
        proved = proved and exact
    out.sort(key=lambda t: -t[1])
    return out, proved


def same_position(state: State, move: Move, answer: Move | str) -> bool:
    """Whether ``move`` leaves ``state`` in the position ``answer`` leaves it in (two spellings
    of one placement, two orders of the same shapes): such a move is the answer too."""
    after, other = state.clone(), state.clone()
    after.play(answer)
    other.play(move)
    return position_key(other) == position_key(after)


def said_line(state: State, moves: Sequence[Move | str]) -> str:
    """``moves`` made in turn from ``state``, each as ``said_move`` says it, joined by "then"."""
    work, said = state.clone(), []
    for move in moves:
        said.append(said_move(work, move))
        work.play(move)
    return ", then ".join(said)


def _known(state: State) -> str:
    """What chance brought this turn that the mover saw, then the mover's own moves since (the
    board shows them: a die turned, a card drawn and placed), in the game's notation:
    "Known this turn: roll r1 b5 y2. Played so far: card modify b +1."."""
    if not state.game.facts.chance:
        return ""
    replay = state.clone()
    mover = state.current_player
    seen: list[str] = []
    played: list[str] = []
    while replay.history:
        move = replay.history[-1]
        replay.undo()
        if replay.is_chance():
            if replay.chance_seen_by() in (None, mover):  # not a card drawn into another hand
                seen.append(move)
        elif seen or replay.current_player != mover:
            break
        else:
            played.append(move)
    if not seen:
        return ""
    text = "Known this turn: " + ", ".join(reversed(seen)) + "."
    return text + (" Played so far: " + ", ".join(reversed(played)) + "." if played else "")


def _line(state: State, best: Move, playouts: int, seed: int) -> tuple[str, ...]:
    """The answer ``best`` and, if it brings moves (``Game.answer_brings_moves``), the mover's
    moves after it while the turn goes on, each the search's best at the puzzle's budget from
    the mover's knowledge; else empty (the answer alone)."""
    if not state.game.answer_brings_moves(state, best):
        return ()
    mover = state.current_player
    work = state.clone()
    work.play(best)
    line = [str(best)]
    while len(line) < MAX_LINE and not (work.is_terminal() or work.is_chance()):
        if work.current_player != mover:
            break
        seen = work.view(mover)
        ranked = _searcher(seen, seed, playouts, None, None).analyse(seen, top=1)
        if not ranked:
            break
        move = work.parse_move(str(ranked[0].move))
        line.append(str(move))
        work.play(move)
    return tuple(line) if len(line) > 1 else ()


def _difficulty(
    state: State, puzzle_answer: Callable[[Move], bool], playouts: int, seed: int
) -> tuple[str, str]:
    """The weakest solver that finds the answer: (difficulty, solver in words)."""
    mover = state.current_player
    work = state.view(mover)
    if puzzle_answer(make_bot("greedy", seed=seed).choose(work.clone())):
        return "easy", "greedy finds it"
    few = max(1, playouts // 8)
    ranked = _searcher(work, seed, few, None, None).analyse(work, top=1)
    if ranked and puzzle_answer(ranked[0].move):
        return "medium", f"{state.game.hint_bot} finds it at {few} playouts"
    return "hard", f"{state.game.hint_bot} needs {playouts} playouts"


def _try(state: State, playouts: int, margin: float, seed: int, ident: str) -> Puzzle | None:
    """The puzzle at ``state``, if it has one clearly best move at both budgets."""
    first, _ = _weigh(state, playouts, seed, [])
    if len(first) < 2 or first[0][1] - first[1][1] < margin:
        return None
    again, proved = _weigh(state, 2 * playouts, seed + 1, [m for m, _ in first])
    (best, value), (rival, rival_value) = again[0], again[1]
    if str(best) != str(first[0][0]) or value - rival_value < margin:
        return None
    rules = state.game.puzzle_rules
    if not proved and rules.prove and len(state.legal_moves()) <= rules.prove_moves:
        exact, proved = _weigh(state, rules.prove, seed, [m for m, _ in again])
        if proved and (str(exact[0][0]) != str(best) or exact[0][1] - exact[1][1] < margin):
            return None  # the whole truth says otherwise
    difficulty, solver = _difficulty(
        state, lambda move: same_position(state, move, best), playouts, seed
    )
    record = state.record()
    record.at = len(record.moves)
    return Puzzle(
        ident,
        record,
        str(best),
        str(rival),
        first[0][1],
        first[1][1],
        first[0][1] - first[1][1],
        playouts,
        seed,
        state.game.puzzle_theme(state, best, rival),
        difficulty,
        solver,
        proved,
        _known(state),
        _line(state, best, playouts, seed),
        state.game.hint_bot,
    )


def _mining_game(game: Game, seed: int, first_ply: int) -> list[State]:
    """A game between greedy players who slip now and then, and its positions worth trying:
    a decision with a choice, from ``first_ply`` on."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    player = make_bot("greedy", seed=seed)
    out = []
    while not state.is_terminal():
        if state.is_chance():
            state.play(sample_outcome(state, rng))
            continue
        moves = state.legal_moves()
        if len(state.history) >= first_ply and len(moves) >= 2:
            out.append(state.clone())
        move = (
            rng.choice(moves)
            if rng.random() < EXPLORE
            else player.choose(state.view(state.current_player))
        )
        state.play(move)
    return out


def make(
    game: str | Game,
    n: int = 40,
    seed: int = 0,
    playouts: int | None = None,
    margin: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: StopFlag | None = None,
    max_games: int | None = None,
    **options: Any,
) -> list[Puzzle]:
    """Mine ``n`` puzzles of ``game`` (reproducible: the same arguments, the same puzzles).
    Each mining game tries positions in a seeded random order and gives at most one puzzle.
    ``playouts`` and ``margin`` default to the game's ``puzzle_rules``; ``progress(found, n)``
    is called after each puzzle; ``stop`` ends early with those found; at most ``max_games``
    games are mined (default ``100 * n``)."""
    g = load(game, **options) if isinstance(game, str) else game
    rules = g.puzzle_rules
    playouts = rules.playouts if playouts is None else playouts
    margin = rules.margin if margin is None else margin
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_PUZZLES:
        raise ValueError(f"make: n must be 1 to {MAX_PUZZLES:,}, not {n!r}")
    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= 10**6:
        raise ValueError(f"make: playouts must be 1 to 1,000,000, not {playouts!r}")
    if not isinstance(margin, (int, float)) or isinstance(margin, bool) or not 0 < margin < 1:
        raise ValueError(f"make: margin is win-chance points above 0 and below 1, not {margin!r}")
    rng = random.Random(seed)
    found: list[Puzzle] = []
    for _ in range(100 * n if max_games is None else max_games):
        if len(found) >= n or (stop is not None and stop.is_set()):
            break
        positions = _mining_game(g, rng.randrange(2**31), rules.first_ply)
        rng.shuffle(positions)
        for state in positions[:3]:
            if stop is not None and stop.is_set():
                break
            puzzle = _try(state, playouts, margin, seed, f"{g.name}-{seed}-{len(found) + 1:03d}")
            if puzzle is not None:
                found.append(puzzle)
                if progress is not None:
                    progress(len(found), n)
                break
    return found


def check(puzzle: Puzzle, factor: int = 2, seed: int | None = None, root: bool = False) -> bool:
    """Whether the answer is still best at ``factor`` times the puzzle's budget: searched after
    it is played (by the search that made it), it beats the rival (and, with ``root``, the
    search's own best moves there)."""
    state = puzzle.state()
    answer = state.parse_move(puzzle.answer)
    rival = state.parse_move(puzzle.rival)
    ranked, _ = _weigh(
        state,
        factor * puzzle.playouts,
        puzzle.seed + 1 if seed is None else seed,
        [answer, rival],
        root,
        puzzle.search or None,
    )
    return puzzle.is_answer(ranked[0][0])


# ---- files -------------------------------------------------------------------------------------


def dumps(found: list[Puzzle], **made_by: Any) -> str:
    """The puzzle file's text (``made_by``: how they were made, for the record)."""
    games = {p.game for p in found}
    if len(games) > 1:
        raise ValueError(f"dumps: one game a file, not {sorted(games)}")
    return (
        json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "game": games.pop() if games else "",
                "made_by": made_by,
                "puzzles": [p.to_dict() for p in found],
            },
            indent=1,
        )
        + "\n"
    )


def _field(item: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = item.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ValueError(f"{where}: '{key}' is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def loads(text: str, where: str = "puzzles") -> list[Puzzle]:
    """Read a puzzle file's text: every field checked, every record replayed through the rules
    and every answer checked legal, so a bad file is a ValueError that says where."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError(f"{where}: not a puzzle file (text of at most {MAX_TEXT:,} characters)")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"{where}: not JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{where}: not a puzzle file (format {FORMAT!r} expected)")
    if data.get("version") != VERSION:
        raise ValueError(f"{where}: version {data.get('version')!r} is not {VERSION}")
    items = data.get("puzzles")
    if not isinstance(items, list) or len(items) > MAX_PUZZLES:
        raise ValueError(f"{where}: 'puzzles' must be a list of at most {MAX_PUZZLES:,}")
    out = []
    for i, item in enumerate(items):
        at = f"{where}: puzzle {i + 1}"
        if not isinstance(item, dict):
            raise ValueError(f"{at}: not an object")
        try:
            record = load_record(json.dumps(_field(item, "record", dict, at)))
        except ValueError as e:
            raise ValueError(f"{at}: {e}") from None
        numbers = {
            k: float(_field(item, k, (int, float), at)) for k in ("value", "rival_value", "margin")
        }
        if not all(0 <= v <= 1 for v in numbers.values()):
            raise ValueError(f"{at}: value, rival_value and margin are shares 0..1")
        difficulty = _field(item, "difficulty", str, at)
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"{at}: difficulty {difficulty!r} is not one of {DIFFICULTIES}")
        puzzle = Puzzle(
            _field(item, "id", str, at)[:80],
            record,
            _field(item, "answer", str, at)[:500],
            _field(item, "rival", str, at)[:500],
            numbers["value"],
            numbers["rival_value"],
            numbers["margin"],
            _field(item, "playouts", int, at),
            _field(item, "seed", int, at),
            _field(item, "theme", str, at)[:300],
            difficulty,
            _field(item, "solver", str, at)[:200],
            bool(item.get("proved", False)),
            str(item.get("known", ""))[:500],
            _line_field(item, at),
            str(item.get("search", ""))[:80],
        )
        if puzzle.search and puzzle.search not in bot_names(record.game):
            raise ValueError(f"{at}: search {puzzle.search!r} is not a bot of {record.game}")
        if not 1 <= puzzle.playouts <= 10**6:
            raise ValueError(f"{at}: playouts must be 1 to 1,000,000")
        state = puzzle.state()
        if state.is_terminal() or state.is_chance():
            raise ValueError(f"{at}: the position is not a player's decision")
        if puzzle.line:
            _check_line(puzzle, state, at)
        for key in ("answer", "rival"):
            try:
                state.clone().play(state.parse_move(getattr(puzzle, key)))
            except ValueError as e:  # IllegalMove is a ValueError
                raise ValueError(
                    f"{at}: the {key} {getattr(puzzle, key)!r} is illegal: {e}"
                ) from None
        out.append(puzzle)
    return out


def _line_field(item: dict[str, Any], at: str) -> tuple[str, ...]:
    line = item.get("line", [])
    if (
        not isinstance(line, list)
        or len(line) > MAX_LINE
        or not all(isinstance(m, str) for m in line)
    ):
        raise ValueError(f"{at}: 'line' must be a list of at most {MAX_LINE} moves")
    return tuple(m[:500] for m in line)


def _check_line(puzzle: Puzzle, state: State, at: str) -> None:
    """The line starts with the answer and is the mover's, move by move, through the rules."""
    if puzzle.line[0] != puzzle.answer:
        raise ValueError(f"{at}: the line starts with {puzzle.line[0]!r}, not the answer")
    work, mover = state.clone(), state.current_player
    for move in puzzle.line:
        if work.is_terminal() or work.is_chance() or work.current_player != mover:
            raise ValueError(f"{at}: the line's {move!r} is not the mover's move this turn")
        try:
            work.play(work.parse_move(move))
        except ValueError as e:  # IllegalMove is a ValueError
            raise ValueError(f"{at}: the line's {move!r} is illegal: {e}") from None


_SHIPPED: dict[str, list[Puzzle]] = {}


def shipped(game: str, difficulty: str | None = None) -> list[Puzzle]:
    """The checked puzzles shipped with the package for ``game`` (``stainedglass/<game>/
    puzzles.json``), optionally only those of one ``difficulty``."""
    g = load(game)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    if g.name not in _SHIPPED:
        package = type(g).__module__.rpartition(".")[0]
        try:
            text = resources.files(package).joinpath("puzzles.json").read_text()
        except FileNotFoundError:
            text = None
        _SHIPPED[g.name] = [] if text is None else loads(text, f"{g.name} puzzles")
    return [p for p in _SHIPPED[g.name] if difficulty in (None, p.difficulty)]
