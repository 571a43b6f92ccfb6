"""Walls of Light positions set up by hand: the ``start=`` option, ``position`` and ``validate``
(RULES.md, "Setting up a position"), and the faces file the face designer saves."""

from __future__ import annotations

import json
import random

import pytest

import stainedglass as sg
from stainedglass.walls_of_light.start import faces_from_text, faces_to_text
from stainedglass.walls_of_light.windows import WINDOWS, parse_face


def _random_states(players: int, games: int, seed: int) -> list[sg.State]:
    """Positions of random games: every few plays of each game, chance nodes included."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        state = sg.load("walls_of_light", players=players).new_game(seed=seed * 100 + g)
        while not state.is_terminal():
            if rng.random() < 0.08:
                out.append(state.clone())
            if state.is_chance():
                state.play(state.sample_chance())
            else:
                state.play(rng.choice(state.legal_moves()))
        out.append(state.clone())
    return out


def _key(state: sg.State) -> tuple:
    """Everything a position is, except the last completion (words about the move before)."""
    snap = state._position()
    return snap[:18] + snap[19:]


@pytest.mark.parametrize("players", [2, 3])
def test_positions_of_random_games_round_trip(players: int) -> None:
    """game.setup(game.position(s)) is the same position: the same legal moves, scores, chance
    outcomes, and the same play after it."""
    states = _random_states(players, 4, seed=players)
    phases = {s.phase for s in states}
    assert {"roll", "action", "over"} <= phases
    for state in states:
        game = state.game
        pos = game.position(state)
        json.dumps(pos)  # plain data
        again = game.setup(pos, seed=7)
        assert _key(again) == _key(state), pos
        assert again.legal_moves() == state.legal_moves()
        assert again.scores() == state.scores()
        assert again.current_player == state.current_player
        if state.is_chance():
            assert again.chance_outcomes() == state.chance_outcomes()
        assert game.position(again) == pos
        if not state.is_terminal():  # the same move plays on both the same way
            move = state.legal_moves()[0]
            a, b = state.clone(), again.clone()
            a.play(move)
            b.play(move)
            assert _key(a)[:-2] == _key(b)[:-2]


def test_a_record_of_a_set_up_position_reloads() -> None:
    """The record of a game set up by hand keeps the position (its options hold start=)."""
    state = _random_states(3, 1, seed=5)[3]
    game = state.game
    s = game.setup(game.position(state))
    s.play(s.sample_chance() if s.is_chance() else s.legal_moves()[0])
    again = sg.load_record(s.record().to_text()).state()
    assert _key(again) == _key(s)


def _game(players: int = 3) -> sg.Game:
    return sg.load("walls_of_light", players=players)


def _refused(position: dict, players: int = 3) -> str:
    with pytest.raises(ValueError) as e:
        _game(players).setup(position)
    return str(e.value)


def test_start_defaults_to_the_designed_windows_front_up() -> None:
    """A start with few keys: designed windows in order, fronts up, no winks, red to roll."""
    s = _game().setup({"hands": [["extra"], ["swap"], ["modify"]]})
    assert [s.face(p).name for p in range(6)] == [pair[0].name for pair in WINDOWS]
    assert s.phase == "roll" and s.to_move == 0 and s.pile == (3, 3, 4, 3)


def test_form_errors_say_where() -> None:
    """Bad form is a ValueError naming the key and the space, prefixed with the option."""
    assert "winks at 1:a1: that cell is stone" in _refused({"winks": {"1:a1": "r"}})
    assert "'x' is not a wink" in _refused({"winks": {"1:b1": "x"}})
    assert "to_move: yellow is not playing" in _refused({"to_move": "yellow"}, players=2)
    assert "unknown key 'bogus'" in _refused({"bogus": 1})
    assert _refused({"dice": [0, 2, 3]}).startswith("walls_of_light: option start= dice:")
    assert "hands: give 3 entries" in _refused({"hands": [[], []]})


def test_rule3_nothing_goes_on_a_printed_secondary() -> None:
    """Rule 3: "never on a secondary color, never on a space that already holds two panes"."""
    # window 1's front (Lancet, "#+.#", "#OB#", ...) has printed orange at b2, blue at c2
    assert "nothing goes on a secondary" in _refused({"winks": {"1:b2": "r"}})
    assert "three panes" in _refused({"winks": {"1:c2": "ry"}})
    s = _game().setup({"winks": {"1:c2": "y"}, "dice": [1, 1, 1]})
    assert s.space(0, 6)["shown"] == "green"


def test_more_winks_of_a_color_than_exist() -> None:
    """Components: "eight winks per color"."""
    spaces = [
        f"{p}:{c}"
        for p, c in (
            (2, "b1"),
            (2, "c2"),
            (2, "b3"),
            (4, "c4"),
            (4, "a4"),
            (5, "c1"),
            (5, "a2"),
            (6, "b1"),
            (6, "b2"),
        )
    ]
    nine = dict.fromkeys(spaces, "r")
    assert "hold 9 red winks; there are only 8" in _refused({"winks": nine, "dice": [1, 1, 1]})
    eight = dict(list(nine.items())[:8])
    s = _game().setup({"winks": eight, "dice": [1, 1, 1], "hands": [[], [], []]})
    assert s.supply == [0, 8, 8]


def test_rule7_a_complete_window_is_scored_at_once() -> None:
    """Rule 7: "A window is complete when every space shows a color. It is scored at once"."""
    # Quatrefoil (window 2 front): spaces b1, a2, b2 (printed orange), c2, b3
    full = {"2:b1": "r", "2:a2": "b", "2:c2": "y", "2:b3": "r"}
    assert "window 2 (Quatrefoil) shows a color on every space" in _refused(
        {"winks": full, "dice": [2, 2, 2]}
    )
    del full["2:b3"]
    _game().setup({"winks": full, "dice": [2, 2, 2]})


def test_cards_counted_twice_or_missing() -> None:
    """Components: "a 16-card Stained Glass deck, four of each type"."""
    twice = {"hands": [["extra", "extra"], ["extra"], []], "pile": ["extra", "extra"]}
    assert "5 Extra Glass cards" in _refused(twice)
    missing = {"hands": [[], [], []], "pile": [], "discard": []}
    assert "only 0 Extra Glass cards" in _refused(missing)


def test_scores_come_only_from_completions() -> None:
    """Rule 7: points are scored when a window is completed, and the first completion of a
    position puts a white cube beside it; the completer scores 2 per distinct color."""
    assert "nobody can have scored" in _refused({"scores": [3, 0, 0], "dice": [1, 2, 3]})
    assert "less than 4" in _refused({"scores": [3, 0, 0], "cubes": [1, 2], "dice": [1, 2, 3]})
    _game().setup({"scores": [3, 1, 0], "cubes": [1, 2], "dice": [1, 2, 3]})


def test_rule8_the_game_ends_when_every_position_has_a_cube() -> None:
    """Rule 8: "The game ends as soon as all six positions have a white cube"."""
    six = {"cubes": [1, 2, 3, 4, 5, 6], "scores": [12, 0, 0], "dice": [1, 2, 3]}
    assert "the game is over (rule 8)" in _refused(six)
    s = _game().setup({**six, "phase": "over"})
    assert s.is_terminal() and s.returns() == [1.0, 0.0, 0.0]
    assert "is over only when" in _refused({"phase": "over", "dice": [1, 2, 3]})


def test_ruling13_a_round_of_passes_ends_the_game() -> None:
    """Ruling 13: "When every player in turn has ended a turn with pass ... the game ends"."""
    assert "a whole round of passes" in _refused({"quiet_turns": 2, "dice": [1, 2, 3]}, players=2)
    s = _game(2).setup({"quiet_turns": 1, "dice": [1, 2, 3]})
    assert s.phase == "roll"


def test_rule2_cards_before_the_first_placement() -> None:
    """Rule 2: "Cards are played after the roll and before the first placement"; Extra Glass
    gives the one second placement."""
    base = {
        "phase": "action",
        "dice": [1, 2, 3],
        "hands": [[], [], []],
        "pile": ["extra"] * 3 + ["swap"] * 4 + ["reroll"] * 4 + ["modify"] * 4,
        "discard": ["extra"],
    }
    assert "needs Extra Glass" in _refused({**base, "acted": True})
    assert "only after playing Extra Glass" in _refused({**base, "placements_left": 2})
    s = _game().setup({**base, "placements_left": 2, "card_played": True})
    assert s.current_player == 0 and s.placements_left == 2
    swap_played = {
        **base,
        "discard": ["swap"],
        "pile": ["extra"] * 4 + ["swap"] * 3 + ["reroll"] * 4 + ["modify"] * 4,
    }
    assert "Extra Glass card played this turn" in _refused(
        {**swap_played, "acted": True, "card_played": True}
    )
    _game().setup({**swap_played, "card_played": True})  # one placement after Swap Panes
    reshuffled = {
        **base,
        "acted": True,
        "card_played": True,
        "discard": [],
        "pile": ["extra"] * 4 + ["swap"] * 4 + ["reroll"] * 4 + ["modify"] * 4,
    }
    _game().setup(reshuffled)  # the Extra Glass went back into the pile with the discards
    reroll = {**base, "phase": "reroll", "reroll": "rb", "card_played": True}
    assert "Roll Again card played is in the discards" in _refused(reroll)
    s = _game().setup(
        {
            **reroll,
            "discard": ["reroll"],
            "pile": ["extra"] * 4 + ["swap"] * 4 + ["reroll"] * 3 + ["modify"] * 4,
        }
    )
    assert s.is_chance() and len(s.chance_outcomes()) == 36


def test_rule6_a_card_is_drawn_from_the_pile() -> None:
    """Rule 6: "when a card must be drawn and the draw pile is empty, the discard pile is
    shuffled to form it" - a draw waits only on a pile that holds cards."""
    draw = {
        "phase": "draw",
        "dice": [1, 2, 3],
        "acted": True,
        "pending_draws": ["blue"],
        "cubes": [1],
        "scores": [2, 0, 0],
        "hands": [[], [], []],
    }
    s = _game().setup(draw)
    assert s.chance_seen_by() == 1 and len(s.chance_outcomes()) == 4
    empty = {**draw, "pile": [], "discard": ["extra", "swap", "reroll", "modify"] * 4}
    assert "the draw pile is empty" in _refused(empty)
    assert "owed cards only while" in _refused({**draw, "phase": "roll"})


