"""Serving settings: `stainedglass serve` (what `make run` runs), its voila.json, the offline
template, `stainedglass lab`, and Binder's settings (read by Jupyter Server)."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from typing import Any

import pytest

from stainedglass.__main__ import main
from stainedglass_widgets.serving import serve
from stainedglass_widgets.kit.registry import views
from harness import ROOT, VoilaServer, _Server, run_async

SERVER = ROOT / "widgets" / "stainedglass_widgets" / "serving" / "server"
TEMPLATE = SERVER / "jupyter" / "voila" / "templates" / "stainedglass"
BINDER = ROOT / "binder"


def test_voila_json_preheats_and_culls() -> None:
    conf = json.loads((SERVER / "voila.json").read_text())
    assert conf["VoilaConfiguration"]["preheat_kernel"] is True
    assert conf["VoilaConfiguration"]["default_pool_size"] >= 1
    assert conf["VoilaConfiguration"]["template"] == "stainedglass"
    # kernels end once their page has closed for a minute, or 20 minutes after the last input
    # (the page stops its pings after 10 minutes; the server culls after 10 idle minutes more)
    assert conf["VoilaConfiguration"]["multi_kernel_manager_class"] == (
        "stainedglass_widgets.serving.kernels.ClassKernelManager"
    )
    assert conf["ClassKernelManager"]["closed_timeout"] == 60
    assert conf["MappingKernelManager"] == {
        "cull_idle_timeout": 600,
        "cull_interval": 30,
        "cull_connected": True,
    }
    js = (ROOT / "widgets" / "stainedglass_widgets" / "kit" / "board.js").read_text()
    assert "const IDLE_MS = 10 * 60 * 1000;" in js
    # the used kernel's replacement waits until the visitor's page has loaded (docs/serving.md)
    assert conf["VoilaKernelManager"]["fill_delay"] >= 3
    # a cell's outputs may come late from a busy server: wait for them, never drop them
    assert conf["VoilaExecutor"]["iopub_timeout"] >= 30
    # plotly's lab extension is not needed (FigureWidget is an anywidget): keep it off page load
    assert "jupyterlab-plotly" in conf["VoilaConfiguration"]["extension_denylist"]


def test_make_run_is_stainedglass_serve_on_8866() -> None:
    make = (ROOT / "Makefile").read_text()
    run = make.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "PORT ?= 8866" in make and "stainedglass serve --port=$(PORT)" in run


def _make_dry_run(folder: pathlib.Path, target: str) -> str:
    """What ``make TARGET`` would run in ``folder`` (as from a shell, even under make)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(
        ["make", "-n", target], cwd=folder, capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_only_what_serving_needs(tmp_path: pathlib.Path) -> None:
    # a fresh clone: make run installs the serve extra alone, make test everything
    for name in ("Makefile", "pyproject.toml", "setup.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    run = _make_dry_run(tmp_path, "run")
    assert 'pip install --quiet -e ".[serve]"' in run and ".[all" not in run
    assert run.rstrip().endswith("stainedglass serve --port=8866")
    assert 'pip install --quiet -e ".[all,test]"' in _make_dry_run(tmp_path, "test")
    # quiet means quiet: setuptools' banner about editable installs is a warning, left out
    for line in run.splitlines():
        if "pip install" in line and "-e " in line:
            assert line.lstrip().startswith("PYTHONWARNINGS=ignore "), line
    # the whole install there and up to date: make run installs nothing less over it
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / ".installed").touch()
    run = _make_dry_run(tmp_path, "run")
    assert "pip" not in run and "stainedglass serve" in run
    # the serve install there: make test still installs everything
    (tmp_path / ".venv" / ".installed").unlink()
    (tmp_path / ".venv" / ".installed-serve").touch()
    assert "pip" not in _make_dry_run(tmp_path, "run")
    assert ".[all,test]" in _make_dry_run(tmp_path, "test")


def test_offline_template_extends_lab_and_refuses_outside_stylesheets() -> None:
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    for name in ("index.html.j2", "tree-lab.html"):
        text = (TEMPLATE / name).read_text()
        assert "Content-Security-Policy" in text and "style-src 'self'" in text


def test_serve_runs_voila_with_the_project_settings_bound_to_this_machine() -> None:
    command, env = serve.voila_command(
        serve.notebooks_folder(), 8866, "127.0.0.1", ["--x=1"], "cathedral_play.ipynb"
    )
    # Voila, with the bare address leading to the class's dashboard, preheated first
    assert command[1:4] == ["-m", "stainedglass_widgets.serving.app", str(ROOT / "notebooks")]
    assert "--Voila.ip=127.0.0.1" in command and "--template=stainedglass" in command
    assert "--Voila.landing=cathedral_play.ipynb" in command
    assert "--ClassKernelManager.preheat_first=cathedral_play.ipynb" in command
    assert "--Voila.port_retries=0" in command  # the port asked for, or none: never another
    assert command[-1] == "--x=1"
    assert env["JUPYTER_CONFIG_PATH"].split(":")[0] == str(SERVER)  # voila.json
    assert env["JUPYTER_PATH"].split(":")[0] == str(SERVER / "jupyter")  # the template
    assert env["STAINEDGLASS_SERVE_IP"] == "127.0.0.1"  # the AI lab may run typed code here


def test_serve_says_plainly_when_other_machines_can_reach_it() -> None:
    alone = serve.announce("127.0.0.1", 8866)
    assert "other machines" not in alone and "127.0.0.1:8866/voila/render/index.ipynb" in alone
    shared = serve.announce("0.0.0.0", 9000)
    assert "reached from other machines" in shared
    address = shared.split("Give the class this address: ")[1].split("\n")[0]
    assert address.startswith("http://") and address.endswith(":9000/voila/render/index.ipynb")
    assert "0.0.0.0" not in address
    assert "http://10.1.2.3:9000/" in serve.announce("10.1.2.3", 9000)
    assert "There is no password" in shared
    assert "http://[::1]" not in serve.announce("::1", 9000)  # loopback: nothing to give out
    with_password = serve.announce("10.1.2.3", 9000, "k7mq2xpa")
    assert "http://10.1.2.3:9000/voila/render/index.ipynb?token=k7mq2xpa" in with_password
    assert "The class password is k7mq2xpa" in with_password
    assert "so the short address http://10.1.2.3:9000 and the password do as well" in with_password


def test_a_busy_port_is_said_in_one_line_before_any_address_or_password(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(
            ["serve", "--ip=0.0.0.0", f"--port={port}", f"--store={tmp_path / 'c.sqlite3'}"]
        )
    said = capsys.readouterr()
    lines = [line for line in (said.out + said.err).splitlines() if line.strip()]
    assert status == 2 and len(lines) == 1, lines
    assert f"port {port} is already in use" in lines[0] and "--port" in lines[0], lines
    assert "http" not in lines[0] and "password" not in lines[0].lower()


def test_the_teachers_console_address_is_given_whole() -> None:
    here = serve.class_words("/srv/class.sqlite3", None, "127.0.0.1", 8866)
    assert "Teacher's console: http://127.0.0.1:8866/voila/render/class_console.ipynb" in here
    assert "the same address" not in here
    shared = serve.class_words("/srv/class.sqlite3", "owl7owl7", "10.1.2.3", 9000, "k7mq2xpa")
    console = shared.split("Teacher's console: ")[1].split()[0]
    assert console == "http://10.1.2.3:9000/voila/render/class_console.ipynb?token=k7mq2xpa"
    assert "The console's own password is owl7owl7" in shared


def test_a_class_password_is_easy_to_read_and_new_each_time() -> None:
    words = {serve.class_password() for _ in range(20)}
    assert len(words) == 20
    assert all(len(w) == 8 and not set(w) & set("0o1lI") for w in words)


class _ClassServer(_Server):
    """``stainedglass serve --ip 0.0.0.0``: reachable from the classroom, so with a password."""

    name = "class-serve"

    def __init__(self, folder: pathlib.Path) -> None:
        super().__init__()
        self.folder = folder

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "stainedglass",
            "serve",
            "--ip=0.0.0.0",
            f"--port={self.port}",
            f"--notebooks={self.folder}",
        ]

    def ready_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/login"


def _status(url: str) -> int:
    import http.client
    import urllib.parse

    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
    return connection.getresponse().status


@pytest.mark.full  # a class server of its own
def test_serving_the_class_asks_for_the_password_it_prints(tmp_path: pathlib.Path) -> None:
    (tmp_path / "one.ipynb").write_text(
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    with _ClassServer(tmp_path) as server:
        log = server.log_path.read_text()
        assert "This server can be reached from other machines" in log
        password = log.split("The class password is ")[1].split()[0].rstrip(".")
        page = f"http://127.0.0.1:{server.port}/voila/render/one.ipynb"
        assert _status(page) == 302  # to the login page
        assert _status(page + "?token=wrong") == 302
        assert _status(page + f"?token={password}") == 200
        # no gallery in this folder: the bare address leads to its list of notebooks, the
        # password with it
        assert _redirect(f"http://127.0.0.1:{server.port}/?token={password}") == (
            302,
            f"/voila/tree?token={password}",
        )


def test_serve_refuses_a_password_that_is_not_letters_and_digits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--password", "a b"]) == 2
    assert "--password: 4 to 64 letters and digits" in capsys.readouterr().err


def test_the_command_says_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    import tomllib

    with pytest.raises(SystemExit):
        main(["--version"])
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert capsys.readouterr().out.strip() == f"stainedglass {version}"
    assert f"## {version} (" in (ROOT / "CHANGELOG.md").read_text()


def test_serve_refuses_a_bad_address_or_folder_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    assert main(["serve", "--ip", "my laptop"]) == 2
    assert "--ip 'my laptop': not an IP address" in capsys.readouterr().err
    assert main(["serve", "--notebooks", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_lab_copies_the_notebooks_and_never_overwrites_an_edit(tmp_path: pathlib.Path) -> None:
    copied, kept = serve.copy_notebooks(tmp_path)
    shipped = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(n for n in copied if n.endswith(".ipynb")) == shipped
    assert "games/cathedral.json" in copied and kept == []
    (tmp_path / "index.ipynb").write_text("my own notes")
    (tmp_path / "review.ipynb").unlink()
    copied, kept = serve.copy_notebooks(tmp_path)
    assert copied == ["review.ipynb"] and kept == ["index.ipynb"]
    assert (tmp_path / "index.ipynb").read_text() == "my own notes"


@pytest.mark.full  # a server of its own, stopped
def test_stopping_serve_stops_its_voila_and_kernels(tmp_path: pathlib.Path) -> None:
    """A stop sent to the ``stainedglass serve`` process alone (as a service manager or
    ``docker stop`` sends it) ends the Voila server it started, and with it the kernels."""
    import psutil

    (tmp_path / "one.ipynb").write_text(
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    server = VoilaServer(notebooks=str(tmp_path))
    with server:
        assert server.proc is not None
        children = psutil.Process(server.proc.pid).children(recursive=True)
        assert any(
            "stainedglass_widgets.serving.app" in " ".join(c.cmdline()) for c in children
        )  # Voila
        os.kill(server.proc.pid, signal.SIGTERM)  # not the process group
        server.proc.wait(timeout=30)
        gone, alive = psutil.wait_procs(children, timeout=30)
        assert alive == []


class _LabCommand(_Server):
    name = "stainedglass-lab"

    def __init__(self, folder: pathlib.Path) -> None:
        super().__init__()
        self.folder = folder

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "stainedglass",
            "lab",
            str(self.folder),
            "--",
            "--no-browser",
            f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--allow-root",
        ]

    def ready_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/status"


@pytest.mark.full  # JupyterLab
def test_stainedglass_lab_opens_jupyterlab_on_the_copied_notebooks(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "my notebooks"
    with _LabCommand(folder) as lab:
        listing = json.loads(
            urllib.request.urlopen(f"http://127.0.0.1:{lab.port}/api/contents", timeout=10).read()
        )
        names = {item["name"] for item in listing["content"]}
        assert {"index.ipynb", "cathedral_play.ipynb", "games"} <= names
        page = urllib.request.urlopen(f"http://127.0.0.1:{lab.port}/lab", timeout=10).read()
        assert b"JupyterLab" in page


# ---- Binder: Jupyter Server with Voila's server extension, as repo2docker starts it --------


def test_binder_uses_a_python_the_project_accepts_and_installs_it_with_voila() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3.")
    assert int(runtime.split(".")[1]) >= 11  # requires-python = ">=3.11"
    lines = [
        line
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == ["-e .[serve,lab]"]


@pytest.mark.full  # pip resolves
def test_binder_requirements_resolve_to_the_project_with_voila_and_jupyterlab(
    tmp_path: pathlib.Path,
) -> None:
    report = tmp_path / "report.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--ignore-installed",
            "--quiet",
            "--disable-pip-version-check",
            "--report",
            str(report),
            "-r",
            str(BINDER / "requirements.txt"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    chosen = {
        item["metadata"]["name"].lower(): item for item in json.loads(report.read_text())["install"]
    }
    assert {
        "stainedglass-games",
        "voila",
        "jupyterlab",
        "ipywidgets",
        "anywidget",
        "plotly",
    } <= set(chosen)
    assert chosen["stainedglass-games"]["metadata"]["version"] == "0.2.0"
    assert {"lab", "serve"} <= set(chosen["stainedglass-games"]["requested_extras"])


def test_binder_and_serve_cull_idle_kernels_alike() -> None:
    voila = json.loads((SERVER / "voila.json").read_text())
    server = json.loads((BINDER / "jupyter" / "jupyter_server_config.json").read_text())
    assert server["MappingKernelManager"] == voila["MappingKernelManager"]
    assert server["ClassKernelManager"] == voila["ClassKernelManager"]
    assert (
        server["ServerApp"]["kernel_manager_class"]
        == (voila["VoilaConfiguration"]["multi_kernel_manager_class"])
    )


class _BinderServer(_Server):
    """``jupyter server`` started through ``binder/start``, as on mybinder.org."""

    name = "binder"

    def command(self) -> list[str]:
        return [
            "bash",
            str(BINDER / "start"),
            sys.executable,
            "-m",
            "jupyter_server",
            "--no-browser",
            f"--port={self.port}",
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--allow-root",
            f"--ServerApp.root_dir={ROOT}",
        ]

    def ready_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/status"


@pytest.mark.full  # a Binder server of its own
def test_binder_serves_the_gallery_with_the_project_settings() -> None:
    with _BinderServer() as server:
        page = (
            urllib.request.urlopen(
                f"http://127.0.0.1:{server.port}/voila/render/notebooks/index.ipynb", timeout=120
            )
            .read()
            .decode()
        )
        for game in views():
            assert f'data-game=\\"{game}\\"' in page, game
        assert "Content-Security-Policy" in page  # the offline template
        log = server.log_path.read_text()
        assert "Culling kernels with idle durations > 600 seconds" in log


def test_a_pupils_kernel_imports_plotly_only_when_a_chart_is_asked_for(monkeypatch) -> None:
    # Voila sets VOILA_PREHEAT in every kernel it starts: plotly (about 40 MB) is left out
    # until a chart is opened, where it is imported in a thread while "chart loading…" shows
    from stainedglass_widgets import CathedralView
    from stainedglass_widgets.features import charts

    monkeypatch.setattr(charts, "PLOTLY_READY", threading.Event())
    started = []
    monkeypatch.setattr(threading, "Thread", lambda *a, **k: started.append(k) or _Never())
    for preheated in ("True", "False"):
        monkeypatch.setenv("VOILA_PREHEAT", preheated)
        view = CathedralView()
        assert not started and not charts.PLOTLY_READY.is_set()
    view.chart_button.value = True
    assert [k.get("name") for k in started] == ["warm-plotly", "sg-chart"]
    assert "chart loading" in view.chart_box.children[0].value
    # elsewhere (JupyterLab, nbval) the view shows first and a thread warms plotly up
    started.clear()
    monkeypatch.delenv("VOILA_PREHEAT")
    CathedralView()
    assert [k.get("name") for k in started] == ["warm-plotly"]


def test_the_score_chart_appears_once_plotly_is_ready(monkeypatch) -> None:
    from stainedglass_widgets import CathedralView
    from stainedglass_widgets.features import charts

    monkeypatch.setattr(charts, "PLOTLY_READY", threading.Event())
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    view = CathedralView()
    view.chart_button.value = True
    assert charts.PLOTLY_READY.wait(60)
    deadline = time.monotonic() + 30
    while view.score_chart.figure is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert view.chart_box.children == (view.score_chart.figure,)
    assert len(view.score_chart.figure.data) == 2


class _Never:
    def start(self) -> None:
        pass


@pytest.mark.full  # a class server of its own
def test_a_class_pool_runs_the_dashboard_ahead_for_every_pupil(tmp_path: pathlib.Path) -> None:
    # "30 pupils opening the same play dashboard within the same 10 s all have an interactive
    # board": --class N keeps N kernels that already ran the dashboard, so N pupils arriving
    # together each take one and no kernel is started while they wait
    import asyncio

    from harness import visit

    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("cathedral_play.ipynb", "index.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, folder)
    with VoilaServer(
        notebooks=str(folder),
        serve_args=["--class", "3", "--dashboard", "cathedral_play"],
        extra_args=["--ClassKernelManager.preheat_at_once=2"],
    ) as server:
        ready = server.wait_ready(timeout=300)
        assert ready.startswith("stainedglass: the class's 3 kernels have run cathedral_play")
        assert (
            ready.endswith("cathedral_play is ready for the class.")
            or "cathedral_play is ready for the class. Other programs" in ready
        )
        log = server.log_path.read_text()
        assert "A class of 3 on cathedral_play" in log
        # the class's dashboard is preheated first, the gallery after
        assert log.index(
            "Kernel pool of cathedral_play.ipynb is filled with 3 kernel(s)"
        ) < log.index("Kernel pool of index.ipynb is filled with 1 kernel(s)")
        assert log.index("The 3 kernel(s) of cathedral_play.ipynb have run it") < log.index(ready)
        started = log.count("Kernel started:")
        assert started == 4

        async def class_of_three() -> list[tuple[float, dict]]:
            return await asyncio.gather(
                *(visit(server.url("cathedral_play.ipynb")) for _ in range(3))
            )

        for _, states in run_async(class_of_three()):  # beside a browser's loop
            boards = [s for s in states.values() if s["state"].get("keeper")]
            assert len(boards) == 1 and "<svg" in boards[0]["state"]["svg"]
        log = server.log_path.read_text()
        assert log.count("Using pre-heated kernel") == 3
        assert log.count("Kernel started:") == started  # replacements come 20 s later
        # the kernels listen on local sockets, not TCP ports (no race for a free port)
        runtime = pathlib.Path(
            log.split("Storing connection files in ", 1)[1].split()[0].rstrip(".")
        )
        files = [json.loads(p.read_text()) for p in runtime.glob("kernel-*.json")]
        assert len(files) >= 4 and all(f["transport"] == "ipc" for f in files)
        # the bare address, and /voila/, lead to the class's dashboard; the password with them
        for path in ("/", "/voila/", "/voila", "/?token=k7mq2xpa"):
            status, location = _redirect(f"http://127.0.0.1:{server.port}{path}")
            assert status == 302, path
            assert location == "/voila/render/cathedral_play.ipynb" + (
                "?token=k7mq2xpa" if "token" in path else ""
            ), path
        # the project's addresses printed, the class's and the console's: Voila's left out
        assert "Voilà is running at" not in log
        assert log.count("http://") == 2


@pytest.mark.full  # a class server of its own
def test_the_class_led_to_another_game_has_its_boards_as_quickly(tmp_path: pathlib.Path) -> None:
    # "switching the class to another game is slow": the teacher leads the class (--class 3
    # on cathedral_play) to Walls of Light, and the three pupils open its play dashboard at
    # once: each has a kernel that has run it already, the board within 5 s (before, one
    # had the pool's one kernel and two waited about 20 s for kernels started for them)
    import asyncio

    from harness import visit

    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("cathedral_play.ipynb", "walls_of_light_play.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, folder)
    with VoilaServer(
        notebooks=str(folder),
        serve_args=[
            "--class",
            "3",
            "--dashboard",
            "cathedral_play",
            f"--store={tmp_path / 'class.sqlite3'}",
        ],
    ) as server:
        ready = server.wait_ready(timeout=300)
        assert ready.startswith(
            "stainedglass: the class's 3 kernels have run cathedral_play, the other "
            "game's play dashboard has 3, every other notebook has one (6 kernels"
        ), ready
        log = server.log_path.read_text()
        assert "Kernel pool of walls_of_light_play.ipynb is filled with 3 kernel(s)" in log
        started = log.count("Kernel started:")

        async def class_of_three() -> list[tuple[float, dict]]:
            return await asyncio.gather(
                *(visit(server.url("walls_of_light_play.ipynb")) for _ in range(3))
            )

        seconds = []
        for took, states in run_async(class_of_three()):
            boards = [s for s in states.values() if s["state"].get("keeper")]
            assert boards and "<svg" in boards[0]["state"]["svg"]
            seconds.append(took)
        assert max(seconds) < 5, seconds
        assert server.log_path.read_text().count("Kernel started:") == started


@pytest.mark.full  # a class server of its own, in Chromium
def test_a_pupil_with_the_short_address_and_the_password_has_the_class_board(
    tmp_path: pathlib.Path, browser: Any
) -> None:
    from harness import CITY, open_page, shot

    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("cathedral_play.ipynb", "index.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, folder)
    with VoilaServer(
        notebooks=str(folder),
        serve_args=["--password", "k7mq2xpa", "--class", "2", "--dashboard", "cathedral_play"],
    ) as server:
        server.wait_ready(timeout=300)
        page = open_page(browser)
        try:
            page.goto(server.url())  # http://host:port/, as written on the board
            page.fill("input[type=password]", "k7mq2xpa")
            page.keyboard.press("Enter")
            page.wait_for_selector(CITY + " svg")
            assert page.url.startswith(server.url("cathedral_play.ipynb")), page.url
            shot(page, "class-short-address")
            assert page.outside == []
        finally:
            page.context.close()


@pytest.mark.full  # a class server of its own, in Chromium
def test_the_class_password_page_is_the_products_and_enter_opens_the_console(
    tmp_path: pathlib.Path, browser: Any
) -> None:
    """A page of the class's server opened without the class password asks for it on the
    project's own page, in its words (no token, no ``jupyter server list``, no password
    setup); Enter sends it, a wrong one is refused in words. On the console, Enter in the
    teacher's password box opens it, as the button does."""
    from harness import open_page, shot

    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "class_console.ipynb", folder)
    with VoilaServer(
        notebooks=str(folder),
        serve_args=["--ip=0.0.0.0", f"--store={tmp_path / 'class.sqlite3'}"],
    ) as server:
        server.wait_ready(timeout=300)
        log = server.log_path.read_text()
        password = log.split("The class password is ")[1].split()[0].rstrip(".")
        teacher = log.split("The console's own password is ")[1].split(":")[0]
        page = open_page(browser, width=1280, height=800)
        try:
            page.goto(server.url("class_console.ipynb"))
            page.wait_for_selector("input[type=password]")
            said = page.inner_text("body")
            for jupyter in ("oken", "jupyter server list", "Setup a Password", "Jupyter"):
                assert jupyter not in said, said
            assert "class password" in said and len(said.split()) < 40, said
            shot(page, "class-password-page")
            page.fill("input[type=password]", "wrong1")
            page.keyboard.press("Enter")
            page.wait_for_selector("text=That is not the class password")
            shot(page, "class-password-refused")
            page.fill("input[type=password]", password)
            page.keyboard.press("Enter")
            box = page.locator(".sg-console-password input")
            box.wait_for(timeout=120_000)
            box.fill(teacher)
            box.press("Enter")  # no click
            page.wait_for_selector(".sg-console-access", timeout=30_000)
            assert page.locator(".sg-console-refused").count() == 0
            shot(page, "class-console-opened-with-enter")
            assert page.outside == []
        finally:
            page.context.close()


def _redirect(url: str) -> tuple[int, str | None]:
    """The status of ``url`` and where it leads, without following it."""
    import http.client
    import urllib.parse

    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
    response = connection.getresponse()
    return response.status, response.getheader("Location")


NOTEBOOK_THAT_RUNS = """{{"cells": [
 {{"cell_type": "code", "execution_count": null, "metadata": {{}}, "outputs": [],
   "source": "import os, time\\ntime.sleep(4)\\nopen(os.path.join({ran!r}, str(os.getpid())), 'w').close()"}}{waits}
 ], "metadata": {{"kernelspec": {{"display_name": "Python 3", "language": "python", "name": "python3"}}}},
 "nbformat": 4, "nbformat_minor": 5}}"""
WAITS = """,
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
   "source": "from stainedglass_widgets.features.records import query_string\\nprint(query_string())"}"""


@pytest.mark.full  # a class server of its own
def test_the_class_is_told_ready_only_once_every_preheated_kernel_has_run(
    tmp_path: pathlib.Path,
) -> None:
    # Each kernel notes, at the end of its notebook's work, that it has run it: one notebook
    # runs to its end, the class's waits in its last cell for its visitor's request (as a play
    # dashboard does). When the server says it is ready, every one of them has run. (Saying it
    # once the pools had started their kernels, as before, came before any of them had.)
    ran = tmp_path / "ran"
    ran.mkdir()
    folder = tmp_path / "notebooks"
    folder.mkdir()
    (folder / "lesson.ipynb").write_text(NOTEBOOK_THAT_RUNS.format(ran=str(ran), waits=""))
    (folder / "game.ipynb").write_text(NOTEBOOK_THAT_RUNS.format(ran=str(ran), waits=WAITS))
    with VoilaServer(
        notebooks=str(folder), serve_args=["--class", "3", "--dashboard", "game"]
    ) as server:
        ready = server.wait_ready(timeout=300)
        noted = len(list(ran.iterdir()))
        assert ready.startswith(
            "stainedglass: the class's 3 kernels have run game, every "
            "other notebook has one too (4 kernels"
        )
        assert noted == 4, server.log_path.read_text()[-3000:]
        # a waiting kernel is still its visitor's: it reads the page's request
        page = (
            urllib.request.urlopen(server.url("game.ipynb?record=abc"), timeout=120).read().decode()
        )
        assert "record=abc" in page


def test_preheated_kernels_start_in_turn_the_class_first() -> None:
    """Voila's pooling manager, as it builds itself on ``ClassKernelManager``, with kernels
    that take as long to run their notebook as the test says: one at a time here, the class's
    dashboard first, then the gallery, then the rest; a page asking for a kernel still waiting
    for its turn has it started at once; the progress counts the kernels that have run."""
    import asyncio

    from stainedglass_widgets.serving.kernels import ClassKernelManager

    class Pooling(ClassKernelManager):
        def __init__(self, **kw: object) -> None:
            super().__init__(**kw)
            self._pools: dict[str, list] = {}
            self.started: list[str] = []
            self.rendering: list = []

        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kw: object
        ) -> dict:
            self.started.append(notebook_path)
            rendering = asyncio.get_running_loop().create_future()  # the notebook running
            self.rendering.append(rendering)
            return {"task": rendering, "renderer": None, "kernel_id": f"k{len(self.started)}"}

        async def get_rendered_notebook(self, notebook_name: str, **kw: object) -> tuple:
            content = await self._pools[notebook_name].pop(0)
            return content["task"], [], content["kernel_id"]

    async def run() -> None:
        manager = Pooling(preheat_at_once=1, preheat_first="cathedral_play.ipynb")
        names = [
            "review.ipynb",
            "puzzles.ipynb",
            "index.ipynb",
            "cathedral_play.ipynb",
            "cathedral_play.ipynb",
        ]
        for name in names:  # as Voila fills its pools at the start, in its own order
            manager._pools.setdefault(name, []).append(
                asyncio.ensure_future(manager._initialize(name))
            )
        await asyncio.sleep(0.1)
        assert manager.started == ["cathedral_play.ipynb"]
        assert manager.preheat_progress() == (0, 5)
        manager.rendering[0].set_result(None)  # the first kernel has run its notebook
        await asyncio.sleep(0.5)
        assert manager.started == ["cathedral_play.ipynb"] * 2
        assert manager.preheat_progress() == (1, 5)
        assert manager.preheat_progress("cathedral_play.ipynb") == (1, 2)
        # a visitor opens the puzzles: their kernel starts now, not after the gallery's
        page = asyncio.ensure_future(manager.get_rendered_notebook("puzzles.ipynb"))
        await asyncio.sleep(0.1)
        assert manager.started[-1] == "puzzles.ipynb" and page.done()
        manager.rendering[1].set_result(None)  # one kernel at a time: the puzzles' runs
        await asyncio.sleep(0.5)
        assert manager.started[-1] == "puzzles.ipynb"
        manager.rendering[2].set_result(None)
        await asyncio.sleep(0.5)
        assert manager.started[-1] == "index.ipynb"
        manager.rendering[3].set_result(None)
        await asyncio.sleep(0.5)
        assert manager.started[-1] == "review.ipynb"
        assert manager.preheat_progress() == (3, 4)  # the puzzles' kernel has been taken
        await manager.shutdown_all()  # nothing is left waiting for its turn
        assert manager._queue == []

    run_async(run())


@pytest.mark.full  # a server of its own on a CPU kept busy
def test_a_busy_server_still_sends_the_board() -> None:
    # Voila waits 4 s (nbclient's default) for a cell's outputs after the cell has run, then
    # drops them without a word: a server busy preheating the whole gallery on a loaded machine
    # sent the play dashboard without its board (CI, and again here with the CPU kept busy).
    # voila.json gives the outputs a minute.
    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(3 * (os.cpu_count() or 1))
    ]
    try:
        with VoilaServer() as server:  # the whole gallery preheats while the CPU is busy
            index = urllib.request.urlopen(server.url("index.ipynb"), timeout=300).read()
            play = (
                urllib.request.urlopen(server.url("cathedral_play.ipynb"), timeout=300)
                .read()
                .decode()
            )
            log = server.log_path.read_text(errors="replace")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert b"data-game" in index
    assert "application/vnd.jupyter.widget-view+json" in play, log[-3000:]
    assert "Timeout waiting for IOPub output" not in log


def test_serve_plans_a_class_from_its_size_and_the_memory() -> None:
    from stainedglass_widgets.serving import serve

    folder = ROOT / "notebooks"
    pools, limit, words = serve.class_plan(folder, 30, "cathedral_play", None, 16 * 1024)
    plays = sorted(p.name for p in folder.glob("*_play.ipynb"))
    assert pools == {"default": {"pool_size": 1}} | {n: {"pool_size": 30} for n in plays}
    others = len(list(folder.glob("*.ipynb"))) - len(plays)  # one kernel each
    assert limit == serve.pupils_that_fit(16 * 1024, others + 30 * len(plays)) > 30
    assert "A class of 30 on cathedral_play" in words and f"Up to {limit} pupils" in words
    assert serve.class_plan(folder, 0, None, 5, 16 * 1024)[1:] == (
        5,
        "Up to 5 pupils at once (--max-pupils); one more is told the class is full.",
    )
    assert serve.class_plan(folder, 0, None, None, 300)[1] == 1  # always room for one


def test_every_game_the_teacher_may_lead_has_the_class_s_kernels_ready() -> None:
    """Leading the class to another game is as quick as to the class's: every game's play
    dashboard keeps a kernel ready for each pupil, as far as the memory holds them (the class's
    own pool first); the words say so, and what it takes."""
    from stainedglass_widgets.serving import serve

    folder = ROOT / "notebooks"
    plays = sorted(p.name for p in folder.glob("*_play.ipynb"))
    pools, limit, words = serve.class_plan(folder, 30, "walls_of_light_play", None, 24 * 1024)
    assert {n: pools[n]["pool_size"] for n in plays} == dict.fromkeys(plays, 30)
    assert limit >= 2 * 30  # the class on one game, and on the next while the first closes
    assert "every other game's play dashboard" in words and "follows you to any game" in words
    # a machine that holds the class's pool but not every game's: the others as large as fit
    small = 7 * 1024
    pools, limit, words = serve.class_plan(folder, 30, "walls_of_light_play", None, small)
    assert pools["walls_of_light_play.ipynb"]["pool_size"] == 30
    others = [pools[n]["pool_size"] for n in plays if n != "walls_of_light_play.ipynb"]
    assert min(others) >= 1 and max(others) < 30 and limit >= 30
    preheated = sum(p["pool_size"] for n, p in pools.items() if n != "default")
    preheated += len(list(folder.glob("*.ipynb"))) - len(plays)
    assert serve.pupils_that_fit(small, preheated) >= 30


@pytest.mark.parametrize(
    "args, says",
    [
        (
            ["--class", "30"],
            "--class 30: say which dashboard the class opens, with --dashboard "
            "NAME (one of cathedral_play, coloring_play, sagrada_play, "
            "walls_of_light_play)",
        ),
        (["--class", "-1", "--dashboard", "cathedral_play"], "--class -1: from 0 to 500 pupils"),
        (["--dashboard", "chess"], "--dashboard chess: no such notebook"),
        (
            ["--class", "30", "--dashboard", "cathedral_play", "--max-pupils", "10"],
            "--class 30 is more pupils than this server lets in (10; --max-pupils)",
        ),
        (["--max-pupils", "0"], "--max-pupils 0: from 1 to 10000"),
        (["--port", "70000"], "--port 70000: from 1 to 65535"),
    ],
)
def test_serve_refuses_a_class_it_cannot_hold_in_words(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    from stainedglass.__main__ import main

    assert main(["serve", *args]) == 2
    assert says in capsys.readouterr().err


def test_a_preheated_kernel_reads_its_visitors_request_without_importing_voila(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Voila sends the page's request (its query string: a shared game) over its voila/query
    # socket; reading it with Voila's helper would load the server's packages, about 40 MB, in
    # every pupil's kernel. The kernel waits for its visitor without a limit: one left in a class
    # server's pool for an hour must still open the shared game its pupil brings
    import asyncio

    from tornado.web import Application
    from tornado.websocket import WebSocketHandler

    from stainedglass_widgets.features import records
    from harness import free_port

    class Query(WebSocketHandler):
        def open(self, kernel: str) -> None:  # the visitor comes a while after the kernel asks
            answer = json.dumps(
                {"QUERY_STRING": f"record=r1.{kernel}", "SERVER_NAME": "class.example"}
            )
            asyncio.get_event_loop().call_later(1.0, self.write_message, answer)

    port = free_port()
    ready = threading.Event()

    def serve_query() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        Application([(r"/voila/query/(.*)", Query)]).listen(port, "127.0.0.1")
        loop.call_soon(ready.set)
        loop.run_forever()

    threading.Thread(target=serve_query, daemon=True).start()
    assert ready.wait(10)
    for name, value in {
        "VOILA_PREHEAT": "True",
        "VOILA_APP_PORT": str(port),
        "VOILA_KERNEL_ID": "k42",
        "VOILA_SERVER_URL": "/",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("SERVER_NAME", raising=False)
    for name in ("voila", "voila.utils"):
        monkeypatch.setitem(sys.modules, name, None)  # importing Voila here fails
    assert records.query_string() == "record=r1.k42"
    assert os.environ["SERVER_NAME"] == "class.example"
    # no server to answer (a kernel started by hand with these variables): the usual start
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))
    monkeypatch.delenv("QUERY_STRING")
    assert records.query_string() == ""


@pytest.mark.full  # real kernels, a class limit
def test_a_full_class_refuses_one_more_and_an_ending_kernel_frees_its_place() -> None:
    """The class's count, on Jupyter Server's own kernel manager with real kernels: a class of
    one refuses a second kernel with the class-full answer (503); a kernel whose shutdown has
    begun no longer holds a place, so the next pupil is let in before its process is gone."""
    import asyncio

    from tornado import web

    from stainedglass_widgets.serving.kernels import ClassKernelManager

    async def run() -> None:
        manager = ClassKernelManager(max_pupils=1)
        first = await manager.start_kernel(kernel_name="python3")
        try:
            with pytest.raises(web.HTTPError) as refused:
                await manager.start_kernel(kernel_name="python3")
            assert refused.value.status_code == 503
            assert "This server holds 1 game at once, and 1 is open." in refused.value.log_message
            ending = asyncio.ensure_future(manager.shutdown_kernel(first))
            await asyncio.sleep(0)  # the shutdown has begun; the old process may still run
            assert not ending.done()
            second = await manager.start_kernel(kernel_name="python3")
            await ending
            await manager.shutdown_kernel(second)
        finally:
            await manager.shutdown_all()

    run_async(run())  # in a thread: the shared browser may hold this one's loop


WIDGET_NOTEBOOK = json.dumps(
    {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "a1",
                "metadata": {},
                "outputs": [],
                "source": "import ipywidgets as w\nw.Button(description='here')",
            }
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
)


@pytest.mark.full  # a server of its own, a page in Chromium, stopped with Ctrl-C
def test_the_terminal_says_nothing_alarming_from_start_to_ctrl_c(
    tmp_path: pathlib.Path, browser: Any
) -> None:
    """What the teacher sees in the terminal of ``make run``: no "Notebook ... is not trusted"
    per preheated kernel, no "The websocket_ping_timeout (90000) cannot be longer than the
    websocket_ping_interval (30000)" when the first page connects, no refusal (403) when a
    pupil's page closes (the page tells the server to end its kernel), and on Ctrl-C no
    traceback from the kernels being shut down."""
    from harness import open_page

    for name in ("one.ipynb", "two.ipynb"):
        (tmp_path / name).write_text(WIDGET_NOTEBOOK)
    server = VoilaServer(notebooks=str(tmp_path))
    with server:
        server.wait_ready(timeout=300)
        page = open_page(browser)
        try:
            page.goto(server.url("one.ipynb"))
            page.wait_for_selector("button:has-text('here')", timeout=120_000)
            kernel = page.evaluate(
                "() => JSON.parse(document.getElementById('jupyter-config-data')"
                ".textContent).kernelId"
            )
            # the page closes: Voila's page asks the server to end its kernel as it goes
            page.close(run_before_unload=True)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                said = server.log_path.read_text(errors="replace")
                if f"Kernel shutdown: {kernel}" in said or "/voila/api/shutdown" in said:
                    break
                time.sleep(0.2)
            assert f"Kernel shutdown: {kernel}" in said, said[-3000:]
            assert page.outside == []  # type: ignore[attr-defined]  # harness.open_page keeps it
        finally:
            page.context.close()
        time.sleep(1.0)
        assert server.proc is not None
        os.killpg(server.proc.pid, signal.SIGINT)  # Ctrl-C: the terminal's process group
        server.proc.wait(timeout=60)
    said = server.log_path.read_text(errors="replace")
    assert "not trusted" not in said, said[-3000:]
    assert "websocket_ping_timeout" not in said and "cannot be longer" not in said, said[-3000:]
    assert " 403 " not in said and "_xsrf" not in said, said[-3000:]
    assert "Traceback" not in said and "ZMQError" not in said, said[-3000:]
