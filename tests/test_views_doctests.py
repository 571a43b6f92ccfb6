"""The examples in the board views' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("anywidget")

MODULES = ["glass", "board", "suggest", "cathedral_drawing", "cathedral_view",
           "cathedral_lessons", "gallery", "testing"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"stainedglass_widgets.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
