"""The Voila that ``stainedglass serve`` runs (``python -m stainedglass_widgets.serving.app``):
Voila's own application, and four things more.

- **One address.** The bare address (``http://host:8866/``) and ``/voila/`` lead to the landing
  page, ``landing``: the gallery, or the class's dashboard (a redirect that keeps the query
  string, so ``/?token=<password>`` lets its visitor in). Voila's list of files stays at
  ``/voila/tree``. The address Voila logs itself is left out of its log: ``serve`` has printed
  the one to give out, with the class password.
- **Ready means ready.** Once every preheated kernel has run its notebook (its whole notebook,
  or up to the cell that waits for its visitor's request) and the server with its kernels has
  fallen quiet, one line says so on standard output (``serve.ready_words``): before that,
  kernels still starting share the cores with the pupils' pages.
- The pools are preheated in turn, the class's dashboard first (``kernels``).
- A page opened without the class password asks for it on the project's own page
  (``login.html`` of the template), not Jupyter's.

Only Voila's process imports this module (it needs Voila).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
import warnings
from typing import Any

import psutil
from jupyter_server.utils import url_path_join
from tornado import ioloop, web
from tornado.escape import url_escape
from traitlets import Float, Unicode
from voila.app import Voila as _Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_identity_provider import VoilaLoginHandler

from .serve import ready_words


# serve gives the kernel pools as one JSON value on the command line, which traitlets still
# reads; its warning about the form would be the first thing a teacher sees
warnings.filterwarnings(
    "ignore", message=r".*for dict-traits is deprecated", category=DeprecationWarning
)


class _LeaveOutThePingClamp(logging.Filter):
    """Tornado (6.5 on) says "The websocket_ping_timeout (90000) cannot be longer than the
    websocket_ping_interval (30000)" when the first page connects. Jupyter Server keeps each
    page's connection alive itself (``ws_ping_interval`` and ``ws_ping_timeout``, milliseconds,
    ``server/voila.json``): a ping every 30 s notices a lost connection, and a page is dropped
    only after 90 s without an answer, so a slow pupil's page (a busy Wi-Fi, a busy server)
    is not. Tornado reads the same two numbers as its own pings' seconds (one every 30000 s:
    never) and shortens only its own timeout: Jupyter Server's pings are as set. A timeout no
    longer than the interval would silence it, but drop a healthy page whenever the server
    answered a ping's tick a few milliseconds late; so the words are left out instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "cannot be longer than the websocket_ping_interval" not in str(record.msg)


logging.getLogger("tornado.general").addFilter(_LeaveOutThePingClamp())


