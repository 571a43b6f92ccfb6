"""The game-agnostic AI (``stainedglass/ai``): bots, suggestions, tournaments.

Strength is measured by ``benchmarks/strength.py``, speed by ``benchmarks/bench_ai.py``; here the
bots are checked for what must always hold: legal moves, reproducibility, finding what is forced
in small built positions, never reading hidden cards.
"""

from __future__ import annotations

import contextlib
import json
import random
from concurrent.futures import Future
from typing import Any

import pytest

import stainedglass as sg
from stainedglass.core import _REGISTRY, Game, Move, State, shared_returns

from conftest import play_random, random_move

sg.games()
VARIANTS = [
    pytest.param(name, opts, id=f"{name}-{i}")
    for name in sg.games()
    for i, opts in enumerate(_REGISTRY[name].variants)
]
QUICK_BOTS = {"random": {}, "greedy": {}, "mcts": {"iterations": 40}, "alphabeta": {"depth": 1}}


def _fingerprint(state: State) -> Any:
    return (state._position(), list(state.history), state.current_player)


def _random_position(game: Game, seed: int) -> State:
    """A position some random plies into a game, at a decision (not a chance node or the end)."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(rng.randrange(0, 40)):
        if state.is_terminal():
            break
        state.play(random_move(state, rng))
    while state.is_terminal() or state.is_chance():
        if state.is_terminal():
            state.undo()
        else:
            state.play(state.sample_chance())
    return state


def _solve(state: State, me: int) -> float:
    """Exhaustive minimax: ``me``'s return under perfect play (small endgames only)."""
    if state.is_terminal():
        return state.returns()[me]
    maximizing = state.current_player == me
    best = -1.0 if maximizing else 2.0
    for move in state.legal_moves():
        state.play(move)
        value = _solve(state, me)
        state.undo()
        best = max(best, value) if maximizing else min(best, value)
        if best == (1.0 if maximizing else 0.0):
            break
    return best


def _cathedral(history: list[str]) -> State:
    state = sg.load("cathedral").new_game(seed=0)
    for text in history:
        state.play(text)
    return state


# ---- every bot, every game -------------------------------------------------------------------


@pytest.mark.parametrize("name,opts", VARIANTS)
@pytest.mark.parametrize("bot_name", sorted(QUICK_BOTS))
def test_bots_choose_only_legal_moves_and_leave_the_state_alone(name, opts, bot_name):
    game = sg.load(name, **opts)
    for seed in range(12):
        state = _random_position(game, seed)
        before = _fingerprint(state)
        move = sg.ai.bot(bot_name, seed=seed, **QUICK_BOTS[bot_name]).choose(state)
        assert move in state.legal_moves(), f"{bot_name} chose {move}, not legal (seed {seed})"
        assert _fingerprint(state) == before, f"{bot_name} changed the state it was asked about"


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_a_bot_refuses_a_finished_game(name, opts):
    state = play_random(sg.load(name, **opts).new_game(seed=3), random.Random(3))
    with pytest.raises(ValueError, match="game is over"):
        sg.ai.bot("greedy").choose(state)


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_search_is_reproducible_with_a_seed(name, opts):
    state = _random_position(sg.load(name, **opts), 5)
    for bot_name, options in (
        ("mcts", {"iterations": 150}),
        ("alphabeta", {"depth": 2}),
        ("greedy", {}),
    ):
        first = sg.ai.bot(bot_name, seed=11, **options).analyse(state, top=5)
        again = sg.ai.bot(bot_name, seed=11, **options).analyse(state, top=5)
        assert first == again, f"{bot_name} with the same seed searched differently"


def test_mcts_budget_is_iterations_or_seconds():
    state = sg.load("cathedral").new_game(seed=1)
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    bot = sg.ai.bot("mcts", iterations=60, seed=1)
    ranked = bot.analyse(state)
    assert bot.last_iterations == 60
    assert sum(c.support for c in ranked) == 60, "every playout went through one root move"


