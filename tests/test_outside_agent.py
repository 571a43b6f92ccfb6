"""Our Cathedral bots against an outside agent over a line protocol
(``stainedglass/cathedral/outside_agent.py``; its command line ``benchmarks/outside_agent.py``).

The real agents are Java programs kept outside the repository; here a stand-in process speaks
the same protocol (``OutsideAgent.java``'s) with our own engine, so that the runner's turns,
skipped sides, checks and records are tested, and a stand-in that cheats is caught."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import stainedglass as sg
from stainedglass.cathedral import outside_agent as outside

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "outside_agent.py"

# a stand-in agent: random legal moves of our own engine; ``cheat`` breaks one thing on purpose
STAND_IN = """
import random, sys
import stainedglass as sg
from stainedglass.cathedral import outside_agent as outside
cheat, rng = sys.argv[1], random.Random(int(sys.argv[2]))
state = sg.load("cathedral").new_game()
refused = False
for line in sys.stdin:
    words = line.split()
    if words[0] == "quit":
        print("bye", flush=True)
        break
    if words[0] == "pass":
        answer = "ok"
    elif words[0] == "board":
        answer = outside.city_code(state)
        if cheat == "city" and len(state.history) == 5:  # a building square left out
            k = min(answer.find("2"), answer.find("4"))
            answer = answer[:k] + "0" + answer[k + 1:]
    elif words[0] == "play":
        text = " ".join(words[1:])
        found = [m for m in state.legal_moves() if outside.placement_text(m) == text]
        answer = "ok" if found else "err no such placement"
        if found:
            state.play(found[0])
    else:  # think
        moves = state.legal_moves()
        move = rng.choice(moves)
        text = outside.placement_text(move)
        if cheat == "refuse" and len(state.history) == 4 and not refused:
            refused = True  # the framework refused it: nothing played, asked again
            print("bad 5 " + text, flush=True)
            continue
        if cheat == "move" and len(state.history) == 4:
            text = "tavern 0,0" if not state.occ[0] & 1 and not state.occ[1] & 1 else "tavern 9,9"
            text = text if text not in {outside.placement_text(m) for m in moves} else "castle 0,0"
        else:
            state.play(move)
        answer = "move 7 " + text
    print(answer, flush=True)
