"""The ladders in the strength report: each game's ladder as Markdown, and the report's
"Ladders" section rewritten in place.

The section lies between two markers (``START`` and ``END``); inside it, each game's part
begins with a ``<!-- game: NAME -->`` line. ``replace_section`` puts new parts in and keeps the
other games' parts and the rest of the report as they are; ``write_section`` does that to a
file.

>>> text = replace_section("# Strength\\n", {"cathedral": "### Cathedral\\n\\nA table."})
>>> print(text)
# Strength
<BLANKLINE>
## Ladders
<BLANKLINE>
<!-- ladders: start -->
<!-- game: cathedral -->
### Cathedral
<BLANKLINE>
A table.
<!-- ladders: end -->
<BLANKLINE>
"""

from __future__ import annotations

import pathlib
import textwrap

from ..core import games
from .ladder import HINT_S, Ladder, ladder_game

__all__ = ["END", "START", "markdown", "replace_section", "write_section"]

START = "<!-- ladders: start -->"
"""The line before the report's ladders."""
END = "<!-- ladders: end -->"
"""The line after the report's ladders."""


def markdown(lad: Ladder, seconds: float | None) -> str:
    """A ladder as the report shows it: a heading, how it was measured (``seconds`` it took to
    make, when given), the table of rungs, and the strongest rung within a hint's second."""
    elo = lad.unit == "Elo"
    words = (
        f"{lad.games_per_pairing} games "
        + (
            "a pairing, seats alternating"
            + (
                f", each pair from {lad.opening_plies} random opening moves"
                if lad.opening_plies
                else ""
            )
            + "; Bradley-Terry ratings on the Elo scale, greedy "
            "at 0 (the anchor), 95% intervals by resampling the games"
            if elo
            else "a window difficulty (fewer where a row says so), the same deals for every "
            "bot; the share of games won"
        )
        + (f" ({seconds / 60:.0f} min on this machine)." if seconds is not None else ".")
    )
    for p in lad.pairings:
        if p.get("settle"):
            words += (
                f" The two best within a hint's second had overlapping intervals, so they "
                f"played {p['games']} more games against each other to settle which the "
                f"hints use: {p['a']} took {p['a_points']:g} of the points, {p['b']} "
                f"{p['games'] - p['a_points']:g}; the ratings include them."
            )
    table = ladder_game(lad.game)
    head = f"### {table.title}\n\n{textwrap.fill(words, 95)}\n\n"
    if elo:
        rows = [
            "| bot | rating | 95% interval | games | average margin | s/move |",
            "|---|---|---|---|---|---|",
        ]
        rows += [
            f"| {r.bot} | {r.rating:.0f} | {r.low:.0f} to {r.high:.0f} | {r.games} | "
            f"{r.margin:+.1f} | {r.sec_per_move:.2f} |"
            for r in lad.rungs
        ]
    else:
        levels = sorted(lad.rungs[0].by_difficulty)
        rows = [
            "| bot | deals | won | 95% interval | "
            + " | ".join(f"difficulty {d}" for d in levels)
            + " | s/move |",
            "|---" * (5 + len(levels)) + "|",
        ]
        rows += [
            f"| {r.bot} | {r.games} | {r.rating:.0%} | {r.low:.0%}-{r.high:.0%} | "
            + " | ".join(f"{r.by_difficulty[d]:.0%}" for d in levels)
            + f" | {r.sec_per_move:.2f} |"
            for r in lad.rungs
        ]
    best = lad.strongest(HINT_S)
    at = f" at {table.num_players} players" if table.facts.max_players > 2 else ""
    return (
        head + "\n".join(rows) + f"\n\nStrongest within a hint's second: **{best}** "
        f"(the game's hint search{at}: `{table.hint_bot}`).\n"
    )


def replace_section(text: str, parts: dict[str, str]) -> str:
    """The report ``text`` with each game's part of the Ladders section replaced by
    ``parts[game]`` (the other games' parts stay; the games in the engine's order). A report
    without the section gets one at its end."""
    if START not in text:
        text = text.rstrip("\n") + f"\n\n## Ladders\n\n{START}\n{END}\n"
    before, rest = text.split(START, 1)
    inside, after = rest.split(END, 1)
    old: dict[str, str] = {}
    for chunk in inside.split("<!-- game: ")[1:]:
        name, _, body = chunk.partition(" -->\n")
        old[name] = body.strip("\n")
    old.update({k: v.strip("\n") for k, v in parts.items()})
    body = "\n\n".join(f"<!-- game: {k} -->\n{old[k]}" for k in games() if k in old)
    return f"{before}{START}\n{body}\n{END}{after}"


def write_section(path: pathlib.Path, parts: dict[str, str]) -> None:
    """Replace each game's part of the Ladders section of the report at ``path``
    (``replace_section``)."""
    path.write_text(replace_section(path.read_text(), parts))
