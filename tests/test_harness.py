"""The tests' own harness (``harness.py``): a JupyterLab cell is run again only when its run was
lost on the way (the known flake), with a warning saying so; a cell that ran and failed to show
what it should fails at once, so that a retry cannot hide a first run's failure. A stand-in for
JupyterLab's page plays each case."""

from __future__ import annotations

from typing import Any

import pytest

from harness import LAB_ATTEMPTS, run_first_cell

SHOWS = ".sg-board svg"


class Lab:
    """A JupyterLab page whose first cell, run the n-th time, is ``runs[n - 1]``: ``shows``
    (it ran and drew ``SHOWS``), ``ran`` (it ran, and did not), ``lost`` (the request never
    reached the kernel: ``[*]``, the kernel idle)."""

    def __init__(self, *runs: str) -> None:
        self.runs, self.made, self.prompt = list(runs), 0, "[ ]:"
        self.keyboard = self

    def goto(self, url: str) -> None:
        pass

    def click(self, selector: str) -> None:
        pass

    def press(self, keys: str) -> None:
        self.made += 1
        run = self.runs[self.made - 1]
        self.prompt = "[*]:" if run == "lost" else f"[{self.made}]:"

    def wait_for_selector(self, selector: str, timeout: float = 0) -> None:
        if selector == SHOWS and self.runs[self.made - 1] != "shows":
            raise TimeoutError(f"waiting for {selector}")

    def text_content(self, selector: str) -> str:
        return self.prompt

    def locator(self, selector: str) -> Any:
        return self  # the kernel's status: "Idle", one element

    def count(self) -> int:
        return 1

    def screenshot(self, path: str) -> None:
        pass


def run(lab: Lab) -> None:
    run_first_cell(lab, "http://127.0.0.1/lab/tree/x.ipynb", SHOWS, timeout=1)


def test_a_lost_run_is_run_again_and_said() -> None:
    lab = Lab("lost", "shows")
    with pytest.warns(UserWarning, match=r"run was lost \(its prompt \[\*\]:, the kernel idle\)"):
        run(lab)
    assert lab.made == 2


def test_a_cell_that_ran_and_failed_is_not_run_again() -> None:
    lab = Lab("ran", "shows")
    with pytest.raises(TimeoutError):
        run(lab)
    assert lab.made == 1


def test_a_run_lost_every_time_fails_after_the_last_attempt() -> None:
    lab = Lab(*["lost"] * LAB_ATTEMPTS)
    with pytest.raises(TimeoutError), pytest.warns(UserWarning):
        run(lab)
    assert lab.made == LAB_ATTEMPTS
