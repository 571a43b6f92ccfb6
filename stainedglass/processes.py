"""Worker processes: every pool the package starts (a review's searches, a tournament's games,
the matches, deals and proofs the benchmarks and data files are made with) comes from
:func:`process_pool`, which first checks that the program can start processes at all, and
says in words what to change where it cannot.

A new process made by ``spawn`` (the start method everywhere but Linux's ``fork``, and the one
a review uses) or ``forkserver`` (Python 3.14's default on Linux) imports the main script
again before it works (``multiprocessing.spawn``), so that what the script defined can be sent
to it. A script that starts processes from its top level without the guard
``if __name__ == "__main__":`` would start them again in every new process; multiprocessing
refuses that in each new process, and the pool reports only that its processes broke. So the
check is made before any process starts, in the process that starts them: is the main
script, still running its top level, calling outside the guard? (Its own source says.) Inside
a new process that imports the main script all the same (where the script could not be read),
the same words stop it before it starts any process of its own.

Each pool keeps the start method it had: a review's is ``spawn``, since the review board runs
it beside the threads of a notebook's kernel, and a fork copies a process mid-way through what
its other threads were doing (a lock held stays held in the copy); the others take Python's
default, ``fork`` on Linux up to Python 3.13, which runs nothing again and needs no check.

>>> check_can_start("fork")  # a forked process runs nothing again: always fine
"""

from __future__ import annotations

import ast
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from types import FrameType

__all__ = ["process_pool", "check_can_start"]

GUARD_WORDS = (
    "starting other processes (jobs above 1) from a script needs the script's code under "
    '`if __name__ == "__main__":` (each new process reads the script again, and would start '
    "its own processes in turn); put it there, or use jobs=1"
)


def process_pool(jobs: int | None, method: str | None = None) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes (None: one a core) started by ``method`` (None: Python's
    default), once :func:`check_can_start` allows it."""
    context = multiprocessing.get_context(method)
    check_can_start(context.get_start_method())
    return ProcessPoolExecutor(jobs, mp_context=context)


def check_can_start(method: str) -> None:
    """A RuntimeError saying what the script needs where processes started by ``method`` would
    run the main script's top level again and start processes of their own; else nothing."""
    if method == "fork":  # the new process goes on from here: it runs nothing again
        return
    if getattr(multiprocessing.process.current_process(), "_inheriting", False):
        # a new process importing the main script (multiprocessing.spawn's own sign)
        raise RuntimeError(GUARD_WORDS)
    where = _unguarded_call()
    if where is not None:
        raise RuntimeError(f"{GUARD_WORDS} ({where})")


def _unguarded_call() -> str | None:
    """Where the main script's top level, still running, called here outside the guard (the
    file and line, as words), or None: no such script (a notebook, the interpreter's prompt,
    ``python -m package``, whose ``__main__`` is never run again), its top level already
    run, or the call under the guard."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not isinstance(path, str):
        return None
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None and (name == "__main__" or name.endswith(".__main__")):
        return None  # multiprocessing.spawn does not run a package's __main__ again
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not (
        frame.f_globals is vars(main) and frame.f_code.co_name == "<module>"
    ):
        frame = frame.f_back
    if frame is None or os.path.abspath(frame.f_code.co_filename) != os.path.abspath(path):
        return None
    line = frame.f_lineno
    try:
        with open(path, encoding="utf-8") as source:
            tree = ast.parse(source.read(), path)
    except (OSError, SyntaxError, ValueError):
        return None  # nothing to read: the new processes cannot run it again either
    if any(
        isinstance(node, ast.If)
        and _names_main(node.test)
        and node.body[0].lineno <= line <= (node.body[-1].end_lineno or line)
        for node in ast.walk(tree)
    ):
        return None
    return f"{os.path.basename(path)}, line {line}"


def _names_main(test: ast.expr) -> bool:
    """Whether an ``if``'s test is the guard: ``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    sides = (test.left, test.comparators[0])
    names = [isinstance(s, ast.Name) and s.id == "__name__" for s in sides]
    mains = [isinstance(s, ast.Constant) and s.value == "__main__" for s in sides]
    return isinstance(test.ops[0], ast.Eq) and sorted(names) == sorted(mains) == [False, True]
