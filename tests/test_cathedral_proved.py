"""The proved Cathedral positions (``stainedglass/cathedral/proved.py``, their data in
``benchmarks/data/cathedral_proved.json``): their results are the solver's, and the score reads
a bot's ranking against them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import stainedglass as sg
from stainedglass.cathedral import proved

DATA = Path(__file__).parent.parent / "benchmarks" / "data" / "cathedral_proved.json"


def test_the_shipped_results_are_the_solvers() -> None:
    # every legal move of each position has its result; the two quickest to prove are proved
    # again here and agree move by move
    positions = proved.load(DATA)
    assert len(positions) >= 80
    for p in positions:
        assert set(p["results"]) == {str(m) for m in proved.state_after(p["history"]).legal_moves()}
    for p in sorted(positions, key=lambda p: p["live"])[:2]:
        again = sg.ai.bot("cathedral").prove(proved.state_after(p["history"]), nodes=2_000_000)
        assert again is not None
        assert {str(m): r for m, r in again.items()} == p["results"]


def test_a_bot_that_proves_the_position_keeps_the_result_and_ranks_every_pair_right() -> None:
    position = next(
        p
        for p in sorted(proved.load(DATA), key=lambda p: p["live"])
        if len(set(p["results"].values())) > 1
    )
    result, right, pairs = proved.judge("cathedral:nodes=4000000,solve=100", position, 1)
    assert result == max(position["results"].values())
    assert pairs > 0 and right == pairs
    # a bot that only chooses is judged by its move alone
    result, right, pairs = proved.judge("random", position, 1)
    assert result in set(position["results"].values()) and (right, pairs) == (0, 0)


def test_a_bad_file_of_proved_positions_is_a_value_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "proved.json"
    path.write_text("{not json")
    with pytest.raises(ValueError, match="proved.json: not a file of proved positions"):
        proved.load(path)
    path.write_text(json.dumps({"positions": [{"history": [], "results": {"x": 5}}]}))
    with pytest.raises(ValueError, match="position 0 is not a history, its live squares"):
        proved.load(path)


def test_the_score_sums_each_bots_judgements_over_the_contested_positions() -> None:
    positions = proved.contested(proved.load(DATA))
    assert positions and all(len(set(p["results"].values())) > 1 for p in positions)
    lowest = min(p["live"] for p in positions)
    assert proved.contested(positions, (lowest, lowest)) == [
        p for p in positions if p["live"] == lowest
    ]
    (score,) = proved.score(["random"], positions[:3])
    assert (score.spec, score.positions, score.pairs, score.ranked_right) == ("random", 3, 0, None)
    assert score.kept == sum(
        proved.judge("random", p, i)[0] == max(p["results"].values())
        for i, p in enumerate(positions[:3])
    )
    assert score.interval[0] <= score.share <= score.interval[1]
