"""Installed as a new user installs it: the wheel built from this checkout, put into fresh virtual
environments outside it (pip takes the dependencies from the package registry).

- ``pip install stainedglass-games``: the engine alone, numpy and nothing of Jupyter; it plays games;
  ``stainedglass serve`` says which extra it needs.
- ``pip install 'stainedglass-games[serve]'``: ``stainedglass serve`` serves the gallery from the
  installed package (its notebooks, settings and template are package data).
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator

import pytest

from stainedglass_widgets.kit.registry import views
from harness import ROOT, free_port

pytestmark = pytest.mark.full  # wheels built and installed, a server of its own: make test-all

JUPYTER = {
    "jupyterlab",
    "jupyter-server",
    "jupyter-core",
    "jupyter-client",
    "notebook",
    "ipykernel",
    "ipython",
    "ipywidgets",
    "anywidget",
    "plotly",
    "voila",
    "nbconvert",
    "tornado",
    "traitlets",
}

PLAY = """
import random
import stainedglass as sg
for name in sg.games():
    state = sg.load(name).new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
        else:
            state.play(rng.choice(state.legal_moves()))
    print(name, state.returns())
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (built,) = out.glob("stainedglass_games-*.whl")
    return built


def fresh_env(where: pathlib.Path, requirement: str) -> pathlib.Path:
    """A new virtual environment in ``where`` with ``requirement`` installed; its bin folder."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    done = subprocess.run(
        [
            str(where / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            requirement,
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=where,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return where / "bin"


def outside_env(bin_dir: pathlib.Path) -> dict[str, str]:
    """An environment that knows nothing of this checkout or of the test run's Python."""
    keep = {k: v for k, v in os.environ.items() if k in ("HOME", "LANG", "TMPDIR")}
    return {**keep, "PATH": f"{bin_dir}:/usr/bin:/bin"}


def installed(bin_dir: pathlib.Path) -> set[str]:
    listed = subprocess.run(
        [
            str(bin_dir / "python"),
            "-m",
            "pip",
            "list",
            "--format=json",
            "--disable-pip-version-check",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {p["name"].lower().replace("_", "-") for p in json.loads(listed)}


def test_the_wheel_holds_every_data_file_and_notebook(wheel: pathlib.Path) -> None:
    expected = set()
    for folder, inside in (
        (ROOT / "stainedglass", "stainedglass"),
        (ROOT / "widgets" / "stainedglass_widgets", "stainedglass_widgets"),
        (ROOT / "notebooks", "stainedglass_widgets/notebooks"),
    ):
        for path in folder.rglob("*"):
            if (
                path.suffix in {".md", ".json", ".js", ".j2", ".html", ".ipynb"}
                and ".ipynb_checkpoints" not in path.parts
            ):
                expected.add(f"{inside}/{path.relative_to(folder).as_posix()}")
    assert "stainedglass_widgets/kit/board.js" in expected
    assert "stainedglass_widgets/notebooks/index.ipynb" in expected
    assert expected <= set(zipfile.ZipFile(wheel).namelist())


def test_the_wheel_holds_no_test_harness_and_no_conftest(wheel: pathlib.Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith(("conftest.py", "harness.py", "testing.py"))]
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/"))]
    assert "stainedglass_widgets/serving/classroom/store.py" in names


def test_the_bare_wheel_is_the_engine_alone_and_plays(
    wheel: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    bin_dir = fresh_env(tmp_path / "venv", str(wheel))
    names = installed(bin_dir)
    assert {"stainedglass-games", "numpy"} <= names
    assert not names & JUPYTER, sorted(names & JUPYTER)
    env = outside_env(bin_dir)
    played = subprocess.run(
        [str(bin_dir / "python"), "-c", PLAY],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert played.returncode == 0, played.stderr
    assert [line.split()[0] for line in played.stdout.splitlines()] == [
        "cathedral",
        "coloring",
        "sagrada",
        "walls_of_light",
    ]
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import stainedglass; print(stainedglass.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    ).stdout
    assert str(tmp_path / "venv") in where and str(ROOT) not in where
    refused = subprocess.run(
        [str(bin_dir / "stainedglass"), "serve"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "pip install 'stainedglass-games[serve]'" in refused.stderr
    views_missing = subprocess.run(
        [str(bin_dir / "python"), "-c", "import stainedglass_widgets"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert "pip install 'stainedglass-games[views]'" in views_missing.stderr


@pytest.fixture(scope="module")
def served(
    wheel: pathlib.Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, pathlib.Path]]:
    """``stainedglass serve`` from a fresh environment with the ``serve`` extra."""
    home = tmp_path_factory.mktemp("served")
    bin_dir = fresh_env(home / "venv", f"{wheel}[serve]")
    port = free_port()
    log_path = ROOT / "test-artifacts" / f"installed-serve-{port}.log"
    log_path.parent.mkdir(exist_ok=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(bin_dir / "stainedglass"), "serve", f"--port={port}"],
            cwd=home,
            env=outside_env(bin_dir),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 90
            while True:
                assert proc.poll() is None, log_path.read_text()
                try:  # the list of files: it answers without taking a preheated kernel
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=2)
                    break
                except OSError:
                    assert time.monotonic() < deadline, "not serving after 90 s"
                    time.sleep(0.3)
            yield port, log_path
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def test_the_serve_wheel_serves_the_gallery_from_the_installed_package(
    served: tuple[int, pathlib.Path], tmp_path: pathlib.Path
) -> None:
    port, log_path = served
    bare = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=120)  # to the gallery
    assert bare.url == f"http://127.0.0.1:{port}/voila/render/index.ipynb"
    page = bare.read().decode()
    for game in views():
        assert f'data-game=\\"{game}\\"' in page, game
    assert "Content-Security-Policy" in page  # the project's offline template
    log = log_path.read_text()
    assert "the gallery is at http://127.0.0.1:" in log
    assert "is filled with 1 kernel" in log  # voila.json's preheated kernels
    deadline = time.monotonic() + 300  # and it says when every one of them has run
    while ": the gallery is ready." not in log_path.read_text():
        assert time.monotonic() < deadline, log_path.read_text()[-3000:]
        time.sleep(0.5)
    assert str(ROOT) not in log  # nothing came from this checkout
    # a play dashboard renders from the package too
    play = (
        urllib.request.urlopen(
            f"http://127.0.0.1:{port}/voila/render/cathedral_play.ipynb", timeout=120
        )
        .read()
        .decode()
    )
    assert "application/vnd.jupyter.widget-view+json" in play
