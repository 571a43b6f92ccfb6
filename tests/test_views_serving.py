"""Serving settings: `make run`, voila.json (also read on Binder) and the offline template."""

from __future__ import annotations

import json
import pathlib

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
