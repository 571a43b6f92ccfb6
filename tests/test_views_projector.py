"""Projector mode, the Python side: the toggle on every play dashboard, the classes it puts on
the view and its rows, the main board sized to the screen and put back after. The sizes as a
browser draws them are measured in ``test_views_a11y_browser.py``."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.kit.board import Board
from stainedglass_widgets.features.projector import (
    CSS,
    PAD_PX,
    board_width,
    board_width_px,
    view_box_ratio,
)
from stainedglass_widgets.kit.registry import views

GAMES = sorted(views())

# what projector mode promises (docs/serving.md), written out here rather than read from the
# module's constants, so that a smaller promise in the module fails these tests
BOARD_MIN_FRACTION = 0.9  # the main board's long side, of the screen's smaller side
BOARD_HEIGHT_FRACTION = 0.85  # the main board's height, of the screen's
SIDE_MIN_PX = 220  # the word column, at its narrowest
WORDS_PX = 32  # the words' type at 1920 x 1080
BUTTON_PX = 24  # the buttons' type at 1920 x 1080


def css_px(value: str, width: float, height: float) -> float:
    """What a CSS length of the projector's style sheet (``calc``, ``min``, ``max``, px,
    vw, vh and ``var(--sg-u)`` as the sheet declares it) comes to on a ``width`` x ``height``
    screen: worked out here, apart from the module's own sums."""
    unit = re.search(r"--sg-u: ([^;]+);", CSS)
    assert unit is not None
    text = value.replace("var(--sg-u)", f"({unit[1]})")
    text = re.sub(r"([\d.]+)vw", lambda m: f"({m[1]} * {width} / 100)", text)
    text = re.sub(r"([\d.]+)vh", lambda m: f"({m[1]} * {height} / 100)", text)
    text = text.replace("calc(", "(").replace("px", "")
    assert re.fullmatch(r"[\d.\s()+\-*/,minax]+", text), text  # numbers and sums alone
    return float(eval(text, {"__builtins__": {}, "min": min, "max": max}))


def font_size(selector: str) -> str:
    """The font-size of the style sheet's rule whose selectors include ``selector``."""
    sheet = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)  # the comments left out
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet):
        if selector in [s.strip() for s in selectors.split(",")] and "font-size" in body:
            size = re.search(r"font-size: (.+?) !important", body)
            assert size is not None
            return size[1]
    raise AssertionError(f"no font-size for {selector}")


def holds(widget: object, target: object) -> bool:
    return widget is target or any(holds(c, target) for c in getattr(widget, "children", ()))


def row_of(view: sgw.GameView, widget: object) -> object:
    return next(c for c in view.children if holds(c, widget))


def screen_width(projector: object, width: float, height: float) -> float:
    """The main board's width that the layout's CSS gives on a ``width`` x ``height`` screen,
    worked out from the CSS the projector wrote (``css_px``)."""
    main = projector.main  # type: ignore[attr-defined]
    return css_px(main.layout.width, width, height)


@pytest.mark.parametrize("game", GAMES)
def test_every_play_dashboard_has_the_toggle_beside_undo_and_hint(game: str) -> None:
    view = sgw.view(game, background=False)
    assert view.projector is not None
    toggle = view.projector.toggle
    assert toggle.description == "Projector" and toggle.tooltip  # labelled, in words
    strip = row_of(view, view.undo_button)
    assert holds(strip, view.hint_button) and holds(strip, toggle)
    assert not view.projector.on and "sg-projector" not in view._dom_classes


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_board_goes_on_the_projector_too(game: str) -> None:
    """A tutorial's lesson, shown to a class: its board fills the screen, its words beside."""
    view = sgw.view(game, compact=True, background=False)
    assert holds(row_of(view, view.restart_button), view.projector.toggle)
    view.projector.on = True
    assert "sg-projector" in view._dom_classes and view.projector.main is not None
    assert "sg-projector-strip" in row_of(view, view.undo_button)._dom_classes
    assert not any(c.startswith("sg-projector") for c in view.message._dom_classes)
    view.projector.on = False
    assert "sg-projector" not in view._dom_classes


