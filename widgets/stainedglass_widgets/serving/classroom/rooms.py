"""The rules of a class's rooms, with no database in them: what a room code, a pupil's name, a
seat token and a move may be, how a room's game is rebuilt and checked with the engine, and who
draws chance. :mod:`stainedglass_widgets.serving.classroom.store` keeps rooms by these rules.

A room is one game played by pupils on their own devices. It has a short **code** to read aloud
and type (five consonants: no vowel, so no code spells a word, and no 0/O, 1/l/I to confuse),
one **seat** a player, and the game's **start** as a record's text (``docs/records.md``): the
game, its options, the seed its setup is dealt from, and any moves played before the room
opened. Its moves are numbered by **ply**: ply ``n`` is the game's ``n``-th move, counting the
start's moves; a room "at ply 12" has 12 moves.

How a room plays:

- **Chance is drawn by the room**, at once, after the move that leads to it (and at the start):
  the outcome at ply ``n`` is drawn with the engine's own probabilities from a generator seeded by
  the room's seed and ``n`` (:func:`chance_move`), and stored with no seat. No device rolls or
  draws, so every device sees the same dice and cards, and a room never waits at a chance node.
- **Who may move**: the seat whose index is the game's ``current_player``, by that seat's own
  token, once every seat is taken. A bot's or a hot-seat player's moves come from the device that
  seated them (it holds their tokens).
- **Hidden information**: every move is stored; :attr:`PlayedMove.seen_by` names the one seat
  that may see a move (a card drawn into that seat's hand), None when all may.
  :meth:`PlayedMove.visible_to` says whether a seat may.

>>> read_code(" bcd fg ")
'BCDFG'
>>> read_name("  Ann   Lee ")
'Ann Lee'
>>> read_name("x" * 10_000)
Traceback (most recent call last):
...
ValueError: a name is at most 40 characters, not 10,000
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import secrets
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate
from typing import Any
from collections.abc import Iterable, Mapping

from stainedglass import core
from stainedglass.record import MAX_MOVES, MAX_NAME, MAX_SEED, MAX_TEXT, Record, load_record

__all__ = [
    "CODE_LETTERS",
    "CODE_LENGTH",
    "PUPIL",
    "HOT_SEAT",
    "BOT",
    "SEAT_KINDS",
    "OPEN",
    "ENDED",
    "PROGRESS_KINDS",
    "Room",
    "SeatInfo",
    "Seat",
    "PlayedMove",
    "Progress",
    "new_code",
    "read_code",
    "read_name",
    "read_token",
    "read_move",
    "read_ply",
    "read_progress",
    "new_token",
    "token_hash",
    "start_record",
    "replay",
    "chance_move",
    "draw_chance",
    "check_turn",
]

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
"""The letters of a room code: consonants only (no vowel, so no word), none like a digit."""
CODE_LENGTH = 5
"""20 letters, 5 of them: 3.2 million codes."""
EXAMPLE_CODE = "KTMPR"
"""A room code as the refusal of a wrong one shows it."""

PUPIL, HOT_SEAT, BOT = "pupil", "hot_seat", "bot"
SEAT_KINDS = (PUPIL, HOT_SEAT, BOT)
"""A pupil on a device of their own; a pupil sharing the device of a seated pupil (taking turns
at one screen); the computer, played by the device of the seated pupil who added it."""
OPEN, ENDED = "open", "ended"

MAX_NAME_LENGTH = 40
"""Characters in a pupil's (or a bot's) name (a record keeps up to 60)."""
MAX_MOVE_LENGTH = 200
"""Characters in a move's text (a record's limit)."""
MAX_ITEM_LENGTH = 100
"""Characters naming a lesson step or a puzzle in a progress event."""
TOKEN_BYTES = 18
"""A seat token: 18 random bytes, 24 characters of base64url."""

PROGRESS_KINDS = ("lesson", "puzzle", "game", "coach")
"""A lesson step done; a puzzle tried (value 1 right at the first try, 0 not); a game played
(value: the pupil's share of the win, 0..1); the coach's accuracy over a game (0..1)."""

assert MAX_NAME_LENGTH <= MAX_NAME


# ---- reading what devices send --------------------------------------------------------------


def _short(value: Any) -> str:
    """A value quoted in a message, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "...'"


def read_code(text: Any) -> str:
    """A room code as typed (any case, spaces ignored) -> its canonical form; ValueError if it
    cannot be one."""
    if not isinstance(text, str):
        raise ValueError(f"a room code is text, not {type(text).__name__}")
    code = "".join(text[:50].split()).upper()
    if len(text) > 50 or len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        shown = "".join(text[:60].split())
        shown = shown if len(shown) <= 12 else shown[:10] + "…"
        raise ValueError(
            (f"{shown} is not a room code. " if shown.isprintable() and shown else "")
            + f"A room code is {CODE_LENGTH} letters, like {EXAMPLE_CODE}."
        )
    return code


def new_code() -> str:
    """A random room code."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_name(text: Any, what: str = "a name") -> str:
    """A pupil's name with its spaces tidied; ValueError if it is empty, too long or holds
    characters that are not printable."""
    if not isinstance(text, str):
        raise ValueError(f"{what} is text, not {type(text).__name__}")
    if len(text) > 4 * MAX_NAME_LENGTH:
        raise ValueError(f"{what} is at most {MAX_NAME_LENGTH} characters, not {len(text):,}")
    name = " ".join(text.split())
    if not name:
        raise ValueError(f"{what} cannot be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"{what} is at most {MAX_NAME_LENGTH} characters, not {len(name):,}")
    if not name.isprintable():
        raise ValueError(f"{what} holds characters that cannot be shown: {_short(name)}")
    return name


def new_token() -> str:
    """A new secret seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def read_token(token: Any) -> str:
    """A seat token as a device sends it back; ValueError if it cannot be one."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64 or not set(token) <= _TOKEN_CHARS:
        raise ValueError(
            f"{_short(token)} is not a seat token (the text the room gave the "
            "device that took the seat)"
        )
    return token


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, so that reading the store does not seat
    anyone."""
    return hashlib.sha256(token.encode()).hexdigest()


def read_move(text: Any) -> str:
    """A move's text as a device sends it; ValueError if it is not text of a move's length
    (whether it is a legal move is the game's to say)."""
    if not isinstance(text, str):
        raise ValueError(f"a move is text in the game's notation, not {type(text).__name__}")
    text = text.strip()
    if not text or len(text) > MAX_MOVE_LENGTH:
        raise ValueError(f"a move is text of 1 to {MAX_MOVE_LENGTH} characters, not {len(text):,}")
    return text


def read_ply(ply: Any, what: str = "ply") -> int:
    """A ply a device sends (how many moves of the game it has): a whole number 0..MAX_MOVES."""
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= MAX_MOVES:
        raise ValueError(
            f"{what} is a whole number of moves from 0 to {MAX_MOVES:,}, not {_short(ply)}"
        )
    return ply


def read_progress(
    pupil: Any, game: Any, kind: Any, item: Any, value: Any
) -> tuple[str, str, str, str, float | None]:
    """A progress event, checked: ``(pupil, game, kind, item, value)``."""
    pupil = read_name(pupil, "a pupil's name")
    if not isinstance(game, str) or game not in core.games():
        raise ValueError(f"{_short(game)} is not a game; the games are: " + ", ".join(core.games()))
    if kind not in PROGRESS_KINDS:
        raise ValueError(
            f"{_short(kind)} is not a kind of progress; the kinds are: " + ", ".join(PROGRESS_KINDS)
        )
    if not isinstance(item, str) or len(item) > MAX_ITEM_LENGTH or not item.isprintable():
        raise ValueError(
            f"a lesson step's or puzzle's name is printable text of at most "
            f"{MAX_ITEM_LENGTH} characters, not {_short(item)}"
        )
    if kind in ("lesson", "puzzle") and not item:
        raise ValueError(f"a {kind} event names its {'step' if kind == 'lesson' else 'puzzle'}")
    if kind == "lesson":
        if value is not None:
            raise ValueError("a lesson step done has no value")
        return pupil, game, kind, item, None
    if kind == "puzzle":
        if value not in (True, False, 0, 1):
            raise ValueError(
                "a puzzle tried has the value True (right at the first try) or "
                f"False, not {_short(value)}"
            )
        return pupil, game, kind, item, float(value)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not 0 <= value <= 1
    ):
        what = "the coach's accuracy" if kind == "coach" else "a game's result"
        raise ValueError(f"{what} is a number from 0 to 1, not {_short(value)}")
    return pupil, game, kind, item, float(value)


# ---- the game of a room -----------------------------------------------------------------------


def start_record(
    game: Any = None, options: Mapping[str, Any] | None = None, seed: Any = None, start: Any = None
) -> Record:
    """A room's start as a record: ``game`` with ``options`` dealt from ``seed`` (a new random
    seed when None), or ``start``, a record's text or link (the room goes on from its last
    move). ValueError saying what is wrong."""
    if start is not None:
        if game is not None or options or seed is not None:
            raise ValueError(
                "a room starts from a game with its options and seed, or from a record, not both"
            )
        if not isinstance(start, str):
            raise ValueError(
                f"a room's start is a record's text or link, not {type(start).__name__}"
            )
        record = load_record(start)
        return Record(record.game, record.options, record.seed, record.moves)
    if not isinstance(game, str) or game not in core.games():
        raise ValueError(f"{_short(game)} is not a game; the games are: " + ", ".join(core.games()))
    options = dict(options or {})
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to 2**63 - 1, not {_short(seed)}")
    try:
        text = Record(game, options, seed, []).to_text()
    except (TypeError, ValueError):
        raise ValueError(
            "a game's options are plain data (numbers, text, lists, mappings)"
        ) from None
    if len(text) > MAX_TEXT:
        raise ValueError(f"the room's start is {len(text):,} characters, at most {MAX_TEXT:,}")
    try:  # the options checked by the game, as they will be read back
        record = load_record(text)
    except ValueError as e:
        raise ValueError(str(e).removeprefix("record: ")) from None
    return Record(record.game, record.options, record.seed, [])


