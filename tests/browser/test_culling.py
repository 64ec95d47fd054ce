"""Kernels of closed pages go away: the server's kernel count returns to where it started.

Voila does not expose the kernel list (``/api/kernels``) in standalone mode, so
the kernels are counted as the server's ipykernel child processes. The test
server gets short culling times on the command line (voila.json keeps 10 min).
"""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser

# seconds: long enough for a loaded machine's page to connect to its kernel before the culler
# may count it idle (the games page waits for the visit's address to build its view)
CULL_IDLE = 10
CULL_INTERVAL = 1
BOUND = CULL_IDLE + 3 * CULL_INTERVAL + 15  # culling, shutdown, process exit, slack


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


def open_app(browser, server, block_shutdown=False):
    context = browser.new_context()
    if block_shutdown:  # a browser that vanishes without saying goodbye
        context.route("**/api/shutdown/**", lambda route: route.abort())
        context.route(
            "**/api/kernels/*",
            lambda route: route.abort() if route.request.method == "DELETE" else route.continue_(),
        )
    page = context.new_page()
    page.goto(server.url)
    page.locator(".munchkin-game-picker select").wait_for(state="visible", timeout=60_000)
    return context


@pytest.mark.parametrize("block_shutdown", [False, True], ids=["page-closed", "shutdown-blocked"])
def test_closed_page_kernel_is_released(culling_server, browser, block_shutdown):
    server = culling_server
    wait_for_kernels(server, 0, BOUND)  # an earlier test's kernel may still be going
    start = len(server.kernel_pids())
    context = open_app(browser, server, block_shutdown)
    assert len(server.kernel_pids()) == start + 1
    closed = time.monotonic()
    context.close()
    released = wait_for_kernels(server, start, BOUND)
    assert released - closed <= BOUND


def test_idle_kernels_are_culled(culling_server, browser):
    """With the shutdown request blocked, only the culler can have ended the kernel."""
    server = culling_server
    wait_for_kernels(server, 0, BOUND)
    context = open_app(browser, server, block_shutdown=True)
    context.close()
    wait_for_kernels(server, 0, BOUND)
    assert "Culling kernel" in server.log()