@pytest.mark.parametrize("game", ["cathedral", "sagrada"])
def test_a_games_own_search_counts_its_work_in_the_unit_it_declares(game):
    """``effort`` names the option that fixes the work: the search keeps the count under the
    same name, and a counted budget bounds it (the benchmarks read the rate from it)."""
    own = sg.ai.bot_names(game, extras=False)[len(sg.ai.BOTS) :]
    assert own[0] == game and own[-1] == "level"  # its own search first, the levels' bot last
    unit, _cost = sg.ai.bot_class(game).effort
    state = _random_position(sg.load(game), 3)
    always = {"settle": 1000} if game == "sagrada" else {}  # no skipping when the plan is clear
    bot = sg.ai.bot(game, seed=1, **always, **{unit: 40})
    bot.analyse(state)
    assert 0 < getattr(bot, unit) <= 40 + 8  # a search may finish the step it is in


class _StopAfter:
    """A stop flag that another thread would set: here it turns on at its ``n``-th look."""

    def __init__(self, n: int) -> None:
        self.n, self.looks = n, 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks >= self.n


@pytest.mark.parametrize("bot_name", ["greedy", "mcts", "alphabeta"])
def test_a_stop_flag_ends_a_long_search_with_a_legal_move(bot_name):
    """A view cancels a search it no longer needs: the bot answers at once, legally."""
    state = sg.load("cathedral").new_game(seed=1)
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    options = {} if bot_name == "greedy" else {"budget": 60.0}
    flag = _StopAfter(20)
    bot = sg.ai.bot(bot_name, seed=1, stop=flag, **options)
    ranked = bot.analyse(state, top=3)
    assert ranked and all(c.move in state.legal_moves() for c in ranked)
    assert flag.looks >= 20, "the search looked at the flag"
    if bot_name == "mcts":  # 60 s would be tens of thousands of playouts
        assert bot.last_iterations <= 20
    if bot_name == "alphabeta":
        assert bot.nodes <= 20
    hints = sg.ai.suggest(state, top=2, budget_s=60.0, seed=1, stop=_StopAfter(5))
    assert len(hints) == 2 and all(h.move in state.legal_moves() for h in hints)


def test_bad_bot_names_and_options_are_refused_by_name():
    with pytest.raises(ValueError, match="the bots are: random, greedy, mcts, alphabeta"):
        sg.ai.bot("minimax")
    with pytest.raises(ValueError, match="unknown option 'budjet'.*budget"):
        sg.ai.bot("mcts", budjet=1)
    with pytest.raises(ValueError, match="positive number of seconds"):
        sg.ai.bot("alphabeta", budget=-1)
    with pytest.raises(ValueError, match="depth"):
        sg.ai.bot("alphabeta", depth=0).choose(sg.load("cathedral").new_game(seed=1))
    with pytest.raises(ValueError, match="chance_samples= must be a whole number"):
        sg.ai.bot("greedy", chance_samples=-1)
    with pytest.raises(ValueError, match="reply_turns= must be a whole number"):
        sg.ai.bot("walls_mcts", reply_turns=1.5)
    with pytest.raises(ValueError, match="unknown option 'reply_turns'"):
        sg.ai.bot("mcts", reply_turns=1)  # a Walls of Light option: walls_mcts has it


def test_greedy_with_no_chance_samples_judges_the_chance_node_itself():
    """``chance_samples=0``: the position before the roll is judged by ``evaluate()`` (which
    Walls of Light computes from the roll's odds) instead of averaging sampled rolls."""
    from stainedglass.ai.search import expected_value

    state = sg.load("walls_of_light").new_game(seed=3)
    assert state.is_chance()
    for player in range(3):
        judged = expected_value(state, player, random.Random(1), 0)
        assert judged == state.evaluate()[player]
        assert judged != expected_value(state, player, random.Random(1), 16)


# ---- Cathedral positions built to show a point ------------------------------------------------

