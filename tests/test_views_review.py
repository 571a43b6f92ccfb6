"""Save, Open, Share, Compare my move and the review board, for every game that has a view (no
game is named: a new view is tested with no extra work)."""

from __future__ import annotations

import base64
import html
import pathlib
import random
import re

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets import view, views
from stainedglass_widgets.features.records import open_link
from stainedglass_widgets.kit.messages import MARKS, verdict_text
from stainedglass_widgets.features.review import (
    TIMELINE_WINDOW,
    ReviewBoard,
    _signed,
    moves_svg,
)

VIEWS = sorted(views())
ROOT = pathlib.Path(__file__).resolve().parent.parent


def played(name: str, plies: int, seed: int = 1) -> sg.State:
    state = view(name, background=False).game.new_game(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < plies and not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    return state


def saved_text(v) -> str:
    m = re.search(r'href="data:application/json;base64,([^"]+)"', v.records.save_link.value)
    assert m, v.records.save_link.value
    return base64.b64decode(m.group(1)).decode()


@pytest.mark.parametrize("name", VIEWS)
def test_save_open_and_share_bring_back_the_same_game(name):
    state = played(name, 12)
    v = view(name, background=False)
    v.show_record(state.record())
    assert v.state._position() == state._position()
    text = saved_text(v)
    assert sg.load_record(text).moves == state.history
    other = view(name, background=False)
    other.records._opened([{"name": "game.json", "content": text.encode()}])
    assert other.state.history == state.history and "Opened game.json" in other.message.value
    link = v.records.share()
    assert v.records.link_text.value == link and len(link) < 2000
    third = view(name, background=False)
    assert open_link(third, link.split("?", 1)[1]) is True
    assert third.state._position() == state._position()


@pytest.mark.parametrize("name", VIEWS)
def test_bad_files_and_links_show_a_message_and_keep_the_game(name):
    v = view(name, background=False)
    before = list(v.state.history)
    other = next(g for g in sg.games() if g != name)
    foreign = sg.load(other).new_game(seed=1).record().to_text()
    for content, words in (
        (b"\xff\xfe", "not text"),
        (b"{", "not JSON"),
        (b"x" * 3_000_000, "too large"),
        (foreign.encode(), "a game of"),
        (
            b'{"version": 1, "game": "' + name.encode() + b'", "seed": 1, '
            b'"moves": ["nonsense move"]}',
            "move 1 'nonsense move'",
        ),
    ):
        v.records._opened([{"name": "bad.json", "content": content}])
        assert html_has(v.message.value, words) and v.state.history == before
    assert open_link(v, "record=r1.AAAA") is False and "damaged" in v.message.value
    assert open_link(v, "other=1") is None and v.state.history == before


@pytest.mark.parametrize("name", VIEWS)
def test_compare_my_move_says_the_verdict_in_words(name):
    v = view(name, background=False, hint_budget_s=0.2)
    v.compare_last()
    assert "No move of yours" in v.message.value
    state = played(name, 8, seed=3)
    while not state.is_terminal() and state.is_chance():
        state.play(state.sample_chance())
    v.show_record(state.record())
    assert v.model.last_person_move() is not None  # seed 3's first moves hold a decision
    v.compare_last()
    said = html.unescape(v.message.value)
    assert "Compared with the best: " in said
    assert any(verdict_text(word) in said for word, _ in sg.ai.LABELS)  # the one scale


@pytest.mark.parametrize("name", VIEWS)
def test_the_review_board_steps_jumps_and_branches(name):
    state = played(name, 14, seed=2)
    board = ReviewBoard(state.record(), playouts=12, background=False, strict=True)
    board.start()
    review = board.review
    assert review is not None and len(review.judgements) == len(state.history)
    lines = 3 if state.game.facts.chance else 2  # a chance game's thin line under the thick
    assert board.figure is not None and len(board.figure.data) == lines * state.num_players
    board.go(0)
    seen = []
    for _ in range(len(state.history)):
        board.buttons["forward"].click()
        seen.append(board.ply)
        j = board.judgement(board.ply)
        assert j is not None
        named = j.move if j.player < 0 else state.record().state(j.ply - 1).move_name(j.move)
        assert html_has(board.verdict.value.lower(), named.lower()), board.verdict.value
        assert board.view.state.history == state.history[: board.ply]  # the move played shown
        costly = j.best is not None and j.label not in (
            "best",
            "excellent",
            "good",
            "luck",
            "hidden",
        )
        assert [m.rank for m in board.view.hint_marks()] == ([1] if costly else [])
        if costly:
            assert board.view.hint_marks()[0].move == board.record.state(board.ply - 1).parse_move(
                j.best
            )
    assert seen == list(range(1, len(state.history) + 1))
    board.moves.press("Home")
    assert board.ply == 0
    board.moves.press("ArrowRight")
    board.moves.press("ArrowRight")
    board.moves.press("ArrowLeft")
    assert board.ply == 1
    board.moves.click("ply:5")
    assert board.ply == 5 and 'data-id="ply:5"' in board.moves.svg
    board.moves.press("End")
    assert board.ply == len(state.history)
    # a side line from move 5
    board.go(5)
    start = board.view.state
    at = len(start.history)
    if not start.is_terminal():
        move = start.sample_chance() if start.is_chance() else start.legal_moves()[0]
        board.view.play(move)
        assert board.in_branch and board.record.branches[-1].at == at
        assert "Side line from move" in board.verdict.value
        again = sg.load_record(board.record.to_text())
        assert again.branches == board.record.branches
        board.home_button.click()
        assert not board.in_branch and board.ply == 5


def test_a_long_games_timeline_shows_a_window_that_follows_the_move_and_signs_never_meet():
    record = sg.load_record((ROOT / "notebooks" / "games" / "walls_of_light.json").read_text())
    assert len(record.moves) > 3 * TIMELINE_WINDOW
    board = ReviewBoard(record, background=False, strict=True)  # the page's playouts
    board.start()
    total = len(record.moves)
    layout = board.figure.layout
    assert list(layout.xaxis.range) == [total - TIMELINE_WINDOW - 1.5, total + 0.5]
    assert layout.title.text == f"Win chance, moves {total - TIMELINE_WINDOW}-{total} of {total}"
    board.go(0)
    assert list(layout.xaxis.range) == [-1.5, TIMELINE_WINDOW + 0.5]
    assert layout.title.text == f"Win chance, moves 1-{TIMELINE_WINDOW} of {total}"
    board.go(90)
    lo, hi = layout.xaxis.range
    assert hi - lo == TIMELINE_WINDOW + 2 and lo < 90 < hi
    # the signs written: at least one, never two within a few moves of each other at one height
    marks = [t for t in board.figure.data if t.mode == "markers+text"]
    signed = [(x, y) for t in marks for x, y, text in zip(t.x, t.y, t.text, strict=True) if text]
    assert signed and all(lo <= x <= hi for x, _ in signed)  # none written out of the window
    for i, (x, y) in enumerate(signed):
        for x2, y2 in signed[i + 1 :]:
            assert abs(x - x2) >= 2 or abs(y - y2) > 0.08, (x, y, x2, y2)
    # the whole game at once would crowd them: there, the worst keep their signs, and no two meet
    bad = [j for j in board.review.judgements if j.label in ("inaccuracy", "mistake", "blunder")]
    crowded = sorted(_signed(bad, total))
    assert 0 < len(crowded) < len(bad)
    at = {j.ply: j.chances[j.player] for j in bad}
    wide = {j.ply: 7 * len(MARKS[j.label]) + 2 for j in bad}  # 12 px type: 7 px a character
    for i, a in enumerate(crowded):  # 360 px across: two signs side by side...
        for b in crowded[i + 1 :]:
            if (b - a) * 360 / (total + 1) < (wide[a] + wide[b]) / 2:  # ...or one over the other
                assert abs(at[a] - at[b]) > 0.05, (a, b)
    # dice and cards: a thick line of averages over a thin one of each move's own figure
    thin = [t for t in board.figure.data if t.mode == "lines+markers"]
    thick = [t for t in board.figure.data if t.mode == "lines"]
    assert len(thin) == len(thick) == 2
    swing = [max(abs(a - b) for a, b in zip(t.y, t.y[1:])) for t in (thin[0], thick[0])]
    assert swing[1] < swing[0] / 2
    assert "thick line is the average" in board.timeline.children[0].children[1].value


def test_a_game_without_chance_draws_one_line_a_player_and_no_note():
    state = played("cathedral", 10, seed=3)
    board = ReviewBoard(state.record(), playouts=12, background=False, strict=True)
    board.start()
    assert [t.mode for t in board.figure.data] == ["lines+markers", "markers+text"] * 2
    assert board.timeline.children[0].children[1].value == ""
    assert list(board.figure.layout.xaxis.range) == [-1.5, 10.5]


def html_has(text: str, words: str) -> bool:
    import html

    return words in html.unescape(text)


def test_the_review_can_be_cancelled():
    state = played("cathedral", 20)
    board = ReviewBoard(state.record(), playouts=5000)
    board.start()
    board.cancel()
    assert board.wait(30) and board.review is None and "cancelled" in board.verdict.value


def test_review_this_game_appears_at_the_end():
    state = played("cathedral", 500)
    assert state.is_terminal()
    v = view("cathedral", background=False)
    v.show_record(state.record())
    assert v.review_button.layout.display is None
    v.open_review()
    board = v.review_box.children[0]
    assert isinstance(board, ReviewBoard)
    v.new_game()
    assert v.review_button.layout.display == "none"


def test_the_review_notebook_picks_examples_files_and_links():
    from stainedglass_widgets.features.review import ReviewPicker
    from harness import ROOT

    picker = ReviewPicker(
        str(ROOT / "notebooks" / "games"), playouts=5, background=False, autostart=False
    )
    assert sorted(picker.examples) == VIEWS  # an example game for every game with a view
    assert picker.board is not None and picker.board.review is None  # waits for the page
    picker.open_query("")
    assert picker.board.review is not None
    picker.open_query("game=sagrada")
    assert picker.board.record.game == "sagrada" and picker.board.review is not None
    picker.open_query("game=chess")
    assert "No example game of 'chess'" in html_unescaped(picker.message.value)
    shared = played("cathedral", 6).record()
    picker.open_query("record=" + shared.to_link())
    assert picker.board.record.moves == shared.moves
    picker.open_query("record=r1.broken")
    assert "damaged" in picker.message.value and picker.board.record.moves == shared.moves
    picker._guard(picker._uploaded, [{"name": "x.json", "content": b"\xff"}])
    assert "not text" in picker.message.value
    picker._guard(picker._uploaded, [{"name": "mine.json", "content": shared.to_text().encode()}])
    assert "Your game (mine.json)" in picker.message.value


def html_unescaped(text: str) -> str:
    import html

    return html.unescape(text)


def test_compare_my_move_runs_in_the_background_and_can_be_cancelled():
    v = view("cathedral", hint_budget_s=30.0)
    v.play("cathedral e4 d5 e5 f5 e6 e7")
    v.compare_last()
    assert v.search is not None and v.thinking_row.layout.display is None
    assert v.stop_button.layout.display is None and "Comparing" in v.thinking.value
    v.stop_button.click()
    assert v.search is None and "Stopped: Comparing" in v.message.value
    assert v.wait(30) and v.state.history == ["cathedral e4 d5 e5 f5 e6 e7"]


def test_the_review_board_shows_each_verdict_as_it_comes():
    """While the review runs, each verdict reaches the move list as it is found, and the
    shown move's verdict replaces "still running" once it is judged."""
    record = played("cathedral", 6).record()
    whole = sg.ai.review(record, playouts=20, seed=0)
    board = ReviewBoard(record, playouts=20, background=False)
    board.search = object()  # as while the review runs
    board.go(2)
    assert html_has(board.verdict.value, "the review is still running")
    first = sg.ai.Review(whole.game, whole.judgements[:1], whole.start, False)
    unjudged = board.moves.svg
    board._progress(1, first)
    assert board.review is not None and len(board.review.judgements) == 1
    drawn = moves_svg(record, first, 2, board.names, board.view.player_glass)
    assert board.moves.svg == drawn != unjudged  # the first move's glass and sign
    assert html_has(board.verdict.value, "the review is still running")  # move 2: not yet
    board._progress(2, sg.ai.Review(whole.game, whole.judgements[:2], whole.start, False))
    assert html_has(board.verdict.value, f"Move 2, {board.names[whole.judgements[1].player]}")
    board._progress(2, first)  # an older copy never takes a verdict back
    assert len(board.review.judgements) == 2
