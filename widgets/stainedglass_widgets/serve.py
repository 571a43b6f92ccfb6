"""``stainedglass serve`` (the gallery as Voila dashboards) and ``stainedglass lab`` (the
notebooks in JupyterLab), from an installed package as from this checkout.

The notebooks ship inside this package (``stainedglass_widgets/notebooks``; in a checkout they
are ``notebooks/``), and so do the server's settings (``server/voila.json``: preheated kernels,
culling) and the offline page template (``server/jupyter/voila/templates/stainedglass``). This
module imports no Jupyter package itself: Voila and JupyterLab run as their own processes.

>>> (notebooks_folder() / "index.ipynb").exists()
True
>>> gallery_address("127.0.0.1", 8866)
'http://127.0.0.1:8866/voila/render/index.ipynb'
"""

from __future__ import annotations

import filecmp
import importlib.util
import ipaddress
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import webbrowser

HERE = pathlib.Path(__file__).resolve().parent
SERVER = HERE / "server"  # voila.json and jupyter/voila/templates/stainedglass
TEMPLATE = "stainedglass"
EXTRA = {"voila": "serve", "jupyterlab": "lab"}


def notebooks_folder() -> pathlib.Path:
    """The gallery's notebooks: inside the installed package, else this checkout's
    ``notebooks/``."""
    for folder in (HERE / "notebooks", HERE.parents[1] / "notebooks"):
        if (folder / "index.ipynb").is_file():
            return folder
    raise FileNotFoundError(f"the gallery's notebooks are not in {HERE / 'notebooks'}: "
                            "reinstall stainedglass")


def missing(module: str) -> str | None:
    """What to install when ``module`` (voila, jupyterlab) is missing, else None."""
    if importlib.util.find_spec(module) is not None:
        return None
    return (f"this needs {module}, which is not installed: "
            f"pip install 'stainedglass[{EXTRA[module]}]'")


def gallery_address(host: str, port: int, password: str | None = None) -> str:
    if ":" in host:
        host = f"[{host}]"
    return (f"http://{host}:{port}/voila/render/index.ipynb"
            + (f"?token={password}" if password else ""))


# easy to read aloud and to type: no 0/O, 1/l/I
_PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def class_password() -> str:
    """A new class password: eight letters and digits (about 40 bits)."""
    return "".join(secrets.choice(_PASSWORD_LETTERS) for _ in range(8))


def is_loopback(ip: str) -> bool:
    """True when only this machine can reach a server bound to ``ip``."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        raise ValueError(f"--ip {ip!r}: not an IP address (e.g. 127.0.0.1 or 0.0.0.0)") from None


def lan_address() -> str:
    """This machine's address on its network, as other machines see it (no packet is sent:
    connecting a UDP socket only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return str(s.getsockname()[0])
        except OSError:
            return socket.gethostname()


def announce(ip: str, port: int, password: str | None = None) -> str:
    """What ``serve`` says at start: the gallery's address, and plainly when other machines can
    reach it, with the class password if there is one."""
    lines = [f"stainedglass: the gallery is at {gallery_address('127.0.0.1', port, password)}"]
    if not is_loopback(ip):
        host = lan_address() if ip in ("0.0.0.0", "::") else ip
        lines += [
            "",
            "This server can be reached from other machines on your network.",
            f"Give the class this address: {gallery_address(host, port, password)}",
        ]
        if password:
            lines.append(f"The class password is {password} (a page opened without it asks "
                         "for it).")
        else:
            lines.append("There is no password: anyone who can reach it can open the games "
                         "(each visitor starts a Python process).")
    lines.append("Ctrl-C stops the server.")
    return "\n".join(lines)


def _prepend(env: dict[str, str], name: str, path: pathlib.Path) -> None:
    env[name] = os.pathsep.join(p for p in (str(path), env.get(name, "")) if p)