# Light to move, 20 squares left against Dark's 12: only capturing the lone Dark building
# walled in on the west edge wins (found by exhaustive search; checked again below).
CAPTURE = [
    "cathedral h1 h2 g3 h3 i3 h4",
    "castle f6 g6 g7 f8 g8",
    "manor c5 b6 c6 d6",
    "square i5 j5 i6 j6",
    "stable h10 i10",
    "stable b9 b10",
    "tower c7 c8 d8 d9 e9",
    "tavern g1",
    "bridge e5 f5 g5",
    "academy d2 c3 d3 e3 e4",
    "abbey a2 a3 b3 b4",
    "tavern e8",
    "stable d10 e10",
    "manor b1 c1 d1 c2",
    "tavern j2",
    "bridge h5 h6 h7",
    "tavern d5",
    "infirmary i7 h8 i8 j8 i9",
    "infirmary f1 e2 f2 g2 f3",
    "inn f9 g9 g10",
    "stable j3 j4",
    "stable i1 i2",
]
# Dark to move, 15 squares left against Light's 18, 32 placements: four of them win at once by
# ending the game (neither side can place again); the others let Light back in.
LAST_MOVE = [
    "cathedral i2 i3 h4 i4 j4 i5",
    "academy c4 c5 d5 b6 c6",
    "bridge d2 e2 f2",
    "manor d7 d8 e8 d9",
    "castle b3 c3 d3 b4 d4",
    "inn c7 b8 c8",
    "abbey g9 h9 f10 g10",
    "bridge e7 f7 g7",
    "tavern h7",
    "abbey f3 e4 f4 e5",
    "inn j7 i8 j8",
    "tavern i10",
    "inn a9 b9 a10",
    "inn a6 a7 b7",
    "tavern a4",
    "tower g5 h5 h6 i6 i7",
    "stable a2 b2",
    "stable b1 c1",
    "stable g2 h2",
    "stable i1 j1",
    "tower f8 e9 f9 d10 e10",
]


def _outcomes(state: State) -> dict[Move, float]:
    me = state.current_player
    out = {}
    for move in state.legal_moves():
        state.play(move)
        out[move] = _solve(state, me)
        state.undo()
    return out


def test_the_built_positions_show_their_point():
    """Guards the positions below: some moves win, others do not (exhaustive search)."""
    for history in (CAPTURE, LAST_MOVE):
        values = _outcomes(_cathedral(history))
        assert 1.0 in values.values() and min(values.values()) < 1.0
    capture = _cathedral(CAPTURE)
    for move, value in _outcomes(capture).items():
        capture.play(move)
        assert (value == 1.0) <= bool(capture.last_captures), f"{move} wins without capturing"
        capture.undo()
    last = _cathedral(LAST_MOVE)
    for move, value in _outcomes(last).items():
        last.play(move)
        assert (value == 1.0) <= last.is_terminal(), f"{move} wins without ending the game"
        last.undo()


@pytest.mark.parametrize(
    "bot_name,options", [("alphabeta", {"nodes": 10_000}), ("mcts", {"iterations": 400})]
)
def test_the_search_bots_find_the_forced_capture(bot_name, options):
    # counted budgets, not seconds: alphabeta's search reaches every end within 4,000 nodes
    state = _cathedral(CAPTURE)
    move = sg.ai.bot(bot_name, seed=1, **options).choose(state)
    state.play(move)
    assert state.last_captures, f"{bot_name} played {move}, which captures nothing"
    assert _solve(state, 0) == 1.0, f"{bot_name} played {move}, which does not win"


@pytest.mark.parametrize(
    "bot_name,options", [("alphabeta", {"nodes": 10_000}), ("mcts", {"iterations": 200})]
)
def test_the_search_bots_find_the_winning_last_move(bot_name, options):
    state = _cathedral(LAST_MOVE)
    state.play(sg.ai.bot(bot_name, seed=2, **options).choose(state))
    assert state.is_terminal() and state.returns()[1] == 1.0, f"{bot_name}: {state.history[-1]}"


