"""Hints and bots in the play views (``GameView``, driven by simulated clicks, no browser).

Bots and hints think in a worker thread, as they do under Voila; ``view.wait()`` lets a test wait
for the answer. The same machinery serves every game: the last tests run it on Walls of Light
(three players, dice) through a plain text view.
"""

from __future__ import annotations

import dataclasses
import html
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import stainedglass as sg
from stainedglass_widgets import HUMAN, CathedralView, GameView
from stainedglass.glass import hint_colour
from stainedglass_widgets.kit.searches import seat_choices

CATHEDRAL_MOVE = "cathedral e4 d5 e5 f5 e6 e7"


def text(widget: Any) -> str:
    """What a widget says (its HTML without the tags)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def placed(view: CathedralView) -> CathedralView:
    view.move_text.value = CATHEDRAL_MOVE
    assert view.state.history == [CATHEDRAL_MOVE]
    return view


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def test_the_hint_names_the_search_of_its_table_size() -> None:
    """Coloring's hints come from the game's own search at two to four players and from
    alpha-beta in the solo game, which no match has measured (benchmarks/STRENGTH.md): the
    hint's words name the one that searched."""
    import stainedglass_widgets as sgw

    for players, words in ((1, "Alpha-beta"), (3, "Coloring search")):
        view = sgw.view("coloring", players=players, background=False, hint_budget_s=0.1)
        view.hint_button.click()
        assert view.suggestions, players
        assert f"searched by {words} for 0.1 s" in text(view.hint_list), players


def test_hint_shows_ranked_suggestions_with_reasons_on_the_board_and_in_a_chart() -> None:
    view = placed(CathedralView(hint_budget_s=0.4))
    before = view.state.clone()
    view.hint_button.click()
    assert view.search is not None and shown(view.thinking_row)  # thinking, page free
    assert "Looking for Dark's best moves (Cathedral search, 0.4 s)" in text(view.thinking)
    assert view.wait()
    assert not shown(view.thinking_row)
    hints = view.suggestions
    assert 1 < len(hints) <= view.hint_top
    assert [h.value for h in hints] == [m.value for m in view.hint_marks()]
    for h in hints:  # legal, with the game's own words for what the move does, and why
        assert h.move in before.legal_moves()
        assert before.explain(h.move).words in h.reason and h.lead in h.reason
        listed = html.unescape(text(view.hint_list))  # the lead first, the details folded
        named = before.move_name(h.move) in listed  # every move named in words, or counted
        assert named or "more ringed on the board" in listed
        assert h.versus_next in listed or h.equally_good  # one line for moves told apart by none
        assert "<summary>why</summary>" in view.hint_list.value or not h.details
    assert hints[0].lead in listed and f"{hints[0].value:.0%}" in listed
    assert all(d in listed for d in hints[0].details)  # folded under "why"
    assert text(view.message).count("Hint: " + hints[0].reason)
    assert shown(view.hint_panel) and "Suggestions for Dark" in text(view.hint_list)
    assert "searched by Cathedral search for 0.4 s" in text(view.hint_list)
    # on the board: the best as the hint (in hand already), the others as numbered ghosts
    svg = view.city.svg
    assert svg.count('class="hint"') == 1 and svg.count('class="suggestion"') == len(hints) - 1
    for m in view.hint_marks():
        cells = " ".join(
            sg.core.cell_name(c, r) for c, r in sg.cathedral.pieces.cells_of(m.move.mask)
        )  # type: ignore[attr-defined]
        assert f'data-rank="{m.rank}" data-shade="{m.shade:g}" data-cells="{cells}"' in svg
    assert view.selected == hints[0].move.piece  # type: ignore[attr-defined]
    # the chart: built with its data (plotly loads in a thread; wait() waited for it)
    fig = view.hint_chart
    assert fig is not None and view.hint_chart_box.children == (fig,)
    (dots,) = fig.data
    assert list(dots.x) == [round(100 * h.value, 1) for h in hints]
    assert list(dots.y)[0][4:].startswith(before.move_name(hints[0].move)[1:10])  # in words
    assert list(dots.marker.color) == [hint_colour(m.shade) for m in view.hint_marks()]
    assert hints[0].reason in dots.hovertext[0]
    low, high = fig.layout.xaxis.range
    assert low <= min(dots.x) and max(dots.x) <= high
    # a move clears the hint; the next hint updates the same chart in place
    view.supply[1].click("piece:castle")
    view.city.click("b2")
    assert len(view.state.history) == 2 and view.suggestions == []
    assert not shown(view.hint_panel) and 'class="hint"' not in view.city.svg
    view.hint_button.click()
    assert view.wait() and view.hint_chart is fig
    assert list(fig.data[0].x) == [round(100 * h.value, 1) for h in view.suggestions]
    assert "Suggestions for Light" in text(view.hint_list)


