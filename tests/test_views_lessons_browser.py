"""The tutorials as a pupil takes them, in Chromium: every lesson of the four tutorials, Undo
pressed first (nothing to take back: the lesson's setup stays on the board), then walked by
its own steps (the clicks, keys, buttons and typed moves its words ask for), the board's
answer checked against the lesson's, a screenshot per lesson (``test-artifacts/lesson-*.png``);
and one message per event: a card, a building, a wink and a set of shapes placed, each said
once, no refusal beside a legal move, nothing left in hand."""

from __future__ import annotations

import importlib
import json
import time
import warnings
from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import ARTIFACTS, ROOT, connection_lost, lesson_views, walk_steps
from stainedglass_widgets.kit.lessons import Lesson, Step

pytestmark = pytest.mark.full  # journeys: make test-all

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]


def order(game: str) -> list[str]:
    """The lessons in the order the tutorial shows them (its cells' ``lesson("...")``)."""
    import re

    cells = json.loads((ROOT / "notebooks" / f"{game}_tutorial.ipynb").read_text())["cells"]
    found = []
    for cell in cells:
        found += re.findall(r'^lesson\("([^"]+)"\)', "".join(cell["source"]), re.M)
    return found


def lessons_of(game: str) -> Any:
    return importlib.import_module(f"stainedglass_widgets.{game}.lessons")


def open_tutorial(server: Any, page: Any, game: str) -> list[str]:
    names = order(game)
    assert sorted(names) == sorted(lessons_of(game).LESSONS), "every lesson is in the tutorial"
    page.goto(server.url(f"{game}_tutorial.ipynb"))
    lesson_views(page, len(names))
    return names


def boards_drawn(page: Any, index: int) -> list[str]:
    """The pictures the ``index``-th lesson's boards show, as the page has them."""
    box = page.locator(".sg-view").nth(index)
    return [
        str(svg)
        for svg in box.locator(".sg-board svg").evaluate_all("els => els.map(e => e.outerHTML)")
    ]


def undo_at_the_start(page: Any, index: int, view: Any) -> list[str]:
    """Undo pressed before the pupil has done anything: nothing to take back, the lesson's
    setup stays on the board."""
    before = boards_drawn(page, index)
    problems = walk_steps(page, index, view, (Step("press Undo", "Nothing to take back yet."),))
    if boards_drawn(page, index) != before:
        problems.append("Undo at the start changed the board")
    return problems


def server_warnings(server: Any, since: int) -> list[str]:
    """What the server logged as a warning or an error after byte ``since`` of its log (a
    kernel culled, ended or restarting), its last five lines."""
    with open(server.log_path, "rb") as log:
        log.seek(since)
        lines = log.read().decode(errors="replace").splitlines()
    return [line[:300] for line in lines if "WARNING" in line or "ERROR" in line][-5:]


def walk_lesson(page: Any, game: str, index: int, name: str) -> list[str]:
    """Undo pressed first, then the lesson's own steps; what went wrong."""
    module = lessons_of(game)
    view = module.lesson(name)
    problems = undo_at_the_start(page, index, view)
    return problems + walk_steps(page, index, view, module.LESSONS[name].steps)


def test_every_lesson_of_the_four_tutorials_does_what_it_says(server: Any, page: Any) -> None:
    """A lesson whose page lost its kernel (the page says so: the kernel was ended or stopped
    answering) is walked once more after a reload, as a pupil would, and the loss is reported
    with what the server logged. The walk stops after three lessons that went wrong: each may
    have waited a minute for an answer."""
    walked, failures, failed, reloads = 0, [], 0, []
    for game in GAMES:
        if failed >= 3:
            break
        since = server.log_path.stat().st_size
        names = open_tutorial(server, page, game)
        for index, name in enumerate(names):
            started = time.monotonic()
            problems = walk_lesson(page, game, index, name)
            if problems and connection_lost(page):
                logged = server_warnings(server, since)
                reloads.append(f"{game} lesson {index + 1} ({name}): {problems[0]}; {logged}")
                since = server.log_path.stat().st_size
                open_tutorial(server, page, game)
                problems = walk_lesson(page, game, index, name)
            took = f" (after {time.monotonic() - started:.0f} s)"
            logged = server_warnings(server, since) if problems else []
            failures += [
                f"{game} lesson {index + 1} ({name}): {p}{took}; {logged}" for p in problems
            ]
            failed += bool(problems)
            box = page.locator(".sg-view").nth(index)
            ARTIFACTS.mkdir(exist_ok=True)
            slug = name.replace(" ", "-")
            box.screenshot(path=str(ARTIFACTS / f"lesson-{game}-{index + 1:02d}-{slug}.png"))
            walked += 1
            if failed >= 3:
                break
    for lost in reloads:
        warnings.warn(
            f"a tutorial's kernel was lost, the lesson walked again: {lost}", stacklevel=1
        )
    assert failures == []
    assert len(reloads) <= 1, reloads  # one lost kernel is bad luck; two, a fault to find
    assert walked == 11 + 19 + 10 + 18
    assert page.outside == []  # type: ignore[attr-defined]