def test_mcts_stops_once_its_choice_cannot_change():
    """With ``early_stop`` (the default) a move choice ends when no other root move can catch
    up with the most visited one in the iterations left; the choice is the one the full
    search makes, and analysis for hints (top > 1) always searches in full."""
    state = _cathedral(CAPTURE)  # one capture stands out
    quick = sg.ai.bot("mcts", iterations=3000, seed=3)
    full = sg.ai.bot("mcts", iterations=3000, seed=3, early_stop=False)
    assert quick.choose(state) == full.choose(state)
    assert quick.last_iterations < 3000 == full.last_iterations
    quick.analyse(state, top=3)
    assert quick.last_iterations == 3000


def test_walls_mcts_stops_where_chance_hands_the_turn_over(monkeypatch):
    """``walls_mcts`` (the general MCTS as it played Walls of Light before the game's own
    search), ``turn_horizon``: where chance hands the turn to another player (Walls of Light: the
    next player's roll), the tree stops. There the other players' turns are played out, each
    decision by the one-ply rule (``reply_turns``, default two rounds: the others', the
    mover's own next turn, the others' again; with ``reply_turns=2`` up to the mover's next
    turn), not grown into the tree; with ``reply_turns=0`` nobody else decides at all. Without
    the horizon the tree itself goes on into the next players' turns, as the general
    ``mcts``'s does. (On the engine, where the rule is read; the next test checks the same on
    the analysis core.)"""
    from stainedglass.walls_of_light.mcts import WallsMCTS as MCTSBot
    from stainedglass.walls_of_light.game import WallsOfLightState

    deciders: set[int] = set()
    decisions = WallsOfLightState._decisions

    def spy(self):
        deciders.add(self.to_move)
        return decisions(self)

    monkeypatch.setattr(WallsOfLightState, "_decisions", spy)
    state = sg.load("walls_of_light", players=3).new_game(seed=3)
    state.play(state.sample_chance())
    me = state.current_player
    sg.ai.bot("walls_mcts", iterations=400, seed=1, core=False, reply_turns=0).choose(state)
    assert deciders == {me}

    replied: set[int] = set()
    one_ply = MCTSBot._one_ply_best

    def reply_spy(s, player):
        replied.add(player)
        return one_ply(s, player)

    monkeypatch.setattr(MCTSBot, "_one_ply_best", staticmethod(reply_spy))
    deciders.clear()
    sg.ai.bot("walls_mcts", iterations=400, seed=1, core=False, reply_turns=2).choose(state)
    assert replied == {0, 1, 2} - {me}, "both others answer; the mover never by the rule"
    assert deciders == {0, 1, 2}
    replied.clear()
    sg.ai.bot("walls_mcts", iterations=400, seed=1, core=False).choose(state)
    assert replied == {0, 1, 2}, "by default the mover's own next turn is played out too"
    deciders.clear()
    sg.ai.bot(
        "walls_mcts", iterations=400, seed=1, core=False, turn_horizon=False, reply_turns=0
    ).choose(state)
    assert deciders - {me}, "without the horizon the search plays the next players' turns too"
    deciders.clear()
    sg.ai.bot("mcts", iterations=400, seed=1, core=False).choose(state)
    assert deciders - {me}, "the general mcts has no horizon of one game's turns"


def test_walls_mcts_on_the_core_plays_the_next_turns_out_where_chance_hands_the_turn_over(
    monkeypatch,
):
    """The same horizon on the analysis core: each visit of a leaf where the turn passes plays
    out ``2 * players - 1`` turns (``reply_turns``) by the core's ``turns_value``, on the rolls
    drawn for that visit; with ``reply_turns=0`` none is played out, and without the horizon
    the core never stops there."""
    from stainedglass.walls_of_light.simulator import WallsOfLightSimulator

    turns: list[int] = []
    value = WallsOfLightSimulator.turns_value

    def spy(self, s, mover, quantiles, rng):
        turns.append(len(quantiles))
        return value(self, s, mover, quantiles, rng)

    state = sg.load("walls_of_light", players=3).new_game(seed=3)
    state.game.simulator()  # the core made and loaded before the spy listens
    monkeypatch.setattr(WallsOfLightSimulator, "turns_value", spy)
    state.play(state.sample_chance())
    bot = sg.ai.bot("walls_mcts", iterations=300, seed=1)
    bot.choose(state)
    assert turns and set(turns) == {5}
    assert bot.last_iterations <= 300
    turns.clear()
    sg.ai.bot("walls_mcts", iterations=300, seed=1, reply_turns=2).choose(state)
    assert turns and set(turns) == {2}
    turns.clear()
    sg.ai.bot("walls_mcts", iterations=300, seed=1, reply_turns=0).choose(state)
    sg.ai.bot("walls_mcts", iterations=300, seed=1, turn_horizon=False).choose(state)
    assert turns == []


