"""Cathedral: the rules (the published rulebook and the rulings; see RULES.md).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> len(state.legal_moves())      # Light places the Cathedral first
224
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> state.current_player          # then Dark places the first building
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import (
    TERMINAL,
    Consequence,
    Facts,
    Game,
    IllegalMove,
    Move,
    Option,
    PuzzleRules,
    State,
    bool_option,
    register,
)
from ..core import cell_name, parse_cell, shared_returns
from .consequences import consequences, projected_margin
from .pieces import (
    ALL_PIECES,
    CATHEDRAL,
    CATHEDRAL_BY_MASK,
    CATHEDRAL_MOVES,
    COUNTS,
    DARK,
    FULL,
    LIGHT,
    NEUTRAL,
    PIECES,
    SIDE_NAMES,
    SIDES,
    SIZE,
    SIZES,
    Placement,
    cells_of,
    mask_of,
    mask_text,
    regions,
    rotations,
    shape_of,
)

_LO = 0xFFFFFFFFFFFFFFFF
_PIECE_INDEX = {name: i for i, name in enumerate(ALL_PIECES)}
_ALL = (np.arange(len(SIDES[LIGHT].moves)), np.arange(len(SIDES[DARK].moves)))


class CathedralState(State):
    """A position of Cathedral (or of a two-game match).

    Fields: ``occ`` cells covered per owner (Light, Dark, Cathedral), ``terr`` territory per side,
    ``supply`` unplaced buildings per side, ``buildings`` placed buildings as (owner, piece, mask).
    """

    occ: list[int]
    terr: list[int]
    supply: list[list[int]]
    buildings: list[tuple[int, int, int]]
    to_move: int

    # ---- setup -------------------------------------------------------------------------------

    def _setup(self, rng: random.Random) -> None:
        self.match_scores: list[tuple[int, int]] = []  # finished games of a match
        start = self.game.settings["start"]
        if start is not None and start.game_one is not None:
            self.match_scores.append(start.game_one)  # game two: Dark places the Cathedral
        self._new_board(first=DARK if self.match_scores else LIGHT)
        if start is not None:
            self._set_start(start)

    def _set_start(self, start: StartPosition) -> None:
        """Put the buildings of a ``start=`` position on the board (no claims are computed)."""
        if start.cathedral:
            self.occ[NEUTRAL] = start.cathedral
            self.buildings.append((NEUTRAL, CATHEDRAL, start.cathedral))
            self.cathedral_state = "placed"
        elif start.cathedral_captured:
            self.cathedral_state = "captured"
        for side, placed in enumerate(start.buildings):
            for move in placed:
                self.occ[side] |= move.mask
                self.supply[side][move.piece] -= 1
                self.buildings.append((side, move.piece, move.mask))
            # the first round cannot be over before the Cathedral is placed
            self.has_built[side] = bool(placed) or (
                start.first_round_over and self.cathedral_state != "unplaced"
            )
        self.terr = list(start.territory)
        self.to_move = start.to_move
        if start.skipped is not None:
            self.skipped.append(start.skipped)
        if self.cathedral_state != "unplaced" and not self._has_move(self.to_move):
            self._next_turn(1 - self.to_move)  # rule 6: a side that cannot place is skipped

    def _new_board(self, first: int) -> None:
        self.occ = [0, 0, 0]
        self.terr = [0, 0]
        self.supply = [list(COUNTS), list(COUNTS)]
        self.buildings = []
        self.cathedral_placer = first
        self.cathedral_state = "unplaced"  # unplaced | placed | captured
        self.has_built = [False, False]  # has each side placed its first building?
        self.to_move = first
        self.last_claim = 0  # cells claimed by the last move
        self.last_captures: list[tuple[int, int, int]] = []  # buildings it removed
        self.skipped: list[int] = []  # sides skipped after the last move
        # per side: (indices, blocked, supply), a cache
        self._cand: list[tuple[np.ndarray, int, tuple[int, ...]] | None] = [None, None]
        self._legal_cache: tuple[Move, ...] | None = None

    # ---- snapshots ---------------------------------------------------------------------------

    def _snapshot(self) -> Any:
        return (
            tuple(self.occ),
            tuple(self.terr),
            (tuple(self.supply[0]), tuple(self.supply[1])),
            tuple(self.buildings),
            self.cathedral_placer,
            self.cathedral_state,
            tuple(self.has_built),
            self.to_move,
            self.last_claim,
            tuple(self.last_captures),
            tuple(self.skipped),
            tuple(self.match_scores),
            tuple(self._cand),
            self._legal_cache,
        )

    def _position(self) -> Any:
        return self._snapshot()[:-2]

    def _restore(self, snap: Any) -> None:
        (
            occ,
            terr,
            supply,
            buildings,
            self.cathedral_placer,
            self.cathedral_state,
            has_built,
            self.to_move,
            self.last_claim,
            captures,
            skipped,
            match_scores,
            cand,
            self._legal_cache,
        ) = snap
        self.occ = list(occ)
        self.terr = list(terr)
        self.supply = [list(supply[0]), list(supply[1])]
        self.buildings = list(buildings)
        self.has_built = list(has_built)
        self.last_captures = list(captures)
        self.skipped = list(skipped)
        self.match_scores = list(match_scores)
        self._cand = list(cand)

    # ---- turn --------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.to_move

    @property
    def game_number(self) -> int:
        """1 or 2 (the second game of a match)."""
        return len(self.match_scores) + 1

    def _blocked(self, side: int) -> int:
        """Cells ``side`` may not build on: occupied, or the opponent's territory."""
        return self.occ[0] | self.occ[1] | self.occ[2] | self.terr[1 - side]

    def _candidates(self, side: int) -> np.ndarray:
        """Indices into ``SIDES[side]`` of the placements legal for ``side`` now.

        Filters the previous answer when nothing was freed since (the usual case), else all.
        """
        table = SIDES[side]
        blocked = self._blocked(side)
        supply = tuple(self.supply[side])
        idx = _ALL[side]
        check_supply = True
        cached = self._cand[side]
        if cached is not None:
            c_idx, c_blocked, c_supply = cached
            if c_blocked == blocked and c_supply == supply:
                return c_idx
            if c_blocked & ~blocked == 0 and all(a <= b for a, b in zip(supply, c_supply)):
                idx = c_idx  # nothing freed, no building returned: filter the last answer
                check_supply = c_supply != supply
        ok = (
            (table.lo[idx] & np.uint64(blocked & _LO)) | (table.hi[idx] & np.uint64(blocked >> 64))
        ) == 0
        if check_supply:
            ok &= np.array([n > 0 for n in supply], dtype=bool)[table.piece[idx]]
        found: np.ndarray = idx[ok]
        self._cand[side] = (found, blocked, supply)
        return found

    def _legal(self) -> list[Move]:
        if self._legal_cache is None:
            if self.cathedral_state == "unplaced":
                self._legal_cache = tuple(CATHEDRAL_MOVES)
            else:
                table = SIDES[self.to_move]
                self._legal_cache = tuple(table.move_array[self._candidates(self.to_move)].tolist())
        return list(self._legal_cache)

    # ---- rules -------------------------------------------------------------------------------

    def _illegal_reason(self, move: Move) -> str | None:
        if not isinstance(move, Placement):
            return f"{move} is not a Cathedral move"
        side = self.to_move
        who = SIDE_NAMES[side]
        if self.cathedral_state == "unplaced":
            if move.piece != CATHEDRAL:
                return (
                    f"the Cathedral is placed first: {who} must place the Cathedral "
                    "before any building"
                )
            return None
        if move.piece == CATHEDRAL:
            if self.cathedral_state == "captured":
                return "the Cathedral was captured: it leaves the game and is not placed again"
            return "the Cathedral is already on the board: it is placed once, at the start"
        if (move.piece, move.mask) not in SIDES[side].by_key:
            return (
                f"those cells are not {who}'s {ALL_PIECES[move.piece]} in any rotation: "
                "buildings may be rotated, never flipped"
            )
        if self.supply[side][move.piece] == 0:
            return f"{who} has no {ALL_PIECES[move.piece]} left to place"
        occupied = move.mask & (self.occ[0] | self.occ[1] | self.occ[2])
        if occupied:
            return (
                f"{mask_text(occupied)} {'is' if occupied & (occupied - 1) == 0 else 'are'} "
                "already covered: a building may not be placed on an occupied square"
            )
        theirs = move.mask & self.terr[1 - side]
        if theirs:
            return (
                f"{mask_text(theirs)} {'is' if theirs & (theirs - 1) == 0 else 'are'} "
                f"{SIDE_NAMES[1 - side]}'s territory: a building may not be placed on the "
                "opponent's territory"
            )
        return None

    def _apply(self, move: Move) -> None:
        assert isinstance(move, Placement)
        side = self.to_move
        self.last_claim = 0
        self.last_captures = []
        self.skipped = []
        if move.piece == CATHEDRAL:
            self.occ[NEUTRAL] = move.mask
            self.buildings.append((NEUTRAL, CATHEDRAL, move.mask))
            self.cathedral_state = "placed"
        else:
            self.occ[side] |= move.mask
            self.supply[side][move.piece] -= 1
            self.buildings.append((side, move.piece, move.mask))
            if self.has_built[side]:
                self._claim(side)
            self.has_built[side] = True
        self._legal_cache = None
        self._next_turn(side)

    def _claim(self, side: int) -> None:
        """Rule 3-4: claim every region with at most one foreign building; capture that one."""
        foreign = [b for b in self.buildings if b[0] != side]
        opp = 1 - side
        for region in regions(FULL & ~self.occ[side]):
            inside = [b for b in foreign if b[2] & region]
            if len(inside) > 1:
                continue
            self.last_claim |= region & ~self.terr[side]  # its own territory already: no claim
            self.terr[side] |= region
            self.terr[opp] &= ~region
            if inside:
                owner, piece, mask = inside[0]
                self.buildings.remove(inside[0])
                self.occ[owner] &= ~mask
                if owner == NEUTRAL:
                    self.cathedral_state = "captured"
                else:
                    self.supply[owner][piece] += 1
                self.last_captures.append(inside[0])

    def _has_move(self, side: int) -> bool:
        return len(self._candidates(side)) > 0

    def _next_turn(self, side: int) -> None:
        """Rule 6: alternate; skip a side that cannot place; the game ends when neither can."""
        if self.cathedral_state == "placed" and not any(self.has_built):
            self.to_move = 1 - self.cathedral_placer
            return
        other = 1 - side
        if self._has_move(other):
            self.to_move = other
        elif self._has_move(side):
            self.skipped = [other]
            self.to_move = side
        else:
            self.skipped = [other, side]
            self._end_game()

    def _end_game(self) -> None:
        if self.game.settings["match"] and not self.match_scores:
            self.match_scores.append(tuple(self._board_scores()))  # type: ignore[arg-type]
            self._new_board(first=DARK)  # rule 8: Dark places the Cathedral in game two
        else:
            if self.game.settings["match"]:
                self.match_scores.append(tuple(self._board_scores()))  # type: ignore[arg-type]
            self.to_move = TERMINAL

    # ---- scores ------------------------------------------------------------------------------

    def _board_scores(self) -> list[int]:
        return [sum(n * s for n, s in zip(self.supply[p], SIZES)) for p in (LIGHT, DARK)]

    def scores(self) -> list[int]:
        """Squares of each side's unplaced buildings (lower is better); match totals in a match."""
        if self.to_move == TERMINAL and self.game.settings["match"]:
            return [sum(s[p] for s in self.match_scores) for p in (LIGHT, DARK)]
        now = self._board_scores()
        return [now[p] + sum(s[p] for s in self.match_scores) for p in (LIGHT, DARK)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("returns(): the game is not over")
        return shared_returns(self.scores(), higher_is_better=not self.game.facts.lower_is_better)

    def evaluate(self) -> list[float]:
        """A quick estimate of ``returns()`` for bots, from what Cathedral players weigh.

        Squares left to place (the score), buildings with no legal spot left (they will stay
        unplaced), free territory (room only this side may use) and mobility (legal placements),
        combined into Light's chances by a logistic curve; exact once the game is over.

        >>> import stainedglass as sg
        >>> sg.load("cathedral").new_game().evaluate()
        [0.5, 0.5]
        """
        import math  # here, so that this method stays one self-contained hunk

        if self.to_move == TERMINAL:
            return self.returns()
        score = self.scores()
        edge = float(score[DARK] - score[LIGHT])  # > 0: Light is ahead
        if self.cathedral_state != "unplaced":
            free = FULL & ~(self.occ[0] | self.occ[1] | self.occ[2])
            sign = 1.0
            for side in (LIGHT, DARK):
                idx = self._candidates(side)
                spots = np.bincount(SIDES[side].piece[idx], minlength=len(SIZES))
                supply = self.supply[side]
                stuck = sum(n * s for n, s, k in zip(supply, SIZES, spots.tolist()) if n and not k)
                room = (self.terr[side] & free).bit_count()
                edge += sign * (2.0 * math.log1p(len(idx)) + 0.3 * room - stuck)
                sign = -1.0
        light = 1.0 / (1.0 + math.exp(-edge / 6.0))
        return [light, 1.0 - light]

    # ---- notation ----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``"castle c3 d3 e3 c4 e4"``: a building, then exactly the cells it covers."""
        if not isinstance(text, str) or not text.split():
            raise IllegalMove("a move is a building and its cells, e.g. 'castle c3 d3 e3 c4 e4'")
        name, *cell_texts = text.lower().split()
        if name not in _PIECE_INDEX:
            raise IllegalMove(
                f"{name!r} is not a building; the buildings are: " + ", ".join(ALL_PIECES)
            )
        piece = _PIECE_INDEX[name]
        cells = [parse_cell(c, SIZE, SIZE) for c in cell_texts]
        if len(set(cells)) != len(cells):
            raise IllegalMove(f"{text!r} names a cell twice: name each cell once")
        if len(cells) != SIZES[piece]:
            raise IllegalMove(f"the {name} covers {SIZES[piece]} cells, not {len(cells)}")
        mask = mask_of(cells)
        if piece == CATHEDRAL:
            if mask in CATHEDRAL_BY_MASK:
                return CATHEDRAL_BY_MASK[mask]
            raise IllegalMove(f"{mask_text(mask)} do not form the Cathedral in any rotation")
        side = self.to_move if self.to_move in (LIGHT, DARK) else LIGHT
        move = SIDES[side].by_key.get((piece, mask))
        if move is not None:
            return move
        if (piece, mask) in SIDES[1 - side].by_key:
            raise IllegalMove(
                f"{mask_text(mask)} is the mirror image of {SIDE_NAMES[side]}'s {name}: "
                "buildings may be rotated, never flipped"
            )
        raise IllegalMove(
            f"{mask_text(mask)} do not form a {name} in any rotation "
            "(buildings may be rotated, never flipped)"
        )

    # ---- words -------------------------------------------------------------------------------

    def _name(self, move: Move) -> str:
        """The building and the corners of the squares it covers: "the tower on f1-h3"."""
        assert isinstance(move, Placement)
        cells = cells_of(move.mask)
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        first, last = cell_name(min(xs), min(ys)), cell_name(max(xs), max(ys))
        where = first if first == last else f"{first}-{last}"
        return f"the {ALL_PIECES[move.piece]} on {where}"

    def _describe(self, move: Move) -> str:
        assert isinstance(move, Placement)
        who = SIDE_NAMES[self.to_move]
        after = self.clone()
        after.play(move)
        words = [f"{who} places the {ALL_PIECES[move.piece]} on {mask_text(move.mask)}"]
        if move.piece == CATHEDRAL:
            words.append("(the Cathedral is placed first and claims nothing)")
        elif not self.has_built[self.to_move]:
            words.append("(a first building never claims territory)")
        elif after.last_claim:
            n = bin(after.last_claim).count("1")
            words.append(f"; claims {n} square{'s' if n != 1 else ''}")
            for owner, piece, _ in after.last_captures:
                owner_name = "the" if owner == NEUTRAL else f"{SIDE_NAMES[owner]}'s"
                words.append(f"and captures {owner_name} {ALL_PIECES[piece]}")
        return " ".join(words).replace(" ;", ";") + "."

    def _consequences(self, move: Move) -> list[Consequence]:
        """Squares claimed, buildings captured, buildings that no longer fit anywhere (or fit
        again, or have one spot left), the squares left to place (consequences.py)."""
        return consequences(self, move)

    def projected_margin(self, player: int) -> float:
        """The final margin in squares as the Cathedral search's evaluation expects it."""
        self._check_player(player)
        return projected_margin(self, player)

    def observation(self, player: int) -> np.ndarray:
        """What ``player`` sees, as ``game.observation_size`` (524) numbers: five planes of the
        100 squares in reading order (the player's buildings, the other's, the Cathedral, the
        player's territory, the other's), then each building kind still to place as a share of
        its count (the player's 11, the other's 11), then whether the Cathedral is placed and
        whether it is the player's turn (1.0 or 0.0).

        >>> import stainedglass as sg
        >>> obs = sg.load("cathedral").new_game().observation(0)
        >>> obs.shape, float(obs[-1]), obs[500:511].tolist() == [1.0] * 11
        ((524,), 1.0, True)
        """
        self._check_player(player)
        other = 1 - player
        boards = (
            self.occ[player],
            self.occ[other],
            self.occ[NEUTRAL],
            self.terr[player],
            self.terr[other],
        )
        planes = np.unpackbits(
            np.frombuffer(
                b"".join(b.to_bytes(13, "little") for b in boards), dtype=np.uint8
            ).reshape(5, 13),
            axis=1,
            bitorder="little",
        )[:, : SIZE * SIZE]
        counts = np.array(COUNTS, dtype=np.float32)
        supply = [
            np.array(self.supply[p][: len(COUNTS)], dtype=np.float32) / counts
            for p in (player, other)
        ]
        flags = np.array(
            [self.cathedral_state != "unplaced", self.to_move == player], dtype=np.float32
        )
        return np.concatenate([planes.astype(np.float32).ravel(), *supply, flags])

    def __str__(self) -> str:
        rows = ["   " + " ".join("abcdefghij")]
        for y in range(SIZE):
            line = []
            for x in range(SIZE):
                bit = 1 << (y * SIZE + x)
                if self.occ[LIGHT] & bit:
                    ch = "L"
                elif self.occ[DARK] & bit:
                    ch = "D"
                elif self.occ[NEUTRAL] & bit:
                    ch = "C"
                elif self.terr[LIGHT] & bit:
                    ch = "l"
                elif self.terr[DARK] & bit:
                    ch = "d"
                else:
                    ch = "."
                line.append(ch)
            rows.append(f"{y + 1:>2} " + " ".join(line))
        turn = "game over" if self.to_move == TERMINAL else f"{SIDE_NAMES[self.to_move]} to move"
        game = f"game {self.game_number} of 2, " if self.game.settings["match"] else ""
        rows.append(
            f"{game}{turn}; unplaced squares: Light {self.scores()[0]}, Dark {self.scores()[1]}"
        )
        rows.append("L/D Light/Dark building, C Cathedral, l/d territory")
        return "\n".join(rows)

    # ---- for views and bots --------------------------------------------------------------------

    def owner_at(self, col: int, row: int) -> str:
        """``"light"``, ``"dark"``, ``"cathedral"``, ``"light-territory"``, ``"dark-territory"``
        or ``"free"``."""
        bit = 1 << (row * SIZE + col)
        for mask, name in (
            (self.occ[LIGHT], "light"),
            (self.occ[DARK], "dark"),
            (self.occ[NEUTRAL], "cathedral"),
            (self.terr[LIGHT], "light-territory"),
            (self.terr[DARK], "dark-territory"),
        ):
            if mask & bit:
                return name
        return "free"


@dataclass(frozen=True)
class StartPosition:
    """A checked ``start=`` option: the buildings already standing when the game begins."""

    cathedral: int
    cathedral_captured: bool
    buildings: tuple[tuple[Placement, ...], tuple[Placement, ...]]
    territory: tuple[int, int]
    to_move: int
    first_round_over: bool
    skipped: int | None = None  # the side that could not place after the last move
    game_one: tuple[int, int] | None = None  # a match's first game's scores: this is game two


def _parse_start(value: Any) -> StartPosition | None:
    """Check a ``start=`` mapping, e.g. ``{"cathedral": "e4 d5 e5 f5 e6 e7",
    "light": ["castle c3 d3 e3 c4 e4"], "dark": ["tavern a1"], "to_move": "dark"}``.

    Optional keys: ``"light_territory"`` and ``"dark_territory"`` (cells, as text),
    ``"first_round_over"`` (default True: both sides' next buildings claim), ``"skipped"``
    (``"light"`` or ``"dark"``: that side could not place after the last move, so the other
    moved twice) and, in a match, ``"game_one"`` (``[light, dark]``, the first game's scores:
    the position is then in game two, whose Cathedral Dark places). A captured building is
    simply back in its owner's supply: the supply is what is not in the city.
    ``Cathedral.position(state)`` gives this mapping for any position.
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("must be a mapping with keys cathedral, light, dark, to_move")
    known = {
        "cathedral",
        "light",
        "dark",
        "to_move",
        "light_territory",
        "dark_territory",
        "first_round_over",
        "skipped",
        "game_one",
    }
    unknown = sorted((k for k in value if k not in known), key=repr)
    if unknown:
        raise ValueError(
            f"unknown key {_brief(unknown[0])}; the keys are: {', '.join(sorted(known))}"
        )
    covered = 0

    def cells(text: Any, where: str) -> int:
        if not isinstance(text, str):
            raise ValueError(f"{where} must be text such as 'e4 d5 e5', not {_brief(text)}")
        try:
            return mask_of([parse_cell(c, SIZE, SIZE) for c in text.split()])
        except IllegalMove as e:
            raise ValueError(f"{where}: {e}") from None

    cath = value.get("cathedral")
    captured = cath == "captured"
    cath_mask = 0
    if cath is not None and not captured:
        cath_mask = cells(cath, "cathedral")
        if cath_mask not in CATHEDRAL_BY_MASK:
            raise ValueError(
                f"cathedral: {_brief(cath)} does not form the Cathedral in any rotation"
            )
        covered = cath_mask
    buildings: list[tuple[Placement, ...]] = []
    for side, key in enumerate(("light", "dark")):
        texts = value.get(key, [])
        if not isinstance(texts, list):
            raise ValueError(f"{key} must be a list of buildings such as 'tavern a1'")
        counts = [0] * len(PIECES)
        placed = []
        for i, text in enumerate(texts, 1):
            where = f"{key} building {i} ({_brief(text)})"
            if not isinstance(text, str) or len(text.split()) < 2:
                raise ValueError(f"{where}: expected a building and its cells")
            name = text.split()[0].lower()
            if name not in _PIECE_INDEX or name == "cathedral":
                raise ValueError(f"{where}: {_brief(name)} is not one of {key}'s buildings")
            piece = _PIECE_INDEX[name]
            move = SIDES[side].by_key.get((piece, cells(" ".join(text.split()[1:]), where)))
            if move is None:
                raise ValueError(
                    f"{where}: those cells do not form {key}'s {name} (rotated, never flipped)"
                )
            counts[piece] += 1
            if counts[piece] > COUNTS[piece]:
                raise ValueError(f"{where}: {key} has only {COUNTS[piece]} {name}")
            if move.mask & covered:
                raise ValueError(
                    f"{where}: overlaps another building at {mask_text(move.mask & covered)}"
                )
            covered |= move.mask
            placed.append(move)
        buildings.append(tuple(placed))
    territory = []  # squares under buildings: Cathedral.validate judges them
    for key in ("light_territory", "dark_territory"):
        territory.append(cells(value.get(key, ""), key))
    if territory[0] & territory[1]:
        raise ValueError(
            f"territory: {mask_text(territory[0] & territory[1])} cannot belong to both sides"
        )
    to_move = value.get("to_move", "light")
    if to_move not in ("light", "dark"):
        raise ValueError(f"to_move must be 'light' or 'dark', not {_brief(to_move)}")
    first_round_over = value.get("first_round_over", True)
    if not isinstance(first_round_over, bool):
        raise ValueError("first_round_over must be True or False")
    skipped = value.get("skipped")
    if skipped not in (None, "light", "dark"):
        raise ValueError(f"skipped must be 'light', 'dark' or absent, not {_brief(skipped)}")
    game_one = value.get("game_one")
    if game_one is not None:
        if not (
            isinstance(game_one, (list, tuple))
            and len(game_one) == 2
            and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 47 for n in game_one
            )
        ):
            raise ValueError(
                "game_one must be the first game's scores [light, dark], each "
                f"0 to 47 unplaced squares, not {_brief(game_one)}"
            )
        game_one = (game_one[0], game_one[1])
    if (buildings[0] or buildings[1]) and not cath_mask and not captured:
        raise ValueError(
            "cathedral: the Cathedral is placed before any building; give its cells or 'captured'"
        )
    return StartPosition(
        cath_mask,
        captured,
        (buildings[0], buildings[1]),
        (territory[0], territory[1]),
        LIGHT if to_move == "light" else DARK,
        first_round_over,
        None if skipped is None else _SIDE_KEYS.index(skipped),
        game_one,
    )


_SIDE_KEYS = ("light", "dark")


def _brief(value: Any, most: int = 40) -> str:
    """``repr(value)`` cut to ``most`` characters (an error message stays short)."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def mask_of_moves(moves: tuple[Placement, ...] | list[Placement]) -> int:
    """The squares covered by ``moves``."""
    mask = 0
    for move in moves:
        mask |= move.mask
    return mask


def _one(mask: int) -> bool:
    return mask & (mask - 1) == 0


def short_text(mask: int, most: int = 8) -> str:
    """Cells in words, at most ``most`` of them (then "and N more")."""
    cells = mask_text(mask).split()
    if len(cells) <= most:
        return " ".join(cells)
    return " ".join(cells[:most]) + f" and {len(cells) - most} more"


@register
class Cathedral(Game):
    """Cathedral for two: Light (player 0) and Dark (player 1). ``match=True`` plays two games."""

    name = "cathedral"
    title = "Cathedral"
    facts = Facts(
        chance=False,
        hidden_information=False,
        min_players=2,
        max_players=2,
        lower_is_better=True,
        player_names=("Light", "Dark"),
        player_colours=("amber", "cobalt"),
        score_label="unplaced squares",
        hint_bot="cathedral",
        margin_unit="squares",
    )
    options = {
        "players": Option(2, "always 2", lambda v: _two(v)),
        "match": Option(
            False, "play the two-game match (Dark places the Cathedral in game two)", bool_option
        ),
        "start": Option(
            None, "a position to start from (tutorials, tests): see _parse_start", _parse_start
        ),
    }
    state_class = CathedralState
    variants = [{}, {"match": True}]
    max_plays = 240  # a game takes about 30 plays (captures add a few); a match two games

    observation_size = 5 * SIZE * SIZE + 2 * len(PIECES) + 2

    # ---- puzzles: placements late enough to matter, and what the best one does -------------

    puzzle_rules = PuzzleRules(playouts=200, margin=0.2, first_ply=6, prove=20_000, prove_moves=40)

    # ---- positions set up by hand (the position editor) ---------------------------------------

    def position(self, state: State) -> dict[str, Any]:
        """The ``start=`` mapping of ``state``'s position (see :func:`_parse_start`).

        >>> import stainedglass as sg
        >>> game = sg.load("cathedral")
        >>> state = game.new_game()
        >>> state.play("cathedral e4 d5 e5 f5 e6 e7")
        >>> state.play("tavern a1")
        >>> game.position(state)["dark"], game.position(state)["to_move"]
        (['tavern a1'], 'light')
        """
        assert isinstance(state, CathedralState)
        occupied = state.occ[LIGHT] | state.occ[DARK] | state.occ[NEUTRAL]
        out: dict[str, Any] = {}
        if state.cathedral_state == "placed":
            out["cathedral"] = mask_text(state.occ[NEUTRAL])
        elif state.cathedral_state == "captured":
            out["cathedral"] = "captured"
        for side, key in enumerate(_SIDE_KEYS):
            out[key] = [
                f"{ALL_PIECES[piece]} {mask_text(mask)}"
                for owner, piece, mask in state.buildings
                if owner == side
            ]
        for side, key in enumerate(_SIDE_KEYS):
            out[f"{key}_territory"] = mask_text(state.terr[side] & ~occupied)
        if state.to_move == TERMINAL:  # set up again, the side to move cannot place: it ends
            out["to_move"] = _SIDE_KEYS[state.skipped[0] if state.skipped else LIGHT]
        else:
            out["to_move"] = _SIDE_KEYS[state.to_move]
            if state.skipped:
                out["skipped"] = _SIDE_KEYS[state.skipped[0]]
        out["first_round_over"] = state.cathedral_state != "unplaced" and all(state.has_built)
        if state.match_scores:
            out["game_one"] = list(state.match_scores[0])
        return out

    def validate(self, state: State) -> None:
        """Refuse a ``start=`` position no game could reach, in the rules' words: the turn in
        the first round, claims in the first round, territory that is not a whole walled-off
        region, a region the last builder would have claimed, a skipped side that could place
        (see RULES.md, "Setting up a position")."""
        start = self.settings["start"]
        if start is not None:
            _check_position(start, bool(self.settings["match"]))

    def puzzle_theme(self, state: State, best: Move, rival: Move) -> str:
        """ "capture Dark's academy", "wall off 7 squares", "stop Dark walling off 9 squares"
        (the threat that the next best move leaves open), "fit your last buildings" or "keep
        room for your large buildings"."""
        assert isinstance(state, CathedralState)
        me = state.to_move
        after = state.clone()
        after.play(best)
        claim = bin(after.last_claim).count("1")
        for owner, piece, _ in after.last_captures:
            whose = "the" if owner == NEUTRAL else f"{SIDE_NAMES[owner]}'s"
            return f"capture {whose} {ALL_PIECES[piece]}, walling off {claim} squares"
        if claim:
            return f"wall off {claim} square{'s' if claim != 1 else ''}"
        otherwise = state.clone()
        otherwise.play(rival)
        threat, left = _best_claim(otherwise, 1 - me), _best_claim(after, 1 - me)
        if threat > left:
            return (
                f"stop {SIDE_NAMES[1 - me]} walling off {threat} square{'s' if threat != 1 else ''}"
            )
        if sum(state.supply[me]) <= 3:
            return "fit your last buildings"
        return "keep room for your large buildings"

    def action_words(self) -> tuple[str, ...]:
        """Every placement, each one word: the Cathedral's, then each building's on every
        spot (Light's and Dark's spelt alike are one word; the side to move says whose)."""
        words = dict.fromkeys(str(m) for m in CATHEDRAL_MOVES)
        for side in (LIGHT, DARK):
            words.update(dict.fromkeys(str(m) for m in SIDES[side].moves))
        return tuple(words)


def _check_position(start: StartPosition, match: bool) -> None:
    """Raise ValueError when no game (a match when ``match``) could reach ``start``."""
    if start.game_one is not None and not match:
        raise ValueError("game_one: only a two-game match (match=True) has a second game")
    placer = DARK if start.game_one is not None else LIGHT
    first = 1 - placer  # places the first building
    names = SIDE_NAMES
    placed = [len(start.buildings[LIGHT]), len(start.buildings[DARK])]
    occ = [
        mask_of_moves(start.buildings[LIGHT]),
        mask_of_moves(start.buildings[DARK]),
        start.cathedral,
    ]
    terr = start.territory
    keys = ("light_territory", "dark_territory")
    for side in (LIGHT, DARK):  # under its own buildings, a side's territory is just covered
        for under, whose, rule in (
            (terr[side] & occ[NEUTRAL], "the Cathedral", ""),
            (
                terr[side] & occ[1 - side],
                f"{names[1 - side]}'s building",
                ": a building may not stand on the opponent's territory (rule 5)",
            ),
        ):
            if under:
                verb = "is" if _one(under) else "are"
                raise ValueError(
                    f"{keys[side]}: {short_text(under)} {verb} {names[side]}'s "
                    f"territory and covered by {whose}{rule}"
                )
    unplaced = not start.cathedral and not start.cathedral_captured
    if unplaced:
        for side in (LIGHT, DARK):
            if terr[side]:
                raise ValueError(f"{keys[side]}: nothing is claimed before the Cathedral is placed")
        if start.to_move != placer:
            raise ValueError(
                f"to_move: {names[placer]} places the Cathedral first, so it is "
                f"{names[placer]}'s turn"
            )
        if start.skipped is not None:
            raise ValueError("skipped: nobody is skipped before the Cathedral is placed")
        return
    if not start.first_round_over and not all(placed):  # the first round
        if start.cathedral_captured:
            raise ValueError(
                "cathedral: the first round claims nothing (rule 2), so the "
                "Cathedral cannot have been captured yet"
            )
        for side in (LIGHT, DARK):
            if terr[side]:
                raise ValueError(
                    f"{keys[side]}: the first round (the Cathedral and each side's "
                    "first building) claims nothing (rule 2)"
                )
        if placed[placer]:
            raise ValueError(
                f"{_SIDE_KEYS[placer]}: {names[first]} places the first building "
                f"after the Cathedral, and {names[first]} has none yet"
            )
        if placed[first] > 1:
            raise ValueError(
                f"{_SIDE_KEYS[first]}: in the first round each side places one "
                f"building, and {names[placer]} has placed none yet"
            )
        due = first if not placed[first] else placer
        if start.to_move != due:
            raise ValueError(
                f"to_move: it is {names[due]}'s turn in the first round: "
                f"{names[placer]} places the Cathedral, then {names[first]} and "
                f"{names[placer]} one building each"
            )
        if start.skipped is not None:
            raise ValueError("skipped: nobody is skipped in the first round")
        return
    if not any(placed):
        raise ValueError(
            "first_round_over: no building stands in the city, so the first round "
            "is not over (a capture always leaves the capturer's building)"
        )
    for side in (LIGHT, DARK):  # territory is a whole region walled off by its side
        for region in regions(FULL & ~occ[side]):
            mine = region & terr[side]
            rest = region & ~terr[side]
            if mine and rest:
                raise ValueError(
                    f"{keys[side]}: {names[side]}'s territory {short_text(mine)} is not walled "
                    f"off: its region also holds {short_text(rest)}. A side claims a whole "
                    f"region closed by its own buildings and the city's edge (rule 3)"
                )
    supply = [
        [n - sum(1 for m in start.buildings[side] if m.piece == k) for k, n in enumerate(COUNTS)]
        for side in (LIGHT, DARK)
    ]
    everything = occ[LIGHT] | occ[DARK] | occ[NEUTRAL]
    if start.skipped is not None:
        skipped = start.skipped
        if skipped == start.to_move:
            raise ValueError(
                f"skipped: {names[skipped]} was skipped, so it is {names[1 - skipped]}'s turn"
            )
        move = _a_placement(skipped, everything | terr[1 - skipped], supply[skipped])
        if move is not None:
            raise ValueError(
                f"skipped: {names[skipped]} can still place ({move}); only a side "
                "that cannot place is skipped (rule 6)"
            )
    last = start.to_move if start.skipped is not None else 1 - start.to_move
    if placed[last] >= 2:  # its last building claimed (a first building may be its only one)
        pieces = [
            (owner, move.piece, move.mask)
            for owner in (LIGHT, DARK)
            for move in start.buildings[owner]
        ]
        if start.cathedral:
            pieces.append((NEUTRAL, CATHEDRAL, start.cathedral))
        for region in regions(FULL & ~occ[last]):
            if not region & ~terr[last]:
                continue
            inside = [b for b in pieces if b[0] != last and b[2] & region]
            if len(inside) == 1:
                owner, piece, _ = inside[0]
                whose = "the" if owner == NEUTRAL else f"{names[owner]}'s"
                raise ValueError(
                    f"{keys[last]}: {names[last]} built last, and that would have captured "
                    f"{whose} {ALL_PIECES[piece]}, alone in a region {names[last]} walls off "
                    f"({short_text(region)}), and claimed it (rules 3-4)"
                )
            if not inside:
                raise ValueError(
                    f"{keys[last]}: {names[last]} built last, and that claimed "
                    f"{short_text(region)}, walled off by {names[last]} with no other building "
                    f"inside: mark it {names[last]}'s territory (rule 3)"
                )


def _a_placement(side: int, blocked: int, supply: list[int]) -> Placement | None:
    """A placement ``side`` could make (None when it cannot place)."""
    table = SIDES[side]
    ok = ((table.lo & np.uint64(blocked & _LO)) | (table.hi & np.uint64(blocked >> 64))) == 0
    ok &= np.array([n > 0 for n in supply], dtype=bool)[table.piece]
    found = np.flatnonzero(ok)
    return table.moves[int(found[0])] if len(found) else None


def _best_claim(state: CathedralState, side: int) -> int:
    """The most squares ``side`` could wall off with one placement now (0 if not to move)."""
    if state.to_move != side:
        return 0
    most = 0
    for move in state.legal_moves():
        after = state.clone()
        after.play(move)
        most = max(most, bin(after.last_claim).count("1"))
    return most


def _two(v: Any) -> int:
    if v != 2 or isinstance(v, bool):
        raise ValueError(f"Cathedral is a game for exactly 2 players, not {v!r}")
    return 2


__all__ = [
    "Cathedral",
    "CathedralState",
    "Placement",
    "PIECES",
    "SIZES",
    "rotations",
    "shape_of",
    "cells_of",
    "cell_name",
]