def test_a_bot_seat_plays_a_legal_move_while_the_board_stays_usable() -> None:
    view = placed(CathedralView(seats=[HUMAN, "mcts"], budget_s=0.5))
    before = view.state.clone()
    assert view.search is not None, "Dark's bot thinks in the background"
    assert shown(view.thinking_row) and shown(view.progress)
    assert "Dark (MCTS bot, 0.5 s) is thinking" in text(view.thinking)
    assert "(MCTS bot) to move" in text(view.banner)
    # meanwhile the board answers: choose, turn, hover
    view.supply[1].click("piece:bridge")
    view.city.press("r")
    view.city.hover("b2")
    assert 'class="ghost"' not in view.city.svg  # no ✓ ghost invites a move that is the bot's
    view.city.click("b2")  # but Dark's move is the bot's
    assert "the MCTS bot plays Dark: wait for its move" in text(view.message)
    assert view.wait()
    assert len(view.state.history) == 2
    move = view.state.history[-1]
    assert before.parse_move(move) in before.legal_moves()
    assert text(view.message).startswith("MCTS bot (Dark): Dark places the")
    assert not shown(view.thinking_row) and "Light" in text(view.banner)
    assert view.selected is None  # Dark's bridge, picked up meanwhile, is not Light's


@pytest.mark.parametrize("how", ["undo", "new game", "seat"])
def test_undo_new_game_or_a_seat_change_cancel_a_pending_bot_move(how: str) -> None:
    view = placed(CathedralView(seats=[HUMAN, "mcts"], budget_s=10.0))
    search = view.search
    assert search is not None
    if how == "undo":
        view.undo_button.click()
        expected: list[str] = []
    elif how == "new game":
        view.new_button.click()
        expected = []
    else:
        view.seat_pickers[1].value = HUMAN  # Dark becomes a person: the bot stops
        expected = [CATHEDRAL_MOVE]
    assert search.cancelled and search.stop.is_set() and view.search is None
    assert search.wait(5), "the search stopped at its flag, well before its 10 s"
    assert view.wait()
    assert view.state.history == expected  # its answer was dropped
    assert not text(view.message).startswith("MCTS bot")
    assert not shown(view.thinking_row)


def test_a_move_played_while_a_hint_is_thought_about_drops_the_hint() -> None:
    view = placed(CathedralView(hint_budget_s=10.0))
    view.hint_button.click()
    search = view.search
    view.hint_button.click()
    assert "Still thinking" in text(view.message) and view.search is search
    view.move_text.value = "castle a1 b1 b2 a3 b3"
    assert search is not None and search.cancelled and view.wait()
    assert view.suggestions == [] and not shown(view.hint_panel)
    assert "Dark places the castle" in text(view.message)


def test_bots_play_each_other_move_by_move_and_undo_pauses_them() -> None:
    view = CathedralView(seats=["random", "greedy"])
    assert view.wait() and view.state.is_terminal()
    assert "Game over" in text(view.message)
    view.undo_button.click()  # no human seat: one move back, and the bot to move waits
    assert not view.state.is_terminal() and view.search is None
    assert shown(view.thinking_row) and shown(view.continue_button)
    assert "waits" in text(view.thinking)
    view.continue_button.click()
    assert view.wait() and view.state.is_terminal()


def test_seat_choices_and_strength_sliders() -> None:
    view = CathedralView()
    assert [v for _, v in view.seat_pickers[0].options] == [
        "human",
        "level",
        "random",
        "greedy",
        "mcts",
        "alphabeta",
        "cathedral",
        "remote",
    ]
    assert [shown(s) for s in view.strength_sliders] == [False, False]
    view.seat_pickers[1].value = "alphabeta"
    assert shown(view.strength_sliders[1]) and not shown(view.strength_sliders[0])
    assert view.strength_sliders[1].description == "1.0 s a move"
    view.strength_sliders[1].value = 0.3
    assert view.budgets == [1.0, 0.3] and view.strength_sliders[1].description == "0.3 s a move"
    view.move_text.value = CATHEDRAL_MOVE
    assert "Alpha-beta bot, 0.3 s" in text(view.thinking)
    assert view.wait() and len(view.state.history) == 2
    walls = sg.load("walls_of_light").new_game()  # three players and dice: no alpha-beta
    assert "alphabeta" not in [v for _, v in seat_choices(walls)]
    assert "cathedral" not in [v for _, v in seat_choices(walls)]  # Cathedral's own search
    with pytest.raises(ValueError, match="a seat is 'human', 'remote' .another device. or a bot"):
        CathedralView(seats=[HUMAN, "minimax"])


def test_without_background_a_bot_answers_inside_the_click() -> None:
    view = CathedralView(seats=[HUMAN, "greedy"], background=False)
    view.move_text.value = CATHEDRAL_MOVE
    assert len(view.state.history) == 2 and view.search is None
    view.hint_button.click()
    assert view.suggestions and view.search is None


# ---- the same base for any game: a text view of Walls of Light --------------------------------


class TextView(GameView):
    """The smallest game view: the state as text, the hint marks as a list."""

    def board_area(self) -> list[w.Widget]:
        self.board = w.HTML()
        return [self.board]

    def redraw(self) -> None:
        marks = "".join(
            f'<li data-rank="{m.rank}">{html.escape(str(m.move))}</li>' for m in self.hint_marks()
        )
        self.board.value = f"<pre>{html.escape(str(self.state))}</pre><ol>{marks}</ol>"


def test_any_game_gets_bots_and_hints_from_the_base_view() -> None:
    game = sg.load("walls_of_light")
    view = TextView(
        game.new_game(seed=4), seats=[HUMAN, "greedy", "mcts"], budget_s=0.2, hint_budget_s=0.3
    )
    assert view.wait()
    state = view.state
    assert not state.is_chance() and view.model.seat(state.current_player) == HUMAN
    view.hint_button.click()
    assert view.wait() and view.suggestions
    assert all(h.move in state.legal_moves() for h in view.suggestions)
    assert view.board.value.count("<li data-rank=") == len(view.suggestions)
    assert "share of the win" in text(view.hint_list)
    played = len(state.history)
    view.play(view.suggestions[0].move)  # then the bots (and the dice) play on to North
    assert view.wait()
    assert view.state.is_terminal() or view.model.seat(view.state.current_player) == HUMAN
    assert len(view.state.history) > played
    for player, bot in enumerate(["greedy", "random", "mcts"]):  # bots only: they finish it
        view.model.set_seat(player, bot)
    view.continue_button.click()  # Let the bot move
    assert view.wait() and view.state.is_terminal() and "Game over" in text(view.message)


def test_the_hint_button_asks_the_games_hint_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Cathedral's hint search is the strongest of its ladder within a second: its own search
    # (reasons in plies searched), not the mcts that every game can fall back on
    import sys

    module = sys.modules["stainedglass.ai.suggest"]
    made: list[str] = []
    real = module.make_bot

    def spy(name: str, **options: Any) -> Any:
        made.append(name)
        return real(name, **options)

    monkeypatch.setattr(module, "make_bot", spy)
    view = placed(CathedralView(hint_budget_s=0.3))
    view.hint_button.click()
    assert view.wait() and view.suggestions
    assert made == [sg.load("cathedral").facts.hint_bot] == ["cathedral"]
    assert all(h.unit == "plies deep" for h in view.suggestions)


def test_near_the_end_a_hint_says_the_game_is_solved() -> None:
    # the hint search solves the end once few squares are open to a building: each hint is a
    # sure win, draw or loss (100%, 50% or 0%), "positions solved", not an estimate
    from stainedglass.cathedral.search import Position, _live

    state = sg.load("cathedral").new_game(seed=3)
    greedy = [sg.ai.bot("greedy", seed=seat) for seat in (1, 2)]
    while state.cathedral_state == "unplaced" or _live(Position(state)) > 16:
        state.play(greedy[state.current_player].choose(state))
    assert not state.is_terminal() and len(state.legal_moves()) > 1
    view = CathedralView(hint_budget_s=2.0)
    view.start_from(state, "Near the end.")
    view.hint_button.click()
    assert view.wait() and view.suggestions
    assert all(h.unit == "positions solved" for h in view.suggestions)
    assert {h.value for h in view.suggestions} <= {0.0, 0.5, 1.0}
    assert "positions solved" in html.unescape(view.hint_list.value)