def replay(start: Record, moves: Iterable[str]) -> core.State:
    """The room's game after its start and ``moves``."""
    state = start.state()
    for text in moves:
        state.play(text)
    return state


def chance_move(state: core.State, seed: int, ply: int) -> core.Move:
    """The chance outcome a room draws at ``ply`` (the ply the outcome will have), from
    ``state`` at a chance node: by the engine's probabilities, with a generator seeded by the
    room's seed and the ply alone, so any device, now or later, draws the same."""
    outcomes = state.chance_outcomes()
    rng = random.Random(f"stainedglass room {seed} ply {ply}")
    cumulative = list(accumulate(p for _, p in outcomes))
    i = bisect_right(cumulative, rng.random() * cumulative[-1])
    return outcomes[min(i, len(outcomes) - 1)][0]


def draw_chance(state: core.State, seed: int) -> list[tuple[str, int | None]]:
    """Play the room's chance outcomes on ``state`` until a player is to move (or the game is
    over): each drawn move's text and the one seat that may see it (None: everyone)."""
    drawn: list[tuple[str, int | None]] = []
    while state.is_chance():
        if len(state.history) >= MAX_MOVES:
            raise ValueError(f"a room's game holds at most {MAX_MOVES:,} moves")
        seen_by = state.chance_seen_by()
        move = chance_move(state, seed, len(state.history) + 1)
        state.play(move)
        drawn.append((str(move), seen_by))
    return drawn


def check_turn(state: core.State, seat: int) -> None:
    """IllegalMove, in words naming the rule, unless ``seat`` is to move in ``state``."""
    if state.is_terminal():
        raise core.IllegalMove("the game is over: no more moves can be played")
    if state.is_chance():  # a room never waits at a chance node: the room draws at once
        raise core.IllegalMove("chance is drawn by the room, not by a player")
    mover = state.current_player
    if mover != seat:
        names = state.game.player_names
        raise core.IllegalMove(
            f"it is {names[mover]}'s turn, not {names[seat]}'s: players move in turn"
        )


# ---- what the store gives back ----------------------------------------------------------------


