"""After the game (``stainedglass/ai/review.py``): a move against the best (``compare``) and a
whole game judged move by move (``review``)."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
import textwrap
import threading

import pytest

import stainedglass as sg
from stainedglass.ai.review import LABELS, label

WALL = ["bridge e1 e2 e3", "stable e4 e5", "stable e6 e7", "manor e9 d10 e10 f10"]


def wall_position() -> sg.State:
    """Light's wall runs down column e but for e8: any building on e8 walls off 39 squares."""
    return sg.load(
        "cathedral",
        start={
            "cathedral": "g4 f5 g5 h5 g6 g7",
            "light": WALL,
            "dark": ["tavern j10", "tavern j1"],
            "to_move": "light",
        },
    ).new_game(seed=0)


def test_compare_names_the_move_that_walls_off_a_region():
    # Cathedral's hint search (its own) sees Light far ahead whatever it plays here: Dark
    # cannot stop a wall next turn, so the tavern's loss in win chance is small (MCTS, the
    # hint search before, called it a mistake). The best move it names walls off 39 squares.
    state = wall_position()
    verdict = sg.ai.compare(state, "tavern i3", playouts=200, seed=1)
    best = state.clone()
    best.play(verdict.best)
    assert bin(best.last_claim).count("1") == 39
    assert verdict.best_value >= verdict.value > 0.5
    assert verdict.loss == max(0.0, verdict.best_value - verdict.value)


def test_compare_finds_no_loss_in_the_best_move():
    state = wall_position()
    verdict = sg.ai.compare(state, "tavern e8", playouts=200, seed=1)
    assert verdict.loss < 0.05 and verdict.label in ("best", "good")
    assert "as good as the best" in verdict.reason or verdict.loss < 0.05


def test_compare_refuses_what_it_cannot_judge():
    state = wall_position()
    with pytest.raises(ValueError, match="illegal"):
        sg.ai.compare(state, "tavern e1", playouts=10)
    with pytest.raises(ValueError, match="playouts"):
        sg.ai.compare(state, "tavern e8", playouts=0)
    with pytest.raises(ValueError, match="budget_s"):
        sg.ai.compare(state, "tavern e8", budget_s=-1)
    roll = sg.load("walls_of_light").new_game(seed=1)
    with pytest.raises(ValueError, match="chance moves are not judged"):
        sg.ai.compare(roll, roll.legal_moves()[0], playouts=10)


def test_labels_follow_their_thresholds():
    bounds = [below for _, below in LABELS]
    assert bounds == sorted(bounds)
    assert [label(b - 1e-9) for b in bounds[:-1]] == [w for w, _ in LABELS[:-1]]
    assert label(1.0) == "blunder"


def greedy_vs_random(seed: int) -> sg.State:
    state = sg.load("cathedral").new_game(seed=seed)
    greedy, rnd = sg.ai.bot("greedy", seed=seed), sg.ai.bot("random", seed=seed)
    while not state.is_terminal():
        state.play((greedy if state.current_player == 0 else rnd).choose(state))
    return state


@pytest.mark.full  # a strength check: three whole games reviewed
def test_a_review_judges_the_random_side_worse_than_the_greedy_side():
    greedy, rnd = [], []
    for seed in range(3):
        review = sg.ai.review(greedy_vs_random(seed).record(), playouts=120, seed=seed)
        assert len(review.judgements) == len(greedy_vs_random(seed).history)
        greedy.append(review.mean_loss(0))
        rnd.append(review.mean_loss(1))
        counts = review.counts(1)
        assert sum(counts.values()) == sum(1 for j in review.judgements if j.player == 1)
    assert sum(rnd) > sum(greedy)


def test_a_review_is_reproducible_reports_progress_and_can_be_stopped():
    record = greedy_vs_random(5).record()
    seen: list[tuple[int, int]] = []
    first = sg.ai.review(record, playouts=40, seed=3, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, len(record.moves)) for i in range(1, len(record.moves) + 1)]
    assert sg.ai.review(record, playouts=40, seed=3).judgements == first.judgements
    stop = threading.Event()
    stopped = sg.ai.review(
        record, playouts=40, seed=3, progress=lambda d, t: stop.set() if d == 3 else None, stop=stop
    )
    assert not stopped.complete and len(stopped.judgements) == 3
    for j in first.judgements:
        assert 0 <= j.loss <= 1 and j.label in dict(LABELS) and abs(sum(j.chances) - 1) < 1e-6


def test_chance_is_luck_and_hidden_cards_stay_hidden():
    state = sg.load("walls_of_light", players=2).new_game(seed=2)
    rng = random.Random(2)
    while len(state.history) < 16:
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    whole = sg.ai.review(state.record(), playouts=30, seed=1)
    rolls = [j for j in whole.judgements if j.player == sg.CHANCE]
    assert rolls and all(
        j.label == "luck" and j.loss == 0 and "luck for" in j.reason for j in rolls
    )
    mine = sg.ai.review(state.record(), playouts=30, seed=1, player=0)
    theirs = [j for j in mine.judgements if j.player == 1]
    assert theirs and all(j.label == "hidden" for j in theirs)
    assert all(j.label not in ("hidden",) for j in mine.judgements if j.player == 0)


