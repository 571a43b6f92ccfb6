"""Nothing a user types or uploads crashes the engine: every loader (saved states, records and
share links, game options, Coloring sheets, Walls of Light faces, Sagrada windows) refuses a bad
input with a ValueError that says where, at once (in a counted number of steps, not on a clock),
whatever it is: the wrong type, a number too large for a float, a structure nested 100,000 deep,
a list of a billion circles, a device file, random bytes. Hypothesis throws such inputs at each
loader; the reproducers found by hand are kept as regression tests. Typed moves with digits
other than 0-9 are refused in words.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from types import FrameType
from typing import Any
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import stainedglass as sg
from stainedglass.coloring.sheet import DEFAULT_FILE
from stainedglass.sagrada.game import BASIC_ORDERS, UNIQUE_ORDERS
from stainedglass.walls_of_light.windows import WINDOWS, face_rows

STEPS = 2_000_000
""""At once": the steps of Python a loader may take (calls, lines, returns, counted by
``at_once``), whatever the machine's load. The most any input here takes is about 360,000 (a
changed Coloring sheet, checked and laid out); a loader that went through a count it was given
(2**31 circles) or a structure's every level would take far more."""
CHECK = settings(
    max_examples=150,
    deadline=None,  # no clock: the work is counted (at_once), the same on any machine
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class TooLong(BaseException):
    """Raised into a block that ran more than its steps (a BaseException, so that no loader's
    ``except Exception`` can take it for a refusal)."""


@contextlib.contextmanager
def at_once(steps: int = STEPS) -> Iterator[None]:
    """Fail (instead of waiting) if the block runs more than ``steps`` steps: each call, line,
    return and exception of Python code it runs, counted by a trace function."""
    count = 0

    def step(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        if count > steps:
            raise TooLong(f"still running after {steps} steps")
        return step

    old = sys.gettrace()
    sys.settrace(step)
    try:
        yield
    finally:
        sys.settrace(old)


def refused_or_read(load: Callable[[], Any]) -> Any:
    """Run a loader: it either reads the input or refuses it with a ValueError in words."""
    with at_once():
        try:
            return load()
        except ValueError as e:
            assert str(e) and "Traceback" not in str(e)
            return e


# ---- inputs ----------------------------------------------------------------------------------

NASTY = [
    10**400,
    -(10**400),
    2**64,
    2**31,
    -1,
    0,
    float("nan"),
    float("inf"),
    1e308,
    "",
    "²",
    "٣",
    "x",
    "/dev/zero",
    "/",
    "a" * 5000,
    None,
    True,
    False,
    [],
    {},
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=30),
    st.sampled_from(NASTY),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=25,
)


def replaced(data: Any, rng: random.Random, new: Any) -> Any:
    """A copy of ``data`` with one part (a random depth down a random path) replaced by
    ``new``."""
    if not isinstance(data, (list, dict)) or not data or rng.random() < 0.25:
        return new
    if isinstance(data, list):
        i = rng.randrange(len(data))
        return [replaced(x, rng, new) if j == i else x for j, x in enumerate(data)]
    key = rng.choice(list(data))
    return {k: replaced(v, rng, new) if k == key else v for k, v in data.items()}


DEEP = "\x00deep"  # stands for a list nested 3,000 deep (built only when used: see below)


def as_text(data: Any) -> str:
    return json.dumps(data).replace(json.dumps(DEEP), "[" * 3000 + "]" * 3000)


def as_value(data: Any) -> Any:
    if data == DEEP:
        deep: list[Any] = []
        for _ in range(3000):
            deep = [deep]
        return deep
    if isinstance(data, list):
        return [as_value(x) for x in data]
    if isinstance(data, dict):
        return {k: as_value(v) for k, v in data.items()}
    return data


@st.composite
def changed(draw: Any, valid: Any) -> Any:
    """A valid input with one part replaced by anything (or a part dropped, or nested deep:
    turn it into text with ``as_text``, into a value with ``as_value``)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    kind = draw(st.sampled_from(["replace", "replace", "deep", "drop"]))
    if kind == "deep":
        return replaced(valid, rng, DEEP)
    if kind == "drop" and isinstance(valid, dict) and valid:
        key = rng.choice(list(valid))
        return {k: v for k, v in valid.items() if k != key}
    return replaced(valid, rng, draw(values))


def played(name: str, moves: int = 6, seed: int = 5) -> sg.State:
    state = sg.load(name).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    return state


GAMES = sg.games()
SAVES = {name: json.loads(played(name).to_json()) for name in GAMES}
RECORDS = {name: played(name).record().to_dict() for name in GAMES}
OPTIONS = {
    "coloring": {"sheet": json.loads(DEFAULT_FILE.read_text()), "players": 3},
    "walls_of_light": {
        "windows": [face_rows(pair) for pair in WINDOWS],
        "players": 2,
        "first_player": 1,
        "hands": [["extra", "swap"], ["modify"], []],
    },
    "sagrada": {
        "window": ["R.3..", ".G..4", "..5Y.", "6...B"],
        "tools": ["grozing", "redraw"],
        "orders": [UNIQUE_ORDERS[0], *BASIC_ORDERS[:2]],
        "order_weights": [1, 1, 2],
    },
    "cathedral": {"match": True, "players": 2},
}


# ---- saved states ----------------------------------------------------------------------------


@CHECK
@given(st.text(max_size=300))
def test_a_state_file_of_any_text_is_refused_in_words(text: str) -> None:
    refused_or_read(lambda: sg.state_from_json(text))


@CHECK
@given(st.binary(max_size=300))
def test_a_state_file_of_random_bytes_is_refused_in_words(raw: bytes) -> None:
    assert isinstance(refused_or_read(lambda: sg.state_from_json(raw)), ValueError)


@CHECK
@given(st.sampled_from(GAMES), st.data())
def test_a_changed_state_file_is_read_or_refused_in_words(name: str, data: Any) -> None:
    bad = data.draw(changed(SAVES[name]))
    refused_or_read(lambda: sg.state_from_json(as_text(bad)))


def test_an_untouched_state_file_is_read() -> None:
    for name in GAMES:
        assert sg.state_from_json(json.dumps(SAVES[name])).to_json() == played(name).to_json()


# ---- records and share links -----------------------------------------------------------------


@CHECK
@given(st.text(max_size=300))
def test_a_record_or_link_of_any_text_is_refused_in_words(text: str) -> None:
    refused_or_read(lambda: sg.load_record(text))
    refused_or_read(lambda: sg.load_record("r1." + text))
    refused_or_read(lambda: sg.load_record("https://x.org/play.ipynb?record=r1." + text))


@CHECK
@given(st.sampled_from(GAMES), st.data())
def test_a_changed_record_is_read_or_refused_in_words(name: str, data: Any) -> None:
    bad = data.draw(changed(RECORDS[name]))
    refused_or_read(lambda: sg.load_record(as_text(bad)))


# ---- options, sheets, faces, windows ---------------------------------------------------------


@CHECK
@given(st.sampled_from(GAMES), st.data())
def test_any_option_value_is_taken_or_refused_in_words(name: str, data: Any) -> None:
    option = data.draw(st.sampled_from(sorted(sg.load(name).options)))
    value = data.draw(values)
    refused_or_read(lambda: sg.load(name, **{option: value}).new_game(seed=1))


@CHECK
@given(st.sampled_from(GAMES), st.data())
def test_a_changed_option_value_is_taken_or_refused_in_words(name: str, data: Any) -> None:
    """Coloring sheets, Walls of Light faces and hands, Sagrada windows and tools: a valid
    value with one part changed."""
    option = data.draw(st.sampled_from(sorted(OPTIONS[name])))
    value = as_value(data.draw(changed(OPTIONS[name][option])))
    refused_or_read(lambda: sg.load(name, **{option: value}).new_game(seed=1))


def test_the_valid_option_values_are_taken() -> None:
    for name, options in OPTIONS.items():
        for option, value in options.items():
            assert sg.load(name, **{option: value}).new_game(seed=1) is not None


@CHECK
@given(raw=st.binary(max_size=2000))
def test_a_sheet_file_of_random_bytes_is_refused_in_words(
    raw: bytes, tmp_path_factory: Any
) -> None:
    path = tmp_path_factory.mktemp("sheet") / "sheet.json"
    path.write_bytes(raw)
    assert isinstance(refused_or_read(lambda: sg.load("coloring", sheet=str(path))), ValueError)


# ---- the reproducers -------------------------------------------------------------------------


def _save(**changes: Any) -> str:
    return json.dumps({**SAVES["cathedral"], **changes})


def _sheet(**changes: Any) -> dict[str, Any]:
    return {**OPTIONS["coloring"]["sheet"], **changes}


REPRODUCERS: dict[str, tuple[Callable[[], Any], str]] = {
    "an option called name": (
        lambda: sg.state_from_json(
            '{"game":"cathedral","options":{"name":1},"seed":1,"history":[]}'
        ),
        "unknown option",
    ),
    "nested 100,000 deep": (
        lambda: sg.state_from_json("[" * 100000 + "]" * 100000),
        "nested too deeply",
    ),
    "a generator word of 2**64": (
        lambda: sg.state_from_json(_save(rng=[3, [2**64] * 624 + [624], None])),
        "'rng' is not a generator state",
    ),
    "a generator's gauss of 'x'": (
        lambda: sg.state_from_json(_save(rng=[3, SAVES["cathedral"]["rng"][1], "x"])),
        "'rng' is not a generator state",
    ),
    "a seed of 10**400": (lambda: sg.state_from_json(_save(seed=10**400)), "'seed'"),
    "a polygon point at 10**400": (
        lambda: sg.load(
            "coloring", sheet={"shapes": [{"polygon": [[10**400, 0], [1, 0], [0, 1]]}]}
        ),
        r"\['polygon'\]\[0\]\[0\]: a whole",
    ),
    "a sheet 10**400 wide": (
        lambda: sg.load("coloring", sheet=_sheet(width=10**400)),
        r"\['width'\]: a whole number that large",
    ),
    "2**31 circles": (lambda: sg.load("coloring", sheet=_sheet(circles=2**31)), "'circles'"),
    "the sheet /dev/zero": (lambda: sg.load("coloring", sheet="/dev/zero"), "is not a file"),
}


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_each_reproducer_is_a_value_error_at_once(name: str) -> None:
    load, words = REPRODUCERS[name]
    with at_once(), pytest.raises(ValueError, match=words):
        load()


@pytest.mark.parametrize(
    "game, text",
    [
        ("cathedral", "tavern a²"),
        ("cathedral", "tavern a٣"),
        ("walls_of_light", "place red 1:a²"),
        ("walls_of_light", "place red ²:a1"),
        ("walls_of_light", "roll r²"),
        ("coloring", "take red ²"),
        ("coloring", "cross star ٣"),
        ("sagrada", "place a² "),
        ("cathedral", "tavern a" + "9" * 5000),
        ("coloring", "cross star " + "9" * 5000),
    ],
)
def test_a_move_with_other_digits_is_refused_in_words(game: str, text: str) -> None:
    state = played(game, moves=2)
    before = state.to_json()
    with at_once(), pytest.raises(sg.IllegalMove):
        state.play(text)
    with pytest.raises(sg.IllegalMove):
        state.parse_move(text)
    assert not state.explain(text).legal
    assert state.to_json() == before
