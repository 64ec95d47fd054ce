"""Load: simulated visitors, each a real chromium page on the app served on 127.0.0.1.

30 visitors (6 with --quick) arrive evenly over 120 s (20 s): each opens the app, waits for a
usable stepper (or the busy page, when the kernel cap is reached), clicks next twice, reads
for a few seconds and closes the page. Bounded in visitors and in time (every wait has a
timeout); loopback only; the server is stopped at the end. Measured: time to a usable
stepper (p50, p95), errors (a page that neither became usable nor showed the busy page),
visitors sent to the busy page, peak memory of the whole server (Voila and its kernels), the
memory of one page's kernel, and the kernels of pages still alive 60 s after the last page
closed (the preheated kernel waiting in the pool is not a page's).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from typing import Any

from .common import REPO, not_available, percentile, row

APP = REPO / "notebooks" / "app.ipynb"
DB = REPO / "replays" / "sample.db"
USABLE = ".munchkin-next:not([disabled])"
BUSY = ".munchkin-busy"
AFTER_CLOSE = 60.0  # s: the kernels left this long after the last page closed
POOL = 1  # voila.json's default_pool_size


class MemorySampler:
    """Peak RSS of a process and its children, sampled every `every` seconds in a thread."""

    def __init__(self, pid: int, every: float = 0.5) -> None:
        self.pid, self.every, self.peak, self.peak_child = pid, every, 0.0, 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def total(self) -> float:
        import psutil

        try:
            root = psutil.Process(self.pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return 0.0
        rss = 0
        for proc in procs:
            try:
                one = proc.memory_info().rss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
            rss += one
            if proc is not root:  # a kernel
                self.peak_child = max(self.peak_child, one / 2**20)
        return rss / 2**20

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.peak = max(self.peak, self.total())

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)


async def visitor(browser: Any, url: str, delay: float, read: float, timeout: float) -> dict[str, Any]:
    """One visitor: (usable seconds | None, busy, error text)."""
    await asyncio.sleep(delay)
    context = await browser.new_context()
    page = await context.new_page()
    result: dict[str, Any] = {"usable": None, "busy": False, "error": ""}
    try:
        start = time.perf_counter()
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        ready = page.locator(f"{USABLE}, {BUSY}").first
        await ready.wait_for(state="visible", timeout=timeout * 1000)
        if await page.locator(BUSY).count():
            result["busy"] = True
            return result
        result["usable"] = time.perf_counter() - start
        for _ in range(2):
            await page.locator(USABLE).click(timeout=timeout * 1000)
        await asyncio.sleep(read)
    except Exception as error:
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
    finally:
        # the visitor leaves as a browser window closes: the page's beforeunload asks the server
        # to shut its kernel down (app_timing.leave); a bare context.close() leaves it to the cull
        with contextlib.suppress(Exception):
            async with page.expect_event("close", timeout=10_000):
                await page.close(run_before_unload=True)
        await context.close()
    return result


async def crowd(url: str, visitors: int, span: float, read: float, timeout: float) -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    from .app_timing import CHROMIUM, CHROMIUM_ARGS

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        try:
            gap = span / max(visitors, 1)
            pages = (visitor(browser, url, i * gap, read, timeout) for i in range(visitors))
            return list(await asyncio.gather(*pages))
        finally:
            await browser.close()


def kernel_rss(server: Any) -> list[float]:
    import psutil

    out = []
    for pid in server.kernel_pids():
        try:
            out.append(psutil.Process(pid).memory_info().rss / 2**20)
        except psutil.NoSuchProcess:
            continue
    return out


def run(quick: bool = False) -> list[dict[str, Any]]:
    import os

    from munchkin_nb.app import serve

    from .app_timing import CHROMIUM

    names = ("time to a usable stepper p50", "time to a usable stepper p95", "errors")
    if not os.access(CHROMIUM, os.X_OK):
        return [not_available("load", n, f"{CHROMIUM} missing (make chromium)") for n in names]
    visitors, span, read, timeout = (6, 20.0, 3.0, 60.0) if quick else (30, 120.0, 8.0, 90.0)
    with serve(notebook=APP, db=DB) as server:
        time.sleep(5)  # the pool's preheated kernel
        idle = sorted(kernel_rss(server))
        with MemorySampler(server.pid) as sampler:
            base = sampler.total()
            results = asyncio.run(crowd(server.url, visitors, span, read, timeout))
            closed = time.monotonic()
            peak, page_kernel = sampler.peak, sampler.peak_child
        time.sleep(max(0.0, AFTER_CLOSE - (time.monotonic() - closed)))
        left = max(0, len(server.kernel_pids()) - POOL)
        cap = "voila.json's max_kernels"
    usable = [r["usable"] for r in results if r["usable"] is not None]
    errors = [r["error"] for r in results if r["error"]]
    busy = sum(r["busy"] for r in results)
    note = f"{visitors} visitors over {span:.0f} s, each reading {read:.0f} s; the cap: {cap}"
    rows = [
        row("load", names[0], percentile(usable, 50) if usable else None, "s", note=note),
        row("load", names[1], percentile(usable, 95) if usable else None, "s"),
        row(
            "load",
            names[2],
            len(errors),
            "pages",
            target="0",
            ok=not errors,
            note="; ".join(errors[:3]),
            higher_is_better=False,
        ),
        row("load", "visitors sent to the busy page", busy, "pages", higher_is_better=False),
        row(
            "load",
            "peak memory of the server",
            peak,
            "MB",
            base,
            "the idle server with its preheated kernel",
            note="RSS of Voila and all its kernels, sampled every 0.5 s",
            higher_is_better=False,
        ),
        row(
            "load",
            "memory of a page's kernel (peak)",
            page_kernel,
            "MB",
            target="<= 80 MB",
            ok=page_kernel <= 80,
            note="largest RSS of one kernel while pages were open (their first screen drawn; the "
            "level timeline below it waits for a visitor who scrolls there)",
            higher_is_better=False,
        ),
        row(
            "load",
            "memory of a preheated app kernel",
            idle[-1] if idle else None,
            "MB",
            note="RSS of the kernel waiting in the pool (the app view built, before any page)",
            higher_is_better=False,
        ),
        row(
            "load",
            f"page kernels left {AFTER_CLOSE:.0f} s after the last page closed",
            left,
            "kernels",
            target="0",
            ok=left == 0,
            higher_is_better=False,
        ),
    ]
    return rows
