"""The puzzle board from Python: a right answer and a wrong one, illegal moves, Show the answer,
Try again, Next puzzle, the difficulty filter, Cancel, the review board, the picker and the
notebook's query; and every game's board with a puzzle of its own (no game is named there: a
new view is tested with no extra work).

The puzzles are mined here (``sg.ai.puzzles.make`` at a small budget: the same arguments give
the same puzzles on any machine), not read from the shipped files, so the tests hold whatever
those hold."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass.ai.puzzles import said_line
from stainedglass.ai.review import said_move
from stainedglass.ai.puzzles import Puzzle, make
from stainedglass_widgets import views
from stainedglass_widgets.pages.puzzles import (
    PuzzleBoard,
    PuzzlePicker,
    Tally,
    margin_points,
)
from stainedglass_widgets.features.review import ReviewBoard
from harness import perform

VIEWS = sorted(views())
PLAYOUTS = 20  # a small budget: each puzzle is mined in seconds, and judged in a fraction
CATHEDRAL_SEEDS = (1, 7, 3)  # two easy puzzles and a hard one, each mined in a few seconds


@pytest.fixture(scope="module")
def puzzles() -> dict[str, list[Puzzle]]:
    """A few puzzles of every game with a view (Cathedral's: easy, hard, easy)."""
    found = {
        name: make(name, n=1, seed=1, playouts=PLAYOUTS) for name in VIEWS if name != "cathedral"
    }
    found["cathedral"] = [
        make("cathedral", n=1, seed=s, playouts=PLAYOUTS)[0] for s in CATHEDRAL_SEEDS
    ]
    assert all(found.values()), {k: len(v) for k, v in found.items()}
    return found


def board_of(
    puzzles: dict[str, list[Puzzle]], game: str = "cathedral", **options: Any
) -> PuzzleBoard:
    return PuzzleBoard(game, puzzles[game], background=False, review_playouts=5, **options)


def move_on(board: PuzzleBoard, text: str) -> None:
    """``text`` made on the board as a person makes it (clicks, keys, buttons)."""
    view = board.view
    assert view is not None
    perform(view, view.gestures(view.state.parse_move(text)))


def words(widget: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def at_puzzle(board: PuzzleBoard) -> bool:
    assert board.view is not None and board.puzzle is not None
    return board.view.state.history == board.puzzle.state().history


def test_a_right_answer_says_why_and_counts(puzzles: dict[str, list[Puzzle]]) -> None:
    board = board_of(puzzles)
    puzzle = board.puzzle
    assert puzzle is not None and board.view is not None
    assert puzzle.question in words(board.question)
    assert words(board.score) == "Streak 0 · Score 0 of 0"
    assert board.verdict_text == "" and board.reveal.value == ""
    move_on(board, puzzle.answer)
    assert board.verdict_text.startswith(
        "✓ ★ Best, right: " + said_move(puzzle.state(), puzzle.answer)
    ), "the answer in the game's words, its notation beside"
    assert puzzle.theme in board.verdict_text
    assert (board.tally.streak, board.tally.right, board.tally.tried) == (1, 1, 1)
    assert words(board.score) == "Streak 1 (best 1) · Score 1 of 1"
    # the answer stays on the board; the game does not go on
    assert board.view.state.history == puzzle.state().history + [puzzle.answer]
    assert board.solved and "Solved" in words(board.view.message)
    # the theme and the margin are told now
    reveal = words(board.reveal)
    assert puzzle.theme in reveal and margin_points(puzzle) in reveal
    assert puzzle.state().move_name(puzzle.rival) in reveal  # the next best, in words
    # a move after it is refused in words, nothing played
    before = list(board.view.state.history)
    board.view.play(board.view.state.legal_moves()[0])
    assert board.view.state.history == before and "Next puzzle" in words(board.view.message)
    assert board.buttons["answer"].layout.display == "none"


def test_a_wrong_answer_says_the_refutation_and_goes_back(puzzles: dict[str, list[Puzzle]]) -> None:
    board = board_of(puzzles)
    first = board.puzzle
    assert first is not None
    move_on(board, first.answer)
    board.next_puzzle()
    puzzle = board.puzzle
    assert puzzle is not None and puzzle is not first and board.index == 1
    assert board.verdict_text == "" and board.reveal.value == "" and at_puzzle(board)
    assert puzzle.attempt(puzzle.rival).right is False  # the rival loses by the margin
    move_on(board, puzzle.rival)
    assert board.verdict_text.startswith("✗ ") and ", not quite: " in board.verdict_text
    assert puzzle.nudge in board.verdict_text and puzzle.answer not in board.verdict_text
    assert at_puzzle(board), "the wrong move is taken back"
    assert (board.tally.streak, board.tally.best, board.tally.right, board.tally.tried) == (
        0,
        1,
        1,
        2,
    )
    assert words(board.score) == "Streak 0 (best 1) · Score 1 of 2"
    assert "Back to the puzzle" in words(board.view.message)
    assert board.reveal.value == "", "the answer is told only on request"
    # Show the answer: marked 1 on the board and held ready
    board.show_answer()
    view = board.view
    assert view is not None
    marks = view.hint_marks()
    assert [str(m.move) for m in marks] == [puzzle.answer] and marks[0].rank == 1
    named = puzzle.state().move_name(puzzle.answer)  # in words, as the board shows it
    assert named in board.verdict_text and named[1:] in words(view.hint_list)
    assert board.buttons["answer"].layout.display == "none"  # shown already
    assert board.tally.tried == 2, "a shown answer after a miss is not counted again"
    # playing it now is right, but not scored
    move_on(board, puzzle.answer)
    assert (
        board.verdict_text.startswith("✓ ") and ", right: " in board.verdict_text
    ) and "Not scored" in board.verdict_text
    assert (board.tally.right, board.tally.tried) == (1, 2)
    # Try again: the puzzle's position, the verdict cleared
    board.buttons["again"].click()
    assert at_puzzle(board) and board.verdict_text == "" and not board.solved
    assert "Try again" in words(board.view.message)


def test_show_the_answer_first_counts_as_a_miss(puzzles: dict[str, list[Puzzle]]) -> None:
    tally = Tally(right=3, tried=3, streak=3, best=3)
    board = board_of(puzzles, tally=tally)
    board.buttons["answer"].click()
    assert board.outcome == "shown" and (tally.streak, tally.best, tally.tried) == (0, 3, 4)
    assert board.puzzle is not None and board.puzzle.theme in words(board.reveal)


def test_illegal_moves_show_the_rule_and_change_nothing(puzzles: dict[str, list[Puzzle]]) -> None:
    board = board_of(puzzles)
    view = board.view
    assert view is not None and board.puzzle is not None
    # a building on an occupied square, by clicking
    taken = next(
        cell
        for cell in ("e5", "e4", "d5", "f5", "e6", "e7")
        if not view.state.explain(f"tavern {cell}").legal
    )
    perform(
        view,
        [
            ("supply[1]" if view.state.current_player else "supply[0]", "click", "piece:tavern"),
            ("city", "hover", taken),
            ("city", "click", taken),
        ],
    )
    assert "Illegal" in words(view.message) and at_puzzle(board)
    # a typed move that is no move, and one against the rules
    view.move_text.value = "castle z99"
    assert "Illegal" in words(view.message) and at_puzzle(board)
    view.play_text("tavern " + taken)
    assert "Illegal" in words(view.message) and at_puzzle(board)
    assert board.tally.tried == 0 and board.outcome is None and board.verdict_text == ""


def test_next_puzzle_and_the_difficulty_filter(puzzles: dict[str, list[Puzzle]]) -> None:
    board = board_of(puzzles)
    ids = [p.id for p in puzzles["cathedral"]]
    difficulties = [p.difficulty for p in puzzles["cathedral"]]
    assert "Puzzle 1 of 3" in words(board.counter)
    seen = []
    for _ in range(4):
        assert board.puzzle is not None
        seen.append(board.puzzle.id)
        board.buttons["next"].click()
    assert seen == ids + ids[:1], "Next goes through them all, then round"
    assert board.view is not None
    city = board.view.city  # type: ignore[attr-defined]
    assert city.kit_keys == ["n"], "a puzzle has no Undo or Hint: only Next has a key"
    city.press("n")  # the keyboard's Next puzzle
    assert board.puzzle is not None and board.puzzle.id == ids[2]
    options = {v: label for label, v in board.difficulty_picker.options}
    assert options["any"] == "Any difficulty (3)"
    assert options["hard"] == f"Hard ({difficulties.count('hard')})"
    board.difficulty_picker.value = "hard"
    assert [p.difficulty for p in board.shown] == ["hard"] * difficulties.count("hard")
    assert board.puzzle is not None and board.puzzle.difficulty == "hard"
    assert "Puzzle 1 of 1" in words(board.counter)
    missing = next(d for d in ("easy", "medium", "hard") if d not in difficulties)
    assert missing not in options, "a difficulty without puzzles is not offered"
    board.set_difficulty(missing)
    assert board.puzzle is None
    assert f"No {missing} puzzles for Cathedral yet" in words(board.note)
    assert board.view_box.children == ()
    board.set_difficulty(None)
    assert board.puzzle is not None and board.puzzle.id == ids[0] and board.view is not None
    with pytest.raises(ValueError, match="difficulty must be one of"):
        board.set_difficulty("impossible")


def test_open_in_the_review_board_at_the_puzzle(puzzles: dict[str, list[Puzzle]]) -> None:
    board = board_of(puzzles)
    puzzle = board.puzzle
    assert puzzle is not None
    board.buttons["review"].click()
    review = board.review
    assert isinstance(review, ReviewBoard) and review.review is not None
    assert review.ply == puzzle.ply == len(review.record.moves)
    assert review.view.state.history == puzzle.state().history
    assert len(review.review.judgements) == puzzle.ply
    # a side line there is the learner's own: the puzzle's record is untouched
    perform(review.view, review.view.gestures(review.view.state.parse_move(puzzle.answer)))
    assert review.in_branch and review.record.branches and not puzzle.record.branches
    board.close_review()
    assert board.review is None and board.review_box.children == ()


def test_judging_runs_in_the_background_and_cancel_takes_the_move_back(
    puzzles: dict[str, list[Puzzle]],
) -> None:
    board = PuzzleBoard("cathedral", puzzles["cathedral"], background=True)
    view, puzzle = board.view, board.puzzle
    assert view is not None and puzzle is not None
    # under the view's lock, the search cannot hand its verdict back before Cancel
    with view._lock:
        move_on(board, puzzle.rival)
        assert view.search is not None
        assert "Judging" in board.verdict_text and view.thinking_row.layout.display is None
        assert board.buttons["answer"].disabled and board.buttons["again"].disabled
        assert view.state.history == puzzle.state().history + [puzzle.rival]  # shown meanwhile
        view.play(view.state.legal_moves()[0])  # another move while judging: refused
        assert "Still judging" in words(view.message)
        view.stop_button.click()
    assert view.wait(30)
    assert at_puzzle(board) and "not judged" in words(view.message)
    assert board.tally.tried == 0 and board.outcome is None and board.verdict_text == ""
    # judged in the background to the end
    move_on(board, puzzle.rival)
    assert board.wait(60)
    assert (
        board.verdict_text.startswith("✗ ") and ", not quite" in board.verdict_text
    ) and at_puzzle(board)
    assert board.tally.tried == 1


def test_no_puzzles_yet_is_said_in_words() -> None:
    board = PuzzleBoard("cathedral", [], background=False)
    assert "No puzzles for Cathedral yet" in words(board.note) and board.view is None
    assert board.difficulty_picker.disabled and board.puzzle is None
    board.next_puzzle()  # nothing to go to: still no crash
    assert board.buttons["next"].layout.display == "none"
    picker = PuzzlePicker(source=lambda game: [], background=False)
    assert picker.board is not None and "No puzzles for" in words(picker.board.note)


def test_puzzles_of_another_game_are_refused(puzzles: dict[str, list[Puzzle]]) -> None:
    other = next(g for g in VIEWS if g != "cathedral")
    with pytest.raises(ValueError, match="another game"):
        PuzzleBoard("cathedral", puzzles[other], background=False)


def test_the_picker_keeps_one_score_and_follows_the_query(puzzles: dict[str, list[Puzzle]]) -> None:
    picker = PuzzlePicker(source=lambda game: puzzles[game], background=False, review_playouts=5)
    assert picker.picker.value == next(iter(views())) and picker.board is not None
    picker.picker.value = "cathedral"
    board = picker.board
    assert board is not None and board.puzzle is not None
    move_on(board, board.puzzle.answer)
    other = next(g for g in VIEWS if g != "cathedral")
    picker.picker.value = other
    assert picker.board is not board and picker.board is not None
    assert picker.board.game.name == other and picker.board.tally is picker.tally
    assert "Score 1 of 1" in words(picker.board.score)
    picker.open_query("game=cathedral&difficulty=hard")
    assert picker.picker.value == "cathedral" and picker.board.game.name == "cathedral"
    assert picker.board.difficulty == "hard"
    assert all(p.difficulty == "hard" for p in picker.board.shown)
    picker.open_query("difficulty=any")
    assert picker.board.difficulty == "any" and len(picker.board.shown) == 3
    picker.open_query("game=chess")
    assert "No puzzles of 'chess'" in words(picker.message)
    assert picker.board.game.name == "cathedral"
    picker.open_query("difficulty=galactic")
    assert "No difficulty" in words(picker.message)
    picker.open_query("")  # no query: nothing changes
    assert picker.board.game.name == "cathedral"


def test_a_bad_puzzle_file_is_a_message() -> None:
    def source(game: str) -> list[Puzzle]:
        return sg.ai.puzzles.loads('{"format": "nonsense"}', f"{game} puzzles")

    picker = PuzzlePicker("cathedral", source=source, background=False)
    assert picker.board is None and "could not be read" in words(picker.message)


@pytest.mark.parametrize("name", VIEWS)
def test_every_game_judges_its_puzzle(name: str, puzzles: dict[str, list[Puzzle]]) -> None:
    puzzle = puzzles[name][0]
    board = board_of(puzzles, name)
    view = board.view
    assert (
        view is not None
        and view.compact
        and view.state.current_player == puzzle.state().current_player
    )
    facts = view.game.facts
    question = words(board.question)
    assert puzzle.question in question
    if facts.chance:
        assert "best expected outcome" in question
        assert not puzzle.known or puzzle.known in question
    if facts.hidden_information:  # the mover's hand only, as a person at that seat sees it
        assert "hidden" in question
        shown = getattr(view, "shown_hand", None)
        assert shown is None or shown() == view.state.current_player
    for name_ in ("undo_button", "hint_button", "chance_button"):  # answered, not played on
        assert not hasattr(view, name_)
    assert puzzle.attempt(puzzle.rival).right is False
    move_on(board, puzzle.rival)
    assert (
        board.verdict_text.startswith("✗ ") and ", not quite" in board.verdict_text
    ) and at_puzzle(board)
    move_on(board, puzzle.answer)
    assert board.verdict_text.startswith("✓ ") and ", right: " in board.verdict_text
    assert view.state.history == puzzle.state().history + [puzzle.answer]
    if facts.hidden_information:  # still the mover's hand, though another may be to move
        assert shown is None or shown() == puzzle.state().current_player
    assert (board.tally.right, board.tally.tried) == (0, 1)
    board.show_answer()  # after a right move: back to the position, the answer marked
    assert at_puzzle(board) and [str(m.move) for m in view.hint_marks()] == [puzzle.answer]


def test_a_wrong_answer_nudges_and_shows_the_answer_only_on_request(
    puzzles: dict[str, list[Puzzle]],
) -> None:
    """A wrong move is told what the best move gains (the theme), never which move it is: not
    its notation, not its words, not the theme-and-margin reveal; Try again, then the answer
    only once Show the answer is pressed."""
    board = board_of(puzzles)
    puzzle = board.puzzle
    assert puzzle is not None and board.view is not None
    move_on(board, puzzle.rival)
    text = board.verdict_text
    assert text.startswith("✗ ") and ", not quite: " in text and puzzle.nudge in text, text
    assert puzzle.answer not in text and said_move(puzzle.state(), puzzle.answer) not in text
    assert board.reveal.value == "", "the reveal names the answer: not yet"
    shown = {k for k, b in board.buttons.items() if b.layout.display is None}
    assert {"again", "answer"} <= shown
    board.buttons["again"].click()
    assert board.verdict_text == "" and at_puzzle(board) and board.reveal.value == ""
    named = said_line(puzzle.state(), puzzle.answer_line)  # the answer, in words
    assert puzzle.answer not in words(board.view.message)
    assert named not in words(board.view.message) and named not in board.verdict_text
    board.buttons["answer"].click()
    assert f"The answer: {named}" in board.verdict_text, board.verdict_text
    assert puzzle.theme in words(board.reveal)
    assert (board.tally.right, board.tally.tried) == (0, 1), "the miss counted once"


def test_a_card_answer_is_judged_with_the_panes_it_brings() -> None:
    """A Walls of Light puzzle answered by Extra Glass is not solved by the card alone: the
    turn goes on, unjudged, until the panes it brings are placed; then the whole line is
    judged (right at once, no search)."""
    puzzle = next(p for p in sg.ai.puzzles.shipped("walls_of_light") if p.answer == "card extra")
    assert len(puzzle.answer_line) == 3, puzzle.answer_line
    board = PuzzleBoard("walls_of_light", [puzzle], background=False)
    view = board.view
    assert view is not None
    move_on(board, "card extra")
    assert not board.solved and board.outcome is None and board.verdict_text == ""
    assert view.state.history == puzzle.state().history + ["card extra"], "the card stays"
    assert "turn goes on" in words(view.message)
    assert board.tally.tried == 0
    for pane in puzzle.answer_line[1:]:
        move_on(board, pane)
    assert board.verdict_text.startswith("✓ ") and ", right: " in board.verdict_text, (
        board.verdict_text
    )
    assert board.solved and (board.tally.right, board.tally.tried) == (1, 1)
    assert view.state.history == puzzle.state().history + list(puzzle.answer_line)