"""


@pytest.fixture
def stand_in(tmp_path: Path):
    script = tmp_path / "stand_in.py"
    script.write_text(STAND_IN)

    def command(cheat: str = "none", seed: int = 1) -> list[str]:
        return [sys.executable, str(script), cheat, str(seed)]

    return command


def test_a_placement_is_its_building_and_squares_as_x_y() -> None:
    # a1 is x 0, y 0; e4 is column e (x 4), row 4 (y 3)
    state = sg.load("cathedral").new_game()
    move = state.parse_move("cathedral e4 d5 e5 f5 e6 e7")
    assert outside.placement_text(move) == "cathedral 3,4 4,3 4,4 4,5 4,6 5,4"
    with pytest.raises(ValueError, match="not a Cathedral placement"):
        outside.placement_text(sg.Move("x", "x"))


def test_the_city_code_names_buildings_and_territory_square_by_square() -> None:
    # Dark walls off the corner a1 with two stables and a tavern's help: Dark's territory
    state = sg.load("cathedral").new_game()
    for move in ["cathedral e4 d5 e5 f5 e6 e7", "inn a3 b3 b2", "tavern j10", "stable c1 c2"]:
        state.play(move)
    code = outside.city_code(state)
    assert len(code) == 100
    at = {
        name: code[y * 10 + x]
        for name, (x, y) in {
            "e4": (4, 3),
            "a3": (0, 2),
            "j10": (9, 9),
            "c1": (2, 0),
            "a1": (0, 0),
            "b1": (1, 0),
            "a2": (0, 1),
            "h8": (7, 7),
        }.items()
    }
    assert at["e4"] == outside.CATHEDRAL and at["a3"] == outside.DARK_BUILT
    assert at["c1"] == outside.DARK_BUILT and at["j10"] == outside.LIGHT_BUILT
    assert at["a1"] == at["b1"] == at["a2"] == outside.DARK_HELD
    assert at["h8"] == outside.FREE


def test_the_cities_agree_on_buildings_and_the_movers_territory() -> None:
    # the framework claims a region for both sides after every placement; our rules claim the
    # placing side's, the other side's at its next placement: that wait is not a difference
    ours = "2" * 10 + "4" * 10 + "0" * 80
    assert outside.cities_agree(ours, ours, mover=0)
    early = ours[:99] + outside.LIGHT_HELD  # Light's region claimed on Dark's move
    assert outside.cities_agree(ours, early, mover=1)
    assert not outside.cities_agree(ours, early, mover=0)  # Light moved: it claims at once
    assert outside.cities_agree(ours, ours[:99] + outside.DARK_HELD, mover=0)
    assert not outside.cities_agree(ours, ours[:99] + outside.DARK_HELD, mover=1)
    assert not outside.cities_agree(ours, "0" + ours[1:], mover=1)  # a building missing
    assert not outside.cities_agree(ours, outside.LIGHT_BUILT + ours[1:], mover=1)
    assert not outside.cities_agree(ours, ours[:50], mover=1)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_game_against_the_agent_is_refereed_to_the_end(stand_in, seat: int) -> None:
    record = outside.play(stand_in(seed=seat), "greedy", seed=3, seat=seat)
    assert record["stopped"] is None
    assert record["seat"] == outside.SEATS[seat]
    state = sg.load("cathedral").new_game()
    for move in record["moves"]:
        state.play(move)
    assert state.is_terminal()
    scores = state.scores()
    assert record["unplaced"] == [scores[seat], scores[1 - seat]]
    assert record["points"] == (
        1.0 if scores[seat] < scores[1 - seat] else 0.5 if scores[seat] == scores[1 - seat] else 0.0
    )
    assert len(record["agent_ms"]) == len(record["moves"]) - len(record["our_s"])


def test_a_move_our_rules_refuse_stops_the_game_and_says_so(stand_in) -> None:
    record = outside.play(stand_in("move"), "greedy", seed=3, seat=1)
    assert record["stopped"].startswith("ply 4: the agent's ")
    assert "breaks our rules" in record["stopped"] and "points" not in record


def test_a_move_the_agents_own_framework_refuses_is_asked_for_again(stand_in) -> None:
    record = outside.play(stand_in("refuse"), "greedy", seed=3, seat=1)
    assert record["stopped"] is None and record["refused"] == 1
    assert record["agent_ms"][2] == 5 + 7  # both answers' time: the refused and the played


def test_cities_that_differ_stop_the_game_and_say_so(stand_in) -> None:
    record = outside.play(stand_in("city"), "greedy", seed=3, seat=0)
    assert record["stopped"] is not None and "the cities differ" in record["stopped"]
    assert record["plies"] == 5


def test_the_summary_counts_points_by_seat(stand_in, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    command = " ".join(stand_in())
    done = run_script("greedy", "--agent", command, "-n", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    printed = done.stdout
    assert printed.startswith("greedy: ") and "of 2" in printed and "as Light" in printed
    refused = run_script("nonsense", "--agent", command)
    assert refused.returncode != 0 and "ValueError: unknown bot" in refused.stderr
    assert not refused.stdout  # refused before any game


def test_the_summary_of_the_games_records(stand_in) -> None:
    records = list(outside.games(stand_in(), ["greedy"], 2, seed=3))
    assert [r["seat"] for r in records] == ["Light", "Dark"]
    said = outside.summary(records)
    assert said.startswith("greedy: ") and "of 2" in said and "as Light" in said
    with pytest.raises(ValueError, match="unknown bot"):
        next(outside.games(stand_in(), ["nonsense"], 1))


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    """``benchmarks/outside_agent.py`` run with ``args``, as from a shell."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )
