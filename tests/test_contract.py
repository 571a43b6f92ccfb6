"""The public contract of every game's state (``docs/api.md``): ``consequences`` takes a move as
text, as ``play`` and ``explain`` do, and refuses an illegal one as ``play`` would; every method
that takes a player refuses a number that is not a seat, in words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import stainedglass as sg

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]
PLIES = 6


def _decided(state: sg.State) -> None:
    """Chance resolved until a player is to move."""
    while state.is_chance():
        state.play(state.sample_chance())


def position(game: str) -> tuple[sg.State, list[sg.Move]]:
    """A seeded game a few plies in, a player to move, and the moves legal earlier in it."""
    state = sg.load(game).new_game(seed=3)
    rng = random.Random(1)
    seen: list[sg.Move] = []
    for _ in range(PLIES):
        _decided(state)
        legal = state.legal_moves()
        seen += legal
        state.play(rng.choice(legal))
    _decided(state)
    return state, seen


def telling_move(state: sg.State) -> sg.Move:
    """The first legal move that brings about some fact."""
    return next(m for m in state.legal_moves() if state.consequences(m))


def stale_move(state: sg.State, seen: list[sg.Move]) -> sg.Move:
    """A move legal earlier in the game and illegal now."""
    legal = set(state.legal_moves())
    return next(m for m in seen if m not in legal)


def refusal(method: Callable[[Any], object], move: Any) -> str:
    """The words ``method(move)`` refuses ``move`` with (an IllegalMove)."""
    with pytest.raises(sg.IllegalMove) as err:
        method(move)
    return str(err.value)


@pytest.mark.parametrize("game", GAMES)
def test_consequences_take_the_move_as_text(game: str) -> None:
    """``state.consequences("...")`` gives the same facts as for the parsed move, as
    ``play("...")`` and ``explain("...")`` take text."""
    state, _ = position(game)
    move = telling_move(state)
    facts = state.consequences(move)
    assert facts
    assert state.consequences(str(move)) == facts


@pytest.mark.parametrize("game", GAMES)
def test_consequences_refuse_an_illegal_move_as_play_does(game: str) -> None:
    """An illegal move, as text or parsed, raises ``sg.IllegalMove`` in the words ``play``
    gives (the rule's, as ``explain`` says them), and the state is left as it was."""
    state, seen = position(game)
    move = stale_move(state, seen)
    before = (state.to_json(), list(state.history))
    rule = state.explain(move).words
    assert rule and not state.explain(move).legal
    for given in (move, str(move)):
        assert refusal(state.consequences, given) == rule
        assert refusal(state.play, given) == rule
        assert (state.to_json(), state.history) == before


@pytest.mark.parametrize("game", GAMES)
def test_consequences_refuse_what_is_not_a_move(game: str) -> None:
    """Text that is not a move, and a value that is neither a Move nor text, raise
    ``sg.IllegalMove`` as ``play`` does ("42 is not a move"), the state unchanged."""
    state, _ = position(game)
    before = (state.to_json(), list(state.history))
    for given in ("fly to the moon", "castle a1 b1 c1 a2 c2 z99"):
        words = refusal(state.consequences, given)
        assert words == refusal(state.play, given) == state.explain(given).words
    assert refusal(state.consequences, 42) == "42 is not a move"
    assert (state.to_json(), state.history) == before


def test_cathedral_consequences_name_the_rule() -> None:
    """Cathedral before its Cathedral: "tavern a1" is refused with "the Cathedral is placed
    first: Light must place the Cathedral before any building"; after it, the castle's text
    says "Dark has 42 squares left to place, Light 47"."""
    state = sg.load("cathedral").new_game(seed=7)
    with pytest.raises(sg.IllegalMove, match="^the Cathedral is placed first: Light must place"):
        state.consequences("tavern a1")
    assert state.history == []
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    facts = state.consequences("castle a1 b1 c1 a2 c2")
    assert [c.words for c in facts] == ["Dark has 42 squares left to place, Light 47"]
    assert state.history == ["cathedral e4 d5 e5 f5 e6 e7"]


def test_consequences_after_the_end_say_the_game_is_over() -> None:
    """At the end ``consequences`` refuses as ``play`` does: "the game is over"."""
    state = sg.load("sagrada").new_game(seed=1)
    rng = random.Random(2)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    with pytest.raises(sg.IllegalMove, match="the game is over"):
        state.consequences("pass")


PLAYER_METHODS: dict[str, Callable[[sg.State, Any], object]] = {
    "margin": lambda s, p: s.margin(p),
    "projected_margin": lambda s, p: s.projected_margin(p),
    "view": lambda s, p: s.view(p),
    "text_for": lambda s, p: s.text_for(p),
    "observation": lambda s, p: s.observation(p),
}
GAME_PLAYER_METHODS: dict[str, dict[str, Callable[[sg.State, Any], object]]] = {
    "walls_of_light": {"hand": lambda s, p: s.hand(p)},  # type: ignore[attr-defined]
    "coloring": {"color_of": lambda s, p: s.color_of(p, 1)},  # type: ignore[attr-defined]
}
CASES = [
    pytest.param(game, name, call, id=f"{game}-{name}")
    for game in GAMES
    for name, call in {**PLAYER_METHODS, **GAME_PLAYER_METHODS.get(game, {})}.items()
]
NOT_PLAYERS = [7, -1, True, "0"]


@pytest.mark.parametrize(("game", "name", "call"), CASES)
def test_a_player_that_is_not_a_seat_is_refused_in_words(
    game: str, name: str, call: Callable[[sg.State, Any], object]
) -> None:
    """Each method taking a player refuses 7, -1, True and "0" with ValueError "player must
    be 0..1, not 7" (the game's own seats), and answers for every real seat."""
    state, _ = position(game)
    last = state.num_players - 1
    for bad in NOT_PLAYERS:
        words = f"player must be 0..{last}, not {bad!r}"
        with pytest.raises(ValueError, match=f"^{re.escape(words)}$"):
            call(state, bad)
    for p in range(state.num_players):
        call(state, p)
