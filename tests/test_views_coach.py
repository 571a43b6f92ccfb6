"""The teaching game (``view.coach``, :mod:`stainedglass_widgets.features.coach`), driven from Python.

The costly move is found by the engine, on a position reached by legal moves (seven moves of a
greedy game of Cathedral, Dark to move; see ``LESSON``): the top edge between Light's tower
(a3-c1) and academy (h2-j3) is open, and whoever builds the castle at e1 g1 e2 f2 g2 first
claims the squares behind it (Dark 6, Light 7). A tavern in Dark's own corner (a9) builds
nothing new and leaves that castle to Light: at ``PLAYOUTS`` a position the search gives Dark
50% after the castle and 17% after the tavern, a blunder of 33 points (``compare`` is exactly
reproducible by playouts). At other budgets the loss is 26 to 45 points.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import said_move
from stainedglass_widgets import COMPUTER, HUMAN, view, view_class, views
from stainedglass_widgets.features.coach import Coach, ReportCard
from stainedglass_widgets.features.review import ReviewBoard

LESSON = [
    "cathedral i5 h6 i6 j6 i7 i8",
    "infirmary f3 e4 f4 g4 f5",
    "infirmary d4 c5 d5 e5 d6",
    "tower a8 b8 b9 c9 c10",
    "tower c1 b2 c2 a3 b3",
    "academy e8 d9 e9 f9 f10",
    "academy i1 h2 i2 i3 j3",
]
BLUNDER = "tavern a9"
BEST = "castle e1 g1 e2 f2 g2"
PLAYOUTS = 40


def text(widget: Any) -> str:
    """What a widget says (its HTML without the tags)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def lesson() -> sg.State:
    state = sg.load("cathedral").new_game()
    for move in LESSON:
        state.play(move)
    return state


def teaching(strictness: str, background: bool = False, **options: Any) -> Any:
    """Dark (a person) to move in ``LESSON``, against Light's greedy bot, the coach on."""
    cls = view_class("cathedral")
    v = cls(lesson(), seats=[HUMAN, HUMAN], background=background, hint_budget_s=0.2)
    assert v.coach is not None
    v.coach.playouts = PLAYOUTS
    v.coach.start(strictness, opponent="greedy", **options)
    assert v.seats[:2] == ["greedy", HUMAN] and v.coach.learner_picker.value == 1
    return v


def marked(v: Any) -> list[str]:
    return [str(m.move) for m in v.hint_marks()]


def test_the_position_holds_a_blunder_and_its_refutation() -> None:
    verdict = sg.ai.compare(lesson(), BLUNDER, playouts=PLAYOUTS)
    assert verdict.label == "blunder" and verdict.best == BEST and verdict.loss > 0.3
    assert verdict.refutation == BEST and "Light answers the castle on e1-g2" in verdict.reason
    assert sg.ai.compare(lesson(), BEST, playouts=PLAYOUTS).loss == 0.0


def test_strict_takes_back_a_costly_move_and_lets_a_good_one_stand() -> None:
    v = teaching("strict")
    before = v.state._position()
    v.play(BLUNDER)
    assert v.state.history == LESSON and v.state._position() == before  # taken back
    (judged,) = v.coach.judged
    assert (judged.ply, judged.player, judged.move) == (8, 1, BLUNDER)
    assert judged.comparison.label == "blunder" and judged.loss >= v.coach.threshold
    words = text(v.coach.words)
    assert words.startswith(
        "✗ ?? Blunder, taken back: the tavern on a9 left you 33% less likely to win."
    ), "the move named in words, the verdict on the one scale, the loss as a chance"
    assert judged.comparison.better[1:] in words and "the better move is marked" in words
    assert "took back the tavern on a9: ?? Blunder" in text(v.message)
    assert marked(v) == [BEST] and not shown(v.coach.offer_row)
    assert not shown(v.hints_chart.box)  # the coach's mark needs no plotly
    assert "The coach's better move for Dark" in text(v.hint_list)
    # the search's own best stands, and the bot answers
    v.play(BEST)
    assert v.state.history[:8] == [*LESSON, BEST] and len(v.state.history) == 9
    assert v.coach.judged[-1].loss == 0.0
    assert text(v.coach.words).startswith(
        "✓ ★ Best: the castle on e1-g2 is as good as the best the computer found."
    )
    assert v.hint_marks() == []