def test_alphabeta_stops_early_once_the_search_reaches_every_end():
    bot = sg.ai.bot("alphabeta", depth=30, seed=1)  # 30 plies asked for, no clock
    bot.choose(_cathedral(LAST_MOVE))
    assert bot.depth_reached < 30


# ---- Cathedral's evaluation ----------------------------------------------------------------


def test_cathedral_evaluation_is_a_share_of_the_win_and_exact_at_the_end():
    rng = random.Random(4)
    state = sg.load("cathedral").new_game(seed=4)
    while not state.is_terminal():
        light, dark = state.evaluate()
        assert 0.0 <= light <= 1.0 and abs(light + dark - 1.0) < 1e-9
        state.play(rng.choice(state.legal_moves()))
    assert state.evaluate() == state.returns()


def test_cathedral_evaluation_favours_the_capture():
    """Captured buildings return to their owner's supply: squares left to place count against."""
    state = _cathedral(CAPTURE)
    before = state.evaluate()[0]
    winners = [m for m, v in _outcomes(state).items() if v == 1.0]
    state.play(winners[0])
    assert state.last_captures and state.evaluate()[0] > before


# ---- suggestions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bot_name,options",
    [("mcts", {"iterations": 400}), ("alphabeta", {"nodes": 1000}), ("greedy", {})],
    ids=["mcts", "alphabeta", "greedy"],
)
def test_suggestions_are_ranked_legal_moves_with_the_games_reasons(bot_name, options):
    state = _cathedral(CAPTURE)
    # a counted budget (budget=None: no clock), so that what is suggested is the same anywhere
    counted = {"budget": None, **options} if options else {}
    hints = sg.ai.suggest(state, top=3, bot=bot_name, seed=1, **counted)
    assert len(hints) == 3 and len({h.move for h in hints}) == 3
    for hint in hints:
        assert hint.move in state.legal_moves()
        assert 0.0 <= hint.value <= 1.0
        said = state.explain(hint.move)  # what the move does, and more: why
        assert said.legal and said.words in hint.reason and len(hint.reason) > len(said.words)
        assert hint.lead in hint.reason and hint.versus_next in hint.reason
        assert str(hint.move) in str(hint)
        assert hint.to_dict()["move"] == str(hint.move)
        assert json.loads(json.dumps(hint.to_dict()))["reason"] == hint.reason
        assert json.loads(json.dumps(hint.to_dict()))["line"] == [s.to_dict() for s in hint.line]
    assert "captures dark's" in hints[0].lead.lower(), hints[0]
    assert hints[0].support > 0


def test_suggest_checks_its_arguments():
    state = sg.load("cathedral").new_game(seed=1)
    with pytest.raises(ValueError, match="top"):
        sg.ai.suggest(state, top=0)
    with pytest.raises(ValueError, match="budget_s"):
        sg.ai.suggest(state, budget_s=0)
    with pytest.raises(ValueError, match="does not rank"):
        sg.ai.suggest(state, bot="random")


# ---- hidden information ------------------------------------------------------------------------


class HiddenCardRead(AssertionError):
    """A bot read a card its player cannot see."""


class Poison:
    """A hidden card that must never be read: any comparison or use raises."""

    def _read(self, *args: Any) -> Any:
        raise HiddenCardRead("a bot read a hidden card")

    __eq__ = __lt__ = __gt__ = __le__ = __ge__ = __hash__ = __int__ = __index__ = _read  # type: ignore
    __str__ = __format__ = _read  # type: ignore[assignment]


