"""Cathedral's own search (``stainedglass/cathedral/search.py``): its lean position keeps the
rules exactly, and near the end it plays perfectly."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.ai.tournament import parse_bot
from stainedglass.cathedral.pieces import FULL, SIDES, SIZES
from stainedglass.cathedral.search import (
    CathedralSearch,
    Position,
    _grown,
    _live,
    _one_ply,
    evaluate,
)
from stainedglass.core import TERMINAL

GAME = sg.load("cathedral")


def random_game(seed: int, moves: int) -> sg.State:
    """``moves`` random moves from ``seed`` (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = GAME.new_game(seed=seed)
    while not state.is_terminal() and len(state.history) < moves:
        state.play(rng.choice(state.legal_moves()))
    return state


def _captures(state: sg.State, move: sg.Move) -> bool:
    """Whether ``move`` captures a building (the state is left as it was)."""
    state.play(move)
    found = bool(state.last_captures)
    state.undo()
    return found


@pytest.mark.parametrize("seed", range(12))
def test_the_search_position_keeps_the_rules_move_by_move(seed: int) -> None:
    # the same legal placements, territory, captures (supply), turn and end as the rules
    rng = random.Random(seed)
    state = GAME.new_game(seed=seed)
    pos = Position(state)
    while not state.is_terminal():
        legal = state.legal_moves()
        assert sorted(map(str, legal)) == sorted(str(pos.move_of(c)) for c in pos.legal())
        move = rng.choice(legal)
        pos.make(pos.code_of(move))
        state.play(move)
        fresh = Position(state)
        assert (
            pos.occ,
            pos.terr,
            pos.supply,
            pos.to_move,
            pos.cathedral,
            pos.zob,
            pos.margin(),
        ) == (
            fresh.occ,
            fresh.terr,
            fresh.supply,
            fresh.to_move,
            fresh.cathedral,
            fresh.zob,
            fresh.margin(),
        )
        # both sides' placements, kept up to date move by move, are those a position made
        # afresh finds in the whole table
        assert [pos.placements(s) for s in (0, 1)] == [fresh.placements(s) for s in (0, 1)]
    assert pos.to_move == TERMINAL
    assert pos.margin() == state.scores()[1] - state.scores()[0]
    assert evaluate(pos) == pos.margin()  # exact at the end
    while pos._stack:
        pos.unmake()
    assert pos.key() == Position(GAME.new_game(seed=seed)).key()


def test_the_search_position_keeps_the_rules_through_captures() -> None:
    # a claim looks only at the regions next to the new building, and at every region after
    # the other side captured (a region merged, or lost a building): games that capture
    # whenever they can, checked against the rules after every move
    captures = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed)
        pos = Position(state)
        while not state.is_terminal():
            legal = state.legal_moves()
            rng.shuffle(legal)
            # the first move that captures, if one does
            move = next((m for m in legal[:60] if _captures(state, m)), legal[0])
            pos.make(pos.code_of(move))
            state.play(move)
            captures += len(state.last_captures)
            fresh = Position(state)
            assert (pos.occ, pos.terr, pos.supply, pos.to_move, pos.cathedral) == (
                fresh.occ,
                fresh.terr,
                fresh.supply,
                fresh.to_move,
                fresh.cathedral,
            )
            # after a capture the placements come from the whole table again
            assert [pos.placements(s) for s in (0, 1)] == [fresh.placements(s) for s in (0, 1)]
    assert captures >= 10


def best_margin(state: sg.State, budget: list[int]) -> int:
    """Exhaustive minimax over the rules engine: the final margin (Dark's unplaced squares
    minus Light's) with both sides playing their best."""
    if state.is_terminal():
        score = state.scores()
        return score[1] - score[0]
    budget[0] -= 1
    if budget[0] < 0:
        raise OverflowError
    light = state.current_player == 0
    values = []
    for move in state.legal_moves():
        state.play(move)
        values.append(best_margin(state, budget))
        state.undo()
    return max(values) if light else min(values)


def small_endgames(count: int) -> list[sg.State]:
    """Late positions from random games, each the first of its game whose whole game tree
    is small (and which offers a choice)."""
    found = []
    for seed in range(200):
        rng = random.Random(seed)
        state = GAME.new_game(seed=seed)
        while not state.is_terminal():
            if state.cathedral_state != "unplaced" and 1 < len(state.legal_moves()) <= 12:
                try:
                    best_margin(state.clone(), [3000])
                except OverflowError:
                    pass
                else:
                    found.append(state)
                    break
            state.play(rng.choice(state.legal_moves()))
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} small endgames")


