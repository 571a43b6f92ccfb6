"""Rooms on the views' Python side (``stainedglass_widgets.features.rooms``): boards that stand for devices
share one real SQLite store, as the kernels of one class server do. The same journeys in
Chromium, two browser contexts as two devices: ``tests/test_views_rooms_browser.py``."""

from __future__ import annotations

import pathlib
import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.kit.board import boards_in
from stainedglass_widgets.serving.classroom import open_store
from harness import perform


def device(game: str, store: pathlib.Path, **options: Any) -> Any:
    """A play dashboard standing for one device of the class (inline: no threads)."""
    view = sgw.view(game, background=False, **options)
    view.rooms.use_store(store)
    return view


def words(view: Any) -> str:
    return re.sub(r"<[^>]+>", "", view.message.value)


def banner(view: Any) -> str:
    return re.sub(r"<[^>]+>", "", view.banner.value)


@pytest.fixture
def store(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "class.sqlite3"


def cathedral_room(store: pathlib.Path) -> tuple[Any, Any, str]:
    """Ana's device starts a Cathedral room (Dark open for another device), Ben's joins it:
    the two boards and the room's code."""
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    ben = device("cathedral", store)
    ben.rooms.join(code, "Ben")
    return ana, ben, code


def person_moves(view: Any, rng: random.Random) -> None:
    """The person to move on ``view`` plays a random legal move."""
    view.play(rng.choice(view.state.legal_moves()))


def test_two_pupils_play_a_cathedral_game_to_its_end_on_two_devices(store: pathlib.Path) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    assert re.fullmatch(r"[A-Z2-9]{5}", code), code
    assert code in ana.rooms.status.value and "<svg" in ana.rooms.status.value  # the QR code
    ben = device("cathedral", store)
    ben.rooms.join(code.lower(), "Ben")  # a code typed in small letters is the same code
    assert ben.seats[:2] == ["remote", "human"] and "Room" in words(ben)
    ana.rooms.sync()
    assert "Dark: Ben" in re.sub(r"<[^>]+>", "", ana.rooms.status.value)
    rng = random.Random(3)
    devices = [ana, ben]
    while not ana.state.is_terminal():
        mover = devices[ana.state.current_player]
        other = devices[1 - ana.state.current_player]
        with pytest.raises(sg.IllegalMove, match="plays .*: wait for their move"):
            person_moves(other, rng)  # the other device cannot move for its opponent
        person_moves(mover, rng)
        other.rooms.sync()
        assert other.state.history == mover.state.history
    assert ben.state.is_terminal() and "Game over" in banner(ben)
    record = open_store(store).record(code)
    assert [str(m) for m in record.state().history] == [str(m) for m in ana.state.history]


def test_the_page_address_keeps_the_room_and_a_reload_comes_back_to_the_same_seat(
    store: pathlib.Path,
) -> None:
    ana, ben, code = cathedral_room(store)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    ben.rooms.sync()
    address = ben.keeper.address
    assert address.startswith(f"?room={code}&seat=")
    # the kernel is lost; the reload opens the same address in a new one
    again = device("cathedral", store)
    assert sgw.features.records.open_link(again, address) is True
    assert again.seats[:2] == ["remote", "human"]
    assert again.state.history == ana.state.history and "Dark to move" in banner(again)
    again.play(again.state.legal_moves()[0])
    ana.rooms.sync()
    assert len(ana.state.history) == 2


def test_two_moves_sent_at_once_give_one_move_and_a_refusal(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    ben.rooms.sync()
    # Ben's page open twice (a second tab, the same seat): both send a move for the same turn
    twin = device("cathedral", store)
    twin.rooms.open_link(ben.keeper.address)
    first, second = ben.state.legal_moves()[:2]
    ben.play(first)
    twin.play(second)
    assert "Not played: another device played move 2 first" in words(twin), words(twin)
    assert twin.state.history == ben.state.history  # one game: Ben's move
    assert open_store(store).room(code).ply == 2


def test_walls_of_light_each_device_shows_only_its_own_hand(store: pathlib.Path) -> None:
    red = device("walls_of_light", store, seats=["human", "remote"], players=2)
    code = red.rooms.start("Rosa")
    blue = device("walls_of_light", store)
    blue.rooms.join(code, "Bo")
    watcher = device("walls_of_light", store)
    watcher.rooms.join(code, "Teacher", watch=True)
    assert watcher.rooms.tokens == {} and "you watch" in words(watcher)
    red.rooms.sync()
    rng = random.Random(5)
    devices = [red, blue]
    for _ in range(60):
        if red.state.is_terminal():
            break
        assert not red.state.is_chance()  # the room rolls the dice at once
        devices[red.state.current_player].play(rng.choice(red.state.legal_moves()))
        for d in (red, blue, watcher):
            d.rooms.sync()
            assert d.state.history == red.state.history
        assert red.shown_hand() == 0 and blue.shown_hand() == 1 and watcher.shown_hand() is None
        for d, others in ((red, "blue"), (blue, "red"), (watcher, "red")):
            # which card another drew is never said ("red draws a card" is: a window's bonus)
            assert not re.search(rf"{others} draws (?!a card)", words(d)), words(d)
            assert not re.search(rf"{others} draws (?!a card)", words(watcher))
            assert "<li>draw " not in d.move_log.value.replace("<li>draw (a card, face down)", "")
    assert not blue.model.chance_here and blue.chance_button.disabled  # no rolling here


def test_a_bot_seat_plays_on_the_device_that_started_the_room(store: pathlib.Path) -> None:
    host = device("coloring", store, seats=["human", "greedy", "remote"], players=3)
    code = host.rooms.start("Ana")
    guest = device("coloring", store)
    guest.rooms.join(code, "Ben")
    assert guest.seats[:3] == ["remote", "remote", "human"]
    host.rooms.sync()
    rng = random.Random(2)
    for _ in range(30):
        if host.state.is_terminal():
            break
        p = host.state.current_player
        if p == 0:
            person_moves(host, rng)
        elif p == 2:
            person_moves(guest, rng)
        host.rooms.sync()  # the greedy bot answers on the host, inline
        guest.rooms.sync()
        assert guest.state.history == host.state.history
    seats = {m.seat for m in open_store(store).moves_since(code)}
    assert 1 in seats  # the bot's moves are in the room


def test_leaving_ends_the_room_and_the_game_can_still_be_reviewed(store: pathlib.Path) -> None:
    ana, ben, code = cathedral_room(store)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    with pytest.raises(sg.IllegalMove, match=f"room {code}'s"):
        ana.model.undo_to_person()  # a room's moves stay
    ana.undo_button.click()
    assert "room" in words(ana) and len(ana.state.history) == 1
    ana.rooms.leave()
    ben.rooms.leave()
    room = open_store(store).room(code)
    assert room.ended
    assert len(open_store(store).record(code).moves) == 1
    assert ana.rooms.code == "" and "left room" in words(ben)
    ana.undo_button.click()  # the game is this board's again
    assert ana.state.history == []


@pytest.mark.parametrize(
    "code, name, says",
    [
        ("QQQQQ", "Ben", "no room"),
        ("", "Ben", "code"),
        (None, "   ", "name"),
    ],
)
def test_a_bad_code_or_name_is_refused_in_words_and_changes_nothing(
    store: pathlib.Path, code: str | None, name: str, says: str
) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    real = ana.rooms.start("Ana")
    before = open_store(store).dump()
    ben = device("cathedral", store)
    ben.rooms.name_text.value = name
    ben.rooms.code_text.value = real if code is None else code
    ben.rooms.join_button.click()
    assert says in words(ben).lower(), words(ben)
    assert ben.rooms.code == "" and ben.model.fixed == ""
    assert open_store(store).dump() == before


def test_a_room_of_another_game_is_refused_in_words(store: pathlib.Path) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    other = device("sagrada", store)
    other.rooms.name_text.value = "Ben"
    other.rooms.code_text.value = code
    other.rooms.join_button.click()
    assert "plays Cathedral" in words(other)


def test_a_hot_seat_plays_two_seats_on_one_device_and_a_pupil_the_third(
    store: pathlib.Path,
) -> None:
    host = device("coloring", store, seats=["human", "human", "remote"], players=3)
    code = host.rooms.start("Ana and Ben")
    kinds = [s.kind for s in open_store(store).room(code).seats]
    assert kinds[:2] == ["pupil", "hot_seat"]  # both people here; the third seat is open
    guest = device("coloring", store)
    guest.rooms.join(code, "Cleo")
    host.rooms.sync()
    assert host.seats[:3] == ["human", "human", "remote"] and guest.seats[2] == "human"
    rng = random.Random(4)
    for _ in range(12):
        if host.state.is_terminal():
            break
        (guest if host.state.current_player == 2 else host).play(
            rng.choice(host.state.legal_moves())
        )
        host.rooms.sync()
        guest.rooms.sync()
        assert guest.state.history == host.state.history
    assert {m.seat for m in open_store(store).moves_since(code)} >= {0, 1, 2}


def test_a_code_typed_then_join_pressed_joins_once_with_no_false_refusal(
    store: pathlib.Path,
) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    ben = device("cathedral", store)
    ben.rooms.name_text.value = "Ben"
    ben.rooms.code_text.value = code.lower()  # the typed code, sent as the box loses focus
    ben.rooms.join_button.click()  # ... to the Join button
    assert ben.rooms.code == code and "Not done" not in words(ben), words(ben)
    assert "you play Dark" in words(ben)
    assert [s.name for s in open_store(store).room(code).seats] == ["Ana", "Ben"]


def test_a_code_typed_then_watch_pressed_watches_and_takes_no_seat(store: pathlib.Path) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    teacher = device("cathedral", store)
    teacher.rooms.name_text.value = "Teacher"
    teacher.rooms.code_text.value = code
    teacher.rooms.watch_button.click()
    assert teacher.rooms.tokens == {} and "you watch" in words(teacher), words(teacher)
    assert not open_store(store).room(code).seats[1].taken


def test_a_refused_start_makes_no_room(store: pathlib.Path) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    ana.rooms.start("Ana")
    before = open_store(store).dump()
    ben = device("cathedral", store, seats=["human", "remote"])
    ben.rooms.name_text.value = "Ben\x00"
    ben.rooms.start_button.click()
    assert "Not done: a name holds characters that cannot be shown" in words(ben), words(ben)
    assert ben.rooms.code == "" and ben.model.fixed == ""
    assert open_store(store).dump() == before
    assert len(open_store(store).rooms()) == 1


def test_a_room_has_the_players_chosen_and_a_joining_device_shows_them(
    store: pathlib.Path,
) -> None:
    red = device("walls_of_light", store, seats=["human", "remote", "human"], first_player=0)
    assert red.state.num_players == 3
    red.players_picker.value = 2  # chosen, New game not pressed
    code = red.rooms.start("Rosa")
    assert len(open_store(store).room(code).seats) == 2
    assert red.state.num_players == 2 and red.model.seat(1) == "remote"
    blue = device("walls_of_light", store)
    blue.rooms.join(code, "Bo")
    assert blue.state.num_players == 2 and blue.players_picker.value == 2
    assert [p.value for p in blue.seat_pickers[:2]] == ["remote", "human"]
    seats = blue.feature(sgw.features.seats.Seats)
    assert seats.seat_boxes[2].layout.display == "none"  # no yellow player in this game
    red.rooms.sync()
    assert "Blue: Bo" in re.sub(r"<[^>]+>", "", red.rooms.status.value)


def test_players_chosen_unlike_a_game_under_way_are_refused_in_words(store: pathlib.Path) -> None:
    red = device("walls_of_light", store, seats=["human", "remote", "human"], first_player=0)
    red.roll()
    red.play(red.state.legal_moves()[0])
    red.players_picker.value = 2
    before = open_store(store).dump()
    red.rooms.name_text.value = "Rosa"
    red.rooms.start_button.click()
    assert "Not done" in words(red) and "New game" in words(red), words(red)
    assert open_store(store).dump() == before and red.rooms.code == ""


def test_a_room_waiting_for_its_players_says_so_on_the_device(store: pathlib.Path) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    code = ana.rooms.start("Ana")
    said = re.sub(r"<[^>]+>", "", ana.rooms.status.value)
    assert "waits for 1 more player" in said, said
    assert "waits for" in words(ana), words(ana)
    ana.play("cathedral e4 d5 e5 f5 e6 e7")
    assert "waits for its players" in words(ana) and open_store(store).room(code).ply == 0
    ben = device("cathedral", store)
    ben.rooms.join(code, "Ben")
    ana.rooms.sync()
    assert "waits for" not in re.sub(r"<[^>]+>", "", ana.rooms.status.value)
    # the host's own message line says so too, once the last seat is taken
    assert "waits for" not in words(ana) and "every seat is taken" in words(ana), words(ana)


@pytest.mark.parametrize("typed", ["AEIOU", "   ", "B" * 10_000, "ktm", "KTMP1"])
def test_a_bad_room_code_is_refused_in_plain_words(store: pathlib.Path, typed: str) -> None:
    ana = device("cathedral", store, seats=["human", "remote"])
    ana.rooms.start("Ana")
    ben = device("cathedral", store)
    ben.rooms.name_text.value = "Ben"
    ben.rooms.code_text.value = typed
    ben.rooms.join_button.click()
    said = words(ben)
    assert "A room code is 5 letters, like KTMPR" in said, said
    # no Python quotes, no list of letters, nothing long echoed back
    assert "'" not in said and '"' not in said and "BCDFG" not in said, said
    assert len(said) < 120, said


def test_the_name_box_takes_no_more_than_a_name_and_says_why_at_once(
    store: pathlib.Path,
) -> None:
    ben = device("cathedral", store, seats=["human", "remote"])
    ben.rooms.name_text.value = "B" * 5_000  # pasted
    assert ben.rooms.name_text.value == "B" * 40
    assert "A name is at most 40 characters" in words(ben), words(ben)
    assert all(board.pupil == "B" * 40 for board in boards_in(ben.board_widgets))


def test_the_name_box_says_progress_is_kept_under_the_name(store: pathlib.Path) -> None:
    ana = device("cathedral", store)
    tip = ana.rooms.name_text.tooltip
    assert "progress" in tip and "kept under this name" in tip and "lessons" in tip


MOVE_MARKS = re.compile(
    r'class="(?:target|ghost|preview legal|confirm|choice)"|data-playable="true"|pays a tool'
)
"""What invites a move on a board (rings, ghosts, ✓ previews; ``tests/test_views_kit.py``)."""


def move_marks(view: Any) -> list[str]:
    return [m for board in boards_in(view.board_widgets) for m in MOVE_MARKS.findall(board.svg)]


def begin_a_move(view: Any) -> None:
    """The gestures of a legal move but its last, as a person begins it (one that draws marks
    when the person may move)."""
    for move in view.state.legal_moves()[:40]:
        try:
            gestures = view.gestures(move)[:-1]
        except ValueError:
            continue
        view.on_new_state()
        perform(view, gestures)
        if move_marks(view):
            return


@pytest.mark.parametrize("name", [n for n in sgw.views() if sg.load(n).facts.max_players > 1])
def test_a_room_waiting_for_its_players_draws_no_move_marks(store: pathlib.Path, name: str) -> None:
    """A device in a room still waiting for its players shows the position but no rings or ✓
    previews (its move would be refused); once every seat is taken, they are back."""
    host = device(name, store)
    while host.state.is_chance():  # the dice rolled before the room: no person has moved
        host.chance_button.click()
    n, first = host.state.num_players, host.state.current_player
    for p in range(n):  # the person here holds the seat to move (the first player is dealt)
        host.model.set_seat(p, "human" if p == first else "remote")
    begin_a_move(host)
    assert move_marks(host), f"{name}: no move marks on the person's turn"
    code = host.rooms.start("Ana")
    assert "waits for" in words(host) and not host.may_move_here()
    begin_a_move(host)
    assert move_marks(host) == [], f"{name}: move marks in a room waiting for its players"
    guests = [device(name, store) for _ in range(n - 1)]
    for k, guest in enumerate(guests):
        guest.rooms.join(code, f"Pupil {k}")
        begin_a_move(guest)
        assert move_marks(guest) == [], f"{name}: move marks on another device's turn"
    host.rooms.sync()
    assert host.may_move_here()
    begin_a_move(host)
    assert move_marks(host), f"{name}: no move marks once every seat is taken"
