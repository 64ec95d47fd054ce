"""One page load in chromium with the memory of the kernel that page got.

``load_page`` opens a page in a fresh context, waits for its ready selector, reads the kernel id
Voila put into the page (``#jupyter-config-data``), and measures that kernel's RSS (the process
whose connection file names the id) a moment after the page is ready: the memory a visitor's
page costs the server, figures drawn. ``wait_for_pool`` waits until the preheated kernels are
there again (after a page took one), so that each timed load finds one as a visitor would.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

SETTLE = 2.0  # s after the page is ready before the kernel's memory is read


@dataclass
class PageLoad:
    seconds: float  # navigation start -> ready selector visible
    kernel_mb: float | None  # RSS of the page's kernel, None if it was not found


def kernel_rss_mb(server: Any, kernel_id: str) -> float | None:
    """RSS in MB of the server's kernel `kernel_id` (found by its connection file's name)."""
    import psutil

    for pid in server.kernel_pids():
        try:
            proc = psutil.Process(pid)
            if any(kernel_id in part for part in proc.cmdline()):
                return float(proc.memory_info().rss) / 2**20
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return None


def wait_for_pool(server: Any, pages: int, pool: int, timeout: float = 60.0, idle_for: float = 3.0) -> None:
    """Until the server runs `pages` + `pool` kernels and none of them has used CPU for `idle_for`
    seconds (a preheated kernel has run its notebook up to the wait for a visitor)."""
    import psutil

    deadline = time.monotonic() + timeout
    quiet_since = None
    last: dict[int, float] = {}
    while time.monotonic() < deadline:
        pids = server.kernel_pids()
        busy = len(pids) < pages + pool
        for pid in pids:
            try:
                t = sum(psutil.Process(pid).cpu_times()[:2])
            except psutil.NoSuchProcess:
                busy = True
                continue
            if last.get(pid) != t:
                busy = True
            last[pid] = t
        now = time.monotonic()
        if busy:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= idle_for:
            return
        time.sleep(0.5)


def load_page(
    server: Any,
    url: str,
    ready: str,
    *,
    browser: Any,
    then: str | None = None,
    scroll_to: str | None = None,
    timeout: float = 60.0,
) -> PageLoad:
    """Open `url` in a fresh context, time it until `ready` shows, wait for `then` too (what the
    page draws after it, untimed; scrolled to `scroll_to` first), read the page's kernel
    memory, close."""
    from .app_timing import leave, scroll_into_view, timed_goto

    context = browser.new_context()
    page = context.new_page()
    try:
        seconds = timed_goto(page, url, ready, timeout)
        if then:
            if scroll_to:
                scroll_into_view(page, scroll_to, timeout)
            page.locator(then).first.wait_for(state="visible", timeout=timeout * 1000)
        config = json.loads(page.locator("#jupyter-config-data").first.text_content() or "{}")
        time.sleep(SETTLE)
        kernel = kernel_rss_mb(server, str(config.get("kernelId", ""))) if config.get("kernelId") else None
    finally:
        leave(context)
    return PageLoad(seconds, kernel)
