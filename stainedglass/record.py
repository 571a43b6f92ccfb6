"""Game records: a game saved as text, loaded back, and shared as a link.

A record is a small JSON object (format ``stainedglass-record``, version 1): the game's name and
options, the seed its setup was dealt from, the moves in the game's own notation (chance
outcomes included: ``roll r2 b3 y6``, ``draw R4``), the players' names, comments by ply, side
lines ("branches") and optionally the ply to show. ``docs/records.md`` describes every field.

Reading a record never runs code and never trusts it: the text is bounded, every field is
checked, and every move is replayed through the rules, so a bad record is a ValueError that says
where ("record: move 12 'castle x9' is illegal: ...").

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=2)
>>> for _ in range(3):
...     state.play(state.legal_moves()[0])
>>> record = state.record(players=["Ann", "Ben"], comments={1: "a quiet start"})
>>> again = sg.load_record(record.to_text())
>>> again.state().history == state.history, again.comments
(True, {1: 'a quiet start'})
>>> sg.load_record(record) == again                    # a Record itself: checked the same way
True
>>> sg.load_record(record.to_link()).moves == record.moves    # a link's token, or a whole URL
True
>>> sg.load_record(record.to_link("cathedral_play.ipynb")).moves == record.moves  # a page's link
True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .core import IllegalMove, State, is_number, load

__all__ = ["Record", "Branch", "load_record", "record_of", "FORMAT", "VERSION"]

FORMAT = "stainedglass-record"
VERSION = 1

MAX_TEXT = 1_000_000
"""Characters in a record's text (a long Walls of Light game takes some 20,000)."""
MAX_LINK = 8_000
"""Characters in a link's token; browsers and servers cut URLs not far beyond."""
MAX_MOVES = 5_000
MAX_BRANCHES = 200
MAX_COMMENT = 2_000
MAX_NAME = 60
MAX_SEED = 2**63
LINK_PREFIX = "r1."
"""A link token: this prefix, then the record's compact JSON, deflated, in base64url."""


@dataclass
class Branch:
    """A side line: ``moves`` played from the position after ``at`` moves of the main line."""

    at: int
    moves: list[str]
    comment: str = ""


@dataclass
class Record:
    """A game: enough to rebuild every position of it. ``comments`` are keyed by ply (the
    comment on the position after that many moves; 0 is the start)."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: list[str]
    players: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    branches: list[Branch] = field(default_factory=list)
    at: int | None = None
    """The ply a link opens at (None: the end of the main line)."""

    def state(self, ply: int | None = None) -> State:
        """The position after ``ply`` moves of the main line (default: ``at``, else the end)."""
        if ply is None:
            ply = len(self.moves) if self.at is None else self.at
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.moves):
            raise ValueError(f"ply must be 0-{len(self.moves)}, not {ply!r}")
        state = load(self.game, **self.options).new_game(seed=self.seed)
        for text in self.moves[:ply]:
            state.play(text)
        return state

    def branch_state(self, n: int) -> State:
        """The position at the end of branch ``n``."""
        branch = self.branches[n]
        state = self.state(branch.at)
        for text in branch.moves:
            state.play(text)
        return state

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "moves": self.moves,
        }
        if self.comments:
            data["comments"] = {str(k): v for k, v in sorted(self.comments.items())}
        if self.branches:
            data["branches"] = [
                {"at": b.at, "moves": b.moves, **({"comment": b.comment} if b.comment else {})}
                for b in self.branches
            ]
        if self.at is not None:
            data["at"] = self.at
        return data

    def to_text(self) -> str:
        """The record as a file's text (JSON, one move a line)."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    def to_link(self, url: str = "", at: int | None = None) -> str:
        """A link token (``r1.`` and base64url), or with ``url`` that URL with ``?record=`` it.
        ``at``: the ply the link opens at (default: the record's ``at``, else the end)."""
        data = self.to_dict()
        data.pop("format")
        if at is not None:
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(self.moves):
                raise ValueError(f"at must be 0-{len(self.moves)}, not {at!r}")
            data["at"] = at
        compact = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
        token = LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(compact, 9)).decode()
        token = token.rstrip("=")
        if not url:
            return token
        return f"{url.split('?')[0]}?record={token}"