class HighCard(Game):
    """A tiny hidden-information game: each of two players holds one card of 1-6, unseen by the
    other; the rest lie face down. In turn each may ``keep`` or ``swap`` (discard, then draw: a
    chance node over the unseen cards). Then the higher card wins."""

    name = "high_card"
    title = "High card"
    facts = sg.Facts(
        chance=True,
        hidden_information=True,
        min_players=2,
        max_players=2,
        lower_is_better=False,
        player_names=("North", "South"),
        player_colours=("red", "blue"),
        chance_action="Draw a card",
    )
    options: dict = {}

    @property
    def num_players(self) -> int:
        return 2


class HighCardState(State):
    def _setup(self, rng: random.Random) -> None:
        deck = list(range(1, 7))
        rng.shuffle(deck)
        self.hands = [deck[0], deck[1]]
        self.pile = deck[2:]
        self.discards: list[int] = []
        self.turn = 0
        self.drawing = False

    @property
    def current_player(self) -> int:
        if self.drawing:
            return sg.CHANCE
        return self.turn if self.turn < 2 else sg.TERMINAL

    def _legal(self) -> list[Move]:
        if self.drawing:
            return [m for m, _ in self._chance_probabilities()]
        return [Move(("keep",), "keep"), Move(("swap",), "swap")]

    def _chance_probabilities(self) -> list[tuple[Move, float]]:
        return [(Move(("draw", c), f"draw {c}"), 1 / len(self.pile)) for c in self.pile]

    def _apply(self, move: Move) -> None:
        if move.key[0] == "swap":
            self.discards.append(self.hands[self.turn])
            self.drawing = True
            return
        if move.key[0] == "draw":
            self.pile = [c for c in self.pile if c != move.key[1]]
            self.hands[self.turn] = move.key[1]
            self.drawing = False
        self.turn += 1

    def _snapshot(self) -> Any:
        return (tuple(self.hands), tuple(self.pile), tuple(self.discards), self.turn, self.drawing)

    def _restore(self, snap: Any) -> None:
        hands, pile, discards, self.turn, self.drawing = snap
        self.hands, self.pile, self.discards = list(hands), list(pile), list(discards)

    def scores(self) -> list[int]:
        return list(self.hands)

    def returns(self) -> list[float]:
        return shared_returns(self.hands)

    def view(self, player: int) -> State:
        """``player`` knows their own card and the discards; the rest is redrawn."""
        copy = self.clone()
        mine = self.hands[player]
        unseen = [c for c in range(1, 7) if c != mine and c not in self.discards]
        copy._rng.shuffle(unseen)
        copy.hands[1 - player] = unseen[0]
        copy.pile = unseen[1:]
        return copy


HighCard.state_class = HighCardState


def _poisoned(hand: int, player: int = 0) -> State:
    """``player`` is to move and holds ``hand``; the other card and the pile are poison."""
    state = HighCard().new_game(seed=1)
    if player == 1:
        state.play(Move(("keep",), "keep"))
    state.hands[player] = hand
    state.hands[1 - player] = Poison()
    state.pile = [Poison() for _ in range(4)]
    return state


def test_a_bot_refuses_a_chance_node():
    state = HighCard().new_game(seed=1)
    state.play(Move(("swap",), "swap"))
    with pytest.raises(ValueError, match="chance node"):
        sg.ai.bot("mcts").choose(state)


def test_the_poison_would_catch_a_bot_that_peeks():
    """Guards the tests below: searching the real state instead of a view reads the poison."""
    with pytest.raises(HiddenCardRead):
        play_random(_poisoned(3).clone(), random.Random(1)).returns()


@pytest.mark.parametrize("bot_name", sorted(QUICK_BOTS))
@pytest.mark.parametrize("player", [0, 1])
def test_bots_never_read_hidden_cards(bot_name, player):
    for seed in range(5):
        state = _poisoned(3, player)
        move = sg.ai.bot(bot_name, seed=seed, **QUICK_BOTS[bot_name]).choose(state)
        assert str(move) in ("keep", "swap")


