"""Your own bot as a first-class player: written as ``docs/bots.md`` writes it (a function and a
class, in a notebook's namespace), registered, played against MCTS on one process, on two and on
a Dask cluster with the same games, and reviewed; its faults forfeit its games and no others;
every argument of a tournament and of ``register_bot`` checked in words."""

from __future__ import annotations

import json
import pathlib
import re
import threading
import time
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

import stainedglass as sg
from stainedglass.__main__ import main
from stainedglass.ai import bots

ROOT = pathlib.Path(__file__).resolve().parents[1]
BOTS_PAGE = ROOT / "docs" / "bots.md"
MCTS = "mcts:iterations=20"  # a counted budget: the same games anywhere


def page_code(holding: str) -> str:
    """The page's Python block that holds ``holding``."""
    blocks = re.findall(r"```python\n(.*?)```", BOTS_PAGE.read_text(), re.S)
    found = [b for b in blocks if holding in b]
    assert found, f"docs/bots.md has no block with {holding!r}"
    return found[0]


def notebook_cell(*blocks: str) -> dict[str, Any]:
    """The blocks run as a notebook runs a cell: in ``__main__``'s name, in no module that
    another process could import (so the bots must travel by value)."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for block in blocks:
        exec(compile(block, "<cell>", "exec"), namespace)
    return namespace


@pytest.fixture
def registry() -> Iterator[None]:
    """Bots registered by a test are forgotten after it."""
    sg.games()
    before = dict(bots._GAME_BOTS)
    try:
        yield
    finally:
        bots._GAME_BOTS.clear()
        bots._GAME_BOTS.update(before)


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")  # the cluster extra
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def games_of(table: sg.ai.Table) -> list[tuple[Any, ...]]:
    return [(r.task.seed, r.task.bots, r.returns, r.scores, r.history) for r in table.results]


def test_a_bot_written_as_the_docs_show_plays_the_same_games_anywhere_and_is_reviewed(
    registry: None, dask_client: Any
) -> None:
    cell = notebook_cell(page_code("def choose"), page_code("class ScoreGreedy"))
    choose, score_greedy = cell["choose"], cell["ScoreGreedy"]
    sg.ai.register_bot(score_greedy)
    sg.ai.register_bot(choose, name="lookahead", games=("cathedral",))
    assert {"scoregreedy", "lookahead"} <= set(sg.ai.bot_names("cathedral"))
    # the function by value; the class registered by name, which Dask's workers do not know
    for yours in (choose, "scoregreedy:noise=0.2"):
        here = sg.ai.tournament("cathedral", [yours, MCTS], n=2, jobs=1, seed=7)
        two = sg.ai.tournament("cathedral", [yours, MCTS], n=2, jobs=2, seed=7)
        dask = sg.ai.tournament("cathedral", [yours, MCTS], n=2, seed=7, executor=dask_client)
        assert games_of(here) == games_of(two) == games_of(dask), yours
        assert here.forfeits == [] and here.rows[0]["games"] == 2
        assert all(r.state().is_terminal() for r in here.results)
    for yours, label in ((score_greedy, "scoregreedy"), ("lookahead", "lookahead")):
        here = sg.ai.tournament("cathedral", [yours, MCTS], n=2, jobs=1, seed=7)
        assert here.rows[0]["bot"] == label and here.forfeits == []
    game = here.results[0]
    review = sg.ai.review(game.record(), playouts=10, seed=1)
    assert [j.move for j in review.judgements] == list(game.history)


def test_a_bot_already_made_plays_with_its_options_and_a_fresh_copy_each_game() -> None:
    cell = notebook_cell(page_code("class ScoreGreedy"))
    made = cell["ScoreGreedy"](noise=0.5, seed=3)
    table = sg.ai.tournament("cathedral", [made, "random"], n=2, jobs=1)
    again = sg.ai.tournament("cathedral", [made, "random"], n=2, jobs=2)
    assert table.rows[0]["bot"] == "scoregreedy:seed=3,noise=0.5"
    assert games_of(table) == games_of(again)
    assert made.stop is None and made.options["noise"] == 0.5  # the bot given is untouched


class Faulty(sg.ai.Bot):
    """Plays the first legal move, but in the game seeded FAULT's key, at its second move,
    does that fault."""

    name = "faulty"
    label = "Faulty bot"
    defaults: dict[str, Any] = {"seed": None}
    FAULTS = {0: "illegal", 1: "none", 2: "raise", 3: "slow"}  # game seed -> its fault

    def choose(self, state: sg.State) -> Any:
        fault = self.FAULTS.get(self.options["seed"] // 16)  # the game's seed (seat 0)
        if len(state.history) >= 2 and fault == "illegal":
            return state.history[0]  # the Cathedral's squares, taken already
        if len(state.history) >= 2 and fault == "none":
            return None
        if len(state.history) >= 2 and fault == "raise":
            raise KeyError("no such square")
        if len(state.history) >= 2 and fault == "slow":
            time.sleep(60.0)  # cut short by the time limit
        return state.legal_moves()[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bots_faults_forfeit_its_games_with_words_and_the_others_are_played(jobs: int) -> None:
    table = sg.ai.tournament(
        "cathedral", [Faulty, "random"], n=6, jobs=jobs, rotate=False, time_limit=2.0
    )
    assert len(table.results) == 6 and not table.stopped
    by_game = {f.game: f for f in table.forfeits}
    assert sorted(by_game) == [0, 1, 2, 3]  # games 4 and 5 played to the end
    assert {f.kind for f in table.forfeits} == {"illegal", "none", "error", "time"}
    for f in table.forfeits:
        assert (f.bot, f.seat, f.seed, f.ply) == ("faulty", 0, f.game, 3)
    assert "the Cathedral is already on the board" in by_game[0].words  # the rule, in words
    assert by_game[1].words == "chose no move (None)"
    assert by_game[2].words == "raised KeyError: 'no such square'"
    assert "time limit" in by_game[3].words
    assert all(table.results[g].returns == [0.0, 1.0] for g in by_game)
    assert all(table.results[g].state().is_terminal() for g in (4, 5))
    assert table.rows[0]["forfeits"] == 4 and table.rows[1]["forfeits"] == 0
    text = str(table)
    assert "forfeits: 4 of 6 games (faulty 4)" in text
    assert "faulty forfeited game 1 (seed 1) at ply 3: chose no move (None)" in text
    assert "raised KeyError" in text


class Stubborn(sg.ai.Bot):
    """Thinks until it is told to stop (its stop flag), then plays nothing."""

    name = "stubborn"
    label = "Stubborn bot"
    defaults: dict[str, Any] = {"seed": None}

    def choose(self, state: sg.State) -> Any:
        while not self.stopped():
            time.sleep(0.01)
        return None


def test_off_the_main_thread_a_bot_over_its_time_is_told_to_stop_and_forfeits() -> None:
    """As in the lab or on a Dask worker, where no alarm can interrupt it."""
    tables: list[sg.ai.Table] = []
    game = threading.Thread(
        target=lambda: tables.append(
            sg.ai.tournament("cathedral", [Stubborn, "random"], n=1, jobs=1, time_limit=0.3)
        )
    )
    game.start()
    game.join(30)
    (forfeit,) = tables[0].forfeits
    assert forfeit.kind == "time" and forfeit.ply == 1 and "0.3 s" in forfeit.words
    time.sleep(0.1)
    assert not [t for t in threading.enumerate() if t.name == "sg-bot-move"]  # it stopped


def test_register_bot_refuses_a_taken_name_a_non_bot_and_a_bot_without_games(
    registry: None,
) -> None:
    class Greedy(sg.ai.Bot):
        name = "greedy"
        games = ("cathedral",)

    with pytest.raises(ValueError, match="greedy is one of the bots every game plays"):
        sg.ai.register_bot(Greedy)
    with pytest.raises(ValueError, match="greedy is one of the bots every game plays"):
        sg.ai.register_bot(lambda s: None, name="greedy", games=("cathedral",), replace=True)
    assert sg.ai.bot_names().count("greedy") == 1
    assert sg.ai.bot("greedy").__class__ is sg.ai.GreedyBot

    class Cathedral(sg.ai.Bot):
        name = "cathedral"
        games = ("cathedral",)

    with pytest.raises(ValueError, match="already a bot named 'cathedral'.*replace=True"):
        sg.ai.register_bot(Cathedral)
    with pytest.raises(ValueError, match="takes a Bot subclass or a function"):
        sg.ai.register_bot(42)
    with pytest.raises(ValueError, match="takes a Bot class or a function, not a bot already"):
        sg.ai.register_bot(sg.ai.bot("random"))

    class Nowhere(sg.ai.Bot):
        name = "nowhere"

    with pytest.raises(ValueError, match="say which games it plays"):
        sg.ai.register_bot(Nowhere)
    with pytest.raises(ValueError, match="say which games it plays"):
        sg.ai.register_bot(lambda state: None, name="nowhere")

    class Chess(sg.ai.Bot):
        name = "chessbot"
        games = ("chess",)

    with pytest.raises(ValueError, match="no game 'chess'; the games are: cathedral"):
        sg.ai.register_bot(Chess)

    class Unnamed(sg.ai.Bot):
        games = ("cathedral",)

    with pytest.raises(ValueError, match="declare its name"):
        sg.ai.register_bot(Unnamed)
    assert "nowhere" not in sg.ai.bot_names() and "chessbot" not in sg.ai.bot_names()

    class Mine(sg.ai.Bot):
        name = "mine"
        label = "Mine"
        games = ("cathedral",)

    class Theirs(sg.ai.Bot):
        name = "mine"
        label = "Theirs"
        games = ("cathedral",)

    sg.ai.register_bot(Mine)
    with pytest.raises(ValueError, match="already a bot named 'mine'"):
        sg.ai.register_bot(Theirs)
    assert sg.ai.register_bot(Theirs, replace=True) is Theirs
    assert sg.ai.bot_class("mine") is Theirs and sg.ai.bot_names().count("mine") == 1


def test_a_bots_games_are_honoured_everywhere(registry: None) -> None:
    cell = notebook_cell(page_code("class ScoreGreedy"))
    sg.ai.register_bot(cell["ScoreGreedy"])  # Cathedral and Walls of Light
    assert "scoregreedy" not in sg.ai.bot_names("sagrada")
    assert "scoregreedy" in sg.ai.bot_names("walls_of_light")
    for bot in ("scoregreedy", cell["ScoreGreedy"], cell["ScoreGreedy"]()):
        with pytest.raises(
            ValueError, match="the scoregreedy bot plays cathedral and walls_of_light, not sagrada"
        ):
            sg.ai.tournament("sagrada", [bot], n=1, jobs=1)


@pytest.mark.parametrize(
    "jobs,words",
    [
        ("2", "jobs must be a whole number of processes, 1 or more"),
        (-1, "jobs must be a whole number of processes, 1 or more .None: every core., not -1"),
        (0, "not 0"),
        (True, "not True"),
        (1.5, "not 1.5"),
    ],
)
def test_jobs_are_checked_in_words(jobs: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        sg.ai.tournament("cathedral", ["greedy", "random"], n=2, jobs=jobs)


def test_every_argument_of_a_tournament_is_checked_in_words() -> None:
    def refused(words: str, *args: Any, **kwargs: Any) -> None:
        with pytest.raises(ValueError, match=words):
            sg.ai.tournament(*args, **kwargs)

    refused("bots is a list with one bot per seat.*not 'greedy'", "cathedral", "greedy")
    refused(
        r"cathedral is played by 2 players: give one bot per seat, not 1", "cathedral", ["greedy"]
    )
    refused(r"walls_of_light is played by 2 to 3 players", "walls_of_light", ["greedy"] * 4)
    refused("unknown game 'cathedrale'; the games are", "cathedrale", ["greedy", "random"])
    refused("unknown bot 'minimax'; the bots are: random, greedy", "cathedral", ["minimax", "x"])
    refused("bot 2: a bot is a name", "cathedral", ["greedy", 42])
    refused("time_limit must be seconds", "cathedral", ["greedy", "random"], time_limit=-1)
    refused("seed must be a whole number", "cathedral", ["greedy", "random"], seed="1")
    refused("executor must have submit", "cathedral", ["greedy", "random"], executor=object())
    refused("options are the game's options", "cathedral", ["greedy", "random"], options=[1])
    with pytest.raises(ValueError, match="unknown game 'cathedrale'; the games are: cathedral"):
        sg.ai.bot_names("cathedrale")


def test_openspiel_mcts_is_listed_where_the_bots_are_listed(capsys: Any) -> None:
    pytest.importorskip("pyspiel")  # the rl extra
    assert sg.ai.bot_names()[-1] == "openspiel-mcts"
    assert sg.ai.bot_names("sagrada")[-1] == "openspiel-mcts"
    assert "openspiel-mcts" not in sg.ai.bot_names("cathedral", extras=False)
    with pytest.raises(ValueError, match="the bots are: .*walls_horizon, level, openspiel-mcts"):
        sg.ai.bot("minimax")
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    assert "openspiel-mcts" in " ".join(capsys.readouterr().out.split())


def test_the_command_line_plays_a_bot_of_yours_from_a_file(tmp_path: pathlib.Path, capsys: Any):
    path = tmp_path / "mybot.py"
    path.write_text(page_code("def choose"))
    status = main(
        ["tournament", "cathedral", f"{path}:choose", "greedy", "-n", "2", "--quiet"]
        + ["--jobs", "2", "--time-limit", "30"]
    )
    out = capsys.readouterr()
    assert status == 0, out.err
    assert re.search(r"^choose\s+2 ", out.out, re.M)
    assert main(["tournament", "cathedral", f"{path}:nothing", "greedy", "-n", "1"]) == 2
    assert "has no nothing" in capsys.readouterr().err


def test_openspiel_plays_a_function_and_answers_returns_as_documented() -> None:
    pyspiel = pytest.importorskip("pyspiel")  # the rl extra
    from stainedglass.interop.openspiel import SpielBot

    game = pyspiel.load_game("stainedglass_cathedral")
    state = game.new_initial_state()
    assert state.returns() == [0.0, 0.0]  # OpenSpiel's convention before the end
    bot = SpielBot(lambda s: str(s.legal_moves()[-1]))
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    ours = state.sg_state
    assert state.returns() == ours.returns() and sum(ours.returns()) == 1.0
    scores = sg.load("cathedral").new_game(seed=1).scores()
    assert len(scores) == 2 and all(isinstance(s, int) for s in scores)
    with pytest.raises(ValueError, match="the game is not over"):
        sg.load("cathedral").new_game(seed=1).returns()


def test_the_docs_say_how_to_write_a_bot_and_how_to_install_for_it() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "pip install -e '.[rl,cluster]'" in readme and "(docs/bots.md)" in readme
    # which Python, and a virtual environment of its own, in the lines that install for bots
    needs = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    python = needs.removeprefix(">=")
    ai = " ".join(
        readme[readme.index("For a game-AI course") : readme.index("(docs/bots.md)")].split()
    )
    assert f"Python {python} or newer" in ai and "virtual environment" in ai
    assert f"python{python} -m venv .venv" in ai and "source .venv/bin/activate" in ai
    assert "(bots.md)" in (ROOT / "docs" / "api.md").read_text()
    page = BOTS_PAGE.read_text()
    for words in ("register_bot", "games", "defaults", "rules", "replace=True", "time_limit"):
        assert words in page, words
    cells = json.loads((ROOT / "notebooks" / "ai_lab.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells)
    assert "pip install 'stainedglass-games[views]'" in text  # what the lab needs
    assert "## Your bot" in text and "YourBotLab(" in text


def test_a_bot_is_placed_on_a_ladder_from_its_games_against_its_rungs() -> None:
    lad = sg.ai.ladder.shipped("cathedral")
    place = sg.ai.ladder.place
    lost, low, high = place(lad, [("greedy", 0.0), ("greedy", 0.0)])
    assert low <= lost < 0 and lost < high  # two games say little: the interval stays open
    even = place(lad, [("greedy", 1.0), ("cathedral:budget=0.1", 0.0)] * 3)[0]
    strong = place(lad, [("greedy", 1.0), ("cathedral:budget=0.1", 1.0)] * 3)[0]
    between = {r.bot: r.rating for r in lad.rungs}["cathedral:budget=0.1"]  # beat one, lost one
    assert lost < even < strong and 0 < even < between
    with pytest.raises(ValueError, match="'minimax' is not on cathedral's ladder"):
        place(lad, [("minimax", 1.0)])


@pytest.mark.full  # 1,500 self-play games and 40 of a search in Python: a minute on two cores
def test_the_pages_self_play_recipe_beats_greedy_at_walls_of_light() -> None:
    """docs/bots.md's "Learn from self-play", run as written: the search on the learned value
    takes more than half the points from the greedy bot over its 40 games (seeded, counted)."""
    namespace: dict[str, object] = {"print": lambda *a: None}
    exec(page_code("LinearValue.fit"), namespace)
    table = namespace["table"]
    assert table.rows[0]["games"] == 40  # type: ignore[attr-defined]  # a Table, made by the page
    assert table.rows[0]["win_rate"] > 0.5  # type: ignore[attr-defined]  # (as above)
