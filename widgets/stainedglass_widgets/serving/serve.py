"""``stainedglass serve`` (the gallery as Voila dashboards) and ``stainedglass lab`` (the
notebooks in JupyterLab), from an installed package as from this checkout.

The notebooks ship inside this package (``stainedglass_widgets/notebooks``; in a checkout they
are ``notebooks/``), and so do the server's settings (``server/voila.json``: preheated kernels,
culling) and the offline page template (``server/jupyter/voila/templates/stainedglass``). This
module imports no Jupyter package itself: Voila (as ``app`` extends it) and JupyterLab
run as their own processes.

>>> (notebooks_folder() / "index.ipynb").exists()
True
>>> gallery_address("127.0.0.1", 8866)
'http://127.0.0.1:8866/voila/render/index.ipynb'
>>> gallery_address("127.0.0.1", 8866, "k7mq2xpa", notebook="")   # no gallery: the files
'http://127.0.0.1:8866/voila/tree?token=k7mq2xpa'
"""

from __future__ import annotations

import errno
import filecmp
import importlib.util
import ipaddress
import json
import os
import pathlib
import secrets
import shutil
import signal
import threading
import socket
import subprocess
import sys
import time
import urllib.request
import webbrowser
from typing import Any

from ..kit.progress import PASSWORD_VARIABLE, STORE_VARIABLE, store_location

HERE = pathlib.Path(__file__).resolve().parent
SERVER = HERE / "server"  # voila.json and jupyter/voila/templates/stainedglass
TEMPLATE = "stainedglass"
EXTRA = {"voila": "serve", "jupyterlab": "lab"}


def notebooks_folder() -> pathlib.Path:
    """The gallery's notebooks: inside the installed package, else this checkout's
    ``notebooks/``."""
    package = HERE.parent  # stainedglass_widgets
    for folder in (package / "notebooks", package.parents[1] / "notebooks"):
        if (folder / "index.ipynb").is_file():
            return folder
    raise FileNotFoundError(
        f"the gallery's notebooks are not in {package / 'notebooks'}: reinstall stainedglass"
    )


def missing(module: str) -> str | None:
    """What to install when ``module`` (voila, jupyterlab) is missing, else None."""
    if importlib.util.find_spec(module) is not None:
        return None
    return (
        f"this needs {module}, which is not installed: "
        f"pip install 'stainedglass-games[{EXTRA[module]}]'"
    )


def gallery_address(
    host: str, port: int, password: str | None = None, notebook: str = "index.ipynb"
) -> str:
    if ":" in host:
        host = f"[{host}]"
    return (
        f"http://{host}:{port}/voila/"
        + (f"render/{notebook}" if notebook else "tree")
        + (f"?token={password}" if password else "")
    )


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


def port_taken(ip: str, port: int) -> str | None:
    """Why the server cannot listen on ``port`` at ``ip`` (None: it can), found by binding it
    as the server will (a port a stopped server left waiting is free).

    >>> with socket.socket() as s:
    ...     s.bind(("127.0.0.1", 0)); s.listen(); busy = s.getsockname()[1]
    ...     print(port_taken("127.0.0.1", busy).replace(str(busy), "N"))
    port N is already in use (another server on this machine?): stop it, or choose another port with --port
    """
    host = "127.0.0.1" if ip == "localhost" else ip
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except PermissionError:
            return f"port {port} needs the administrator's rights here: choose one above 1023 with --port"
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                return (
                    f"port {port} is already in use (another server on this machine?): "
                    "stop it, or choose another port with --port"
                )
            return f"--ip {ip} --port {port}: cannot listen there ({e.strerror or e})"
    return None


def announce(ip: str, port: int, password: str | None = None, notebook: str = "index.ipynb") -> str:
    """What ``serve`` says at start: the gallery's (or the class's dashboard's) address, and
    plainly when other machines can reach it, with the class password if there is one."""
    what = (
        "the gallery is"
        if notebook == "index.ipynb"
        else f"{notebook[:-6]} is"
        if notebook
        else "the notebooks are"
    )
    lines = [f"stainedglass: {what} at {gallery_address('127.0.0.1', port, password, notebook)}"]
    if not is_loopback(ip):
        host = lan_address() if ip in ("0.0.0.0", "::") else ip
        lines += [
            "",
            "This server can be reached from other machines on your network.",
            f"Give the class this address: {gallery_address(host, port, password, notebook)}",
        ]
        if password:
            lines.append(
                f"The class password is {password}. A page opened without it asks "
                "for it, so the short address "
                f"{gallery_address(host, port).split('/voila/')[0]} and the password "
                "do as well."
            )
        else:
            lines.append(
                "There is no password: anyone who can reach it can open the games "
                "(each visitor starts a Python process)."
            )
    lines.append("Ctrl-C stops the server.")
    return "\n".join(lines)


