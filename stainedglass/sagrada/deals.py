"""Sagrada solo measured on fixed deals: bots on the same deals, the share of deals each wins
by window difficulty, and Sagrada's strength ladder made from them.

Deal ``i`` of difficulty ``d`` is the game seeded ``1000 * d + i`` on the difficulty's designed
windows in turn (3 tools, orders drawn by the seed), so every bot meets the same windows,
orders, tools and first cards (``deals``). ``play_deals`` appends each finished deal to a file
of JSON lines, one deal a line, and skips the deals already there, so a long measurement can
stop and go on later; ``done`` reads them back. From those deals: ``table`` (the share each
bot won, by difficulty), ``ladder`` (Sagrada's ladder: every bot that played the first deals
of each difficulty), ``paired_lead`` and ``words`` (how far the hint search leads the best
other search on the same deals), and ``report_part`` (the ladder's part of the strength
report).

>>> LEVELS
[3, 4, 5, 6]
>>> deals(1)[0]
(3, 0, 'Morning Lantern')
"""

from __future__ import annotations

import json
import pathlib
import textwrap
import time
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from typing import Any, cast

from ..ai.bots import bot as make_bot
from ..ai.ladder import HINT_S, Ladder, Rung
from ..ai.ladder_report import markdown
from ..ai.tournament import parse_bot, wilson
from ..core import load
from ..processes import process_pool
from .state import SagradaState
from .windows import WINDOWS

__all__ = [
    "LEVELS",
    "Row",
    "Rows",
    "deals",
    "done",
    "ladder",
    "paired_lead",
    "play",
    "play_deals",
    "played",
    "report_part",
    "table",
    "words",
]

LEVELS = sorted({w.difficulty for w in WINDOWS})
"""The window difficulties, easiest first."""

Row = dict[str, Any]
"""One deal as kept: ``bot`` (its spec), ``difficulty``, ``deal`` (its number), ``window``,
``won``, ``score``, ``target``, ``seconds`` spent thinking and ``moves`` made."""
Rows = dict[tuple[str, int, int], Row]
"""The deals kept, by (bot, difficulty, deal number)."""


def deals(n: int) -> list[tuple[int, int, str]]:
    """(difficulty, deal number, window name) of the first ``n`` deals of each difficulty."""
    out = []
    for level in LEVELS:
        names = [w.name for w in WINDOWS if w.difficulty == level]
        out += [(level, i, names[i % len(names)]) for i in range(n)]
    return out


def play(spec: str, level: int, i: int, window: str) -> Row:
    """One deal to the end: whether it was won, the score, the target and the time a move."""
    state = cast(SagradaState, load("sagrada", window=window).new_game(seed=1000 * level + i))
    name, options = parse_bot(spec)
    options.setdefault("seed", 1000 * level + i)
    bot = make_bot(name, **options)
    seconds, moves = 0.0, 0
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        start = time.perf_counter()
        move = bot.choose(state)
        seconds += time.perf_counter() - start
        moves += 1
        state.play(move)
    return {
        "bot": spec,
        "difficulty": level,
        "deal": i,
        "window": window,
        "won": state.returns()[0] == 1.0,
        "score": state.scores()[0],
        "target": state.target(),
        "seconds": round(seconds, 3),
        "moves": moves,
    }


def done(path: pathlib.Path) -> Rows:
    """The deals kept in ``path`` (none when it does not exist yet)."""
    out: Rows = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out[(row["bot"], row["difficulty"], row["deal"])] = row
    return out