@pytest.mark.parametrize("hand,best", [(1, "swap"), (6, "keep")])
def test_mcts_prefers_the_obvious_move_without_seeing_the_cards(hand, best):
    """The lowest card can only improve by swapping; the highest card wins if kept."""
    hints = sg.ai.suggest(_poisoned(hand), top=2, seed=3, iterations=300, budget=None)
    assert str(hints[0].move) == best
    assert hints[0].value > hints[1].value


def test_determinization_follows_the_view_not_the_real_cards():
    """The real other card is 6; a bot that peeked would know that keeping a 5 loses."""
    state = HighCard().new_game(seed=1)
    state.hands = [5, 6]
    state.pile = [1, 2, 3, 4]
    hints = sg.ai.suggest(state, top=2, seed=3, iterations=400, budget=None)
    assert str(hints[0].move) == "keep", "a 5 beats the other card four times in five"


# ---- tournaments -------------------------------------------------------------------------------


def test_a_tiny_tournament_rotates_seats_and_counts_every_game():
    table = sg.ai.tournament("cathedral", ["greedy", "random"], n=4, jobs=1, seed=2)
    assert [r.task.entries for r in table.results] == [(0, 1), (1, 0)] * 2
    greedy, rand = table.rows
    for row in table.rows:
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 4
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    assert greedy["wins"] == rand["losses"]
    assert abs(greedy["win_rate"] + rand["win_rate"] - 1.0) < 1e-9
    assert "greedy" in str(table)


def test_a_tournament_counts_each_bots_games_by_seat():
    # in Cathedral the seat decides more games than the bots do: the table says how each bot
    # did as Light and as Dark, and fixed seats measure one seat alone
    table = sg.ai.tournament("cathedral", ["greedy", "random"], n=6, jobs=1, seed=2)
    for row in table.rows:
        seats = row["by_seat"]
        assert [s["seat"] for s in seats] == ["Light", "Dark"]
        assert [s["games"] for s in seats] == [3, 3]
        for key in ("wins", "draws", "losses"):
            assert sum(s[key] for s in seats) == row[key]
    greedy = table.rows[0]["by_seat"]
    light_games = [r for r in table.results if r.task.entries == (0, 1)]
    assert greedy[0]["wins"] == sum(r.returns[0] == 1.0 for r in light_games)
    assert "as Light" in str(table) and "as Dark" in str(table)
    fixed = sg.ai.tournament("cathedral", ["greedy", "random"], n=3, jobs=1, seed=2, rotate=False)
    assert [r.task.entries for r in fixed.results] == [(0, 1)] * 3
    assert [s["seat"] for s in fixed.rows[0]["by_seat"]] == ["Light"]
    assert "by seat" not in str(fixed)  # one seat each: the rows above say it all


def test_a_tournament_can_start_each_round_from_the_same_random_moves():
    # bots that break ties alike play the same few games again and again from the start;
    # random openings, each played from both seats, make every round a different game
    table = sg.ai.tournament(
        "cathedral", ["greedy", "random"], n=4, jobs=1, seed=7, opening_plies=2
    )
    tasks = [r.task for r in table.results]
    assert [t.entries for t in tasks] == [(0, 1), (1, 0)] * 2
    assert tasks[0].opening == tasks[1].opening != tasks[2].opening == tasks[3].opening
    for task in tasks:
        state = sg.load("cathedral").new_game()
        assert len(task.opening) == 2
        for text in task.opening:
            assert state.parse_move(text) in state.legal_moves()
            state.play(text)
    again = sg.ai.tournament(
        "cathedral", ["greedy", "random"], n=4, jobs=1, seed=7, opening_plies=2
    )
    assert [r.task for r in again.results] == tasks  # seeded: the same openings
    with pytest.raises(ValueError, match="opening_plies must be a whole number from 0 to 20"):
        sg.ai.tournament("cathedral", ["greedy", "random"], n=2, opening_plies=-1)
    with pytest.raises(ValueError, match="walls_of_light has chance moves"):
        sg.ai.tournament("walls_of_light", ["greedy", "random"], n=2, opening_plies=2)