def voila_command(notebooks: pathlib.Path, port: int, ip: str,
                  extra: list[str]) -> tuple[list[str], dict[str, str]]:
    """The Voila command line and environment that ``serve`` runs: the project's settings
    (``server/voila.json``, read from ``JUPYTER_CONFIG_PATH``) and the offline template (found
    on ``JUPYTER_PATH``)."""
    env = dict(os.environ)
    _prepend(env, "JUPYTER_CONFIG_PATH", SERVER)
    _prepend(env, "JUPYTER_PATH", SERVER / "jupyter")
    command = [sys.executable, "-m", "voila", str(notebooks), "--no-browser", f"--port={port}",
               f"--Voila.ip={ip}", f"--template={TEMPLATE}", *extra]
    return command, env


def _run(command: list[str], env: dict[str, str], cwd: pathlib.Path | None = None,
         open_url: str | None = None) -> int:
    """Run a server until it ends or Ctrl-C; open ``open_url`` in a browser once it answers."""
    proc = subprocess.Popen(command, env=env, cwd=cwd)
    # a stop asked of this process (a service manager, `docker stop`) stops the server too
    signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    try:
        if open_url is not None:
            deadline = time.monotonic() + 60
            while proc.poll() is None and time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(open_url.split("/voila/")[0] + "/", timeout=2)
                    webbrowser.open(open_url)
                    break
                except OSError:
                    time.sleep(0.3)
        return proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)
        try:
            return proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()


def serve(port: int = 8866, ip: str = "127.0.0.1", open_browser: bool = False,
          notebooks: str | None = None, extra: list[str] | None = None,
          password: str | None = None, no_password: bool = False) -> int:
    """Serve the gallery (or another folder of notebooks) as Voila dashboards; returns the
    exit status. Reachable from other machines, it asks for a class password: ``password``, or
    a new one (unless ``no_password``)."""
    need = missing("voila")
    if need:
        print(f"stainedglass serve: {need}", file=sys.stderr)
        return 2
    is_loopback(ip)  # a bad address is refused before anything starts
    folder = pathlib.Path(notebooks) if notebooks else notebooks_folder()
    if not folder.is_dir():
        raise ValueError(f"--notebooks {notebooks}: no such folder")
    if password is not None and not (password.isascii() and password.isalnum()
                                     and 4 <= len(password) <= 64):
        raise ValueError("--password: 4 to 64 letters and digits")
    if password is None and not no_password and not is_loopback(ip):
        password = class_password()
    token = [f"--Voila.token={password}"] if password else []
    command, env = voila_command(folder.resolve(), port, ip, token + (extra or []))
    print(announce(ip, port, password), flush=True)
    return _run(command, env, open_url=gallery_address("127.0.0.1", port, password)
                if open_browser else None)


def copy_notebooks(target: pathlib.Path) -> tuple[list[str], list[str]]:
    """Copy the notebooks (and the example games) into ``target``; a file already there that
    differs from the shipped one is the user's and is left as it is. Returns (copied, kept)."""
    source = notebooks_folder()
    if target.exists() and not target.is_dir():
        raise ValueError(f"{target}: not a folder")
    copied, kept = [], []
    files = sorted([*source.glob("*.ipynb"), *source.glob("games/*.json")])
    for path in files:
        name = str(path.relative_to(source))
        dest = target / name
        if dest.exists():
            if not filecmp.cmp(path, dest, shallow=False):
                kept.append(name)
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
        copied.append(name)
    return copied, kept


def lab(folder: str = "stainedglass-notebooks", extra: list[str] | None = None) -> int:
    """Copy the notebooks into ``folder`` (never over the user's edits) and open JupyterLab
    there; returns the exit status."""
    need = missing("jupyterlab")
    if need:
        print(f"stainedglass lab: {need}", file=sys.stderr)
        return 2
    target = pathlib.Path(folder).resolve()
    copied, kept = copy_notebooks(target)
    print(f"stainedglass: {len(copied)} file(s) copied into {target}"
          + (f"; kept your edited {', '.join(kept)}" if kept else ""), flush=True)
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}",
               *(extra or [])]
    return _run(command, dict(os.environ), cwd=target)
