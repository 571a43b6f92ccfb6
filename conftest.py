"""Collection for the whole checkout: the doctests of modules whose extra is not installed are
left out (the class's store needs the ``serve`` extra, the OpenSpiel and PettingZoo adapters the
``rl`` extra), and the store's alembic migrations run only under alembic, never on import. A
notebook's kernel that dies as it starts is started again (``KernelStartedAgain``)."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(m) is None for m in modules)


CLASSROOM = "widgets/stainedglass_widgets/serving/classroom"
collect_ignore = [f"{CLASSROOM}/migrations"]
if _missing("sqlalchemy", "alembic"):
    collect_ignore += [f"{CLASSROOM}/{name}" for name in ("__init__.py", "store.py", "rooms.py")]
collect_ignore += [
    f"stainedglass/interop/{name}"
    for name, needs in (("openspiel.py", "pyspiel"), ("pettingzoo.py", "pettingzoo"))
    if _missing(needs)
]


ATTEMPTS = 3


def pytest_configure(config: pytest.Config) -> None:
    try:
        from nbval import plugin
    except ImportError:  # nbval is a test tool; without it no notebook is collected
        return
    if getattr(plugin.RunningKernel, "started_again", False):
        return  # configured once already in this process

    class KernelStartedAgain(plugin.RunningKernel):  # type: ignore[misc]  # nbval is untyped
        """nbval's kernel, started again (at most ``ATTEMPTS`` times in all) when it dies before
        it answers. jupyter_client picks a kernel's five ports by binding each and letting it go;
        while the suite's other processes (the other xdist worker, the Voila servers, Chromium,
        Dask, PostgreSQL) open ports of their own, one of the five can be taken before the kernel
        binds it, and the kernel exits: "Kernel died before replying to kernel_info". A new start
        picks new ports. A kernel that dies for any other reason dies every time, and the last
        error is raised."""

        started_again = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            for attempt in range(1, ATTEMPTS + 1):
                try:
                    super().__init__(*args, **kwargs)
                    return
                except RuntimeError as error:
                    if "died" not in str(error) or attempt == ATTEMPTS:
                        raise

    plugin.RunningKernel = KernelStartedAgain
