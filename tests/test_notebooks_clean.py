"""Notebooks are committed with their outputs cleared (Voila and nbval run them fresh)."""

from __future__ import annotations

import json
import pathlib

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