@pytest.mark.parametrize("game", GAMES)
def test_on_the_board_fills_the_screen_and_the_controls_fold(game: str) -> None:
    view = sgw.view(game, background=False)
    projector = view.projector
    assert projector is not None
    boards = [b for c in view.board_widgets for b in _boards(c)]
    widest = max(boards, key=lambda b: float(b.layout.width.removesuffix("px")))
    own_width = widest.layout.width
    projector.toggle.value = True  # as the button does
    assert "sg-projector" in view._dom_classes
    assert projector.main is widest
    assert projector.toggle.description == "Projector: on"
    for child in view.board_widgets:  # the boards on the left; a line of words folds away
        fold = "sg-projector-board" if _boards(child) else "sg-projector-fold"
        assert fold in child._dom_classes
    assert "sg-projector-strip" in row_of(view, view.undo_button)._dom_classes
    for folded in (view.new_button, view.seat_pickers[0], view.records.box, view.move_log):
        assert "sg-projector-fold" in row_of(view, folded)._dom_classes, folded
    for kept in (view.banner, view.message, view.hint_panel):
        assert not {"sg-projector-fold", "sg-projector-strip"} & set(kept._dom_classes)
    # the main board's width: as high as the screen, as wide as the word column leaves room for
    ratio = view_box_ratio(widest.svg)
    for w, h in ((1920, 1080), (2560, 1440), (3840, 2160)):  # 1920 x 1080 and more
        width = screen_width(projector, w, h)
        assert max(width, width / ratio) >= BOARD_MIN_FRACTION * min(w, h), (game, w, h)
        assert width / ratio <= h - 2 * PAD_PX + 1  # and no higher than the screen
    # a classroom projector's screen too, and a wide one: the board most of the screen's
    # height, a column for the words beside it
    asides = sum(float(own.removesuffix("px")) for _, own in projector._asides)
    for w, h in ((1280, 720), (1920, 1080), (1366, 768), (1600, 900)):
        width = screen_width(projector, w, h)
        assert width / ratio >= BOARD_HEIGHT_FRACTION * h, (game, w, h, width / ratio / h)
        u = min(w / 1920, h / 1080)
        assert w - width - asides * u - 12 * len(projector._asides) - 4 * PAD_PX >= SIDE_MIN_PX - 1
    # off: everything as it was
    projector.on = False
    assert widest.layout.width == own_width
    assert not any(
        c.startswith("sg-projector") for child in view.children for c in child._dom_classes
    )
    assert "sg-projector" not in view._dom_classes
    assert projector.toggle.description == "Projector"


def test_the_board_follows_a_change_of_shape() -> None:
    """A new drawing of another shape (a new game, another count of players) is sized anew."""
    view = sgw.view("cathedral", background=False)
    assert view.projector is not None
    view.projector.on = True
    main = view.projector.main
    assert main is not None
    square = main.layout.width
    assert "* 1.0000)" in square
    main.draw(main.svg.replace('viewBox="0 0 548 548"', 'viewBox="0 0 548 274"', 1))
    view.projector.follow()
    assert "* 2.0000)" in main.layout.width and "* 1.0000)" not in main.layout.width
    view.after_change()  # the game's own drawing again
    assert main.layout.width == square


def test_the_play_goes_on_in_projector_mode() -> None:
    """Moves, undo and hints work as ever with the projector on."""
    view = sgw.view("cathedral", background=False, hint_budget_s=0.2)
    assert view.projector is not None
    view.projector.on = True
    view.play(view.state.legal_moves()[0])
    assert len(view.state.history) >= 1
    view.undo()
    assert view.state.history == []
    view.hint()
    assert view.suggestions and view.hint_panel.layout.display is None
    assert view.projector.on


def test_the_style_sheet_states_the_sizes() -> None:
    """The words' and the buttons' type as the style sheet gives it: the promised sizes at
    1920 x 1080, scaled with the screen (never below 18 and 15 px)."""
    words = [".sg-banner", ".sg-message", ".sg-coach-words", ".sg-coach-hints", ".sg-hints"]
    words += [".sg-thinking", ".sg-puzzle-question", ".sg-puzzle-verdict", ".sg-review-verdict"]
    for name in words:
        size = font_size(f".sg-projector {name}")
        assert css_px(size, 1920, 1080) == pytest.approx(WORDS_PX), name
        assert css_px(size, 3840, 2160) == pytest.approx(2 * WORDS_PX), name
        assert css_px(size, 1280, 720) == pytest.approx(WORDS_PX * 2 / 3), name
        assert css_px(size, 800, 450) == pytest.approx(18), name
    button = font_size("html body .sg-projector .jupyter-button")
    assert css_px(button, 1920, 1080) == pytest.approx(BUTTON_PX)
    assert css_px(button, 1280, 720) == pytest.approx(BUTTON_PX * 2 / 3)
    assert css_px(button, 640, 360) == pytest.approx(15)
    assert "#000000" in CSS and "#ffffff" in CSS  # black on white


