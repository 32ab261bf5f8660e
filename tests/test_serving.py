"""The app's kernel manager: pages still loading keep their kernels; closed pages lose them."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tabletop_widgets import serving


def run(coro) -> None:
    """asyncio.run in a thread: the browser tests' Playwright owns this thread's loop."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def test_never_connected_kernels_get_a_grace_period(monkeypatch):
    culled = []

    async def fake_cull(self, kernel_id):
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", fake_cull)
    km = serving.HandoutGraceKernelManager()
    km.cull_idle_timeout = 5
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])

    run(km.cull_kernel_if_idle("loading"))
    clock[0] += serving.HANDOUT_GRACE - 1
    run(km.cull_kernel_if_idle("loading"))
    assert culled == []  # its page is still loading
    clock[0] += 2
    run(km.cull_kernel_if_idle("loading"))
    assert culled == ["loading"]  # nobody ever came for it

    km._kernel_connections["seen"] = 0
    km.notify_connect("seen")  # the page connected, then closed
    km.notify_disconnect("seen")
    run(km.cull_kernel_if_idle("seen"))
    assert culled == ["loading", "seen"]  # ordinary culling applies at once
