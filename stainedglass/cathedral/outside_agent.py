"""Our Cathedral bots against an agent we did not write, over a line protocol, our engine
refereeing.

The agents are those written for the Java framework of the Kiel University of Applied
Sciences' AI course (https://github.com/WerthersEchte/cathedral), run behind a line protocol
(``benchmarks/OutsideAgent.java`` in the repository). We send one line and read one answer:

- ``think``: the agent's move, ``move MS PLACEMENT`` (``MS`` the milliseconds it took);
  ``bad MS PLACEMENT`` when its own framework refused it (nothing played: asked again, at most
  ``RETRIES`` times a game), ``none MS`` when it gives no move;
- ``play PLACEMENT``: our move, answered ``ok``, or ``err WHY`` when the framework refuses it;
- ``pass``: the side to move cannot place (answered ``ok``);
- ``board``: the framework's city, 100 colour ids row by row (``city_code``'s form);
- ``quit``: the agent stops.

A placement is its building and squares as ``x,y`` (``placement_text``). Our engine decides
every rule; the framework's own game is kept in step, and after every move the two cities are
compared square by square (``cities_agree``). A move one side's rules refuse, or cities that
differ, stops the game, and the record says why (``play``); such a game counts for neither
side. ``games`` plays a match, ``summary`` sums it up per bot: the share of the points (a draw
half a point) with its 95% interval, by seat, the average unplaced squares, and the agent's
thinking time.
"""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Iterator
from typing import Any, cast

from ..ai.bots import bot as make_bot
from ..ai.tournament import parse_bot, wilson
from ..core import Move, State, load
from .game import CathedralState
from .pieces import ALL_PIECES, DARK, LIGHT, NEUTRAL, Placement, cells_of

__all__ = [
    "CATHEDRAL",
    "DARK_BUILT",
    "DARK_HELD",
    "FREE",
    "LIGHT_BUILT",
    "LIGHT_HELD",
    "RETRIES",
    "SEATS",
    "Agent",
    "check_bots",
    "cities_agree",
    "city_code",
    "games",
    "placement_text",
    "play",
    "summary",
]

SEATS = ("Light", "Dark")
RETRIES = 20  # an agent's moves its own framework may refuse in a game before it is stopped
# the framework's colour ids: Light builds in White, Dark in Black, the Cathedral is Blue
FREE, CATHEDRAL, DARK_BUILT, DARK_HELD, LIGHT_BUILT, LIGHT_HELD = "012345"


def placement_text(move: Move) -> str:
    """A placement as the protocol says it: ``castle 2,3 2,4 3,3 ...`` (squares as x,y sorted
    as text; x is the column, y the row, both from 0 at a1)."""
    if not isinstance(move, Placement):
        raise ValueError(f"{move} is not a Cathedral placement")
    return f"{ALL_PIECES[move.piece]} " + " ".join(
        sorted(f"{x},{y}" for x, y in cells_of(move.mask))
    )


def city_code(state: State) -> str:
    """Our city in the framework's colour ids, row by row (``board``'s answer)."""
    if not isinstance(state, CathedralState):
        raise ValueError(f"not a Cathedral position: {type(state).__name__}")
    occ, terr = state.occ, state.terr
    free = ~(occ[LIGHT] | occ[DARK] | occ[NEUTRAL])
    code = []
    for i in range(100):
        bit = 1 << i
        code.append(
            LIGHT_BUILT
            if occ[LIGHT] & bit
            else DARK_BUILT
            if occ[DARK] & bit
            else CATHEDRAL
            if occ[NEUTRAL] & bit
            else LIGHT_HELD
            if terr[LIGHT] & free & bit
            else DARK_HELD
            if terr[DARK] & free & bit
            else FREE
        )
    return "".join(code)


def cities_agree(ours: str, theirs: str, mover: int) -> bool:
    """Whether the framework's city (``theirs``) is ours after ``mover`` (0 Light, 1 Dark)
    placed a building. The framework looks for claims of both sides after every placement; our
    rules look for the placing side's, so a region the other side walled off becomes its
    territory one ply later here (at its next placement, before it could matter). Buildings
    and the mover's territory must agree square by square."""
    waiting = DARK_HELD if mover == LIGHT else LIGHT_HELD
    return len(ours) == len(theirs) and all(
        a == b or (a == FREE and b == waiting) for a, b in zip(ours, theirs)
    )


class Agent:
    """The outside agent's process, spoken to one line at a time."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line: str) -> str:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + "\n")
        stdin.flush()
        answer = stdout.readline()
        if not answer:
            raise RuntimeError(
                f"the agent stopped (asked {line!r}, exit code {self.process.poll()})"
            )
        return answer.strip()

    def think(self) -> tuple[list[str], int]:
        """The agent's answer to ``think``, as words, and the milliseconds it says it took."""
        words = self.ask("think").split()
        return words, int(words[1]) if len(words) > 1 and words[1].isdigit() else 0

    def close(self) -> None:
        try:
            self.ask("quit")
            self.process.wait(timeout=10)
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            self.process.kill()


