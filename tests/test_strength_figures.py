"""The figures of ``benchmarks/STRENGTH.md`` come from games kept in ``benchmarks/data/``: each
match's command names a match the data holds, with as many games as the command plays, and the
match's figure (the first bot's result a seat) is the one the page gives; each Sagrada bot's
deals won are those the data holds. A figure whose games are not kept has no place there."""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re
import shlex
from typing import Any

from stainedglass.ai.matches import done, key, lead

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = (ROOT / "benchmarks" / "STRENGTH.md").read_text()
DATA = ROOT / "benchmarks" / "data"


def matches_commands() -> list[argparse.Namespace]:
    """Each ``python benchmarks/matches.py ...`` command of the page, its arguments read as
    ``benchmarks/matches.py`` reads them."""
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("bots", nargs=2)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--jobs", type=int)
    parser.add_argument("--seeds-from", type=int, default=0)
    parser.add_argument("--lone", action="store_true")
    found = re.findall(r"python benchmarks/matches\.py ([^`\n]+)", PAGE)
    return [parser.parse_args(shlex.split(text)) for text in found if text.strip() != "--table"]


def test_each_match_on_the_page_is_kept_game_by_game() -> None:
    kept = collections.defaultdict(list)
    for (match, _), row in done(DATA / "matches.jsonl").items():
        kept[match].append(row)
    commands = matches_commands()
    assert len(commands) >= 15
    for c in commands:
        a, b = c.bots
        match = key(c.game, c.players, a, b, c.seeds_from, c.lone)
        assert len(kept[match]) == c.n, f"{match}: {len(kept[match])} games kept, not {c.n}"
        share = lead(kept[match])[3]
        assert f"{share:.1%}" in PAGE, f"{match}: its figure {share:.1%} is not on the page"


def test_each_sagrada_bot_s_deals_won_are_the_kept_ones() -> None:
    won, played = collections.Counter(), collections.Counter()
    for line in (DATA / "sagrada_deals.jsonl").read_text().splitlines():
        deal = json.loads(line)
        played[deal["bot"]] += 1
        won[deal["bot"]] += bool(deal["won"])
    rows = re.findall(r"^\| `([^`]+)`[^|]*\| (\d+): \**([\d.]+)%", PAGE, re.MULTILINE)
    assert len(rows) == 5
    for bot, count, share in rows:
        assert played[bot] == 400 and won[bot] == int(count), bot
        assert f"{won[bot] / played[bot]:.1%}" == f"{share}%", bot


def test_no_figure_comes_from_a_command_that_keeps_no_games() -> None:
    # these print their tables and keep nothing: a figure they made cannot be made again
    for command in ("python -m stainedglass tournament", "python benchmarks/strength.py"):
        assert command not in PAGE


def test_each_level_s_figures_are_its_kept_games() -> None:
    """``levels.json``'s measured shares are those of the games kept in ``levels.jsonl`` for
    the level's present settings (work and temperature) against the level below, and the
    page's Levels section gives them."""
    from stainedglass.ai.levels import levels_path, read_levels
    from stainedglass.catalogue import GAMES

    kept = collections.defaultdict(list)
    for (match, _), row in done(DATA / "levels.jsonl").items():
        kept[match].append(row)
    measured = 0
    for game in GAMES:
        data = json.loads(levels_path(game).read_text())
        read_levels(data)
        for table in data["tables"]:
            players, rows = table["players"], table["levels"]
            specs = ["greedy"] + [
                f"level:work={r['work']},temperature={r['temperature']}" for r in rows
            ]
            for k, row in enumerate(rows):
                if not row["games"]:
                    continue
                if players == 1:  # played alone: the share of the same deals won
                    match = f"{game}, 1 player: {specs[k + 1]}, seeds from 600000"
                    deals = kept[match][: row["games"]]
                    won = sum(r["returns"][0] >= 1 for r in deals)
                    assert len(deals) == row["games"], match
                    assert round(won / len(deals), 4) == row["rating"], match
                    assert f"{won / len(deals):.1%} of {len(deals)}" in PAGE, match
                    continue
                match = key(game, players, specs[k + 1], specs[k], 600_000)
                games = kept[match][: row["games"]]
                assert len(games) == row["games"], match
                share = sum(mine_over_both(r) for r in games) / len(games)
                assert round(share, 4) == row["share_below"], match
                assert f"| {row['level']} | {row['work']} | " in PAGE, match
                assert f"{share:.1%} against" in PAGE, match
                measured += 1
    assert measured >= LEVELS_MEASURED


def mine_over_both(row: dict[str, Any]) -> float:
    """The first bot's points a seat over both bots' points a seat, in one game."""
    a, b = (
        sum(x for x, s in zip(row["returns"], row["seating"]) if s == who)
        / row["seating"].count(who)
        for who in (0, 1)
    )
    return a / (a + b) if a + b > 0 else 0.5


LEVELS_MEASURED = 8
"""At least one game's eight levels are measured (Cathedral's)."""
