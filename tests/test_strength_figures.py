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
    assert len(rows) == 4
    for bot, count, share in rows:
        assert played[bot] == 400 and won[bot] == int(count), bot
        assert f"{won[bot] / played[bot]:.1%}" == f"{share}%", bot


def test_no_figure_comes_from_a_command_that_keeps_no_games() -> None:
    # these print their tables and keep nothing: a figure they made cannot be made again
    for command in ("python -m stainedglass tournament", "python benchmarks/strength.py"):
        assert command not in PAGE
