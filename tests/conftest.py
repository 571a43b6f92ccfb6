"""Shared test helpers and fixtures. The suites run the views in strict mode: an unexpected error
in a handler is raised, not shown as "Something went wrong" (kernels started by the tests, under
nbval and Voila, inherit it).

The browser tests share, per test process (an xdist worker, or the one process without xdist),
one Chromium (``browser``) and one Voila server serving the project's notebooks as ``stainedglass
serve`` does (``server``): each is started by the first test that asks for it and stopped when
the process ends. Each test gets a page of its own in a fresh browser context (``page``), and
each page its own kernel from the server. See tests/README.md."""

from __future__ import annotations

import os
import pathlib
import random
import tempfile
from typing import Any
from collections.abc import Iterator

import numpy as np
import pytest

import stainedglass as sg

os.environ["STAINEDGLASS_STRICT"] = "1"
# the class's store of the kernels the tests start (nbval's, the shared Voila server's): a
# SQLite file of this test process, never the user's own
os.environ["STAINEDGLASS_STORE"] = str(
    pathlib.Path(tempfile.mkdtemp(prefix="stainedglass-class-")) / "class.sqlite3"
)

SLOW_FIRST = (
    "tests/test_smoke_browser.py",
    "tests/test_views_puzzles.py",
    "tests/test_views_a11y_browser.py",
    "tests/test_views_review_browser.py",
    "tests/test_views_browser.py",
    "tests/test_views_serving.py",
    "tests/test_install.py",
    "tests/test_puzzles.py",
    "tests/test_ai.py",
    "tests/test_view_conformance.py",
    "tests/test_openspiel.py",
    "tests/test_tournament_cluster.py",
)
"""Modules started first under xdist (``--dist loadfile --no-loadscope-reorder`` hands out whole
modules in the order collected, not largest count first): the longest, so that no worker is
left with one of them at the end."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return SLOW_FIRST.index(path) if path in SLOW_FIRST else len(SLOW_FIRST)

    items.sort(key=rank)  # stable: the order within a module, and of the rest, is kept


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, one per test process (skipped without it; failed where CI is set)."""
    from harness import launch_chromium, need_browser

    sync_playwright = need_browser()
    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


@pytest.fixture(scope="session")
def server() -> Iterator[Any]:
    """Voila serving ``notebooks/`` as ``make run`` starts it (``stainedglass serve``: the
    project's voila.json, one preheated kernel per notebook), one per test process, ready once
    every pool has run its notebook. A page asked for while its notebook's pool is empty (its
    kernel taken, the next not yet started) gets a kernel started for it, as on a real server.
    Tests must leave it as they found it: each page has a kernel of its own."""
    from harness import VoilaServer, need_browser

    need_browser()  # no browser: skip (or fail) before starting a server nobody can visit
    with VoilaServer() as s:
        s.wait_ready(timeout=300)
        yield s


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A 1280 x 1000 page in a fresh context of the shared browser; requests off 127.0.0.1 are
    held unanswered and listed in ``page.outside``."""
    from harness import open_page

    pg = open_page(browser)
    yield pg
    pg.context.close()


def same(a: Any, b: Any) -> bool:
    """Deep equality that also compares numpy arrays element by element."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (
            isinstance(a, np.ndarray)
            and isinstance(b, np.ndarray)
            and a.shape == b.shape
            and bool(np.array_equal(a, b))
        )
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


def random_move(state: sg.State, rng: random.Random) -> sg.Move:
    """A chance outcome by its probability, else a uniformly random legal move."""
    if state.is_chance():
        return state.sample_chance()
    return rng.choice(state.legal_moves())


def play_random(state: sg.State, rng: random.Random, plies: int = 10**6) -> sg.State:
    """Play random moves until the end (or ``plies`` moves)."""
    for _ in range(plies):
        if state.is_terminal():
            break
        state.play(random_move(state, rng))
    return state