@pytest.mark.parametrize(
    "name,options", [("coloring", {"players": 1}), ("coloring", {"players": 3}), ("sagrada", {})]
)
def test_every_game_can_be_reviewed(name, options):
    state = sg.load(name, **options).new_game(seed=3)
    rng = random.Random(3)
    while len(state.history) < 12 and not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    review = sg.ai.review(state, playouts=20, seed=1)
    assert [j.move for j in review.judgements] == state.history
    assert all(len(j.chances) == state.num_players for j in review.judgements)
    # each judged move: the best is a legal move of its position, the loss the fall in the
    # mover's chance, the label the loss's word; random moves are not all as good as the best
    record = state.record()
    judged = [j for j in review.judgements if j.player != sg.CHANCE]
    for j in judged:
        position = record.state(j.ply - 1)
        assert j.best in [str(m) for m in position.legal_moves()]
        assert j.loss == pytest.approx(max(0.0, j.before - j.after), abs=1e-9)
        assert j.label == ("best" if j.best == j.move else label(j.loss))
        if j.best != j.move and j.loss >= LABELS[0][1]:  # not the best: the best named in words
            assert j.label != "best" and position.move_name(j.best) in j.reason, j.reason
    assert any(j.best != j.move and j.loss >= LABELS[0][1] for j in judged)


def test_a_review_searches_each_position_once(monkeypatch):
    """Each position of the game is searched once: the best move there and the played move's
    value come from the same searches (the next position's search judges the move before
    it); Cathedral's search counts depth, so the best move is also looked at a ply on, as
    the played move is (one more search a move, where the two differ)."""
    module = importlib.import_module("stainedglass.ai.review")  # (sg.ai.review: the function)
    record = greedy_vs_random(2).record()
    searched: list[str] = []
    real = module._searcher

    def counting(state, *args, **kwargs):
        searched.append(state.text_for(state.current_player))
        return real(state, *args, **kwargs)

    monkeypatch.setattr(module, "_searcher", counting)
    review = sg.ai.review(record, playouts=40, seed=1)
    line = [record.state(p) for p in range(len(record.moves) + 1)]
    on_line = [s.text_for(s.current_player) for s in line if not s.is_terminal()]
    assert all(searched.count(text) == 1 for text in on_line)  # each once
    others = [text for text in searched if text not in on_line]
    differ = sum(1 for j in review.judgements if j.best != j.move)
    assert len(others) <= differ  # the best looked at a ply on, no more


def test_a_review_shows_its_verdicts_as_they_come_and_processes_change_nothing():
    record = greedy_vs_random(4).record()
    so_far: list[int] = []
    alone = sg.ai.review(
        record, playouts=40, seed=2, partial=lambda r: so_far.append(len(r.judgements))
    )
    assert so_far == list(range(1, len(record.moves) + 1))  # one more verdict each time
    together = sg.ai.review(record, playouts=40, seed=2, jobs=2)
    assert together.judgements == alone.judgements and together.start == alone.start
    stop = threading.Event()
    stop.set()
    stopped = sg.ai.review(record, playouts=40, seed=2, jobs=2, stop=stop)
    assert not stopped.complete and not stopped.judgements


@pytest.mark.parametrize("jobs", [0, 65, 1.5, True, "2"])
def test_a_review_refuses_a_bad_number_of_processes(jobs):
    with pytest.raises(ValueError, match="jobs must be a whole number 1 to 64"):
        sg.ai.review(greedy_vs_random(1).record(), playouts=10, jobs=jobs)


SCRIPT = """
import stainedglass as sg

state = sg.load("cathedral").new_game(seed=1)
bot = sg.ai.bot("random", seed=1)
for _ in range(4):
    state.play(bot.choose(state))
{body}
"""
REVIEW = """
review = sg.ai.review(state, playouts=10, seed=1, jobs=2)
print("reviewed", len(review.judgements))
"""


@pytest.mark.parametrize(
    "body,guarded",
    [
        (REVIEW, False),  # a newcomer's first script: no guard
        ("def main():\n" + textwrap.indent(REVIEW, "    ") + "\nmain()\n", False),
        # the same check under the guard, without starting processes
        (
            'if __name__ == "__main__":\n'
            "    from stainedglass.processes import check_can_start\n"
            '    check_can_start("spawn")\n'
            '    print("ok")\n',
            True,
        ),
    ],
)
def test_a_review_in_processes_from_a_plain_script_says_what_the_script_needs(
    tmp_path, body, guarded
):
    """A script that reviews with jobs=2 from its top level, outside
    `if __name__ == "__main__":`, is told so in words before any process starts, not left
    with the pool's broken processes; under the guard it runs."""
    script = tmp_path / "first_review.py"
    script.write_text(SCRIPT.format(body=body))
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert "BrokenProcessPool" not in run.stderr and "bootstrapping" not in run.stderr
    if guarded:
        assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
        return
    assert run.returncode == 1 and not run.stdout
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("RuntimeError: starting other processes (jobs above 1) from a script")
    assert 'if __name__ == "__main__":' in last and "use jobs=1" in last
    assert "first_review.py, line" in last