def test_near_the_end_the_search_plays_perfectly() -> None:
    # "an exact end-game solver once few placements remain": the move chosen keeps the best
    # margin that exhaustive minimax over the rules finds, and it says win, draw or loss
    for state in small_endgames(8):
        best = best_margin(state.clone(), [10**6])
        light = state.current_player == 0
        bot = CathedralSearch(depth=12, seed=0)
        top = bot.analyse(state, top=1)[0]
        after = state.clone()
        after.play(top.move)
        assert best_margin(after, [10**6]) == best, str(state)
        mine = best if light else -best
        assert top.value == (1.0 if mine > 0 else 0.0 if mine < 0 else 0.5)


class StopAfter:
    """A stop flag that is set once it has been looked at ``looks`` times, and counts the looks
    after that."""

    def __init__(self, looks: int) -> None:
        self.looks, self.after = looks, 0

    def is_set(self) -> bool:
        self.looks -= 1
        self.after += self.looks < 0
        return self.looks < 0


def test_the_search_stops_when_asked_with_a_legal_move() -> None:
    """Asked to stop midway through a search its clock (30 s) would let run on, it stops at
    once, looking at the flag a few times more as it unwinds, and answers a legal move."""
    state = random_game(3, moves=8)
    stop = StopAfter(2000)
    bot = CathedralSearch(budget=30.0, seed=1, stop=stop)
    move = bot.choose(state)
    assert 1 <= stop.after <= 5 and move in state.legal_moves()


def test_the_cathedral_search_is_a_bot_for_cathedral_only() -> None:
    assert "cathedral" in sg.ai.bot_names("cathedral")
    assert "cathedral" not in sg.ai.bot_names("walls_of_light")
    bot = sg.ai.bot("cathedral", budget=0.2, seed=1)
    with pytest.raises(ValueError, match="the cathedral bot plays cathedral, not walls_of_light"):
        bot.choose(sg.load("walls_of_light").new_game(seed=1))
    with pytest.raises(ValueError, match="depth= must be a whole number"):
        sg.ai.bot("cathedral", depth=0).choose(GAME.new_game())
    with pytest.raises(ValueError, match="nodes= must be a whole number, 1 or more"):
        sg.ai.bot("cathedral", nodes=0)


@pytest.mark.parametrize("name", ["cathedral", "alphabeta"])
def test_a_budget_of_nodes_is_reproducible(name: str) -> None:
    # a review's "same record, same playouts, same seed: the same review" rests on this
    state = random_game(5, moves=9)
    runs = []
    for _ in range(2):
        bot = sg.ai.bot(name, nodes=600, seed=4)
        ranked = bot.analyse(state, top=3)
        runs.append(([(str(c.move), c.value, c.support) for c in ranked], bot.nodes))
    assert runs[0] == runs[1]
    assert 600 <= runs[0][1] <= 601  # it stopped at its budget, not at the clock


def test_the_search_goes_deeper_with_more_nodes() -> None:
    state = random_game(6, moves=10)
    shallow, deep = (sg.ai.bot("cathedral", nodes=n, seed=1) for n in (50, 5000))
    shallow.analyse(state, top=1)
    deep.analyse(state, top=1)
    assert deep.depth_reached > shallow.depth_reached


def test_each_hint_says_how_deep_its_own_value_was_searched() -> None:
    # past two plies only the most promising root moves are searched deeper; the rest keep an
    # earlier depth's value, and their hints say so rather than claim the deepest depth
    state = random_game(7, moves=6)
    bot = sg.ai.bot("cathedral", depth=3, seed=2)
    ranked = bot.analyse(state)
    deeper = 3 * bot.options["width"]  # the root moves searched past two plies
    assert bot.depth_reached == 3 and len(ranked) > deeper
    assert [c.support for c in ranked[:deeper]] == [3] * 36
    assert {c.support for c in ranked[deeper:]} == {2}


def test_answers_widens_the_other_sides_answers_to_each_root_move() -> None:
    # an answer whose point shows a move later can rank low one ply deep: ``answers`` searches
    # more of them right after the root's moves, and leaves the other plies at ``width``
    # (four plies: the answers are then searched three deep, by the search's own loop; two
    # plies or less above the horizon the core searches a node whole, with the same widths)
    state = random_game(8, moves=6)
    widths: dict[int | None, dict[int, int]] = {}
    for answers in (0, 30, None):  # None: the hint search as shipped (36)
        bot = sg.ai.bot(
            "cathedral", depth=4, seed=1, **({} if answers is None else {"answers": answers})
        )
        seen: dict[int, int] = {}
        ordered = bot._ordered

        def spy(pos, depth, tt_code, ply, sign, ordered=ordered, seen=seen):  # type: ignore
            first, later = ordered(pos, depth, tt_code, ply, sign)
            codes = first + later()  # (the search asks for the rest only when it needs them)
            if depth >= 2:  # (one ply above the horizon, every last answer is searched)
                seen[ply] = max(seen.get(ply, 0), len(codes))
            return codes, lambda: []

        bot._ordered = spy
        bot.analyse(state)
        widths[answers] = seen
    assert widths[0][1] <= 12 + 3  # (the table's move and two killers may come first)
    assert widths[30][1] >= 30 and widths[None][1] >= 36
    assert len(state.legal_moves()) > 36


def test_once_every_line_ends_the_game_the_search_stops_deepening() -> None:
    # going deeper past the end of every line sees nothing new: it answers at once instead of
    # searching the same lines again until its budget is spent
    for state in small_endgames(4):
        bot = sg.ai.bot("cathedral", nodes=10**6, seed=0, solve=0)  # the search, not solved
        bot.analyse(state)
        assert bot.nodes < 10**5
        assert bot.depth_stats[-1][3]  # the last depth was searched to the end
        assert len(bot.depth_stats) <= 12


def test_the_weight_of_ones_own_room_is_an_option() -> None:
    # room= weighs each free square of one's own territory (0.3 squares by default); a
    # researcher can try another weight by name, e.g. cathedral:room=1.0
    def ranked(state: sg.State, **options: float) -> list[tuple[str, float]]:
        bot = sg.ai.bot("cathedral", nodes=1500, seed=3, **options)
        return [(str(c.move), c.value) for c in bot.analyse(state, top=5)]

    for seed, moves in ((8, 6), (8, 7)):
        state = random_game(seed, moves=moves)
        assert ranked(state) == ranked(state, room=0.3) != ranked(state, room=1.0)
    with pytest.raises(ValueError, match="room= must be a number from 0 to 10"):
        sg.ai.bot("cathedral", room=-1)


def test_past_two_plies_the_search_deepens_two_at_a_time() -> None:
    # a depth at which the bot moves last lets it play a move the other side could answer:
    # so every finished depth ends with the other side's answer (even=False: one at a time);
    # a depth asked for by name is searched still, odd or not
    state = random_game(6, moves=10)
    finished = {}
    for even in (True, False):
        bot = sg.ai.bot("cathedral", nodes=30_000, seed=1, even=even)
        bot.analyse(state, top=1)
        finished[even] = [d for d, _, _, done in bot.depth_stats if done]
    assert finished[True][:2] == [2, 4] and all(d % 2 == 0 for d in finished[True])
    assert finished[False][:3] == [2, 3, 4]
    bot = sg.ai.bot("cathedral", depth=3, seed=2)
    bot.analyse(state, top=1)
    assert [d for d, *_ in bot.depth_stats] == [2, 3] and bot.depth_reached == 3


def test_with_partial_a_depth_cut_short_still_counts_for_the_moves_it_finished() -> None:
    # the clock stops depth 4 part way: by default the bot plays by depth 2; with partial it
    # plays by the root moves depth 4 finished, the last best first among them, so the move
    # chosen is the last best or one depth 4 proved better than it
    state = random_game(6, moves=10)
    full = sg.ai.bot("cathedral", depth=4, seed=1)
    full.analyse(state, top=1)
    (_, two, _, _), (_, four, _, _) = full.depth_stats
    budget = two + (3 * four) // 4  # nodes: depth 2 and three quarters of depth 4
    ranked = {}
    for partial in (False, True):
        bot = sg.ai.bot("cathedral", nodes=budget, seed=1, partial=partial)
        ranked[partial] = bot.analyse(state)
        assert [(d, done) for d, _, _, done in bot.depth_stats] == [(2, True), (4, False)]
        assert bot.depth_reached == 2
    assert {c.support for c in ranked[False]} == {2}
    last_best = ranked[False][0].move
    finished = {c.move: c for c in ranked[True] if c.support == 4}
    assert 1 < len(finished) < len(ranked[True])
    assert ranked[True][0].support == 4 and last_best in finished
    assert ranked[True][0].value >= finished[last_best].value


