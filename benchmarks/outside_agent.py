"""Our Cathedral bots against an agent we did not write, our engine refereeing.

Self-play tables flatter a search: the opponents share its blind spots. This plays our bots
against an outside agent, one written for the Java framework of the Kiel University of Applied
Sciences' AI course, where students build Cathedral agents
(https://github.com/WerthersEchte/cathedral). ``OutsideAgent.java`` (beside this file) runs
any such agent behind a line protocol; build it with the framework's and the agent's sources
(its header says how), then:

    python benchmarks/outside_agent.py --agent "java -cp CLASSES OutsideAgent AGENT.CLASS" \\
        -n 20 cathedral:budget=1 mcts:budget=1

Each bot plays ``-n`` games, seats alternating (even seeds: our bot is Light, which places the
Cathedral). Games are played one at a time, since an agent may think on every core. Our engine
decides every rule; the framework's own game is kept in step, and after every move the two
cities are compared square by square (buildings and claimed territory). A move one side's
rules refuse, or cities that differ (``cities_agree``), stops that game and is reported; such
a game counts for neither side. Each game is one JSON line in ``--out``, and a summary per bot
is printed: the share of the points (a draw half a point) with its 95% interval, by seat, the
average unplaced squares, and the agent's thinking time (median and longest move). A move the
agent gives that its own framework refuses is asked for again, as the course's window does (at
most ``RETRIES`` a game), and counted. The protocol, the referee and the summary are
``stainedglass.cathedral.outside_agent``; this is their command line.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from typing import IO

from stainedglass.cathedral.outside_agent import check_bots, games, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+", help="our bots, e.g. cathedral:budget=1")
    parser.add_argument("--agent", required=True, help="the command that starts the agent")
    parser.add_argument("-n", type=int, default=20, help="games a bot (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="append each game to this file as a JSON line")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("-n must be at least 1")
    check_bots(args.bots)  # a bad bot or option stops here, before any game
    command = shlex.split(args.agent)
    out: IO[str] | None = open(args.out, "a") if args.out else None  # noqa: SIM115 - closed in the finally below
    records = []
    try:
        for record in games(command, args.bots, args.n, args.seed):
            records.append(record)
            print(
                f"{record['bot']} seed {record['seed']} as {record['seat']}: "
                + (
                    record["stopped"]
                    or f"{record['points']} "
                    f"(unplaced {record['unplaced'][0]} against {record['unplaced'][1]})"
                ),
                file=sys.stderr,
                flush=True,
            )
            if out:
                out.write(json.dumps(record) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    print(summary(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
