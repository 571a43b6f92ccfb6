"""The checks of what the class's store is given, before it writes anything: a game and a
pupil's Match me level, the teacher's board, the lead's token and a verdict's words, the seats
a room's starting device takes, and whether a room is open and at the ply a move was sent for.
Each refusal is a ValueError saying what is wrong."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from stainedglass import core
from stainedglass.record import load_record
from .rooms import MAX_WORDS_LENGTH, ENDED, PUPIL, SEAT_KINDS, read_name, read_token
from .schema import MAX_LEVEL_DATA


def matched_games() -> list[str]:
    """The games a pupil's Match me level is kept for: those played against others (a game
    played alone has no opponent to match)."""
    return [game for game in core.games() if core.load(game).facts.max_players > 1]


def read_game(game: Any) -> str:
    if not isinstance(game, str) or game not in core.games():
        raise ValueError(
            f"{str(game)[:40]!r} is not a game; the games are: " + ", ".join(core.games())
        )
    return game


def _match_data(match: Any) -> tuple[dict[str, Any], int]:
    """A Match me's data as ``MatchMe.from_dict`` reads it, made again (``to_dict``), and its
    level; ValueError when it does not read."""
    from stainedglass.ai.levels import MatchMe

    if not isinstance(match, Mapping):
        raise ValueError(f"a Match me is kept as its to_dict(), not {type(match).__name__}")
    made = MatchMe.from_dict(dict(match))
    return made.to_dict(), int(made.level)


def read_level(pupil: Any, game: Any, match: Any) -> tuple[str, str, str, int]:
    """A Match me to keep, checked: ``(pupil, game, data as JSON, level)``."""
    pupil, game = read_name(pupil, "a pupil's name"), read_game(game)
    if game not in matched_games():
        raise ValueError(f"{game} is played alone: it has no Match me level")
    data, level = _match_data(match)
    text = json.dumps(data, sort_keys=True)
    if len(text) > MAX_LEVEL_DATA:
        raise ValueError(f"a Match me's data is at most {MAX_LEVEL_DATA:,} characters")
    return pupil, game, text, level


def _read_position(position: Any) -> core.State:
    """The teacher's board as sent (a record's text or link) -> its state; ValueError in
    words for anything else."""
    if not isinstance(position, str):
        raise ValueError(f"a position is a record's text or link, not {type(position).__name__}")
    return load_record(position).state()


def _read_lead_token(token: Any) -> str:
    try:
        return read_token(token)
    except ValueError:
        raise ValueError(
            "only the teacher's console leads the class: this page holds no leading token "
            "(open the console with the teacher's password)"
        ) from None


def _read_words(words: Any) -> str:
    if not isinstance(words, str) or len(words) > MAX_WORDS_LENGTH:
        raise ValueError(f"a verdict's words are text of at most {MAX_WORDS_LENGTH:,} characters")
    return words


def _read_seated(seated: Any, players: int) -> dict[int, tuple[str, str]]:
    """The seats a room's starting device takes, checked: ``{seat: (kind, name)}`` with one
    pupil (the device's own) when any, the others its hot-seat pupils and bots."""
    if not isinstance(seated, Mapping):
        raise ValueError(f"the seats taken are a mapping of seat to (kind, name), not {seated!r}")
    chosen: dict[int, tuple[str, str]] = {}
    for index, taken in seated.items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < players:
            raise ValueError(f"the room has seats 0 to {players - 1}, not {index!r}")
        if not isinstance(taken, tuple) or len(taken) != 2:
            raise ValueError(f"seat {index} is taken by a (kind, name), not {taken!r}")
        kind, name = taken
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"{kind!r} is not a kind of seat; the kinds are: " + ", ".join(SEAT_KINDS)
            )
        chosen[index] = (kind, read_name(name))
    pupils = [i for i, (kind, _) in chosen.items() if kind == PUPIL]
    if chosen and len(pupils) != 1:
        raise ValueError(
            "a room is started by one pupil's device: one seat of kind pupil, its hot-seat "
            f"pupils and bots played through it, not {len(pupils)} pupils"
        )
    return dict(sorted(chosen.items()))


def _stale(code: str, sent: int, now: int) -> str:
    return (
        f"room {code} is at move {now}, not {sent}: move {sent + 1} was played already "
        f"(read the moves since {sent}, then move again)"
    )


def _check_open(row: Any) -> None:
    if row.state == ENDED:
        raise ValueError(
            f"room {row.code} has ended: its game can be read as a record, not played on"
        )


def _check_ply(row: Any, ply: int) -> None:
    if ply < row.ply:
        raise ValueError(_stale(row.code, ply, row.ply))
    if ply > row.ply:
        raise ValueError(f"room {row.code} is at move {row.ply}: there is no move {ply} yet")
