"""Walls of Light's ``start=`` option: a whole position set up by hand (the position editor, a
teacher's example, a share link), and its file of faces (the face designer's Save and Open).

A position is plain data; every key is optional (RULES.md, "Setting up a position")::

    {"windows": [[front, back], ...],   # six pairs; a face is four rows or {"name", "rows"}
     "showing": ["front", "back", ...],  # which face of each position is up
     "winks": {"3:b2": "ry", "1:a1": "b"},  # the winks on spaces, lowest first
     "cubes": [2, 5],                    # the positions with a white cube
     "scores": [4, 0, 7],
     "hands": [["extra"], ["swap", "modify"], []], "pile": [...], "discard": [...],
     "to_move": "blue", "phase": "action", "dice": [2, 3, 6],
     "card_played": False, "acted": False, "placements_left": 1, "quiet_turns": 0,
     "reroll": "rb", "pending_draws": ["red"]}

:func:`check_start` checks the form and ranges; the game checks what depends on its options
(the players, the faces) and ``WallsOfLight.validate`` what the rules could never make.

>>> check_start({"winks": {"3:b2": "ry"}, "phase": "roll"})["winks"]
((37, (0, 2)),)
>>> check_start({"winks": {"3:b2": "rx"}})
Traceback (most recent call last):
...
ValueError: winks at 3:b2: 'x' is not a wink (r red, b blue, y yellow)
"""

from __future__ import annotations

import json
from typing import Any

from ..core import IllegalMove, read_json
from .moves import CARD_NAMES, CELLS, parse_space, space_name
from .options import CARDS_PER_TYPE
from .windows import COLOR_NAMES, DIE_LETTERS, Face, parse_windows, read_face

PHASES = ("roll", "action", "reroll", "draw", "over")
KEYS = (
    "windows",
    "showing",
    "winks",
    "cubes",
    "scores",
    "hands",
    "pile",
    "discard",
    "to_move",
    "phase",
    "dice",
    "card_played",
    "acted",
    "placements_left",
    "quiet_turns",
    "reroll",
    "pending_draws",
)
WINK_LETTERS = "rby"
MAX_SCORE = 10_000
MAX_FACES_FILE = 100_000  # characters of a faces file
MAX_FACES = 60  # faces in one file


def face_data(face: Face) -> dict[str, Any]:
    """A face as the option and the faces file keep it."""
    return {"name": face.name, "rows": list(face.rows)}


def check_windows_start(value: Any) -> tuple[tuple[Face, Face], ...]:
    """Six (front, back) pairs of faces (as ``windows=`` takes them); a ValueError names the
    position."""
    try:
        return parse_windows(value)
    except ValueError as e:
        raise ValueError(f"windows: {e}") from None