def play(command: list[str], spec: str, seed: int, seat: int) -> dict[str, Any]:
    """One game of the bot ``spec`` in ``seat`` (0 Light, 1 Dark) against the agent."""
    name, options = parse_bot(spec)
    bot = make_bot(name, seed=seed, **options)
    state = cast(CathedralState, load("cathedral").new_game())
    agent = Agent(command)
    agent_ms: list[int] = []
    our_s: list[float] = []
    stopped = None
    refused = 0  # the agent's moves its own framework refused
    agent_next = None  # whose turn the framework thinks it is: None for the Cathedral
    try:
        while not state.is_terminal():
            side = state.to_move
            if agent_next is not None and side != agent_next:  # a side that cannot place
                agent.ask("pass")
                agent_next = side
            if side == seat:
                start = time.perf_counter()
                move = bot.choose(state)
                our_s.append(time.perf_counter() - start)
                answer = agent.ask("play " + placement_text(move))
                if answer != "ok":
                    stopped = (
                        f"ply {len(state.history)}: the framework refused our {move}: {answer}"
                    )
                    break
            else:
                words, ms = agent.think()
                while words[0] == "bad" and refused < RETRIES:  # asked again, as the
                    refused += 1  # course's own window does when its framework refuses a move
                    words, more = agent.think()
                    ms += more
                if words[0] != "move":
                    stopped = f"ply {len(state.history)}: the agent answered {' '.join(words)}"
                    break
                agent_ms.append(ms)
                text = " ".join(words[2:])
                found = [m for m in state.legal_moves() if placement_text(m) == text]
                if not found:
                    stopped = f"ply {len(state.history)}: the agent's {text} breaks our rules"
                    break
                move = found[0]
            state.play(move)
            agent_next = DARK if agent_next is None else 1 - agent_next
            if not cities_agree(city_code(state), agent.ask("board"), side):
                stopped = f"ply {len(state.history)}: the cities differ after {move}"
                break
    finally:
        agent.close()
    record: dict[str, Any] = {
        "bot": spec,
        "seed": seed,
        "seat": SEATS[seat],
        "plies": len(state.history),
        "stopped": stopped,
        "agent_ms": agent_ms,
        "refused": refused,
        "our_s": [round(s, 3) for s in our_s],
        "moves": [str(m) for m in state.history],
    }
    if stopped is None:
        scores = state.scores()
        mine, theirs = scores[seat], scores[1 - seat]
        record.update(
            unplaced=[mine, theirs], points=1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        )
    return record


def summary(records: list[dict[str, Any]]) -> str:
    """Each bot's points against the agent, by seat, with the agent's thinking time."""
    lines = []
    for spec in dict.fromkeys(r["bot"] for r in records):
        mine = [r for r in records if r["bot"] == spec and r["stopped"] is None]
        stopped = sum(1 for r in records if r["bot"] == spec and r["stopped"] is not None)
        if not mine:
            lines.append(f"{spec}: no game finished ({stopped} stopped)")
            continue
        points = sum(r["points"] for r in mine)
        low, high = wilson(points, len(mine))

        def wdl(some: list[dict[str, Any]]) -> str:
            return "-".join(str(sum(1 for g in some if g["points"] == p)) for p in (1, 0.5, 0))

        seats = ", ".join(f"as {s} {wdl([r for r in mine if r['seat'] == s])}" for s in SEATS)
        ms = [m for r in mine for m in r["agent_ms"]]
        lines.append(
            f"{spec}: {wdl(mine)} (won-drawn-lost) of {len(mine)}, {points / len(mine):.1%} of the "
            f"points (95% interval {low:.1%}-{high:.1%}); {seats}; unplaced squares "
            f"{statistics.mean(r['unplaced'][0] for r in mine):.1f} against the agent's "
            f"{statistics.mean(r['unplaced'][1] for r in mine):.1f}; the agent's move "
            f"{statistics.median(ms) / 1000:.2f} s median, {max(ms) / 1000:.0f} s longest"
            + (f"; {stopped} games stopped" if stopped else "")
            + (
                f"; the agent's framework refused {refused} of its moves (asked again)"
                if (refused := sum(r["refused"] for r in mine))
                else ""
            )
        )
    return "\n".join(lines)


def check_bots(specs: list[str]) -> None:
    """Make each bot once, so that a bad bot or option stops a match before any game (a
    ValueError naming it)."""
    for spec in specs:
        name, options = parse_bot(spec)
        make_bot(name, **options)


def games(command: list[str], specs: list[str], n: int, seed: int = 0) -> Iterator[dict[str, Any]]:
    """Each bot's ``n`` games against the agent that ``command`` starts, one at a time (an
    agent may think on every core), seats alternating (game ``k`` is seeded ``seed + k``; even
    ``k``: our bot is Light, which places the Cathedral): each game's record as it ends."""
    check_bots(specs)
    for spec in specs:
        for k in range(n):
            yield play(command, spec, seed + k, k % 2)