def test_the_hint_list_says_moves_it_cannot_tell_apart_in_one_line_and_figures_honestly() -> None:
    # hints found with a counted budget, shown as the view shows them
    view = placed(CathedralView(background=False))
    found = sg.ai.suggest(view.state, top=3, seed=1, budget=None, nodes=60)
    found = [  # the first two told apart by no search: one line; the third better than none
        sg.ai.Suggestion(found[0].move, 0.52, 300, "playouts", "r", lead="A.", equally_good=True),
        sg.ai.Suggestion(found[1].move, 0.50, 300, "playouts", "r", lead="B.", equally_good=False),
        sg.ai.Suggestion(found[2].move, 0.31, 4000, "playouts", "r", lead="C.", versus_next="x"),
    ]
    view.mark(found, "", chart=False)
    rows = re.findall(r"<li class=\"sg-hint\".*?</li>", view.hint_list.value, flags=re.S)
    assert len(rows) == 2  # moves 1 and 2 in one line
    first = html.unescape(re.sub(r"<[^>]+>", "", rows[0]))
    names = [view.state.move_name(s.move) for s in found]
    assert f"About equally good: {names[0]} and {names[1]}." in first
    assert "about 50%" in first  # 300 playouts tell a share to some 6 points, no finer
    second = html.unescape(re.sub(r"<[^>]+>", "", rows[1]))
    assert "31%" in second and "about" not in second.split("C.")[0]  # 4,000 playouts: exact
    assert "(4,000 playouts)" in second


# ---- the hint's rings on the board, in the order of its words ---------------------------------

HINTED = {  # game: (options, seed, plies the greedy bot plays first, the hint's counted budget)
    "cathedral": ({}, 1, 10, {"nodes": 1500}),
    "walls_of_light": ({"players": 2}, 1, 30, {"playouts": 60}),
    "coloring": ({"players": 2}, 1, 10, {"nodes": 1500}),
    "sagrada": ({}, 1, 14, {"playouts": 60}),
}
"""Seeded mid-game positions whose hints hold moves told apart by no search ("About equally
good"), suggestions on one square, and (Walls of Light) Extra Glass with its two panes."""


def hinted(game: str) -> tuple[GameView, list[sg.ai.Suggestion]]:
    """The play view of a seeded game some way in, its hint shown as the Hint button shows it
    (found on a counted budget, the same anywhere)."""
    import stainedglass_widgets as sgw

    options, seed, plies, budget = HINTED[game]
    state = sg.load(game, **options).new_game(seed=seed)
    bot = sg.ai.bot("greedy", seed=seed)
    while len(state.history) < plies or state.is_chance():
        state.play(state.sample_chance() if state.is_chance() else bot.choose(state))
    view = sgw.view(game, background=False, **options)
    view.set_position(state)
    found = sg.ai.suggest(state, top=view.hint_top, seed=1, budget=None, **budget)
    view.show_suggestions(found)
    return view, found


Where = tuple[str, frozenset[str]]
"""What a ring on the board marks: its attribute (``data-space``) and the names in it."""


def where(move: str) -> set[Where]:
    """What the rings of ``move`` (notation) mark on each game's board."""
    words = move.split()
    if words[0] == "take":  # a pencil on shapes
        return {("data-shapes", frozenset(w for w in words[2:] if not w.startswith("+")))}
    if words[0] == "card":  # a card in the hand (Swap Panes: and its two spaces)
        spaces = {("data-space", frozenset([w])) for w in words[2:] if ":" in w}
        return {("data-card", frozenset([words[1]]))} | spaces
    if words[0] == "tool":
        return {("data-tool", frozenset([words[1]]))}
    if words[0] == "cross":
        return {("data-cross", frozenset(words[1:]))}
    if words[0] == "place" and ":" not in words[-1]:  # a die on a field
        return {("data-field", frozenset([words[2]]))}
    if words[0] in ("place", "remove"):  # a wink on a space
        return {("data-space", frozenset([words[-1]]))}
    return {("data-cells", frozenset(words[1:]))}  # a building on its squares


