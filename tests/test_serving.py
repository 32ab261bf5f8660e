"""The app's kernel manager: pages still loading keep their kernels; closed pages lose them;
pools refill after the rush."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tabletop_widgets.app import serving


def run(coro):
    """asyncio.run in a thread: the browser tests' Playwright owns this thread's loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


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


def refill_scenario(
    monkeypatch,
    *,
    loading: bool,
    in_pool: bool = True,
    connect_after=None,
    max_defer: float = 5.0,
    warm_left: bool = True,
) -> float:
    """Start one pool refill while a page is (or is not) loading; seconds until it started."""
    monkeypatch.setattr(serving, "REFILL_QUIET", 0.2)
    monkeypatch.setattr(serving, "REFILL_POLL", 0.01)
    monkeypatch.setattr(serving, "REFILL_MAX_DEFER", max_defer)
    started: list[float] = []

    async def fake_start(self, *args, **kwargs):
        started.append(asyncio.get_running_loop().time())
        self._kernels["new"] = object()
        return "new"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", fake_start)

    async def scenario() -> float:
        km = serving.HandoutGraceKernelManager()
        if loading:  # a page took the preheated kernel "k1" and has not connected yet
            km._preheated.add("k1")
            km._kernels["k1"] = object()
            km._kernel_connections["k1"] = 0
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        # Voilà runs the refill inside the task it keeps in the pool.
        task = asyncio.ensure_future(km.start_kernel(env={"VOILA_PREHEAT": "True"}))
        warm = loop.create_future()  # another preheated kernel still waiting in the pool
        warm.set_result({"kernel_id": "k0"})
        km._pools = {"play.ipynb": [warm] * warm_left + [task] * in_pool}
        if connect_after is not None:
            await asyncio.sleep(connect_after)
            km.notify_connect("k1")
        assert await task == "new"
        assert "new" in km._preheated
        return started[0] - t0

    return run(scenario())


def test_refill_starts_at_once_when_no_page_is_loading(monkeypatch):
    assert refill_scenario(monkeypatch, loading=False) < 0.1  # e.g. the first fill


def test_refill_waits_until_the_loading_page_connected_and_things_are_quiet(monkeypatch):
    waited = refill_scenario(monkeypatch, loading=True, connect_after=0.3)
    assert 0.3 + 0.2 <= waited < 1.5


def test_refill_of_an_empty_pool_starts_at_once(monkeypatch):
    # No warm kernel left: the next page should not have to wait for a kernel to start.
    assert refill_scenario(monkeypatch, loading=True, warm_left=False) < 0.1


def test_refill_a_page_is_waiting_for_starts_at_once(monkeypatch):
    # The pool ran out: a page popped this refill and awaits its kernel.
    assert refill_scenario(monkeypatch, loading=True, in_pool=False) < 0.1


def test_refill_is_deferred_at_most_refill_max_defer(monkeypatch):
    waited = refill_scenario(monkeypatch, loading=True, max_defer=0.3)  # page never connects
    assert 0.3 <= waited < 1.5


def test_a_kernel_that_waited_long_in_its_pool_keeps_its_grace_when_handed_out(monkeypatch):
    """The landing page's preheated kernel may wait in its pool for an hour; the moment a page
    takes it, the grace starts (it was culled 3 s after the handout in a test before)."""
    culled = []

    async def fake_cull(self, kernel_id):
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", fake_cull)
    km = serving.HandoutGraceKernelManager()
    km.cull_idle_timeout = 3
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])

    async def pooled_then_taken() -> None:
        warm = asyncio.get_running_loop().create_future()
        warm.set_result({"kernel_id": "waiting"})
        km._pools = {"index.ipynb": [warm]}
        for _ in range(3):  # an hour in the pool, looked at by the culler again and again
            await km.cull_kernel_if_idle("waiting")
            clock[0] += 1200
        assert culled == []
        km._pools = {"index.ipynb": []}  # a page takes it
        await km.cull_kernel_if_idle("waiting")
        clock[0] += serving.HANDOUT_GRACE - 1
        await km.cull_kernel_if_idle("waiting")
        assert culled == []  # its page is still loading
        clock[0] += 2
        await km.cull_kernel_if_idle("waiting")
        assert culled == ["waiting"]  # nobody ever came for it

    run(pooled_then_taken())