def test_late_placements_are_searched_shallower_first_and_every_line_still_ends_with_an_answer() -> (
    None
):
    # late move reductions: from the third placement searched at a node on, a first search two
    # plies shallower, and the full depth only for a placement that then beats the best; the
    # same depth costs fewer nodes, and two plies keep every line ending with the other side's
    # answer (at each leaf the searching side is to move again)
    state = random_game(6, moves=10)
    me = state.to_move
    nodes: dict[int, int] = {}
    leaves: dict[int, set[int]] = {}
    depths: dict[int, set[int]] = {}
    for reduce in (0, 2):
        bot = sg.ai.bot("cathedral", depth=4, seed=1, reduce=reduce)
        seen: set[int] = set()
        at: set[tuple[int, int]] = set()  # (depth asked of the answer above, of this node)
        above = [0]
        pvs = bot._pvs

        def spy(
            pos,
            depth,
            alpha,
            beta,
            sign,
            ply,
            pvs=pvs,
            seen=seen,
            at=at,  # type: ignore
            above=above,
        ):
            if depth <= 0 and pos.to_move != TERMINAL:
                seen.add(pos.to_move)
            elif depth == 1 and pos.to_move != TERMINAL:
                # one or two plies above the horizon the core searches a node whole: its
                # leaves have the other side to move, or (two plies) the same side
                seen.add(1 - pos.to_move)
            elif depth == 2 and pos.to_move != TERMINAL:
                seen.add(pos.to_move)
            if ply == 1:
                above[0] = depth
            elif ply == 2:
                at.add((above[0], depth))
            return pvs(pos, depth, alpha, beta, sign, ply)

        bot._pvs = spy
        assert bot.analyse(state, top=1)[0].move in state.legal_moves()
        nodes[reduce], leaves[reduce] = bot.nodes, seen
        depths[reduce] = {d for a, d in at if a == 3}  # depth 4: what the answers' answers get
    assert leaves[0] == leaves[2] == {me}
    assert nodes[2] < nodes[0]
    assert depths[0] == {2} and depths[2] == {2, 0}  # 3 - 1, or 3 - 1 - 2 first
    with pytest.raises(ValueError, match="reduce= must be"):
        sg.ai.bot("cathedral", reduce=-2)


def result_of(margin: int, light: bool) -> int:
    """Win (1), draw (0) or loss (-1) for the side to move, from the final margin."""
    mine = margin if light else -margin
    return (mine > 0) - (mine < 0)


def test_once_few_squares_are_free_the_game_is_solved_move_by_move() -> None:
    # "an exact end-game solver once few placements remain": with few squares free the search
    # first proves each move's result (win, draw or loss, both sides at their best), as
    # exhaustive minimax over the rules finds it; the hint says "solved" (solve=100: however
    # many squares are open, as these trees are small)
    for state in small_endgames(8):
        light = state.current_player == 0
        bot = sg.ai.bot("cathedral", nodes=10**6, seed=0, solve=100)
        ranked = bot.analyse(state)
        assert bot.exact and len(bot.solved) == len(state.legal_moves())
        for c in ranked:
            after = state.clone()
            after.play(c.move)
            result = result_of(best_margin(after, [10**6]), light)
            assert bot.solved[bot_code(state, c.move)][0] == result
            assert c.value == (result + 1) / 2 and c.unit == "positions solved"
        assert [c.value for c in ranked] == sorted((c.value for c in ranked), reverse=True)


def bot_code(state: sg.State, move: sg.Move) -> int:
    return Position(state).code_of(move)


def test_a_hint_never_gives_away_a_result_the_solver_proved() -> None:
    # choosing one move, the search picks among those that keep the best result; a move that
    # throws away a win or a draw is proved worse, and never played
    for state in small_endgames(8):
        light = state.current_player == 0
        best = result_of(best_margin(state.clone(), [10**6]), light)
        move = sg.ai.bot("cathedral", nodes=10**6, seed=0, solve=100).choose(state)
        after = state.clone()
        after.play(move)
        assert result_of(best_margin(after, [10**6]), light) == best