def test_no_wink_before_the_first_roll() -> None:
    """Rule 2: "A turn: roll all three dice; then ... place": winks come after a roll."""
    assert "no die has been rolled yet" in _refused({"winks": {"1:b1": "r"}, "dice": None})
    assert "give the dice" in _refused({"phase": "action", "dice": None})


def test_setup_check_false_draws_a_refused_position() -> None:
    """The editor draws a position the rules refuse (check=False skips validate only)."""
    s = _game().setup({"scores": [5, 0, 0]}, check=False)
    assert s.scores() == [5, 0, 0]
    with pytest.raises(ValueError):
        _game().setup({"winks": {"1:a1": "r"}}, check=False)


def test_faces_file_round_trip_and_errors() -> None:
    """The face designer's files: the faces back as saved; bad files say where."""
    face = parse_face(["#..#", "+RY*", "#..#", "####"], "Little Rose")
    again = faces_from_text(faces_to_text([face, WINDOWS[2][1]]))
    assert again == [face, WINDOWS[2][1]]
    with pytest.raises(ValueError, match="not JSON"):
        faces_from_text("{faces")
    with pytest.raises(ValueError, match="face 2: face 'B': 3 spaces"):
        faces_from_text(
            json.dumps(
                {
                    "faces": [
                        {"name": "A", "rows": list(face.rows)},
                        {"name": "B", "rows": ["#..#", "#.##", "####", "####"]},
                    ]
                }
            )
        )
    with pytest.raises(ValueError, match="face 2: the name 'A' is given to two faces"):
        faces_from_text(json.dumps({"faces": [{"name": "A", "rows": list(face.rows)}] * 2}))
    with pytest.raises(ValueError, match="too long"):
        faces_from_text(" " * 200_000)
    with pytest.raises(ValueError, match="nested too deeply"):  # never a RecursionError
        faces_from_text("[" * 4000 + "]" * 4000)
    with pytest.raises(ValueError, match="not Walls of Light"):
        faces_from_text(json.dumps({"game": "sagrada", "faces": []}))


def test_a_designed_face_plays_with_the_windows_option() -> None:
    """A face from a file plays at once in windows= (every position, both sides)."""
    face = faces_from_text(faces_to_text([parse_face(["#..#", "+RY*", "#..#", "####"], "x")]))
    rows = list(face[0].rows)
    named = {"name": "Little Rose", "rows": rows}
    s = sg.load("walls_of_light", windows=[[named, rows]] * 6).new_game(seed=3)
    assert s.face(0).name == "Little Rose"
    s.play(s.sample_chance())
    s.play(s.legal_moves()[0])
    again = sg.load_record(s.record().to_text()).state()
    assert _key(again) == _key(s)