def test_a_game_that_never_ends_is_an_error_not_a_hang(monkeypatch):
    import importlib

    T = importlib.import_module("stainedglass.ai.tournament")
    monkeypatch.setattr(T, "MAX_PLIES", 6)
    with pytest.raises(
        RuntimeError,
        match=r"cathedral \(seed 3, bots greedy, random\) did not "
        r"end within 6 moves",
    ):
        sg.ai.tournament("cathedral", ["greedy", "random"], n=1, jobs=1, seed=3)


class InlineExecutor:
    """A stand-in for a cluster executor: ``submit`` runs the task and returns its future."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Any, *args: Any) -> Future:
        self.submitted += 1
        future: Future = Future()
        future.set_result(fn(*args))
        return future


def test_a_tournament_runs_on_processes_or_any_executor_alike():
    pooled = sg.ai.tournament("cathedral", ["greedy", "random"], n=2, jobs=2, seed=5)
    executor = InlineExecutor()
    custom = sg.ai.tournament("cathedral", ["greedy", "random"], n=2, seed=5, executor=executor)
    assert executor.submitted == 2
    assert [r.returns for r in pooled.results] == [r.returns for r in custom.results]


def test_the_command_line_prints_the_table(capsys):
    from stainedglass.__main__ import main

    assert (
        main(
            [
                "tournament",
                "cathedral",
                "greedy",
                "random:seed=4",
                "-n",
                "2",
                "--jobs",
                "1",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "greedy" in out and "random:seed=4" in out and "95% CI" in out and "by seat" in out
    assert (
        main(
            [
                "tournament",
                "cathedral",
                "greedy",
                "random",
                "-n",
                "2",
                "--jobs",
                "1",
                "--quiet",
                "--fixed-seats",
            ]
        )
        == 0
    )
    assert "by seat" not in capsys.readouterr().out
    assert main(["tournament", "cathedral", "greedy", "nobot", "-n", "1"]) == 2
    assert "unknown bot 'nobot'" in capsys.readouterr().err
    # yes-or-no options as people type them: true and false, as well as True and False
    assert (
        main(
            [
                "tournament",
                "cathedral",
                "cathedral:depth=1,all_replies=false",
                "random",
                "-n",
                "1",
                "--jobs",
                "1",
                "--quiet",
            ]
        )
        == 0
    )
    assert "cathedral:depth=1,all_replies=false" in capsys.readouterr().out
    assert (
        main(["tournament", "cathedral", "cathedral:all_replies=maybe", "random", "-n", "1"]) == 2
    )
    assert "all_replies= must be True or False, not 'maybe'" in capsys.readouterr().err


# ---- the examples in the docstrings ------------------------------------------------------------


@pytest.mark.parametrize(
    "module",
    [
        "stainedglass.ai",
        "stainedglass.ai.search",
        "stainedglass.ai.bots",
        "stainedglass.ai.mcts",
        "stainedglass.ai.alphabeta",
        "stainedglass.ai.suggest",
        "stainedglass.ai.tournament",
        "stainedglass.cathedral.game",
    ],
)
def test_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_every_option_of_every_bot_is_checked_when_the_bot_is_made():
    """A bad option is a ValueError naming it, at once (not a TypeError deep in a search)."""
    from stainedglass.ai.bots import EXTRA_BOTS, _registry

    classes = dict(_registry())
    for name in EXTRA_BOTS:
        with contextlib.suppress(ValueError):  # its extra is not installed
            classes[name] = sg.ai.bots.bot_class(name)
    for name, cls in classes.items():
        rules: dict = {}
        for klass in reversed(cls.__mro__):
            rules.update(vars(klass).get("rules", {}))
        for key in cls.defaults:
            if key == "seed":
                continue  # any value seeds the generator
            assert key in rules, f"{name}: option {key} declares no rule"
            for bad in ("x", -5, [1]):
                with pytest.raises(ValueError, match=f"bot {name!r}: {key}="):
                    sg.ai.bot(name, **{key: bad})
