"""The kernel manager ``stainedglass serve`` gives Voila (``server/voila.json``), so a class's
kernels do not outlive their pupils:

- a kernel whose page has closed (its last connection gone) ends after ``closed_timeout``
  seconds (60: long enough for a reload or a dropped Wi-Fi to come back);
- a kernel whose page is open but untouched ends after the idle timeout (the board's page stops
  its pings after 10 minutes without a pupil's input, and ``cull_idle_timeout`` is 10 minutes:
  20 minutes without interaction in all). A pupil who comes back is told the game lost its
  connection, and Reload brings the game back from the page's address;
- a preheated kernel waiting for its visitor (never connected) is never culled.

It also keeps the class within the machine: at most ``max_pupils`` pages hold a kernel at once
(``stainedglass serve --max-pupils``; by default what the memory holds). One more visitor gets
the "class is full" page (``server/jupyter/voila/templates/stainedglass/503.html``) instead of a
kernel, and a preheated kernel stays in its pool for the next one who fits. A kernel frees its
place as soon as its shutdown begins, not once its process is gone. The count is taken
where kernels are handed out: when Voila gives a page a kernel from its pool (its pooling
manager is built as a subclass of this class, whose ``get_rendered_notebook`` is wrapped as it
is made, see ``__init_subclass__``), or starts one for it.

And it preheats in order: a pool's kernel starts and runs its notebook in turn, a few at a time
(``preheat_at_once``, by default twice as many as the machine has cores, and two more), the
class's dashboard (``preheat_first``) first, then the gallery, then the other notebooks; a page
that asks for a kernel still waiting for its turn has it started at once. Once pupils hold
kernels, the pools refill one kernel at a time: the cores stay with the pupils' games (15 rooms
of two, `make bench`: a move on the other device in 0.09 s, median; 0.4 s at worst, against 0.13
and 2.2 s with the refills a few at a time). For a class of 30 on
two cores busy with other programs as well (44 kernels), the class's kernels had all run their notebook after 32 s, and every
kernel after 48 s; started all at once, after 39 to 44 s and 46 to 50 s; three at a time, after
35 to 38 s and 55 to 63 s (a kernel's start waits on more than the cores: the server, which
passes on every cell's outputs, and the disk). ``preheat_progress`` says how many
of the pools' kernels have run their notebook: to its end, or, for a notebook that reads its
page's request (``records.request_info``), up to the cell that waits for its visitor.

Only Voila's process imports this module (it needs Jupyter Server).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import itertools
import os
import time
import weakref
from collections.abc import Iterator
from typing import Any

from jupyter_client.manager import KernelManager
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)
from tornado import web
from traitlets import Float, Integer, Unicode, default


def class_is_full(pupils: int, admitting: int, max_pupils: int) -> str | None:
    """Why one more page may not have a kernel (None: it may).

    >>> class_is_full(29, 0, 30) is None
    True
    >>> class_is_full(29, 1, 30)
    'This server holds 30 games at once, and 30 are open.'
    >>> class_is_full(500, 0, 0) is None                 # no limit
    True
    """
    if max_pupils and pupils + admitting >= max_pupils:
        return (
            f"This server holds {max_pupils} game{'s' if max_pupils != 1 else ''} at once, "
            f"and {pupils + admitting} {'are' if pupils + admitting != 1 else 'is'} open."
        )
    return None


def cull_reason(
    ever_connected: bool, connections: int, closed_for: float | None, closed_timeout: float
) -> str | None:
    """Why a kernel should end now (None: let the usual idle rule decide, or keep it).

    >>> cull_reason(False, 0, None, 60) is None          # a preheated kernel, waiting
    True
    >>> cull_reason(True, 0, 75.0, 60)
    'its page closed 75 s ago'
    >>> cull_reason(True, 1, None, 60) is None           # open: the idle rule decides
    True
    """
    if (
        ever_connected
        and connections == 0
        and closed_for is not None
        and closed_for >= closed_timeout
    ):
        return f"its page closed {closed_for:.0f} s ago"
    return None


def preheat_rank(notebook: str, first: str) -> int:
    """Which pools preheat first: the class's dashboard, then the gallery, then the rest.

    >>> sorted(["review.ipynb", "index.ipynb", "cathedral_play.ipynb"],
    ...        key=lambda n: preheat_rank(n, "cathedral_play.ipynb"))
    ['cathedral_play.ipynb', 'index.ipynb', 'review.ipynb']
    """
    return 0 if notebook == first else 1 if notebook == "index.ipynb" else 2


def has_run(content: dict[str, Any], waiting: Any) -> bool:
    """Whether a preheated kernel has run its notebook: its rendering (``content["task"]``,
    Voila's) is done, or its kernel waits for its visitor's request (its id among ``waiting``,
    the kernels connected to Voila's ``voila/query`` socket)."""
    return bool(content["task"].done() or content["kernel_id"] in waiting)


class QuietlyEndingKernelManager(ServerKernelManager):
    """One kernel's manager, ending it without interrupting it first: Jupyter's interrupt
    before a shutdown (SIGINT) printed, on Ctrl-C, a traceback from each kernel still starting
    or closing its sockets ("ZMQError: Socket operation on non-socket"). The kernel is asked
    to shut down, then ended, as ever."""

    async def _async_interrupt_kernel(self) -> None:
        if self.shutting_down:
            return
        await super()._async_interrupt_kernel()


class ClassKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, culling, counting and preheating as the module
    says."""

    @default("kernel_manager_class")
    def _quietly_ending(self) -> str:
        return f"{__name__}.QuietlyEndingKernelManager"

    closed_timeout = Integer(
        60, config=True, help="Seconds a kernel lives on once its last page has closed."
    )
    max_pupils = Integer(
        0,
        config=True,
        min=0,
        help="Pages holding a kernel at once, at most (0: no limit); one "
        "more visitor is shown the class-full page.",
    )
    preheat_first = Unicode(
        "index.ipynb",
        config=True,
        help="The notebook whose pool is preheated first (the class's "
        "dashboard); the gallery comes next, then the others.",
    )
    preheat_at_once = Integer(
        0,
        config=True,
        min=0,
        help="Pool kernels starting and running their notebook at once "
        "(0: twice the machine's cores, and two more).",
    )
    preheat_timeout = Float(
        300,
        config=True,
        help="Seconds a pool kernel may take to run its notebook before "
        "the next one starts anyway.",
    )

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._closed_at: dict[str, float] = {}
        self._pupils: set[str] = set()  # kernels handed to pages
        self._admitting = 0  # pages being given a kernel right now
        self._running = 0  # pool kernels starting or running their notebook
        self._queue: list[tuple[int, int, asyncio.Future[None], Any]] = []  # waiting turns
        self._order = itertools.count()
        self._wanted: weakref.WeakSet[Any] = weakref.WeakSet()  # entries a page waits for
        self._closing = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # only Voila's pooling manager hands out and preheats pool kernels
        hand_out = cls.__dict__.get("get_rendered_notebook")
        if hand_out is not None:

            @functools.wraps(hand_out)
            async def get_rendered_notebook(
                self: ClassKernelManager, notebook_name: str, *args: Any, **kw: Any
            ) -> Any:
                with self._admit():
                    pool = self._pools.get(notebook_name) or [None]  # type: ignore[attr-defined]
                    self._hurry(pool[0])  # the page's kernel, if still waiting for its turn
                    result = await hand_out(self, notebook_name, *args, **kw)
                    self._pupils.add(result[2])  # (render task, rendered cells, kernel id)
                    return result

            cls.get_rendered_notebook = get_rendered_notebook  # type: ignore[attr-defined]
        initialize = cls.__dict__.get("_initialize")
        if initialize is not None:

            @functools.wraps(initialize)
            async def _initialize(
                self: ClassKernelManager,
                notebook_path: str,
                kernel_id: str | None = None,
                **kw: Any,
            ) -> Any:
                if kernel_id is not None:  # a restarted kernel runs its notebook again
                    return await initialize(self, notebook_path, kernel_id, **kw)
                await self._turn(preheat_rank(notebook_path, self.preheat_first))
                try:
                    content = await initialize(self, notebook_path, kernel_id, **kw)
                except BaseException:
                    self._turn_done()
                    raise
                asyncio.ensure_future(self._turn_done_once_run(content))
                return content

            cls._initialize = _initialize  # type: ignore[attr-defined]

    # ---- preheating in turn -------------------------------------------------------------

    def _at_once(self) -> int:
        """Pool kernels that may start at once: before the class comes, as many as the cores
        keep busy; once pupils hold kernels, one at a time, so that refilling the pools leaves
        the cores to the pupils' games (a move shows on the other device within a second)."""
        if self._pupils:
            return 1
        return self.preheat_at_once or 2 * (os.cpu_count() or 1) + 2

    async def _turn(self, rank: int) -> None:
        """Wait until this pool kernel may start: a place among the ``preheat_at_once``, the
        most wanted first. The places are given out once every kernel asking at the same
        moment has asked (at the start, every pool's)."""
        if self._closing:
            raise RuntimeError("the server is stopping")
        task = asyncio.current_task()
        if task in self._wanted:
            self._wanted.discard(task)
            self._running += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (rank, next(self._order), turn, task))
        asyncio.get_running_loop().call_soon(self._give_places)
        await turn  # _give_places gave it a place (counted in _running)

    def _hurry(self, task: Any) -> None:
        """Start the pool kernel that ``task`` (a pool's entry) prepares at once, without
        waiting for its turn: a page waits for it."""
        if task is None or task.done():
            return
        for i, (_, _, turn, waiting) in enumerate(self._queue):
            if waiting is task and not turn.done():
                self._queue.pop(i)
                heapq.heapify(self._queue)
                self._running += 1
                turn.set_result(None)
                return
        self._wanted.add(task)  # not yet asking for its turn (a refill's delay): no waiting

    def _give_places(self) -> None:
        while self._queue and self._running < self._at_once():
            _, _, turn, _ = heapq.heappop(self._queue)
            if not turn.done():
                self._running += 1
                turn.set_result(None)

    def _turn_done(self) -> None:
        self._running -= 1
        self._give_places()

    async def _turn_done_once_run(self, content: dict[str, Any]) -> None:
        from voila.request_info_handler import RequestInfoSocketHandler

        deadline = time.monotonic() + self.preheat_timeout
        try:
            while not has_run(content, RequestInfoSocketHandler._waiters):
                if time.monotonic() > deadline:
                    self.log.warning(
                        "Kernel %s has not run its notebook within %.0f s; the next one starts.",
                        content["kernel_id"],
                        self.preheat_timeout,
                    )
                    break
                await asyncio.sleep(0.2)
        finally:
            self._turn_done()

    def preheat_progress(self, notebook: str | None = None) -> tuple[int, int]:
        """(pool kernels that have run their notebook, pool kernels), of every pool or of
        ``notebook``'s: a kernel that failed to start counts as done, there is nothing more
        to wait for."""
        from voila.request_info_handler import RequestInfoSocketHandler

        done = total = 0
        pools = getattr(self, "_pools", {})
        for pool in pools.values() if notebook is None else [pools.get(notebook, [])]:
            for entry in pool:
                total += 1
                if entry.done() and (
                    entry.cancelled()
                    or entry.exception() is not None
                    or has_run(entry.result(), RequestInfoSocketHandler._waiters)
                ):
                    done += 1
        return done, total

    async def shutdown_all(  # type: ignore[override]  # async, as Jupyter Server's
        self, *args: Any, **kwargs: Any
    ) -> None:
        self._closing = True  # kernels still waiting for their turn never start
        for _, _, turn, _ in self._queue:
            if not turn.done():
                turn.set_exception(RuntimeError("the server is stopping"))
        self._queue.clear()
        await super().shutdown_all(*args, **kwargs)

    # ---- the class's count ---------------------------------------------------------------

    @contextlib.contextmanager
    def _admit(self) -> Iterator[None]:
        """Hold a place for one page while it is given a kernel, or refuse it (503, the
        class-full page) when every place is taken."""
        full = class_is_full(len(self._pupils), self._admitting, self.max_pupils)
        if full:
            self.log.warning("The class is full: %s", full)
            raise web.HTTPError(503, full, reason="The class is full")
        self._admitting += 1
        try:
            yield
        finally:
            self._admitting -= 1

    async def start_kernel(  # type: ignore[override]  # async, as Jupyter Server's
        self, *args: Any, **kwargs: Any
    ) -> str:
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":
            return str(await super().start_kernel(*args, **kwargs))  # a pool's: nobody's yet
        with self._admit():
            kernel_id = str(await super().start_kernel(*args, **kwargs))
            self._pupils.add(kernel_id)
            return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)
        self._closed_at.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._closed_at[kernel_id] = time.monotonic()

    async def shutdown_kernel(  # type: ignore[override]  # async, as Jupyter Server's
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        self._pupils.discard(kernel_id)  # an ending kernel's place is free at once
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def remove_kernel(self, kernel_id: str) -> KernelManager:
        self._pupils.discard(kernel_id)
        self._ever_connected.discard(kernel_id)
        self._closed_at.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._ever_connected:
            return  # a preheated kernel waiting for its visitor
        closed = self._closed_at.get(kernel_id)
        reason = cull_reason(
            True,
            self._kernel_connections.get(kernel_id, 0),
            None if closed is None else time.monotonic() - closed,
            self.closed_timeout,
        )
        if reason:
            self.log.warning("Culling kernel %s: %s.", kernel_id, reason)
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)
