"""Kernels of closed pages go away, and the server's kernel count returns to where it started:
a page closed as a browser closes it has its kernel shut down on its own request at once; a page
whose goodbye never arrives (the browser vanished, the request was lost) has its kernel culled
once idle.

Voila does not expose the kernel list (``/api/kernels``) in standalone mode, so
the kernels are counted as the server's ipykernel child processes, and the server's log says
which kernel ended how. The test server gets short culling times on the command line (voila.json
keeps 45 s) and no preheated kernel, so that every kernel it runs is a page's.
"""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

# seconds: long enough for a loaded machine's page to connect to its kernel before the culler
# may count it idle (the games page waits for the visit's address to build its view)
CULL_IDLE = 10
CULL_INTERVAL = 1
BOUND = CULL_IDLE + 3 * CULL_INTERVAL + 15  # culling, shutdown, process exit, slack
STARTED = re.compile(r"Kernel started: ([0-9a-f-]{36})")


@pytest.fixture(scope="module")
def culling_server(start_app, sample_db):
    return start_app(
        db=sample_db,
        voila_args=[
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
            f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
            "--MappingKernelManager.cull_connected=False",
            # no preheated kernel waiting in a pool: every kernel counted here is a page's
            "--VoilaConfiguration.preheat_kernel=False",
        ],
    )


def wait_for_kernels(server, count, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(server.kernel_pids()) == count:
            return time.monotonic()
        time.sleep(0.25)
    raise AssertionError(f"{len(server.kernel_pids())} kernels after {timeout} s, expected {count}")


def open_app(browser, server):
    """(context, the page's kernel id): the games page open in a new context."""
    context = browser.new_context()
    page = context.new_page()
    since = len(server.log())
    page.goto(server.url)
    page.locator(".munchkin-game-picker select").wait_for(state="visible", timeout=60_000)
    (kernel,) = STARTED.findall(server.log()[since:])
    return context, kernel


def test_a_closed_pages_kernel_ends_on_its_request(culling_server, browser):
    server = culling_server
    wait_for_kernels(server, 0, BOUND)  # an earlier test's kernel may still be going
    context, kernel = open_app(browser, server)
    assert len(server.kernel_pids()) == 1
    context.close()  # as a browser window closes: the page's beforeunload asks for the shutdown
    wait_for_kernels(server, 0, BOUND)
    assert f"Kernel shutdown: {kernel}" in server.log()
    assert kernel not in "".join(re.findall(r"Culling .*", server.log())), "ended by the idle cull"


def test_a_vanished_pages_idle_kernel_is_culled(culling_server, browser):
    """A browser gone without a goodbye: no shutdown request, only the culler can end the kernel."""
    server = culling_server
    wait_for_kernels(server, 0, BOUND)
    context, kernel = open_app(browser, server)
    assert len(server.kernel_pids()) == 1
    closed = time.monotonic()
    context.vanish()
    released = wait_for_kernels(server, 0, BOUND)
    assert released - closed <= BOUND
    assert re.search(rf"Culling '\w+' kernel '[^']*' \({kernel}\)", server.log()), server.log()[-2000:]