def _cards(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > 4 * CARDS_PER_TYPE:
        raise ValueError(f"{where}: give a list of card names ({', '.join(CARD_NAMES)})")
    for name in value:
        if name not in CARD_NAMES:
            raise ValueError(
                f"{where}: {str(name)[:30]!r} is not a card; the cards are: "
                + ", ".join(CARD_NAMES)
            )
    return tuple(list(value).count(t) for t in CARD_NAMES)


def _player(value: Any, where: str) -> int:
    if value not in COLOR_NAMES[:3] or not isinstance(value, str):
        raise ValueError(f"{where}: {str(value)[:30]!r} is not a player (red, blue, yellow)")
    return COLOR_NAMES.index(value)


def _count(value: Any, where: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"{where} must be a whole number 0-{top}, not {str(value)[:30]}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{where} must be true or false, not {str(value)[:30]}")
    return value


def check_start(value: Any) -> dict[str, Any] | None:
    """Check a ``start=`` mapping's form and ranges; the checked values by key (absent keys
    are left out: the game fills them in)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("must be a mapping (keys: " + ", ".join(KEYS) + ")")
    unknown = sorted(str(k) for k in set(value) - set(KEYS))
    if unknown:
        raise ValueError(f"unknown key {unknown[0][:30]!r}; the keys are: {', '.join(KEYS)}")
    out: dict[str, Any] = {}
    if "windows" in value:
        out["windows"] = check_windows_start(value["windows"])
    if "showing" in value:
        showing = value["showing"]
        if (
            not isinstance(showing, (list, tuple))
            or len(showing) != 6
            or any(s not in ("front", "back") for s in showing)
        ):
            raise ValueError("showing: give six words, 'front' or 'back', for positions 1-6")
        out["showing"] = tuple(0 if s == "front" else 1 for s in showing)
    if "winks" in value:
        winks = value["winks"]
        if not isinstance(winks, dict):
            raise ValueError("winks: give a mapping of spaces to winks, e.g. {'3:b2': 'ry'}")
        spaces: list[tuple[int, tuple[int, ...]]] = []
        for name, text in winks.items():
            try:
                g = parse_space(name) if isinstance(name, str) else -1
            except IllegalMove as e:
                raise ValueError(f"winks: {e}") from None
            if g < 0:
                raise ValueError(f"winks: {str(name)[:30]!r} is not a space such as '3:b2'")
            where = f"winks at {space_name(g)}"
            if not isinstance(text, str) or not 1 <= len(text) <= 2:
                raise ValueError(
                    f"{where}: give one or two winks such as 'r' or 'ry' (a space "
                    "holds at most two panes)"
                )
            for ch in text:
                if ch not in WINK_LETTERS:
                    raise ValueError(f"{where}: {ch!r} is not a wink (r red, b blue, y yellow)")
            if any(g == other for other, _ in spaces):
                raise ValueError(f"{where}: the space is named twice")
            spaces.append((g, tuple(sorted(WINK_LETTERS.index(ch) for ch in text))))
        out["winks"] = tuple(sorted(spaces))
    if "cubes" in value:
        cubes = value["cubes"]
        if (
            not isinstance(cubes, (list, tuple))
            or len(cubes) > 6
            or any(isinstance(c, bool) or c not in range(1, 7) for c in cubes)
            or len(set(cubes)) != len(cubes)
        ):
            raise ValueError("cubes: give the positions (1-6) that have a white cube, each once")
        out["cubes"] = tuple(i + 1 in cubes for i in range(6))
    if "scores" in value:
        scores = value["scores"]
        if not isinstance(scores, (list, tuple)) or not 2 <= len(scores) <= 3:
            raise ValueError("scores: give one score per player")
        out["scores"] = tuple(
            _count(s, f"scores: {COLOR_NAMES[p]}'s score", MAX_SCORE) for p, s in enumerate(scores)
        )
    if "hands" in value:
        hands = value["hands"]
        if not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= 3:
            raise ValueError("hands: give one list of card names per player")
        out["hands"] = tuple(
            _cards(h, f"hands: {COLOR_NAMES[p]}'s hand") for p, h in enumerate(hands)
        )
    for key in ("pile", "discard"):
        if key in value:
            out[key] = _cards(value[key], key)
    if "to_move" in value:
        out["to_move"] = _player(value["to_move"], "to_move")
    if "phase" in value:
        if value["phase"] not in PHASES or not isinstance(value["phase"], str):
            raise ValueError(
                f"phase: {str(value['phase'])[:30]!r} is not one of " + ", ".join(PHASES)
            )
        out["phase"] = PHASES.index(value["phase"])
    if "dice" in value:
        dice = value["dice"]
        if dice is not None and (
            not isinstance(dice, (list, tuple))
            or len(dice) != 3
            or any(isinstance(d, bool) or d not in range(1, 7) for d in dice)
        ):
            raise ValueError(
                "dice: give the red, blue and yellow dice, each 1-6 (or null before the first roll)"
            )
        out["dice"] = None if dice is None else (int(dice[0]), int(dice[1]), int(dice[2]))
    for key in ("card_played", "acted"):
        if key in value:
            out[key] = _flag(value[key], key)
    if "placements_left" in value:
        out["placements_left"] = _count(value["placements_left"], "placements_left", 2)
    if "quiet_turns" in value:
        out["quiet_turns"] = _count(value["quiet_turns"], "quiet_turns", 3)
    if "reroll" in value:
        text = value["reroll"]
        if (
            not isinstance(text, str)
            or any(ch not in DIE_LETTERS for ch in text)
            or len(set(text)) != len(text)
        ):
            raise ValueError("reroll: give the dice being rolled again as letters, e.g. 'rb'")
        out["reroll"] = tuple(sorted(DIE_LETTERS.index(ch) for ch in text))
    if "pending_draws" in value:
        pending = value["pending_draws"]
        if not isinstance(pending, (list, tuple)) or len(pending) > 16:
            raise ValueError("pending_draws: give the players still owed a card, in order")
        out["pending_draws"] = tuple(_player(p, "pending_draws") for p in pending)
    return out


def position_of(state: Any) -> dict[str, Any]:
    """The ``start=`` mapping of a Walls of Light state (``WallsOfLight.position``)."""
    from .panes import WINKS

    n = state.game.num_players
    winks = {}
    for pos in range(6):
        for cell in state.face(pos).spaces:
            g = pos * CELLS + cell
            on = WINKS[state.cells[g]]
            if on:
                winks[space_name(g)] = "".join(WINK_LETTERS[c] for c in on)

    def names(counts: tuple[int, ...]) -> list[str]:
        return [CARD_NAMES[t] for t in range(4) for _ in range(counts[t])]

    return {
        "windows": [[face_data(f) for f in pair] for pair in state.windows],
        "showing": ["back" if s else "front" for s in state.side],
        "winks": winks,
        "cubes": [i + 1 for i, c in enumerate(state.cubes) if c],
        "scores": list(state.score),
        "hands": [names(state.hands[p]) for p in range(n)],
        "pile": names(state.pile),
        "discard": names(state.discard),
        "to_move": COLOR_NAMES[state.to_move],
        "phase": state.phase,
        "dice": None if state.dice is None else list(state.dice),
        "card_played": bool(state.card_played),
        "acted": bool(state.acted),
        "placements_left": int(state.placements_left),
        "quiet_turns": int(state.quiet_turns),
        "reroll": "".join(DIE_LETTERS[d] for d in state.reroll),
        "pending_draws": [COLOR_NAMES[p] for p in state.pending_draws],
    }


# ---- files of faces (the face designer's Save and Open) --------------------------------------


def faces_to_text(faces: list[Face]) -> str:
    """A faces file: ``{"faces": [{"name": ..., "rows": [...]}, ...]}`` as JSON text."""
    return json.dumps({"game": "walls_of_light", "faces": [face_data(f) for f in faces]}, indent=1)


def faces_from_text(text: Any) -> list[Face]:
    """Read a faces file (:func:`faces_to_text`); a ValueError says where it is wrong.

    >>> from stainedglass.walls_of_light.windows import WINDOWS
    >>> [f.name for f in faces_from_text(faces_to_text([WINDOWS[0][0]]))]
    ['Lancet']
    >>> faces_from_text('{"faces": [{"name": "Arch", "rows": 4}]}')
    Traceback (most recent call last):
    ...
    ValueError: faces file, face 1: face 'Arch': a face is 4 rows of 4 characters, not 4
    """
    data = read_json(text, "faces file", MAX_FACES_FILE)
    if not isinstance(data, dict) or not isinstance(data.get("faces"), list):
        raise ValueError('faces file: expected {"faces": [{"name": ..., "rows": [...]}, ...]}')
    if data.get("game", "walls_of_light") != "walls_of_light":
        raise ValueError(f"faces file: made for {str(data['game'])[:30]!r}, not Walls of Light")
    faces = data["faces"]
    if not 1 <= len(faces) <= MAX_FACES:
        raise ValueError(f"faces file: it holds {len(faces)} faces; give 1 to {MAX_FACES}")
    out = []
    for i, face in enumerate(faces, 1):
        if not isinstance(face, dict):
            raise ValueError(f'faces file, face {i}: expected {{"name": ..., "rows": [...]}}')
        try:
            out.append(read_face(face, f"face {i}"))
        except ValueError as e:
            raise ValueError(f"faces file, face {i}: {e}") from None
        if any(f.name == out[-1].name for f in out[:-1]):
            raise ValueError(
                f"faces file, face {i}: the name {out[-1].name!r} is given to "
                "two faces; give each its own"
            )
    return out