class _LeaveOutTheAddress(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Voilà is running at")


class _LeaveOutTrust(logging.Filter):
    """Jupyter Server says "Notebook X is not trusted" each time it reads a notebook without
    its signature (every preheated kernel's): a dashboard runs its notebook whatever its trust,
    so the words only alarm a teacher."""

    def filter(self, record: logging.LogRecord) -> bool:
        return str(record.msg) != "Notebook %s is not trusted"


def _sets_the_xsrf_cookie(handler: type[web.RequestHandler]) -> type[web.RequestHandler]:
    """``handler`` (Voila's page) giving its page the ``_xsrf`` cookie, which Voila's page sends
    back when it closes (``POST /voila/api/shutdown/<kernel>``, ending its kernel). A preheated
    kernel's page was rendered before its request, so nothing asked for the cookie, and the
    server refused the page's last request (403, "'_xsrf' argument missing from POST")."""

    class Handler(handler):  # type: ignore[valid-type,misc]
        async def prepare(self, *args: Any, **kwargs: Any) -> None:
            done = super().prepare(*args, **kwargs)
            if inspect.isawaitable(done):
                await done
            if not self._finished:  # let in: the cookie, when the page has none
                _ = self.xsrf_token

    Handler.__name__ = handler.__name__
    return Handler


class ClassPasswordPage(VoilaLoginHandler):
    """The page asking for the class password (a page opened without it): the project's own
    page (``login.html`` of the template), in its words and look, where Jupyter's asked for a
    "token" and told of ``jupyter server list``. The password is checked as before."""

    def _render(self, message: Any = None) -> None:
        page = self.settings["voila_jinja2_env"].get_template("login.html")
        self.write(
            page.render(
                base_url=self.base_url,
                next=url_escape(self.get_argument("next", default=self.base_url)),
                xsrf_form_html=self.xsrf_form_html(),
                refused=bool(message),
            )
        )


class Voila(_Voila):
    """Voila, as the module says. Its settings keep Voila's names (``Voila.ip``, its log
    reads ``[Voila ...]``); ``Voila.landing`` and ``Voila.quiet`` are its own."""

    landing = Unicode(
        "index.ipynb",
        config=True,
        help="Where the bare address leads: a notebook (rendered), or '' for the list of files.",
    )
    quiet = Float(
        0.05,
        config=True,
        help="The server is quiet when it and its kernels use less than this "
        "share of one core over a second.",
    )

    def initialize(self, argv: Any = None) -> None:
        self.log.addFilter(_LeaveOutTrust())
        super().initialize(argv)

    def init_handlers(self) -> list[Any]:
        provider = getattr(self, "identity_provider", None)
        if provider is not None:
            provider.login_handler_class = ClassPasswordPage
        root = self.server_url.rstrip("/")
        target = (
            url_path_join(self.base_url, "voila/render", self.landing)
            if self.landing
            else url_path_join(self.base_url, "voila/tree")
        )
        # a temporary redirect: another day's server may lead elsewhere (--dashboard)
        to = {"url": target.replace("{", "{{").replace("}", "}}"), "permanent": False}
        handlers = [
            (spec[0], _sets_the_xsrf_cookie(spec[1]), *spec[2:])
            if spec[1] is TornadoVoilaHandler
            else spec
            for spec in super().init_handlers()
        ]
        return [
            (root + "/?", web.RedirectHandler, to),
            (root + "/voila/?", web.RedirectHandler, to),
            *handlers,
        ]

    def listen(self) -> None:
        self.log.addFilter(_LeaveOutTheAddress())
        ioloop.IOLoop.current().spawn_callback(self._say_when_ready)
        super().listen()

    async def _say_when_ready(self) -> None:
        progress = getattr(self.kernel_manager, "preheat_progress", None)
        if progress is None:
            return  # no preheated kernels
        start = time.monotonic()
        server = psutil.Process()
        first = self.landing in getattr(self.kernel_manager, "_pools", {})
        while True:
            await asyncio.sleep(0.5)
            if first and (landing := progress(self.landing))[0] == landing[1]:
                first = False
                self.log.info(
                    "The %d kernel(s) of %s have run it (%.0f s); the other notebooks' now.",
                    landing[1],
                    self.landing,
                    time.monotonic() - start,
                )
            done, total = progress()
            if done < total:
                continue
            ours, everyone = await tree_and_machine_cpu(server, window=1.0)
            if ours < quiet_enough(self.quiet, total):
                break
        pools = self.kernel_manager.kernel_pools_config
        class_size = pools[self.landing].get("pool_size", 0) if self.landing in pools else 0
        games = [  # the other games' play dashboards, kept for the class (serve.class_plan)
            pool.get("pool_size", 1)
            for name, pool in pools.items()
            if name not in ("default", self.landing) and name.endswith("_play.ipynb")
        ]
        others = max(0.0, everyone - ours)
        print(
            ready_words(
                self.landing,
                class_size,
                total,
                time.monotonic() - start,
                others,
                psutil.cpu_count() or 1,
                (len(games), max(games, default=0)),
            ),
            flush=True,
        )


IDLE_KERNEL = 0.004
"""The share of a core an idle kernel may use (its heartbeat and its polls): a class's server
with a hundred kernels waiting is quiet at a few tenths of a core, where one running a notebook
takes a whole core."""


def quiet_enough(quiet: float, kernels: int) -> float:
    """The cores the server and its ``kernels`` may use and still be quiet: ``quiet``, and what
    that many idle kernels use besides.

    >>> quiet_enough(0.05, 14), quiet_enough(0.05, 134)
    (0.106, 0.586)
    """
    return round(quiet + IDLE_KERNEL * kernels, 3)


async def tree_and_machine_cpu(process: psutil.Process, window: float) -> tuple[float, float]:
    """(cores used by ``process`` and its children, cores used by the whole machine) over
    the next ``window`` seconds."""

    def tree() -> dict[int, float]:
        used = {}
        for proc in [process, *process.children(recursive=True)]:
            try:
                times = proc.cpu_times()
                used[proc.pid] = times.user + times.system
            except psutil.Error:
                pass  # ended meanwhile
        return used

    before = tree()
    psutil.cpu_percent(interval=None)  # from now
    await asyncio.sleep(window)
    everyone = psutil.cpu_percent(interval=None) / 100 * (psutil.cpu_count() or 1)
    ours = sum(max(0.0, used - before.get(pid, 0.0)) for pid, used in tree().items())
    return ours / window, everyone


main = Voila.launch_instance

if __name__ == "__main__":
    main()