def test_gentle_offers_the_take_back_and_the_bot_waits() -> None:
    v = teaching("gentle")
    v.play(BLUNDER)
    assert v.state.history == [*LESSON, BLUNDER]  # it stands for now: Light's bot waits
    assert v.coach.offering and shown(v.coach.offer_row)
    assert not shown(v.thinking_row)  # no "Let the bot move": the coach's buttons instead
    words = text(v.coach.words)
    assert words.startswith("✗ ?? Blunder: the tavern on a9 leaves you 33% less likely to win.")
    assert "Take it back" in words and marked(v) == [BEST]
    v.move_text.value = BEST  # Light's turn: the bot's seat refuses a person's move
    assert "first Take it back or Keep my move" in text(v.message)
    assert len(v.state.history) == 8
    v.hint()  # the hint is for the learner's own move
    assert "your own move" in text(v.message) and v.coach.hints_left == 3
    v.coach.take_back_button.click()
    assert v.state.history == LESSON and not v.coach.offering
    assert marked(v) == [BEST] and text(v.coach.words).startswith("Taken back: the tavern on a9.")
    # again, and this time kept: the game goes on
    v.play(BLUNDER)
    assert v.coach.offering and len(v.coach.judged) == 2
    v.coach.keep_button.click()
    assert v.state.history[:8] == [*LESSON, BLUNDER] and len(v.state.history) == 9
    assert not v.coach.offering and not shown(v.coach.offer_row)
    assert "stands" in text(v.coach.words)
    v.coach.take_back()  # nothing on offer any more
    assert "Nothing to take back" in text(v.message) and len(v.state.history) == 9


def test_a_good_move_stands_at_once() -> None:
    v = teaching("gentle")
    v.play(BEST)
    assert len(v.state.history) == 9 and not v.coach.offering
    assert text(v.coach.words).startswith(("✓ ★ Best", "✓ ! Excellent"))


def test_off_judges_quietly_for_the_report_card() -> None:
    v = teaching("off")
    v.play(BLUNDER)
    assert len(v.state.history) == 9 and v.coach.judged[-1].comparison.label == "blunder"
    assert "noted for the report card" in text(v.coach.words) and v.hint_marks() == []


def test_the_hint_budget_counts_down_and_blocks_at_zero() -> None:
    v = teaching("gentle")
    # nothing suggested before the learner has moved
    assert v.suggestions == [] and not shown(v.hint_panel) and v.hint_list.value == ""
    assert 'class="hint"' not in v.city.svg and 'class="suggestion"' not in v.city.svg
    assert (
        "Hints left: 3" in text(v.coach.hints_line) and v.hint_button.description == "Hint (3 left)"
    )
    for left in (2, 1, 0):
        v.hint_button.click()
        assert v.suggestions and shown(v.hint_panel) and 'class="hint"' in v.city.svg
        assert v.coach.hints_left == left and f"Hints left: {left}" in text(v.coach.hints_line)
        assert v.hint_button.description == f"Hint ({left} left)"
    shown_before = list(v.suggestions)
    v.hint_button.click()
    assert "No hints left" in text(v.message) and v.coach.hints_left == 0
    assert v.suggestions == shown_before  # refused: no search, nothing new
    # the learner moves: the suggestions go, and none comes back unasked
    v.play(BEST)
    assert len(v.state.history) == 9 and v.suggestions == [] and not shown(v.hint_panel)
    assert 'class="hint"' not in v.city.svg
    # a new game brings the hints back; teaching off gives the Hint button back
    v.new_game()
    assert v.coach.hints_left == 3 and v.coach.judged == []
    v.coach.stop()
    assert v.hint_button.description == "Hint" and not shown(v.coach.box)


