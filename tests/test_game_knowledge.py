"""Game knowledge lives in each game's folder: the shared code names no game.

The engine's shared parts (``stainedglass/*.py``, ``stainedglass/ai``, ``stainedglass/interop``)
and the views' shared parts (``kit``, ``features``, ``pages``, ``serving``) reach a game only
through what it declares (``Game.facts``, its hooks, the bots it registers). The one place that
names the package's games is ``stainedglass/catalogue.py``.

A toy game from outside the package, with its own search, then gets hints, a seat for its search
and its search's moves with no shared file touched.
"""

from __future__ import annotations

import ast
import pathlib
import random
import re
from typing import Any
from collections.abc import Iterator

import pytest

import stainedglass as sg
from stainedglass import core
from stainedglass.ai import bots
from stainedglass.ai.search import Bot, Candidate
from stainedglass.catalogue import GAMES
from stainedglass_widgets.kit.searches import (
    bot_label,
    bot_move,
    check_seat,
    is_bot,
    is_timed,
    seat_choices,
    seat_label,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
ENGINE = ROOT / "stainedglass"
VIEWS = ROOT / "widgets" / "stainedglass_widgets"
REGISTRATION = ENGINE / "catalogue.py"
GAME_NAME = re.compile(r"cathedral|walls[_ ]?of[_ ]?light|coloring|sagrada", re.IGNORECASE)


def shared_modules() -> list[pathlib.Path]:
    """The shared code: the engine's modules beside the game folders, its AI and adapters, and
    the views' parts that every game's view uses."""
    paths = [p for p in ENGINE.glob("*.py") if p != REGISTRATION]
    for folder in (ENGINE / "ai", ENGINE / "interop"):
        paths += folder.rglob("*.py")
    for part in ("kit", "features", "pages", "serving"):
        paths += (VIEWS / part).rglob("*.py")
    return sorted(paths)


def _documentation(tree: ast.AST) -> set[int]:
    """The ids of the string constants that document (a module's, class's or function's
    docstring, or the text under an attribute): a statement that is a lone string."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _names(node: ast.AST) -> list[str]:
    """The identifiers a node spells: names, attributes, definitions, arguments, imports."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def game_names_in_code(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[str]:
    """``file:line: what`` (the file from ``root``) for each string constant or identifier in
    the code of ``path``, not its documentation, that names a game."""
    tree = ast.parse(path.read_text(), str(path))
    docs = _documentation(tree)
    where = path.relative_to(root)
    found = []
    for node in ast.walk(tree):
        words = _names(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words.append(node.value)
        found += [(getattr(node, "lineno", 0), w) for w in words if GAME_NAME.search(w)]
    return [f"{where}:{line}: {word[:60]!r}" for line, word in sorted(found)]


def test_the_check_finds_a_game_named_in_code_but_not_in_documentation(tmp_path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        '"""Cathedral, in the documentation: allowed."""\n'
        "from .sagrada.windows import WINDOWS\n"
        "LABEL = 'Coloring search'\n"
        '"""What LABEL says of Walls of Light: allowed."""\n'
        "def walls_of_light_rule(x):\n"
        '    """Cathedral again: allowed."""\n'
        "    return x.game.name == f'{x}cathedral'\n"
    )
    found = game_names_in_code(module, root=tmp_path)
    assert sorted(hit.split(": ", 1)[1] for hit in found) == sorted(
        ["'sagrada.windows'", "'Coloring search'", "'walls_of_light_rule'", "'cathedral'"]
    )
    assert found[0].startswith("probe.py:")


def test_no_shared_module_names_a_game_in_its_code() -> None:
    """Game facts are declared on the game, and a game's own behaviour is behind a hook it
    implements in its folder: the shared code never asks which game it is."""
    modules = shared_modules()
    assert ENGINE / "core.py" in modules and VIEWS / "kit" / "searches.py" in modules
    found = [hit for path in modules for hit in game_names_in_code(path)]
    assert not found, "game names in shared code:\n" + "\n".join(found)


def test_the_catalogue_lists_the_package_games_in_the_order_games_gives_them() -> None:
    assert sorted(GAMES) == list(GAMES)
    assert set(GAMES) <= set(sg.games())
    assert sg.games() == sorted(sg.games())


def test_every_bot_declares_its_label_and_whether_a_time_budget_sets_its_strength() -> None:
    for name in sg.ai.bot_names():
        cls = sg.ai.bot_class(name)
        assert "label" in vars(cls) and cls.label and cls.label != Bot.label, name
        assert "timed" in vars(cls) or cls.timed == Bot.timed
        assert cls.timed == ("budget" in cls.defaults), f"{name}: timed is its budget option"
    assert bot_label("mcts") == "MCTS bot" and is_timed("mcts")
    assert not is_timed("greedy") and sg.ai.bot_names()[:4] == list(sg.ai.BOTS)


def test_a_puzzle_asks_for_what_the_game_says_a_move_is() -> None:
    """``facts.best_move_words``: a Coloring move is a pencil and shapes."""
    for game, words in (("cathedral", "the best move"), ("coloring", "the best pencil and shapes")):
        assert sg.load(game).facts.best_move_words == words
        puzzle = sg.ai.puzzles.shipped(game)[0]
        assert f"to move: find {words}." in puzzle.question


def test_a_solo_ladder_plays_the_levels_its_game_declares() -> None:
    levels = sg.load("sagrada").ladder_levels()
    assert [level.number for level in levels] == [3, 4, 5, 6]
    assert all(level.variants and all("window" in v for v in level.variants) for level in levels)
    assert sg.load("cathedral").ladder_levels() == (sg.LadderLevel(0, ({},)),)


# ---- a toy game from outside the package, with its own search ------------------------------------

PEBBLES = 7


class Take(sg.Move):
    """Take one or two pebbles: ``take 2``."""


class PebblesState(sg.State):
    """Two players take one or two pebbles in turn from a row of seven; whoever takes the last
    pebble wins."""

    left: int
    to_move: int

    def _setup(self, rng: random.Random) -> None:
        self.left, self.to_move = PEBBLES, 0

    @property
    def current_player(self) -> int:
        return sg.TERMINAL if self.left == 0 else self.to_move

    def _legal(self) -> list[sg.Move]:
        return [Take(n, f"take {n}") for n in (1, 2) if n <= self.left]

    def _apply(self, move: sg.Move) -> None:
        self.left -= int(move.key)
        self.to_move = 1 - self.to_move

    def _snapshot(self) -> Any:
        return (self.left, self.to_move)

    def _restore(self, snap: Any) -> None:
        self.left, self.to_move = snap

    def parse_move(self, text: str) -> sg.Move:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2"):
            raise sg.IllegalMove(f"{text!r} is not a move: take 1 or take 2")
        return Take(int(words[1]), f"take {words[1]}")

    def scores(self) -> list[int]:
        winner = 1 - self.to_move if self.left == 0 else -1
        return [int(p == winner) for p in range(2)]

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores()]


class Pebbles(sg.Game):
    name = "pebbles"
    title = "Pebbles"
    facts = sg.Facts(
        chance=False,
        hidden_information=False,
        min_players=2,
        max_players=2,
        lower_is_better=False,
        player_names=("First", "Second"),
        player_colours=("gold", "silver"),
        hint_bot="pebbles",
    )
    state_class = PebblesState
    max_plays = PEBBLES
    observation_size = 1


class PebblesSearch(Bot):
    """The game's own search: it knows that leaving a multiple of three wins."""

    name = "pebbles"
    label = "Pebbles search"
    timed = True
    games = ("pebbles",)
    defaults: dict[str, Any] = {"seed": None, "budget": None}
    used: list[float | None] = []

    def analyse(self, state: sg.State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        assert isinstance(state, PebblesState)
        PebblesSearch.used.append(self.options["budget"])
        left = state.left
        ranked = sorted(state.legal_moves(), key=lambda m: (left - int(m.key)) % 3 != 0)
        return [
            Candidate(m, 1.0 if (left - int(m.key)) % 3 == 0 else 0.0, 1, "rule")
            for m in ranked[:top]
        ]


@pytest.fixture
def pebbles() -> Iterator[sg.Game]:
    """The toy game and its search registered through the public API, and taken out after."""
    sg.games()  # the package's games first, as they would be
    games, own_bots = dict(core._REGISTRY), dict(bots._GAME_BOTS)
    PebblesSearch.used.clear()
    try:
        sg.register(Pebbles)
        sg.ai.register_bot(PebblesSearch)
        yield sg.load("pebbles")
    finally:
        core._REGISTRY.clear()
        core._REGISTRY.update(games)
        bots._GAME_BOTS.clear()
        bots._GAME_BOTS.update(own_bots)
        for beside in ("svg", "simulator"):
            core._BESIDE.pop((Pebbles, beside), None)


def test_a_new_game_gives_its_own_search_the_hints(pebbles: sg.Game) -> None:
    state = pebbles.new_game(seed=1)
    assert pebbles.hint_bot == "pebbles" and "pebbles" in sg.ai.bot_names("pebbles")
    hints = sg.ai.suggest(state, top=2, budget_s=0.5)
    assert [str(h.move) for h in hints] == ["take 1", "take 2"]  # 7 - 1 leaves six
    assert hints[0].unit == "rule" and hints[0].value == 1.0
    assert PebblesSearch.used and PebblesSearch.used[-1] is not None  # a time budget


def test_a_seat_offers_a_new_games_search_by_its_label_and_plays_it(pebbles: sg.Game) -> None:
    state = pebbles.new_game(seed=1)
    choices = seat_choices(state)
    assert ("Pebbles search", "pebbles") in choices
    assert choices[0] == ("Human", "human") and choices[-1] == ("Another device", "remote")
    assert ("Alpha-beta bot", "alphabeta") in choices  # a duel without chance: exact
    assert bot_label("pebbles") == "Pebbles search" and seat_label("pebbles") == "Pebbles search"
    assert is_bot("pebbles") and is_timed("pebbles") and check_seat("pebbles") == "pebbles"
    state.play("take 2")  # five left: taking two leaves three
    assert str(bot_move(state, "pebbles", 0.3)) == "take 2"
    assert PebblesSearch.used[-1] == 0.3  # a timed bot is given the seat's budget


def test_the_toy_game_is_gone_after_its_test() -> None:
    assert "pebbles" not in sg.games() and "pebbles" not in sg.ai.bot_names()
    assert not is_bot("pebbles") and not is_timed("pebbles")
    with pytest.raises(ValueError, match="a seat is"):
        check_seat("pebbles")