def record_of(
    state: State, players: list[str] | None = None, comments: dict[int, str] | None = None
) -> Record:
    """The record of ``state``'s game so far (``state.record(...)``)."""
    state.check_saveable()
    record = Record(
        state.game.name,
        dict(state.game.given_options),
        state.seed,
        list(state.history),
        list(players or []),
        dict(comments or {}),
    )
    _check_meta(record, state.num_players)
    return record


State.recorder = staticmethod(record_of)  # state.record(): this module makes it


def load_record(text: str | Record) -> Record:
    """A record from its text, a link token, or a whole link (``...?record=r1....``), checked
    move by move; a bad one is a ValueError saying where. A :class:`Record` itself
    (``state.record()``) is read the same way: a checked copy."""
    if isinstance(text, Record):  # read as its text is: a checked copy
        try:
            text = text.to_text()
        except (TypeError, ValueError) as e:
            raise ValueError(f"record: not one a file can hold ({e})") from None
    if not isinstance(text, str):
        raise ValueError(f"record: expected text or a Record, not {type(text).__name__}")
    stripped = text.strip()
    if stripped.startswith(("http://", "https://", "?", "/")) or "record=" in stripped[:200]:
        stripped = _token_from_url(stripped)
    if stripped.startswith(LINK_PREFIX):
        stripped = _unpack_token(stripped)
    elif stripped[:1] == "r" and "." in stripped[:4]:
        raise ValueError(
            f"link: {stripped[: stripped.index('.') + 1]!r} is not a version this "
            "program reads "
            f"(it reads {LINK_PREFIX!r} links)"
        )
    if len(stripped) > MAX_TEXT:
        raise ValueError(f"record: {len(stripped):,} characters is too long (at most {MAX_TEXT:,})")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as e:
        raise ValueError(
            f"record: not JSON ({e.msg} at line {e.lineno}, column {e.colno})"
        ) from None
    except RecursionError:
        raise ValueError("record: nested too deeply to be a record") from None
    return _from_dict(data)


# ---- reading, checked ---------------------------------------------------------------------------

_KEYS = {
    "format",
    "version",
    "game",
    "options",
    "seed",
    "players",
    "moves",
    "comments",
    "branches",
    "at",
}


def _from_dict(data: Any) -> Record:
    if not isinstance(data, dict):
        raise ValueError("record: expected a JSON object with the game's name, options and moves")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ValueError(
            f"record: unknown field {unknown[0]!r}; the fields are: " + ", ".join(sorted(_KEYS))
        )
    if data.get("format", FORMAT) != FORMAT:
        raise ValueError(f"record: 'format' is {data.get('format')!r}, not {FORMAT!r}")
    version = data.get("version")
    if version != VERSION:
        raise ValueError(
            f"record: version {version!r} is not one this program reads "
            f"(it reads version {VERSION})"
        )
    game = data.get("game")
    if not isinstance(game, str) or len(game) > 100:
        raise ValueError("record: 'game' must be a game's name")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("record: 'options' must be an object of option names and values")
    try:
        played = load(game, **options)
    except ValueError as e:
        raise ValueError(f"record: {e}") from None
    except TypeError as e:  # an option name that is not a Python identifier
        raise ValueError(f"record: bad options ({e})") from None
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"record: 'seed' must be a whole number 0 to 2**63, not {seed!r}")
    moves = _texts(data.get("moves"), "moves", MAX_MOVES, 200)
    players = _texts(data.get("players", []), "players", 10, MAX_NAME)
    comments_in = data.get("comments", {})
    if not isinstance(comments_in, dict) or len(comments_in) > MAX_MOVES + 1:
        raise ValueError("record: 'comments' must be an object from ply to text")
    comments: dict[int, str] = {}
    for key, value in comments_in.items():
        if not (
            isinstance(key, str) and is_number(key) and len(key) < 6 and int(key) <= len(moves)
        ):
            raise ValueError(f"record: comment key {key!r} is not a ply 0-{len(moves)}")
        if not isinstance(value, str) or len(value) > MAX_COMMENT:
            raise ValueError(
                f"record: the comment at ply {key} must be text of at most {MAX_COMMENT} characters"
            )
        comments[int(key)] = value
    at = data.get("at")
    if at is not None and (
        isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(moves)
    ):
        raise ValueError(f"record: 'at' must be a ply 0-{len(moves)}, not {at!r}")
    branches = _branches(data.get("branches", []), len(moves))
    record = Record(game, dict(options), seed, moves, players, comments, branches, at)
    _check_meta(record, played.num_players)
    _replay(record)
    return record