# What one kernel holds, a pupil's or a preheated one (USS, the play dashboards measured by
# `make bench`: about 55 MB; the tutorials less), and the server itself; both rounded up. They
# size the default limit on pupils and what --class says it takes, never a test's expectation.
KERNEL_MB = 60
SERVER_MB = 160
MAX_CLASS = 500


def memory_available() -> float:
    """The memory this server may use, in MB: what the system has available now, or the
    container's limit when it is lower (cgroup v2 or v1)."""
    available = float("inf")
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    available = int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        available = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    for limit in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            text = pathlib.Path(limit).read_text().strip()
        except OSError:
            continue
        if text.isdigit():
            available = min(available, int(text) / 2**20)
    return available


def pupils_that_fit(memory_mb: float, preheated: int) -> int:
    """Pupils whose kernels fit beside the server and its ``preheated`` waiting kernels,
    keeping a fifth of ``memory_mb`` for the system.

    >>> pupils_that_fit(16 * 1024, 39)
    176
    """
    return max(0, int((0.8 * memory_mb - SERVER_MB - preheated * KERNEL_MB) // KERNEL_MB))


def gigabytes(mb: float) -> str:
    return f"{mb / 1024:.1f} GB" if mb >= 1024 else f"{mb:.0f} MB"


def class_plan(
    folder: pathlib.Path,
    class_size: int,
    dashboard: str | None,
    max_pupils: int | None,
    memory_mb: float,
) -> tuple[dict[str, Any], int, str]:
    """The kernel pools (Voila's ``kernel_pools_config``), the limit on pupils and what to say
    about them, for a class of ``class_size`` opening ``dashboard`` together.

    Every notebook keeps one kernel preheated; the class's dashboard keeps ``class_size``, and
    so does every other game's play dashboard (``*_play.ipynb``), since the teacher may lead the
    class to any game (each as many as the memory holds beside the class's, when it cannot hold
    them all). The limit is ``max_pupils``, else what the memory holds beside the server and its preheated
    kernels."""
    notebooks = sorted(p.name for p in folder.glob("*.ipynb"))
    if not 0 <= class_size <= MAX_CLASS:
        raise ValueError(f"--class {class_size}: from 0 to {MAX_CLASS} pupils")
    if class_size and not dashboard:
        plays = ", ".join(n[:-6] for n in notebooks if n.endswith("_play.ipynb"))
        raise ValueError(
            f"--class {class_size}: say which dashboard the class opens, "
            f"with --dashboard NAME (one of {plays or ', '.join(notebooks)})"
        )
    pools: dict[str, Any] = {"default": {"pool_size": 1}}
    others: list[str] = []  # the other games' play dashboards
    each = 0  # the kernels each of them keeps
    if dashboard:
        name = dashboard if dashboard.endswith(".ipynb") else dashboard + ".ipynb"
        if name not in notebooks:
            raise ValueError(
                f"--dashboard {dashboard}: no such notebook in {folder} "
                f"(there are {', '.join(n[:-6] for n in notebooks)})"
            )
        if class_size:
            pools[name] = {"pool_size": class_size}
            others = [n for n in notebooks if n.endswith("_play.ipynb") and n != name]
    if max_pupils is not None and not 1 <= max_pupils <= 10_000:
        raise ValueError(f"--max-pupils {max_pupils}: from 1 to 10000")

    def preheated(size: int) -> int:
        """Kernels waiting, the other games' dashboards keeping ``size`` each."""
        alone = len(notebooks) - (1 + len(others) if class_size else 0)
        return alone + class_size + len(others) * size

    if others:  # as many as fit beside the class's kernels and the pupils' own (at least one)
        each = next(
            (
                n
                for n in range(class_size, 1, -1)
                if pupils_that_fit(memory_mb, preheated(n)) >= class_size
            ),
            1,
        )
        for other in others:
            pools[other] = {"pool_size": each}
    fit = pupils_that_fit(memory_mb, preheated(each))
    limit = max_pupils if max_pupils is not None else max(1, fit)
    if class_size > limit:
        raise ValueError(
            f"--class {class_size} is more pupils than this server lets in "
            f"({limit}; "
            + (
                "--max-pupils"
                if max_pupils is not None
                else f"the memory available, {gigabytes(memory_mb)}, holds {fit}"
            )
            + ")"
        )
    words = [
        f"Up to {limit} pupil{'s' if limit != 1 else ''} at once "
        + (
            "(--max-pupils)"
            if max_pupils is not None
            else f"(what {gigabytes(memory_mb)} of memory holds; --max-pupils to change)"
        )
        + "; one more is told the class is full."
    ]
    if class_size:
        ready = (
            (
                f" So does every other game's play dashboard "
                f"({', '.join(n[:-6] for n in others)}): the class follows you to any game "
                "as quickly"
                if each == class_size
                else f" Every other game's play dashboard keeps {each} (what the memory "
                f"holds besides): leading the class to another game is as quick for "
                f"{each} pupil{'s' if each != 1 else ''}, the others wait for a kernel to start"
            )
            + f", about {gigabytes(len(others) * each * KERNEL_MB)} more."
            if others
            else ""
        )
        words.insert(
            0,
            f"A class of {class_size} on {name[:-6]}: {class_size} kernels run "
            f"the dashboard ahead of time, about {gigabytes(class_size * KERNEL_MB)}.{ready}"
            f" Each one a pupil takes is replaced for the next: with the whole "
            f"class in, the server holds about "
            f"{gigabytes(SERVER_MB + (preheated(each) + class_size) * KERNEL_MB)}.",
        )
    return pools, limit, "\n".join(words)


def _prepend(env: dict[str, str], name: str, path: pathlib.Path) -> None:
    env[name] = os.pathsep.join(p for p in (str(path), env.get(name, "")) if p)


def voila_command(
    notebooks: pathlib.Path, port: int, ip: str, extra: list[str], landing: str = "index.ipynb"
) -> tuple[list[str], dict[str, str]]:
    """The Voila command line and environment that ``serve`` runs: Voila as ``app``
    extends it (the bare address leads to ``landing``, whose pool is preheated first; one line
    once every preheated kernel has run), the project's settings (``server/voila.json``, read
    from ``JUPYTER_CONFIG_PATH``) and the offline template (found on ``JUPYTER_PATH``). Voila
    takes the port asked for or none: the address ``serve`` printed is the one it serves."""
    env = dict(os.environ)
    # fewer malloc arenas: about 6 MB less in each kernel's threads, no slower here
    env.setdefault("MALLOC_ARENA_MAX", "2")
    # where other machines reach the pages, the AI lab runs no code typed into them
    env["STAINEDGLASS_SERVE_IP"] = ip
    _prepend(env, "JUPYTER_CONFIG_PATH", SERVER)
    _prepend(env, "JUPYTER_PATH", SERVER / "jupyter")
    command = [
        sys.executable,
        "-m",
        "stainedglass_widgets.serving.app",
        str(notebooks),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={ip}",
        f"--template={TEMPLATE}",
        f"--Voila.landing={landing}",
        f"--ClassKernelManager.preheat_first={landing}",
        *extra,
    ]
    return command, env


def ready_words(
    notebook: str,
    class_size: int,
    kernels: int,
    seconds: float,
    others: float = 0.0,
    cores: int = 1,
    games: tuple[int, int] = (0, 0),
) -> str:
    """What the server says once every preheated kernel (``kernels`` of them) has run its
    notebook and it has fallen quiet, ``seconds`` after it started; ``others``: the cores
    other programs were using then, out of ``cores``; ``games``: how many other games' play
    dashboards keep kernels for the class, and how many each.

    >>> print(ready_words("cathedral_play.ipynb", 30, 44, 95.2))
    stainedglass: the class's 30 kernels have run cathedral_play, every other notebook has one too (44 kernels, 95 s): cathedral_play is ready for the class.
    >>> print(ready_words("index.ipynb", 0, 14, 41.0, others=1.6, cores=2))
    stainedglass: every notebook has a kernel that has run it (14 kernels, 41 s): the gallery is ready. Other programs are using 1.6 of this machine's 2 cores: pages may come slower.
    >>> print(ready_words("cathedral_play.ipynb", 30, 134, 180.4, games=(3, 30)))
    stainedglass: the class's 30 kernels have run cathedral_play, the 3 other games' play dashboards have 30 each, every other notebook has one (134 kernels, 180 s): cathedral_play is ready for the class.
    """
    after = f"({kernels} kernel{'s' if kernels != 1 else ''}, {seconds:.0f} s)"
    if class_size:
        played, each = games
        besides = (
            f"the {played} other games' play dashboards have {each} each, "
            if played > 1
            else f"the other game's play dashboard has {each}, "
            if played
            else ""
        ) + ("every other notebook has one" + ("" if played else " too"))
        words = (
            f"stainedglass: the class's {class_size} kernels have run {notebook[:-6]}, "
            f"{besides} {after}: {notebook[:-6]} is ready for the class."
        )
    else:
        what = (
            "the gallery is"
            if notebook == "index.ipynb"
            else f"{notebook[:-6]} is"
            if notebook
            else "the notebooks are"
        )
        words = f"stainedglass: every notebook has a kernel that has run it {after}: {what} ready."
    if others >= 0.5 and others >= cores / 4:
        words += (
            f" Other programs are using {others:.1f} of this machine's {cores} cores: "
            "pages may come slower."
        )
    return words


def _run(
    command: list[str],
    env: dict[str, str],
    cwd: pathlib.Path | None = None,
    open_url: str | None = None,
) -> int:
    """Run a server until it ends or Ctrl-C; open ``open_url`` in a browser once it
    answers."""
    proc = subprocess.Popen(command, env=env, cwd=cwd)
    # a stop asked of this process (a service manager, `docker stop`) stops the server too
    signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    try:
        if open_url is not None:
            deadline = time.monotonic() + 60
            while proc.poll() is None and time.monotonic() < deadline:
                try:  # the list of files answers without taking a preheated kernel
                    urllib.request.urlopen(open_url.split("/voila/")[0] + "/voila/tree", timeout=2)
                    webbrowser.open(open_url)
                    break
                except OSError:
                    time.sleep(0.3)
        return proc.wait()
    except KeyboardInterrupt:
        try:  # Ctrl-C in the terminal reached the server too: a second would break its stop
            return proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)  # the stop was this process's alone
        try:
            return proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()


def serve(
    port: int = 8866,
    ip: str = "127.0.0.1",
    open_browser: bool = False,
    notebooks: str | None = None,
    extra: list[str] | None = None,
    password: str | None = None,
    no_password: bool = False,
    *,
    class_size: int = 0,
    dashboard: str | None = None,
    max_pupils: int | None = None,
    store: str | None = None,
    forget: bool = False,
) -> int:
    """Serve the gallery (or another folder of notebooks) as Voila dashboards; returns the
    exit status. Reachable from other machines, it asks for a class password: ``password``, or
    a new one (unless ``no_password``). ``class_size`` kernels run ``dashboard`` ahead of time,
    for a class opening it together; at most ``max_pupils`` pages hold a kernel at once (by
    default what the memory holds). ``store``: the class's store (rooms, moves, progress), a
    SQLite file or a ``postgresql://`` address (default: ``STAINEDGLASS_STORE``, else the user's
    data folder); ``forget`` deletes what it holds instead of serving."""
    where = class_store(store)
    if forget:
        from stainedglass_widgets.serving.classroom import forget as forget_class

        forget_class(where)
        print(
            f"stainedglass serve: the class's rooms, moves and progress in {where} are deleted.",
            flush=True,
        )
        return 0
    need = missing("voila")
    if need:
        print(f"stainedglass serve: {need}", file=sys.stderr)
        return 2
    if not 1 <= port <= 65535:
        raise ValueError(f"--port {port}: from 1 to 65535")
    is_loopback(ip)  # a bad address is refused before anything starts
    busy = port_taken(ip, port)  # and a busy port, before an address or a password is given
    if busy:
        raise ValueError(busy)
    folder = pathlib.Path(notebooks) if notebooks else notebooks_folder()
    if not folder.is_dir():
        raise ValueError(f"--notebooks {notebooks}: no such folder")
    if password is not None and not (
        password.isascii() and password.isalnum() and 4 <= len(password) <= 64
    ):
        raise ValueError("--password: 4 to 64 letters and digits")
    pools, limit, words = class_plan(folder, class_size, dashboard, max_pupils, memory_available())
    if password is None and not no_password and not is_loopback(ip):
        password = class_password()
    settings = [f"--Voila.token={password}"] if password else []
    settings += [
        f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
        f"--ClassKernelManager.max_pupils={limit}",
    ]
    if os.name == "posix":
        # kernels talk to the server over local sockets, not TCP ports: many kernels starting
        # at once (the preheated pools, a class) can no longer pick the same free port, which
        # left a kernel failing with "Address already in use" through all its restarts
        settings.append("--KernelManager.transport=ipc")
    if class_size:
        # the class takes its kernels within seconds: their replacements start after it
        settings.append("--VoilaKernelManager.fill_delay=20")
    page = next((n for n in pools if n != "default"), None) or (
        dashboard
        if dashboard and dashboard.endswith(".ipynb")
        else f"{dashboard}.ipynb"
        if dashboard
        else "index.ipynb"
        if (folder / "index.ipynb").is_file()
        else ""
    )
    command, env = voila_command(folder.resolve(), port, ip, settings + (extra or []), page)
    env[STORE_VARIABLE] = where
    teacher = None if is_loopback(ip) else class_password()
    if teacher:
        env[PASSWORD_VARIABLE] = teacher
    else:
        env.pop(PASSWORD_VARIABLE, None)
    print(announce(ip, port, password, page), flush=True)
    print(class_words(where, teacher, ip, port, password), flush=True)
    print(words, flush=True)
    threading.Thread(
        target=lambda: print(warm_words(warm_cores()), flush=True), daemon=True
    ).start()
    return _run(
        command,
        env,
        open_url=gallery_address("127.0.0.1", port, password, page) if open_browser else None,
    )


def warm_cores() -> float:
    """Compile the games' analysis cores, or load them from numba's cache (``sg.ai.warm``):
    ``serve`` runs it beside the server as it starts (a minute or two once per install, then
    seconds), so that the kernels load the cores compiled and no pupil's first hint waits for
    the compiler. Its seconds."""
    import stainedglass as sg

    return sg.ai.warm()


def warm_words(seconds: float) -> str:
    """What ``serve`` says once the analysis cores are ready.

    >>> print(warm_words(1.4))
    stainedglass: the games' analysis cores are ready (1 s; compiled once per install, then loaded from the cache).
    """
    return (
        f"stainedglass: the games' analysis cores are ready ({seconds:.0f} s; compiled once "
        "per install, then loaded from the cache)."
    )


def class_store(store: str | None = None) -> str:
    """The class's store ``serve`` uses (``--store``, else ``STAINEDGLASS_STORE``, else the
    user's data folder), opened once to check it: a ValueError says why it cannot be used."""
    try:
        from stainedglass_widgets.serving.classroom import open_store

        where = store_location(store)
    except ImportError as e:
        raise ValueError(str(e)) from None
    try:
        open_store(where).close()
    except (ValueError, ConnectionError, OSError) as e:
        raise ValueError(f"--store {where}: {e}") from None
    return where


CONSOLE = "class_console.ipynb"
"""The teacher's console, among the notebooks."""


def class_words(
    store: str, teacher: str | None, ip: str, port: int, password: str | None = None
) -> str:
    """Where the class's rooms and progress are kept, and the teacher's console: its whole
    address (where the class reaches the server, with the class password) and its own password
    (the pupils have the class password, never this one).

    >>> print(class_words("/srv/class.sqlite3", None, "127.0.0.1", 8866))
    Rooms and progress are kept in /srv/class.sqlite3 (--forget deletes them).
    Teacher's console: http://127.0.0.1:8866/voila/render/class_console.ipynb
    """
    shown = store.split("@")[-1] if store.startswith("postgres") else store  # no password
    host = "127.0.0.1" if is_loopback(ip) else lan_address() if ip in ("0.0.0.0", "::") else ip
    lines = [
        f"Rooms and progress are kept in {shown} (--forget deletes them).",
        f"Teacher's console: {gallery_address(host, port, password, CONSOLE)}",
    ]
    if teacher:
        lines.append(f"The console's own password is {teacher}: for you alone, not the class.")
    return "\n".join(lines)


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
    print(
        f"stainedglass: {len(copied)} file(s) copied into {target}"
        + (f"; kept your edited {', '.join(kept)}" if kept else ""),
        flush=True,
    )
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}", *(extra or [])]
    return _run(command, dict(os.environ), cwd=target)