def test_the_walk_fails_on_a_lesson_whose_words_and_board_disagree(server: Any, page: Any) -> None:
    """The Cathedral's second lesson as it used to read: Dark's abbey placed, then its mirror
    image typed, "refused". The board accepts it: Light is to move, and that is Light's abbey."""
    module = lessons_of("cathedral")
    names = open_tutorial(server, page, "cathedral")
    spec = module.LESSONS["rotation"]
    wrong = Lesson(
        spec.setup,
        "Try it: choose Dark's abbey, press r (or Rotate) to turn it, then place it. Then "
        "type its mirror image, abbey b2 c2 a3 b3, in the box: refused.",
        spec.demo,
        spec.options,
        (
            Step("abbey i1 h2 i2 h3", "✓ Dark places the abbey"),
            Step("type abbey b2 c2 a3 b3", "✗ mirror image"),
        ),
    )
    index = names.index("rotation")
    problems = walk_steps(page, index, module.lesson("rotation"), wrong.steps)
    assert len(problems) == 1, problems
    assert "'type abbey b2 c2 a3 b3' answered good: '✓ Light places the abbey" in problems[0]
    assert "played, not refused" in problems[0]


# a refusal, then the legal move, in each game: a card, a building, a wink, a set of shapes
ONE_MESSAGE = {
    "sagrada": (
        "first card",
        (
            Step("click card:B4", "B4 in hand"),
            Step("click c2", "✗ c2 is not on the edge"),
            Step("click d4", "✓ place B4 on d4"),
        ),
    ),
    "cathedral": (
        "claiming",
        (Step("stable a1 b1", "✗ Dark's territory"), Step("stable i5 i6", "✓ Light places")),
    ),
    "walls_of_light": (
        "dice",
        (
            Step("place red 4:a4", "✗ window 4 was not rolled"),
            Step("place red 3:a1", "✓ a red wink on 3:a1"),
        ),
    ),
    "coloring": (
        "own color",
        (
            Step("click pencil:purple", "The purple pencil"),
            Step("click shape:39", "✗ shape 39 touches shape 38, already purple"),
            Step("click pencil:green", "The green pencil"),
            Step("click shape:39", "2 more shapes to choose"),
            Step("key Enter", "✗ Not yet"),
            Step("click shape:40", "1 more shape to choose"),
            Step("click shape:41", "press ✓ color 3"),
            Step("click confirm", "✓ colors 3 shapes green"),
        ),
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_one_message_per_event(server: Any, page: Any, game: str) -> None:
    """A refused move is said once (not under the board and again full width); the legal move
    after it is said once, as legal, with no refusal beside it, and what was in hand is put
    down: no card still held, no Cancel."""
    module = lessons_of(game)
    name, steps = ONE_MESSAGE[game]
    names = open_tutorial(server, page, game)
    index = names.index(name)
    view = module.lesson(name)
    assert walk_steps(page, index, view, steps) == []
    box = page.locator(".sg-view").nth(index)
    assert box.locator('[data-selected="true"]').count() == 0, "nothing left in hand"
    assert box.locator("button:has-text('Cancel'):visible").count() == 0
    box.screenshot(path=str(ARTIFACTS / f"one-message-{game}.png"))
    assert page.outside == []  # type: ignore[attr-defined]


def test_extra_glass_asks_for_the_second_pane_with_the_other_cards_greyed(
    server: Any, page: Any
) -> None:
    """Walls of Light's Extra Glass lesson after the card and one placement: the words ask for
    the second pane, and the cards red still holds are drawn faded and disabled (a pointer
    that says no), not as cards to play."""
    module = lessons_of("walls_of_light")
    names = open_tutorial(server, page, "walls_of_light")
    index = names.index("extra glass")
    steps = module.LESSONS["extra glass"].steps[:2]
    assert walk_steps(page, index, module.lesson("extra glass"), steps) == []
    box = page.locator(".sg-view").nth(index)
    assert "place your second pane" in box.locator(".sg-message").first.inner_text()
    held = box.locator('.sg-hand-board .card:not([data-count="0"])')
    assert held.count() == 3
    assert held.evaluate_all("els => els.every(e => e.getAttribute('aria-disabled') === 'true')")
    assert held.evaluate_all("els => els.every(e => +getComputedStyle(e).opacity < 0.5)")
    cursors = box.locator('.sg-hand-board [data-id^="card:"]').evaluate_all(
        "els => els.map(e => getComputedStyle(e).cursor)"
    )
    assert cursors and set(cursors) == {"not-allowed"}, cursors
    box.screenshot(path=str(ARTIFACTS / "lesson-walls_of_light-extra-glass-second-pane.png"))
    assert page.outside == []  # type: ignore[attr-defined]
