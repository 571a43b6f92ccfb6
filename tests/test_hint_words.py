"""Hints a pupil reads: in mid-game positions of every game at every table size, each of the
top three hints leads with the move in words (``State.move_name``, never the notation), in at
most 25 words (18 at the median), and no hint calls two moves equally good while their figures
stand 10 points or more apart. The slips a pupil stumbled on, each with its test.

Positions come from seeded random play (seeds no other test uses); every search has a counted
budget (nodes, playouts, iterations), never the clock."""

from __future__ import annotations

import random
import re
import statistics

import pytest

import stainedglass as sg
from test_hints import WALLS

COUNTED = {  # the hint search's counted budget, by the bot's name
    "cathedral": {"nodes": 1500},
    "alphabeta": {"nodes": 1500},
    "coloring": {"nodes": 30_000},
    "mcts": {"iterations": 300},
    "sagrada": {"playouts": 200},
    "walls_of_light": {"playouts": 200},
    "walls_mcts": {"iterations": 300},
}
SEEDS = (8101, 8202)


def midgame(name: str, options: dict[str, int], seed: int) -> sg.State:
    """A position some way into a seeded random game, a player to move."""
    state = sg.load(name, **options).new_game(seed=seed)
    rng = random.Random(seed)
    plies = {"walls_of_light": 36, "sagrada": 14}.get(name, 10)
    while len(state.history) < plies and not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    while state.is_chance():
        state.play(state.sample_chance())
    return state


def notation(state: sg.State) -> re.Pattern[str]:
    """The words the notation spells moves with ("take", "place", "card", "tool", a
    building's squares run together), none of which a lead may start with."""
    return re.compile(r"^(take|place|card|tool|draw|roll|pass) |^\w+ ([a-j]\d+ ){2,}")


def test_each_lead_names_the_move_in_words_in_at_most_25_words():
    counts = []
    for name, options in sg.tables():
        for seed in SEEDS:
            state = midgame(name, options, seed)
            budget = COUNTED[state.game.hint_bot]
            hints = sg.ai.suggest(state, top=3, seed=1, budget=None, **budget)
            for hint in hints:
                named = state.move_name(hint.move)
                assert hint.lead.startswith(named[:1].upper() + named[1:]), hint.lead
                assert not notation(state).match(hint.lead), hint.lead
                assert str(hint.move) not in hint.lead
                counts.append(len(hint.lead.split()))
                assert counts[-1] <= 25, hint.lead
            for first, second in zip(hints, hints[1:]):  # figures apart are never "equal"
                if abs(first.value - second.value) >= 0.10:
                    assert not first.equally_good
                    assert first.versus_next.startswith("Better than")
                assert state.move_name(second.move) in first.versus_next
    assert statistics.median(counts) <= 18, counts


def test_a_card_is_led_by_what_it_makes_possible_not_by_what_it_costs():
    # Walls of Light: Extra Glass brings a second pane this turn; its lead says what that pane
    # does (the rulebook: "place a second pane"), not the cards left in hand
    state = sg.load("walls_of_light", players=2).new_game(seed=0)
    for move in WALLS[:-1]:  # the hints' own Walls of Light game, before its Modify Roll
        state.play(move)
    extra = state.parse_move("card extra")
    hint = sg.ai.explain.explain(
        state, [sg.ai.search.Candidate(extra, 0.6, 100, "playouts")], seed=1
    )[0]
    assert hint.lead.startswith("Extra Glass: then ")
    assert "cards left" not in hint.lead and "break ties" not in hint.lead


def test_moves_are_named_as_the_board_shows_them():
    cathedral = sg.load("cathedral").new_game(seed=1)
    assert cathedral.move_name("cathedral e4 d5 e5 f5 e6 e7") == "the cathedral on d4-f7"
    cathedral.play("cathedral e4 d5 e5 f5 e6 e7")
    assert cathedral.move_name("tavern j10") == "the tavern on j10"
    walls = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
    walls.play("roll r2 b2 y3")
    named = {str(m): walls.move_name(m) for m in walls.legal_moves()}
    assert named["place red 2:b2"] == "a red wink on window 2, b2"
    expected = {
        "card reroll r b": "Roll Again on the red and blue dice",
        "card reroll y": "Roll Again on the yellow die",
        "card modify r +1": "Modify Roll: the red die from 2 to 3",
        "card extra": "Extra Glass",
    }
    cards = {text: words for text, words in expected.items() if text in named}
    assert cards, sorted(named)
    assert all(named[text] == words for text, words in cards.items())
    coloring = sg.load("coloring", players=2).new_game(seed=1)
    move = coloring.legal_moves()[0]
    numbers = re.findall(r"\d+", str(move))
    assert coloring.move_name(move).startswith(f"the {str(move).split()[1]} pencil on shape")
    assert all(n in coloring.move_name(move) for n in numbers)
    sagrada = sg.load("sagrada").new_game(seed=1)
    while sagrada.is_chance():
        sagrada.play(sagrada.sample_chance())
    place = next(m for m in sagrada.legal_moves() if str(m).startswith("place"))
    _, card, field = str(place).split()
    assert sagrada.move_name(place) == f"{card} on {field}"
    with pytest.raises(sg.IllegalMove):
        cathedral.move_name("tavern j10 j9")  # not a tavern's shape: refused as play refuses


