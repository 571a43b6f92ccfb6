"""Helpers for real-browser tests and benchmarks: a Voila server on a free port, Chromium.

Playwright drives Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser download
cannot work offline), with the switches that keep it from reaching the network.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]  # the project (holds voila.json, notebooks/)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def chromium_path() -> str | None:
    """Debian's Chromium, or None when it is not installed."""
    for path in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path
    return None


def launch_chromium(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                      headless=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class VoilaServer:
    """``voila notebooks`` on a free port, started as ``make run`` starts it: the project's
    ``voila.json`` (preheated kernels, culling) and the offline template ``stainedglass``.

    >>> with VoilaServer() as server:                       # doctest: +SKIP
    ...     url = server.url("cathedral_play.ipynb")
    """

    def __init__(self, notebooks: str = "notebooks", port: int | None = None,
                 extra_args: list[str] | None = None) -> None:
        self.port = port or free_port()
        self.notebooks = notebooks
        self.extra_args = extra_args or []
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = ROOT / "test-artifacts" / f"voila-{self.port}.log"

    def url(self, notebook: str = "") -> str:
        base = f"http://127.0.0.1:{self.port}"
        return f"{base}/voila/render/{notebook}" if notebook else base + "/"

    def __enter__(self) -> "VoilaServer":
        voila = pathlib.Path(sys.executable).with_name("voila")
        self.log_path.parent.mkdir(exist_ok=True)
        self._log = open(self.log_path, "wb")
        env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))
        self.proc = subprocess.Popen(  # as `make run` starts it
            [str(voila), self.notebooks, "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1", "--template=stainedglass", *self.extra_args],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited; see {self.log_path}")
            try:
                urllib.request.urlopen(self.url(), timeout=2).read()
                return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"voila did not start within 60 s; see {self.log_path}")

    def wait_preheated(self, count: int, timeout: float = 90) -> None:
        """Wait until ``count`` kernel pools report themselves filled (in the log)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log_path.read_text(errors="replace")
            if text.count("is filled with") >= count:
                return
            time.sleep(0.3)
        raise RuntimeError(f"kernel pools not filled within {timeout} s; see {self.log_path}")

    def __exit__(self, *exc: Any) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # the group we started: voila and kernels
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self._log.close()


# ---- page helpers (Playwright sync API) ----------------------------------------------------------

CITY = ".sg-city .sg-board"


def board_version(page: Any, selector: str = CITY) -> int:
    return int(page.eval_on_selector(selector, "el => el.dataset.version || '0'"))


def wait_redraw(page: Any, before: int, selector: str = CITY, timeout: float = 10_000) -> None:
    """Wait until the board at ``selector`` has drawn something newer than version ``before``."""
    page.wait_for_function(
        "([sel, v]) => { const el = document.querySelector(sel);"
        " return el && Number(el.dataset.version || 0) > v; }",
        arg=[selector, before], timeout=timeout)