def play_deals(
    path: pathlib.Path,
    bots: list[str],
    n: int,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Rows:
    """Play each bot on the first ``n`` deals of each difficulty that ``path`` does not hold
    yet, on ``jobs`` processes (default: every core), appending each deal to ``path`` as it
    ends; returns every deal kept there. ``progress(done, total)`` is called after each deal."""
    rows = done(path)
    todo = [(b, *d) for d in deals(n) for b in bots if (b, d[0], d[1]) not in rows]
    if not todo:
        return rows
    with process_pool(jobs) as pool, path.open("a") as out:
        futures = [pool.submit(play, *t) for t in todo]
        for k, future in enumerate(as_completed(futures), 1):
            row = future.result()
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows[(row["bot"], row["difficulty"], row["deal"])] = row
            if progress is not None:
                progress(k, len(todo))
    return rows


def table(rows: Rows, n: int, bots: list[str] | None = None) -> str:
    """The share each bot won of the first ``n`` deals of each difficulty (only complete
    difficulties count in the total), with 95% Wilson intervals."""
    names = bots or sorted({k[0] for k in rows})
    head = (
        "| bot | deals | won | 95% interval | "
        + " | ".join(f"difficulty {d}" for d in LEVELS)
        + " | s/move |"
    )
    lines = [head, "|---" * (5 + len(LEVELS)) + "|"]
    for bot in names:
        won = played = 0
        secs = moves = 0.0
        parts = []
        for level in LEVELS:
            mine = [rows[(bot, level, i)] for i in range(n) if (bot, level, i) in rows]
            w = sum(r["won"] for r in mine)
            won += w
            played += len(mine)
            secs += sum(r["seconds"] for r in mine)
            moves += sum(r["moves"] for r in mine)
            parts.append(f"{w}/{len(mine)}" if mine else "-")
        if not played:
            continue
        low, high = wilson(won, played)
        lines.append(
            f"| {bot} | {played} | {won / played:.1%} | {low:.1%}-{high:.1%} | "
            + " | ".join(parts)
            + f" | {secs / max(moves, 1):.2f} |"
        )
    return "\n".join(lines)


def played(rows: Rows, bot: str, n: int) -> int:
    """How many of the first ``n`` deals of every difficulty ``bot`` played (the first k of
    each difficulty, the same k for all)."""
    k = 0
    while k < n and all((bot, level, k) in rows for level in LEVELS):
        k += 1
    return k


def ladder(rows: Rows, n: int, bots: Sequence[str] | None = None) -> Ladder:
    """Sagrada's ladder from the deals played: each bot (of ``bots``, or every bot that
    played) by the share it won of the first deals of every difficulty it played (up to
    ``n``; a rung on fewer deals has a wider interval)."""
    rungs = []
    for bot in sorted({k[0] for k in rows} if bots is None else set(bots)):
        k = played(rows, bot, n)
        if not k:
            continue
        mine = [rows[(bot, level, i)] for level in LEVELS for i in range(k)]
        won = sum(r["won"] for r in mine)
        low, high = wilson(won, len(mine))
        by = {
            str(level): round(sum(r["won"] for r in mine if r["difficulty"] == level) / k, 4)
            for level in LEVELS
        }
        secs = sum(r["seconds"] for r in mine) / max(sum(r["moves"] for r in mine), 1)
        rungs.append(
            Rung(
                bot,
                round(won / len(mine), 4),
                round(low, 4),
                round(high, 4),
                len(mine),
                0.0,
                round(secs, 4),
                by,
            )
        )
    rungs.sort(key=lambda r: -r.rating)
    return Ladder("sagrada", "share won", rungs, n)


def paired_lead(rows: Rows, n: int, a: str, b: str) -> tuple[float, float, float, int]:
    """How many more of the same deals ``a`` won than ``b``, as a share of the deals both
    played (of the first ``n`` a difficulty), with its 95% interval (the deals paired: each
    deal's difference, 1, 0 or -1), and how many deals that is."""
    k = min(played(rows, a, n), played(rows, b, n))
    diffs = [
        int(rows[(a, level, i)]["won"]) - int(rows[(b, level, i)]["won"])
        for level in LEVELS
        for i in range(k)
    ]
    mean = sum(diffs) / len(diffs)
    sd = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
    half = 1.96 * sd / len(diffs) ** 0.5
    return mean, mean - half, mean + half, len(diffs)


def words(lad: Ladder, rows: Rows, n: int) -> str:
    """The sentence that says how far the hint search at a hint's second leads the best other
    search within a second, on the deals both played ("" when the ladder lacks either)."""
    fit = [r for r in lad.rungs if r.budget <= HINT_S + 1e-9]
    hint = load("sagrada").facts.hint_bot
    a = next((r for r in fit if r.bot == f"{hint}:budget={HINT_S:g}"), fit[0] if fit else None)
    b = next((r for r in fit if a is not None and r.name != a.name), None)
    if a is None or b is None:
        return ""
    mean, low, high, deals_ = paired_lead(rows, n, a.bot, b.bot)
    sure = (
        "clear of zero"
        if low > 0 or high < 0
        else "not clear of zero: the two cannot be told apart"
    )
    more = "more" if mean >= 0 else "fewer"
    return (
        f"On the same {deals_} deals, {a.bot} (the hint search) won {abs(mean):.1%} of them "
        f"{more} than {b.bot}, the best other search within a hint's second (95% interval "
        f"{low:+.1%} to {high:+.1%}, {sure})."
    )


def report_part(lad: Ladder, rows: Rows, n: int) -> str:
    """Sagrada's part of the strength report's Ladders section: the ladder as Markdown, with
    the hint search's lead (``words``) before the strongest rung."""
    part = markdown(lad, None)
    lead = words(lad, rows, n)
    if lead:
        head, strongest = part.rsplit("\n\nStrongest", 1)
        part = f"{head}\n\n{textwrap.fill(lead, 95)}\n\nStrongest{strongest}"
    return part
