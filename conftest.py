"""Collection for the whole checkout: the doctests of modules whose extra is not installed are
left out (the class's store needs the ``serve`` extra, the OpenSpiel and PettingZoo adapters the
``rl`` extra), and the store's alembic migrations run only under alembic, never on import. A
notebook's kernel that dies as it starts is started again (``KernelStartedAgain``).

Where the environment variable ``CI`` is set, a missing extra is a failure, not a skip: every
module of ``EXTRAS`` must import before a test runs, and a test skipped by
``pytest.importorskip`` fails instead, naming the extra (as the browser and PostgreSQL tests
fail there without Chromium or PostgreSQL). Elsewhere such a skip says which extra to install."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
from collections.abc import Generator
from typing import Any

import pytest

EXTRAS: dict[str, tuple[str, ...]] = {
    "views": ("ipywidgets", "anywidget", "plotly"),
    "serve": ("voila", "ipykernel", "jupyter_server", "sqlalchemy", "alembic", "segno"),
    "postgres": ("psycopg",),
    "lab": ("jupyterlab",),
    "rl": ("pyspiel", "pettingzoo", "gymnasium"),
    "cluster": ("distributed",),
    "test": ("nbval", "hypothesis", "playwright", "axe_playwright_python", "xdist"),
}
"""The modules each extra of ``pyproject.toml`` brings that the tests import: both tiers run
with ``.[all,test]`` installed (the Makefile), so CI needs every one."""


def extra_of(module: str) -> str | None:
    """The extra that brings ``module`` (a top-level name, or one inside it), if any."""
    top = module.partition(".")[0]
    return next((extra for extra, modules in EXTRAS.items() if top in modules), None)


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


def _unimportable() -> list[str]:
    """Each module of ``EXTRAS`` that does not import, with its extra and why."""
    broken = []
    for extra, modules in EXTRAS.items():
        for module in modules:
            try:
                importlib.import_module(module)
            except Exception as error:  # an ImportError, or a dependency too old to load
                broken.append(f"the {extra} extra's {module} ({type(error).__name__}: {error})")
    return broken


def _import_skip(report: pytest.CollectReport | pytest.TestReport) -> str | None:
    """The module that ``pytest.importorskip`` could not import, when that skipped ``report``."""
    if not (report.skipped and isinstance(report.longrepr, tuple)):
        return None
    found = re.search(r"could not import '([\w.]+)'", str(report.longrepr[2]))
    return found[1] if found else None


def _no_silent_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    """A skip for a missing module names its extra; where ``CI`` is set it is a failure."""
    module = _import_skip(report)
    if module is None:
        return
    assert isinstance(report.longrepr, tuple)
    extra = extra_of(module)
    need = f"the {extra} extra (pip install 'stainedglass-games[{extra}]')" if extra else module
    reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    if os.environ.get("CI"):
        report.outcome = "failed"
        report.longrepr = f"CI needs {need}: {reason}"
    else:
        report.longrepr = (*report.longrepr[:2], f"Skipped: {reason}; it needs {need}")


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, Any]:
    report = yield
    _no_silent_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Generator[None, Any, Any]:
    report = yield
    _no_silent_skip(report)
    return report


ATTEMPTS = 3


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("CI") and not hasattr(config, "workerinput"):  # once, not per xdist worker
        broken = _unimportable()
        if broken:
            raise pytest.UsageError(
                "CI needs every extra the tests use (pip install -e '.[all,test]'): "
                + "; ".join(broken)
            )
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