def rings(view: GameView) -> tuple[dict[int, set[Where]], list[tuple[str, str, int, str]]]:
    """The hint's marks on the view's boards: what each rank marks, and each mark's badge (its
    board, centre and the sign written on it)."""
    from test_view_conformance import boards

    marked: dict[int, set[Where]] = {}
    badges = []
    for i, board in enumerate(boards(view)):
        root = ET.fromstring(board.svg)
        for g in root.iter():
            if g.get("class") not in ("hint", "suggestion"):
                continue
            rank = int(g.get("data-rank", "0"))
            marked.setdefault(rank, set()).update(
                (k, frozenset(v.split()))
                for k, v in g.attrib.items()
                if k.startswith("data-") and k not in ("data-rank", "data-shade")
            )
            for circle in g.iterfind(".//{*}circle"):
                centre = f"{circle.get('cx')},{circle.get('cy')}"
                badges.append((str(i), centre, rank, "".join(g.itertext()).strip()))
    return marked, badges


def listed(view: GameView) -> list[tuple[int, str]]:
    """Each move the hint's words name, in their order: (rank, notation), from the list's
    items and the moves named in an "About equally good" line."""
    out = []
    for item in re.findall(r'<li class="sg-hint".*?</li>', view.hint_list.value, flags=re.S):
        named = re.findall(r'class="sg-hint-move" data-rank="(\d+)" data-move="([^"]*)"', item)
        head = re.findall(r'^<li class="sg-hint" data-rank="(\d+)" data-move="([^"]*)"', item)
        out += [(int(rank), html.unescape(move)) for rank, move in named or head]
    return out


@pytest.mark.parametrize("game", sorted(HINTED))
def test_each_ring_on_the_board_carries_the_number_of_the_suggestion_the_words_name(
    game: str,
) -> None:
    view, found = hinted(game)
    assert len(found) == view.hint_top
    rings_follow_the_words(view, found)
    # moves told apart by none share a line: "About equally good: X, Y and 3 more ringed..."
    alike = [dataclasses.replace(s, equally_good=True) for s in found]
    view.show_suggestions(alike)
    assert "3 more ringed on the board" in text(view.hint_list)
    rings_follow_the_words(view, alike)


def rings_follow_the_words(view: GameView, found: list[sg.ai.Suggestion]) -> None:
    """Ring k sits on the move of the k-th suggestion the words name, its number readable."""
    # the words: every move named, best first, each the suggestion of its rank
    words = text(view.hint_list)
    unnamed = sum(int(n) for n in re.findall(r"(\d+) more ringed on the board", words))
    said = listed(view)
    assert [rank for rank, _ in said] == list(range(1, len(found) - unnamed + 1)), said
    for rank, move in said:
        assert move == str(found[rank - 1].move)
        assert view.state.move_name(found[rank - 1].move) in words
    # the board: ring k on the move of the k-th suggestion, and on nothing its line does not
    marked, badges = rings(view)
    assert sorted(marked) == list(range(1, len(found) + 1))
    for k, s in enumerate(found, 1):
        assert where(str(s.move)) <= marked[k], (k, str(s.move), marked[k])
        line = set().union(*(where(step.move) for step in s.line if step.player >= 0))
        assert marked[k] <= where(str(s.move)) | line, (k, str(s.move), marked[k])
    assert all(sign == str(rank) for _, _, rank, sign in badges)
    spots = [(board, centre) for board, centre, _, _ in badges]
    assert len(spots) == len(set(spots)), "a number hidden under another's"


def test_extra_glass_rings_both_panes_of_its_line_with_its_number() -> None:
    view, found = hinted("walls_of_light")
    k, extra = next((k, s) for k, s in enumerate(found, 1) if str(s.move) == "card extra")
    mover = view.state.current_player
    panes = []
    for step in extra.line:  # the card's turn: the panes its player places after it
        if step.player != mover:
            break
        panes.append(step.move)
    assert len(panes) == 2 and all(p.startswith("place ") for p in panes), panes
    marked, badges = rings(view)
    spaces = {p.split()[-1] for p in panes}
    assert {("data-space", frozenset([s])) for s in spaces} <= marked[k], marked[k]
    assert ("data-card", frozenset(["extra"])) in marked[k]
    ringed = [sign for _, _, rank, sign in badges if rank == k]
    assert ringed == [str(k)] * 3  # the card in the hand and both panes, the same number
