"""The engine alone: in an environment with numpy and a Jupyter kernel but no widget library,
JupyterLab draws any state as stained glass (``State._repr_svg_``).

The environment is made for real: a fresh virtual environment with only ``numpy`` and
``ipykernel`` installed from the package registry (the engine is put on its path as source), a
kernel spec for it, JupyterLab serving a notebook that uses that kernel, and Debian's Chromium
running the cell. Screenshot: ``test-artifacts/engine-alone-lab.png``.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any
from collections.abc import Iterator

import pytest

from harness import ROOT, LabServer, run_first_cell, shot

pytestmark = pytest.mark.full  # a fresh virtual environment and JupyterLab: make test-all

CELL = """import sys
import stainedglass as sg
from IPython.display import display

walls = sg.load("walls_of_light", first_player=0).new_game(seed=1)
walls.play("roll r2 b3 y6")
walls.play("place red 2:b1")
city = sg.load("cathedral").new_game(seed=1)
city.play("cathedral e4 d5 e5 f5 e6 e7")
display(city, walls)
print("widget modules:", sorted(m for m in sys.modules if "widget" in m or "plotly" in m))
"""


@pytest.fixture(scope="module")
def engine_alone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    """A virtual environment with numpy and ipykernel only, and a kernel spec running it."""
    home = tmp_path_factory.mktemp("engine-alone")
    env_dir = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "numpy",
            "ipykernel",
        ],
        check=True,
    )
    spec = home / "share" / "jupyter" / "kernels" / "engine-alone"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Engine alone",
                "language": "python",
                "env": {"PYTHONPATH": str(ROOT)},
            }
        )
    )
    yield home


def test_the_environment_has_the_engine_and_no_widgets(engine_alone: pathlib.Path) -> None:
    python = engine_alone / "venv" / "bin" / "python"
    listed = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    names = {p["name"].lower() for p in json.loads(listed)}
    assert "numpy" in names and "ipykernel" in names
    assert not names & {"ipywidgets", "anywidget", "plotly", "voila", "jupyterlab"}
    code = (
        "import stainedglass as sg\n"
        "print(all(sg.load(n).new_game(seed=1)._repr_svg_() is not None"
        " for n in ('cathedral', 'walls_of_light')))"
    )
    out = subprocess.run(
        [str(python), "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert out.stdout.strip() == "True"


def test_jupyterlab_draws_states_with_no_widget_installed(
    engine_alone: pathlib.Path, browser: Any
) -> None:
    notebooks = engine_alone / "notebooks"
    notebooks.mkdir()
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "draw",
                "metadata": {},
                "outputs": [],
                "source": CELL,
            }
        ],
        "metadata": {
            "kernelspec": {
                "name": "engine-alone",
                "display_name": "Engine alone",
                "language": "python",
            }
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (notebooks / "pictures.ipynb").write_text(json.dumps(nb))
    jupyter_path = str(engine_alone / "share" / "jupyter")
    with LabServer(
        extra_args=[f"--ServerApp.root_dir={notebooks}"], env={"JUPYTER_PATH": jupyter_path}
    ) as lab:
        page = browser.new_page(viewport={"width": 1400, "height": 1400})
        run_first_cell(page, lab.url("pictures.ipynb"), ".jp-RenderedSVG", kernel="Engine alone")
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-RenderedSVG').length >= 2", timeout=30_000
        )
        page.wait_for_selector("text=widget modules:", timeout=30_000)
        printed = page.inner_text(".jp-OutputArea-output:has-text('widget modules:')")
        assert "widget modules: []" in printed
        sources = page.eval_on_selector_all(
            ".jp-RenderedSVG img, .jp-RenderedSVG svg",
            "els => els.map(e => e.getAttribute('src') || e.outerHTML)",
        )
        pictures = " ".join(sources)
        assert "Cathedral" in pictures and "Walls" in pictures
        shot(page, "engine-alone-lab")
        page.close()
