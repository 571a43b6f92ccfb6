"""The kernel manager ``stainedglass serve`` gives Voila (``server/voila.json``), so a class's
kernels do not outlive their pupils:

- a kernel whose page has closed (its last connection gone) ends after ``closed_timeout``
  seconds (60: long enough for a reload or a dropped Wi-Fi to come back);
- a kernel whose page is open but untouched ends after the idle timeout (the board's page stops
  its pings after 10 minutes without a pupil's input, and ``cull_idle_timeout`` is 10 minutes:
  20 minutes without interaction in all). A pupil who comes back is told the game lost its
  connection, and Reload brings the game back from the page's address;
- a preheated kernel waiting for its visitor (never connected) is never culled.

Only Voila's process imports this module (it needs Jupyter Server).
"""

from __future__ import annotations

import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from traitlets import Integer


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

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._closed_at: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)
        self._closed_at.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._closed_at[kernel_id] = time.monotonic()

    def remove_kernel(self, kernel_id: str) -> object:
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
            await ensure_async(self.shutdown_kernel(kernel_id))
            return
        await super().cull_kernel_if_idle(kernel_id)
