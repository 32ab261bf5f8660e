"""Server-side pieces for serving the app with Voilà (imported by Voilà, not by notebooks).

:class:`HandoutGraceKernelManager` does two things for a class arriving at once.

*Refill after the rush.* Voilà refills a kernel pool one second after a page
takes a preheated kernel. Starting a kernel and running its notebook costs
about a core-second, so thirty refills would compete with the thirty pages
that are still loading. This manager holds a refill back while any page that
was handed a kernel has not connected yet, and for ``REFILL_QUIET`` seconds
after the last one did, at most ``REFILL_MAX_DEFER`` seconds. One refill
always goes ahead when a pool has no warm kernel left (so the next page does
not wait for a kernel to start), and a refill that a page is already waiting
for starts at once.

*No culling of a page that is still loading.* A preheated kernel waits in the
pool, idle, for as long as nobody asks for its notebook; the moment a page
takes it, it has no websocket connection yet and its last activity may be far
older than the cull timeout, so a culler pass in that window shuts down the
kernel of a page that is still loading, and the page's widgets never come
alive. This manager never culls a kernel waiting in its pool, and culls a kernel
that never had a connection only once it has been seen idle and unconnected,
out of its pool, for ``HANDOUT_GRACE`` seconds (or the cull timeout, if longer):
a whole class loading pages at once can take minutes.
Kernels whose pages were closed are culled as usual.  Select it in ``voila.json``::

    {"VoilaConfiguration": {"multi_kernel_manager_class":
        "tabletop_widgets.app.serving.HandoutGraceKernelManager"}}
"""

from __future__ import annotations

import asyncio
import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["HANDOUT_GRACE", "REFILL_MAX_DEFER", "REFILL_QUIET", "HandoutGraceKernelManager"]

#: Seconds a kernel handed to a page may wait for the page to connect.
HANDOUT_GRACE = 600
#: A pool refill waits until no page has been loading for this many seconds ...
REFILL_QUIET = 20.0
#: ... but never longer than this.
REFILL_MAX_DEFER = 120.0
#: How often a deferred refill looks again.
REFILL_POLL = 0.25


class HandoutGraceKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager that gives never-connected kernels a grace period."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._unconnected_since: dict[str, float] = {}
        self._preheated: set[str] = set()  # kernels started for a pool
        self._refilling: set[object] = set()  # pool tasks starting their kernel now
        self._last_busy = float("-inf")  # when a page was last seen loading

    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        self._last_busy = time.monotonic()
        super().notify_connect(kernel_id)

    async def start_kernel(self, *args, **kwargs) -> str:
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            return await super().start_kernel(*args, **kwargs)
        # Voilà starts a pool's kernel inside the task it keeps in the pool.
        task = asyncio.current_task()
        await self._defer_refill(task)
        self._refilling.add(task)
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._refilling.discard(task)
        self._preheated.add(kernel_id)
        return kernel_id

    @staticmethod
    def _warm(task) -> bool:
        return task.done() and not task.cancelled() and task.exception() is None

    def _pool_of(self, task) -> list | None:
        """The Voilà pool (a list of tasks) holding ``task``, if any still does."""
        for pool in getattr(self, "_pools", {}).values():
            if task in pool:
                return pool
        return None

    def _pooled(self) -> set[str]:
        """The kernels waiting, warm, in a pool (no page has taken them yet)."""
        return {
            t.result()["kernel_id"]
            for pool in getattr(self, "_pools", {}).values()
            for t in pool
            if self._warm(t)
        }

    def pages_loading(self) -> int:
        """Pages that took a preheated kernel and have not connected to it yet."""
        pooled = self._pooled()
        return sum(
            1
            for k in self._preheated
            if k not in pooled and k not in self._ever_connected and k in self
        )

    async def _defer_refill(self, task) -> None:
        start = time.monotonic()
        while time.monotonic() - start < REFILL_MAX_DEFER:
            pool = self._pool_of(task)
            if pool is None:
                return  # a page took this pool item and waits for its kernel
            if not any(self._warm(t) or t in self._refilling for t in pool):
                return  # the pool is empty: keep one kernel on its way for the next page
            if self.pages_loading():
                self._last_busy = time.monotonic()
            elif time.monotonic() - self._last_busy >= REFILL_QUIET:
                return
            await asyncio.sleep(REFILL_POLL)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._ever_connected:
            if kernel_id in self._pooled():
                # Waiting in its pool for a page: never culled, and the grace starts when a
                # page takes it (a kernel that waited long must not lose it the moment it is
                # handed out).
                self._unconnected_since.pop(kernel_id, None)
                return None
            seen = self._unconnected_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - seen < max(HANDOUT_GRACE, self.cull_idle_timeout):
                return None
        result = await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self:  # culled: forget it
            self._ever_connected.discard(kernel_id)
            self._unconnected_since.pop(kernel_id, None)
            self._preheated.discard(kernel_id)
        return result