def test_the_board_width_s_sum_is_its_css() -> None:
    """``board_width_px`` (the sum the tests and the docs use) is what the CSS of
    ``board_width`` comes to, on any screen."""
    assert board_width_px(1.0, 0.0, 0.0, 1920, 1080) == pytest.approx(1080 - 2 * PAD_PX)
    for ratio, asides, gaps in ((1.0, 0.0, 0.0), (1.6, 330.0, 24.0), (0.6, 164.0, 12.0)):
        css = board_width(ratio, asides, gaps)
        for w, h in ((1920, 1080), (1280, 720), (1400, 1000), (3840, 2160), (1000, 1400)):
            assert css_px(css, w, h) == pytest.approx(board_width_px(ratio, asides, gaps, w, h))


def test_view_box_ratio_reads_the_drawing() -> None:
    assert view_box_ratio('<svg viewBox="0 0 970 600">') == pytest.approx(970 / 600)
    assert view_box_ratio('<svg viewBox="-5,-5,10,20">') == pytest.approx(0.5)
    assert view_box_ratio("<svg>") == 1.0
    assert view_box_ratio('<svg viewBox="0 0 10 0">') == 1.0


def _boards(widget: object) -> list[Board]:
    if isinstance(widget, Board):
        return [widget]
    return [b for c in getattr(widget, "children", ()) for b in _boards(c)]


def test_the_puzzles_and_the_review_have_the_toggle_too() -> None:
    """Every dashboard: a puzzle's board and a review's board go on the projector, their words
    (the question, the verdict) beside the board, their buttons in the strip."""
    from stainedglass_widgets.pages.puzzles import PuzzleBoard
    from stainedglass_widgets.features.review import ReviewBoard

    puzzles = PuzzleBoard("cathedral", background=False)
    projector = puzzles.projector
    assert holds(row_of(puzzles, puzzles.buttons["next"]), projector.toggle)
    projector.on = True
    assert "sg-projector" in puzzles._dom_classes
    assert projector.main is puzzles.view.city  # type: ignore[union-attr]
    assert "sg-projector-inner" in puzzles.view._dom_classes  # type: ignore[union-attr]
    for kept in (puzzles.question, puzzles.verdict):
        assert not any(c.startswith("sg-projector") for c in kept._dom_classes)
    assert "sg-projector-fold" in row_of(puzzles, puzzles.difficulty_picker)._dom_classes
    first = projector.main
    puzzles.next_puzzle()  # a new puzzle, a new board: laid out again
    assert projector.on and projector.main is puzzles.view.city  # type: ignore[union-attr]
    assert projector.main is not first and first.layout.width != projector.main.layout.width
    projector.on = False
    assert "sg-projector" not in puzzles._dom_classes

    state = sg.load("cathedral").new_game(seed=1)
    for _ in range(4):
        state.play(state.legal_moves()[0])
    review = ReviewBoard(state.record(), background=False)
    review.projector.on = True
    assert review.projector.main is review.view.city  # type: ignore[attr-defined]
    assert "sg-projector-fold" in review.moves_box._dom_classes
    assert "sg-projector-strip" in row_of(review, review.buttons["back"])._dom_classes
    review.projector.on = False
    assert not any(c.startswith("sg-projector") for c in review.moves_box._dom_classes)


@pytest.mark.parametrize("game", GAMES)
def test_escape_on_the_board_leaves_projector_mode(game: str) -> None:
    """Escape on the board (where the pointer puts the focus) leaves projector mode; on a board
    whose pointer holds something (Cathedral's building), it puts that back first."""
    view = sgw.view(game, background=False)
    projector = view.projector
    assert projector is not None and projector.main is None
    projector.on = True
    main = projector.main
    assert main is not None
    if game == "cathedral":  # a building in hand (the Cathedral, placed first, stays)
        view.play(view.state.legal_moves()[0])
        view.supply[view.side()].click("piece:tavern")
        main.hover("a1")
        main.press("Escape")
        assert projector.on and view.selected is None  # the building went back: nothing else
    main.press("Escape")
    assert not projector.on and "sg-projector" not in view._dom_classes
    main.press("Escape")  # off, Escape is the game's alone
    assert not projector.on
