"""Every game's play dashboard works in JupyterLab too (not only under Voila): the notebook's cell
runs in a real JupyterLab page in Debian's Chromium, the board appears, and a click on it reaches
the kernel and redraws it. Screenshots: ``test-artifacts/lab-<game>.png``.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest

pytest.importorskip("anywidget")

from stainedglass_widgets import views
from harness import ROOT, LabServer, run_first_cell, shot

pytestmark = pytest.mark.full  # JupyterLab, a server of its own: make test-all


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """JupyterLab on a copy of the notebooks (it saves what it runs: never into the project)."""
    folder = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", folder / "notebooks")
    with LabServer(extra_args=[f"--ServerApp.root_dir={folder}"]) as server:
        yield server


@pytest.mark.parametrize("game", list(views()))
def test_play_dashboard_in_jupyterlab(game: str, lab: Any, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    board = ".sg-view .sg-board"
    run_first_cell(page, lab.url(f"notebooks/{game}_play.ipynb"), board + " svg")
    said = page.inner_text(".sg-view .sg-message")
    chance = page.locator(".sg-view .sg-chance")
    if chance.is_visible() and chance.is_enabled():  # dice or cards come first
        chance.click()
    else:
        target = page.get_attribute(f"{board} [data-id]", "data-id")
        page.click(f'{board} [data-id="{target}"]')
    # the kernel answers the click in words
    page.wait_for_function(
        "(said) => document.querySelector('.sg-view .sg-message').innerText !== said",
        arg=said,
        timeout=30_000,
    )
    shot(page, f"lab-{game}")
    assert "Something went wrong" not in page.inner_text(".sg-view .sg-message")
    page.close()
