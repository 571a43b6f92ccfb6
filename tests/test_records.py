"""Game records (``stainedglass/record.py``): saved, loaded, shared as links, and refused with a
message that says where when they are bad."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

import stainedglass as sg
from conftest import play_random, random_move

GAMES = [
    ("cathedral", {}),
    ("walls_of_light", {"players": 2}),
    ("walls_of_light", {"players": 3}),
    ("coloring", {"players": 1}),
    ("coloring", {"players": 4}),
    ("sagrada", {}),
]


def finished(name: str, options: dict, seed: int) -> sg.State:
    return play_random(sg.load(name, **options).new_game(seed=seed), random.Random(seed))


@pytest.mark.parametrize("name,options", GAMES)
def test_random_games_to_the_end_round_trip_exactly(name, options):
    """Every position of a finished game (chance outcomes and hidden hands included) comes back
    from the record's text and from its link."""
    for seed in range(3):
        state = finished(name, options, seed)
        assert state.is_terminal()
        record = state.record(comments={0: "start", len(state.history): "the end"})
        for text in (record.to_text(), record.to_link(), record.to_link("http://x/play.ipynb")):
            again = sg.load_record(text)
            assert again.moves == state.history and again.comments == record.comments
            assert again.to_text() == record.to_text()
            end = again.state()
            assert end._position() == state._position() and end.returns() == state.returns()
        middle = len(state.history) // 2
        replay = sg.load(name, **options).new_game(seed=seed)
        for text in state.history[:middle]:
            replay.play(text)
        assert record.state(middle)._position() == replay._position()


def test_a_full_cathedral_game_fits_a_link_of_2000_characters():
    for seed in range(20):
        state = finished("cathedral", {}, seed)
        link = state.record(players=["Ann", "Ben"]).to_link(
            "http://127.0.0.1:8866/voila/render/cathedral_play.ipynb"
        )
        assert len(link) < 2000, (seed, len(link))


def test_a_link_opens_at_its_ply():
    state = finished("cathedral", {}, 1)
    record = sg.load_record(state.record().to_link(at=5))
    assert record.at == 5 and record.state().history == state.history[:5]


def test_branches_are_kept_and_checked():
    state = finished("cathedral", {}, 2)
    record = state.record()
    side = record.state(4)
    side.play(side.legal_moves()[-1])
    record.branches.append(sg.Branch(4, side.history[4:], "what if"))
    again = sg.load_record(record.to_link())
    assert again.branches == record.branches
    assert again.branch_state(0)._position() == side._position()
    data = json.loads(record.to_text())
    data["branches"][0]["moves"] = ["castle z99"]
    with pytest.raises(ValueError, match="branch 1, move 1 'castle z99'"):
        sg.load_record(json.dumps(data))


def test_a_record_itself_reads_back_as_its_text_does():
    """``state.record()`` and ``sg.load_record(...)`` are a pair: the record itself is read as
    its text would be, a checked copy."""
    state = sg.load("cathedral").new_game(seed=5)
    rng = random.Random(5)
    for _ in range(6):
        state.play(random_move(state, rng))
    record = state.record(players=["Ann", "Ben"], comments={2: "a wall begins"})
    again = sg.load_record(record)
    assert again == sg.load_record(record.to_text()) == record and again is not record
    assert again.state().history == state.history
    record.moves.append("castle z99")  # the copy is the copy
    assert again.moves == state.history
    with pytest.raises(ValueError, match="move 7 'castle z99'"):
        sg.load_record(record)
    record.moves.pop()
    record.options = {"players": {2}}
    with pytest.raises(ValueError, match="record: not one a file can hold"):
        sg.load_record(record)


def test_a_view_or_an_arranged_position_cannot_be_recorded():
    state = sg.load("walls_of_light").new_game(seed=1)
    with pytest.raises(ValueError, match="guesses"):
        state.view(0).record()
    study = sg.load("sagrada").new_game(seed=1)
    study.arrange(placed={"a1": "R1"}, drawn=["G2", "Y3", "B4"])
    with pytest.raises(ValueError, match="arranged study position"):
        study.record()


def _record_dict() -> dict:
    state = sg.load("cathedral").new_game(seed=4)
    rng = random.Random(4)
    for _ in range(6):
        state.play(random_move(state, rng))
    return json.loads(state.record(players=["Ann", "Ben"]).to_text())


def _with(**changes) -> str:
    data = _record_dict()
    for key, value in changes.items():
        if value is KeyError:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data)


BAD = [
    (_with(game="chess"), "unknown game 'chess'"),
    (_with(version=2), "version 2 is not one this program reads"),
    (_with(version=KeyError), "version None"),
    (_with(format="pgn"), "'format' is 'pgn'"),
    (_with(options={"start": 5}), "record: "),
    (_with(options={"not a name": 1}), "record: "),
    (_with(options=[1]), "'options' must be an object"),
    (_with(seed="x"), "'seed' must be a whole number"),
    (_with(seed=-1), "'seed' must be a whole number"),
    (_with(seed=2**80), "'seed' must be a whole number"),
    (_with(moves="castle"), "'moves' must be a list"),
    (_with(moves=[1, 2]), "moves entry 1 must be text"),
    (_with(moves=["x"] * 6000), "at most 5,000"),
    (_with(players=["one"]), "names 1 players; this game has 2"),
    (_with(players=["a" * 100, "b"]), "players entry 1"),
    (_with(comments={"99": "x"}), "comment key '99'"),
    (_with(comments={"1": 5}), "the comment at ply 1"),
    (_with(comments=[]), "'comments' must be an object"),
    (_with(at=99), "'at' must be a ply"),
    (_with(branches={}), "'branches' must be a list"),
    (_with(branches=[{"at": 1, "moves": [], "extra": 1}]), "branch 1 must be an object"),
    (_with(evil="__import__('os')"), "unknown field 'evil'"),
    ("[1, 2]", "expected a JSON object"),
    ("{", "not JSON"),
    ("[" * 100_000 + "]" * 100_000, "record: "),
    ("x" * 2_000_000, "record: "),
    ("r1.AAAA", "damaged"),
    ("r9.abc", "'r9.' is not a version this program reads"),
    ("http://host/play.ipynb?other=1", "no '?record='"),
    ("?record=r1." + "A" * 9000, "at most 8,000"),
]


@pytest.mark.parametrize("text,words", BAD, ids=[w for _, w in BAD])
def test_bad_records_say_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace("?", r"\?")):
        sg.load_record(text)


def test_an_illegal_move_is_named_with_the_rule():
    data = _record_dict()
    data["moves"][3] = data["moves"][1]  # a square already built on
    with pytest.raises(ValueError, match=r"record: move 4 '.*' is illegal: "):
        sg.load_record(json.dumps(data))


def test_a_tampered_or_cut_link_is_refused():
    link = sg.load("cathedral").new_game(seed=1).record().to_link()
    middle = len(link) // 2
    changed = link[:middle] + ("A" if link[middle] != "A" else "B") + link[middle + 1 :]
    for bad in (link[:-6], changed, link + "!!", link.replace("r1.", "r1.%")):
        with pytest.raises(ValueError, match="link|record"):
            sg.load_record(bad)
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 5_000_000 + b"]", 9)).decode()
    with pytest.raises(ValueError, match="too large|cut short"):
        sg.load_record("r1." + bomb.rstrip("="))


def test_a_record_names_the_players():
    record = sg.load_record(_with())
    assert record.players == ["Ann", "Ben"]
    with pytest.raises(ValueError, match="names 3 players"):
        sg.load("cathedral").new_game(seed=1).record(players=["a", "b", "c"])