def test_the_report_card_at_the_end_of_a_game() -> None:
    v = teaching("off")  # quiet: every move stands, and is judged for the card
    coach = v.coach
    coach.review_playouts = 4
    v.play(BLUNDER)
    rng, greedy = random.Random(3), sg.ai.bot("greedy", seed=3)
    while not v.state.is_terminal():  # Dark: the greedy bot's move or a random one
        assert v.state.current_player == 1  # the learner (Light's bot answers inline)
        state = v.state
        v.play(greedy.choose(state) if rng.random() < 0.5 else rng.choice(state.legal_moves()))
    assert shown(coach.report) and len(coach.judged) >= 5
    card = coach.report_card()
    assert isinstance(card, ReportCard) and card.moves == len(coach.judged)
    within = [j for j in coach.judged if j.loss < coach.threshold]
    assert card.within == len(within) and card.accuracy == len(within) / len(coach.judged)
    losses = sorted((j.loss for j in coach.judged if j.comparison.label != "best"), reverse=True)
    assert [j.loss for j in card.costliest] == losses[:3] and len(card.costliest) == 3
    assert 0 < card.within < card.moves  # random moves: some good, some not
    words = " ".join(text(c) for c in _leaves(coach.report) if isinstance(c, w.HTML))
    assert f"Accuracy: {card.accuracy:.0%} ({card.within} of {card.moves} moves" in words
    for j in card.costliest:
        assert f"Move {j.ply}, {j.move}" in words and j.comparison.reason in words
    buttons = [
        c for c in _leaves(coach.report) if getattr(c, "description", "").startswith("Review move")
    ]
    assert [b.description for b in buttons] == [f"Review move {j.ply}" for j in card.costliest]
    # a link into the review board at that move
    buttons[1].click()
    (board,) = v.review_box.children
    assert isinstance(board, ReviewBoard) and board.playouts == 4
    assert board.review is not None and board.ply == card.costliest[1].ply
    assert board.view.state.history == v.state.history[: board.ply]