def _texts(value: Any, name: str, most: int, longest: int) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"record: {name!r} must be a list of texts")
    if len(value) > most:
        raise ValueError(f"record: {name!r} holds {len(value):,} entries, at most {most:,}")
    for i, text in enumerate(value, 1):
        if not isinstance(text, str) or len(text) > longest:
            raise ValueError(
                f"record: {name} entry {i} must be text of at most {longest} characters"
            )
    return list(value)


def _branches(value: Any, plies: int) -> list[Branch]:
    if not isinstance(value, list) or len(value) > MAX_BRANCHES:
        raise ValueError(f"record: 'branches' must be a list of at most {MAX_BRANCHES}")
    out = []
    for n, b in enumerate(value, 1):
        if not isinstance(b, dict) or set(b) - {"at", "moves", "comment"}:
            raise ValueError(
                f"record: branch {n} must be an object with 'at', 'moves' and an optional 'comment'"
            )
        at = b.get("at")
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= plies:
            raise ValueError(f"record: branch {n}: 'at' must be a ply 0-{plies}, not {at!r}")
        comment = b.get("comment", "")
        if not isinstance(comment, str) or len(comment) > MAX_COMMENT:
            raise ValueError(f"record: branch {n}: 'comment' must be short text")
        out.append(Branch(at, _texts(b.get("moves"), f"branch {n} moves", MAX_MOVES, 200), comment))
    return out


def _check_meta(record: Record, players: int) -> None:
    if record.players and len(record.players) != players:
        raise ValueError(
            f"record: 'players' names {len(record.players)} players; this game has {players}"
        )
    for name in record.players:
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise ValueError(
                f"record: a player's name must be text of at most {MAX_NAME} characters"
            )
    for ply, text in record.comments.items():
        if not 0 <= ply <= len(record.moves) or len(text) > MAX_COMMENT:
            raise ValueError(f"record: the comment at ply {ply} is out of range or too long")


def _replay(record: Record) -> None:
    state = load(record.game, **record.options).new_game(seed=record.seed)
    starts: dict[int, State] = {}
    wanted = {b.at for b in record.branches}
    for i, text in enumerate(record.moves, 1):
        if i - 1 in wanted:
            starts[i - 1] = state.clone()
        _play(state, text, f"move {i}")
    if len(record.moves) in wanted:
        starts[len(record.moves)] = state
    for n, branch in enumerate(record.branches, 1):
        line = starts[branch.at].clone()
        for i, text in enumerate(branch.moves, 1):
            _play(line, text, f"branch {n}, move {i}")


def _play(state: State, text: str, where: str) -> None:
    try:
        state.play(text)
    except IllegalMove as e:
        raise ValueError(f"record: {where} {text!r} is illegal: {e}") from None
    except ValueError as e:  # a move the game's notation cannot read
        raise ValueError(f"record: {where} {text!r}: {e}") from None


def _token_from_url(text: str) -> str:
    if len(text) > MAX_LINK + 2_000:
        raise ValueError(f"link: {len(text):,} characters is too long")
    if "://" in text or text.startswith("/"):
        query = urlsplit(text).query
    else:  # "?record=...", or a page's own link ("sagrada_play.ipynb?record=...")
        query = text.split("?", 1)[1] if "?" in text else text
    values = parse_qs(query, max_num_fields=20).get("record")
    if not values:
        raise ValueError("link: it holds no record (no '?record=' in it)")
    return values[0].strip()


def _unpack_token(token: str) -> str:
    if len(token) > MAX_LINK:
        raise ValueError(
            f"link: the record in it is {len(token):,} characters, at most {MAX_LINK:,}"
        )
    body = token[len(LINK_PREFIX) :]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_TEXT)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("link: the record in it is cut short or too large")
        data = json.loads(raw.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ValueError(
            "link: the record in it is damaged (was the link cut or changed?)"
        ) from None
    if isinstance(data, dict):
        data.setdefault("format", FORMAT)
    return json.dumps(data)