def test_slips_a_pupil_stumbled_on_are_gone():
    # "rerolls the red, blue dice": two dice are "the red and blue dice"
    walls = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
    walls.play("roll r1 b2 y3")
    assert "rerolls the red and blue dice" in walls.explain("card reroll r b").words
    # "The best was takes the green pencil": a move named by a verb phrase
    coloring = sg.load("coloring", players=2).new_game(seed=1)
    move = coloring.legal_moves()[0]
    assert not coloring.move_name(move).startswith("takes")


ONE_AS_MANY = re.compile(
    r"(?<![\d.,])\b1 (cards|squares|points|shapes|plies|panes|winks|playouts|moves|circles|dice)\b"
)
VERB_AS_NAME = re.compile(r"\b(was|is|plays|answers) (takes|places|place|take|card|tool|draw)\b")


def sentences_of(state: sg.State, rng: random.Random) -> list[str]:
    """What the engine says of a position: moves explained, their consequences, the hints'
    words, a move compared with the best, the position drawn (its words)."""
    moves = state.legal_moves()
    said = []
    for move in rng.sample(moves, min(6, len(moves))):
        said.append(state.explain(move).words)
        said += [c.words for c in state.consequences(move)]
    budget = COUNTED[state.game.hint_bot]
    for hint in sg.ai.suggest(state, top=2, seed=1, budget=None, **budget):
        said += [hint.lead, hint.versus_next, *hint.details]
    said.append(sg.ai.compare(state, rng.choice(moves), playouts=40, seed=1).reason)
    said += re.findall(r">([^<>]+)</text>", state.svg() or "")
    return said


def test_the_words_say_one_as_one_and_never_a_verb_for_a_move():
    rng = random.Random(8303)
    for name, options in sg.tables():
        for seed in SEEDS:
            state = midgame(name, options, seed)
            for text in sentences_of(state, rng):
                assert not ONE_AS_MANY.search(text), f"{name}: {text}"
                assert not VERB_AS_NAME.search(text), f"{name}: {text}"


def test_a_hand_of_one_card_is_one_card():
    from stainedglass.walls_of_light.svg import hand_svg

    state = sg.load("walls_of_light", players=2).new_game(seed=8404)
    rng = random.Random(8404)
    while min(len(state.hand(p)) for p in range(2)) != 1:
        moves = state.legal_moves()
        cards = [m for m in moves if str(m).startswith("card")]
        state.play(state.sample_chance() if state.is_chance() else rng.choice(cards or moves))
    holder = next(p for p in range(2) if len(state.hand(p)) == 1)
    drawn = hand_svg(state, 1 - holder)
    assert "1 card (face down)" in drawn and "1 cards" not in drawn
    assert "1 card" in state.text_for(1 - holder) and "1 cards" not in state.text_for(1 - holder)


def test_every_star_the_words_name_is_numbered_on_the_sheet():
    state = sg.load("coloring", players=2).new_game(seed=8505)
    rng = random.Random(8505)
    named: set[str] = set()
    while not state.is_terminal() and len(state.history) < 24:
        for move in state.legal_moves()[:40]:
            for c in state.consequences(move):
                named.update(re.findall(r"\bstar (\d+)", c.words))
        state.play(rng.choice(state.legal_moves()))
    assert named
    fresh = sg.load("coloring", players=2).new_game(seed=8505).svg() or ""
    for k in named:  # an open star shows the number the words call it by
        assert f">★{k}</text>" in fresh, k


def test_what_a_move_does_is_said_with_its_subject():
    # "✓ takes the red pencil ...": the message after a move names who does it
    rng = random.Random(8707)
    for name, options in sg.tables():
        state = midgame(name, options, 8707)
        for move in rng.sample(state.legal_moves(), min(8, len(state.legal_moves()))):
            words = state.explain(move).words
            assert words[:1].isupper(), f"{name}: {words}"
