"""Server-side pieces for serving the app with Voilà (imported by Voilà, not by notebooks).

:class:`HandoutGraceKernelManager` fixes a race between Voilà's kernel pool
and idle culling.  A preheated kernel waits in the pool, idle, for as long as
nobody asks for its notebook; the moment a page takes it, it has no websocket
connection yet and its last activity may be far older than the cull timeout,
so a culler pass in that window shuts down the kernel of a page that is
still loading, and the page's widgets never come alive.  This manager only
culls a kernel that never had a connection once it has been seen idle and
unconnected for ``HANDOUT_GRACE`` seconds (or the cull timeout, if longer):
a whole class loading pages at once can take minutes.  Kernels whose pages
were closed are culled as usual.  Select it in ``voila.json``::

    {"VoilaConfiguration": {"multi_kernel_manager_class":
        "tabletop_widgets.serving.HandoutGraceKernelManager"}}
"""

from __future__ import annotations

import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["HANDOUT_GRACE", "HandoutGraceKernelManager"]

#: Seconds a kernel handed to a page may wait for the page to connect.
HANDOUT_GRACE = 600


class HandoutGraceKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager that gives never-connected kernels a grace period."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._unconnected_since: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._ever_connected:
            seen = self._unconnected_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - seen < max(HANDOUT_GRACE, self.cull_idle_timeout):
                return None
        result = await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self:  # culled: forget it
            self._ever_connected.discard(kernel_id)
            self._unconnected_since.pop(kernel_id, None)
        return result
