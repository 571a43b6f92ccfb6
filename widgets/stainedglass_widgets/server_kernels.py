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

Only Voila's process imports this module (it needs Jupyter Server).
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Iterator
from typing import Any

from jupyter_client.manager import KernelManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer


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
        return (f"This server holds {max_pupils} game{'s' if max_pupils != 1 else ''} at once, "
                f"and {pupils + admitting} {'are' if pupils + admitting != 1 else 'is'} open.")
    return None


def cull_reason(ever_connected: bool, connections: int, closed_for: float | None,
                closed_timeout: float) -> str | None:
    """Why a kernel should end now (None: let the usual idle rule decide, or keep it).

    >>> cull_reason(False, 0, None, 60) is None          # a preheated kernel, waiting
    True
    >>> cull_reason(True, 0, 75.0, 60)
    'its page closed 75 s ago'
    >>> cull_reason(True, 1, None, 60) is None           # open: the idle rule decides
    True
    """
    if ever_connected and connections == 0 and closed_for is not None \
            and closed_for >= closed_timeout:
        return f"its page closed {closed_for:.0f} s ago"
    return None


class ClassKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter Server's kernel manager, culling as the module says."""

    closed_timeout = Integer(60, config=True,
                             help="Seconds a kernel lives on once its last page has closed.")
    max_pupils = Integer(0, config=True, min=0,
                         help="Pages holding a kernel at once, at most (0: no limit); one "
                              "more visitor is shown the class-full page.")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._closed_at: dict[str, float] = {}
        self._pupils: set[str] = set()  # kernels handed to pages
        self._admitting = 0  # pages being given a kernel right now

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        hand_out = cls.__dict__.get("get_rendered_notebook")
        if hand_out is None:
            return  # only Voila's pooling manager hands out preheated kernels

        @functools.wraps(hand_out)
        async def get_rendered_notebook(self: ClassKernelManager, *args: Any,
                                        **kw: Any) -> Any:
            with self._admit():
                result = await hand_out(self, *args, **kw)
                self._pupils.add(result[2])  # (render task, rendered cells, kernel id)
                return result

        cls.get_rendered_notebook = get_rendered_notebook  # type: ignore[attr-defined]

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
            self, *args: Any, **kwargs: Any) -> str:
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
            self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
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
        reason = cull_reason(True, self._kernel_connections.get(kernel_id, 0),
                             None if closed is None else time.monotonic() - closed,
                             self.closed_timeout)
        if reason:
            self.log.warning("Culling kernel %s: %s.", kernel_id, reason)
            await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)