@dataclass(frozen=True)
class PlayedMove:
    """A move of a room's game as stored: its ``ply`` (1 is the game's first move), its text,
    the ``seat`` that played it (None: chance, drawn by the room), and ``seen_by``, the one seat
    that may see it (None: everyone)."""

    ply: int
    move: str
    seat: int | None
    seen_by: int | None
    at: datetime

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this move (None: the teacher's console, who sees all)."""
        return seat is None or self.seen_by is None or self.seen_by == seat


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the console shows it: ``taken`` when a device holds it. A free seat that was
    left keeps the ``kind`` and ``name`` of who left it."""

    index: int
    kind: str | None
    name: str | None
    taken: bool
    host: int | None
    """For a bot or hot-seat player: the seat whose device plays it."""
    joined_at: datetime | None
    left_at: datetime | None


@dataclass(frozen=True)
class Seat:
    """What a device gets for joining: its room, its seat, and the secret ``token`` that moves
    for that seat (and seats the device again after a reload)."""

    code: str
    index: int
    kind: str
    name: str
    token: str


@dataclass(frozen=True)
class Room:
    """A room as stored (read once, not live): ``ply`` moves played, ``turn`` the seat to move
    (None once the game is over), ``version`` counting every change (a move, a join, a leave,
    the end), so a device polling it can tell when to read more."""

    code: str
    game: str
    start: str
    """The room's start as a record's text: its game, options, seed and moves before the
    room opened."""
    state: str
    ply: int
    turn: int | None
    version: int
    created_at: datetime
    ended_at: datetime | None
    seats: tuple[SeatInfo, ...]

    @property
    def options(self) -> dict[str, Any]:
        return dict(json.loads(self.start)["options"])

    @property
    def seed(self) -> int:
        return int(json.loads(self.start)["seed"])

    @property
    def start_ply(self) -> int:
        """The moves the start holds (the room's first move is ``start_ply + 1``)."""
        return len(json.loads(self.start)["moves"])

    @property
    def ended(self) -> bool:
        return self.state == ENDED

    @property
    def over(self) -> bool:
        """The game is over (the room may still be open: its pupils are looking at the end)."""
        return self.turn is None

    @property
    def full(self) -> bool:
        return all(seat.taken for seat in self.seats)


@dataclass(frozen=True)
class Progress:
    """One pupil's progress: lesson steps done by game, puzzles tried and how many were right at
    the first try, games played, the coach's mean accuracy (None: never coached), the games
    they are playing now (when asked for) and their Match me level in each game they played
    with it."""

    pupil: str
    lessons: dict[str, int]
    puzzles_tried: int
    puzzles_first_try: int
    games_played: int
    coach_accuracy: float | None
    games_under_way: int = 0
    """Games being played now, in open rooms (counted as played once over)."""
    questions_asked: int = 0
    """"Your move?" questions revealed while the pupil followed the teacher's board."""
    answers_right: int = 0
    """Their answers judged best or good (:data:`RIGHT_VERDICTS`)."""
    levels: dict[str, int] = field(default_factory=dict)
    """Their Match me level by game (``stainedglass.ai.levels``: 1 to 8), where kept."""

    @property
    def lessons_done(self) -> int:
        return sum(self.lessons.values())

    @property
    def first_try_score(self) -> float | None:
        """The share of the puzzles tried that were right at the first try."""
        return self.puzzles_first_try / self.puzzles_tried if self.puzzles_tried else None


# ---- leading the class ------------------------------------------------------------------------

VERDICTS = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
"""An answer's verdict at the reveal: the review's labels (``sg.ai.LABELS``), best to blunder."""
RIGHT_VERDICTS = ("best", "excellent", "good")
"""The verdicts that count an answer right on the progress table."""
MAX_WORDS_LENGTH = 2_000
"""The words of a verdict or a question's answer, at most (characters)."""


@dataclass(frozen=True)
class Answer:
    """A pupil's answer to a question: ``move`` in the game's notation, and once revealed its
    ``verdict`` (one of :data:`VERDICTS`) and the ``words`` that say why."""

    pupil: str
    move: str
    at: datetime
    verdict: str | None = None
    words: str = ""


@dataclass(frozen=True)
class Question:
    """ "Your move?": the teacher's position (``position``: a record's text) asked of the class,
    for the player ``seat`` to move there. Open until revealed; then ``best`` is the best move
    found and ``words`` why."""

    id: int
    position: str
    seat: int
    asked_at: datetime
    revealed_at: datetime | None = None
    best: str | None = None
    words: str = ""

    @property
    def open(self) -> bool:
        return self.revealed_at is None


@dataclass(frozen=True)
class Lead:
    """The teacher leading the class: the board the pupils who follow see (``position``: a
    record's text, as the teacher's board stands), ``version`` counting every change (a move,
    a take-back, a question asked or revealed), and the question asked now or last."""

    id: int
    game: str
    position: str
    version: int
    started_at: datetime
    ended_at: datetime | None
    question: Question | None
    followers: int

    @property
    def ended(self) -> bool:
        return self.ended_at is not None
