"""Every lesson does what it says: each lesson's steps (what its words ask a pupil to do) are
taken on its board as a pupil takes them, kernel side, and the board must answer as the lesson
says: played and said once as legal, or refused once with the rule's words. One message per
event. (``test_views_lessons_browser.py`` walks the same steps in Chromium.)"""

from __future__ import annotations

import html
import importlib
import re

import pytest

pytest.importorskip("anywidget")

from harness import act, pupil_actions, rehearse, said
from stainedglass_widgets.kit.board import boards_in
from stainedglass_widgets.kit.lessons import Lesson, Step

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]


def lessons(game: str) -> object:
    return importlib.import_module(f"stainedglass_widgets.{game}.lessons")


EVERY = [(game, name) for game in GAMES for name in lessons(game).LESSONS]  # type: ignore[attr-defined]


def test_the_four_tutorials_and_their_lessons() -> None:
    counts = {game: len(lessons(game).LESSONS) for game in GAMES}  # type: ignore[attr-defined]
    assert counts == {"cathedral": 11, "walls_of_light": 19, "coloring": 10, "sagrada": 18}


@pytest.mark.parametrize(("game", "name"), EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_every_lesson_does_what_it_says(game: str, name: str) -> None:
    module = lessons(game)
    spec = module.LESSONS[name]  # type: ignore[attr-defined]
    assert spec.steps, f"{game} lesson {name!r} says what a pupil does"
    assert spec.steps[0].played or spec.steps[0].refused or "click" in spec.steps[0].do
    assert rehearse(module.lesson(name), spec.steps) == []  # type: ignore[attr-defined]


def broken(game: str, name: str, try_it: str, steps: tuple[Step, ...]) -> list[str]:
    """Walk lesson ``name`` of ``game`` with other words and steps, on its own board."""
    module = lessons(game)
    spec = module.LESSONS[name]  # type: ignore[attr-defined]
    wrong = Lesson(spec.setup, try_it, spec.demo, spec.options, steps)
    return rehearse(module.lesson(name), wrong.steps)  # type: ignore[attr-defined]


def test_a_lesson_whose_words_and_board_disagree_fails() -> None:
    """The Cathedral's second lesson as it read: Dark's abbey placed, then its mirror image
    typed "refused"; but Light is then to move, and Light's abbey is that very shape."""
    problems = broken(
        "cathedral",
        "rotation",
        "Try it: choose Dark's abbey, press r (or Rotate) to turn it, then place it. Then "
        "type its mirror image, abbey b2 c2 a3 b3, in the box: refused.",
        (
            Step("abbey i1 h2 i2 h3", "✓ Dark places the abbey"),
            Step("type abbey b2 c2 a3 b3", "✗ mirror image"),
        ),
    )
    assert len(problems) == 1 and "played, not refused" in problems[0]
    assert "Light places the abbey" in problems[0]


def test_coloring_connected_as_it_read_fails() -> None:
    """Coloring's second lesson as it read: "try 22, 39, 40, 41: 22 is refused". Clicked in
    that order, 22 is the first shape and may go anywhere; 39 is the one refused."""
    problems = broken(
        "coloring",
        "connected",
        "Take blue and try 22, 39, 40, 41: 22 is refused, it touches none of them.",
        (
            Step("click pencil:blue", "The blue pencil"),
            Step("click shape:22", "✗ does not touch"),
            Step("click shape:39", "more shapes to choose"),
        ),
    )
    assert len(problems) == 2
    assert "'click shape:22' answered info" in problems[0] and "not said as refused" in problems[0]
    assert "'click shape:39' answered bad" in problems[1]


def test_the_words_say_refused_once_for_each_refusal() -> None:
    with pytest.raises(ValueError, match='say "refused" 0 times, the steps refuse 1 time'):
        Lesson([], "Try B4 on c2.", "place B4 c2", steps=(Step("place B4 c2", "✗ edge"),))


def words(view: object) -> str:
    return said(view)[1]


def shown_refusals(view: object) -> int:
    from harness import _widgets

    return sum(
        len(re.findall(r'class="[^"]*\bsg-bad\b', x.value))
        for x in _widgets(view)
        if isinstance(getattr(x, "value", None), str)
    )


def do(view: object, step: str) -> None:
    for action in pupil_actions(view, step):
        act(*action)


def test_a_sagrada_card_placed_leaves_the_hand() -> None:
    """A legal placement is said once, as legal: the card is out of the hand, no ✗ is drawn
    beside it and Cancel is gone (it used to read "B4 was not drawn" above the ✓)."""
    view = lessons("sagrada").lesson("first card")  # type: ignore[attr-defined]
    do(view, "click card:B4")
    do(view, "click c2")  # refused: the card stays in hand
    assert view.card == "B4" and shown_refusals(view) == 1
    do(view, "click a2")
    assert view.state.history[-1] == "place B4 a2"
    assert view.card is None and view.cancel_button.layout.display == "none"
    assert words(view).startswith("✓ You place B4 on a2") and shown_refusals(view) == 0
    view.board.hover("d4")  # the pointer moves on: nothing in hand, nothing previewed
    assert view.preview.value == "" and 'data-selected="true"' not in view.board.svg


@pytest.mark.parametrize(
    ("game", "name", "steps"),
    [
        ("sagrada", "restrictions", ["click card:K6", "click a1"]),
        ("coloring", "own color", ["click pencil:purple", "click shape:39"]),
        ("cathedral", "claiming", ["stable a1 b1"]),
    ],
)
def test_a_refusal_is_said_once(game: str, name: str, steps: list[str]) -> None:
    """The pointer's preview and the message line do not both say the same refusal."""
    view = lessons(game).lesson(name)  # type: ignore[attr-defined]
    for step in steps[:-1]:
        do(view, step)
    before = len(view.state.history)
    do(view, steps[-1])
    assert len(view.state.history) == before and said(view)[0] == "bad"
    assert shown_refusals(view) == 1


def test_coloring_enter_before_the_set_is_complete_says_how_many_are_left() -> None:
    """Enter with 1 of 3 shapes: not an illegal move, a set still being chosen."""
    view = lessons("coloring").lesson("own color")  # type: ignore[attr-defined]
    do(view, "click pencil:green")
    do(view, "click shape:39")
    view.board.press("Enter")
    kind, text = said(view)
    assert kind == "bad" and "Illegal" not in text and "(3)" not in text
    assert "1 chosen, choose 2 more" in text and view.chosen == [39]


def test_sagrada_redraw_says_to_draw_the_new_cards() -> None:
    view = lessons("sagrada").lesson("redraw")  # type: ignore[attr-defined]
    do(view, "tool redraw pay Y3")
    assert view.state.drawn == [] and view.state.is_chance()
    assert "Press Draw the cards: 2 cards to draw" in words(view)
    assert "draws 2 new" not in words(view)


def test_sagrada_grozing_rings_what_comes_next_and_names_it() -> None:
    view = lessons("sagrada").lesson("grozing")  # type: ignore[attr-defined]
    do(view, "click tool:grozing")
    do(view, "click card:G1")
    assert "click a drawn card ringed in green (Y4)" in words(view)
    assert 'data-ring="card:Y4"' in view.board.svg
    do(view, "click card:Y4")
    assert "click a button under the window (Y3, Y5)" in words(view)
    assert "ringed fields or cards" not in html.unescape(view.message.value)


def test_drawing_the_cards_names_every_card_drawn() -> None:
    """The Draw button draws three cards and names the three, not only the last; so does
    drawing by themselves."""
    view = lessons("sagrada").lesson("cards and window")  # type: ignore[attr-defined]
    view.chance_button.click()
    drawn = view.state.drawn
    assert len(drawn) == 3
    assert f"{drawn[0]}, {drawn[1]} and {drawn[2]} are drawn" in words(view)
    auto = lessons("sagrada").lesson("cards and window")  # type: ignore[attr-defined]
    auto.auto_draw.value = True
    assert all(f"{card} is drawn" in words(auto) for card in auto.state.drawn)


@pytest.mark.parametrize(("game", "name"), EVERY, ids=[f"{g}-{n}" for g, n in EVERY])
def test_undo_takes_back_only_what_the_pupil_played(game: str, name: str) -> None:
    """At a lesson's start Undo has nothing to take back: the lesson's setup is not the
    pupil's. After the lesson's steps, Undo takes back the pupil's moves, and no further."""
    module = lessons(game)
    view = module.lesson(name)  # type: ignore[attr-defined]
    setup = list(view.state.history)
    boards = [b.svg for b in boards_in(view.board_widgets)]
    do(view, "press Undo")
    assert view.state.history == setup
    assert [b.svg for b in boards_in(view.board_widgets)] == boards
    assert said(view) == ("info", "Nothing to take back yet.")
    rehearse(view, module.LESSONS[name].steps)  # type: ignore[attr-defined]
    for _ in range(len(view.state.history) + 1):
        do(view, "press Undo")
        if words(view) == "Nothing to take back yet.":
            break
    assert view.state.history == setup