def _leaves(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _leaves(child)
    return out


def test_a_taken_back_move_is_on_the_card_and_reviewed_where_it_was_played() -> None:
    v = teaching("strict")
    v.coach.review_playouts = 4
    v.play(BLUNDER)
    v.play(BEST)
    card = v.coach.report_card()
    assert (card.moves, card.within) == (2, 1) and card.accuracy == 0.5
    assert [j.move for j in card.costliest] == [BLUNDER]
    assert not card.costliest[0].stands(v.state.history)
    assert not shown(v.coach.report)  # the game goes on: no card yet
    v.coach.open_review(card.costliest[0])
    (board,) = v.review_box.children
    assert board.ply == len(LESSON)  # the position the blunder was played in


def test_class_mode_shows_the_words_in_large_type() -> None:
    v = teaching("strict", class_mode=True)
    assert "sg-coach-large" in v.coach.words._dom_classes
    assert "font-size:30px" in v.coach.words.value
    v.play(BLUNDER)
    assert "font-size:30px" in v.coach.words.value and "taken back" in text(v.coach.words)
    v.coach.class_box.value = False
    assert "sg-coach-large" not in v.coach.words._dom_classes
    assert "font-size:15px" in v.coach.words.value and "taken back" in text(v.coach.words)


def test_teach_me_seats_the_learner_against_the_computer() -> None:
    cls = view_class("cathedral")
    v = cls(lesson(), background=False)  # both seats human; Dark to move
    assert v.coach is not None and not shown(v.coach.box)
    v.coach.toggle.value = True
    assert shown(v.coach.box) and v.coach.active
    assert v.seats[:2] == [COMPUTER, HUMAN]  # Dark learns, against Light's computer
    assert [p.value for p in v.seat_pickers] == [COMPUTER, HUMAN]
    intro = text(v.coach.words)
    assert intro.startswith("You play Dark against the Computer (Level 4) for Light.")
    # a level in place of seconds: the level picker under the computer, no slider
    assert shown(v.coach.level_picker) and not shown(v.coach.strength_slider)
    v.coach.level_picker.value = 2
    assert v.model.levels[0] == 2 and v.seat_pickers[0].value == "level"
    assert "against the Computer (Level 2)" in text(v.coach.words)
    assert v.features["seats"].level_pickers[0].value == 2  # the seat's picker follows
    v.coach.level_picker.value = "match"
    assert v.model.levels[0] == "match" and "(Match me, now Level 4)" in text(v.coach.words)
    v.coach.opponent_picker.value = "mcts"  # a timed bot: its seconds instead
    assert shown(v.coach.strength_slider) and not shown(v.coach.level_picker)
    v.coach.opponent_picker.value = "greedy"
    v.coach.learner_picker.value = 0  # Light learns now; Dark's greedy bot moves at once
    assert v.seats[:2] == [HUMAN, "greedy"] and len(v.state.history) == 8
    v.coach.strictness_picker.value = "strict"
    assert "takes your move back" in text(v.coach.words)
    v.coach.toggle.value = False
    assert not v.coach.active and not shown(v.coach.box)
    assert v.hint_button.description == "Hint"


def test_lesson_boards_have_no_coach() -> None:
    cls = view_class("cathedral")
    assert "coach" not in cls(compact=True).features


def test_bad_settings_are_refused_in_words() -> None:
    v = teaching("gentle")
    for kwargs, words in (
        ({"strictness": "harsh"}, "strictness is one of"),
        ({"hints": -1}, "hints is a whole number"),
        ({"learner": 5}, "learner is a seat"),
        ({"opponent": "oracle"}, "opponent is one of"),
        ({"level": 9}, "a level is a whole number 1 to 8"),
    ):
        with pytest.raises(ValueError, match=words):
            v.coach.start(**kwargs)


def test_the_judgement_runs_off_the_event_loop_and_the_bot_waits_for_it() -> None:
    v = teaching("gentle", background=True)
    v.play(BLUNDER)
    # the verdict comes from a worker thread; the bot has not been asked to move
    assert v.wait(120)
    assert v.coach.offering and len(v.state.history) == 8 and v.search is None
    v.coach.take_back()
    assert v.state.history == LESSON
    v.play(BEST)
    assert v.wait(120) and len(v.state.history) == 9 and v.coach.judged[-1].loss == 0.0
    # a long look, cancelled: the move stands unjudged and the bot answers
    v.undo()
    assert v.state.history == LESSON
    v.coach.playouts, v.coach.budget_s = None, 60.0
    v.play(BEST)
    assert v.coach.judging and "The coach is looking at" in text(v.thinking)
    assert v.search is not None and len(v.state.history) == 8
    v.move_text.value = "tavern a10"  # one move at a time: the coach is looking
    assert "the coach is still looking" in text(v.message) and len(v.state.history) == 8
    v.stop_button.click()
    assert not v.coach.judging and "Not judged" in text(v.coach.words)
    assert v.wait(60) and len(v.state.history) == 9
    # Undo while it looks: the look is dropped with the move
    v.undo()
    v.play(BEST)
    assert v.coach.judging
    v.undo()
    assert v.wait(30) and v.state.history == LESSON and not v.coach.judging
    assert "Not judged: the game changed" in text(v.coach.words)


@pytest.mark.parametrize("name", sorted(views()))
def test_every_game_is_taught(name: str) -> None:
    """One learner move judged on every view (no game is named in the coach)."""
    v = view(name, background=False, hint_budget_s=0.1)
    coach = v.coach
    assert isinstance(coach, Coach)
    coach.playouts = 10
    coach.start("gentle", opponent="greedy")
    learner = coach.learner_picker.value
    state = v.state
    for _ in range(50):  # chance and the bots, until the learner chooses among several moves
        if state.is_chance():
            v.resolve_chance()
        elif state.current_player == learner and len(state.legal_moves()) > 1:
            break
        else:
            v.play(state.legal_moves()[0])
        state = v.state
    v.hint_button.click()
    assert coach.hints_left == 2 and v.suggestions
    before = len(state.history)
    v.play(random.Random(1).choice(state.legal_moves()))
    (judged,) = coach.judged
    assert judged.ply == before + 1 and judged.player == learner
    assert 0.0 <= judged.loss <= 1.0 and judged.comparison.reason
    if coach.offering:  # costly: the learner's choice
        coach.take_back()
        assert len(v.state.history) == before
    else:
        assert len(v.state.history) > before
        said = text(coach.words)  # every judgment names the move it judges
        assert said.startswith(("✓ ★ Best", "✓ ! Excellent", "✓ ✓ Good")) or " stands" in said
        assert said_move_of(v, judged) in said, said


def said_move_of(v: Any, judged: Any) -> str:
    """The judged move in words, in the position it was played in."""
    state = v.state.clone()
    while len(state.history) > len(judged.before):
        state.undo()
    return said_move(state, judged.move)


def test_a_game_without_hints_says_so() -> None:
    v = teaching("gentle", hints=0)
    v.hint_button.click()
    assert "this game has none" in text(v.message) and v.suggestions == []
    assert "Hints left: 0" in text(v.coach.hints_line)
    v.coach.hints_picker.value = 1  # changed mid-game: one hint now
    v.hint_button.click()
    assert v.suggestions and v.coach.hints_left == 0