def test_the_solver_waits_for_few_free_squares_and_its_budget() -> None:
    # solve= is how few free squares the search waits for (0: never); a solve the budget cuts
    # short is dropped, and the search still answers with a legal move
    state = random_game(6, moves=10)  # the middle of a game: far too many squares free
    bot = sg.ai.bot("cathedral", nodes=2000, seed=1)
    bot.analyse(state, top=1)
    assert bot.solved == {} and not bot.exact
    end = small_endgames(2)[1]  # 13 squares open to a building: solved by default
    assert _live(Position(end)) == 13
    default = sg.ai.bot("cathedral", nodes=10**6, seed=1)
    default.analyse(end)
    assert len(default.solved) == len(end.legal_moves()) and default.exact
    never = sg.ai.bot("cathedral", nodes=10**6, seed=1, solve=0)
    never.analyse(end)
    assert never.solved == {}
    tiny = sg.ai.bot("cathedral", nodes=4, seed=1)  # half of 4 nodes proves nothing
    assert tiny.choose(end) in end.legal_moves() and tiny.solved == {}
    with pytest.raises(ValueError, match="solve= must be a whole number"):
        sg.ai.bot("cathedral", solve=-1)


def test_a_solve_cut_short_still_uses_the_moves_it_proved() -> None:
    # a budget too small for the whole proof still proves some root moves (the likeliest
    # first): they hold what exhaustive minimax finds (below the best proved, possibly a bound:
    # no better than that); a proved win is played, and a move proved worse than another is
    # left out (a move not proved may still win)
    met = set()
    for state in small_endgames(8):
        light = state.current_player == 0
        whole = sg.ai.bot("cathedral", nodes=10**7, seed=0, solve=100)
        whole.analyse(state, top=1)
        for nodes in range(2, 2 * whole.nodes, max(1, whole.nodes // 6)):
            bot = sg.ai.bot("cathedral", nodes=nodes, seed=0, solve=100)
            move = bot.choose(state)
            if bot.solved or not bot.proved:
                continue
            best = max(v for v, _ in bot.proved.values())
            for code, (value, _) in bot.proved.items():
                after = state.clone()
                after.play(Position(state).move_of(code))
                result = result_of(best_margin(after, [10**6]), light)
                assert result == value if value == best else result <= value
            chosen = bot.proved.get(bot_code(state, move), (None, 0))[0]
            if best == 1:
                assert chosen == 1
            else:
                assert chosen is None or chosen == best > -1
            met.add(best)
    assert met >= {1, -1}  # both a proved win and proved losses were met


def test_prove_gives_each_moves_result_as_exhaustive_minimax_does() -> None:
    # prove() is the solver on its own, for the AI lab and the proved positions in benchmarks/:
    # every legal move's result for the side to move, as minimax over the rules finds it; a
    # budget too small for the proof gives None, and a position before the Cathedral a
    # ValueError saying so
    for state in small_endgames(4):
        light = state.current_player == 0
        results = sg.ai.bot("cathedral").prove(state)
        assert results is not None and set(results) == set(state.legal_moves())
        for move, result in results.items():
            after = state.clone()
            after.play(move)
            assert result == result_of(best_margin(after, [10**6]), light)
    assert sg.ai.bot("cathedral").prove(small_endgames(2)[1], nodes=3) is None
    with pytest.raises(ValueError, match="the Cathedral placed"):
        sg.ai.bot("cathedral").prove(sg.load("cathedral").new_game())


def _only_their_own(state: sg.State) -> tuple[int, int]:
    """Each side's (Light's, Dark's) unsafe squares and exclusive squares, counted from the
    rules' own placements, square by square: the definitions in words, without numpy."""
    legal = {
        side: [SIDES[side].moves[i] for i in state._candidates(side).tolist()] for side in (0, 1)
    }
    cover = dict.fromkeys((0, 1), 0)
    for side in (0, 1):
        for m in legal[side]:
            cover[side] |= m.mask
    unsafe, excl = [0, 0], [0, 0]
    for side in (0, 1):
        only = cover[side] & ~cover[1 - side]
        excl[side] = only.bit_count()
        for piece, count in enumerate(state.supply[side]):
            spots = [m for m in legal[side] if m.piece == piece]
            if count and spots and not any(m.mask & ~only == 0 for m in spots):
                unsafe[side] += count * SIZES[piece]
    return unsafe[1] - unsafe[0], excl[0] - excl[1]


@pytest.mark.parametrize("seed", range(6))
def test_the_evaluation_weighs_squares_only_one_side_can_still_cover(seed: int) -> None:
    # excl= weighs each free square only one side's remaining buildings can still cover (room
    # no one can take from it); unsafe= each square of a building that still fits somewhere,
    # but nowhere on such squares of its own side (the other side may yet take every spot);
    # from Light's view, as every term of the evaluation
    state = random_game(seed, moves=8 + seed)
    pos = Position(state)
    unsafe, excl = _only_their_own(state)
    plain = evaluate(pos, 0.3, 0.0, 0.0)
    assert evaluate(pos, 0.3, 0.5, 0.0) == pytest.approx(plain + 0.5 * excl)
    assert evaluate(pos, 0.3, 0.0, 2.0) == pytest.approx(plain + 2.0 * unsafe)
    with pytest.raises(ValueError, match="unsafe="):
        sg.ai.bot("cathedral", unsafe=-1)


def _fragile_by_rules(state: sg.State) -> float:
    """Dark's fragile squares minus Light's, counted from the rules' own placements: each
    building still in the supply that fits somewhere, its squares times 2 / (2 + its spots)."""
    risk = [0.0, 0.0]
    for side in (0, 1):
        legal = [SIDES[side].moves[i] for i in state._candidates(side).tolist()]
        for piece, count in enumerate(state.supply[side]):
            spots = sum(1 for m in legal if m.piece == piece)
            if count and spots:
                risk[side] += count * SIZES[piece] * 2 / (2 + spots)
    return risk[1] - risk[0]


@pytest.mark.parametrize("seed", range(4))
def test_the_evaluation_can_weigh_buildings_with_few_spots_left(seed: int) -> None:
    # fragile= weighs each square of a building that still fits, by how few spots it has
    # left: 2 / (2 + spots), so a building with one spot counts two thirds of one that fits
    # nowhere (the other side may take that spot); mobility= is the weight of room to move
    state = random_game(seed, moves=10 + 3 * seed)
    pos = Position(state)
    plain = evaluate(pos)
    assert evaluate(pos, fragile=1.5) == pytest.approx(plain + 1.5 * _fragile_by_rules(state))
    lit, dim = len(state._candidates(0)), len(state._candidates(1))
    mobility = math.log1p(lit) - math.log1p(dim)
    assert evaluate(pos, mobility=4.0) - evaluate(pos, mobility=0.0) == pytest.approx(
        4.0 * mobility
    )
    with pytest.raises(ValueError, match="fragile= must be a number from 0 to 10"):
        sg.ai.bot("cathedral", fragile=11)
    with pytest.raises(ValueError, match="mobility="):
        sg.ai.bot("cathedral", mobility=-1)


def test_a_position_made_in_the_middle_of_a_game_claims_as_the_rules_do() -> None:
    # a claim looks only at the regions next to the new building once every region holds two
    # or more of the other side's buildings or is all the side's territory: a position made
    # in the middle of a game starts so (its first claim need not look at the whole city),
    # and games that capture whenever they can then keep the rules move by move
    settled = 0
    for seed in range(8):
        rng = random.Random(100 + seed)
        state = random_game(100 + seed, moves=8 + seed)
        pos = Position(state)
        settled += pos._whole == (False, False)
        while not state.is_terminal():
            legal = state.legal_moves()
            rng.shuffle(legal)
            move = next((m for m in legal[:40] if _captures(state, m)), legal[0])
            pos.make(pos.code_of(move))
            state.play(move)
            fresh = Position(state)
            assert (pos.occ, pos.terr, pos.supply, pos.to_move, pos.cathedral) == (
                fresh.occ,
                fresh.terr,
                fresh.supply,
                fresh.to_move,
                fresh.cathedral,
            )
    assert settled >= 6


@pytest.mark.parametrize("made_after", [1, 3])
def test_a_first_building_claims_nothing_and_the_second_claims_what_it_closed_off(
    made_after: int,
) -> None:
    # rule 2 (RULES.md): "The first round claims nothing: the Cathedral and each side's first
    # building". Dark's inn closes off a1 in the corner and claims nothing; Dark's next
    # building, anywhere, claims it. The same whether the search's position was made before
    # Dark's first building or after it
    moves = ["cathedral e4 d5 e5 f5 e6 e7", "inn b1 a2 b2", "tavern j10", "tavern h8"]
    state = GAME.new_game()
    for move in moves[:made_after]:
        state.play(move)
    pos = Position(state)
    for move in moves[made_after:]:
        parsed = state.parse_move(move)
        pos.make(pos.code_of(parsed))
        state.play(parsed)
        assert pos.terr == Position(state).terr
    a1 = 1 << 0
    assert state.terr[1] & a1 and pos.terr[1] & a1
    state.undo()
    assert not state.terr[1] & a1  # the inn alone did not claim it


def test_a_move_that_claims_nothing_brings_both_sides_placements_up_to_date_at_once() -> None:
    # the hot path: a building that closes nothing off takes its squares out of both sides'
    # placements as it is made (one step a side), so that neither side's placements wait
    # for the squares it covers to be taken out one by one; they are those the rules give
    state = GAME.new_game()
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    state.play("castle a1 b1 c1 a2 c2")
    pos = Position(state)
    for side in (0, 1):
        pos.placements(side)
    code = next(c for c in pos.legal().tolist() if pos.move_of(c).mask & (1 << 99))
    move = pos.move_of(code)
    pos.make(code)  # a building in the far corner, on j10: it closes nothing off
    state.play(move)
    assert not state.last_claim
    fresh = Position(state)
    taken = pos.occ[0] | pos.occ[1] | pos.occ[2]
    for side in (0, 1):
        bits, blocked, _ = pos._cand[side]
        assert blocked == taken | pos.terr[1 - side]  # brought up to date by the move itself
        assert bits == fresh.placements(side)


def test_a_claim_stops_growing_a_region_once_two_buildings_stand_in_it() -> None:
    # the claim rule takes a region only when at most one other building stands in it: the
    # search's claim stops flooding a region as soon as it holds more squares of other
    # buildings than the biggest building has (the Cathedral's six), and leaves it unclaimed;
    # a region round one building is grown to its walls and claimed
    def square(name: str) -> int:
        return 1 << ((int(name[1:]) - 1) * 10 + "abcdefghij".index(name[0]))

    def squares(names: str) -> int:
        return sum(square(n) for n in names.split())

    corner = squares("a1 b1 c1 a2 b2 c2 a3 b3 c3")  # walled off by the side's buildings
    part, closed = _grown(square("a1"), corner, squares("b2 c2"))  # one building: claimed
    assert closed and part == corner
    part, closed = _grown(square("a1"), corner, squares("b1 c1 b2 c2 a3 b3 c3"))
    assert not closed  # seven squares of other buildings: two of them at least
    spread = squares("c1 b3 d2 a5 e1 c4 f2 j10")  # the open city with eight of them
    part, closed = _grown(square("a1"), FULL, spread)
    assert not closed and not part & square("j10")  # it stopped long before the far corner
    assert (part & spread).bit_count() > max(SIZES)
    part, closed = _grown(square("a1"), FULL, squares("c3 h2"))
    assert closed and part == FULL


def test_the_ranking_waits_until_the_table_move_and_the_killers_are_searched() -> None:
    # ranking a node's placements one ply deep costs a move made and a position weighed for
    # each: the search asks for it only when the table's move and the killers did not cut the
    # node off, which they mostly do; the moves chosen are the same either way
    # (20,000 nodes: four plies, so that nodes three plies above the horizon are searched by
    # the search's own loop; nearer, the core searches a node whole, as lazily)
    state = random_game(8, moves=10)
    bot = sg.ai.bot("cathedral", nodes=20_000, seed=1, solve=0)
    calls = {"ordered": 0, "ranked": 0}
    ordered = bot._ordered

    def spy(pos, depth, tt_code, ply, sign):  # type: ignore
        first, later = ordered(pos, depth, tt_code, ply, sign)
        calls["ordered"] += 1
        assert len(first) == len(set(first)) <= 3  # the table's move, two killers: each once

        def counted() -> list[int]:
            calls["ranked"] += 1
            rest = later()
            assert not set(rest) & set(first)
            return rest

        return first, counted

    bot._ordered = spy
    lazy = [(str(c.move), c.value) for c in bot.analyse(state, top=3)]
    assert 0 < calls["ranked"] < 0.8 * calls["ordered"]
    eager = sg.ai.bot("cathedral", nodes=20_000, seed=1, solve=0)
    ordered_eagerly = eager._ordered

    def at_once(pos, depth, tt_code, ply, sign):  # type: ignore
        first, later = ordered_eagerly(pos, depth, tt_code, ply, sign)
        rest = later()
        return first, lambda: rest

    eager._ordered = at_once
    assert [(str(c.move), c.value) for c in eager.analyse(state, top=3)] == lazy


def test_the_values_one_ply_deep_are_kept_for_the_next_visit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the search comes back to a position at each depth: the values one ply deep found there
    # are kept, and the second ranking weighs no position again, with the same order
    state = random_game(9, moves=9)
    pos = Position(state)
    codes = pos.legal().tolist()[:30]
    weights = CathedralSearch()._evaluation_weights()  # the defaults
    known: dict[int, float] = {}
    first = _one_ply(pos, codes, 1.0, weights, known)
    assert sorted(known) == sorted(codes)
    fresh = _one_ply(pos, codes, 1.0, weights)

    def refuse(*args, **kwargs):  # type: ignore
        raise AssertionError("weighed again")

    monkeypatch.setattr("stainedglass.cathedral.search.evaluate", refuse)
    assert _one_ply(pos, codes, 1.0, weights, known) == first == fresh


# ---- the search on the analysis core (core_search.py) ------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_core_position_keeps_the_python_positions_answers_move_by_move(seed: int) -> None:
    # the search runs on the core (CorePosition): at every ply of a random game its legal
    # placements, turn, margin, evaluation (every weight), moves weighed one ply deep, cheap
    # ranking, solver's order and live squares are those of the Python position it replaced
    from stainedglass.cathedral.core_search import CorePosition

    rng = random.Random(seed)
    state = GAME.new_game(seed=seed)
    core, python = CorePosition(state), Position(state)
    weights = [(0.3, 0.0, 0.0, 2.0, 0.0), (0.5, 0.7, 1.5, 1.0, 2.0)]
    history = np.arange(2200, dtype=np.float64) % 7
    while not state.is_terminal():
        codes = python.legal().tolist()
        assert core.legal().tolist() == codes
        assert (core.to_move, core.cathedral, core.margin()) == (
            python.to_move,
            python.cathedral,
            python.margin(),
        )
        if python.cathedral != "unplaced":
            for w in weights:
                assert core.weigh(w) == python.weigh(w)
                assert core.values(codes[:20], -1.0, w) == python.values(codes[:20], -1.0, w)
            idx = python.legal()
            assert core.cheap(idx, history).tolist() == python.cheap(idx, history).tolist()
            for side in (0, 1):
                assert list(core.solver_order(side, codes[-1])) == list(
                    python.solver_order(side, codes[-1])
                )
            assert core.live() == python.live()
        code = rng.choice(codes)
        move = python.move_of(code)
        for pos in (core, python):
            pos.make(code)
        state.play(move)
    assert core.to_move == python.to_move == TERMINAL


def test_the_search_on_the_core_chooses_as_it_did_on_the_python_position() -> None:
    # the same algorithm, values and orders: a counted search gives the same moves, values
    # and depths on the core as on the Python position (which the benchmark keeps), searching
    # the same number of positions, in the middle game and near the end (where it solves)
    states = [random_game(seed, moves=9 + seed % 5) for seed in range(9300, 9304)]
    states += [random_game(seed, moves=24) for seed in range(9310, 9312)]
    for state in states:
        if state.is_terminal():
            continue
        found = {}
        for position in ("python", "core"):
            bot = sg.ai.bot("cathedral", nodes=12_000, seed=3, position=position)
            ranked = bot.analyse(state, top=4)
            found[position] = (
                [(str(c.move), c.value, c.support) for c in ranked],
                bot.nodes,
                bot.depth_stats,
                bot.exact,
            )
        assert found["core"] == found["python"]
    # the search as it was is kept runnable by its name, for matches against it
    name, options = parse_bot("cathedral:position=python")
    assert sg.ai.bot(name, **options).options["position"] == "python"
    with pytest.raises(ValueError, match="position"):
        sg.ai.bot("cathedral", position="fast")


def test_a_counted_search_chooses_the_same_compiled_or_not() -> None:
    # the core's compiled code and the same functions run as plain Python (numba's compiler
    # turned off, as where numba is missing) give the same moves, values and nodes: a budget
    # of nodes gives the same hint on any machine
    code = (
        "import json, random\n"
        "import stainedglass as sg\n"
        "from stainedglass.analysis import COMPILED\n"
        "out = [COMPILED]\n"
        "for seed in (9300, 9301):\n"
        "    state = sg.load('cathedral').new_game(seed=seed)\n"
        "    rng = random.Random(seed)\n"
        "    while len(state.history) < 10:\n"
        "        state.play(rng.choice(state.legal_moves()))\n"
        "    bot = sg.ai.bot('cathedral', nodes=3000, seed=3)\n"
        "    ranked = bot.analyse(state, top=3)\n"
        "    out.append([[(str(c.move), c.value) for c in ranked], bot.nodes])\n"
        "print(json.dumps(out))\n"
    )
    runs = []
    for disabled in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disabled)
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout))
    compiled, plain = runs
    assert compiled[0] is True and plain[0] is False
    assert compiled[1:] == plain[1:]
    assert all(nodes == 3001 for _, nodes in compiled[1:])
