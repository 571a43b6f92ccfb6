"""Serving settings: `make run`, voila.json (also read on Binder) and the offline template."""

from __future__ import annotations

import json
import pathlib
import threading

ROOT = pathlib.Path(__file__).parents[1]
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "stainedglass"


def test_voila_json_preheats_and_culls() -> None:
    conf = json.loads((ROOT / "voila.json").read_text())
    assert conf["VoilaConfiguration"]["preheat_kernel"] is True
    assert conf["VoilaConfiguration"]["default_pool_size"] >= 1
    assert conf["MappingKernelManager"]["cull_idle_timeout"] > 0
    # the used kernel's replacement waits until the visitor's page has loaded (binder/README.md)
    assert conf["VoilaKernelManager"]["fill_delay"] >= 3
    # plotly's lab extension is not needed (FigureWidget is an anywidget): keep it off page load
    assert "jupyterlab-plotly" in conf["VoilaConfiguration"]["extension_denylist"]


def test_make_run_serves_the_offline_template_on_8866() -> None:
    make = (ROOT / "Makefile").read_text()
    run = make.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "PORT ?= 8866" in make and "--Voila.ip=127.0.0.1" in run
    assert "--template=stainedglass" in run and "JUPYTER_PATH=$(CURDIR)/share/jupyter" in run


def test_offline_template_extends_lab_and_refuses_outside_stylesheets() -> None:
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    for name in ("index.html.j2", "tree-lab.html"):
        text = (TEMPLATE / name).read_text()
        assert "Content-Security-Policy" in text and "style-src 'self'" in text


def test_binder_installs_the_project() -> None:
    lines = (ROOT / "binder" / "requirements.txt").read_text().split("\n")
    assert "-e ." in lines


def test_a_kernel_voila_preheats_imports_plotly_before_the_visitor_comes(monkeypatch) -> None:
    # Voila sets VOILA_PREHEAT=True in a pool's kernel: plotly (for the score and hint charts)
    # is imported while the notebook runs there, so the kernel is idle when a page loads
    from stainedglass_widgets import CathedralView, charts

    monkeypatch.setattr(charts, "PLOTLY_READY", threading.Event())
    started = []
    monkeypatch.setattr(threading, "Thread", lambda *a, **k: started.append(k) or _Never())
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    CathedralView()
    assert charts.PLOTLY_READY.is_set() and not started
    # elsewhere (JupyterLab, nbval) the view shows first and a thread warms plotly up
    monkeypatch.setattr(charts, "PLOTLY_READY", threading.Event())
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    CathedralView()
    assert [k.get("name") for k in started] == ["warm-plotly"]
    assert not charts.PLOTLY_READY.is_set()


class _Never:
    def start(self) -> None:
        pass
