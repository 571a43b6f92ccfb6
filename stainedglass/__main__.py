"""Command line: ``python -m stainedglass tournament GAME BOT BOT [...] -n 200 --jobs 2``.

Bots are names with optional options: ``mcts``, ``mcts:budget=0.5``, ``alphabeta:depth=3``, or
bots of your own to import: ``mybots:choose``, ``mine.py:MyBot`` (docs/bots.md).
Other commands: ``games`` (the registered games); ``ladder`` (a game's strength ladder: every
bot at several budgets, rated); ``puzzles`` (checked puzzles mined from bot games, with a
progress bar); ``serve`` (the gallery as Voila dashboards, with the ``serve`` extra) and ``lab``
(the notebooks in JupyterLab, with the ``lab`` extra).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from . import ai, core
from .ai.bots import all_bot_names
from .ai.tournament import parse_value


_GAME_HELP = "a registered game (stainedglass games lists them)"


def _option(text: str) -> tuple[str, Any]:
    key, eq, value = text.partition("=")
    if not eq:
        raise argparse.ArgumentTypeError(f"{text!r}: options are key=value, e.g. players=3")
    return key.strip(), parse_value(value.strip())


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("stainedglass-games")
    except PackageNotFoundError:  # run from a source folder that was never installed
        return "(not installed)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="stainedglass", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"stainedglass {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the registered games")
    t = commands.add_parser(
        "tournament", help="seat-rotated games between bots: win rates with 95%% intervals"
    )
    t.add_argument("game", help=_GAME_HELP)
    t.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help="one per seat: a bot by name (" + all_bot_names() + "), optionally "
        "NAME:key=value,... (mcts:budget=0.5); or one of yours to import: "
        "module:name or file.py:name (a function choose(state) -> move or a Bot "
        "subclass)",
    )
    t.add_argument("-n", "--games", type=int, default=200, help="games to play (default 200)")
    t.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    t.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    t.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --option match=True (repeatable)",
    )
    t.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786) to play the games on",
    )
    t.add_argument(
        "--fixed-seats",
        action="store_true",
        help="each bot keeps the seat it is listed in (to measure one seat)",
    )
    t.add_argument(
        "--opening-plies",
        type=int,
        default=0,
        metavar="K",
        help="each round of games (every seat rotation) starts from the same K "
        "random moves (games without chance; default 0)",
    )
    t.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a bot that thinks longer over a move forfeits the game (default: no limit)",
    )
    t.add_argument("--quiet", action="store_true", help="no progress line")
    la = commands.add_parser(
        "ladder",
        help="a game's strength ladder: every bot at several budgets, rated "
        "(Bradley-Terry, 95%% intervals)",
    )
    la.add_argument("game", help=_GAME_HELP)
    la.add_argument(
        "--budgets",
        default="0.1,0.3,1,3,10",
        help="seconds a move, comma separated (default 0.1,0.3,1,3,10)",
    )
    la.add_argument(
        "-n",
        "--games",
        type=int,
        default=20,
        help="games a pairing (a solo game: a level, such as a window difficulty; default 20)",
    )
    la.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    la.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    la.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786) to play the games on",
    )
    la.add_argument(
        "--opening-plies",
        type=int,
        default=0,
        metavar="K",
        help="each pair of games starts from the same K random moves, played "
        "from both seats (games without chance; default 0)",
    )
    la.add_argument(
        "--settle",
        type=int,
        default=0,
        metavar="N",
        help="N more games between the two best within a hint's second when "
        "their intervals overlap (default 0)",
    )
    la.add_argument(
        "--searches",
        metavar="A,B",
        help="only these searches, with greedy (default: every search of the game)",
    )
    la.add_argument("--out", metavar="FILE", help="also write the ladder to this JSON file")
    la.add_argument("--quiet", action="store_true", help="no progress line")
    pz = commands.add_parser(
        "puzzles",
        help="mine checked puzzles from bot games (reproducible: same seed, same puzzles)",
    )
    pz.add_argument("game", help=_GAME_HELP)
    pz.add_argument("-n", "--puzzles", type=int, default=40, help="puzzles to make (default 40)")
    pz.add_argument("--seed", type=int, default=0, help="the mining games' seed (default 0)")
    pz.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="the budget that checks a puzzle (default: the game's)",
    )
    pz.add_argument(
        "--margin",
        type=float,
        default=None,
        help="win-chance points the best move must win by (default: the game's)",
    )
    pz.add_argument("--out", metavar="FILE", help="write the puzzle file here (else print it)")
    pz.add_argument("--quiet", action="store_true", help="no progress bar")
    s = commands.add_parser(
        "serve",
        help="serve the gallery as Voila dashboards (pip install 'stainedglass-games[serve]')",
    )
    s.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    s.add_argument(
        "--ip",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0 lets a classroom's machines in)",
    )
    s.add_argument("--open", action="store_true", help="open the gallery in a browser")
    s.add_argument(
        "--password",
        help="the class password (letters and digits); by default a "
        "new one when other machines can reach the server",
    )
    s.add_argument(
        "--no-password",
        action="store_true",
        help="let anyone who can reach the server in, without a password",
    )
    s.add_argument(
        "--notebooks",
        metavar="FOLDER",
        help="serve this folder of notebooks instead of the gallery",
    )
    s.add_argument(
        "--class",
        dest="class_size",
        type=int,
        default=0,
        metavar="N",
        help="a class of N opens --dashboard together: N kernels run it ahead of "
        "time, so every pupil's board shows within seconds",
    )
    s.add_argument(
        "--dashboard",
        metavar="NAME",
        help="the notebook the class opens, a game's NAME_play (its address is the one printed)",
    )
    s.add_argument(
        "--max-pupils",
        type=int,
        default=None,
        metavar="N",
        help="pages holding a kernel at once, at most; one more is told the class "
        "is full (default: what the memory holds)",
    )
    s.add_argument(
        "--store",
        metavar="FILE_OR_URL",
        help="where the class's rooms, moves and progress are kept: a SQLite file, or "
        "postgresql://user@host/db for several servers sharing one class "
        "(default: class.sqlite3 in your data folder; the path is printed)",
    )
    s.add_argument(
        "--forget",
        action="store_true",
        help="delete the class's rooms, moves and progress from the store, and stop",
    )
    s.add_argument(
        "extra",
        nargs=argparse.REMAINDER,
        help="after --: more Voila options, e.g. -- --MappingKernelManager.cull_idle_timeout=600",
    )
    lab = commands.add_parser(
        "lab",
        help="copy the notebooks into a folder and open JupyterLab there "
        "(pip install 'stainedglass-games[lab]')",
    )
    lab.add_argument(
        "folder",
        nargs="?",
        default="stainedglass-notebooks",
        help="where the notebooks go (default ./stainedglass-notebooks); files you "
        "edited there are never overwritten",
    )
    lab.add_argument(
        "extra",
        nargs=argparse.REMAINDER,
        help="after --: JupyterLab options, e.g. -- --no-browser --port=8888",
    )
    return parser


def _extra(args: list[str]) -> list[str]:
    return args[1:] if args[:1] == ["--"] else args


def main(argv: list[str] | None = None) -> int:
    """The ``stainedglass`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.command == "games":
        print("\n".join(core.games()))
        return 0
    if args.command in ("serve", "lab"):
        try:  # the views are a separate extra: the engine alone imports no Jupyter package
            from stainedglass_widgets.serving import serve
        except ImportError:
            print(
                f"stainedglass {args.command}: the views are not installed: "
                f"pip install 'stainedglass-games[{args.command}]'",
                file=sys.stderr,
            )
            return 2
        try:
            status: int  # the views' package lies outside the engine's type check
            if args.command == "serve":
                status = serve.serve(
                    args.port,
                    args.ip,
                    args.open,
                    args.notebooks,
                    _extra(args.extra),
                    args.password,
                    args.no_password,
                    class_size=args.class_size,
                    dashboard=args.dashboard,
                    max_pupils=args.max_pupils,
                    store=args.store,
                    forget=args.forget,
                )
            else:
                status = serve.lab(args.folder, _extra(args.extra))
            return status
        except ValueError as e:
            print(f"stainedglass {args.command}: {e}", file=sys.stderr)
            return 2

    def progress(done: int, total: int) -> None:
        _bar(done, total, "games")

    if args.command == "ladder":
        return _ladder(args, progress)
    if args.command == "puzzles":
        return _puzzles(args)
    from .ai.tournament import cluster

    executor = None
    try:  # Ctrl-C cancels the games not yet played; the table shows those finished
        executor = cluster(args.scheduler) if args.scheduler else None
        table = ai.tournament(
            args.game,
            args.bots,
            n=args.games,
            jobs=args.jobs,
            seed=args.seed,
            options=dict(args.option),
            executor=executor,
            progress=None if args.quiet else progress,
            rotate=not args.fixed_seats,
            opening_plies=args.opening_plies,
            time_limit=args.time_limit,
        )
    except ValueError as e:
        print(f"stainedglass: {e}", file=sys.stderr)
        return 2
    finally:
        if executor is not None:
            executor.close()
    print(("\n" if table.stopped and not args.quiet else "") + str(table))
    return 130 if table.stopped else 0


def _bar(done: int, total: int, what: str) -> None:
    """The commands' progress bar on stderr: ``[#####.....] 12/40 puzzles`` (or games)."""
    filled = round(20 * done / total) if total else 20
    print(
        f"\r[{'#' * filled}{'.' * (20 - filled)}] {done}/{total} {what}",
        end="" if done < total else "\n",
        file=sys.stderr,
        flush=True,
    )


def _puzzles(args: argparse.Namespace) -> int:
    import threading

    from .ai import puzzles

    stop = threading.Event()
    if not args.quiet:
        _bar(0, args.puzzles, "puzzles")
    try:
        found = puzzles.make(
            args.game,
            n=args.puzzles,
            seed=args.seed,
            playouts=args.playouts,
            margin=args.margin,
            stop=stop,
            progress=None if args.quiet else lambda done, total: _bar(done, total, "puzzles"),
        )
    except ValueError as e:
        print(f"stainedglass puzzles: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nstainedglass puzzles: stopped", file=sys.stderr)
        return 130
    g = core.load(args.game)
    text = puzzles.dumps(
        found,
        command=f"python -m stainedglass puzzles {g.name} -n "
        f"{args.puzzles} --seed {args.seed}"
        + (f" --playouts {args.playouts}" if args.playouts else "")
        + (f" --margin {args.margin}" if args.margin else ""),
        playouts=args.playouts or g.puzzle_rules.playouts,
        margin=args.margin or g.puzzle_rules.margin,
    )
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
        print(f"{len(found)} puzzles written to {args.out}", file=sys.stderr)
    else:
        print(text, end="")
    return 0 if len(found) == args.puzzles else 1


def _ladder(args: argparse.Namespace, progress: Any) -> int:
    import json

    from .ai.ladder import ladder
    from .ai.tournament import cluster

    try:
        budgets = tuple(float(b) for b in args.budgets.split(","))
    except ValueError:
        print(
            f"stainedglass ladder: --budgets are seconds such as 0.1,1,10, not {args.budgets!r}",
            file=sys.stderr,
        )
        return 2
    executor = None
    try:
        executor = cluster(args.scheduler) if args.scheduler else None
        lad = ladder(
            args.game,
            budgets,
            games=args.games,
            jobs=args.jobs,
            seed=args.seed,
            executor=executor,
            progress=None if args.quiet else progress,
            opening_plies=args.opening_plies,
            settle=args.settle,
            searches=args.searches.split(",") if args.searches else None,
        )
    except ValueError as e:
        print(f"stainedglass ladder: {e}", file=sys.stderr)
        return 2
    finally:
        if executor is not None:
            executor.close()
    print(lad)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(lad.to_dict(), f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
