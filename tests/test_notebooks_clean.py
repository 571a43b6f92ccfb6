"""Notebooks are committed with their outputs cleared (Voila and nbval run them fresh), and
nbval's kernel survives losing a port as it starts (the checkout's conftest.py)."""

from __future__ import annotations

import gc
import json
import pathlib
import socket
import warnings
from typing import Any

import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))


def test_the_gallery_has_its_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"index.ipynb", "cathedral_tutorial.ipynb", "cathedral_play.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_cleared(path: pathlib.Path) -> None:
    nb = json.loads(path.read_text())
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("outputs") == [], f"{path.name} cell {i} has outputs: clear them"
        assert cell.get("execution_count") is None, f"{path.name} cell {i} has a count"


def test_a_notebook_kernel_that_finds_its_port_taken_is_started_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first of the kernel's ports is one this test holds, as another process of the suite
    can take it between jupyter_client's choice and the kernel's bind: that kernel dies, and the
    notebook still gets a kernel, on other ports."""
    from jupyter_client.provisioning import local_provisioner
    from nbval import plugin

    choose = local_provisioner.LocalPortCache.find_available_port
    chosen: list[int] = []
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        taken = held.getsockname()[1]

        def find_available_port(self: Any, ip: str) -> int:
            chosen.append(taken if not chosen else choose(self, ip))
            return chosen[-1]

        monkeypatch.setattr(
            local_provisioner.LocalPortCache, "find_available_port", find_available_port
        )
        kernel = plugin.RunningKernel("python3", startup_timeout=60)
        try:
            assert kernel.is_alive()
            assert len(chosen) == 10  # five ports for the kernel that died, five for this one
            assert taken not in kernel.km.ports
        finally:
            kernel.stop()
    # nbval leaves each kernel's stderr (os.devnull) open: the two are closed here, where they
    # were opened, rather than warning in whichever later test the collector runs
    del kernel
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
